"""`nrdeck simulate` with a mistake in a query: one line, exit 2, saying at which character of the
query (as quoted) the mistake is, alike for a query, --keep, --target and an unknown group
(wording: tests/golden/messages/simulation-queries.txt)."""

from __future__ import annotations

from typer.testing import CliRunner

from nrdeck.cli import app
from nrdeck.errors import ExitCode
from tests.paths import EXAMPLES, assert_golden_cases

RUNNER_DECK = str(EXAMPLES / "sg-catalyst.txt")
CASES = [
    ("a group name missing at the end", ("econ>=1 &",)),
    ("a number missing", ("econ>= & breaker>=1",)),
    ("a comparison missing", ("econ 1",)),
    ("a parenthesis not closed", ("(econ>=1 | breaker>=1",)),
    ("an operator missing", ("econ>=1 breaker>=1",)),
    ("an unexpected character", ("econ>=1 $ breaker>=1",)),
    ("spaces around the query are not counted", ("   econ>=1 $",)),
    ("an empty query", ("",)),
    ("an unknown group", ("econ>=1 & brekaer>=1",)),
    ("an unknown card", ('econ>=1 | "Sure Gambel">=1',)),
    ("--keep: an unknown group", ("econ>=1", "--keep", "econ>=1 | brekaer>=1")),
    ("--target: a parse error", ("--target", "econ>=1 & >=90%@T2")),
]


def test_each_mistake_is_one_line_saying_where() -> None:
    shown = []
    for label, args in CASES:
        result = CliRunner().invoke(app, ["simulate", RUNNER_DECK, *args, "--offline"])
        assert result.exit_code == ExitCode.USAGE, (label, result.output)
        assert result.stdout == "" and result.stderr.count("\n") == 1, label
        assert "column" not in result.stderr, label  # a table's column is something else
        shown.append((label, result.stderr))
    assert_golden_cases("messages/simulation-queries.txt", shown, __file__)
