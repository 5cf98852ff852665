"""Printable decklists: checked decks laid out as NetrunnerDB's default decklist.

Cards grouped by type, then alphabetical, with the identity, player, event, date and
format, the card count, influence used and agenda points (NSG's Organized Play policy
recommends printed decklists at every event).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from nrdeck.app.inputs.selection import make_selection
from nrdeck.catalog import CardDB, fold_case
from nrdeck.deck import Deck
from nrdeck.decklist.writers import sections
from nrdeck.errors import UsageError
from nrdeck.report.sheets import render_sheets
from nrdeck.results.check import CheckResult
from nrdeck.results.event import EventReport
from nrdeck.results.sheets import DeckSheet, SheetRow, SheetSection
from nrdeck.rules import check_deck, select

SHEET = "sheet"  # nrdeck convert --to sheet
ENGLISH = "en"
# NetrunnerDB's sections named by a subtype (the others are card types)
SUBTYPE_SECTIONS = {"Icebreaker": "icebreaker", "Barrier": "barrier", "Code Gate": "code_gate"}
SUBTYPE_SECTIONS |= {"Sentry": "sentry"}


def deck_sheet(
    result: CheckResult,
    db: CardDB,
    *,
    player: str = "",
    event: str = "",
    language: str = ENGLISH,
) -> DeckSheet:
    """One deck's sheet from its check (the figures are the check's own); card titles and
    sections printed in ``language`` where the card data has them, English otherwise."""
    influence = {c.card_id: c.amount for c in result.stats.influence_breakdown}
    printed = _printer(db, language)
    grouped = tuple(
        SheetSection(
            _section_name(db, name, language),
            _in_order(
                tuple(
                    _row(r.quantity, *printed(r.card.id, r.card.title), influence.get(r.card.id, 0))
                    for r in rows
                ),
                language,
            ),
        )
        for name, rows in sections(result.deck, db)
    )
    identity, identity_english = printed(result.identity_id, result.identity_title or "")
    period = result.period
    return DeckSheet(
        identity=identity or "(no identity)",
        identity_english=identity_english,
        language=language,
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


def _row(copies: int, title: str, english: str, influence: int) -> SheetRow:
    return SheetRow(copies, title, influence, english)


def _in_order(rows: tuple[SheetRow, ...], language: str) -> tuple[SheetRow, ...]:
    """Rows in the alphabetical order of the titles printed (English rows come sorted)."""
    return rows if language == ENGLISH else tuple(sorted(rows, key=lambda r: fold_case(r.title)))


def _printer(db: CardDB, language: str) -> Callable[[str | None, str], tuple[str, str]]:
    """(the title to print, the English title beside it or '') of a card, in ``language``."""
    if language == ENGLISH:
        return lambda card_id, title: (title, "")
    translations = db.translations()

    def printed(card_id: str | None, title: str) -> tuple[str, str]:
        local = translations.title_in(card_id, language) if card_id else None
        return (local, title) if local and local != title else (title, "")

    return printed


def _section_name(db: CardDB, name: str, language: str) -> str:
    """A section's name in ``language`` (its type or subtype's), English where it has none."""
    if language == ENGLISH:
        return name
    titles = db.translations().languages.get(language)
    subtype = SUBTYPE_SECTIONS.get(name)
    names = (titles.subtypes if subtype else titles.types) if titles else {}
    return names.get(subtype or name.lower().replace(" ", "_"), name)


# region tags people type for the two scripts of Chinese the data has
_LANGUAGE_ALIASES = {"zh-cn": "zh-hans", "zh-sg": "zh-hans", "zh-tw": "zh-hant", "zh-hk": "zh-hant"}


def check_language(db: CardDB, language: str) -> str:
    """The data's code for ``language`` ('FR', 'zh_Hans', 'zh-TW' and 'pt-BR' as typed: a
    region the data does not tell apart is its language) when the card data has titles in
    it (UsageError naming those it has)."""
    known = db.translations().languages
    code = language.strip().lower().replace("_", "-")
    code = _LANGUAGE_ALIASES.get(code, code)
    if code not in known and "-" in code and not code.startswith("zh-"):
        code = code.split("-", 1)[0]  # pt-br -> pt, en-gb -> en
    if code == ENGLISH or code in known:
        return code
    raise UsageError(
        f"the card data has no card titles in {language!r}",
        hint=f"languages: en, {', '.join(sorted(known)) or 'none'}",
    )


def event_sheets(
    report: EventReport, db: CardDB, event: str = "", language: str = ENGLISH
) -> list[DeckSheet]:
    """A sheet per registered deck that was read, players by name (Corp, then Runner)."""
    language = check_language(db, language)
    players = sorted(
        report.players, key=lambda p: (" ".join(p.player.casefold().split()), p.position)
    )
    return [
        deck_sheet(deck.result, db, player=player.player, event=event, language=language)
        for player in players
        for deck in player.decks
        if deck.result is not None
    ]


def sheet_page(
    deck: Deck, db: CardDB, today: dt.date | None = None, language: str = ENGLISH
) -> str:
    """One deck's printable page (``nrdeck convert --to sheet``): checked as Standard today."""
    language = check_language(db, language)
    in_force = select(db, make_selection(today=today))
    sheet = deck_sheet(check_deck(deck, db, in_force), db, language=language)
    return render_sheets([sheet], title=deck.name or deck.source)
