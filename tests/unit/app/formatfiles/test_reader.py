"""Reading a format file: TOML screened before it is parsed (nesting, numbers too long),
errors naming the file, the line and the key; a good file parsed into its table."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from nrdeck.app.formatfiles.reader import (
    MAX_DIGITS,
    MAX_NESTING,
    hostile_toml,
    read_format_source,
)
from nrdeck.errors import ExitCode, UsageError


def test_ordinary_toml_is_not_hostile() -> None:
    ordinary = 'id = "a"\n[lists.x]\ncards = [[1, 2], [3]]\ndate = 2026-01-01\n'
    assert hostile_toml(ordinary) is None


def test_nesting_too_deep_names_the_line_and_the_key() -> None:
    deep = "[" * (MAX_NESTING + 1) + "]" * (MAX_NESTING + 1)
    found = hostile_toml(f'id = "a"\n\ncards = {deep}\n')
    assert found is not None
    line, _, said = found.partition(": ")
    assert line == "3" and " cards " in f" {said} " and str(MAX_NESTING) in said


def test_nesting_at_the_limit_is_read() -> None:
    assert hostile_toml("x = " + "[" * MAX_NESTING + "]" * MAX_NESTING) is None


def test_a_number_too_long_names_its_line() -> None:
    found = hostile_toml(f"a = 1\nmax_copies = {'9' * (MAX_DIGITS + 1)}\n")
    assert found is not None and found.startswith("2: ") and "max_copies" in found
    assert hostile_toml(f"max_copies = {'9' * MAX_DIGITS}") is None


def test_strings_and_comments_are_not_screened_and_keep_their_lines() -> None:
    text = f'notes = """\n{"[" * 99}\n"""\n# {"9" * 99}\nname = "{"{" * 99}"\n'
    assert hostile_toml(text) is None
    after = text + "deep = " + "[" * (MAX_NESTING + 1)
    found = hostile_toml(after)
    assert found is not None and found.startswith("6: ")


def test_a_format_file_is_parsed_into_its_table(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text('id = "house"\n[lists.l]\ndate = 2026-01-02\n', encoding="utf-8")
    source = read_format_source(path)
    assert source.table == {"id": "house", "lists": {"l": {"date": dt.date(2026, 1, 2)}}}
    assert source.path == str(path) and not source.shipped
    assert read_format_source(path, shipped=True).shipped


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ('id = "a"\nname = \n', "2"),
        ('id = "a"\nid = "b"\n', "2"),
        ('id = "a"\nx = [1,\n', "2"),  # at the end of the document: its last line
    ],
)
def test_toml_that_cannot_be_parsed_names_the_file_and_line(
    tmp_path: Path, text: str, line: str
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(UsageError) as caught:
        read_format_source(path)
    assert caught.value.exit_code is ExitCode.USAGE
    assert caught.value.message.startswith(f"{path}:{line}: ")


def test_hostile_toml_is_refused_before_the_parser_sees_it(tmp_path: Path) -> None:
    path = tmp_path / "deep.toml"
    path.write_text("x = " + "[" * 5000 + "]" * 5000, encoding="utf-8")
    with pytest.raises(UsageError) as caught:
        read_format_source(path)
    assert caught.value.message.startswith(f"{path}:1: ") and caught.value.hint
