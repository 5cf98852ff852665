"""Reading rosters: every format organisers have, errors naming file and line; deck cells."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from nrdeck.app.event.files import parse_columns
from nrdeck.app.inputs.roster import read_roster
from nrdeck.app.inputs.sources import classify_cell
from nrdeck.errors import UsageError
from nrdeck.roster import Cell, ReadOptions, detect_format, parse_roster
from tests.builders import IDENTITY
from tests.paths import FIXTURES, assert_golden_cases

HERE = Path("/event")
FIXTURES = FIXTURES / "event"
# a form's columns, as a sign-up sheet names them
CORP_COLUMN, RUNNER_COLUMN = "Corp deck (NetrunnerDB link)", "Runner deck (NetrunnerDB link)"
FORM_HEADER = f"Timestamp,Name,{CORP_COLUMN},{RUNNER_COLUMN}\n"
CSV_ERRORS = [
    ("", "r.csv", "is empty"),
    ("\n\nplayer,runner\n", "r.csv: line 3", "missing column 'corp'"),
    ("player,corp,runner,Player\n", "r.csv: line 1", "duplicate column 'player'"),
    ("player,corp,runner\nA,b,c,d\n", "r.csv: line 2", "expected 3 fields"),
    ("player,corp,runner\nA,b,c\n ,b,c\n", "r.csv: line 3", "player name is empty"),
    ('player,corp,runner\nA,"b,c\n', "r.csv: line 2", "malformed CSV"),
    ("player,corp,runner\n\n", "r.csv", "no players"),
]
JSON_ERRORS = [
    ("{}", "r.json", "JSON list of players"),
    ('{"error": "Tournament not found."}', "r.json", "Always Be Running answered"),
    ("[1]", "r.json: entry 1", "expected an object"),
    ("[]", "r.json", "no players"),
    ('[{"player": "A", "corp": "x"}]', "r.json: entry 1", "missing key 'runner'"),
    ('[{"player": "A", "corp": ["x"], "runner": ""}]', "r.json: entry 1", "corp must be text"),
    ('[\n{"player": }]', "r.json: line 2", "invalid JSON"),
]
OUTSIDE = ("/etc/passwd", "../secret.txt", "~/deck.txt", "link.txt", "up/secret.txt",
           "C:\\decks\\a.txt", "decks/../../secret.txt")  # fmt: skip


def _error(text: str, name: str, fmt: str | None = None, options: ReadOptions | None = None) -> str:
    with pytest.raises(UsageError) as err:
        parse_roster(text, name, HERE, options or ReadOptions(), fmt)
    return err.value.one_line()


def _outside_folder(tmp_path: Path) -> Path:
    """A roster folder with links that lead out of it."""
    folder = tmp_path / "event"
    folder.mkdir()
    (tmp_path / "secret.txt").write_text("secret")
    os.symlink(tmp_path / "secret.txt", folder / "link.txt")
    os.symlink(tmp_path, folder / "up")
    return folder


def test_the_errors_read_as_the_golden_file_says(tmp_path: Path) -> None:
    """The words of the roster errors an organiser reads, and why a path is refused."""
    with pytest.raises(UsageError) as concluded:
        read_roster(FIXTURES / "abr" / "not-concluded.json")
    cp1252 = tmp_path / "r.csv"
    cp1252.write_bytes("player;corp;runner\nZoë;a.txt;b.txt\n".encode("cp1252"))
    folder = _outside_folder(tmp_path)
    cases = [
        ("a header that does not fit", _error(FORM_HEADER, "r.csv")),
        *((f"csv {text!r}", _error(text, "r.csv", "csv")) for text, _, _ in CSV_ERRORS),
        *((f"json {text!r}", _error(text, "r.json")) for text, _, _ in JSON_ERRORS),
        ("not concluded", concluded.value.one_line().replace(str(FIXTURES), "FIXTURES")),
        ("cp1252", "\n".join(read_roster(cp1252).warnings).replace(str(tmp_path), "TMP")),
        *((f"refused {spec}", classify_cell(Cell(spec), folder).reason) for spec in OUTSIDE),
    ]
    assert_golden_cases("messages/roster.txt", cases, __file__)


def never_remote(spec: str) -> bool:
    return False


def test_csv_keeps_extra_columns_in_order_and_any_header_case() -> None:
    roster = parse_roster(
        "\ufeffPlayer , Pronouns,CORP,runner,Table\nAna,she/her,a.txt,b.txt,4\n",
        "r.csv",
        HERE,
        ReadOptions(),
    )
    assert roster.format == "csv" and roster.extra_columns == ("Pronouns", "Table")
    (entry,) = roster.entries
    assert (entry.player, entry.corp.text, entry.runner.text, entry.line) == (
        "Ana",
        "a.txt",
        "b.txt",
        2,
    )
    assert dict(entry.extra) == {"Pronouns": "she/her", "Table": "4"}


@pytest.mark.parametrize("delimiter", [",", ";", "\t"])
def test_csv_delimiter_is_sniffed(delimiter: str) -> None:
    text = delimiter.join(["player", "corp", "runner"]) + "\n"
    text += delimiter.join(["Ana", "x, y.txt" if delimiter != "," else "x.txt", "b.txt"]) + "\n"
    roster = parse_roster(text, "r.csv", HERE, ReadOptions())
    assert roster.entries[0].runner.text == "b.txt"


def test_csv_multiline_cells_and_blank_rows_keep_true_line_numbers() -> None:
    text = 'player,corp,runner\n\nAna,"Id\n3 Hedge Fund",b.txt\nBen,c.txt,d.txt\n'
    roster = parse_roster(text, "r.csv", HERE, ReadOptions())
    assert [(e.player, e.line) for e in roster.entries] == [("Ana", 3), ("Ben", 5)]
    assert roster.entries[0].corp.text == "Id\n3 Hedge Fund"


def test_form_sheet_mapped_with_columns_keeps_the_other_columns() -> None:
    text = FORM_HEADER.replace(",", ";") + "20/09;Ana;a.txt;b.txt\n"
    mapping = parse_columns(f'player="Name",corp="{CORP_COLUMN}",runner=\'{RUNNER_COLUMN}\'')
    roster = parse_roster(text, "r.csv", HERE, ReadOptions(columns=mapping))
    assert roster.extra_columns == ("Timestamp",)
    assert (roster.entries[0].player, roster.entries[0].corp.text) == ("Ana", "a.txt")


def test_a_header_that_does_not_fit_names_what_it_found_and_the_mapping_to_write() -> None:
    message = _error(FORM_HEADER, "r.csv")
    missing, found = message.split("; ")[:2]
    assert missing.startswith("r.csv: line 1: missing")
    assert all(f"'{column}'" in missing for column in ("player", "corp", "runner"))
    for column in ("Timestamp", "Name", CORP_COLUMN, RUNNER_COLUMN):
        assert f"'{column}'" in found
    # the mapping it suggests reads the sheet
    mapping = re.search(r'--columns ((\w+="[^"]*",?)+)', message)
    assert mapping is not None
    suggested = parse_columns(mapping[1])
    assert suggested == {"player": "Name", "corp": CORP_COLUMN, "runner": RUNNER_COLUMN}
    nom = _error(FORM_HEADER, "r.csv", options=ReadOptions(columns={"player": "Nom"}))
    assert "player='Nom'" in nom


@pytest.mark.parametrize(
    "text",
    ['player="Name",corp=', "who=Name", 'player="Name" junk'],
)
def test_bad_column_mappings_are_usage_errors(text: str) -> None:
    with pytest.raises(UsageError, match="--columns"):
        parse_columns(text)


@pytest.mark.parametrize(("text", "where", "what"), CSV_ERRORS)
def test_csv_errors_name_file_and_line(text: str, where: str, what: str) -> None:
    message = _error(text, "r.csv", "csv")
    assert message.startswith(f"{where}: ") and what in message
    assert "\n" not in message


@pytest.mark.parametrize(("text", "where", "what"), JSON_ERRORS)
def test_json_errors(text: str, where: str, what: str) -> None:
    message = _error(text, "r.json")
    assert message.startswith(f"{where}: ") and what in message


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("cobra/decks.json", "cobra-json"),
        ("cobra/decks.csv", "cobra-csv"),
        ("abr/entries.json", "abr-json"),
        ("abr/not-concluded.json", "abr-json"),
    ],
)
def test_formats_are_detected_from_the_content(name: str, expected: str) -> None:
    text = (FIXTURES / name).read_text(encoding="utf-8-sig")
    assert detect_format(text) == expected
    assert detect_format("player,corp,runner\n") == "csv"
    players = '[{"player": "a", "corp": "", "runner": ""}]'
    assert detect_format(players) == "json"


def test_cobra_json_groups_decks_per_player_with_composed_names() -> None:
    roster = read_roster(FIXTURES / "cobra" / "decks.json")
    assert roster.format == "cobra-json" and roster.unit == "entry"
    names = [e.player for e in roster.entries]
    assert names == ["Ana Lima", "Cleo Martin", "Dan Dropped", "Eve", "Méliès Fan"]
    ana = roster.entries[0]
    assert ana.corp.listed is not None and ana.runner.listed is not None
    identity = ana.corp.listed.lines[0]
    assert identity.identity and identity.code is not None  # the printing id
    dan = roster.entries[2]
    assert dan.corp.empty and dan.runner.listed is not None
    melies = roster.entries[4].corp.listed
    assert melies is not None
    bran = [line for line in melies.lines if line.title and line.title.startswith("Br")]
    assert [line.title for line in bran] == ["Brân 1.0"]  # NFD title composed, no card id


def test_cobra_csv_pairs_a_players_two_lists_and_leaves_a_lone_one_unsided() -> None:
    roster = read_roster(FIXTURES / "cobra" / "decks.csv")
    assert roster.format == "cobra-csv"
    assert [e.player for e in roster.entries][:3] == ["Ana Lima", "Cleo Martin", "Dan Dropped"]
    ana, dan = roster.entries[0], roster.entries[2]
    assert ana.corp.listed is not None and ana.corp.listed.lines[0].title == IDENTITY["corp"]
    assert ana.runner.listed is not None and ana.runner.listed.lines[0].identity
    assert dan.corp.empty and dan.runner.empty and len(dan.unsided) == 1
    card = ana.corp.listed.lines[1]
    assert card.quantity >= 1 and card.line is not None and card.line > 7


def test_abr_entries_and_the_not_concluded_answer() -> None:
    entries = FIXTURES / "abr" / "entries.json"
    roster = read_roster(entries)
    assert [e.player for e in roster.entries] == ["Ana Lima", "Imported Ivo"]
    assert roster.entries[0].corp.text == json.loads(entries.read_text())[0]["corp_deck_url"]
    assert roster.entries[1].runner.empty and roster.extra_columns == ("rank_swiss", "rank_top")
    with pytest.raises(UsageError) as err:
        read_roster(FIXTURES / "abr" / "not-concluded.json")
    said = err.value.one_line()
    answer = json.loads((FIXTURES / "abr" / "not-concluded.json").read_text())["warn"]
    assert f"'{answer}'" in said  # Always Be Running's answer, quoted
    assert "after the event" in said  # when to try again


def test_cp1252_is_read_with_a_warning_and_binary_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "r.csv"
    path.write_bytes("player;corp;runner\nZoë;a.txt;b.txt\n".encode("cp1252"))
    roster = read_roster(path)
    assert roster.entries[0].player == "Zoë"
    [warning] = roster.warnings
    assert warning.startswith(f"{path} ") and "(cp1252)" in warning and "as UTF-8" in warning
    path.write_bytes(b"\x00\x01\x02player")
    with pytest.raises(UsageError, match="not text"):
        read_roster(path)
    with pytest.raises(UsageError, match="roster file not found"):
        read_roster(tmp_path / "missing.csv")


def test_classify_cells(tmp_path: Path) -> None:
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "a deck").write_text("x")
    assert classify_cell(Cell("  "), tmp_path).kind == "empty"
    assert classify_cell(Cell("Id\n3 Hedge Fund"), tmp_path).kind == "text"
    deck_id = "0b7c2a1e-1d2c-4a5b-9c8d-0123456789ab"
    assert classify_cell(Cell(deck_id), tmp_path).kind == "remote"
    found = classify_cell(Cell("decks/a deck"), tmp_path)
    assert (found.kind, found.path) == ("file", tmp_path / "decks" / "a deck")
    missing = classify_cell(Cell("gone.txt"), tmp_path)
    assert (missing.kind, missing.label) == ("file", "gone.txt")
    one_liner = classify_cell(Cell("The Catalyst: Convention Breaker"), tmp_path)
    assert one_liner.kind == "text"


@pytest.mark.parametrize(
    "link",
    [
        "https://jinteki.net/decks/abc",
        "https://drive.google.com/file/d/xyz/view",
        "https://netrunnerdb.com/en/card/33001",
        "www.example.org/deck",
    ],
)
def test_links_elsewhere_are_not_files(tmp_path: Path, link: str) -> None:
    assert classify_cell(Cell(link), tmp_path).kind == "not-a-link"


def test_paths_leading_out_of_the_roster_folder_are_refused(tmp_path: Path) -> None:
    folder = _outside_folder(tmp_path)
    cells = {spec: classify_cell(Cell(spec), folder) for spec in OUTSIDE}
    assert {cell.kind for cell in cells.values()} == {"refused"}
    why = ("absolute", "home folder", "'..'", "symbolic link")  # what each reason names
    reasons = {spec: [w for w in why if w in cell.reason] for spec, cell in cells.items()}
    assert reasons == {
        "/etc/passwd": ["absolute"],
        "../secret.txt": ["'..'"],
        "~/deck.txt": ["home folder"],
        "link.txt": ["symbolic link"],
        "up/secret.txt": ["symbolic link"],
        "C:\\decks\\a.txt": ["absolute"],
        "decks/../../secret.txt": ["'..'"],
    }
    allowed = classify_cell(Cell("../secret.txt"), folder, allow_outside=True)
    assert allowed.kind == "file"
