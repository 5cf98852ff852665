"""Benchmark the legality engine: check 1,000 decks in one process after the data is loaded.

    python benchmarks/bench_rules.py [--runs 7] [--decks 1000]

The decks are built from the bundled card data: Corp and Runner, 30 to 60 cards, legal and
illegal, checked under Standard (current and 2016), Startup, Eternal, System Gateway and
casual. Each run checks every deck once; selection (what is in force) happens once per
format, as ``nrdeck check`` does. Prints the median decks per second. Goal: >= 2,000.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import statistics
import time

from nrdeck.cards.bundled import BundledSource
from nrdeck.catalog import CardDB
from nrdeck.deck import Deck, DeckEntry
from nrdeck.rules import InForce, Selection, check_deck, select

FORMATS = (
    ("standard", None),
    ("standard", "2016-03-01"),
    ("standard", "2017-06-02"),
    ("startup", None),
    ("eternal", None),
    ("system_gateway", None),
    ("casual", None),
)
GOAL = 2000


def make_decks(db: CardDB, count: int, rng: random.Random) -> list[Deck]:
    """Decks of 30-60 cards, half Corp and half Runner.

    Three cards in four come from the identity's faction or neutral cards (most decks are
    near-legal), one in four from anywhere (off-faction, rotated, wrong side, banned).
    """
    cards = sorted((c for c in db.cards.values() if not c.is_identity), key=lambda c: c.id)
    identities = sorted((c for c in db.cards.values() if c.is_identity), key=lambda c: c.id)
    decks = []
    for n in range(count):
        identity = rng.choice([c for c in identities if c.side == ("corp" if n % 2 else "runner")])
        home = [
            c.id
            for c in cards
            if c.side == identity.side
            and c.faction in (identity.faction, f"neutral_{identity.side}")
        ]
        anywhere = [c.id for c in cards]
        size, entries, line = rng.randint(30, 60), [], 2
        while sum(e.quantity for e in entries) < size:
            choice = rng.choice(home if rng.random() < 0.75 else anywhere)
            entries.append(DeckEntry(choice, rng.randint(1, 3), line=line))
            line += 1
        decks.append(Deck(f"deck{n}.txt", None, DeckEntry(identity.id, 1, line=1), tuple(entries)))
    return decks


def in_force_list(db: CardDB, today: dt.date) -> list[InForce]:
    """One InForce per benchmarked format (selected once, as a command does)."""
    out = []
    for fmt, on in FORMATS:
        day = dt.date.fromisoformat(on) if on else None
        out.append(select(db, Selection(today=today, format_id=fmt, as_of=day)))
    return out


def run(db: CardDB, decks: list[Deck], forces: list[InForce]) -> float:
    """Seconds to check every deck once (formats round-robin)."""
    start = time.perf_counter()
    for index, deck in enumerate(decks):
        check_deck(deck, db, forces[index % len(forces)])
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--decks", type=int, default=1000)
    args = parser.parse_args()
    db = BundledSource().load()
    decks = make_decks(db, args.decks, random.Random(2025))
    forces = in_force_list(db, dt.date(2025, 11, 1))
    first = run(db, decks, forces)  # includes building each InForce's lookups once
    times = [run(db, decks, forces) for _ in range(args.runs)]
    median = statistics.median(times)
    rate = len(decks) / median
    print(f"first run (builds per-format lookups): {len(decks) / first:,.0f} decks/s")
    print(f"check {len(decks)} decks: median {median * 1000:.1f} ms over {args.runs} runs")
    print(f"median rate: {rate:,.0f} decks/s (goal >= {GOAL:,}; {rate / GOAL:.1f}x)")
    return 0 if rate >= GOAL else 1


if __name__ == "__main__":
    raise SystemExit(main())
