"""Refresh the bundled card data from a netrunner-cards-json checkout, with a Markdown report.

    python scripts/refresh_card_data.py CHECKOUT REPORT.md [--date YYYY-MM-DD] [--run-tests]

Run from a clone of nrdeck (its own interpreter, with the test extra installed). It rebuilds
``data/cards.json`` (and the files beside it: ``nrdeck.app.data.built_files``) with
``nrdeck data build --report``, which
writes what changed from the snapshot the repository held: new and changed lists with what
each changed, sets, cards, ids, Startup caps, keys nrdeck does not apply. When the data
changed it then regenerates the golden files (tests/golden) and adds to the report what they
now show, and with ``--run-tests`` the whole test suite's outcome. It prints ``changed=true``
or ``changed=false`` (also to ``$GITHUB_OUTPUT`` when set, with ``paths``: every path the
build and the golden files may change, one a line), for the weekly workflow
(.github/workflows/refresh-card-data.yml) that opens a pull request with the report as body
and commits exactly those paths.
docs/maintaining.md describes the review.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

from nrdeck.app.data import built_files

ROOT = Path(__file__).resolve().parent.parent
SNAPSHOT = "data/cards.json"
DATA = tuple(path.as_posix() for path in built_files(Path(SNAPSHOT)))
GOLDEN = "tests/golden"
COMMITTED = (*DATA, GOLDEN)  # what the workflow commits (its add-paths)
# the tests that write golden files (tests/paths.py's assert_golden*), all regenerated on new
# data; the refresh's own tests run this script, so they are not among them
GOLDEN_HELPER = "assert_golden"
REFRESH_TESTS = "tests/acceptance/data/test_data_refresh.py"
MAX_DIFF_LINES = 300


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    report = Path(args.report).resolve()
    build = [sys.executable, "-m", "nrdeck", "data", "build", "--from", str(args.checkout)]
    build += ["--out", SNAPSHOT, "--report", str(report)]
    build += ["--date", args.date] if args.date else []
    subprocess.run(build, cwd=ROOT, check=True)
    changed = bool(_git("status", "--porcelain", "--", *DATA))
    if changed:
        with report.open("a", encoding="utf-8") as out:
            out.write(_golden_section(args.golden_tests))
            if args.run_tests:
                out.write(_tests_section())
    _say(changed)
    return 0


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("checkout", type=Path, help="a netrunner-cards-json checkout")
    parser.add_argument("report", help="where to write the Markdown report")
    parser.add_argument("--date", help="the dataset's date, when the checkout has no SOURCE.md")
    parser.add_argument("--run-tests", action="store_true", help="add the suite's outcome")
    parser.add_argument(
        "--golden-test",
        action="append",
        default=[],
        dest="golden_tests",
        help="regenerate only this test file's golden files (repeatable; default: every test "
        "that writes one)",
    )
    return parser.parse_args(argv)


def _git(*args: str) -> str:
    done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True)
    return done.stdout


def _golden_tests() -> list[str]:
    """Every test file that writes golden files, but the refresh's own."""
    found = (
        p
        for p in sorted((ROOT / "tests").rglob("test_*.py"))
        if GOLDEN_HELPER in p.read_text("utf-8")
    )
    return [
        p.relative_to(ROOT).as_posix()
        for p in found
        if p.relative_to(ROOT).as_posix() != REFRESH_TESTS
    ]


def _golden_section(golden_tests: list[str]) -> str:
    """The golden files regenerated on the new data, and what they now show."""
    env = {**os.environ, "NRDECK_UPDATE_GOLDEN": "1"}
    tests = golden_tests or _golden_tests()
    pytest = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *tests]
    subprocess.run(pytest, cwd=ROOT, env=env, capture_output=True, check=False)
    stat = _git("diff", "--stat", "--", GOLDEN).strip()
    if not stat:
        return "\n## What the golden files show\n\nNo golden file changed.\n"
    diff = _git("diff", "--", GOLDEN).splitlines()
    shown = diff[:MAX_DIFF_LINES]
    more = f"\n… {len(diff) - MAX_DIFF_LINES} more lines\n" if len(diff) > len(shown) else ""
    return (
        "\n## What the golden files show\n\nRegenerated on the new data; read each difference "
        "as new data or a behaviour change.\n\n```text\n"
        + stat
        + "\n```\n\n```diff\n"
        + "\n".join(shown)
        + "\n```\n"
        + more
    )


def _tests_section() -> str:
    """The whole suite on the new data: its summary line and the tests that failed."""
    pytest = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rf"]
    done = subprocess.run(pytest, cwd=ROOT, capture_output=True, text=True, check=False)
    lines = done.stdout.splitlines()
    failed = [line for line in lines if line.startswith(("FAILED", "ERROR"))]
    summary = lines[-1] if lines else "(no output)"
    listed = "".join(f"- `{line}`\n" for line in failed[:50])
    return f"\n## The test suite on the new data\n\n{summary}\n\n{listed}"


def _say(changed: bool) -> None:
    line = f"changed={'true' if changed else 'false'}"
    print(line)
    output = os.environ.get("GITHUB_OUTPUT")
    if output:
        paths = "\n".join(COMMITTED)
        with open(output, "a", encoding="utf-8") as out:
            out.write(f"{line}\npaths<<NRDECK_PATHS\n{paths}\nNRDECK_PATHS\n")


if __name__ == "__main__":
    sys.exit(main())
