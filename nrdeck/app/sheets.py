"""Printable decklists: checked decks laid out as NetrunnerDB's default decklist.

Cards grouped by type, then alphabetical, with the identity, player, event, date and
format, the card count, influence used and agenda points (NSG's Organized Play policy
recommends printed decklists at every event).
"""

from __future__ import annotations

import datetime as dt

from nrdeck.app.inputs.selection import make_selection
from nrdeck.carddb import CardDB
from nrdeck.deck import Deck
from nrdeck.decklist.writers import sections
from nrdeck.report.sheets import render_sheets
from nrdeck.results.check import CheckResult
from nrdeck.results.event import EventReport
from nrdeck.results.sheets import DeckSheet, SheetRow, SheetSection
from nrdeck.rules import check_deck, select

SHEET = "sheet"  # nrdeck convert --to sheet


def deck_sheet(result: CheckResult, db: CardDB, *, player: str = "", event: str = "") -> DeckSheet:
    """One deck's sheet from its check (the figures are the check's own)."""
    influence = {c.card_id: c.amount for c in result.stats.influence_breakdown}
    grouped = tuple(
        SheetSection(
            name,
            tuple(SheetRow(r.quantity, r.card.title, influence.get(r.card.id, 0)) for r in rows),
        )
        for name, rows in sections(result.deck, db)
    )
    period = result.period
    return DeckSheet(
        identity=result.identity_title or "(no identity)",
        side=result.side,
        sections=grouped,
        cards=result.stats.cards,
        min_cards=result.stats.min_cards,
        influence_spent=result.stats.influence_spent,
        influence_limit=result.stats.influence_limit,
        agenda_points=result.stats.agenda_points,
        player=player,
        event=event,
        date=period.as_of.isoformat(),
        format_name=" · ".join(p for p in (period.format_name, period.restriction_name) if p),
        deck_name=result.deck.name or "",
        legal=result.legal,
    )


def event_sheets(report: EventReport, db: CardDB, event: str = "") -> list[DeckSheet]:
    """A sheet per registered deck that was read, players by name (Corp, then Runner)."""
    players = sorted(
        report.players, key=lambda p: (" ".join(p.player.casefold().split()), p.position)
    )
    return [
        deck_sheet(deck.result, db, player=player.player, event=event)
        for player in players
        for deck in player.decks
        if deck.result is not None
    ]


def sheet_page(deck: Deck, db: CardDB, today: dt.date | None = None) -> str:
    """One deck's printable page (``nrdeck convert --to sheet``): checked as Standard today."""
    in_force = select(db, make_selection(today=today))
    return render_sheets(
        [deck_sheet(check_deck(deck, db, in_force), db)], title=deck.name or deck.source
    )
