"""Use cases behind ``nrdeck serve``: check one deck a visitor gives, what is in force, and the
settings an event fixes for every visitor.

No web framework here (``nrdeck.web`` is the front door, as ``nrdeck.cli`` is for the terminal).
A request never reaches the file system: a deck is decklist text or a NetrunnerDB link, fetched
through the one HTTP layer, and links can be refused. The card data is loaded once and shared
read-only; when the cache or the ``--data`` file changes, the new data is loaded whole, then
swapped in, so a request is checked against one dataset or the other, never half of one.
"""

from __future__ import annotations

import datetime as dt
import threading
import time
from collections.abc import Callable
from functools import lru_cache

import msgspec

from nrdeck.app.check import check_text, read_and_check, validate_input_format
from nrdeck.app.event.cobra import CobraRequest, cobra_access, cobra_choice
from nrdeck.app.history import HistoryOptions, timeline_of
from nrdeck.app.inputs.cards import DataSettings, data_stamp, load_database
from nrdeck.app.inputs.decks import DeckSettings
from nrdeck.app.inputs.options import SelectionOptions
from nrdeck.app.inputs.selection import chosen
from nrdeck.app.inputs.sources import RemoteSource
from nrdeck.app.periods import period_in_force
from nrdeck.catalog import CardDB
from nrdeck.cobra import fetch_tournament
from nrdeck.decklist.deck_ref import link_advice, looks_like_link, parse_deck_ref
from nrdeck.errors import UsageError
from nrdeck.results.check import CheckReport, DeckOutcome
from nrdeck.results.history import DeckTimeline
from nrdeck.results.periods import FormatPeriod
from nrdeck.rules import InForce, select
from nrdeck.rules.calendar import check_tier
from nrdeck.rules.event import limit_pool

MAX_DECK_CHARS = 1024 * 1024  # the decklist file cap
RECHECK_SECONDS = 5.0  # how often the card data's source is looked at for a new dataset
MAX_SELECTIONS = 256  # (database, day, settings) whose selection is kept
BugHook = Callable[[str, BaseException], None]


class ServedEvent(msgspec.Struct, frozen=True):
    """The event a server checks decks for: what it fixes for every visitor (``serve
    --cobra`` or the options), and how the page says it: 'Checking for <event>, <date>:
    Standard, <list>, competitive'. (``nrdeck event``'s own are ``EventSettings``.)"""

    selection: SelectionOptions
    name: str | None = None  # the tournament's name, with --cobra
    url: str | None = None
    cardpool_up_to: str | None = None


class ServeSettings(msgspec.Struct, frozen=True):
    """How the server reads card data and decks."""

    data: DataSettings
    event: ServedEvent | None = None
    links: bool = True  # NetrunnerDB links allowed (--no-links refuses them)


class DeckRequest(msgspec.Struct, frozen=True):
    """One deck to check and, outside an event, what to check it against."""

    deck: str
    format_id: str = "standard"
    as_of: dt.date | None = None
    tier: str = "casual"
    banlist_id: str | None = None
    input_format: str | None = None
    name: str = "pasted decklist"


class CardData:
    """The card database shared by every request, swapped whole when its source changes."""

    def __init__(self, settings: DataSettings, clock: Callable[[], float] = time.monotonic):
        self._settings = settings
        self._clock = clock
        self._lock = threading.Lock()
        self._stamp = self._source_stamp()
        self._db = load_database(settings)
        self._looked = clock()

    def current(self) -> CardDB:
        """The database in use: a new one, loaded whole, when the source changed."""
        if self._clock() - self._looked < RECHECK_SECONDS:
            return self._db
        with self._lock:
            self._looked = self._clock()
            stamp = self._source_stamp()
            if stamp != self._stamp:
                fresh = load_database(self._settings)  # whole, before anyone sees it
                self._db, self._stamp = fresh, stamp
        return self._db

    def _source_stamp(self) -> bytes | None:
        return data_stamp(self._settings)


class CheckService:
    """Checks the decks of a server's visitors against one shared card database."""

    def __init__(self, settings: ServeSettings, today: Callable[[], dt.date] = dt.date.today):
        self.settings = settings
        self.cards = CardData(settings.data)
        self._today = today
        self._selected = lru_cache(maxsize=MAX_SELECTIONS)(self._select)

    def today(self) -> dt.date:
        """The date checked by default (the server's clock)."""
        return self._today()

    def check(self, request: DeckRequest, on_bug: BugHook | None = None) -> CheckReport:
        """The report ``check --output-format json`` gives for this one deck."""
        deck = request.deck
        if len(deck) > MAX_DECK_CHARS:
            raise UsageError("the decklist is larger than 1 MiB", hint="paste one deck at a time")
        if not deck.strip():
            raise UsageError("the decklist is empty", hint="paste a decklist or a NetrunnerDB link")
        validate_input_format(request.input_format)
        db = self.cards.current()
        in_force = self.in_force(db, request)
        outcome = self._outcome(deck, request, db, in_force, on_bug)
        return CheckReport(outcomes=(outcome,), data=db.info, period=in_force.period)

    def _outcome(
        self,
        deck: str,
        request: DeckRequest,
        db: CardDB,
        in_force: InForce,
        on_bug: BugHook | None,
    ) -> DeckOutcome:
        ref = parse_deck_ref(deck) if len(deck) < 300 else None
        if ref is None and looks_like_link(deck):
            advice = link_advice(deck)
            raise UsageError(advice.message, hint=advice.hint)
        if ref is None:
            return check_text(deck, request.name, db, in_force, request.input_format, on_bug)
        if not self.settings.links:
            raise UsageError(
                "this server does not fetch NetrunnerDB links",
                hint="paste the decklist's text instead (NetrunnerDB: Download, Text file)",
            )
        settings = DeckSettings.from_data(self.settings.data, input_format=request.input_format)
        return read_and_check(RemoteSource(ref, deck.strip()), db, in_force, settings, on_bug)[0]

    def in_force(self, db: CardDB, request: DeckRequest) -> InForce:
        """What is in force for the request (an event's settings, whatever it asks), kept
        per database, day and settings."""
        check_tier(request.tier)
        return self._selected(db, self._today(), self.options_for(request))

    def _select(self, db: CardDB, today: dt.date, options: SelectionOptions) -> InForce:
        """What is in force (an lru_cache of ``MAX_SELECTIONS``: most requests ask what the
        day's first asked, and visitors asking for every date and list of the calendar keep
        at most that many, each with its lookups)."""
        found = select(db, chosen(options, today))
        event = self.settings.event
        if event is not None and event.cardpool_up_to:
            found = limit_pool(db, found, event.cardpool_up_to)[0]
        return found

    def options_for(self, request: DeckRequest) -> SelectionOptions:
        """The event's settings, or the request's; a request contradicting an event's fixed
        settings is refused, saying what the event checks."""
        event = self.settings.event
        asked = SelectionOptions(
            format_id=request.format_id,
            as_of=request.as_of,
            banlist_id=request.banlist_id,
            tier=request.tier,
        )
        if event is None:
            return asked
        fixed = event.selection
        for label, mine, theirs, default in (
            ("format", request.format_id, fixed.format_id, "standard"),
            ("tier", request.tier, fixed.tier, "casual"),
            ("date", request.as_of, fixed.as_of, None),
            ("ban list", request.banlist_id, fixed.banlist_id, None),
        ):
            if mine != default and mine != theirs:
                raise UsageError(
                    f"this server checks decks for {event.name or 'an event'}: the {label} is "
                    f"fixed ({theirs or 'the one in force'}), and the request asks for {mine}",
                    hint="leave it out, or check the deck elsewhere",
                )
        return fixed

    def period(self, format_id: str, day: dt.date | None) -> FormatPeriod:
        """What is in force in the format on the day (``data periods``' entry)."""
        return period_in_force(self.cards.current(), format_id, day or self._today())

    def timeline(self, report: CheckReport, request: DeckRequest) -> DeckTimeline | None:
        """When the deck checked was legal in the format (None: no deck read, or a format
        without a dated history such as casual)."""
        result = report.outcomes[0].result if report.outcomes else None
        if result is None:
            return None
        options = self.options_for(request)
        history = HistoryOptions(
            data=self.settings.data,
            today=self._today(),
            format_id=options.format_id,
            tier=options.tier,
            format_file=options.format_file,
        )
        try:
            return timeline_of(result.deck, self.cards.current(), history)
        except UsageError:
            return None

    def changes(self, report: CheckReport) -> FormatPeriod | None:
        """The period the report was checked under, with what it changed (None: casual, or a
        format file's own rules)."""
        period = report.period
        if period is None:
            return None
        try:
            found = self.period(period.format_id, period.as_of)
        except UsageError:
            return None
        return found if found.restriction_id == period.restriction_id else None


def event_settings(
    data: DataSettings,
    selection: SelectionOptions,
    cobra: CobraRequest | None,
    today: dt.date | None = None,
) -> tuple[ServedEvent, str]:
    """The settings an event server fixes (a Cobra tournament's, merged with the options as
    ``event --cobra`` merges them), and the line its page shows: 'Checking for <event>,
    <date>: Standard, Standard Balance Update 26.08, competitive'."""
    db = load_database(data)
    today = today or dt.date.today()
    name = url = limit = None
    if cobra is not None:
        tournament = fetch_tournament(cobra.settings, cobra_access(data))
        choice = cobra_choice(tournament, cobra, selection, None, db, today)
        selection, limit = choice.selection, choice.cardpool_up_to
        name, url = choice.event.name, choice.event.url
    in_force = select(db, chosen(selection, today))
    period = in_force.period
    when = period.as_of.isoformat() if selection.as_of else "the day of the check"
    parts = [period.format_name, period.restriction_name or "no ban list", selection.tier]
    line = f"Checking for {name or 'this event'}, {when}: {', '.join(parts)}"
    return ServedEvent(selection, name=name, url=url, cardpool_up_to=limit), line
