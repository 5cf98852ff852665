"""Use case: check decks. Expand DECK arguments, load card data once, check every deck.

One unreadable or unreachable deck never stops the others: it becomes that deck's outcome.
No Typer, no console here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import msgspec

from nrdeck.app.carddata import DataSettings, load_database
from nrdeck.app.decks import DeckSettings, obtain_deck
from nrdeck.app.remote import DEFAULT_JOBS, Fetched, prefetch
from nrdeck.app.sources import expand_specs
from nrdeck.carddb import CardDB
from nrdeck.decklist import INPUT_FORMATS
from nrdeck.errors import RemoteDeckError, UsageError
from nrdeck.problems import Location, Problem
from nrdeck.results.check import CheckReport, DeckOutcome
from nrdeck.rules import InForce, Selection, check_deck, select

UNAVAILABLE_CODE = "deck-unavailable"


class CheckOptions(msgspec.Struct, frozen=True):
    """What to check against (the selection), where card data comes from, how to read decks."""

    data: DataSettings
    selection: Selection
    input_format: str | None = None
    stdin_text: str | None = None
    jobs: int = DEFAULT_JOBS  # remote decks fetched at once

    def deck_settings(self) -> DeckSettings:
        """The decklist loader's settings."""
        return DeckSettings.from_data(
            self.data, input_format=self.input_format, stdin_text=self.stdin_text
        )


class CheckRun(msgspec.Struct, frozen=True):
    """The report of one run and the warnings met while loading card data."""

    report: CheckReport
    warnings: tuple[str, ...] = ()


def check_decks(specs: Sequence[str], options: CheckOptions) -> CheckRun:
    """Check every deck the arguments name, against what is in force."""
    validate_input_format(options.input_format)
    sources = expand_specs(specs, exclude=options.data.data_file)
    db, in_force = prepare(options.data, options.selection)
    settings = options.deck_settings()
    fetched = prefetch(sources, db, settings, jobs=options.jobs)
    outcomes = tuple(check_source(s, db, in_force, settings, fetched) for s in sources)
    report = CheckReport(outcomes=outcomes, data=db.info, period=in_force.period)
    return CheckRun(report=report, warnings=db.info.warnings)


def prepare(data: DataSettings, selection: Selection) -> tuple[CardDB, InForce]:
    """Load card data once and select what is in force once."""
    db = load_database(data)
    return db, select(db, selection)


def check_source(
    source: str,
    db: CardDB,
    in_force: InForce,
    settings: DeckSettings,
    fetched: Mapping[str, Fetched] | None = None,
) -> DeckOutcome:
    """Load (or take from ``fetched``) and check one deck; an unobtainable one is unavailable."""
    try:
        loaded = (fetched or {}).get(source) or obtain_deck(source, db, settings)
        if isinstance(loaded, RemoteDeckError):
            raise loaded
    except RemoteDeckError as err:
        return unavailable(source, err.one_line())
    result = check_deck(loaded.deck, db, in_force)
    return DeckOutcome(source=source, result=result, cached=loaded.cached)


def unavailable(source: str, message: str) -> DeckOutcome:
    """The outcome of a deck that could not be obtained (exit 3 unless another is illegal)."""
    problem = Problem(UNAVAILABLE_CODE, message, location=Location(source))
    return DeckOutcome(source=source, problems=(problem,), unavailable=True)


def validate_input_format(input_format: str | None) -> None:
    """A usage error for an input format no parser reads."""
    if input_format is not None and input_format not in INPUT_FORMATS:
        raise UsageError(
            f"unknown input format {input_format!r}",
            hint="valid: " + ", ".join(INPUT_FORMATS),
        )
