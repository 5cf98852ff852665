"""JUnit output as its consumers read it: valid against Jenkins' junit-10.xsd, and counted the
same by junitparser as the file's own counts say (one testcase per deck, one failure listing
all of an illegal deck's problems, one error for a deck that could not be fetched).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import xmlschema
from junitparser import Error, Failure, JUnitXml
from typer.testing import CliRunner

from nrdeck.cli import app
from nrdeck.errors import ExitCode
from tests.paths import ROOT

EXAMPLES = ROOT / "data" / "examples"
XSD = ROOT / "tests" / "fixtures" / "junit" / "junit-10.xsd"
REMOTE = "7a6b0d6e-1111-4000-8000-000000000000"


@pytest.fixture(scope="module")
def schema() -> xmlschema.XMLSchema:
    return xmlschema.XMLSchema(str(XSD))


def junit(*args: str) -> str:
    result = CliRunner().invoke(app, ["check", *args, "--output-format", "junit"])
    assert result.exit_code in (ExitCode.ILLEGAL, ExitCode.UNAVAILABLE), result.stderr
    return result.stdout


def test_junit_is_valid_and_counted_alike_by_junitparser(
    schema: xmlschema.XMLSchema, tmp_path: Path
) -> None:
    decks = [str(p) for p in sorted(EXAMPLES.glob("*.txt"))]
    out = junit(*decks, REMOTE, "--offline", "--cache-dir", str(tmp_path))
    schema.validate(out)
    xml = JUnitXml.fromstring(out.encode("utf-8"))
    [suite] = list(xml)
    written = (suite.tests, suite.failures, suite.errors)
    xml.update_statistics()  # what junitparser counts from the testcases themselves
    [recounted] = list(xml)
    assert (recounted.tests, recounted.failures, recounted.errors) == written
    cases = list(suite)
    assert suite.tests == len(decks) + 1 == len(cases)
    failed = [c for c in cases if any(isinstance(r, Failure) for r in c.result)]
    assert suite.failures == len(failed) >= 1
    assert all(len(c.result) == 1 for c in failed)  # one failure per deck, listing them all
    [unavailable] = [c for c in cases if any(isinstance(r, Error) for r in c.result)]
    assert unavailable.name == REMOTE and suite.errors == 1


def test_control_characters_are_escaped_not_dropped_and_the_xml_stays_valid(
    schema: xmlschema.XMLSchema, tmp_path: Path
) -> None:
    evil = tmp_path / "evil\x1b[2J\x07\x0b.txt"
    shutil.copy(EXAMPLES / "illegal-standard.txt", evil)
    out = junit(str(evil), "--offline")
    schema.validate(out)
    assert "\x1b" not in out and "\x07" not in out and "\x0b" not in out
    [suite] = list(JUnitXml.fromstring(out.encode("utf-8")))
    [case] = list(suite)
    assert case.name == str(tmp_path / "evil\\x1b[2J\\x07\\x0b.txt")
