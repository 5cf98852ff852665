"""GitHub annotations: a workflow command per problem, its properties (file relative to the
workspace, line, title = the problem's code) escaped as GitHub's toolkit reads them, and a
deck not in the repository named in the message instead."""

from __future__ import annotations

import datetime as dt
import os
import re

import pytest
from msgspec.structs import replace

from nrdeck.problems import Location, Problem, Severity
from nrdeck.report.check import REPORTER_BY_NAME, ReportOptions
from nrdeck.report.check.github import annotation, escape_data, escape_property
from nrdeck.results.check import CachedCopy, CheckReport, DeckOutcome, Origin
from tests.builders import DATA, checked_outcome, illegal_result, legal_result

COMMAND = re.compile(r"^::(?P<command>error|warning) (?P<props>[^:]*)::(?P<message>.*)$")
BANNED = Problem("banned", "m", cards=("x",), location=Location("decks/a.txt", 12))


def parsed(line: str) -> tuple[str, dict[str, str], str]:
    """(command, properties, message) of one workflow command."""
    found = COMMAND.match(line)
    assert found, line
    props = dict(p.split("=", 1) for p in found["props"].split(","))
    return found["command"], props, found["message"]


def lines(*outcomes: DeckOutcome, options: ReportOptions | None = None) -> list[str]:
    report = CheckReport(outcomes=outcomes, data=DATA)
    out = str(REPORTER_BY_NAME["github"].render(report, options or ReportOptions()))
    return out.splitlines()


def test_a_legal_deck_prints_nothing() -> None:
    assert lines(checked_outcome(legal_result())) == []


def test_one_command_per_problem_errors_and_warnings_as_found() -> None:
    commands = [parsed(line) for line in lines(checked_outcome(illegal_result()))]
    assert [(c, p["title"]) for c, p, _ in commands] == [
        ("error", "copies"),
        ("error", "unknown-card"),
        ("error", "deck-size"),
        ("warning", "encoding"),
    ]


def test_a_problem_at_a_line_of_a_file_points_at_it() -> None:
    outcome = DeckOutcome(source="decks/a.txt", problems=(BANNED,))
    command, props, message = parsed(annotation(outcome, BANNED))
    assert (command, props, message) == (
        "error",
        {"file": "decks/a.txt", "line": "12", "title": "banned"},
        "m",
    )


def test_a_problem_without_a_line_names_only_the_file() -> None:
    problem = Problem("deck-size", "m")
    _, props, _ = parsed(annotation(DeckOutcome(source="./decks/a.txt"), problem))
    assert props == {"file": "decks/a.txt", "title": "deck-size"}  # no './'


@pytest.mark.skipif(os.name == "nt", reason="POSIX paths")
def test_the_file_is_named_relative_to_the_workspace() -> None:
    outcome = DeckOutcome(source="a.txt", problems=(BANNED,))
    options = ReportOptions(cwd="/repo/decks", workspace="/repo")
    _, props, _ = parsed(
        annotation(outcome, replace(BANNED, location=Location("a.txt", 1)), options)
    )
    assert props["file"] == "decks/a.txt"


@pytest.mark.parametrize("origin", ["remote", "stdin", "text"])
def test_a_deck_not_in_the_repository_is_named_in_the_message(origin: Origin) -> None:
    outcome = DeckOutcome(source="https://x/1", problems=(BANNED,), origin=origin)
    _, props, message = parsed(annotation(outcome, BANNED))
    assert props == {"title": "banned"}
    assert message == "https://x/1: m"


def test_a_cached_copy_is_a_warning_before_the_decks_problems() -> None:
    copy = CachedCopy(dt.date(2025, 10, 1), "offline")
    outcome = replace(checked_outcome(legal_result()), cached=copy, problems=(BANNED,))
    first, second = (parsed(line) for line in lines(outcome))
    assert (first[0], first[1]) == ("warning", {"title": "deck-cached"})
    assert first[2].startswith(outcome.source + ": ") and first[2].endswith("offline")
    assert second[1]["title"] == "banned"


def test_hostile_file_names_and_messages_stay_one_command_each() -> None:
    source = "decks/a,b:c%\nd.txt"
    problem = Problem(
        "parse-error",
        "line one\nline two\r\x1b[2J 100%",
        location=Location(source, 3),
        severity=Severity.WARNING,
    )
    [line] = lines(DeckOutcome(source=source, problems=(problem,)))
    command, props, message = parsed(line)
    assert command == "warning" and props["line"] == "3"
    assert props["file"] == escape_property(source)
    assert set(props["file"]).isdisjoint(",:\n\r") and "%2C" in props["file"]
    assert message == escape_data(problem.message)
    assert message.count("%0A") == 1 and "\x1b" not in message and "\r" not in message


@pytest.mark.parametrize(
    ("raw", "data", "prop"),
    [
        ("100%", "100%25", "100%25"),
        ("a:b,c", "a:b,c", "a%3Ab%2Cc"),
        ("a\nb", "a%0Ab", "a%0Ab"),  # a file name with a line break still names the file
        ("a\x1bb", "a\\x1bb", "a\\x1bb"),  # other controls are shown escaped
        ("", "", ""),
    ],
)
def test_escaping_as_githubs_toolkit_reads_it(raw: str, data: str, prop: str) -> None:
    assert escape_data(raw) == data
    assert escape_property(raw) == prop


def test_quiet_changes_nothing_in_a_machine_format() -> None:
    outcomes = (checked_outcome(legal_result()), checked_outcome(illegal_result()))
    assert lines(*outcomes, options=ReportOptions(quiet=True)) == lines(*outcomes)
