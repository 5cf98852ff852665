"""Benchmark lists in other languages: `nrdeck check` of a French list against the same list
in English, and the English start-up against a Typer hello-world.

    python benchmarks/bench_lang.py [--runs 31]

The lists are data/examples/standard-zahya.txt and the same deck with its titles and
section headers in French (German, Japanese), from the bundled titles document. Prints the
median wall and CPU times of the commands, run interleaved in the same rounds, then, in one
process, what reading the titles costs (decoding them, indexing them, the first lookup) and
whether the English list read them at all. Goals: French <= 1.5x English; English <= 1.25x
the Typer hello-world.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

from startup import HELLO_WORLD, ensure_bytecode, interleaved, nrdeck_command

ROOT = Path(__file__).resolve().parent.parent
DECK = ROOT / "data" / "examples" / "standard-zahya.txt"
TYPES = ("event", "hardware", "program", "resource", "agenda", "asset", "ice", "operation")


def translated(text: str, language: str) -> str:
    """The list with every title and section header the data has in ``language``."""
    from nrdeck.cards.bundled import snapshot_path
    from nrdeck.cards.document import titles_path

    titles = json.loads(titles_path(snapshot_path()).read_text("utf-8"))["languages"][language]
    ids = {c["title"]: c["id"] for c in json.loads(snapshot_path().read_text("utf-8"))["cards"]}
    out = []
    for line in text.splitlines():
        quantity, _, rest = line.partition(" ")
        header = line.split(" (")[0].lower()
        if header in TYPES and line.endswith(")"):
            out.append(titles["types"][header] + " (" + line.split(" (")[1])
        elif quantity.isdigit():
            out.append(f"{quantity} {titles['cards'].get(ids.get(rest, ''), rest)}")
        else:
            out.append(titles["cards"].get(ids.get(line, ""), line))
    return "\n".join(out) + "\n"


def in_process(lists: dict[str, str]) -> None:
    """The titles' cost once card data is loaded, and whether English reads them."""
    from nrdeck.cards.bundled import BundledSource
    from nrdeck.decklist import parse_text
    from nrdeck.resolve import resolve

    for name, text in lists.items():
        db = BundledSource().load()
        loader, calls = db.titles, []

        def counted(load=loader, calls=calls):  # type: ignore[no-untyped-def]
            calls.append(1)
            return load()  # type: ignore[misc]

        db.titles = counted
        raw = parse_text(text, name)
        start = time.perf_counter()
        resolve(raw, db)
        first = (time.perf_counter() - start) * 1000
        start = time.perf_counter()
        resolve(raw, db)
        again = (time.perf_counter() - start) * 1000
        print(
            f"resolve {name:<8} first {first:6.1f} ms, again {again:5.2f} ms; "
            f"titles read: {'yes' if calls else 'no'}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=31)
    args = parser.parse_args()
    ensure_bytecode()
    nrdeck = nrdeck_command()
    english = DECK.read_text(encoding="utf-8")
    lists = {"en": english, **{lang: translated(english, lang) for lang in ("fr", "de", "ja")}}
    with tempfile.TemporaryDirectory() as tmp:
        paths = {}
        for lang, text in lists.items():
            paths[lang] = Path(tmp, f"zahya-{lang}.txt")
            paths[lang].write_text(text, encoding="utf-8")
        commands = {
            "typer hello-world": HELLO_WORLD,
            **{
                f"nrdeck check {lang}": [*nrdeck, "check", str(path), "--offline"]
                for lang, path in paths.items()
            },
        }
        samples = interleaved(commands, args.runs)
    hello = samples["typer hello-world"].wall_ms
    english_ms = samples["nrdeck check en"].wall_ms
    for name, sample in samples.items():
        vs = f"{sample.wall_ms / english_ms:4.2f}x en" if name != "typer hello-world" else ""
        print(
            f"{name:<20} median wall {sample.wall_ms:6.1f} ms  cpu {sample.cpu_ms:6.1f} ms"
            f"  {sample.wall_ms / hello:4.2f}x hello  {vs}"
        )
    in_process(lists)
    verdicts = {
        "French <= 1.5x English": samples["nrdeck check fr"].wall_ms <= 1.5 * english_ms,
        "English <= 1.25x the Typer hello-world": english_ms <= 1.25 * hello,
    }
    for goal, met in verdicts.items():
        print(f"{'met' if met else 'MISSED':>6}  {goal}")
    sys.exit(0)


if __name__ == "__main__":
    main()
