"""Reporters turn hand-built results into each output format."""

from __future__ import annotations

import datetime as dt
import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import get_args

import jsonschema
import msgspec
import pytest

import nrdeck.report
from nrdeck.errors import ExitCode
from nrdeck.problems import INTERNAL_ERROR, Problem
from nrdeck.report.check import REPORTER_BY_NAME, ReportOptions
from nrdeck.report.check.common import summary_line
from nrdeck.report.check.github import escape_data, escape_property
from nrdeck.report.check.json import document
from nrdeck.report.styled import Styled
from nrdeck.results.check import CachedCopy, CheckReport, CheckTally, DeckOutcome
from nrdeck.results.outcome import Status
from tests.builders import legal_result
from tests.paths import assert_golden_cases

SCHEMA = Path(nrdeck.report.__file__).parent / "check-v1.schema.json"
XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>'
BAD = "decks/bad, deck:1.txt"


def _text(report: CheckReport, **opts: bool) -> str:
    out = REPORTER_BY_NAME["text"].render(report, ReportOptions(**opts))
    assert isinstance(out, Styled)
    return out.plain()


def test_the_reports_read_as_the_golden_file_says(report: CheckReport) -> None:
    """The words of every check reporter, for the hand-built report (its legal, illegal and
    unavailable deck), and the summary lines."""
    failed = DeckOutcome(source="x.txt", problems=(Problem(INTERNAL_ERROR, "a bug"),))
    cached = msgspec.structs.replace(
        report.outcomes[0], cached=CachedCopy(dt.date(2025, 10, 1), "NetrunnerDB unreachable")
    )
    one = CheckReport(outcomes=report.outcomes[:1], data=report.data)
    every = CheckReport(outcomes=(*report.outcomes, failed, cached), data=report.data)
    cases = [
        ("text", _text(report)),
        ("text -v", _text(report, verbose=True)),
        ("text -q", _text(report, quiet=True)),
        ("github", str(REPORTER_BY_NAME["github"].render(report, ReportOptions()))),
        ("junit", str(REPORTER_BY_NAME["junit"].render(report, ReportOptions()))),
        ("summary", summary_line(report)),
        ("summary of one deck", summary_line(one)),
        ("summary with an internal error and a cached copy", summary_line(every)),
    ]
    assert_golden_cases("messages/check-reporters.txt", cases, __file__)


def _problems_shown(lines: list[str]) -> list[str]:
    """Each problem line's mark (✗ error, ! warning) and code, in order."""
    marked = [line.strip() for line in lines if line.startswith(("  ✗ ", "  ! "))]
    return [line.split(":")[0].split(" (")[0] for line in marked]


def test_text_verdicts_problems_and_lines(report: CheckReport) -> None:
    text = _text(report)
    lines = text.splitlines()
    assert lines[0].startswith("✓ decks/hb.txt") and '"Glacier HB"' in lines[0]
    assert lines[1].startswith(f"✗ {BAD} · Zahya Sadeghi")
    # warnings come after errors and are marked differently
    assert _problems_shown(lines) == [
        "✗ copies",
        "✗ unknown-card",
        "✗ deck-size",
        "! encoding",
        "✗ deck-unavailable",
    ]
    assert lines[-2].startswith(f"✗ {report.outcomes[2].source} ")
    assert "influence" not in text.split("✗ decks/bad")[0]  # figures only with -v


def test_text_verbose_adds_figures(report: CheckReport) -> None:
    text = _text(report, verbose=True)
    for figure in ("cards 45/45", "influence 12/15", "agenda points 20", "needs 20–21"):
        assert figure in text
    assert "2× Spin Doctor 4" in text
    assert report.period is not None
    assert "standard_32" in text and report.period.card_pool_name in text


def test_text_quiet_shows_only_illegal(report: CheckReport) -> None:
    text = _text(report, quiet=True)
    assert "decks/hb.txt" not in text
    assert BAD in text


def test_styled_to_rich_keeps_the_text(report: CheckReport) -> None:
    out = REPORTER_BY_NAME["text"].render(report, ReportOptions())
    assert isinstance(out, Styled)
    assert out.to_rich().plain == out.plain().rstrip("\n")


def test_summary_line(report: CheckReport) -> None:
    counts, data = summary_line(report).split(" · ")
    decks, each = counts.split(": ")
    assert decks == "3 decks" and each.split(", ") == ["1 legal", "1 illegal", "1 unavailable"]
    assert data == f"card data: {report.data.describe()}"
    one = CheckReport(outcomes=report.outcomes[:1], data=report.data)
    assert summary_line(one).startswith("1 deck: ")


def test_the_counts_kept_deck_by_deck_are_the_reports(report: CheckReport) -> None:
    failed = DeckOutcome(source="x.txt", problems=(Problem(INTERNAL_ERROR, "a bug"),))
    cached = msgspec.structs.replace(
        report.outcomes[0], cached=CachedCopy(dt.date(2025, 10, 1), "NetrunnerDB unreachable")
    )
    for outcomes in ((), report.outcomes, (*report.outcomes, failed, cached)):
        whole = CheckReport(outcomes=outcomes, data=report.data)
        tally = CheckTally(report.data)
        for outcome in outcomes:
            tally.add(outcome)
        assert tally.decks == len(outcomes) and tally.exit_code == whole.exit_code
        assert [tally.count(s) for s in Status] == [whole.count(s) for s in Status]
        assert summary_line(tally) == summary_line(whole)
    assert tally.failed == 1 and tally.cached == 1 and tally.count(Status.UNAVAILABLE) == 1
    assert tally.exit_code == ExitCode.INTERNAL


@pytest.mark.parametrize("decks", [0, 1, 3])
def test_json_written_deck_by_deck_is_the_document_dumped_whole(
    report: CheckReport, decks: int
) -> None:
    part = CheckReport(outcomes=report.outcomes[:decks], data=report.data, period=report.period)
    out = REPORTER_BY_NAME["json"].render(part, ReportOptions())
    assert out == json.dumps(document(part), indent=2, ensure_ascii=False) + "\n"


@pytest.mark.parametrize("decks", [0, 1, 3])
def test_junit_written_deck_by_deck_is_the_document_serialised_whole(
    report: CheckReport, decks: int
) -> None:
    part = CheckReport(outcomes=report.outcomes[:decks], data=report.data, period=report.period)
    out = str(REPORTER_BY_NAME["junit"].render(part, ReportOptions()))
    declaration, body = out.split("\n", 1)
    root = ET.fromstring(body)
    ET.indent(root)
    assert body == ET.tostring(root, encoding="unicode") + "\n"
    assert declaration == XML_DECLARATION
    assert root.attrib["tests"] == str(decks) and len(root.findall("testsuite/testcase")) == decks


def test_json_matches_schema_and_contract(report: CheckReport) -> None:
    out = REPORTER_BY_NAME["json"].render(report, ReportOptions())
    assert isinstance(out, str)
    doc = json.loads(out)
    jsonschema.validate(doc, json.loads(SCHEMA.read_text(encoding="utf-8")))
    assert doc["version"] == 1
    assert doc["summary"] == {
        "decks": 3,
        "legal": 1,
        "illegal": 1,
        "unavailable": 1,
        "internal_errors": 0,
    }
    assert [d["origin"] for d in doc["decks"]] == ["file", "file", "remote"]
    hb, bad, remote = doc["decks"]
    legal = legal_result()
    assert hb["identity"] == {"id": legal.identity_id, "title": legal.identity_title}
    assert hb["legal"] is True and hb["stats"]["agenda_band"] == [20, 21]
    assert hb["restriction"] == {"id": "standard_ban_list_25_08", "name": "Standard Ban List 25.08"}
    assert [p["code"] for p in bad["problems"]] == [
        "copies",
        "unknown-card",
        "deck-size",
        "encoding",
    ]
    assert bad["problems"][0]["line"] == 3 and bad["problems"][0]["cards"] == ["sure_gamble"]
    assert remote["identity"] is None and remote["legal"] is False


def test_json_schema_rejects_a_broken_document(report: CheckReport) -> None:
    doc = json.loads(str(REPORTER_BY_NAME["json"].render(report, ReportOptions())))
    del doc["decks"][0]["problems"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(doc, json.loads(SCHEMA.read_text(encoding="utf-8")))


def test_github_annotations_are_escaped(report: CheckReport) -> None:
    out = str(REPORTER_BY_NAME["github"].render(report, ReportOptions()))
    lines = out.splitlines()
    annotations = [_annotation(line) for line in lines]
    assert [(kind, p.get("title"), p.get("line")) for kind, p, _ in annotations] == [
        ("error", "copies", "3"),
        ("error", "unknown-card", "7"),
        ("error", "deck-size", None),
        ("warning", "encoding", None),
        ("error", "deck-unavailable", None),
    ]  # the legal deck prints nothing
    # ',' and ':' escaped in a property
    files = [p.get("file") for _, p, _ in annotations]
    assert files == [BAD.replace(",", "%2C").replace(":", "%3A")] * 4 + [None]
    # '%' and a line break escaped in the message
    assert annotations[1][2].endswith("%0Asecond line 100%25")
    assert annotations[4][2].startswith(report.outcomes[2].source)


def _annotation(line: str) -> tuple[str, dict[str, str], str]:
    """A workflow command's kind, properties and message."""
    command, message = line.removeprefix("::").split("::", 1)
    kind, _, properties = command.partition(" ")
    return kind, dict(p.split("=", 1) for p in properties.split(",")), message


def test_github_escaping_rules() -> None:
    assert escape_data("a%b\nc:d,e") == "a%25b%0Ac:d,e"
    assert escape_property("a%b\nc:d,e") == "a%25b%0Ac%3Ad%2Ce"  # a file's name, exactly
    assert escape_property("a\r\x1b[2Jb") == "a%0D\\x1b[2Jb"
    # a carriage return or an escape sequence would redraw the log: shown escaped
    assert escape_data("a\r\x1b[2Jb") == "a\\x0d\\x1b[2Jb"


def test_junit_one_testcase_per_deck_one_failure_listing_its_problems(
    report: CheckReport,
) -> None:
    out = str(REPORTER_BY_NAME["junit"].render(report, ReportOptions(quiet=True)))
    root = ET.fromstring(out.split("\n", 1)[1])
    suite = root.find("testsuite")
    assert suite is not None
    assert suite.attrib["tests"] == "3" and suite.attrib["failures"] == "1"
    assert suite.attrib["errors"] == "1"
    cases = suite.findall("testcase")
    assert [c.attrib["name"] for c in cases][:2] == ["decks/hb.txt", BAD]
    assert cases[0].findall("failure") == []
    [failure] = cases[1].findall("failure")
    assert failure.attrib["type"] == "illegal"
    count, codes = failure.attrib["message"].split(": ")
    assert count == "3 problems" and codes.split(", ") == ["copies", "unknown-card", "deck-size"]
    listed = (failure.text or "").splitlines()
    assert listed[0].startswith("copies (line 3): ") and listed[0].endswith(" [CR 1.4.7]")
    assert listed[-1].startswith("deck-size: ") and listed[-1].endswith(" [CR 1.4.3]")
    out_text = cases[1].findtext("system-out") or ""
    assert "warning encoding" in out_text
    [error] = cases[2].findall("error")
    assert error.attrib["type"] == "unavailable"
    assert (error.text or "").startswith("deck-unavailable: ") and "404" in (error.text or "")


def test_every_output_format_choice_has_a_reporter() -> None:
    from nrdeck.cli.check import OutputFormat

    assert set(get_args(OutputFormat)) == set(REPORTER_BY_NAME)
    for name, reporter in REPORTER_BY_NAME.items():
        assert reporter.name == name
