"""The Typer application: wiring only. Each command module registers itself."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from nrdeck import __version__
from nrdeck.cli import check, convert, data, event, simulate
from nrdeck.cli.common import RunState

app = typer.Typer(
    name="nrdeck",
    help="Check Android: Netrunner decks against construction rules, card pools and ban "
    "lists on any date; manage card data; simulate draws.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=True,
)


def _version(value: bool) -> None:
    if value:
        sys.stdout.write(f"nrdeck {__version__}\n")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version."),
    ] = False,
    debug: Annotated[bool, typer.Option("--debug", help="Tracebacks for internal errors.")] = False,
) -> None:
    """nrdeck: Netrunner deck checks."""
    RunState.debug = debug


for _module in (data, check, convert, event, simulate):
    _module.register(app)


def main() -> None:
    """Console-script entry point."""
    app(prog_name="nrdeck")
