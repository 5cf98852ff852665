"""The JUnit XML reporter: one testcase per deck, one failure per problem."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nrdeck.problems import Severity
from nrdeck.report.model import Report, ReportOptions, is_unavailable
from nrdeck.result import CheckResult

if TYPE_CHECKING:
    from xml.etree.ElementTree import Element


class JunitReporter:
    """JUnit XML for CI dashboards (stdlib ``xml.etree``)."""

    name = "junit"

    def render(self, report: Report, options: ReportOptions) -> str:
        """The XML document; every deck is a testcase (quiet does not drop any)."""
        import xml.etree.ElementTree as ET

        failures = sum(1 for r in report.results if not r.legal and not is_unavailable(r))
        errors = report.unavailable
        attrs = {
            "name": "nrdeck check",
            "tests": str(len(report.results)),
            "failures": str(failures),
            "errors": str(errors),
        }
        suites = ET.Element("testsuites", attrs)
        suite = ET.SubElement(suites, "testsuite", attrs)
        props = ET.SubElement(suite, "properties")
        ET.SubElement(props, "property", {"name": "card_data", "value": report.data.describe()})
        for result in report.results:
            _testcase(suite, result)
        ET.indent(suites)
        body = ET.tostring(suites, encoding="unicode")
        return '<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n"


def _testcase(suite: Element, result: CheckResult) -> None:
    import xml.etree.ElementTree as ET

    period = result.period
    name = result.deck.source
    case = ET.SubElement(
        suite,
        "testcase",
        {"classname": f"nrdeck.{period.format_id}", "name": name, "file": name},
    )
    unavailable = is_unavailable(result)
    notes = []
    for problem in result.problems:
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
