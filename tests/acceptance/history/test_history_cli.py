"""`nrdeck timeline` and `nrdeck card` end to end, with golden files for both outputs.

Regenerate after an intended change of output with
``NRDECK_UPDATE_GOLDEN=1 python -m pytest tests/acceptance/history/test_history_cli.py``
and review the diff (``git diff tests/golden``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from nrdeck.cli import app
from nrdeck.errors import ExitCode
from tests.ids import NEAR_EARTH_HUB, STANDARD_BALANCE_26_08
from tests.paths import ROOT, assert_golden

NEH = "data/examples/neh-fast-advance-2015.txt"
CASES = {
    "timeline.txt": ["timeline", NEH, "--offline"],
    "timeline.json": ["timeline", NEH, "--offline", "--output-format", "json"],
    "card.txt": ["card", "AstroScript Pilot Program", "--offline"],
    "card.json": ["card", "astroscript pilot program", "--offline", "--output-format", "json"],
}
runner = CliRunner()


def nrdeck(*args: str) -> Result:
    return runner.invoke(app, list(args))


def _normalise(name: str, text: str) -> str:
    """The machine's path of the bundled data, and the stale-data warning, which is there or
    not by today's date (tested on fixed dates in test_legality_cli)."""
    if not name.endswith(".json"):
        return text
    doc = json.loads(text)
    doc["card_data"]["path"] = "<bundled>"
    doc["card_data"]["warning"] = "<depends on today>"
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_output_matches_golden_file(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = nrdeck(*CASES[name])
    assert result.exit_code == 0, result.stderr
    assert_golden(name, _normalise(name, result.stdout), __file__)


def test_timeline_json_has_the_documented_shape(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    doc = json.loads(nrdeck(*CASES["timeline.json"]).stdout)
    assert {"version", "format", "deck", "periods"} <= set(doc)
    assert doc["version"] == 1 and doc["format"] == "standard"
    assert doc["deck"]["source"] == NEH
    assert doc["deck"]["identity"]["id"] == NEAR_EARTH_HUB
    for period in doc["periods"]:
        assert set(period) == {
            "start",
            "end",
            "snapshot",
            "card_pool",
            "restriction",
            "legal",
            "codes",
        }
        assert period["codes"] == sorted(set(period["codes"]))
    assert doc["periods"][-1]["end"] is None
    legal = [(p["start"], p["end"]) for p in doc["periods"] if p["legal"]]
    assert legal == [("2014-07-25", "2016-02-01")]


def test_timeline_text_says_when_the_deck_was_legal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    text = nrdeck(*CASES["timeline.txt"]).stdout
    row = next(line for line in text.splitlines() if line.startswith("  2016-07-18 → "))
    cells = " ".join(row.split())
    assert cells.startswith("2016-07-18 → 2016-08-01 ") and "NAPD MWL 1.0" in cells
    assert "✗ copies, influence" in cells and "AstroScript" in cells  # the codes, the card
    last = text.splitlines()[-1]
    assert last.startswith("legal from ") and "2014-07-25 to 2016-02-01" in last
    assert last.endswith("illegal: influence")


def test_timeline_reads_standard_input_and_takes_a_tier_and_a_format() -> None:
    deck = (ROOT / NEH).read_text(encoding="utf-8")
    result = runner.invoke(
        app,
        ["timeline", "-", "--offline", "--format", "Eternal", "--tier", "competitive"],
        input=deck,
    )
    assert result.exit_code == 0, result.stderr
    first = result.stdout.splitlines()[0]
    source, identity, fmt = first.split(" · ")
    assert source == "-" and identity.startswith("Near-Earth Hub")
    assert fmt.startswith("Eternal (") and "competitive" in fmt


def test_casual_has_no_timeline() -> None:
    result = nrdeck("timeline", NEH, "--offline", "--format", "casual")
    assert result.exit_code == ExitCode.USAGE
    assert "no dated card pool" in result.stderr


def test_card_by_printing_code_and_id() -> None:
    by_code = json.loads(nrdeck("card", "01110", "--output-format", "json").stdout)
    by_id = json.loads(nrdeck("card", "hedge_fund", "--output-format", "json").stdout)
    assert by_code == by_id and by_code["card"]["id"] == "hedge_fund"
    assert [p["code"] for p in by_code["printings"]][:2] == ["01110", "20132"]


def test_card_json_has_the_documented_shape() -> None:
    doc = json.loads(nrdeck("card", "Sting!", "--output-format", "json").stdout)
    assert doc["version"] == 1 and doc["card"]["id"] == "sting" and doc["card"]["title"] == "Sting!"
    assert set(doc["formats"]) == {
        "standard",
        "startup",
        "eternal",
        "system_gateway",
        "snapshot",
        "ram",
        "astro",  # the community formats nrdeck ships
        "core",
        "throwback",
    }
    assert doc["formats"]["throwback"][-1]["status"] == "banned"  # Throwback Ban List 25.08
    last = doc["formats"]["standard"][-1]
    assert last == {
        "start": "2026-08-01",
        "end": None,
        "status": "banned",
        "points": None,
        "restriction": STANDARD_BALANCE_26_08,
        "penalty": None,
    }
    assert doc["errata"] == []


@pytest.mark.parametrize(
    ("title", "said"),
    [
        (
            "Astroscrpt Pilot Program",
            "no card is called 'Astroscrpt Pilot Program'; did you mean AstroScript Pilot Program?",
        ),
        ("zzzz qqqq", "no card is called 'zzzz qqqq'"),
        ("Corporate", "'Corporate' matches several cards"),
    ],
)
def test_an_unknown_or_ambiguous_title_is_exit_2(title: str, said: str) -> None:
    result = nrdeck("card", title, "--offline")
    assert result.exit_code == ExitCode.USAGE
    assert said in result.stderr and len(result.stderr.strip().splitlines()) == 1


ESCAPES = "\x1b[2J\x1b]0;owned\x07\u202e"  # clear the screen, set the title, reverse the text
ESCAPED = "\\x1b[2J\\x1b]0;owned\\x07\\u202e"  # as nrdeck shows them


def _raw(text: str) -> bool:
    return any(c in text for c in ("\x1b", "\x07", "\u202e"))


def test_timeline_shows_a_format_files_names_escaped(tmp_path: Path) -> None:
    escaped = "".join(f"\\u{ord(c):04x}" for c in ESCAPES)  # TOML's \u001b…
    fmt = tmp_path / "evil.toml"
    fmt.write_text(
        f'id = "evil"\nname = "Evil{escaped}"\n\n'
        f'[pools.p]\nname = "Pool{escaped}"\nsets = ["system_gateway", "elevation"]\n\n'
        f'[lists.l]\nname = "List{escaped}"\ndate = 2025-06-01\nbanned = ["sure_gamble"]\n\n'
        '[[periods]]\nfrom = 2025-05-04\npool = "p"\nlist = "l"\n',
        encoding="utf-8",
    )
    deck = ROOT / "data" / "examples" / "standard-zahya.txt"
    result = nrdeck("timeline", str(deck), "--format-file", str(fmt), "--offline")
    assert result.exit_code == 0, result.stderr
    assert not _raw(result.stdout)
    assert f"Pool{ESCAPED} · List{ESCAPED}" in result.stdout
    assert f"never legal in Evil{ESCAPED}" in result.stdout


def test_card_and_timeline_show_card_data_names_escaped(tmp_path: Path) -> None:
    # card data is untrusted too: NetrunnerDB's, or a file given with --data
    doc = json.loads((ROOT / "data" / "cards.json").read_text(encoding="utf-8"))
    card = next(c for c in doc["cards"] if c["id"] == "sure_gamble")
    card["title"] = f"Sure Gamble{ESCAPES}"
    for named in (*doc["sets"], *doc["formats"], *doc["restrictions"], *doc["card_pools"]):
        named["name"] += ESCAPES
    data = tmp_path / "cards.json"
    data.write_text(json.dumps(doc), encoding="utf-8")
    deck = ROOT / "data" / "examples" / "standard-zahya.txt"
    shown = nrdeck("card", "sure_gamble", "--data", str(data))
    timeline = nrdeck("timeline", str(deck), "--data", str(data))
    assert shown.exit_code == 0 and timeline.exit_code == 0, shown.stderr + timeline.stderr
    assert not _raw(shown.stdout) and not _raw(timeline.stdout)
    assert f"Sure Gamble{ESCAPED} ·" in shown.stdout
    [balance] = [r["name"] for r in doc["restrictions"] if r["id"] == STANDARD_BALANCE_26_08]
    assert balance.removesuffix(ESCAPES) + ESCAPED in timeline.stdout  # the list in force
