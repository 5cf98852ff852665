"""The top level of a format file, read against the card data: every mistake is one usage error
naming the file, the line and the key."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from nrdeck.catalog import CardDB
from nrdeck.errors import UsageError
from tests.unit.rules.helpers import select_in_force

D = dt.date.fromisoformat


@pytest.mark.parametrize(
    ("table", "said"),
    [
        ("[agenda_cap]\nmax_copies = 4\n", "needs exactly min_points and max_copies"),
        ("[agenda_cap]\nmin_points = 3\nmax_copies = -1\n", "cap.toml:5: max_copies"),
        ('agenda_cap = "4"\n', "needs exactly min_points and max_copies"),
    ],
)
def test_a_bad_agenda_cap_is_a_usage_error_naming_the_line(
    db: CardDB, tmp_path: Path, table: str, said: str
) -> None:
    path = tmp_path / "cap.toml"
    path.write_text(f'name = "X"\nbase = "startup"\n{table}', encoding="utf-8")
    with pytest.raises(UsageError) as err:
        select_in_force(db, "startup", today=D("2025-09-01"), format_file=path)
    assert said in err.value.one_line()
