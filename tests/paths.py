"""Where the tests find the project: its root, the fixtures, golden files and example decks."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
FIXTURES = TESTS / "fixtures"
GOLDEN = TESTS / "golden"
EXAMPLES = ROOT / "data" / "examples"
SHARED = ROOT.parent / "shared"
