"""Hostile and faulty input: every reader returns a RawDeck, in bounded time and memory.

Property-based (hypothesis): any bytes, any repetition of the characters a reader's patterns
look for, and well-formed JSON and XML of any shape. Targeted: each reproduction found by
trying the readers as an attacker would (deep JSON, huge numbers, ``qty="²"``, unclosed
brackets on 100 KB lines, more lines than any decklist).
"""

from __future__ import annotations

import json
import tracemalloc
from collections.abc import Callable
from datetime import timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nrdeck.catalog import CardDB
from nrdeck.deck import RawDeck
from nrdeck.decklist import PARSER_BY_FORMAT, parse_text
from nrdeck.decklist.lines import MAX_LINES
from nrdeck.decklist.reading import MAX_BYTES, decode_deck_bytes
from nrdeck.resolve import resolve
from tests.paths import assert_golden_cases

READERS = sorted(PARSER_BY_FORMAT)
# what the readers' patterns look for, and a few letters to make card names of
SPECIAL = "[]()_#xX× 0123456789;:=-•*+/\\|<>\"'&{},.\t\n\r\x0b\xa0aeHdgFnu²"
# a time no reading comes near even on a busy machine, and back-tracking far exceeds
BOUNDED = settings(deadline=timedelta(seconds=10), max_examples=60)
FRAGMENT_LENGTH = 100_000  # the 100 KB line took 17-37 s before


@pytest.fixture(scope="module", autouse=True)
def _warm(db: CardDB) -> None:
    """Build the title indexes and import rapidfuzz once, before any deadline runs."""
    resolve(parse_text("1x Hedge Fnd\n", "warm.txt", "text"), db)


def read_safely(fmt: str, text: str, db: CardDB) -> RawDeck:
    """What every reader promises for any text: a bounded RawDeck, resolvable."""
    raw = PARSER_BY_FORMAT[fmt].parse(text, "deck")
    assert isinstance(raw, RawDeck) and raw.format == fmt
    assert len(raw.lines) + len(raw.problems) <= MAX_LINES + 1
    assert {p.code for p in raw.problems} <= {"parse-error"}
    assert all(p.location.source == "deck" for p in raw.problems)
    deck = resolve(raw, db)
    # reading problems only, and a card named as the identity that is not one
    reading = {"parse-error", "unknown-card", "ambiguous-card", "identity-missing"}
    assert {p.code for p in deck.problems} <= reading
    return raw


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(SPECIAL, max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(["cards", "card_slots", "data", "name", "30030"]), inner)
    ),
    max_leaves=20,
)
XML_NAMES = st.sampled_from(["deck", "section", "card", "notes"])
XML_ATTRS = st.dictionaries(
    st.sampled_from(["name", "qty", "id"]),
    st.sampled_from(["Identity", "1", "3", "0", "²", "-1", "x01067", "bc0f047c-30030", ""]),
)


@st.composite
def xml_documents(draw: st.DrawFn, depth: int = 0) -> str:
    """A well-formed XML element of deck-like names, attributes and text."""
    tag = "deck" if depth == 0 else draw(XML_NAMES)
    attrs = "".join(f' {k}="{v}"' for k, v in draw(XML_ATTRS).items())
    text = draw(st.sampled_from(["", "Hedge Fund", "R&amp;D", "Hedge Fnd", "<![CDATA[x]]>"]))
    children = draw(st.lists(xml_documents(depth + 1), max_size=3)) if depth < 4 else []
    return f"<{tag}{attrs}>{text}{''.join(children)}</{tag}>"


@pytest.mark.parametrize("fmt", READERS)
@BOUNDED
@given(data=st.binary(max_size=4096))
def test_any_bytes_read_to_a_raw_deck(fmt: str, data: bytes, db: CardDB) -> None:
    decoded = decode_deck_bytes(data, "deck")
    if decoded.text is None:
        assert [p.code for p in decoded.problems] == ["parse-error"]
    else:
        read_safely(fmt, decoded.text, db)


@pytest.mark.parametrize("fmt", READERS)
@BOUNDED
@given(fragment=st.text(SPECIAL, min_size=1, max_size=6), count=st.integers(1, FRAGMENT_LENGTH))
def test_repeated_fragments_read_in_bounded_time(
    fmt: str, fragment: str, count: int, db: CardDB
) -> None:
    # a short fragment repeated up to 100 KB: where back-tracking would show
    read_safely(fmt, (fragment * count)[:FRAGMENT_LENGTH], db)


@BOUNDED
@given(doc=JSON_VALUES)
def test_any_json_document_reads_to_a_raw_deck(doc: object, db: CardDB) -> None:
    read_safely("json", json.dumps(doc), db)


@BOUNDED
@given(doc=xml_documents())
def test_any_xml_document_reads_to_a_raw_deck(doc: str, db: CardDB) -> None:
    read_safely("o8d", doc, db)


def only_problem(fmt: str, text: str, db: CardDB) -> tuple[str, int | None]:
    """The message and line of the one problem reading ``text`` gives."""
    [problem] = read_safely(fmt, text, db).problems
    return problem.message, problem.line


# the reproductions, each the one problem a reader finds: (format, text)
DEEP_JSON = ("json", "[" * 100_000 + "]" * 100_000)
DEEP_CARDS = ("json", '{\n"cards":\n' + '{"a":' * 1000 + "1" + "}" * 1001)
HUGE_NUMBER = ("json", '{\n "cards": {\n  "30030": 3,\n  "01050": ' + "9" * 5000 + "\n }\n}")
SUPERSCRIPT = (
    "o8d",
    '<deck>\n<section name="Identity">\n<card qty="²" id="x30076">The Catalyst</card>\n'
    "</section>\n</deck>",
)
LONG_QUANTITY = ("text", "Sure Gamble\n" + "9" * 5000 + "x Hedge Fund")
IDENTITY_CODE = ("jinteki", ";; title: x\n;; identity-code: \x1b[2J01067\n")


def test_the_problems_read_as_the_golden_file_says(db: CardDB) -> None:
    """The words of each reading problem the reproductions give."""
    slots = {f"card_{i}": 1 for i in range(MAX_LINES + 1)}
    problems = {
        name: read_safely(fmt, text, db).problems
        for name, (fmt, text) in {
            "deep JSON": DEEP_JSON,
            "deep JSON cards": DEEP_CARDS,
            "a JSON number of 5,000 digits": HUGE_NUMBER,
            "an OCTGN quantity '²'": SUPERSCRIPT,
            "a text quantity of 5,000 digits": LONG_QUANTITY,
            "a Jinteki identity code with an escape": IDENTITY_CODE,
            "more lines than any decklist": ("text", "3x Hedge Fund\n" * (MAX_LINES + 5)),
            "more JSON entries than any decklist": ("json", json.dumps({"card_slots": slots})),
        }.items()
    }
    unclosed = read_safely("text", "3x Hedge Fund [id: 01110] [note\n", db)
    problems["an unclosed bracket, resolved"] = resolve(unclosed, db).problems
    cases = [
        (name, "\n".join(f"{p.code} (line {p.line}): {p.message}" for p in said))
        for name, said in problems.items()
    ]
    assert_golden_cases("messages/decklist-reading.txt", cases, __file__)


def test_deeply_nested_json_is_a_parse_error(db: CardDB) -> None:
    message, line = only_problem(*DEEP_JSON, db)
    assert "not a NetrunnerDB deck" in message and "nested too deeply" in message
    assert line == 1
    message, line = only_problem(*DEEP_CARDS, db)
    assert "nested too deeply" in message and line == 3


def test_json_integer_over_4300_digits_is_a_parse_error(db: CardDB) -> None:
    message, line = only_problem(*HUGE_NUMBER, db)
    assert "not a NetrunnerDB deck" in message and "4,300 digits" in message
    assert line == 4


def test_octgn_quantity_that_is_a_digit_but_no_number(db: CardDB) -> None:
    message, line = only_problem(*SUPERSCRIPT, db)
    assert "'²'" in message and "'The Catalyst'" in message and "1–99" in message
    assert line == 3


@pytest.mark.parametrize("qty", ["9" * 5000, "٣"])
def test_octgn_quantities_python_reads_oddly(qty: str, db: CardDB) -> None:
    text = f'<deck><section><card qty="{qty}" id="x30030">Sure Gamble</card></section></deck>'
    raw = read_safely("o8d", text, db)
    if qty == "٣":  # an Arabic-Indic three is a decimal digit: three copies
        assert [line.quantity for line in raw.lines] == [3]
    else:
        assert "is not 1–99" in raw.problems[0].message
        assert len(raw.problems[0].message) < 200


def test_quantity_of_5000_digits_in_text_is_a_parse_error(db: CardDB) -> None:
    message, line = only_problem(*LONG_QUANTITY, db)
    assert "9" * 12 + "… (5,000 digits)" in message and "'Hedge Fund'" in message
    assert len(message) < 100 and line == 2


HOSTILE_LINES = {
    "text: unclosed [": ("text", lambda n: "3x Hedge Fund " + "[" * n),
    "markdown: unclosed [a](": ("markdown", lambda n: "* 3x " + "[a](" * (n // 4)),
    "markdown: spaced header": ("markdown", lambda n: "## " + " " * n + "x"),
    "bbcode: unclosed [url=a]": ("bbcode", lambda n: "3x " + "[url=a]b" * (n // 8)),
    "bbcode: unclosed [color=": ("bbcode", lambda n: "[color=" * (n // 7)),
    "jinteki: unclosed [id:": ("jinteki", lambda n: "3 Hedge Fund " + "[id: 01110" * (n // 10)),
    "jinteki: spaced title": ("jinteki", lambda n: ";; title: a" + " " * n + "b"),
    "nrdb-text: set names": ("nrdb-text", lambda n: "1x Hedge Fund" + " (a)" * (n // 4)),
}


@pytest.mark.parametrize("case", sorted(HOSTILE_LINES))
def test_hostile_100kb_lines_read_in_bounded_time(case: str, db: CardDB) -> None:
    fmt, build = HOSTILE_LINES[case]

    @BOUNDED
    @given(st.just(FRAGMENT_LENGTH))
    def reads(length: int) -> None:
        raw = read_safely(fmt, build(length), db)
        assert len(raw.lines) + len(raw.problems) <= 1
        for problem in raw.problems:  # long text is quoted shortened, never whole
            assert len(problem.message) < 300

    reads()


def test_unclosed_brackets_stay_in_the_title_and_closed_ones_go(db: CardDB) -> None:
    text = "3x Hedge Fund [id: 01110] [note\n2x Sure Gamble [[x]]\n"
    raw = read_safely("text", text, db)
    assert [line.title for line in raw.lines] == ["Hedge Fund [note", "Sure Gamble [ ]"]
    deck = resolve(raw, db)
    assert deck.counts() == {"sure_gamble": 2}  # the bracket left over is punctuation
    [problem] = deck.problems
    assert problem.code == "unknown-card" and "'Hedge Fund [note'" in problem.message


@pytest.mark.parametrize("fmt", ["text", "markdown", "bbcode", "jinteki", "nrdb-text"])
def test_more_lines_than_any_decklist_stop_with_a_problem(fmt: str, db: CardDB) -> None:
    raw = read_safely(fmt, "3x Hedge Fund\n" * (MAX_LINES + 5), db)
    assert len(raw.lines) == MAX_LINES
    [problem] = raw.problems
    assert problem.line == MAX_LINES + 1
    assert "10,005 lines" in problem.message and "at most 10,000" in problem.message
    assert "after the first 10,000" in problem.message  # what was left out


def test_more_json_entries_than_any_decklist_stop_with_a_problem(db: CardDB) -> None:
    slots = {f"card_{i}": 1 for i in range(MAX_LINES + 1)}
    raw = read_safely("json", json.dumps({"card_slots": slots}), db)
    assert len(raw.lines) == MAX_LINES
    assert "10,001 card entries" in raw.problems[0].message


def test_octgn_nested_sections_count_each_card_once(db: CardDB) -> None:
    text = (
        '<deck><section name="Identity"><card qty="1" id="x30076">C</card>'
        '<section><card qty="3" id="x30030">Sure Gamble</card></section></section></deck>'
    )
    raw = read_safely("o8d", text, db)
    assert [(line.code, line.quantity, line.identity) for line in raw.lines] == [
        ("30076", 1, True),
        ("30030", 3, False),
    ]


def test_jinteki_identity_code_must_be_a_printing_code(db: CardDB) -> None:
    message, line = only_problem(*IDENTITY_CODE, db)
    assert "'\\x1b[2J01067'" in message and "5-digit printing code" in message
    assert "\x1b" not in message and line == 2


HOSTILE_1_MIB: dict[str, Callable[[int], str]] = {
    "text": lambda n: "1x Card\n" * (n // 8),
    "markdown": lambda n: "[a](" * (n // 4),
    "json": lambda n: "[]," * (n // 3),
    "o8d": lambda n: "<deck><section>" + "<a>" * (n // 8) + "</a>" * (n // 8) + "</section></deck>",
}


@pytest.mark.parametrize("fmt", sorted(HOSTILE_1_MIB))
def test_a_1_mib_hostile_deck_reads_in_bounded_memory(fmt: str, db: CardDB) -> None:
    text = HOSTILE_1_MIB[fmt](MAX_BYTES - 64)
    tracemalloc.start()
    try:
        read_safely(fmt, text, db)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 64 * MAX_BYTES  # bench_hostile.py reports the figures: 5-40 MiB


def _failing_reader(text: str, source: str) -> RawDeck:
    raise RecursionError("maximum recursion depth exceeded")


def test_a_reader_failure_is_not_hidden_as_a_parse_error(monkeypatch: pytest.MonkeyPatch) -> None:
    # a reader that raises has a bug: it reaches the guarded path that makes it the deck's
    # internal-error (tests/acceptance/check/test_bugs.py), never a parse-error blaming the file
    monkeypatch.setattr(PARSER_BY_FORMAT["text"], "parse", _failing_reader)
    with pytest.raises(RecursionError):
        parse_text("3x Hedge Fund\n", "decks/a.txt", "text")
