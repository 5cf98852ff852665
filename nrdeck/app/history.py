"""Use cases across time: when one deck was legal (`timeline`), and one card's history (`card`).

No Typer, no console here. ``today`` comes from the caller's Selection-like options (the
rules never read the clock); it dates only the stale-data warning: a history runs to the
open-ended present.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import msgspec

from nrdeck.app.check import validate_input_format
from nrdeck.app.formatfiles.lines import dated_format_for, shipped_lines
from nrdeck.app.inputs.cards import DataSettings, load_database
from nrdeck.app.inputs.decks import DeckSettings, obtain_deck
from nrdeck.app.inputs.sources import one_source
from nrdeck.catalog import CardDB, find_title, title_index, without_trailing_group
from nrdeck.catalog.records import Card
from nrdeck.deck import Deck
from nrdeck.errors import UsageError
from nrdeck.results.history import CardHistory, DeckTimeline
from nrdeck.rules.calendar import check_tier, stale_data
from nrdeck.rules.deckbuilding import DeckContext
from nrdeck.rules.history import card_facts, card_formats, card_printings, deck_history


class HistoryOptions(msgspec.Struct, frozen=True):
    """Where card data comes from, the format and tier, the date today, how to read the deck."""

    data: DataSettings
    today: dt.date | None = None  # None: the clock's date (read here, never by the CLI)
    format_id: str = "standard"
    tier: str = "casual"
    input_format: str | None = None
    stdin_bytes: bytes | None = None  # standard input, when the deck is '-'
    format_file: Path | None = None  # a format file (house or community) instead of format_id
    format_given: bool = False  # --format given on purpose: the format file must agree


def deck_timeline(spec: str, options: HistoryOptions) -> DeckTimeline:
    """When the deck ``spec`` names was legal in the format (a remote deck may be fetched)."""
    validate_input_format(options.input_format)
    check_tier(options.tier)
    source = one_source(spec, "timeline", options.data.data_file)
    db = load_database(options.data)
    settings = DeckSettings.from_data(
        options.data, input_format=options.input_format, stdin_bytes=options.stdin_bytes
    )
    deck = obtain_deck(source, db, settings).deck
    timeline = timeline_of(deck, db, options)
    fetching = settings.warnings.since()  # a damaged cached copy of a remote deck, fetched again
    return msgspec.structs.replace(timeline, warnings=(*fetching, *timeline.warnings))


def timeline_of(deck: Deck, db: CardDB, options: HistoryOptions) -> DeckTimeline:
    """When a deck already read was legal in the format (the card data given)."""
    dated, choice = dated_format_for(
        db, options.format_id, options.format_file, options.format_given
    )
    intervals, warnings = deck_history(deck, db, dated, options.tier)
    ctx = DeckContext.of(deck, db)
    return DeckTimeline(
        source=deck.source,
        name=deck.name,
        identity_id=ctx.identity.id if ctx.identity else None,
        identity_title=ctx.identity.title if ctx.identity else None,
        side=ctx.side,
        format_id=dated.format_id,
        format_name=dated.format_name,
        tier=options.tier,
        intervals=intervals,
        data=db.info,
        warnings=(*choice.warnings, *warnings),
        stale_data=stale_data(db.info, options.today or dt.date.today()),
        format_note=choice.note,
    )


def card_history(title: str, options: HistoryOptions) -> CardHistory:
    """A card's facts, printings, history per format and errata (title as in decklists)."""
    check_tier(options.tier)
    db = load_database(options.data)
    card = find_card(db, title)
    community, left_out = shipped_lines(db)
    return CardHistory(
        card=card_facts(db, card),
        printings=card_printings(db, card.id),
        formats=card_formats(db, card.id, options.tier, community),
        errata=db.tables.errata.of_card(card.id),
        tier=options.tier,
        data=db.info,
        stale_data=stale_data(db.info, options.today or dt.date.today()),
        warnings=tuple(left_out),
    )


def find_card(db: CardDB, text: str) -> Card:
    """The card a title, printing code or card id names, matched as decklist lines are."""
    key = text.strip()
    found = db.card_by_code(key) or db.card_by_id(key)
    if found is not None:
        return found
    index = title_index(db)
    match = find_title(key, index)
    if match.card is not None:
        return match.card
    if match.ambiguous:
        raise UsageError(
            f"{key!r} matches several cards: {', '.join(match.ambiguous[:5])}",
            hint="write the full title",
        )
    hints = index.suggestions(without_trailing_group(key) or key)
    guess = f"; did you mean {', '.join(hints)}?" if hints else ""
    raise UsageError(
        f"no card is called {key!r}{guess}", hint="use a title, a printing code or a card id"
    )
