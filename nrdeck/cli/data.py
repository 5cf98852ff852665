"""`nrdeck data …`: card data commands."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from nrdeck.cli.common import DataOpt, handles_errors, make_console

data_app = typer.Typer(help="Card data: build, import, update, status, path, clear.")


@data_app.command("build")
@handles_errors
def build(
    source: Annotated[
        Path, typer.Option("--from", help="A netrunner-cards-json folder.", file_okay=False)
    ],
    out: Annotated[Path, typer.Option("--out", help="Where to write the snapshot.")],
    date: Annotated[
        str | None, typer.Option("--date", help="Dataset date, if the folder does not say.")
    ] = None,
) -> None:
    """Build a deterministic facts-only card snapshot from a netrunner-cards-json folder."""
    from nrdeck.app.data import build_snapshot

    size = build_snapshot(source, out, date)
    make_console(stderr=True).print(f"wrote {out} ({size:,} bytes)")


@data_app.command("status")
@handles_errors
def status(data: DataOpt = None) -> None:
    """Show which card data is in use, its source, date and counts."""
    from nrdeck.app.carddata import load_database
    from nrdeck.cli.common import data_settings

    db = load_database(data_settings(data=data))
    console = make_console()
    console.print(f"card data: {db.info.describe()}")
    for name, count in db.counts().items():
        console.print(f"  {name}: {count}")


def register(app: typer.Typer) -> None:
    """Add `data` to the app."""
    app.add_typer(data_app, name="data")
