"""Benchmark hostile decklists: the slowest 1 MiB deck found for each reader reads in <= 1 s.

    python benchmarks/bench_hostile.py [--runs 5] [--screen-kib 64] [--keep 3]

For each reader (text, nrdb-text, markdown, bbcode, jinteki, o8d, json) it builds hostile
decks: hand-made shapes (unclosed brackets, deep JSON, huge numbers, nested XML, thousands
of unknown or misspelt names...) and every one- and two-character fragment over the
characters the readers' patterns treat specially, repeated (for the line readers also in
lines as long as a 1 MiB deck of 10,000 lines has). It screens them all once at
--screen-kib, fills the --keep slowest of each reader to 1 MiB (the largest file nrdeck
reads) and times format detection + parse + resolve against the bundled card data, median
of --runs; the goal is <= 1 s. Then the same for memory: peak allocations (tracemalloc)
while reading, screened at a quarter of --screen-kib. Takes about two minutes.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time
import tracemalloc
from collections.abc import Callable
from typing import NamedTuple

from nrdeck.cards.bundled import BundledSource
from nrdeck.catalog import CardDB
from nrdeck.decklist import PARSER_BY_FORMAT, parse_text
from nrdeck.decklist.detect import detect_format
from nrdeck.decklist.lines import MAX_LINES
from nrdeck.decklist.reading import MAX_BYTES
from nrdeck.resolve import resolve

GOAL_S = 1.0
LINE_READERS = ("text", "nrdb-text", "markdown", "bbcode", "jinteki")
SPECIAL = "[]()_#x 1;:=-\na"  # what the readers' patterns look for (and a letter)
LINE_BYTES = MAX_BYTES // MAX_LINES  # the longest lines a deck can have, all of them read
GUID = "bc0f047c-01dc-4f8c-b2b8-0000000{:05d}"
Build = Callable[[int], str]  # the deck of (at most) that many UTF-8 bytes
Measure = Callable[[str, str, CardDB], float]  # (text, reader, card data) -> a figure


def repeat(unit: str, head: str = "", tail: str = "") -> Build:
    """``head + unit * n + tail``, as many units as fit."""

    def build(size: int) -> str:
        room = size - len((head + tail).encode())
        return head + unit * max(0, room // len(unit.encode())) + tail

    return build


def numbered(template: str, head: str = "", tail: str = "") -> Build:
    """``template.format(i)`` for i = 0, 1, 2... as many as fit."""

    def build(size: int) -> str:
        parts, used = [head], len((head + tail).encode())
        for i in itertools.count():
            part = template.format(i)
            used += len(part.encode())
            if used > size:
                break
            parts.append(part)
        return "".join(parts) + tail

    return build


def cycling(items: list[str], template: str) -> Build:
    """``template.format(item)`` over ``items`` again and again, as many as fit."""
    parts = [template.format(item) for item in items]

    def build(size: int) -> str:
        chosen, used = [], 0
        for part in itertools.cycle(parts):
            used += len(part.encode())
            if used > size:
                break
            chosen.append(part)
        return "".join(chosen)

    return build


def line_shapes(db: CardDB) -> dict[str, Build]:
    """Hand-made hostile decks for the line readers."""
    ids = sorted(c.title for c in db.cards.values() if c.is_identity)
    return {
        "unclosed [ on one line": repeat("[", head="3x "),
        "unclosed ( on one line": repeat("(", head="1x Hedge Fund "),
        "set names on one line": repeat(" (a)", head="1x Hedge Fund"),
        "unclosed [a]( links": repeat("[a](", head="* 3x "),
        "unclosed _( packs": repeat("_(", head="* 3x "),
        "unclosed [url= tags": repeat("[url=", head="3x "),
        "[url=a] tags, never closed": repeat("[url=a]b"),
        "[color= tags": repeat("[color="),
        "[id: 01110 suffixes": repeat("[id: 01110", head="3 "),
        "one white-space line": repeat(" ", head="3x Hedge", tail="Fund"),
        "header with white space": repeat(" ", head="## Event", tail="x"),
        "bold name with white space": repeat(" ", head="[b]Event", tail="x[/b]"),
        "jinteki title with white space": repeat(" ", head=";; title: a", tail="b"),
        "blank lines": repeat("\n"),
        "one long title": repeat("a", head="1x "),
        "a 1 MiB quantity": repeat("9", tail="x Hedge Fund"),
        "negative quantities": repeat("x-1"),
        "trailing quantities": repeat(" ×1", head="a"),
        "distinct unknown names": numbered("1x Card {0}\n"),
        "long unknown names": numbered("1x Card {0} " + "a" * (LINE_BYTES - 16) + "\n"),
        "one typo, every line": repeat("1x Hedge Fnd\n"),
        "distinct typos": numbered("1x Hedge Fnd {0}\n"),
        "every identity, no quantity": cycling(ids, "{0}\n"),
        "jinteki identities": cycling(ids, ";; identity: {0}\n"),
        "Hedge Fund lines": repeat("3x Hedge Fund\n"),
        "Markdown card lines": repeat(
            "* 3x [Hedge Fund](https://netrunnerdb.com/en/card/01110) _(Core Set)_ ●●\n"
        ),
        "BBCode card lines": repeat(
            "3x [url=https://netrunnerdb.com/en/card/01110]Hedge Fund[/url] [i](Core Set)[/i]\n"
        ),
    }


def in_lines(unit: str) -> Build:
    """``unit`` repeated in lines of ``LINE_BYTES``: as many lines as are read, each long."""
    line = unit * max(1, (LINE_BYTES - 1) // len(unit.encode())) + "\n"
    return repeat(line)


def fragment_shapes(*, lines: bool) -> dict[str, Build]:
    """Every one- and two-character fragment over ``SPECIAL``, repeated (and in lines)."""
    fragments = [*SPECIAL, *("".join(p) for p in itertools.product(SPECIAL, repeat=2))]
    shapes = {f"{f!r} repeated": repeat(f) for f in fragments}
    if lines:
        shapes.update({f"{f!r} repeated in lines": in_lines(f) for f in fragments})
    return shapes


def json_shapes() -> dict[str, Build]:
    """Hostile NetrunnerDB JSON."""
    return {
        "[ nested": repeat("["),
        "[] nested, closed": nested("[", "]"),
        '{"a": nested': repeat('{"a":'),
        "a 1 MiB integer": repeat("9", head='{"cards": {"01110": ', tail="}}"),
        "many 4,301-digit integers": repeat("9" * 4301 + ",", head="[", tail="1]"),
        "many printing codes": numbered('"{0:05d}": 1, ', head='{"cards": {', tail='"x": 1}}'),
        "many escaped keys": numbered('"\\u0030{0:04d}": 1, ', head='{"cards": {', tail="}}"),
        "many bad quantities": numbered('"{0:05d}": "x", ', head='{"cards": {', tail="}}"),
        "many v3 card ids": numbered('"card_{0}": 3, ', head='{"card_slots": {', tail="}}"),
        "unterminated escapes": repeat('\\"', head='"'),
        "empty arrays": repeat("[],", head="[", tail="[]]"),
        "white space": repeat(" ", tail="{}"),
    }


def nested(opening: str, closing: str, inner: str = "", head: str = "", tail: str = "") -> Build:
    """``head + opening * k + inner * k + closing * k + tail``, as deep as fits."""

    def build(size: int) -> str:
        room = size - len((head + tail).encode())
        depth = max(0, room // len((opening + inner + closing).encode()))
        return head + opening * depth + inner * depth + closing * depth + tail

    return build


def o8d_shapes() -> dict[str, Build]:
    """Hostile OCTGN XML."""
    deck = '<deck game="0f38e453-26df-4c04-9d67-6d43de939c77"><section name="Identity">'
    end = "</section></deck>"
    card = '<card qty="1" id="' + GUID + '">Card</card>'
    return {
        "many cards": numbered(card, head=deck, tail=end),
        "nested sections": nested("<section>", "</section>", '<card qty="1">a</card>', deck, end),
        "deep elements": nested("<a>", "</a>", head=deck, tail=end),
        "unknown titles": numbered('<card qty="1">Card {0}</card>', head=deck, tail=end),
        "titles with entities": numbered('<card qty="1">R&amp;D {0}</card>', head=deck, tail=end),
        'qty="²"': numbered('<card qty="²" id="' + GUID + '"/>', head=deck, tail=end),
        "unclosed <": repeat("<"),
        "one huge attribute": repeat("9", head='<deck><section><card qty="', tail='"/>' + end),
    }


def shapes_by_reader(db: CardDB) -> dict[str, dict[str, Build]]:
    """Every hostile deck to try, per reader."""
    by_reader = {fmt: {**line_shapes(db), **fragment_shapes(lines=True)} for fmt in LINE_READERS}
    by_reader["json"] = {**json_shapes(), **fragment_shapes(lines=False)}
    by_reader["o8d"] = {**o8d_shapes(), **fragment_shapes(lines=False)}
    return by_reader


def read(text: str, fmt: str, db: CardDB) -> None:
    """What nrdeck does with a deck's text: detect its format, parse it, resolve it."""
    detect_format(text, "hostile")
    resolve(parse_text(text, "hostile", fmt), db)


def seconds(text: str, fmt: str, db: CardDB) -> float:
    """Wall time of reading ``text``, seconds."""
    start = time.perf_counter()
    read(text, fmt, db)
    return time.perf_counter() - start


def peak_mib(text: str, fmt: str, db: CardDB) -> float:
    """Peak memory (tracemalloc) allocated while reading ``text``, MiB."""
    tracemalloc.start()
    try:
        read(text, fmt, db)
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()


class Worst(NamedTuple):
    """A reader's worst 1 MiB deck for one measure."""

    value: float
    shape: str
    size: int


def worst(fmt: str, shapes: dict[str, Build], measure: Measure, screen_kib: int, runs: int,
          keep: int, db: CardDB) -> Worst:  # fmt: skip
    """Screen every shape at ``screen_kib`` (once), then the ``keep`` worst at 1 MiB (median)."""
    screened = {name: measure(build(screen_kib * 1024), fmt, db) for name, build in shapes.items()}
    results = []
    for name in sorted(screened, key=screened.__getitem__, reverse=True)[:keep]:
        text = shapes[name](MAX_BYTES)
        value = statistics.median(measure(text, fmt, db) for _ in range(runs))
        results.append(Worst(value, name, len(text.encode())))
    return max(results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--screen-kib", type=int, default=64)
    parser.add_argument("--keep", type=int, default=3)
    args = parser.parse_args()
    db: CardDB = BundledSource().load()
    read("1x Hedge Fnd\n", "text", db)  # first use: title indexes, rapidfuzz import
    assert set(PARSER_BY_FORMAT) == {*LINE_READERS, "json", "o8d"}
    for fmt, shapes in shapes_by_reader(db).items():
        slow = worst(fmt, shapes, seconds, args.screen_kib, args.runs, args.keep, db)
        verdict = "ok" if slow.value <= GOAL_S else "SLOWER THAN GOAL"
        print(f"{fmt:<9} {len(shapes)} hostile decks; slowest at 1 MiB: {slow.shape} "
              f"({slow.size:,} bytes), median {slow.value:.3f} s (goal <= {GOAL_S:.0f} s: "
              f"{verdict})")  # fmt: skip
        # tracemalloc slows reading down: screen smaller, and one run (peaks do not vary)
        big = worst(fmt, shapes, peak_mib, args.screen_kib // 4, 1, args.keep, db)
        print(f"{'':<9} most memory at 1 MiB: {big.shape} ({big.size:,} bytes), "
              f"peak {big.value:.1f} MiB")  # fmt: skip


if __name__ == "__main__":
    main()
