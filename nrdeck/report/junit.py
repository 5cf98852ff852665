"""The JUnit XML reporter: one testcase per deck, one failure per problem."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nrdeck.problems import Severity
from nrdeck.report.model import ReportOptions, cached_note, problems_of
from nrdeck.results.check import CheckReport, DeckOutcome
from nrdeck.results.outcome import Status

if TYPE_CHECKING:
    from xml.etree.ElementTree import Element


class JunitReporter:
    """JUnit XML for CI dashboards (stdlib ``xml.etree``)."""

    name = "junit"

    def render(self, report: CheckReport, options: ReportOptions) -> str:
        """The XML document; every deck is a testcase (quiet does not drop any)."""
        import xml.etree.ElementTree as ET

        failures = report.count(Status.ILLEGAL)
        errors = report.count(Status.UNAVAILABLE)
        attrs = {
            "name": "nrdeck check",
            "tests": str(len(report.outcomes)),
            "failures": str(failures),
            "errors": str(errors),
        }
        suites = ET.Element("testsuites", attrs)
        suite = ET.SubElement(suites, "testsuite", attrs)
        props = ET.SubElement(suite, "properties")
        ET.SubElement(props, "property", {"name": "card_data", "value": report.data.describe()})
        for outcome in report.outcomes:
            _testcase(suite, outcome, report)
        ET.indent(suites)
        body = ET.tostring(suites, encoding="unicode")
        return '<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n"


def _testcase(suite: Element, outcome: DeckOutcome, report: CheckReport) -> None:
    import xml.etree.ElementTree as ET

    period = outcome.result.period if outcome.result else report.period
    name = outcome.source
    classname = f"nrdeck.{period.format_id if period else 'check'}"
    case = ET.SubElement(suite, "testcase", {"classname": classname, "name": name, "file": name})
    unavailable = outcome.unavailable
    note = cached_note(outcome)
    notes = [f"warning deck-cached: {note}"] if note else []
    for problem in problems_of(outcome):
        where = f"line {problem.line}: " if problem.line is not None else ""
        text = f"{where}{problem.message}" + (f" [{problem.rule}]" if problem.rule else "")
        if problem.severity is not Severity.ERROR:
            notes.append(f"warning {problem.code}: {text}")
            continue
        tag = "error" if unavailable else "failure"
        element = ET.SubElement(case, tag, {"type": problem.code, "message": problem.message})
        element.text = text
    if notes:
        ET.SubElement(case, "system-out").text = "\n".join(notes)
