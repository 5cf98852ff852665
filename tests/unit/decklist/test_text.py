"""Plain text decklists: every way players write a card line, and every bad line."""

from __future__ import annotations

import pytest

from nrdeck.catalog import CardDB
from nrdeck.decklist.lines import read_line
from nrdeck.decklist.text import PlainTextParser
from nrdeck.resolve import resolve
from tests.ids import PERSONAL_EVOLUTION


def parse(text: str):  # type: ignore[no-untyped-def]
    return PlainTextParser().parse(text, "deck.txt")


@pytest.mark.parametrize(
    "line",
    [
        "3x Hedge Fund",
        "3 Hedge Fund",
        "3× Hedge Fund",
        "3 x Hedge Fund",
        "3X Hedge Fund",
        "Hedge Fund x3",
        "Hedge Fund ×3",
        "Hedge Fund x 3",
        "3x Hedge Fund (System Gateway)",
        "Hedge Fund (System Gateway) x3",
        "3x Hedge Fund (Core Set) ●●",
        "3x Hedge Fund •••• •",
        "3x Hedge Fund ♘",
        "* 3x Hedge Fund",
        "- 3x Hedge Fund",
        "+ 3 Hedge Fund",
        "3x Hedge Fund # cheap econ",
        "3x Hedge Fund // cheap econ",
        "3 Hedge Fund [id: 01110]",
        "\t3x\tHedge Fund\t",
        "3x  Hedge   Fund  ",
    ],
)
def test_card_line_shapes(line: str) -> None:
    read = read_line(line)
    assert read is not None and read.error is None
    assert (read.quantity, read.title.split(" (")[0]) == (3, "Hedge Fund")


@pytest.mark.parametrize(
    "line",
    [
        "",
        "   ",
        "# a comment",
        "// a comment",
        "Event (12)",
        "Code Gate (3)",
        "Icebreaker (4)",
        "Identity:",
        "SENTRIES",
        "Codegates(2) :",
        "Hardware\t(1):",
        "15 influence spent (max 15, available 0)",
        "20 agenda points (between 20 and 21)",
        "49 cards (min 45)",
        "Cards up to System Update 2021",
        "Deck built on https://netrunnerdb.com.",
        "Warning: Deck has too many agenda points",
    ],
)
def test_skipped_lines(line: str) -> None:
    assert read_line(line) is None


@pytest.mark.parametrize(
    "line", ["Event ( 12 )", "Events (12) (3)", "Event: extra", "Event (twelve)"]
)
def test_lines_that_only_look_like_type_headers_are_read(line: str) -> None:
    assert read_line(line) is not None  # an identity-like title, or an error: not skipped


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("0x Hedge Fund", "quantity 0"),
        ("-1x Hedge Fund", "negative quantity"),
        ("Hedge Fund x-2", "negative quantity"),
        ("100 Hedge Fund", "quantity 100"),
        ("123456789x Hedge Fund", "quantity 123456789"),
        ("???", "no card name"),
        ("--- ...", "no card name"),
        ("3x ---", "no card name"),
    ],
)
def test_bad_lines_are_errors(line: str, words: str) -> None:
    read = read_line(line)
    assert read is not None and read.error is not None and words in read.error


def test_bad_lines_become_parse_errors_with_line_numbers() -> None:
    raw = parse("3x Hedge Fund\n0x Sure Gamble\n\n???\n99 Hedge Fund\n")
    assert [(p.code, p.line) for p in raw.problems] == [("parse-error", 2), ("parse-error", 4)]
    assert [(line.quantity, line.line) for line in raw.lines] == [(3, 1), (99, 5)]
    assert all(p.location.source == "deck.txt" for p in raw.problems)


def test_crlf_tabs_and_duplicates_are_summed(db: CardDB) -> None:
    deck = resolve(parse("2x\tHedge Fund\r\n1 Hedge Fund\r\nHedge Fund x1\r\n"), db)
    assert deck.counts() == {"hedge_fund": 4}
    assert [e.line for e in deck.entries] == [1, 2, 3]


def test_titles_with_digits_parentheses_and_x() -> None:
    raw = parse("2x 24/7 News Cycle\n3 15 Minutes\n1x Xanadu\n1 Masterwork (v37)\n2 Zer0\n")
    assert [(r.quantity, r.title) for r in raw.lines] == [
        (2, "24/7 News Cycle"),
        (3, "15 Minutes"),
        (1, "Xanadu"),
        (1, "Masterwork (v37)"),
        (2, "Zer0"),
    ]


def test_leading_name_and_identity_lines() -> None:
    identity = "Jinteki: Personal Evolution"
    raw = parse(f"My Glacier Deck\n\n{identity}\n3x Hedge Fund\n")
    assert raw.name == "My Glacier Deck"
    assert raw.lines[0].maybe_identity and raw.lines[0].title == identity


def test_a_single_quantity_less_line_is_not_a_name() -> None:
    raw = parse("Jinteki: Personal Evolution\n3x Hedge Fund\n")
    assert raw.name is None and raw.lines[0].maybe_identity


def test_quantity_less_identity_resolves_and_other_cards_need_a_quantity(db: CardDB) -> None:
    deck = resolve(parse("Jinteki: Personal Evolution (Core Set)\n3x Hedge Fund\nSnare!\n"), db)
    assert deck.identity is not None and deck.identity.card_id == PERSONAL_EVOLUTION
    assert deck.counts() == {"hedge_fund": 3}
    [problem] = deck.problems
    assert (problem.code, problem.line) == ("parse-error", 3)
    assert "no quantity" in problem.message and "1x Snare!" in problem.message


def test_identity_label(db: CardDB) -> None:
    deck = resolve(parse("Identity: Jinteki: Personal Evolution\n3x Hedge Fund\n"), db)
    assert deck.identity is not None and deck.identity.card_id == PERSONAL_EVOLUTION


def test_problems_are_in_line_order(db: CardDB) -> None:
    deck = resolve(parse("3x Hedge Fnud\n0x Sure Gamble\n3x Snare!\n???\n"), db)
    assert [(p.line, p.code) for p in deck.problems] == [
        (1, "unknown-card"),
        (2, "parse-error"),
        (4, "parse-error"),
    ]
