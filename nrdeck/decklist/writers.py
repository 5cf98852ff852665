"""Writers: a resolved deck in each output format, ordered by type like NetrunnerDB.

Each writer reads back to the same deck with its parser (same identity, same copies of
each card, same name where the format has one). Printing codes are the newest printing.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from xml.sax.saxutils import escape, quoteattr

import msgspec

from nrdeck.catalog import Card, CardDB
from nrdeck.deck import Deck

DeckWriter = Callable[[Deck, CardDB], str]
SECTION_ORDER = (
    "Event", "Hardware", "Resource", "Icebreaker", "Program", "Agenda", "Asset",
    "Upgrade", "Operation", "Barrier", "Code Gate", "Sentry", "Ice",
)  # fmt: skip
CARD_URL = "https://netrunnerdb.com/en/card/"
OCTGN_GAME = "0f38e453-26df-4c04-9d67-6d43de939c77"
OCTGN_GUID_PREFIX = "bc0f047c-01b1-427f-a439-d451eda"


class Row(msgspec.Struct, frozen=True):
    """One card of the written deck: copies, the card, the printing to name."""

    quantity: int
    card: Card
    code: str
    pack: str


def newest_printing(db: CardDB, card_id: str) -> str:
    """The code of the card's most recent printing (by set release date, then code)."""
    printings = db.printings_of(card_id)

    def key(code: str) -> tuple[str, str]:
        released = db.sets[db.printings[code].set_id].date_release
        return (released.isoformat() if released else "", code)

    return max((p.code for p in printings), key=key)


def _row(db: CardDB, card_id: str, quantity: int) -> Row:
    code = newest_printing(db, card_id)
    return Row(quantity, db.cards[card_id], code, db.sets[db.printings[code].set_id].name)


def section_of(card: Card) -> str:
    """NetrunnerDB's export section for a card."""
    if card.type == "program":
        return "Icebreaker" if card.has_subtype("icebreaker") else "Program"
    if card.type == "ice":
        for subtype, section in (("barrier", "Barrier"), ("code_gate", "Code Gate")):
            if card.has_subtype(subtype):
                return section
        return "Sentry" if card.has_subtype("sentry") else "Ice"
    return card.type.replace("_", " ").title()


def sections(deck: Deck, db: CardDB) -> list[tuple[str, list[Row]]]:
    """Cards grouped into NetrunnerDB's sections, titles sorted within each."""
    groups: dict[str, list[Row]] = {}
    for card_id, quantity in deck.counts().items():
        row = _row(db, card_id, quantity)
        groups.setdefault(section_of(row.card), []).append(row)
    order = {name: i for i, name in enumerate(SECTION_ORDER)}
    return [
        (name, sorted(groups[name], key=lambda r: r.card.title))
        for name in sorted(groups, key=lambda n: (order.get(n, len(order)), n))
    ]


def identity_row(deck: Deck, db: CardDB) -> Row | None:
    """The identity as a row, when the deck has one."""
    return _row(db, deck.identity.card_id, 1) if deck.identity else None


def _influence(row: Row, identity: Card | None) -> int:
    if identity is None or row.card.faction == identity.faction:
        return 0
    return (row.card.influence_cost or 0) * row.quantity


def _dots(count: int, dot: str = "•") -> str:
    marks = dot * count
    return " ".join(marks[i : i + 5] for i in range(0, len(marks), 5))


def _footer(deck: Deck, db: CardDB, groups: list[tuple[str, list[Row]]]) -> list[str]:
    identity = db.cards[deck.identity.card_id] if deck.identity else None
    rows = [row for _, section in groups for row in section]
    lines: list[str] = []
    spent = sum(_influence(r, identity) for r in rows)
    if identity is not None and identity.influence_limit is not None:
        limit = identity.influence_limit
        lines.append(f"{spent} influence spent (max {limit}, available {limit - spent})")
    minimum = identity.minimum_deck_size if identity else None
    if identity is not None and identity.side == "corp":
        points = sum((r.card.agenda_points or 0) * r.quantity for r in rows)
        low = 2 + 2 * (max(deck.size, minimum or 0) // 5)
        lines.append(f"{points} agenda points (between {low} and {low + 1})")
    lines.append(f"{deck.size} cards" + (f" (min {minimum})" if minimum else ""))
    packs = [db.sets[db.printings[r.code].set_id] for r in rows]
    if packs:
        newest = max(packs, key=lambda s: s.date_release.isoformat() if s.date_release else "")
        lines.append(f"Cards up to {newest.name}")
    return lines


def write_text(deck: Deck, db: CardDB) -> str:
    """NetrunnerDB's text export: name, ``Identity (Pack)``, sections, footer."""
    identity = identity_row(deck, db)
    lines = [deck.name] if deck.name else []
    if identity:
        lines.append(f"{identity.card.title} ({identity.pack})")
    groups = sections(deck, db)
    for name, rows in groups:
        lines += ["", f"{name} ({sum(r.quantity for r in rows)})"]
        for row in rows:
            dots = _dots(_influence(row, identity.card if identity else None))
            lines.append(f"{row.quantity}x {row.card.title} ({row.pack}) {dots}".rstrip())
    lines += ["", *_footer(deck, db, groups)]
    return "\n".join(lines) + "\n"


def write_markdown(deck: Deck, db: CardDB) -> str:
    """NetrunnerDB's Markdown export."""
    identity = identity_row(deck, db)
    lines = [f"## {deck.name}", ""] if deck.name else []
    if identity:
        lines += [f"[{identity.card.title}]({CARD_URL}{identity.code}) _({identity.pack})_", ""]
    groups = sections(deck, db)
    for name, rows in groups:
        lines.append(f"###{name} ({sum(r.quantity for r in rows)})")
        for row in rows:
            dots = _dots(_influence(row, identity.card if identity else None), "●")
            link = f"[{row.card.title}]({CARD_URL}{row.code})"
            lines.append(f"* {row.quantity}x {link} _({row.pack})_ {dots}".rstrip())
        lines.append("")
    lines += [f"{line}  " for line in _footer(deck, db, groups)]
    return "\n".join(lines) + "\n"


def write_bbcode(deck: Deck, db: CardDB) -> str:
    """NetrunnerDB's BBCode export."""
    identity = identity_row(deck, db)
    lines = [f"[b]{deck.name}[/b]", ""] if deck.name else []
    if identity:
        url = f"[url={CARD_URL}{identity.code}]{identity.card.title}[/url]"
        lines += [f"{url} ({identity.pack})", ""]
    groups = sections(deck, db)
    for name, rows in groups:
        lines.append(f"[b]{name} ({sum(r.quantity for r in rows)})[/b]")
        for row in rows:
            url = f"[url={CARD_URL}{row.code}]{row.card.title}[/url]"
            dots = _dots(_influence(row, identity.card if identity else None), "●")
            colour = f" [color=#ff8c00]{dots}[/color]" if dots else ""
            lines.append(f"{row.quantity}x {url} [i]({row.pack})[/i]{colour}")
        lines.append("")
    lines += _footer(deck, db, groups)
    return "\n".join(lines) + "\n"


def write_jinteki(deck: Deck, db: CardDB) -> str:
    """jinteki.net's deck text, with ``;; title:`` and ``;; identity:`` metadata."""
    identity = identity_row(deck, db)
    lines = [f";; title: {deck.name}"] if deck.name else []
    if identity:
        lines.append(f";; identity: {identity.card.title}")
    for _, rows in sections(deck, db):
        lines += [f"{row.quantity} {row.card.title}" for row in rows]
    return "\n".join(lines) + "\n"


def write_o8d(deck: Deck, db: CardDB) -> str:
    """OCTGN's ``.o8d`` XML (Identity section, then every card in ``R&D / Stack``)."""
    identity = identity_row(deck, db)

    def card(row: Row) -> str:
        guid = quoteattr(OCTGN_GUID_PREFIX + row.code)
        return f'    <card qty="{row.quantity}" id={guid}>{escape(row.card.title)}</card>'

    lines = [
        '<?xml version="1.0" encoding="utf-8" standalone="yes"?>',
        f'<deck game="{OCTGN_GAME}">',
        '  <section name="Identity">',
        *([card(identity)] if identity else []),
        "  </section>",
        '  <section name="R&amp;D / Stack">',
        *(card(row) for _, rows in sections(deck, db) for row in rows),
        "  </section>",
        "</deck>",
    ]
    return "\n".join(lines) + "\n"


def write_json(deck: Deck, db: CardDB) -> str:
    """A v2-style deck: ``name`` (left out when the deck has none) and ``cards`` keyed by
    printing code, identity included."""
    cards: dict[str, int] = {}
    identity = identity_row(deck, db)
    if identity:
        cards[identity.code] = 1
    for _, rows in sections(deck, db):
        for row in rows:
            cards[row.code] = row.quantity
    named = {"name": deck.name} if deck.name else {}
    doc = {**named, "cards": dict(sorted(cards.items()))}
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


# Output format -> writer (the choices of ``nrdeck convert --to``).
WRITER_BY_FORMAT: dict[str, DeckWriter] = {
    "text": write_text,
    "markdown": write_markdown,
    "bbcode": write_bbcode,
    "jinteki": write_jinteki,
    "o8d": write_o8d,
    "json": write_json,
}

# The parser format that reads each writer's output back.
READER_OF_WRITER: dict[str, str] = {
    "text": "nrdb-text",
    "markdown": "markdown",
    "bbcode": "bbcode",
    "jinteki": "jinteki",
    "o8d": "o8d",
    "json": "json",
}
