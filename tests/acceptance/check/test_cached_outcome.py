"""A remote deck checked from its cached copy because NetrunnerDB could not be reached.

``check`` and ``event`` must read the same situation the same way: the deck was checked
(legal here, so exit 0), and every output format says it came from a cached copy, with the
copy's date.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import os
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner, Result

import nrdeck.report
from nrdeck.catalog import CardDB
from nrdeck.cli import app
from nrdeck.errors import ExitCode
from tests.acceptance.check.words import annotations, summary, tally
from tests.fakes.deck_cache import cache_deck
from tests.paths import EXAMPLES

UUID = "7a6b0d6e-0000-4000-8000-000000000001"
LINK = f"https://netrunnerdb.com/en/decklist/{UUID}/cached-zahya"
EXAMPLE = EXAMPLES / "standard-zahya.txt"
COPY_DATE = dt.date(2025, 10, 1)
SCHEMAS = Path(nrdeck.report.__file__).parent
runner = CliRunner()


@pytest.fixture
def cached_deck(db: CardDB, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The example Zahya deck cached as a v2 decklist on 2025-10-01; NetrunnerDB unreachable."""
    cards: dict[str, int] = {}
    for line in EXAMPLE.read_text(encoding="utf-8").splitlines():
        words = line.split(" ", 1)
        quantity, title = (
            (int(words[0].rstrip("x")), words[1]) if words[0][:1].isdigit() else (1, line)
        )
        card = db.card_by_title(title.split(" (")[0]) if title.strip() else None
        if card is not None:
            cards[max(p.code for p in db.printings_of(card.id))] = quantity
    deck = {"id": 1, "uuid": UUID, "name": "Cached Zahya", "cards": cards}
    path = cache_deck(
        tmp_path / "cache", "decklist", UUID, {"data": [deck], "total": 1, "success": True}
    )
    stamp = dt.datetime(2025, 10, 1, 12, tzinfo=dt.timezone.utc).timestamp()
    os.utime(path, (stamp, stamp))
    monkeypatch.setenv("NRDECK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("NRDECK_V2_URL", "http://127.0.0.1:9/api/2.0/public")  # nothing listens
    monkeypatch.setenv("NRDECK_HTTP_RETRIES", "0")
    return tmp_path


def nrdeck(*args: str) -> Result:
    return runner.invoke(app, list(args))


def test_check_calls_the_cached_copy_checked_in_every_format(cached_deck: Path) -> None:
    text = nrdeck("check", LINK, "--as-of", "2025-10-10")
    assert text.exit_code == ExitCode.OK, text.output
    head = text.stdout.splitlines()[0].split(" · ")
    assert head[0] == f'✓ {LINK} "Cached Zahya"' and head[1].startswith("Zahya Sadeghi")
    assert f"cached copy of {COPY_DATE}" in text.stdout  # from which copy
    assert "could not reach" in text.stdout  # and why
    assert tally(text.stderr) == (1, 1, 0) and summary(text.stderr)["from cached copies"] == 1

    doc = json.loads(
        nrdeck("check", LINK, "--as-of", "2025-10-10", "--output-format", "json").stdout
    )
    schema = json.loads((SCHEMAS / "check-v1.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(doc, schema)
    assert doc["summary"] == {
        "decks": 1,
        "legal": 1,
        "illegal": 0,
        "unavailable": 0,
        "internal_errors": 0,
    }
    [deck] = doc["decks"]
    assert deck["legal"] is True and deck["outcome"] == "cached"
    assert deck["cached_copy"]["date"] == COPY_DATE.isoformat()
    assert deck["problems"] == []

    github = nrdeck("check", LINK, "--as-of", "2025-10-10", "--output-format", "github").stdout
    [(level, where, _)] = annotations(github)
    assert (level, where) == ("warning", {"title": "deck-cached"})
    assert f"cached copy of {COPY_DATE}" in github

    junit = nrdeck("check", LINK, "--as-of", "2025-10-10", "--output-format", "junit").stdout
    suite = ET.fromstring(junit.split("\n", 1)[1]).find("testsuite")
    assert suite is not None and suite.attrib["failures"] == "0" and suite.attrib["errors"] == "0"
    assert f"cached copy of {COPY_DATE}" in (suite.findtext("testcase/system-out") or "")


def test_event_reads_the_same_deck_the_same_way(cached_deck: Path) -> None:
    roster = cached_deck / "roster.csv"
    roster.write_text(f"player,corp,runner\nAna,,{LINK}\n", encoding="utf-8")
    args = ("event", str(roster), "--as-of", "2025-10-10")

    doc = json.loads(nrdeck(*args, "--output-format", "json").stdout)
    schema = json.loads((SCHEMAS / "event-v2.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(doc, schema)
    runner_deck = doc["players"][0]["runner"]
    assert runner_deck["status"] == "legal" and runner_deck["outcome"] == "cached"
    assert runner_deck["cached_copy"]["date"] == COPY_DATE.isoformat()

    table = nrdeck(*args)  # the table wraps its cells: look for the words, not the sentence
    assert "cached copy" in table.stdout and COPY_DATE.isoformat() in table.stdout
    last = table.stderr.strip().splitlines()[-1].split(" · ")
    assert [part.split()[0] for part in last if "cached copies" in part] == ["1"]

    rows = list(csv.DictReader(io.StringIO(nrdeck(*args, "--output-format", "csv").stdout)))
    assert rows[0]["runner_status"] == "legal"
    assert f"cached copy of {COPY_DATE}" in rows[0]["notes"]

    for audience in ("public", "organiser"):
        for kind in ("markdown", "html"):
            page = nrdeck(*args, "--output-format", kind, "--audience", audience).stdout
            assert f"cached copy of {COPY_DATE}" in page, (kind, audience)


def test_both_commands_give_the_same_exit_code_for_the_same_deck(cached_deck: Path) -> None:
    roster = cached_deck / "roster.csv"
    legal_corp = EXAMPLE.parent / "sg-catalyst.txt"
    roster.write_text(f"player,corp,runner\nAna,{legal_corp},{LINK}\n", encoding="utf-8")
    check = nrdeck("check", LINK, "--as-of", "2025-10-10")
    event = nrdeck("event", str(roster), "--as-of", "2025-10-10", "--format", "standard")
    assert check.exit_code == ExitCode.OK
    # the Corp deck is a System Gateway deck, illegal in Standard: the event is illegal for it,
    # and for nothing else
    assert event.exit_code == ExitCode.ILLEGAL
    doc = json.loads(
        nrdeck("event", str(roster), "--as-of", "2025-10-10", "--output-format", "json").stdout
    )
    assert doc["players"][0]["runner"]["status"] == "legal"
    assert doc["summary"]["not_fetched"] == 0
