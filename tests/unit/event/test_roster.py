"""Reading rosters: CSV and JSON, extra columns, errors naming file and line; deck cells."""

from __future__ import annotations

from pathlib import Path

import pytest

from nrdeck.app.roster import classify_cell, parse_roster_csv, parse_roster_json, read_roster
from nrdeck.errors import UsageError

HERE = Path("/event")


def never_remote(spec: str) -> bool:
    return False


def test_csv_keeps_extra_columns_in_order_and_any_header_case() -> None:
    text = "\ufeffPlayer , Pronouns,CORP,runner,Table\nAna,she/her,a.txt,b.txt,4\n"
    roster = parse_roster_csv(text, "r.csv", HERE)
    assert roster.extra_columns == ("Pronouns", "Table")
    (entry,) = roster.entries
    assert (entry.player, entry.corp, entry.runner, entry.line) == ("Ana", "a.txt", "b.txt", 2)
    assert dict(entry.extra) == {"Pronouns": "she/her", "Table": "4"}


def test_csv_multiline_cells_and_blank_rows_keep_true_line_numbers() -> None:
    text = 'player,corp,runner\n\nAna,"Id\n3 Hedge Fund",b.txt\nBen,c.txt,d.txt\n'
    roster = parse_roster_csv(text, "r.csv", HERE)
    assert [(e.player, e.line) for e in roster.entries] == [("Ana", 3), ("Ben", 5)]
    assert roster.entries[0].corp == "Id\n3 Hedge Fund"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "r.csv: the roster is empty"),
        ("\n\nplayer,runner\n", "r.csv: line 3: missing column 'corp'"),
        ("name,deck\n", "r.csv: line 1: missing column 'player', 'corp', 'runner'"),
        ("player,corp,runner,Player\n", "r.csv: line 1: duplicate column 'player'"),
        ("player,corp,runner\nA,b,c,d\n", "r.csv: line 2: expected 3 fields (player,corp,runner)"),
        ("player,corp,runner\nA,b,c\n ,b,c\n", "r.csv: line 3: the player name is empty"),
        ('player,corp,runner\nA,"b,c\n', "r.csv: line 2: malformed CSV"),
        ("player,corp,runner\n\n", "r.csv: the roster has no players"),
    ],
)
def test_csv_errors_name_file_and_line(text: str, message: str) -> None:
    with pytest.raises(UsageError) as err:
        parse_roster_csv(text, "r.csv", HERE)
    assert err.value.one_line().startswith(message)
    assert "\n" not in err.value.one_line()


def test_json_roster_with_extra_keys_and_null_cells() -> None:
    text = (
        '[{"player": "Ana", "corp": null, "runner": "b.txt", "seed": 3}, '
        '{"Player": "Ben", "corp": "c", "runner": "d", "team": "x"}]'
    )
    roster = parse_roster_json(text, "r.json", HERE)
    assert roster.unit == "entry"
    assert roster.extra_columns == ("seed", "team")
    assert [(e.player, e.corp, e.line) for e in roster.entries] == [("Ana", "", 1), ("Ben", "c", 2)]
    assert dict(roster.entries[0].extra) == {"seed": "3"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{}", "r.json: the roster must be a JSON list"),
        ("[1]", "r.json: entry 1: expected an object"),
        ("[]", "r.json: the roster has no players"),
        ('[{"player": "A", "corp": "x"}]', "r.json: entry 1: missing key 'runner'"),
        ('[{"player": "A", "corp": ["x"], "runner": ""}]', "r.json: entry 1: corp must be text"),
        ('[\n{"player": }]', "r.json: line 2: invalid JSON"),
    ],
)
def test_json_errors(text: str, message: str) -> None:
    with pytest.raises(UsageError) as err:
        parse_roster_json(text, "r.json", HERE)
    assert err.value.one_line().startswith(message)


def test_read_roster_picks_the_reader_and_reports_missing_files(tmp_path: Path) -> None:
    (tmp_path / "r.txt").write_text('[{"player": "A", "corp": "", "runner": ""}]')
    assert read_roster(tmp_path / "r.txt").unit == "entry"
    (tmp_path / "r.csv").write_bytes(b"player,corp,runner\nA,\xff,\n")
    with pytest.raises(UsageError, match="not UTF-8"):
        read_roster(tmp_path / "r.csv")
    with pytest.raises(UsageError, match="roster file not found"):
        read_roster(tmp_path / "missing.csv")
    assert read_roster(tmp_path / "r.txt").folder == tmp_path.resolve()


def test_classify_cells(tmp_path: Path) -> None:
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "a deck").write_text("x")
    assert classify_cell("  ", tmp_path, never_remote).kind == "empty"
    assert classify_cell("Id\n3 Hedge Fund", tmp_path, never_remote).kind == "text"
    assert classify_cell("uuid", tmp_path, lambda s: True).kind == "remote"
    found = classify_cell("decks/a deck", tmp_path, never_remote)
    assert (found.kind, found.path) == ("file", tmp_path / "decks" / "a deck")
    missing = classify_cell("gone.txt", tmp_path, never_remote)
    assert (missing.kind, missing.label()) == ("file", "gone.txt")
    assert classify_cell("The Catalyst: Convention Breaker", tmp_path, never_remote).kind == "text"
    assert classify_cell("/abs/deck.o8d", tmp_path, never_remote).path == Path("/abs/deck.o8d")
