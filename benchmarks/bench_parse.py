"""Benchmark decklist reading: parse and resolve a 50-card list once the card data is loaded.

    python benchmarks/bench_parse.py [--runs 500]

Prints the median time per deck for a NetrunnerDB text export (the 2015 World Champion
Runner deck plus a few typed-by-hand lines: lower case, no accents, a set name, a prefix)
and for each output format read back. Goal: <= 2 ms median for the text list.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from nrdeck.app.inputs.decks import read_deck_text
from nrdeck.cards.bundled import BundledSource
from nrdeck.catalog import CardDB
from nrdeck.decklist.writers import WRITER_BY_FORMAT

GOAL_MS = 2.0
DECK = """2015-world-champion-runner-deck
Valencia Estevez: The Angel of Cayambe (Order and Chaos)

Event (12)
2x Account Siphon (Core Set) ••••• •••
3x Blackmail (Fear and Loathing)
3x Inject (Up and Over)
2x queens gambit
2x Deja Vu

Hardware (1)
1x Turntable (Chrome City)

Resource (30)
3x Daily Casts (Creation and Control)
3x Data Leak Reversal (Future Proof)
3x Drug Dealer (Old Hollywood) •••
3x Fall Guy (Double Time) •••
3x Joshua B. (Cyber Exodus)
3x Off–Campus Apartment (Breaker Bay)
3x Paparazzi (Old Hollywood)
3x Same Old Thing (Creation and Control)
3x Scrubber (A Study in Static)
3x Street Peddler

Icebreaker (5)
3x Faust (The Underway)
2x Corroder

Program (2)
2x D4v1d (The Spaces Between)

15 influence spent (max 15, available 0)
50 cards (min 45)
Cards up to The Universe of Tomorrow
"""


def median_ms(func: Callable[[], object], runs: int) -> float:
    """Median milliseconds per call, after a warm-up call."""
    func()
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        func()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=500)
    runs = parser.parse_args().runs
    db: CardDB = BundledSource().load()
    start = time.perf_counter()
    deck = read_deck_text(DECK, "bench.txt", db)
    first_ms = (time.perf_counter() - start) * 1000
    assert deck.problems == () and deck.size == 50, deck.problems
    text_ms = median_ms(lambda: read_deck_text(DECK, "bench.txt", db), runs)
    verdict = "ok" if text_ms <= GOAL_MS else "SLOWER THAN GOAL"
    print(f"parse + resolve, 50-card text export: median {text_ms:.3f} ms "
          f"(goal <= {GOAL_MS} ms: {verdict}); first deck {first_ms:.1f} ms "
          "(builds the title index)")  # fmt: skip
    for fmt, writer in sorted(WRITER_BY_FORMAT.items()):
        written = writer(deck, db)
        ms = median_ms(lambda w=written: read_deck_text(w, "bench", db), runs)
        print(f"parse + resolve, 50 cards as {fmt:<8}: median {ms:.3f} ms")


if __name__ == "__main__":
    main()
