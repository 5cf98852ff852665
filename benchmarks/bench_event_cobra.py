"""What `event --cobra` costs: the same roster with the settings from Cobra or given as options.

    python benchmarks/bench_event_cobra.py [--runs 9] [--latency 0.1]

The Cobra double (../shared/tools/cobra_mock.py) answers after ``--latency`` seconds. Each
round runs, in turn, as subprocesses: `nrdeck event decks.json` with tournament 5871's
settings given as options (`--format standard --as-of 2025-10-18 --banlist 25.10
--cardpool-up-to elevation --tier competitive`), the same with `--cobra 5871` on an empty
cache (two 200s), and again on a warm cache (two 304s). Prints the medians and what
`--cobra` adds, in round trips of ``--latency``, and apart the time to import the HTTP layer
(which a roster of NetrunnerDB links pays anyway). Goal: at most two round trips. Needs
../shared (the double and its card data).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from startup import ensure_bytecode, nrdeck_command, run_once

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("NRDECK_TEST_SHARED") or ROOT.parent / "shared")  # as tests.paths
MOCK = SHARED / "tools" / "cobra_mock.py"
CARDS_JSON = SHARED / "netrunner-cards-json"
ROSTER = ROOT / "tests" / "fixtures" / "event" / "cobra" / "decks.json"
EXPLICIT = ["--format", "standard", "--as-of", "2025-10-18", "--banlist", "25.10",
            "--cardpool-up-to", "elevation", "--tier", "competitive"]  # fmt: skip
GOAL_ROUND_TRIPS = 2


@contextmanager
def serving(latency: float) -> Iterator[str]:
    """The Cobra double answering after ``latency`` seconds; yields its base URL."""
    if not MOCK.is_file() or not (CARDS_JSON / "v2").is_dir():
        raise SystemExit(f"needs {MOCK} and {CARDS_JSON}")
    cmd = [sys.executable, str(MOCK), "--port", "0", "--latency", str(latency)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        if "serving" not in line:
            raise SystemExit("the Cobra double did not start")
        yield line.rsplit(" ", 1)[1].strip()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        if proc.stdout is not None:
            proc.stdout.close()


def requests_made(base: str) -> int:
    with urllib.request.urlopen(f"{base}/__stats", timeout=10) as answer:
        return int(json.loads(answer.read())["requests"])


STACK = (
    "import time, nrdeck.cli.event; t = time.perf_counter(); "
    "import nrdeck.http.workers, requests; print((time.perf_counter() - t) * 1000)"
)


def stack_import_ms(runs: int) -> float:
    """Median ms to import the HTTP layer (requests, urllib3) into a started `nrdeck event`:
    paid once by any run that asks a server, NetrunnerDB or Cobra."""
    found = [
        float(subprocess.run([sys.executable, "-c", STACK], capture_output=True, text=True,
                             check=True).stdout)
        for _ in range(runs)
    ]  # fmt: skip
    return statistics.median(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--latency", type=float, default=0.1)
    args = parser.parse_args()
    ensure_bytecode()
    event = [*nrdeck_command(), "event", str(ROSTER)]
    walls: dict[str, list[float]] = {"options": [], "cobra, empty cache": [], "cobra, warm": []}
    with serving(args.latency) as base, tempfile.TemporaryDirectory() as tmp:
        cobra = [*event, "--cobra", "5871", "--cobra-url", base]
        env = {**os.environ, "NRDECK_CACHE_DIR": str(Path(tmp) / "warm")}
        run_once(cobra, env)  # warms the cache, and the machine
        before = requests_made(base)
        for n in range(args.runs):
            walls["options"].append(run_once([*event, *EXPLICIT], env)[0])
            cold = {**os.environ, "NRDECK_CACHE_DIR": str(Path(tmp) / f"cold-{n}")}
            walls["cobra, empty cache"].append(run_once(cobra, cold)[0])
            walls["cobra, warm"].append(run_once(cobra, env)[0])
        per_run = (requests_made(base) - before) / (2 * args.runs)
    medians = {name: statistics.median(ms) for name, ms in walls.items()}
    base_ms = medians["options"]
    print(f"nrdeck event, 5 players of Cobra's export, Cobra answering after {args.latency:g} s "
          f"({args.runs} rounds, {per_run:g} requests per --cobra run):")  # fmt: skip
    for name, ms in medians.items():
        added = ms - base_ms
        trips = added / (args.latency * 1000)
        extra = "" if name == "options" else f"  (+{added:.0f} ms, {trips:.2f} round trips)"
        print(f"  {name:20} median {ms:.0f} ms{extra}")
    stack = stack_import_ms(args.runs)
    worst = max(medians.values()) - base_ms
    budget = GOAL_ROUND_TRIPS * args.latency * 1000
    print(f"  of which importing the HTTP layer (requests): median {stack:.0f} ms, paid by any "
          "run that fetches from NetrunnerDB too")  # fmt: skip
    print(
        f"goal: --cobra adds at most {GOAL_ROUND_TRIPS} round trips ({budget:.0f} ms): "
        f"{'ok' if worst <= budget else 'OVER GOAL'} in all; "
        f"{'ok' if worst - stack <= budget else 'OVER GOAL'} beside the HTTP layer's import"
    )


if __name__ == "__main__":
    main()
