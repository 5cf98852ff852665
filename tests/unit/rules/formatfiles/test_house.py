"""User formats from TOML: base format or card pool plus bans, restrictions and points."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from nrdeck.catalog import AgendaCap, CardDB
from nrdeck.errors import UsageError
from nrdeck.rules import InForce, check_deck
from tests.unit.rules.helpers import make_deck, select_in_force

DAY = dt.date(2025, 11, 1)
HB = "Haas-Bioroid: Precision Design"
LEGAL = [
    (3, "Send a Message"), (3, "Offworld Office"), (3, "Superconducting Hub"), (3, "Palisade"),
    (3, "Tithe"), (3, "Whitespace"), (3, "Rime"), (3, "Ansel 1.0"), (3, "Hedge Fund"),
    (3, "Petty Cash"), (3, "NAPD Cordon"), (3, "CSR Campaign"), (3, "Regolith Mining License"),
    (1, "Bloop"),
]  # fmt: skip


def user_format(
    db: CardDB, tmp_path: Path, text: str, fmt: str = "standard", **kw: object
) -> InForce:
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    return select_in_force(db, fmt, today=DAY, format_file=path, **kw)  # type: ignore[arg-type]


def codes_under(db: CardDB, in_force: InForce, lines: list[tuple[int, str]] = LEGAL) -> list[str]:
    return [p.code for p in check_deck(make_deck(db, HB, lines), db, in_force).problems]


def test_extra_bans_restrictions_and_points_on_a_base_format(db: CardDB, tmp_path: Path) -> None:
    text = """
name = "House League"
base = "standard"
banned = ["Hedge Fund"]
restricted = ["Petty Cash", "napd_cordon"]
point_limit = 3
[points]
"Send a Message" = 2
"Palisade" = 2
"""
    in_force = user_format(db, tmp_path, text)
    assert in_force.period.format_id == "House League"
    # today (2025-11-01): Standard Ban List 25.10, never the snapshot the data marks active
    assert in_force.period.restriction_id == "standard_ban_list_25_10"
    result = check_deck(make_deck(db, HB, LEGAL), db, in_force)
    assert sorted(p.code for p in result.problems) == ["banned", "points", "restricted"]
    assert all(p.rule == "House League" for p in result.problems)
    assert result.stats.points == 4 and result.stats.point_limit == 3


def test_a_house_ban_list_takes_the_names_players_use(db: CardDB, tmp_path: Path) -> None:
    in_force = user_format(
        db, tmp_path, 'name = "Old list"\nbase = "standard"\nbanlist = "SBL 24.09"\n'
    )
    assert in_force.period.restriction_id == "standard_ban_list_24_09"
    with pytest.raises(UsageError) as err:
        user_format(db, tmp_path, 'name = "X"\nbase = "standard"\nbanlist = "24.99"\n')
    said = err.value.one_line()
    assert "house.toml: " in said and "ban list '24.99'" in said and "format standard" in said


def test_the_base_format_keeps_its_own_ban_list(db: CardDB, tmp_path: Path) -> None:
    in_force = user_format(db, tmp_path, 'name = "Plain"\nbase = "standard"\n')
    assert codes_under(db, in_force, [*LEGAL, (1, "Cayambe Grid")]) == ["banned"]


def test_a_card_pool_without_a_format(db: CardDB, tmp_path: Path) -> None:
    in_force = user_format(db, tmp_path, 'name = "Sixth"\ncard_pool = "rotation_2023"\n')
    assert in_force.card_pool_id == "rotation_2023" and in_force.restriction is None
    assert in_force.period.snapshot_id is None
    result = check_deck(make_deck(db, HB, LEGAL), db, in_force)
    assert [(p.code, p.cards) for p in result.problems] == [("not-in-card-pool", ("petty_cash",))]
    assert "Sixth Rotation card pool" in result.problems[0].message


def test_the_format_option_is_the_base_when_the_file_names_none(db: CardDB, tmp_path: Path) -> None:
    in_force = user_format(
        db, tmp_path, 'name = "Startup house"\nbanned = ["Hedge Fund"]\n', fmt="startup"
    )
    assert in_force.extras.agenda_cap == AgendaCap(min_points=3, max_copies=4)
    assert in_force.card_pool_id == "startup_elevation"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('name = "X"\nbase = "standard"\nbanned = ["Hedge Fund"\n', "house.toml:3"),
        (
            'name = "X"\nbase = "standard"\nbanned = ["Hedge Fnud"]\n',
            "house.toml:3: unknown card 'Hedge Fnud'",
        ),
        ('name = "X"\nbase = "modern"\n', "house.toml:2"),
        ('name = "X"\ncard_pool = "rotation_1999"\n', "unknown card pool 'rotation_1999'"),
        ('name = "X"\nbase = "standard"\nbanlist = "mwl_9"\n', "unknown ban list 'mwl_9'"),
        ('base = "standard"\n', "needs a name"),
        ('name = "X"\nbase = "standard"\ncolour = "red"\n', "house.toml:3: unknown key 'colour'"),
        ('name = "X"\nbase = "standard"\n[points]\n"Hedge Fund" = -1\n', "house.toml:4"),
    ],
)
def test_bad_format_files_are_one_line_usage_errors(
    db: CardDB, tmp_path: Path, text: str, expected: str
) -> None:
    with pytest.raises(UsageError) as err:
        user_format(db, tmp_path, text)
    line = err.value.one_line()
    assert expected in line and "\n" not in line


def test_a_missing_format_file_is_a_usage_error(db: CardDB, tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="cannot read"):
        select_in_force(db, "standard", today=DAY, format_file=tmp_path / "absent.toml")


def test_a_casual_house_format_applies_its_own_lists_only(db: CardDB, tmp_path: Path) -> None:
    in_force = user_format(
        db, tmp_path, 'name = "Kitchen"\nbase = "casual"\nbanned = ["Hedge Fund"]\n'
    )
    assert in_force.card_pool_id is None
    assert codes_under(db, in_force, [*LEGAL, (1, "Jackson Howard")]) == ["banned"]
