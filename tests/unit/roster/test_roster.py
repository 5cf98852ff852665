"""Reading rosters: every format organisers have, errors naming file and line; deck cells."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from nrdeck.app.event.files import parse_columns
from nrdeck.app.inputs.roster import read_roster
from nrdeck.app.inputs.sources import classify_cell
from nrdeck.errors import UsageError
from nrdeck.roster import Cell, ReadOptions, detect_format, parse_roster
from tests.paths import FIXTURES

HERE = Path("/event")
FIXTURES = FIXTURES / "event"


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
    text = "Timestamp;Name;Corp deck (NetrunnerDB link);Runner deck (NetrunnerDB link)\n"
    text += "20/09;Ana;a.txt;b.txt\n"
    mapping = parse_columns(
        'player="Name",corp="Corp deck (NetrunnerDB link)",'
        "runner='Runner deck (NetrunnerDB link)'"
    )
    roster = parse_roster(text, "r.csv", HERE, ReadOptions(columns=mapping))
    assert roster.extra_columns == ("Timestamp",)
    assert (roster.entries[0].player, roster.entries[0].corp.text) == ("Ana", "a.txt")


def test_a_header_that_does_not_fit_names_what_it_found_and_the_mapping_to_write() -> None:
    text = "Timestamp,Name,Corp deck (NetrunnerDB link),Runner deck (NetrunnerDB link)\n"
    with pytest.raises(UsageError) as err:
        parse_roster(text, "r.csv", HERE, ReadOptions())
    message = err.value.one_line()
    assert message.startswith("r.csv: line 1: missing column 'player', 'corp', 'runner'")
    assert "the header has 'Timestamp', 'Name', 'Corp deck (NetrunnerDB link)'" in message
    assert (
        '--columns player="Name",corp="Corp deck (NetrunnerDB link)",'
        'runner="Runner deck (NetrunnerDB link)"'
    ) in message
    with pytest.raises(UsageError, match="no column named player='Nom'"):
        parse_roster(text, "r.csv", HERE, ReadOptions(columns={"player": "Nom"}))


@pytest.mark.parametrize(
    "text",
    ['player="Name",corp=', "who=Name", 'player="Name" junk'],
)
def test_bad_column_mappings_are_usage_errors(text: str) -> None:
    with pytest.raises(UsageError, match="--columns"):
        parse_columns(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "r.csv: the roster is empty"),
        ("\n\nplayer,runner\n", "r.csv: line 3: missing column 'corp'"),
        ("player,corp,runner,Player\n", "r.csv: line 1: duplicate column 'player'"),
        ("player,corp,runner\nA,b,c,d\n", "r.csv: line 2: expected 3 fields (player,corp,runner)"),
        ("player,corp,runner\nA,b,c\n ,b,c\n", "r.csv: line 3: the player name is empty"),
        ('player,corp,runner\nA,"b,c\n', "r.csv: line 2: malformed CSV"),
        ("player,corp,runner\n\n", "r.csv: the roster has no players"),
    ],
)
def test_csv_errors_name_file_and_line(text: str, message: str) -> None:
    with pytest.raises(UsageError) as err:
        parse_roster(text, "r.csv", HERE, ReadOptions(), "csv")
    assert err.value.one_line().startswith(message)
    assert "\n" not in err.value.one_line()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{}", "r.json: the roster must be a JSON list of players"),
        ('{"error": "Tournament not found."}', "r.json: Always Be Running answered"),
        ("[1]", "r.json: entry 1: expected an object"),
        ("[]", "r.json: the roster has no players"),
        ('[{"player": "A", "corp": "x"}]', "r.json: entry 1: missing key 'runner'"),
        ('[{"player": "A", "corp": ["x"], "runner": ""}]', "r.json: entry 1: corp must be text"),
        ('[\n{"player": }]', "r.json: line 2: invalid JSON"),
    ],
)
def test_json_errors(text: str, message: str) -> None:
    with pytest.raises(UsageError) as err:
        parse_roster(text, "r.json", HERE, ReadOptions())
    assert err.value.one_line().startswith(message)


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
    assert detect_format('[{"player": "a", "corp": "", "runner": ""}]') == "json"


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
    assert ana.corp.listed is not None and ana.corp.listed.lines[0].title == (
        "Haas-Bioroid: Precision Design"
    )
    assert ana.runner.listed is not None and ana.runner.listed.lines[0].identity
    assert dan.corp.empty and dan.runner.empty and len(dan.unsided) == 1
    card = ana.corp.listed.lines[1]
    assert card.quantity >= 1 and card.line is not None and card.line > 7


def test_abr_entries_and_the_not_concluded_answer() -> None:
    roster = read_roster(FIXTURES / "abr" / "entries.json")
    assert [e.player for e in roster.entries] == ["Ana Lima", "Imported Ivo"]
    assert roster.entries[0].corp.text.endswith("11111111-1111-4111-8111-111111111111")
    assert roster.entries[1].runner.empty and roster.extra_columns == ("rank_swiss", "rank_top")
    with pytest.raises(UsageError) as err:
        read_roster(FIXTURES / "abr" / "not-concluded.json")
    assert "'Tournament is not concluded.'" in err.value.one_line()
    assert "only after the event has concluded" in err.value.one_line()


def test_cp1252_is_read_with_a_warning_and_binary_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "r.csv"
    path.write_bytes("player;corp;runner\nZoë;a.txt;b.txt\n".encode("cp1252"))
    roster = read_roster(path)
    assert roster.entries[0].player == "Zoë"
    assert roster.warnings == (
        f"{path} is not UTF-8: read as Windows-1252 (cp1252); save it as UTF-8",
    )
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
    assert classify_cell(Cell("0b7c2a1e-1d2c-4a5b-9c8d-0123456789ab"), tmp_path).kind == "remote"
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
    folder = tmp_path / "event"
    folder.mkdir()
    (tmp_path / "secret.txt").write_text("secret")
    os.symlink(tmp_path / "secret.txt", folder / "link.txt")
    os.symlink(tmp_path, folder / "up")
    reasons = {
        spec: classify_cell(Cell(spec), folder).reason
        for spec in ("/etc/passwd", "../secret.txt", "~/deck.txt", "link.txt", "up/secret.txt",
                     "C:\\decks\\a.txt", "decks/../../secret.txt")
    }  # fmt: skip
    assert reasons == {
        "/etc/passwd": "an absolute path",
        "../secret.txt": "a path with '..'",
        "~/deck.txt": "a path in a home folder",
        "link.txt": "a symbolic link that leads outside the folder",
        "up/secret.txt": "a symbolic link that leads outside the folder",
        "C:\\decks\\a.txt": "an absolute path",
        "decks/../../secret.txt": "a path with '..'",
    }
    allowed = classify_cell(Cell("../secret.txt"), folder, allow_outside=True)
    assert allowed.kind == "file"
