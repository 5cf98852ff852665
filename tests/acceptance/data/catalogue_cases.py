"""What the catalogue tests share: the decks, a pinned copy of the bundled data, a cache and
a bundled data folder holding it, running a command, and a catalogue's rows."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from nrdeck.cards.bundled import bundled_titles_path, data_dir, snapshot_path
from nrdeck.cards.cache import Cache, CacheMeta
from nrdeck.cards.document import decode, decode_titles, write_catalogue
from nrdeck.catalog import catalogue_path
from nrdeck.cli import app
from tests.paths import EXAMPLES, FIXTURES, SNAPSHOT_DATE

runner = CliRunner()
DECKS = sorted(
    str(p) for folder in (EXAMPLES, FIXTURES) for p in folder.rglob("*.txt") if p.is_file()
)
Outcome = tuple[int, dict[str, Any], str]


def contents(catalogue: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table of a catalogue (and what its header says it is)."""
    connection = sqlite3.connect(f"{catalogue.absolute().as_uri()}?mode=ro", uri=True)
    try:
        names = [row[0] for row in connection.execute("SELECT name FROM sqlite_master")]
        found = {name: connection.execute(f"SELECT * FROM {name}").fetchall() for name in names}
        for pragma in ("application_id", "user_version"):
            found[pragma] = connection.execute(f"PRAGMA {pragma}").fetchall()
        found["schema"] = connection.execute("SELECT sql FROM sqlite_master").fetchall()
    finally:
        connection.close()
    return found


def pinned(folder: Path) -> Path:
    """A copy of the bundled snapshot with its titles and catalogue, as a --data file."""
    folder.mkdir(parents=True)
    for path in (snapshot_path(), bundled_titles_path(), catalogue_path(snapshot_path())):
        shutil.copy(path, folder / path.name)
    return folder / snapshot_path().name


def bundled_copy(folder: Path) -> Path:
    """A copy of nrdeck's bundled data folder (patch ``data_dir`` to use it)."""
    shutil.copytree(data_dir(), folder)
    return folder


def cache_of_bundled(folder: Path) -> Path:
    """A cache holding the bundled snapshot, its titles and its catalogue, as ``data import``
    writes them (its date the bundled one's: the cache is in use)."""
    payload = snapshot_path().read_bytes()
    doc = decode(payload, "the bundled snapshot")
    titles = bundled_titles_path().read_bytes()
    titles_doc = decode_titles(titles, "the bundled titles")
    meta = CacheMeta(
        source="netrunner-cards-json",
        url=None,
        fetched_at=f"{SNAPSHOT_DATE}T12:00:00+00:00",
        sha256="",
        document="",
        dataset_date=SNAPSHOT_DATE,
    )
    cache = Cache(folder)
    cache.ensure_writable()
    cache.store(payload, meta, titles, lambda path: write_catalogue(path, payload, doc, titles_doc))
    return folder


def cache_catalogue(folder: Path) -> Path:
    """The catalogue of the document a cache's sidecar names."""
    meta = json.loads((folder / "v1" / "meta.json").read_text(encoding="utf-8"))
    return catalogue_path(folder / "v1" / meta["document"])


def run(*args: str) -> tuple[int, str, str]:
    """A command run in-process: its exit code, standard output and standard error."""
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output, result.output
    return result.exit_code, result.stdout, result.stderr


def check(*args: str) -> Outcome:
    """``check --offline --output-format json``: exit code, the JSON, standard error."""
    code, out, err = run("check", *args, "--offline", "--output-format", "json")
    assert code in (0, 1), err
    return code, json.loads(out), err
