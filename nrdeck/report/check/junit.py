"""The JUnit XML reporter: one testcase per deck, with one failure listing all its problems.

Valid against Jenkins' ``junit-10.xsd`` (the schema pytest's xunit2 output follows), and
counted alike by every consumer: an illegal deck is one ``<failure>`` (type ``illegal``)
whose text lists each problem on its own line; a deck that could not be fetched, or that
nrdeck failed on, is one ``<error>``; warnings go to the testcase's ``<system-out>``. The
counts on ``<testsuite>`` are those of the elements written. Text that XML 1.0 cannot hold
(control characters) is shown escaped (``\\x1b``), never dropped.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from nrdeck.catalog import DataInfo
from nrdeck.problems import Problem, Severity
from nrdeck.report.check.common import ReportOptions, cached_note, problems_of, whole
from nrdeck.report.safe import block, one_line
from nrdeck.results.check import CheckReport, CheckTally, DeckOutcome, Period

_NOT_XML = str.maketrans({0xFFFE: "\\ufffe", 0xFFFF: "\\uffff"})
_CASES_AFTER = "\n  </testsuite>\n</testsuites>"  # the testcases come before this, in order


class JunitReporter:
    """JUnit XML for CI dashboards (stdlib ``xml.etree``)."""

    name = "junit"

    def pieces(self, data: DataInfo, period: Period | None, options: ReportOptions) -> JunitPieces:
        """The document in pieces; every deck is a testcase (``quiet`` changes nothing)."""
        return JunitPieces(data, period, options)

    def render(self, report: CheckReport, options: ReportOptions) -> str:
        """The XML document; every deck is a testcase (``quiet`` changes nothing)."""
        return "".join(map(str, whole(self.pieces(report.data, report.period, options), report)))


class JunitPieces:
    """The document deck by deck: a testcase each, serialised (and indented) as in the whole
    document; the root elements' counts are those of the testcases rendered, so the opening
    comes last (``counts_first``)."""

    counts_first = True

    def __init__(self, data: DataInfo, period: Period | None, options: ReportOptions) -> None:
        self.data = data
        self.period = period
        self.options = options
        self._failures = 0
        self._errors = 0

    def opening(self, tally: CheckTally) -> str:
        """The declaration, <testsuites> and <testsuite> with their counts, the properties."""
        counts = {
            "tests": str(tally.decks),
            "failures": str(self._failures),
            "errors": str(self._errors),
        }
        suites = ET.Element("testsuites", {"name": "nrdeck check", **counts})
        suite = ET.SubElement(suites, "testsuite", {"name": "nrdeck check", **counts})
        props = ET.SubElement(suite, "properties")
        ET.SubElement(props, "property", {"name": "card_data", "value": attr(self.data.describe())})
        stale = self.period.stale_data if self.period else None
        if stale:
            ET.SubElement(props, "property", {"name": "card_data_warning", "value": attr(stale)})
        ET.indent(suites)
        body = ET.tostring(suites, encoding="unicode")
        return '<?xml version="1.0" encoding="UTF-8"?>\n' + body[: body.index(_CASES_AFTER)]

    def deck(self, outcome: DeckOutcome) -> str:
        """The deck's testcase, on its own line (indented as the suite's child)."""
        case = _testcase(outcome, self.period, self.options)
        self._failures += case.find("failure") is not None
        self._errors += case.find("error") is not None
        ET.indent(case, level=2)
        return "\n    " + ET.tostring(case, encoding="unicode")

    def closing(self, tally: CheckTally) -> str:
        """The end of the suite and of the document."""
        return _CASES_AFTER + "\n"


def _testcase(
    outcome: DeckOutcome, run_period: Period | None, options: ReportOptions
) -> ET.Element:
    """A deck's testcase; a file is named as in the repository (relative to the workspace),
    so a dashboard keeps one history per deck wherever the run started."""
    period = outcome.result.period if outcome.result else run_period
    classname = f"nrdeck.{period.format_id if period else 'check'}"
    name = options.file_name(outcome.source) if outcome.origin == "file" else outcome.source
    case = ET.Element("testcase", {"classname": attr(classname), "name": attr(name)})
    problems = problems_of(outcome)
    errors = [p for p in problems if p.severity is Severity.ERROR]
    if errors:
        tag, kind = _verdict(outcome)
        codes = ", ".join(dict.fromkeys(p.code for p in errors))
        count = f"{len(errors)} problem{'s' if len(errors) != 1 else ''}"
        element = ET.SubElement(case, tag, {"type": kind, "message": attr(f"{count}: {codes}")})
        element.text = text("\n".join(problem_line(p) for p in errors))
    note = cached_note(outcome)
    notes = [f"warning deck-cached: {note}"] if note else []
    notes += [f"warning {problem_line(p)}" for p in problems if p.severity is not Severity.ERROR]
    if notes:
        ET.SubElement(case, "system-out").text = text("\n".join(notes))
    return case


def _verdict(outcome: DeckOutcome) -> tuple[str, str]:
    """The element and type of a deck that did not pass."""
    if outcome.failed:
        return "error", "internal-error"
    if outcome.unavailable:
        return "error", "unavailable"
    return "failure", "illegal"


def problem_line(problem: Problem) -> str:
    """'copies (line 4): 4 copies of Hedge Fund; the limit is 3 [CR 1.4.7]'."""
    where = f" (line {problem.line})" if problem.line is not None else ""
    rule = f" [{problem.rule}]" if problem.rule else ""
    return f"{problem.code}{where}: {problem.message}{rule}"


def attr(value: str) -> str:
    """An attribute value XML 1.0 can hold, control characters shown escaped."""
    return one_line(value).translate(_NOT_XML)


def text(value: str) -> str:
    """Element text XML 1.0 can hold: line breaks kept, control characters shown escaped."""
    return block(value).translate(_NOT_XML)
