"""What changed between two card documents: ``nrdeck data compare OLD NEW``, and the report of
``nrdeck data build --report`` (the document at ``--out`` before and after the build)."""

from __future__ import annotations

from pathlib import Path

from nrdeck.app.data import BuildOutcome, build_snapshot
from nrdeck.app.inputs.cards import load_bundled
from nrdeck.app.inputs.files import require_file
from nrdeck.cards.bundled import rule_tables
from nrdeck.cards.document import load_file
from nrdeck.catalog import CardDB
from nrdeck.errors import DataUnavailableError
from nrdeck.results.datachanges import DataChanges
from nrdeck.rules.datahealth import compare_data


def compare_documents(before: Path, after: Path) -> DataChanges:
    """What changed from the card document ``before`` to ``after`` (files from ``data build``
    or a cache)."""
    for path in (before, after):
        require_file(path, "a card data file from 'nrdeck data build'")
    return compare_data(_load(before), _load(after))


def build_with_report(
    source_dir: Path, out: Path, dataset_date: str | None = None
) -> tuple[BuildOutcome, DataChanges]:
    """``data build``, and what changed from the document ``out`` held before (the bundled
    snapshot when there was none, or it could not be read)."""
    try:
        before = _load(out)
    except DataUnavailableError:  # none yet, or unreadable: what a check would use instead
        before = load_bundled()
    built = build_snapshot(source_dir, out, dataset_date)
    return built, compare_data(before, _load(out), built.warnings)


def _load(path: Path) -> CardDB:
    return load_file(path, "file", rule_tables())
