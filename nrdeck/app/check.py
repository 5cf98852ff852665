"""Use case: check decks. Expand DECK arguments, load card data once, check every deck.

One unreadable or unreachable deck never stops the others: it becomes a result with a
problem. No Typer, no console, no environment here; ``today`` is read from the clock.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from nrdeck.carddb import CardDB, DataInfo
from nrdeck.errors import ExitCode, RemoteDeckError, UsageError
from nrdeck.problems import Location, Problem
from nrdeck.report.model import UNAVAILABLE_CODE, Report, is_unavailable
from nrdeck.result import CheckResult, DeckStats

if TYPE_CHECKING:
    from nrdeck.app.carddata import DataSettings
    from nrdeck.app.decks import DeckSettings
    from nrdeck.rules.inforce import InForce

DECK_SUFFIXES = frozenset({".txt", ".deck", ".o8d", ".json", ".md"})
_GLOB_CHARS = frozenset("*?[")
STDIN = "-"


class CheckOptions(msgspec.Struct, frozen=True):
    """What to check against and how to read decks."""

    data: DataSettings
    format_id: str = "standard"
    as_of: dt.date | None = None
    snapshot_id: str | None = None
    banlist_id: str | None = None
    format_file: Path | None = None
    input_format: str | None = None
    stdin_text: str | None = None
    today: dt.date | None = None  # None: the clock's date


class CheckRun(msgspec.Struct, frozen=True):
    """The results of one run, the card data used, and its warnings."""

    results: tuple[CheckResult, ...]
    data: DataInfo
    warnings: tuple[str, ...] = ()

    @property
    def report(self) -> Report:
        """What reporters render."""
        return Report(results=self.results, data=self.data)

    @property
    def exit_code(self) -> ExitCode:
        """1 if any deck is illegal, else 3 if a remote deck was unavailable, else 0."""
        if any(not r.legal and not is_unavailable(r) for r in self.results):
            return ExitCode.ILLEGAL
        if any(is_unavailable(r) for r in self.results):
            return ExitCode.UNAVAILABLE
        return ExitCode.OK


def check_decks(specs: Sequence[str], options: CheckOptions) -> CheckRun:
    """Check every deck the arguments name, against what is in force."""
    _validate_input_format(options.input_format)
    sources = expand_specs(specs, exclude=options.data.data_file)
    db, in_force = prepare(options)
    settings = deck_settings(options)
    results = tuple(check_one(source, db, in_force, settings) for source in sources)
    return CheckRun(results=results, data=db.info, warnings=db.info.warnings)


def prepare(options: CheckOptions) -> tuple[CardDB, InForce]:
    """Load card data once and select what is in force once."""
    from nrdeck.app.carddata import load_database
    from nrdeck.rules import select

    db = load_database(options.data)
    in_force = select(
        db,
        options.format_id,
        today=options.today or dt.date.today(),
        as_of=options.as_of,
        snapshot_id=options.snapshot_id,
        banlist_id=options.banlist_id,
        format_file=options.format_file,
    )
    return db, in_force


def check_one(source: str, db: CardDB, in_force: InForce, settings: DeckSettings) -> CheckResult:
    """Load and check one deck; a remote failure becomes a ``deck-unavailable`` result."""
    from nrdeck.app.decks import load_deck
    from nrdeck.rules import check_deck

    try:
        deck = load_deck(source, db, settings)
    except RemoteDeckError as err:
        return unavailable(source, err.one_line(), in_force)
    return check_deck(deck, db, in_force)


def deck_settings(options: CheckOptions) -> DeckSettings:
    """The decklist loader's settings from the check options."""
    from nrdeck.app.decks import DeckSettings

    return DeckSettings.from_data(
        options.data, input_format=options.input_format, stdin_text=options.stdin_text
    )


def unavailable(source: str, message: str, in_force: InForce) -> CheckResult:
    """The result for a deck that could not be obtained."""
    from nrdeck.deck import Deck

    problem = Problem(UNAVAILABLE_CODE, message, location=Location(source))
    return CheckResult(
        deck=Deck(source=source, name=None, identity=None, entries=()),
        identity_id=None,
        identity_title=None,
        side=None,
        period=in_force.period,
        stats=DeckStats(cards=0, min_cards=None, influence_spent=0, influence_limit=None),
        problems=(problem,),
    )


def _validate_input_format(input_format: str | None) -> None:
    if input_format is None:
        return
    from nrdeck.decklist import INPUT_FORMATS

    if input_format not in INPUT_FORMATS:
        raise UsageError(
            f"unknown input format {input_format!r}",
            hint="valid: " + ", ".join(INPUT_FORMATS),
        )


# -- expanding DECK arguments ---------------------------------------------------------
def expand_specs(specs: Sequence[str], exclude: Path | None = None) -> list[str]:
    """Files, directories (recursively), globs, links/UUIDs and '-' -> deck sources.

    Duplicates are dropped (first occurrence kept); the pinned card data file named by
    ``exclude`` is never taken for a deck. A spec that names nothing is a usage error.
    """
    from nrdeck.app.decks import is_remote

    if not specs:
        raise UsageError("no decks given", hint="name deck files, folders, links, or '-'")
    skip = _resolved(exclude) if exclude else None
    seen: dict[str, None] = {}
    for spec in specs:
        if not spec.strip():
            raise UsageError("an empty DECK argument", hint="name a file, folder, link or '-'")
        if spec == STDIN or is_remote(spec):
            seen.setdefault(spec, None)
            continue
        for path in _paths_of(spec):
            if skip is None or _resolved(path) != skip:
                seen.setdefault(path, None)
    return list(seen)


def _paths_of(spec: str) -> list[str]:
    path = Path(spec)
    if path.is_dir():
        found = sorted(_deck_files(path))
        if not found:
            raise UsageError(
                f"{spec}: no decklists in this folder",
                hint="deck files end in " + ", ".join(sorted(DECK_SUFFIXES)),
            )
        return found
    if path.exists():
        return [spec]
    if not (_GLOB_CHARS & set(spec)):
        raise UsageError(f"{spec}: no such file or folder", hint="check the path")
    import glob

    matches = sorted(glob.glob(spec, recursive=True))
    files = [m for m in matches if Path(m).is_file()]
    if not files:
        raise UsageError(f"{spec}: no file matches this pattern", hint="check the pattern")
    return files


def _deck_files(folder: Path) -> Iterator[str]:
    for root, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in files:
            if _is_deck_like(name):
                yield os.path.join(root, name)


def _is_deck_like(name: str) -> bool:
    """A visible file with a decklist suffix that is not a README."""
    if name.startswith(".") or name.upper().startswith("README"):
        return False
    return Path(name).suffix.lower() in DECK_SUFFIXES


def _resolved(path: Path | str) -> Path:
    try:
        return Path(path).resolve()
    except OSError:
        return Path(path)
