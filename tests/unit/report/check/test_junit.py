"""JUnit XML: one testcase per deck; an illegal deck is one failure, an unavailable deck or
a bug one error; the counts on the suites are those of the elements written; text XML
cannot hold is shown escaped."""

from __future__ import annotations

import datetime as dt
import os
import xml.etree.ElementTree as ET

import pytest
from msgspec.structs import replace

from nrdeck.problems import INTERNAL_ERROR, Location, Problem, Severity
from nrdeck.report.check import REPORTER_BY_NAME, ReportOptions
from nrdeck.report.check.junit import attr, problem_line, text
from nrdeck.results.check import CachedCopy, CheckReport, DeckOutcome, Period
from tests.builders import (
    DATA,
    REPORT_PERIOD,
    checked_outcome,
    illegal_result,
    legal_result,
    unavailable_outcome,
)

BUG = DeckOutcome(source="x.txt", problems=(Problem(INTERNAL_ERROR, "boom"),))
WARNED = replace(
    checked_outcome(legal_result()),
    problems=(Problem("encoding", "w", severity=Severity.WARNING),),
)
CACHED = replace(
    checked_outcome(legal_result()), cached=CachedCopy(dt.date(2025, 10, 1), "offline")
)


def suites(
    *outcomes: DeckOutcome,
    period: Period | None = REPORT_PERIOD,
    options: ReportOptions | None = None,
) -> ET.Element:
    report = CheckReport(outcomes=outcomes, data=DATA, period=period)
    out = str(REPORTER_BY_NAME["junit"].render(report, options or ReportOptions()))
    return ET.fromstring(out.split("\n", 1)[1])


def counts(element: ET.Element) -> tuple[int, int, int]:
    return tuple(int(element.attrib[k]) for k in ("tests", "failures", "errors"))  # type: ignore[return-value]


@pytest.mark.parametrize(
    ("outcomes", "expected"),
    [
        ((), (0, 0, 0)),
        ((checked_outcome(legal_result()), WARNED, CACHED), (3, 0, 0)),
        ((checked_outcome(illegal_result()),), (1, 1, 0)),
        ((unavailable_outcome(), BUG), (2, 0, 2)),
        (
            (checked_outcome(illegal_result()), unavailable_outcome(), BUG, WARNED),
            (4, 1, 2),
        ),
    ],
    ids=["none", "legal", "illegal", "errors", "mixed"],
)
def test_the_suites_count_the_elements_written(
    outcomes: tuple[DeckOutcome, ...], expected: tuple[int, int, int]
) -> None:
    root = suites(*outcomes)
    suite = root.find("testsuite")
    assert suite is not None
    assert counts(root) == counts(suite) == expected
    cases = suite.findall("testcase")
    assert len(cases) == expected[0]
    assert sum(len(c.findall("failure")) for c in cases) == expected[1]
    assert sum(len(c.findall("error")) for c in cases) == expected[2]


@pytest.mark.parametrize(
    ("outcome", "tag", "kind"),
    [
        (checked_outcome(illegal_result()), "failure", "illegal"),
        (unavailable_outcome(), "error", "unavailable"),
        (BUG, "error", "internal-error"),
    ],
)
def test_a_deck_that_did_not_pass_is_one_element_of_its_kind(
    outcome: DeckOutcome, tag: str, kind: str
) -> None:
    [case] = suites(outcome).findall("testsuite/testcase")
    [element] = list(case.iter(tag))
    assert element.attrib["type"] == kind
    assert len([e for e in case if e.tag in ("failure", "error")]) == 1


def test_a_failure_counts_its_errors_and_names_each_code_once() -> None:
    twice = Problem("copies", "again", location=Location("decks/x.txt", 9))
    result = illegal_result()
    outcome = checked_outcome(replace(result, problems=(*result.problems, twice)))
    [failure] = suites(outcome).iter("failure")
    count, codes = failure.attrib["message"].split(": ")
    assert (count, codes.split(", ")) == ("4 problems", ["copies", "unknown-card", "deck-size"])
    errors = [p for p in outcome.all_problems if p.severity is Severity.ERROR]
    assert failure.text == text("\n".join(problem_line(p) for p in errors))


def test_warnings_and_cached_copies_go_to_the_testcases_output() -> None:
    [warned, cached] = suites(WARNED, CACHED).findall("testsuite/testcase")
    assert warned.findtext("system-out", "").startswith("warning encoding")
    assert cached.findtext("system-out", "").startswith("warning deck-cached: ")
    assert warned.find("failure") is None and cached.find("failure") is None


@pytest.mark.skipif(os.name == "nt", reason="POSIX paths")
def test_a_testcase_is_named_by_its_file_in_the_workspace() -> None:
    options = ReportOptions(cwd="/repo/x", workspace="/repo")
    local, remote = suites(
        checked_outcome(legal_result()), unavailable_outcome(), options=options
    ).findall("testsuite/testcase")
    assert local.attrib["name"] == "x/decks/hb.txt"
    assert remote.attrib["name"] == unavailable_outcome().source  # a link stays a link


def test_a_testcase_is_classed_by_the_format_checked() -> None:
    [case] = suites(checked_outcome(legal_result())).findall("testsuite/testcase")
    assert case.attrib == {"classname": "nrdeck.standard", "name": "decks/hb.txt"}
    [unread] = suites(BUG, period=None).findall("testsuite/testcase")
    assert unread.attrib["classname"] == "nrdeck.check"


def test_the_properties_name_the_card_data_and_a_stale_warning() -> None:
    props = {p.attrib["name"]: p.attrib["value"] for p in suites().iter("property")}
    assert props == {"card_data": DATA.describe()}
    stale = replace(REPORT_PERIOD, stale_data="old data")
    props = {p.attrib["name"]: p.attrib["value"] for p in suites(period=stale).iter("property")}
    assert props["card_data_warning"] == "old data"


def test_control_characters_are_shown_escaped_not_dropped() -> None:
    hostile = DeckOutcome(
        source="deck\x1b[2J\x07.txt",
        problems=(Problem("parse-error", "bad \x00 byte\x1b[31m\ufffe"),),
    )
    [case] = suites(hostile).findall("testsuite/testcase")  # parses: XML 1.0 holds all of it
    assert "\x1b" not in case.attrib["name"] and "\\x1b" in case.attrib["name"]
    said = case.findtext("failure", "")
    assert "\\x00" in said and "\\x1b" in said and "\\ufffe" in said


def test_attributes_are_one_line_and_text_keeps_its_line_breaks() -> None:
    assert "\n" not in attr("a\nb") and "a" in attr("a\nb")
    assert text("a\nb").splitlines() == ["a", "b"]
    assert attr("\uffff") == "\\uffff"


def test_a_problem_line_names_code_line_and_rule() -> None:
    problem = Problem("copies", "m", rule="CR 1.4.7", location=Location("d", 4))
    assert problem_line(problem).split(": ") == ["copies (line 4)", "m [CR 1.4.7]"]
    assert problem_line(Problem("deck-size", "m")) == "deck-size: m"
