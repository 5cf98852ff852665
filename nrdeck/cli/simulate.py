"""The `simulate` command (wired in by its own issue)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
