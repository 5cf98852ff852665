"""Where a format file says what: the line of a key or value inside its table, and one-line
usage errors naming the file, the line and the key."""

from __future__ import annotations

import pytest

from nrdeck.errors import UsageError
from nrdeck.rules.formatfiles import FormatSource
from nrdeck.rules.formatfiles.source import Field, date, whole

TEXT = """id = "league"
max_copies = 1

[[periods]]
from = 2026-02-18
list = "a"

[[periods]]
from = "soon"
list = "b"
"""


def league() -> FormatSource:
    table = {"id": "league", "max_copies": 1, "periods": [{"from": None}, {"from": "soon"}]}
    return FormatSource(path="league.toml", text=TEXT, table=table)


def test_the_format_id_is_the_files_own() -> None:
    assert league().format_id == "league"


def test_a_value_is_found_inside_the_nth_table_of_its_header() -> None:
    source = league()
    assert source.where("from", "periods", 1) == "league.toml:9"
    assert source.where("b") == "league.toml:10"
    assert source.line_of("nowhere") is None


def test_a_wrong_value_is_one_line_naming_the_file_the_line_and_the_key() -> None:
    with pytest.raises(UsageError) as caught:
        date(Field(league(), "from", "periods", 1), "soon")
    where, what = str(caught.value).split(": ", 1)
    assert where == "league.toml:9" and what.startswith("periods[2].from ")  # the key
    assert "must be a date" in what
    with pytest.raises(UsageError, match=r"^league.toml:2: max_copies must be a whole number"):
        whole(Field(league(), "max_copies"), -1)
