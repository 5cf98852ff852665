"""The ``event`` use case: options in, a run out (its report, and the files it produces).

The rosters are read, the card data loaded and the date chosen here, never by the command
line; the players' messages and the printable decklists are outputs of the run, which the
command line writes where the organiser asked.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import msgspec

from nrdeck.app.check import Failures
from nrdeck.app.event.cobra import CobraRequest, cobra_access, cobra_choice
from nrdeck.app.event.cobra_players import match_players, with_players
from nrdeck.app.event.decks import EventProgress
from nrdeck.app.event.files import parse_columns, sheets_document
from nrdeck.app.event.run import EventSettings, run_event
from nrdeck.app.inputs.cards import DataSettings, load_database
from nrdeck.app.inputs.decks import DeckSettings
from nrdeck.app.inputs.options import SelectionOptions
from nrdeck.app.inputs.remote import DEFAULT_JOBS
from nrdeck.app.inputs.roster import read_roster
from nrdeck.app.inputs.selection import chosen
from nrdeck.catalog import CardDB
from nrdeck.cobra import fetch_tournament
from nrdeck.errors import UsageError
from nrdeck.report.event.messages import render_messages
from nrdeck.results.event import EventReport
from nrdeck.roster import ReadOptions


class EventOptions(msgspec.Struct, frozen=True):
    """Everything ``nrdeck event`` was asked: the roster, what is in force, what to produce.

    ``sheets_for``: the event's name when printable decklists are wanted (the Cobra
    tournament's name when it was not given); ``messages``: make one message per player who
    must act; ``cobra``: take the settings from a Cobra tournament and compare its players.
    The rest are the organiser's choices (``EventSettings``).
    """

    roster: Path
    data: DataSettings
    selection: SelectionOptions
    changed_since: str | None = None
    cardpool_up_to: str | None = None
    allow_outside: bool = False
    sort: str = "status"
    jobs: int = DEFAULT_JOBS
    roster_format: str | None = None
    columns: str | None = None  # --columns 'player="Name",corp="…",runner="…"'
    compare_with: Path | None = None
    sheets_for: str | None = None
    messages: bool = False
    language: str | None = None  # the printed sheets' card titles (--lang)
    cobra: CobraRequest | None = None
    sheets_named: bool = True  # False: ``sheets_for`` is only the roster's name


class EventRun(msgspec.Struct, frozen=True):
    """One event run: the report, and the warnings, failures and files that go with it.

    ``sheets``: the printable decklists (HTML); ``messages``: file name -> Markdown text.
    """

    report: EventReport
    warnings: tuple[str, ...] = ()
    failures: tuple[str, ...] = ()
    sheets: str | None = None
    messages: dict[str, str] = {}


def event_run(options: EventOptions, progress: EventProgress | None = None) -> EventRun:
    """Read the rosters, load the card data, check every registration, make what was asked.

    With ``cobra``, the tournament is read once the rosters are, before any deck is fetched:
    when Cobra cannot be asked, nothing is checked.
    """
    if options.language is not None and options.sheets_for is None:
        raise UsageError("--lang prints card titles on sheets only", hint="--output-format sheets")
    roster = read_roster(
        options.roster, ReadOptions(columns=parse_columns(options.columns)), options.roster_format
    )
    other = read_roster(options.compare_with) if options.compare_with is not None else None
    access = cobra_access(options.data)
    tournament = fetch_tournament(options.cobra.settings, access) if options.cobra else None
    db = load_database(options.data)
    today = dt.date.today()  # the default date (without --as-of, or a date from Cobra)
    selection, cardpool_up_to = options.selection, options.cardpool_up_to
    choice = match = None
    if tournament is not None and options.cobra is not None:
        choice = cobra_choice(tournament, options.cobra, selection, cardpool_up_to, db, today)
        selection, cardpool_up_to = choice.selection, choice.cardpool_up_to
        match = match_players(roster, tournament.players, tournament.id)
        roster = match.roster
    settings = EventSettings(
        selection=chosen(selection, today),
        changed_since=options.changed_since,
        cardpool_up_to=cardpool_up_to,
        allow_outside=options.allow_outside,
        sort=options.sort,
        jobs=options.jobs,
    )
    failures = Failures()

    deck_settings = DeckSettings.from_data(options.data)
    report = run_event(roster, db, settings, deck_settings, progress, other, failures.keep)
    if choice is not None and match is not None:
        report = with_players(report, choice.event, match)
    sheets_for = options.sheets_for
    if sheets_for is not None and tournament is not None and not options.sheets_named:
        sheets_for = tournament.name
    said = [f"Cobra: {w.message}" for w in report.cobra.warnings] if report.cobra else []
    fetching = (*access.warnings.since(), *deck_settings.warnings.since())  # damaged cached copies
    return EventRun(
        report=report,
        warnings=(*roster.warnings, *fetching, *db.info.warnings, *said),
        failures=failures.tracebacks,
        sheets=_sheets(report, db, sheets_for, options.language),
        messages=render_messages(report) if options.messages else {},
    )


def _sheets(report: EventReport, db: CardDB, event: str | None, language: str | None) -> str | None:
    """The printable decklists of ``event``, when asked for (card titles in ``language``)."""
    if event is None:
        return None
    return sheets_document(report, db, event, language or "en")
