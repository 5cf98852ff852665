"""The `nrdeck data` command line against the small NetrunnerDB v3 lookalike: shared helpers."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner, Result

from nrdeck.cli import app

runner = CliRunner()


def nrdeck(*args: str) -> Result:
    """Run the command line in-process."""
    return runner.invoke(app, list(args))


def update(cache: Path, url: str, *extra: str) -> Result:
    """`nrdeck data update` into ``cache`` from ``url``."""
    return nrdeck("data", "update", "--cache-dir", str(cache), "--api-url", url, *extra)


def first_update(cache: Path, url: str) -> Result:
    """Fill an empty cache from the small lookalike: far fewer cards than the bundled data."""
    return update(cache, url, "--force")


def snapshot(cache: Path) -> dict[str, bytes]:
    """The cache's card-data files and their bytes."""
    return {p.name: p.read_bytes() for p in sorted((cache / "v1").glob("*.json"))}


def assert_fails_cleanly(result: Result, cache: Path, before: dict[str, bytes], url: str) -> None:
    """Exit 3, one line naming ``url``, and the previous cache still the one in use."""
    assert result.exit_code == 3, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"nrdeck: error: {url}")
    assert "'nrdeck data update'" in lines[0]  # what to do
    assert snapshot(cache) == before
    status = nrdeck("data", "status", "--cache-dir", str(cache))
    assert status.exit_code == 0
    assert "NetrunnerDB v3 API" in status.stdout and "cards: 7" in status.stdout


def timeline(text: str) -> dict[str, list[tuple[str, str]]]:
    """`data periods`' text as its periods: each heading ('startup_9: from … until …') with
    its lines as (what, said) pairs ('ban list', 'Startup Balance Update 26.03 (…)')."""
    found = {}
    for block in text.split("\n\n")[1:]:
        heading, *lines = block.splitlines()
        found[heading] = [(k.strip(), v) for k, v in (ln.split(": ", 1) for ln in lines)]
    return found


def status_said(text: str) -> dict[str, str]:
    """`data status`' text as {what: said}: 'card data', 'cards', 'standard', …"""
    pairs = (line.strip().split(": ", 1) for line in text.splitlines() if ": " in line)
    return {what: said for what, said in pairs}
