"""Use cases behind ``nrdeck serve``: answer for one deck a visitor gives, what is in force,
and the settings an event fixes for every visitor.

No web framework here (``nrdeck.web`` is the front door, as ``nrdeck.cli`` is for the terminal).
A request never reaches the file system: a deck is decklist text or a NetrunnerDB link, fetched
through the one HTTP layer, and links can be refused. The card data is shared read-only and
renewed off the request's path (``nrdeck.app.serve.data``).
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable
from functools import lru_cache

import msgspec

from nrdeck.app.check import check_text, read_and_check, validate_input_format
from nrdeck.app.event.cobra import CobraRequest, cobra_access, cobra_choice
from nrdeck.app.history import HistoryOptions, timeline_of
from nrdeck.app.inputs.cards import DataSettings, load_database
from nrdeck.app.inputs.decks import DeckSettings
from nrdeck.app.inputs.options import SelectionOptions
from nrdeck.app.inputs.selection import chosen
from nrdeck.app.inputs.sources import RemoteSource
from nrdeck.app.periods import period_in_force
from nrdeck.app.serve.data import CardData
from nrdeck.app.serve.links import LinkAnswers
from nrdeck.catalog import CardDB
from nrdeck.cobra import fetch_tournament
from nrdeck.deck import Deck
from nrdeck.decklist.deck_ref import DeckRef, link_advice, looks_like_link, parse_deck_ref
from nrdeck.errors import Fix, TournamentUnavailableError, UsageError
from nrdeck.http import RunWarnings
from nrdeck.report.answer import served_description
from nrdeck.results.answer import AnswerWarning, CheckAnswer, ServedEventInfo
from nrdeck.results.check import CheckReport, DeckOutcome
from nrdeck.results.event import CalendarWarning
from nrdeck.results.history import DeckTimeline
from nrdeck.results.periods import FormatPeriod
from nrdeck.rules import InForce, select
from nrdeck.rules.calendar import check_tier, stale_facts
from nrdeck.rules.event import limit_pool

MAX_DECK_CHARS = 1024 * 1024  # the decklist file cap
MAX_SELECTIONS = 256  # (database, day, settings) whose selection is kept
KEPT_TIMELINES = 1024  # the newest decks' histories, by their cards (a few MiB)
BugHook = Callable[[str, BaseException], None]
LOG = logging.getLogger("nrdeck.serve")


class ServedEvent(msgspec.Struct, frozen=True):
    """The event a server checks decks for: what it fixes for every visitor (``serve
    --cobra`` or the options), and how the page says it: 'Checking for <event>, <date>:
    Standard, <list>, competitive'. (``nrdeck event``'s own are ``EventSettings``.)"""

    selection: SelectionOptions
    name: str | None = None  # the tournament's name (--cobra), or --event-name
    url: str | None = None
    cardpool_up_to: str | None = None
    warnings: tuple[CalendarWarning, ...] = ()  # what event --cobra warns of its settings
    line: str | None = None  # what the page says at its top


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


class TimelineQuestion:
    """A deck's history asked for: the same question as another when its cards, name, source,
    selection and day are (the deck and options it carries are the same then)."""

    __slots__ = ("deck", "history", "key")

    def __init__(self, key: tuple[object, ...], deck: Deck, history: HistoryOptions) -> None:
        self.key, self.deck, self.history = key, deck, history

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TimelineQuestion) and other.key == self.key


class CheckService:
    """Answers for the decks of a server's visitors against one shared card database."""

    def __init__(self, settings: ServeSettings, today: Callable[[], dt.date] = dt.date.today):
        self.settings = settings
        self.cards = CardData(settings.data)
        self.links = LinkAnswers()
        self._today = today
        self._selected = lru_cache(maxsize=MAX_SELECTIONS)(self._select)
        self._timelines = lru_cache(maxsize=KEPT_TIMELINES)(self._timeline_of)

    def today(self) -> dt.date:
        """The date checked by default (the server's clock)."""
        return self._today()

    def link_of(self, deck: str) -> DeckRef | None:
        """The NetrunnerDB link the deck is (a URL; a bare number or id is not one here)."""
        ref = parse_deck_ref(deck) if len(deck) < 300 else None
        return ref if ref is not None and len(ref.kinds) == 1 else None

    def answer(self, request: DeckRequest, on_bug: BugHook | None = None) -> CheckAnswer:
        """Everything the page shows about the deck: the check's report, when it was legal,
        what the list in force changed, and the warnings (the event's, the card data's)."""
        report = self.check(request, on_bug)
        timeline = self.timeline(report, request)
        return CheckAnswer(
            report=report,
            timeline=timeline,
            changes=self.changes(report),
            warnings=self._warnings(report),
            event=self._event_info(),
        )

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
        ref = self.link_of(deck)
        if ref is None and looks_like_link(deck):
            advice = link_advice(deck)
            raise UsageError(advice.message, hint=advice.hint)
        if ref is None:
            return check_text(deck, request.name, db, in_force, request.input_format, on_bug)
        if not self.settings.links:
            raise UsageError(
                "this server does not fetch NetrunnerDB links",
                hint="paste the decklist's text instead (NetrunnerDB: Download, Text file)",
                fix=Fix("paste-text"),
            )
        settings = DeckSettings.from_data(self.settings.data, input_format=request.input_format)

        def fetched() -> DeckOutcome:
            source = RemoteSource(ref, deck.strip())
            outcome = read_and_check(source, db, in_force, settings, on_bug)[0]
            log_warnings(settings.warnings)
            return outcome

        # what decides the answer (in force: by the database, the day and the options)
        options = self.options_for(request)
        key = (ref.id, ref.kinds, db, self._today(), options, request.input_format)
        return self.links.answer(key, fetched)

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
                    fix=Fix("event-fixed", value=label),
                )
        return fixed

    def period(self, format_id: str | None, day: dt.date | None) -> FormatPeriod:
        """What is in force in the format on the day (``data periods``' entry); on an event's
        server, the event's format and date (a request asking for others is refused)."""
        db = self.cards.current()
        asked = "standard" if format_id is None else format_id
        if self.settings.event is None:
            return period_in_force(db, asked, day or self.today())
        options = self.options_for(DeckRequest("", format_id=asked, as_of=day))
        return period_in_force(db, options.format_id, options.as_of or self.today())

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
        db = self.cards.current()
        deck = result.deck
        cards = tuple(sorted((e.card_id or "", e.quantity) for e in deck.entries))
        extra = tuple(e.card_id for e in (deck.identity, *deck.extra_identities) if e is not None)
        key = (deck.source, deck.name, extra, cards, options, history.today)
        return self._timelines(db, TimelineQuestion(key, deck, history))

    def _timeline_of(self, db: CardDB, question: TimelineQuestion) -> DeckTimeline | None:
        """The deck's history (an lru_cache of ``KEPT_TIMELINES``: players check the same list
        again and again before an event; a deck's history is a few KiB)."""
        try:
            return timeline_of(question.deck, db, question.history)
        except UsageError:
            return None

    def changes(self, report: CheckReport) -> FormatPeriod | None:
        """The period the report was checked under, with what it changed (None: casual, or a
        format file's own rules)."""
        period = report.period
        if period is None:
            return None
        try:
            found = period_in_force(self.cards.current(), period.format_id, period.as_of)
        except UsageError:
            return None
        return found if found.restriction_id == period.restriction_id else None

    def _warnings(self, report: CheckReport) -> tuple[AnswerWarning, ...]:
        event = self.settings.event
        found = [AnswerWarning(w.code, w.message) for w in (event.warnings if event else ())]
        period = report.period
        if period is not None and period.stale_data:
            stale = stale_facts(report.data, period.as_of, served_description(report.data))
            advice = "the server's organiser can update it"
            found.append(AnswerWarning("stale-data", f"{stale}; {advice}"))
        return tuple(found)

    def _event_info(self) -> ServedEventInfo | None:
        event = self.settings.event
        if event is None:
            return None
        return ServedEventInfo(name=event.name, url=event.url, line=event.line or "")


def event_settings(
    data: DataSettings,
    selection: SelectionOptions,
    cobra: CobraRequest | None,
    today: dt.date | None = None,
    name: str | None = None,
) -> tuple[ServedEvent, str]:
    """The settings an event server fixes (a Cobra tournament's, merged with the options as
    ``event --cobra`` merges them; ``name``: the event's name without Cobra), and the line its
    page shows: 'Checking for <event>, <date>: Standard, Standard Balance Update 26.08,
    competitive'."""
    db = load_database(data)
    today = today or dt.date.today()
    url = limit = None
    warnings: tuple[CalendarWarning, ...] = ()
    if cobra is not None:
        access = cobra_access(data)
        try:
            tournament = fetch_tournament(cobra.settings, access)
        except TournamentUnavailableError as err:
            raise TournamentUnavailableError(
                err.message,
                hint="the server was not started: retry later, or start it without --cobra "
                "(--event-name with --format, --as-of and --tier)",
            ) from err
        log_warnings(access.warnings)
        choice = cobra_choice(tournament, cobra, selection, None, db, today)
        selection, limit = choice.selection, choice.cardpool_up_to
        name, url = name or choice.event.name, choice.event.url
        warnings = choice.event.warnings
    in_force = select(db, chosen(selection, today))
    period = in_force.period
    when = period.as_of.isoformat() if selection.as_of else "the day of the check"
    parts = [period.format_name, period.restriction_name or "no ban list", selection.tier]
    line = f"Checking for {name or 'this event'}, {when}: {', '.join(parts)}"
    event = ServedEvent(
        selection, name=name, url=url, cardpool_up_to=limit, warnings=warnings, line=line
    )
    return event, line


def log_warnings(warnings: RunWarnings) -> None:
    """What fetching met (a damaged cached copy, fetched again): the server's log is where
    its operator hears of it."""
    for warning in warnings.since():
        LOG.warning("%s", warning)
