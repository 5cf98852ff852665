"""Where the tests find the project: its root, the fixtures, golden files and example decks."""

import os
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
FIXTURES = TESTS / "fixtures"
GOLDEN = TESTS / "golden"
EXAMPLES = ROOT / "data" / "examples"
# what the tests that need them use and skip without: a netrunner-cards-json checkout and the
# NetrunnerDB and Cobra doubles (netrunner-cards-json/, tools/), beside the project by default
SHARED = Path(os.environ.get("NRDECK_TEST_SHARED") or ROOT.parent / "shared").resolve()
# the dataset date of the bundled snapshot (data/cards.json): the one line a rebuild moves
SNAPSHOT_DATE = "2026-09-21"


def assert_golden(name: str, actual: str, test: str) -> None:
    """``actual`` is tests/golden/NAME; with NRDECK_UPDATE_GOLDEN=1 it is written there first
    (``test``: the ``__file__`` of the test that regenerates it, named in the failure)."""
    golden = GOLDEN / name
    if os.environ.get("NRDECK_UPDATE_GOLDEN"):
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(actual, encoding="utf-8")
    assert actual == golden.read_text(encoding="utf-8"), (
        f"{name} changed; if intended, regenerate with NRDECK_UPDATE_GOLDEN=1 python -m pytest "
        f"{Path(test).relative_to(ROOT)} and review git diff tests/golden"
    )


def assert_golden_cases(name: str, cases: Iterable[tuple[str, str]], test: str) -> None:
    """The text of each case, under a ``== label`` heading, is tests/golden/NAME: one file per
    topic, so that rewording a message is one regenerated file and one diff to review."""
    shown = "".join(f"== {label}\n{text.rstrip(chr(10))}\n\n" for label, text in cases)
    shown = shown.replace(str(ROOT), "<repository>")  # the same on every checkout
    assert_golden(name, shown, test)
