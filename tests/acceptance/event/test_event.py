"""`nrdeck event` end to end: a 16-player roster with every kind of failure.

Files, links and pasted decklists; remote decks are served by a local NetrunnerDB v2
stand-in on 127.0.0.1, including a private deck (403), an unknown UUID (``success: false``)
and a server that goes away in the middle of the run. Also: a missing deck, a missing
file, a swap, two Runner decks, an unknown card, a player registered twice, a cell naming
/etc/passwd, a jinteki.net link, identical lists, cached copies on the offline re-run.
"""

from __future__ import annotations

import csv
import datetime as dt
import json
import re
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytest_httpserver import HTTPServer
from typer.testing import CliRunner, Result
from werkzeug import Request, Response

from nrdeck.catalog import CardDB
from nrdeck.cli import app
from tests.fakes.nrdb_v2 import answer, deck_cards, deck_item
from tests.paths import FIXTURES, SNAPSHOT_DATE, assert_golden_cases

DECKS = FIXTURES / "event" / "decks"
V2 = "/api/2.0/public"
runner = CliRunner()

U_CORP = "11111111-1111-4111-8111-111111111111"
U_RUNNER = "22222222-2222-4222-8222-222222222222"
U_ILLEGAL_RUNNER = "33333333-3333-4333-8333-333333333333"
U_ILLEGAL_CORP = "44444444-4444-4444-8444-444444444444"
U_PRIVATE = "55555555-5555-4555-8555-555555555555"
U_UNKNOWN = "66666666-6666-4666-8666-666666666666"
U_KEN_CORP = "77777777-7777-4777-8777-777777777777"
U_KEN_RUNNER = "88888888-8888-4888-8888-888888888888"
U_HANGS = "99999999-9999-4999-8999-999999999999"
U_AFTER_1 = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa"
U_AFTER_2 = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb"


def link(uuid: str, kind: str = "decklist") -> str:
    """A NetrunnerDB link as players paste it."""
    path = "decklist" if kind == "decklist" else "deck/view"
    return f"https://netrunnerdb.com/en/{path}/{uuid}/some-deck-name"


def v2_decklist(db: CardDB, deck_file: str, uuid: str) -> dict[str, Any]:
    """The v2 API answer for a published decklist holding this deck file's cards."""
    cards = deck_cards(db, DECKS / deck_file)
    return answer(deck_item(uuid, f"Remote {deck_file}", cards, deck_id=1000))


UNKNOWN = answer()


@pytest.fixture
def nrdb(db: CardDB, monkeypatch: pytest.MonkeyPatch) -> Iterator[HTTPServer]:
    """A NetrunnerDB stand-in that stops serving when the deck U_HANGS is asked for."""
    server = HTTPServer(host="127.0.0.1", port=0, threaded=True)  # answers --jobs at once
    server.start()
    served = {
        U_CORP: "sg-syndicate.txt",
        U_RUNNER: "sg-catalyst.txt",
        U_ILLEGAL_RUNNER: "sg-catalyst-4-carmen.txt",
        U_ILLEGAL_CORP: "sg-syndicate-21-points.txt",
        U_KEN_CORP: "sg-syndicate.txt",
        U_KEN_RUNNER: "sg-catalyst.txt",
        U_AFTER_1: "sg-syndicate.txt",
        U_AFTER_2: "sg-catalyst.txt",
    }
    for uuid, deck_file in served.items():
        server.expect_request(f"{V2}/decklist/{uuid}").respond_with_json(
            v2_decklist(db, deck_file, uuid)
        )
    server.expect_request(f"{V2}/deck/{U_PRIVATE}").respond_with_data("Forbidden", status=403)
    server.expect_request(f"{V2}/decklist/{U_UNKNOWN}").respond_with_json(UNKNOWN)
    server.expect_request(f"{V2}/deck/{U_UNKNOWN}").respond_with_data("", status=404)
    stoppers: list[threading.Thread] = []
    release = threading.Event()
    server.expect_request(f"{V2}/decklist/{U_HANGS}").respond_with_handler(
        _goes_away(server, stoppers, release)
    )
    monkeypatch.setenv("NRDECK_V2_URL", server.url_for(V2))
    monkeypatch.setenv("NRDECK_HTTP_RETRIES", "0")
    monkeypatch.setenv("NRDECK_HTTP_CONNECT_TIMEOUT", "1")
    # generous for real answers on a busy machine; the hanging one outlasts it however long
    monkeypatch.setenv("NRDECK_HTTP_READ_TIMEOUT", "5")
    yield server
    release.set()
    for thread in stoppers:  # the run may end before the server has finished going away
        thread.join(timeout=30)
    if server.is_running():
        server.stop()


def _goes_away(
    server: HTTPServer, stoppers: list[threading.Thread], release: threading.Event
) -> Any:
    """A handler that hangs past the read timeout (until ``release``) while the server shuts
    down for good."""

    def handler(request: Request) -> Response:
        wsgi = server.server

        def stop() -> None:
            time.sleep(2)  # the decks asked at the same time (--jobs) are answered first
            server.stop()
            if wsgi is not None:
                wsgi.server_close()

        thread = threading.Thread(target=stop, daemon=True)
        stoppers.append(thread)
        thread.start()
        release.wait(60)
        return Response("too late", status=200)

    return handler


ROSTER_ROWS = [
    ("Alice", "decks/sg-syndicate.txt", "decks/sg-catalyst.txt"),
    ("Bob", link(U_CORP), link(U_RUNNER)),
    ("Carol", "decks/sg-syndicate.txt", U_ILLEGAL_RUNNER),
    ("Dan", link(U_ILLEGAL_CORP), "decks/sg-catalyst.txt"),
    ("Erin", link(U_PRIVATE, "deck"), "decks/sg-catalyst.txt"),
    ("Frank", "decks/sg-syndicate.txt", U_UNKNOWN),
    ("Grace", "decks/sg-catalyst.txt", "decks/sg-syndicate.txt"),
    ("Heidi", "PASTED_CORP", "decks/sg-catalyst.txt"),
    ("Ivan", "", "decks/sg-catalyst.txt"),
    ("Judy", "decks/sg-syndicate.txt", "decks/not-there.txt"),
    ("Ken", link(U_KEN_CORP), link(U_KEN_RUNNER)),
    ("Liam", "decks/sg-syndicate-unknown-card.txt", "decks/sg-catalyst.txt"),
    ("Mallory", link(U_HANGS), "decks/sg-catalyst.txt"),
    ("Niaj", link(U_AFTER_1), link(U_AFTER_2)),
    ("Olivia", "decks/sg-catalyst.txt", "decks/sg-catalyst.txt"),
    ("alice ", "/etc/passwd", "https://jinteki.net/deckbuilder/abc123"),
]


def write_roster(folder: Path, rows: list[tuple[str, str, str]] = ROSTER_ROWS) -> Path:
    """The roster CSV (with a BOM and a 'Table' column) next to a copy of the deck files."""
    shutil.copytree(DECKS, folder / "decks")
    pasted = (DECKS / "sg-syndicate.txt").read_text(encoding="utf-8")
    lines = ["player,corp,runner,Table"]
    for number, (player, corp, runner_cell) in enumerate(rows, start=1):
        corp = f'"{pasted}"' if corp == "PASTED_CORP" else corp
        lines.append(f"{player},{corp},{runner_cell},{number}")
    roster = folder / "roster.csv"
    roster.write_text("\ufeff" + "\n".join(lines) + "\n", encoding="utf-8")
    return roster


def run(*args: str) -> Result:
    return runner.invoke(app, ["event", *args])


def document(result: Result) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(result.stdout)
    assert doc["version"] == 2
    validate_against_schema(doc)
    return doc


def players_by_name(result: Result) -> dict[str, dict[str, Any]]:
    return {p["player"]: p for p in document(result)["players"]}


def codes(deck: dict[str, Any]) -> list[str]:
    return [p["code"] for p in deck["problems"]]


def actions(table: str) -> dict[str, tuple[str, str]]:
    """The list under the table, '- Erin (needs fixing): Corp: …', as {player: (state, what)}."""
    below = table.split("need fixing", 1)[1]
    items = re.split(r"\n- ", " ".join(below.split("\n")).replace(" - ", "\n- "))
    found = {}
    for item in items[1:]:
        named = re.match(r"(.+?) \(([a-z ]+)\): (.*)", item.strip(), re.S)
        assert named, item
        found[named[1]] = (named[2], " ".join(named[3].split()))
    return found


def bullets(message: str) -> list[str]:
    """The problems a player's message lists (its lines starting with '- ', before the fixes),
    as plain text."""
    listed = message.split("How to fix it:", 1)[0]
    return [line[2:].replace("**", "") for line in listed.splitlines() if line.startswith("- ")]


def validate_against_schema(doc: dict[str, Any]) -> None:
    """The JSON output matches the schema shipped next to the reporter."""
    import jsonschema

    import nrdeck.report

    schema_path = Path(nrdeck.report.__file__).parent / "event-v2.schema.json"
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema).validate(doc)


def test_sixteen_players_json(nrdb: HTTPServer, tmp_path: Path) -> None:
    roster = write_roster(tmp_path)
    result = run(str(roster), "--format", "system_gateway", "--output-format", "json")
    assert result.exit_code == 1, result.stderr
    doc = document(result)
    players = {p["player"]: p for p in doc["players"]}
    assert set(players) == {row[0].strip() for row in ROSTER_ROWS}
    states = [p["status"] for p in doc["players"]]
    assert states == sorted(states, key=["needs-fixing", "missing", "not-fetched", "ready"].index)
    status = {name: p["status"] for name, p in players.items()}
    assert {n for n, s in status.items() if s == "ready"} == {"Alice", "Bob", "Heidi", "Ken"} | (
        {"Niaj"} if status["Niaj"] == "ready" else set()
    )
    assert status["Ivan"] == "missing"
    assert status["Mallory"] == "not-fetched" and status["Niaj"] in ("not-fetched", "ready")
    needs_fixing = {"Carol", "Dan", "Erin", "Frank", "Grace", "Judy", "Liam", "Olivia", "alice"}
    assert {n for n, s in status.items() if s == "needs-fixing"} == needs_fixing
    assert players["Alice"]["extra"] == {"Table": "1"}
    assert players["Bob"]["corp"]["identity"] == players["Alice"]["corp"]["identity"]  # fetched
    assert players["Bob"]["runner"]["kind"] == "remote"
    bob_corp = players["Bob"]["corp"]  # the same list as the other Syndicate decks: noted
    assert bob_corp["same_list_as"] == ["Alice", "Carol", "Frank"]
    niaj_fetched = status["Niaj"] == "ready"  # Niaj's Syndicate deck, when fetched in time
    assert bob_corp["same_list_count"] == 7 + niaj_fetched and bob_corp["problems"] == []
    assert codes(players["Carol"]["runner"]) == ["copies", "one-box"]
    assert set(codes(players["Dan"]["corp"])) == {"deck-size", "agenda-points"}
    erin = players["Erin"]["corp"]
    assert erin["status"] == "illegal" and codes(erin) == ["deck-private"]
    assert "private" in erin["problems"][0]["message"] and "share" in erin["problems"][0]["message"]
    frank = players["Frank"]["runner"]
    assert codes(frank) == ["deck-not-found"] and "unknown id" in frank["problems"][0]["message"]
    grace = players["Grace"]
    assert [p["code"] for p in grace["problems"]] == ["event-side-swapped"]
    assert grace["corp"]["legal"] and not grace["corp"]["registered_right"]
    assert players["Heidi"]["corp"]["kind"] == "text"
    assert codes(players["Ivan"]["corp"]) == ["event-deck-missing"]
    judy = players["Judy"]["runner"]
    assert codes(judy) == ["parse-error"]
    assert "decks/not-there.txt" in judy["problems"][0]["message"]
    liam = players["Liam"]["corp"]
    assert liam["problems"][0]["code"] == "unknown-card" and liam["problems"][0]["line"] == 9
    mallory = players["Mallory"]["corp"]
    assert mallory["status"] == "unavailable" and codes(mallory) == ["deck-unavailable"]
    assert "NetrunnerDB" in mallory["problems"][0]["message"]
    assert players["Mallory"]["runner"]["status"] == "legal"
    for deck in (players["Niaj"]["corp"], players["Niaj"]["runner"]):
        if deck["status"] == "unavailable":  # asked after NetrunnerDB went away: no wait
            assert "NetrunnerDB" in deck["problems"][0]["message"]
    assert [p["code"] for p in players["Olivia"]["problems"]] == ["event-wrong-side"]
    twice = players["alice"]
    assert [p["code"] for p in twice["problems"]] == ["event-duplicate-player"]
    assert codes(twice["corp"]) == ["event-path-refused"] and twice["corp"]["kind"] == "refused"
    assert "/etc/passwd" in twice["corp"]["problems"][0]["message"]
    assert codes(twice["runner"]) == ["not-a-deck-link"]
    assert "jinteki.net" in twice["runner"]["problems"][0]["message"]
    assert "root:" not in result.stdout  # the file was never opened
    summary = doc["summary"]
    assert summary["players"] == 16 and summary["needs_fixing"] == 9 and summary["missing"] == 1
    assert summary["ready"] + summary["not_fetched"] == 6
    [said] = [line for line in result.stderr.splitlines() if line.startswith("16 players: ")]
    assert "9 need fixing" in said and "1 missing" in said  # the summary's counts


def test_sixteen_players_table_messages_then_offline_from_the_cache(
    nrdb: HTTPServer, tmp_path: Path
) -> None:
    roster = write_roster(tmp_path)
    messages = tmp_path / "messages"
    result = run(str(roster), "--format", "system_gateway", "--messages", str(messages))
    assert result.exit_code == 1, result.stderr
    table = result.stdout
    for name, *_ in ROSTER_ROWS:
        assert name.strip() in table
    assert "✓ The Syndicate:" in table
    assert "? not fetched" in table and "✗ missing" in table and "✗ unreadable" in table
    assert "✗ private deck" in table and "✗ no such deck" in table
    assert "\x1b[" not in table  # not a terminal: no colour
    written = sorted(p.name for p in messages.iterdir())
    assert "erin.md" in written and "ivan.md" in written and "alice.md" in written
    assert "alice-2.md" not in written and "mallory.md" not in written
    said = {p.stem: p.read_text(encoding="utf-8") for p in messages.iterdir()}
    today = dt.date.today().isoformat()  # the run checks as of today
    assert_golden_cases(
        "messages/event-player-messages.txt",
        [(f"{name}.md", said[name].replace(today, "<today>")) for name in sorted(said)],
        __file__,
    )
    erin = said["erin"]
    assert erin.startswith("Hi Erin,") and "Share your decks" in erin
    assert "Carol" not in erin and "Bob" not in erin  # only her problems
    # the list under the table says what each message says
    listed = actions(table)
    assert "Alice" not in listed and "alice" in listed
    assert listed["Erin"] == ("needs fixing", bullets(erin)[0])
    assert listed["Grace"] == (
        "needs fixing",
        f"Player: {bullets(said['grace'])[0]} (roster line 8)",
    )
    assert listed["Ivan"] == ("missing", bullets(said["ivan"])[0])

    # The server is gone now; decks fetched before it went away come from the cache.
    result = run(str(roster), "--format", "system_gateway", "--offline", "--output-format", "json")
    players = players_by_name(result)
    assert players["Bob"]["status"] == "ready" and players["Ken"]["status"] == "ready"
    assert players["Bob"]["corp"]["outcome"] == "cached"
    assert players["Bob"]["corp"]["cached_copy"]["reason"].startswith("--offline")
    assert players["Mallory"]["corp"]["status"] == "unavailable"
    assert "--offline" in players["Mallory"]["corp"]["problems"][0]["message"]
    table = run(str(roster), "--format", "system_gateway", "--offline").stdout
    assert "cached copy" in table


def test_unavailable_only_exits_3_and_all_legal_exits_0(nrdb: HTTPServer, tmp_path: Path) -> None:
    rows = [ROSTER_ROWS[0], ROSTER_ROWS[1], ROSTER_ROWS[12]]  # Alice, Bob, Mallory (hangs)
    roster = write_roster(tmp_path, rows)
    result = run(str(roster), "--format", "system_gateway", "--output-format", "markdown")
    assert result.exit_code == 3, result.stderr
    rows = [line.strip("|").split("|") for line in result.stdout.splitlines() if line[:2] == "| "]
    assert {cells[0].strip(): cells[1].strip() for cells in rows}["Mallory"] == "not fetched"
    assert "Syndicate" not in result.stdout  # public: no identities

    legal = tmp_path / "legal.csv"
    legal.write_text(
        "player,corp,runner\nAlice,decks/sg-syndicate.txt,decks/sg-catalyst.txt\n",
        encoding="utf-8",
    )
    result = run(str(legal), "--format", "system_gateway", "--output-format", "csv")
    assert result.exit_code == 0, result.stderr
    [alice] = csv.DictReader(result.stdout.splitlines())
    assert (alice["player"], alice["status"]) == ("Alice", "ready")
    assert alice["corp_identity"].startswith("The Syndicate")


def test_private_and_unknown_decks_exit_1_not_3(nrdb: HTTPServer, tmp_path: Path) -> None:
    rows = [ROSTER_ROWS[0], ROSTER_ROWS[4]]  # Alice, Erin (private)
    result = run(str(write_roster(tmp_path, rows)), "--format", "system_gateway")
    assert result.exit_code == 1, result.stderr
    assert "1 ready · 1 needs fixing" in result.stderr


def test_changed_since_names_decks_made_illegal(tmp_path: Path) -> None:
    shutil.copytree(DECKS, tmp_path / "decks")
    roster = tmp_path / "players.json"
    roster.write_text(
        json.dumps(
            [
                {
                    "player": "Ana",
                    "corp": "decks/std-hb-precision.txt",
                    "runner": "decks/std-zahya-info-bounty.txt",
                    "pronouns": "she/her",
                },
                {
                    "player": "Ben",
                    "corp": "decks/std-hb-precision.txt",
                    "runner": "decks/std-zahya.txt",
                },
            ]
        ),
        encoding="utf-8",
    )
    args = [str(roster), "--format", "standard", "--banlist", "standard_ban_list_25_08"]
    result = run(*args, "--changed-since", "standard_ban_list_25_04", "--output-format", "json")
    assert result.exit_code == 1, result.stderr
    doc = document(result)
    assert doc["changed_since"] == {
        "restriction": "standard_ban_list_25_04",
        "name": "Standard Ban List 25.04",
        "players": ["Ana"],
    }
    ana = doc["players"][0]
    assert ana["extra"] == {"pronouns": "she/her"}
    assert ana["runner"]["legal_before"] is True and ana["runner"]["legal"] is False
    assert codes(ana["runner"]) == ["banned"]
    assert doc["players"][1]["status"] == "ready"

    organiser = ("--output-format", "markdown", "--audience", "organiser")
    result = run(*args, "--changed-since", "standard_ban_list_25_04", *organiser)
    headings = [line for line in result.stdout.splitlines() if line.startswith("## ")]
    assert any("25.04" in h and "illegal now" in h for h in headings)  # a section of its own
    assert "- Ana: Runner" in result.stdout
    table = run(*args, "--changed-since", "standard_ban_list_25_04")
    assert "legal under" in table.stdout and "illegal now" in table.stdout
    [summary] = [line for line in table.stderr.splitlines() if "made illegal since" in line]
    assert "1 made illegal" in summary and "Standard Ban List 25.04" in summary


def test_unknown_changed_since_list_is_a_usage_error(tmp_path: Path) -> None:
    roster = tmp_path / "r.csv"
    roster.write_text("player,corp,runner\nA,,\n", encoding="utf-8")
    result = run(str(roster), "--changed-since", "no_such_list")
    assert result.exit_code == 2
    assert "no_such_list" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("content", "line", "named"),  # (the words: tests/golden/messages/roster.txt)
    [
        ("player,corp\nA,x.txt\n", 1, "'runner'"),
        ("player,corp,runner\nA,x.txt\n", 2, "3 fields"),
        ("player,corp,runner\nA,,\n,x.txt,y.txt\n", 3, "player name"),
    ],
)
def test_malformed_roster_is_one_line_naming_file_and_line(
    tmp_path: Path, content: str, line: int, named: str
) -> None:
    roster = tmp_path / "r.csv"
    roster.write_text(content, encoding="utf-8")
    result = run(str(roster))
    assert result.exit_code == 2
    [said] = result.stderr.strip().splitlines()
    assert f"{roster}: line {line}: " in said and named in said, result.stderr


def test_missing_roster_file(tmp_path: Path) -> None:
    result = run(str(tmp_path / "nope.csv"))
    assert result.exit_code == 2 and "roster file not found" in result.stderr


def test_output_file_and_quiet(tmp_path: Path) -> None:
    shutil.copytree(DECKS, tmp_path / "decks")
    roster = tmp_path / "r.csv"
    roster.write_text(
        "player,corp,runner\n"
        "Ok,decks/sg-syndicate.txt,decks/sg-catalyst.txt\n"
        "Bad,decks/sg-syndicate.txt,decks/sg-catalyst-4-carmen.txt\n",
        encoding="utf-8",
    )
    out = tmp_path / "report.md"
    result = run(
        str(roster),
        "--format",
        "system_gateway",
        "-q",
        "--output-format",
        "markdown",
        "--audience",
        "organiser",
        "--output",
        str(out),
    )
    assert result.exit_code == 1
    assert result.stdout == "" and result.stderr == ""
    text = out.read_text(encoding="utf-8")
    assert "| Bad |" in text and "| Ok |" not in text
    carmen = next(line for line in text.splitlines() if "4 copies of Carmen" in line)
    assert carmen.startswith("- Runner: ") and carmen.endswith("\\(line 11\\)")  # markdown


def test_real_process_prints_no_progress_when_piped(tmp_path: Path) -> None:
    import subprocess
    import sys

    shutil.copytree(DECKS, tmp_path / "decks")
    roster = tmp_path / "r.csv"
    roster.write_text(
        "player,corp,runner\nBad,decks/sg-syndicate.txt,decks/sg-catalyst-4-carmen.txt\n",
        encoding="utf-8",
    )
    command = [sys.executable, "-m", "nrdeck", "event", str(roster), "--format", "system_gateway"]
    proc = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 1, proc.stderr
    assert "✗ The Catalyst:" in proc.stdout
    assert "4 copies of Carmen" in proc.stdout
    warnings = ("nrdeck: warning: the card data",)  # today, the bundled data is old
    # no progress: the summary alone
    [said] = [line for line in proc.stderr.splitlines() if not line.startswith(warnings)]
    assert said.startswith("1 player: ") and "1 needs fixing" in said and SNAPSHOT_DATE in said
