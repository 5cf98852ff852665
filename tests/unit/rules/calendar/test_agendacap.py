"""Startup's cap on agendas worth 3 or more points: from the card data, nrdeck's dated table by
list, the latest earlier list's with a warning, or a house format's own
(docs/reference/legality.md §4)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from nrdeck.catalog import AgendaCap, CardDB
from nrdeck.rules import InForce
from tests.unit.rules.decks import (
    STARTUP_BIG_AGENDAS,
    check_on,
    read,
)
from tests.unit.rules.helpers import codes, select_in_force, with_newer_startup_list

D = dt.date.fromisoformat


def in_force_on(db: CardDB, day: str) -> InForce:
    return select_in_force(db, "startup", today=D(day), as_of=D(day))


# -- Startup's agenda cap as data (§4) ------------------------------------------------
@pytest.mark.parametrize(
    ("day", "cap", "rule"),
    [
        ("2024-09-19", None, ""),
        ("2024-09-20", 3, "Startup Ban List 24.09"),
        ("2025-04-24", 4, "Startup Balance Update 25.04"),
    ],
)
def test_the_cap_comes_from_the_table_by_list(
    db: CardDB, day: str, cap: int | None, rule: str
) -> None:
    in_force = select_in_force(db, "startup", today=D(day), as_of=D(day))
    assert (in_force.extras.agenda_cap.max_copies if in_force.extras.agenda_cap else None) == cap
    assert in_force.extras.agenda_cap_rule == rule and in_force.period.warnings == ()


def test_five_three_point_agendas_break_the_startup_cap(db: CardDB) -> None:
    result = check_on(db, read(db, STARTUP_BIG_AGENDAS), "2025-09-01", "startup")
    (problem,) = result.problems
    assert problem.code == "startup-agenda-cap"
    assert problem.rule == in_force_on(db, "2025-09-01").extras.agenda_cap_rule
    assert problem.rule.endswith("Balance Update 25.04")
    for said in ("5 agendas worth 3", "3× Salvo Testing", "2× Send a Message", "at most 4"):
        assert said in problem.message


def test_a_startup_list_newer_than_the_table_takes_the_latest_cap_with_a_warning(
    db: CardDB,
) -> None:
    newer = with_newer_startup_list(db)
    result = check_on(newer, read(newer, STARTUP_BIG_AGENDAS), "2099-01-02", "startup")
    assert codes(result) == ["startup-agenda-cap"]
    assert result.problems[0].message.endswith("at most 4")
    rule = result.problems[0].rule
    assert rule and rule.startswith("Startup Ban List 99.01 ") and "Update 26.09" in rule
    (warning,) = result.period.warnings
    assert warning.startswith("Startup Ban List 99.01 ") and "startup_ban_list_99_01" in warning
    assert "agenda-cap table" in warning and "no cap" in warning  # why
    assert "Balance Update 26.09" in warning  # the cap it takes instead


def test_a_house_format_sets_its_own_agenda_cap(db: CardDB, tmp_path: Path) -> None:
    path = tmp_path / "cap.toml"
    path.write_text(
        'name = "Big agendas"\nbase = "startup"\n[agenda_cap]\nmin_points = 3\nmax_copies = 5\n',
        encoding="utf-8",
    )
    day = D("2025-09-01")
    in_force = select_in_force(db, "startup", today=day, as_of=day, format_file=path)
    assert in_force.extras.agenda_cap == AgendaCap(min_points=3, max_copies=5)
    from nrdeck.rules import check_deck

    assert check_deck(read(db, STARTUP_BIG_AGENDAS), db, in_force).problems == ()
    path.write_text(path.read_text().replace("max_copies = 5", "max_copies = 2"), "utf-8")
    tight = select_in_force(db, "startup", today=day, as_of=day, format_file=path)
    (problem,) = check_deck(read(db, STARTUP_BIG_AGENDAS), db, tight).problems
    assert problem.rule == "Big agendas" and problem.message.endswith("at most 2")
