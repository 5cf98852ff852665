"""The dated errata in force on the date checked (docs/reference/legality.md §6): AstroScript Pilot
Program's Limit 1 per deck from 2016-07-18 to 2025-04-04."""

from __future__ import annotations

from msgspec.structs import replace

from nrdeck.catalog import CardDB
from tests.builders import database
from tests.unit.rules.decks import (
    CTM_WORLDS_2016,
    NEH_2015,
    check_on,
    read,
)
from tests.unit.rules.helpers import codes

ASTROSCRIPT = "astroscript_pilot_program"


# -- dated errata (§6) ----------------------------------------------------------------
def test_three_astroscript_in_a_2015_nbn_list_are_legal(db: CardDB) -> None:
    result = check_on(db, read(db, NEH_2015), "2015-06-01")
    assert codes(result) == []


def test_the_errata_makes_three_astroscript_too_many_from_2016_07_18(db: CardDB) -> None:
    before = check_on(db, read(db, NEH_2015), "2016-07-17")
    after = check_on(db, read(db, NEH_2015), "2016-07-18")
    assert "copies" not in codes(before)
    (problem,) = [p for p in after.problems if p.code == "copies"]
    assert problem.cards == (ASTROSCRIPT,) and problem.line == 5
    assert problem.message.startswith("3 copies of AstroScript") and "limit is 1" in problem.message
    for said in ('"Limit 1 per deck."', "from 2016-07-18", "until 2025-04-04", "FFG FAQ 3.1"):
        assert said in problem.message  # the erratum's text, dates and source
    assert problem.rule == f"CR 1.4.7; {db.cards[ASTROSCRIPT].title} errata"


def test_the_2016_world_champion_deck_plays_one_astroscript_and_two_are_illegal(
    db: CardDB,
) -> None:
    worlds = read(db, CTM_WORLDS_2016)
    assert codes(check_on(db, worlds, "2016-11-12")) == []
    two = read(
        db,
        CTM_WORLDS_2016,
        {
            "1 AstroScript Pilot Program": "2 AstroScript Pilot Program",
            "3 Project Beale": "2 Project Beale",
        },
    )
    result = check_on(db, two, "2016-11-12")
    assert codes(result) == ["copies"]
    (problem,) = result.problems
    assert problem.cards == (ASTROSCRIPT,)
    assert (
        problem.message.startswith("2 copies of AstroScript") and "on 2016-11-12" in problem.message
    )


def test_the_errata_ends_on_2025_04_04(db: CardDB) -> None:
    two = read(db, NEH_2015)
    assert "copies" in codes(check_on(db, two, "2025-04-03", "eternal"))
    assert "copies" not in codes(check_on(db, two, "2025-04-04", "eternal"))


def test_errata_apply_in_casual_too_and_only_while_in_force(db: CardDB) -> None:
    assert "copies" in codes(check_on(db, read(db, NEH_2015), "2020-01-01", "casual"))
    assert "copies" not in codes(check_on(db, read(db, NEH_2015), "2026-01-01", "casual"))


def test_an_erratum_of_a_card_the_data_lacks_is_skipped(db: CardDB) -> None:
    errata = db.tables.errata
    ghost = replace(errata.errata[0], card_id="no_such_card")
    other = database(db, tables=replace(db.tables, errata=replace(errata, errata=(ghost,))))
    assert codes(check_on(other, read(other, NEH_2015), "2016-11-12", "casual")) == []
