"""Writers: NetrunnerDB ordering, and parse(write(deck)) == deck for every format."""

from __future__ import annotations

import string

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nrdeck.catalog import Card, CardDB
from nrdeck.deck import Deck, DeckEntry
from nrdeck.decklist import PARSER_BY_FORMAT
from nrdeck.decklist.detect import detect_format
from nrdeck.decklist.lines import is_skipped
from nrdeck.decklist.writers import (
    READER_OF_WRITER,
    SECTION_ORDER,
    WRITER_BY_FORMAT,
    newest_printing,
    section_of,
    write_text,
)
from nrdeck.resolve import resolve
from tests.ids import PERSONAL_EVOLUTION

NAMED_FORMATS = {"text", "markdown", "bbcode", "jinteki", "json"}  # o8d has no deck name


def roundtrip(deck: Deck, fmt: str, db: CardDB) -> Deck:
    text = WRITER_BY_FORMAT[fmt](deck, db)
    return resolve(PARSER_BY_FORMAT[READER_OF_WRITER[fmt]].parse(text, "out"), db)


def assert_same(back: Deck, deck: Deck, fmt: str) -> None:
    assert back.problems == ()
    assert back.identity is not None and deck.identity is not None
    assert back.identity.card_id == deck.identity.card_id
    assert back.extra_identities == ()
    assert back.counts() == deck.counts()
    if fmt in NAMED_FORMATS:
        assert back.name == deck.name


@st.composite
def decks(draw: st.DrawFn, db: CardDB) -> Deck:
    """A random legal-shaped deck: one identity, 1–25 cards of its side, 1–3 copies."""
    identities = sorted(c.id for c in db.identities())
    identity = db.cards[draw(st.sampled_from(identities))]
    pool = sorted(c.id for c in db.cards.values() if c.side == identity.side and not c.is_identity)
    chosen = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=25, unique=True))
    entries = tuple(
        DeckEntry(card_id, draw(st.integers(1, 3)), line=i) for i, card_id in enumerate(chosen)
    )
    word = st.text(string.ascii_letters, min_size=3, max_size=10).map(str.capitalize)
    name = draw(
        st.none()
        | st.lists(word, min_size=1, max_size=4).map(" ".join).filter(lambda n: not is_skipped(n))
    )
    return Deck("in", name, DeckEntry(identity.id, 1), entries)


@pytest.mark.parametrize("fmt", sorted(WRITER_BY_FORMAT))
def test_writers_roundtrip_random_decks(fmt: str, db: CardDB) -> None:
    @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(deck=decks(db))
    def check(deck: Deck) -> None:
        assert_same(roundtrip(deck, fmt, db), deck, fmt)

    check()


@pytest.mark.parametrize("fmt", sorted(WRITER_BY_FORMAT))
def test_written_formats_are_detected(fmt: str, db: CardDB) -> None:
    deck = Deck(
        "in",
        "Glacier",
        DeckEntry(PERSONAL_EVOLUTION, 1),
        (DeckEntry("hedge_fund", 3), DeckEntry("snare", 2)),
    )
    text = WRITER_BY_FORMAT[fmt](deck, db)
    assert detect_format(text, "-") == READER_OF_WRITER[fmt]


def test_sections_follow_netrunnerdb_order(db: CardDB) -> None:
    def card(title: str) -> Card:
        found = db.card_by_title(title)
        assert found is not None
        return found

    assert section_of(card("Corroder")) == "Icebreaker"
    assert section_of(card("Datasucker")) == "Program"
    assert section_of(card("Ice Wall")) == "Barrier"
    assert section_of(card("Enigma")) == "Code Gate"
    assert section_of(card("Ichi 1.0")) == "Sentry"
    assert section_of(card("Sure Gamble")) == "Event"
    deck = Deck(
        "in",
        "Rush",
        DeckEntry("the_catalyst_convention_breaker", 1),
        (DeckEntry("corroder", 2), DeckEntry("sure_gamble", 3), DeckEntry("daily_casts", 1)),
    )
    text = write_text(deck, db)
    headers = [line for line in text.splitlines() if line.endswith(")") and line[0].isalpha()]
    assert headers[1:] == ["Event (3)", "Resource (1)", "Icebreaker (2)"]
    assert SECTION_ORDER.index("Event") < SECTION_ORDER.index("Icebreaker")


def test_text_export_shape(db: CardDB) -> None:
    deck = Deck(
        "in",
        "Glacier",
        DeckEntry(PERSONAL_EVOLUTION, 1),
        (DeckEntry("hedge_fund", 3), DeckEntry("archived_memories", 3)),
    )
    lines = write_text(deck, db).splitlines()
    assert lines[0] == "Glacier"
    assert lines[1].startswith(db.cards[PERSONAL_EVOLUTION].title + " (")
    [memories] = [line for line in lines if "Archived Memories" in line]
    assert memories.startswith("3x Archived Memories (") and memories.endswith(") ••••• •")
    [influence] = [line for line in lines if "influence spent" in line]
    assert influence.startswith("6 ") and "max 15" in influence and "available 9" in influence
    assert "6 cards (min 45)" in lines


def test_newest_printing(db: CardDB) -> None:
    assert newest_printing(db, "hedge_fund") != "01110"
    assert db.printings[newest_printing(db, "hedge_fund")].card_id == "hedge_fund"


def test_json_keeps_the_identity_and_sums_lines(db: CardDB) -> None:
    import json

    deck = Deck(
        "in",
        None,
        DeckEntry(PERSONAL_EVOLUTION, 1),
        (DeckEntry("hedge_fund", 2, printing="01110"), DeckEntry("hedge_fund", 1)),
    )
    doc = json.loads(WRITER_BY_FORMAT["json"](deck, db))
    assert sorted(doc["cards"].values()) == [1, 3]
    assert "name" not in doc  # no name: none written, never null
    named = WRITER_BY_FORMAT["json"](msgspec.structs.replace(deck, name="Hedge"), db)
    assert json.loads(named)["name"] == "Hedge"
