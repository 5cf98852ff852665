"""What the check reporters share: files named as a CI service names them, problem order,
which decks a quiet report shows, and the summary's counts."""

from __future__ import annotations

import datetime as dt
import os

import pytest
from msgspec.structs import replace

from nrdeck.problems import INTERNAL_ERROR, Problem, Severity
from nrdeck.report.check.common import (
    ReportOptions,
    cached_note,
    errors_first,
    problems_of,
    shown,
    summary_line,
    workspace_path,
)
from nrdeck.results.check import CachedCopy, CheckReport, CheckTally, DeckOutcome
from tests.builders import DATA, checked_outcome, illegal_result, legal_result, unavailable_outcome

posix_only = pytest.mark.skipif(os.name == "nt", reason="POSIX paths")


@posix_only
@pytest.mark.parametrize(
    ("path", "cwd", "workspace", "named"),
    [
        ("./decks/a.txt", None, None, "decks/a.txt"),  # as given, less './'
        ("decks//a.txt", None, None, "decks/a.txt"),
        ("", None, None, ""),
        ("decks/a.txt", "/repo", None, "decks/a.txt"),  # the workspace is where the run started
        ("a.txt", "/repo/decks", "/repo", "decks/a.txt"),  # started in a sub-folder
        ("../b.txt", "/repo/decks", "/repo", "b.txt"),
        ("/repo/decks/a.txt", "/elsewhere", "/repo", "decks/a.txt"),  # absolute, inside
        ("../../x/a.txt", "/repo/decks", "/repo", "/x/a.txt"),  # outside: absolute
        ("a.txt", "/repo-two", "/repo", "/repo-two/a.txt"),  # a sibling is not inside
        ("/repo", "/repo", None, "."),
    ],
)
def test_a_file_is_named_relative_to_the_workspace_when_inside_it(
    path: str, cwd: str | None, workspace: str | None, named: str
) -> None:
    assert workspace_path(path, cwd, workspace) == named
    assert ReportOptions(cwd=cwd, workspace=workspace).file_name(path) == named


def test_problems_of_an_outcome_come_reading_first_then_checking_in_order_found() -> None:
    reading = Problem("encoding", "w", severity=Severity.WARNING)
    outcome = replace(checked_outcome(illegal_result()), problems=(reading,))
    codes = [p.code for p in problems_of(outcome)]
    assert codes == ["encoding", "copies", "unknown-card", "deck-size", "encoding"]
    assert [p.code for p in errors_first(problems_of(outcome))] == [
        "copies",
        "unknown-card",
        "deck-size",
        "encoding",
        "encoding",
    ]
    assert errors_first(()) == []


@pytest.mark.parametrize(
    ("outcome", "quiet_shows"),
    [
        (checked_outcome(legal_result()), False),
        (checked_outcome(illegal_result()), True),
        (unavailable_outcome(), True),
    ],
)
def test_quiet_hides_only_legal_decks(outcome: DeckOutcome, quiet_shows: bool) -> None:
    assert shown(outcome, ReportOptions())
    assert shown(outcome, ReportOptions(quiet=True)) is quiet_shows


def test_a_cached_copy_note_names_its_date_and_reason() -> None:
    assert cached_note(checked_outcome(legal_result())) is None
    copy = CachedCopy(dt.date(2025, 10, 1), "NetrunnerDB unreachable")
    note = cached_note(replace(checked_outcome(legal_result()), cached=copy))
    assert note is not None and note.endswith("2025-10-01: NetrunnerDB unreachable")


def _counts(line: str) -> tuple[str, list[str], str]:
    """'3 decks', ['1 legal', …], and what follows the counts."""
    head, rest = line.split(": ", 1)
    counts, tail = rest.split(" · ", 1)
    return head, counts.split(", "), tail


def test_the_summary_counts_decks_and_names_the_card_data() -> None:
    outcomes = (
        checked_outcome(legal_result()),
        checked_outcome(illegal_result()),
        unavailable_outcome(),
    )
    head, counts, tail = _counts(summary_line(CheckReport(outcomes=outcomes, data=DATA)))
    assert (head, counts) == ("3 decks", ["1 legal", "1 illegal", "1 unavailable"])
    assert tail.endswith(DATA.describe())


def test_the_summary_says_no_unavailable_or_cached_when_there_are_none() -> None:
    head, counts, _ = _counts(summary_line(CheckTally.of([checked_outcome(legal_result())], DATA)))
    assert (head, counts) == ("1 deck", ["1 legal", "0 illegal"])
    assert _counts(summary_line(CheckTally(DATA)))[:2] == ("0 decks", ["0 legal", "0 illegal"])


def test_the_summary_counts_internal_errors_among_the_illegal_and_cached_copies() -> None:
    bug = DeckOutcome(source="x.txt", problems=(Problem(INTERNAL_ERROR, "boom"),))
    copy = CachedCopy(dt.date(2025, 10, 1), "offline")
    cached = replace(checked_outcome(legal_result()), cached=copy)
    _, counts, _ = _counts(summary_line(CheckTally.of([bug, bug, cached], DATA)))
    assert counts[0] == "1 legal"
    assert counts[1].startswith("2 illegal (2 internal errors")
    assert counts[-1].startswith("1 from cached")


def test_the_summary_is_one_line_whatever_the_card_data_says() -> None:
    hostile = replace(DATA, kind="file", source="x\ny", path="/tmp/a\nb\x1b[2J")
    line = summary_line(CheckTally(hostile))
    assert "\n" not in line and "\x1b" not in line
