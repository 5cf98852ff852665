"""The words of format files' errors, warnings and notes: what a user reads about a file."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from nrdeck.catalog import CardDB
from nrdeck.errors import UsageError
from nrdeck.rules import check_deck
from nrdeck.rules.formatfiles import (
    FormatSource,
    community_warning,
    official_note,
    select_from_file,
)
from nrdeck.rules.formatfiles.source import Field, date, whole
from tests.builders import database
from tests.paths import ROOT, assert_golden_cases
from tests.unit.rules.formatfiles.test_house import HB, LEGAL, user_format
from tests.unit.rules.formatfiles.test_source import league
from tests.unit.rules.helpers import make_deck, said


def _refused(call: object, *args: object, **kw: object) -> str:
    with pytest.raises(UsageError) as err:
        call(*args, **kw)  # type: ignore[operator]
    return err.value.one_line()


def test_format_files_read_as_the_golden_file_says(
    db: CardDB, core: FormatSource, astro: FormatSource, tmp_path: Path
) -> None:
    without_core = database(db, formats=[f for f in db.formats.values() if f.id != "core"])
    sixth = user_format(db, tmp_path, 'name = "Sixth"\ncard_pool = "rotation_2023"\n')
    unknown_list = 'name = "X"\nbase = "standard"\nbanlist = "24.99"\n'
    day = dt.date(2026, 10, 1)
    cases = [
        ("the card data's Core wins", official_note(db, core) or ""),
        ("card data without Core", community_warning(without_core, core) or ""),
        ("another --format given", _refused(
            select_from_file, db, astro, "standard", today=day, format_given=True
        ).replace(str(ROOT), "ROOT")),
        ("an unknown ban list", _refused(
            user_format, db, tmp_path, unknown_list
        ).replace(str(tmp_path), "TMP")),
        ("a card out of the file's pool", said(
            check_deck(make_deck(db, HB, LEGAL), db, sixth).problems
        )),
        ("a value that is no date", _refused(date, Field(league(), "from", "periods", 1), "soon")),
        ("a number that is no whole number", _refused(whole, Field(league(), "max_copies"), -1)),
    ]  # fmt: skip
    assert_golden_cases("messages/format-files.txt", cases, __file__)
