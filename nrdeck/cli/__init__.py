"""The Typer application: wiring only. Each command module registers itself.

``nrdeck.cli.app`` has every command. The console script builds an app with only the
command being run, so Typer inspects one command's signature instead of every command's. For
the same reason the CLI modules do not use ``from __future__ import annotations``: Typer
resolves every parameter's annotation when it builds a command, and string annotations cost
an ``eval`` each. Both are start-up rules (docs/design/startup.md says what each saves).

``main`` is the console script's entry point; ``app`` (built on first use), ``build_app`` and
``command_words`` serve the tests.
"""

import importlib
import sys
from collections.abc import Sequence
from typing import Annotated, Any

import typer

from nrdeck._version import __version__
from nrdeck.cli.state import RunState
from nrdeck.cli.streams import run_guarded, write_text
from nrdeck.collector import paused_then_frozen

__all__ = ["app", "build_app", "command_words", "main"]

# command name -> the nrdeck.cli module whose register() adds it
COMMAND_MODULES: dict[str, str] = {
    "check": "check",
    "stats": "check",
    "convert": "convert",
    "data": "data",
    "diff": "diff",
    "event": "event",
    "simulate": "simulate",
    "timeline": "timeline",
    "card": "card",
    "serve": "serve",
}


def _version(value: bool) -> None:
    if value:
        write_text(f"nrdeck {__version__}\n")
        raise typer.Exit(0)


def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", "-V", callback=_version, is_eager=True, help="Show the version and exit."
        ),
    ] = False,
    debug: Annotated[bool, typer.Option("--debug", help="Tracebacks for internal errors.")] = False,
) -> None:
    """nrdeck: Netrunner deck checks."""
    RunState.debug = debug


def build_app(words: Sequence[str] = (), *, commands: bool = True) -> typer.Typer:
    """The app with every command, or only the command that ``words`` names.

    ``words`` are the command line's leading positional words (``["data", "status"]``); each
    command module registers just what they name, or everything when they name nothing it
    knows (so a mistyped command still gets click's suggestions).
    """
    app = typer.Typer(
        name="nrdeck",
        help="Check Android: Netrunner decks against construction rules, card pools and ban "
        "lists on any date; manage card data; simulate draws.",
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        add_completion=True,
        # plain help, as ruff, pip and pre-commit print it: -h too, one metavar style
        rich_markup_mode=None,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    app.callback()(_root)
    if not commands:  # -V alone: the version needs no command's module
        return app
    wanted = COMMAND_MODULES.get(words[0]) if words else None
    names = [wanted] if wanted else list(dict.fromkeys(COMMAND_MODULES.values()))
    with paused_then_frozen():  # the command's modules live as long as the run
        modules = [importlib.import_module(f"nrdeck.cli.{name}") for name in names]
    for module in modules:
        module.register(app, words if wanted else ())
    return app


def command_words(argv: Sequence[str]) -> list[str]:
    """The first two arguments that are not options: the command and maybe a subcommand."""
    return [arg for arg in argv if not arg.startswith("-")][:2]


_FULL_APP: list[typer.Typer] = []


def __getattr__(name: str) -> Any:
    if name == "app":
        if not _FULL_APP:
            _FULL_APP.append(build_app())
        return _FULL_APP[0]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    """Console-script entry point: the command run as ``streams.run_guarded`` runs it."""
    argv = sys.argv[1:]
    words = command_words(argv)
    version = not words and bool({"-V", "--version"} & set(argv))
    run_guarded(lambda: build_app(words, commands=not version)(prog_name="nrdeck"))
