"""Build resolved decks straight from titles (no decklist parser involved)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from pathlib import Path

from msgspec.structs import replace

from nrdeck.app.formatfiles.shipped import format_source
from nrdeck.catalog import CardDB, Restriction, UnknownRule
from nrdeck.deck import Deck, DeckEntry
from nrdeck.problems import Problem
from nrdeck.results.check import CheckResult
from nrdeck.rules import InForce, Selection, check_deck, select
from tests.builders import database

Lines = Sequence[tuple[int, str]]


def card_id(db: CardDB, title: str) -> str:
    """The id of the card with this title (fails the test loudly when unknown)."""
    card = db.card_by_title(title) or (db.cards.get(title))
    assert card is not None, f"no card titled {title!r}"
    return card.id


def make_deck(
    db: CardDB,
    identity: str | None,
    lines: Lines,
    *,
    extra_identities: Iterable[str] = (),
    source: str = "deck.txt",
    identity_copies: int = 1,
) -> Deck:
    """A Deck: the identity on line 1 (``identity_copies`` of it), then one entry per
    (quantity, title) line."""
    ident = DeckEntry(card_id(db, identity), identity_copies, line=1) if identity else None
    entries = tuple(
        DeckEntry(card_id(db, title), qty, line=number)
        for number, (qty, title) in enumerate(lines, 2)
    )
    extras = tuple(
        DeckEntry(card_id(db, t), 1, line=len(lines) + 2 + i)
        for i, t in enumerate(extra_identities)
    )
    return Deck(source=source, name=None, identity=ident, entries=entries, extra_identities=extras)


def check(
    db: CardDB,
    identity: str | None,
    lines: Lines,
    fmt: str = "standard",
    on: str = "2025-11-01",
    **select_args: object,
) -> CheckResult:
    """Check a deck built from titles under the format in force on the date."""
    day = dt.date.fromisoformat(on)
    in_force = select_in_force(db, fmt, today=day, as_of=day, **select_args)  # type: ignore[arg-type]
    return check_deck(make_deck(db, identity, lines), db, in_force)


def codes(result: CheckResult) -> list[str]:
    """The problem codes, in report order."""
    return [p.code for p in result.problems]


def said(problems: Iterable[Problem]) -> str:
    """Problems as a golden file holds them: one line each, code, rule and message."""
    return "\n".join(f"{p.code}{f' [{p.rule}]' if p.rule else ''}: {p.message}" for p in problems)


def select_in_force(
    db: CardDB,
    fmt: str,
    *,
    today: dt.date,
    as_of: dt.date | None = None,
    snapshot_id: str | None = None,
    banlist_id: str | None = None,
    format_file: Path | None = None,
    tier: str = "casual",
) -> InForce:
    """What is in force, selected as the commands select it (a format file read as they do)."""
    house = format_source(fmt, format_file) if format_file is not None else None
    selection = Selection(
        today=today,
        format_id=fmt,
        as_of=as_of,
        snapshot_id=snapshot_id,
        banlist_id=banlist_id,
        format_file=house,
        tier=tier,
    )
    return select(db, selection)


def with_newer_startup_list(db: CardDB, *rules: UnknownRule) -> CardDB:
    """The bundled data plus a made-up Startup list (2099: a date no real list can take),
    newer than nrdeck's agenda-cap table."""
    newer = Restriction(
        id="startup_ban_list_99_01",
        name="Startup Ban List 99.01",
        format_id="startup",
        date_start=dt.date(2099, 1, 1),
        banned=frozenset({"cleaver"}),
    )
    fmt = db.formats["startup"]
    last = fmt.snapshots[-1]
    snap = replace(
        last,
        id="startup_test_99",
        card_pool_id="startup_elevation",  # the pool the tests' Startup deck was built for
        restriction_id=newer.id,
        date_start=dt.date(2099, 1, 1),
    )
    formats = [f for f in db.formats.values() if f.id != "startup"]
    return database(
        db,
        restrictions=[*db.restrictions.values(), newer],
        formats=[*formats, replace(fmt, snapshots=(*fmt.snapshots, snap))],
        unknown_rules=rules,
    )
