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

SCHEMA = Path(nrdeck.report.__file__).parent / "check-v1.schema.json"


def _text(report: CheckReport, **opts: bool) -> str:
    out = REPORTER_BY_NAME["text"].render(report, ReportOptions(**opts))
    assert isinstance(out, Styled)
    return out.plain()


def test_text_verdicts_problems_and_lines(report: CheckReport) -> None:
    text = _text(report)
    lines = text.splitlines()
    assert lines[0] == (
        '✓ decks/hb.txt "Glacier HB" · Haas-Bioroid: Precision Design · Standard · '
        "Standard Ban List 25.08"
    )
    assert lines[1].startswith("✗ decks/bad, deck:1.txt · Zahya Sadeghi")
    assert "  ✗ copies (line 3): 4 copies of Sure Gamble: its deck limit is 3" in lines
    assert "  ✗ deck-size: 40 cards: The identity needs at least 45" in lines
    # warnings come after errors and are marked differently
    assert lines.index("  ! encoding: the file was not UTF-8 and was read as cp1252") > lines.index(
        "  ✗ deck-size: 40 cards: The identity needs at least 45"
    )
    assert any(line.startswith("✗ https://netrunnerdb.com/") for line in lines)
    assert "influence" not in text.split("✗ decks/bad")[0]  # figures only with -v


def test_text_verbose_adds_figures(report: CheckReport) -> None:
    text = _text(report, verbose=True)
    assert "cards 45/45 · influence 12/15 · agenda points 20 (needs 20–21)" in text
    assert "influence: 2× Spin Doctor 4" in text
    assert "in force: Standard · snapshot standard_32 · pool Standard Card Pool 25.08" in text


def test_text_quiet_shows_only_illegal(report: CheckReport) -> None:
    text = _text(report, quiet=True)
    assert "decks/hb.txt" not in text
    assert "decks/bad, deck:1.txt" in text


def test_styled_to_rich_keeps_the_text(report: CheckReport) -> None:
    out = REPORTER_BY_NAME["text"].render(report, ReportOptions())
    assert isinstance(out, Styled)
    assert out.to_rich().plain == out.plain().rstrip("\n")


def test_summary_line(report: CheckReport) -> None:
    assert summary_line(report) == (
        "3 decks: 1 legal, 1 illegal, 1 unavailable · card data: bundled snapshot of 2025-09-17"
    )
    one = CheckReport(outcomes=report.outcomes[:1], data=report.data)
    assert summary_line(one).startswith("1 deck: 1 legal, 0 illegal ·")


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
    assert "1 internal error: a bug), 1 unavailable, 1 from cached copies" in summary_line(tally)
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
    assert declaration == '<?xml version="1.0" encoding="UTF-8"?>'
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
    assert hb["identity"] == {
        "id": "haas_bioroid_precision_design",
        "title": "Haas-Bioroid: Precision Design",
    }
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
    assert lines[0] == (
        "::error file=decks/bad%2C deck%3A1.txt,line=3,title=copies::"
        "4 copies of Sure Gamble: its deck limit is 3"
    )
    assert lines[1].endswith("(did you mean Hedge Fund?)%0Asecond line 100%25")
    assert lines[2] == (
        "::error file=decks/bad%2C deck%3A1.txt,title=deck-size::"
        "40 cards: The identity needs at least 45"
    )
    assert lines[3].startswith("::warning file=decks/bad%2C deck%3A1.txt,title=encoding::")
    assert lines[4].startswith("::error title=deck-unavailable::https://netrunnerdb.com/")
    assert len(lines) == 5  # the legal deck prints nothing


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
    assert [c.attrib["name"] for c in cases][:2] == ["decks/hb.txt", "decks/bad, deck:1.txt"]
    assert cases[0].findall("failure") == []
    [failure] = cases[1].findall("failure")
    assert failure.attrib == {
        "type": "illegal",
        "message": "3 problems: copies, unknown-card, deck-size",
    }
    assert (failure.text or "").splitlines()[0] == (
        "copies (line 3): 4 copies of Sure Gamble: its deck limit is 3 [CR 1.4.7]"
    )
    assert "deck-size: 40 cards: The identity needs at least 45 [CR 1.4.3]" in (failure.text or "")
    out_text = cases[1].findtext("system-out") or ""
    assert "warning encoding" in out_text
    [error] = cases[2].findall("error")
    assert error.attrib["type"] == "unavailable"
    assert "deck-unavailable: NetrunnerDB answered 404" in (error.text or "")


def test_every_output_format_choice_has_a_reporter() -> None:
    from nrdeck.cli.check import OutputFormat

    assert set(get_args(OutputFormat)) == set(REPORTER_BY_NAME)
    for name, reporter in REPORTER_BY_NAME.items():
        assert reporter.name == name
