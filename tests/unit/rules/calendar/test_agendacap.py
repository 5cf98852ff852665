"""Rules as the game's history had them: dated errata, the Eternal pool, Startup's agenda cap,
the deck's identity named again, and the lists' rules nrdeck does not know (rules.md §1, §4, §6)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from msgspec.structs import replace

from nrdeck.catalog import AgendaCap, CardDB, Restriction, UnknownRule
from nrdeck.errors import UsageError
from tests.builders import database, with_format_faults_of_2025
from tests.unit.rules.decks import (
    CTM_WORLDS_2016,
    HAYLEY_ETERNAL,
    IDENTITY_AGAIN,
    LOUD_PE_2024,
    NEH_2015,
    STARTUP_BIG_AGENDAS,
    check_on,
    read,
)
from tests.unit.rules.helpers import codes, select_in_force

D = dt.date.fromisoformat


# -- dated errata (§6) ----------------------------------------------------------------
def test_three_astroscript_in_a_2015_nbn_list_are_legal(db: CardDB) -> None:
    result = check_on(db, read(db, NEH_2015), "2015-06-01")
    assert codes(result) == []


def test_the_errata_makes_three_astroscript_too_many_from_2016_07_18(db: CardDB) -> None:
    before = check_on(db, read(db, NEH_2015), "2016-07-17")
    after = check_on(db, read(db, NEH_2015), "2016-07-18")
    assert "copies" not in codes(before)
    (problem,) = [p for p in after.problems if p.code == "copies"]
    assert problem.message.startswith("3 copies of AstroScript Pilot Program; the limit is 1")
    assert '"Limit 1 per deck." from 2016-07-18 until 2025-04-04' in problem.message
    assert "FFG FAQ 3.1" in problem.message and problem.line == 5
    assert problem.rule == "CR 1.4.7; AstroScript Pilot Program errata"


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
    assert "2 copies of AstroScript Pilot Program; the limit is 1 on 2016-11-12" in (
        result.problems[0].message
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


# -- the Eternal pool (§4, correction 6) ----------------------------------------------
def test_an_eternal_list_with_pressure_spike_is_legal_in_2024(db: CardDB) -> None:
    deck = read(db, HAYLEY_ETERNAL)
    result = check_on(db, deck, "2024-06-01", "eternal")
    assert codes(result) == []
    # the 2026 data's Eternal pool holds the Liberation cycle: no correction is needed
    assert "Liberation" not in (result.period.correction or "")


def test_on_data_without_liberation_the_correction_makes_the_list_legal(db: CardDB) -> None:
    older = with_format_faults_of_2025(db)
    result = check_on(older, read(older, HAYLEY_ETERNAL), "2024-06-01", "eternal")
    assert codes(result) == []
    assert "Rebellion Without Rehearsal" in (result.period.correction or "")
    assert "Liberation cycle" in (result.period.correction or "")


def test_pressure_spike_is_eternal_from_its_release_day(db: CardDB) -> None:
    for data in (db, with_format_faults_of_2025(db)):
        deck = read(data, HAYLEY_ETERNAL)
        (problem,) = check_on(data, deck, "2024-03-17", "eternal").problems
        assert problem.code == "not-in-card-pool" and problem.cards == ("pressure_spike",)
        assert "not released until 2024-03-18" in problem.message
        release_day = check_on(data, deck, "2024-03-18", "eternal")
        assert release_day.legal and codes(release_day) == ["competitive-delay"]  # a warning


def test_without_the_correction_the_data_leaves_liberation_out_of_eternal(db: CardDB) -> None:
    older = with_format_faults_of_2025(db)
    fixes = replace(older.tables.corrections, pool_additions=())
    bare = database(older, tables=replace(older.tables, corrections=fixes))
    result = check_on(bare, read(bare, HAYLEY_ETERNAL), "2024-06-01", "eternal")
    assert [(p.code, p.cards) for p in result.problems] == [
        ("not-in-card-pool", ("pressure_spike",))
    ]


def test_the_correction_is_skipped_once_the_data_has_the_cycle(db: CardDB) -> None:
    assert "liberation" in db.card_pools["eternal"].card_cycle_ids  # the 2026 data has it
    result = check_on(db, read(db, HAYLEY_ETERNAL), "2024-06-01", "eternal")
    assert codes(result) == [] and "Liberation" not in (result.period.correction or "")


# -- the deck's identity named again (§1) ---------------------------------------------
def test_the_identity_named_again_as_a_deck_card_is_identity_multiple(db: CardDB) -> None:
    deck = read(db, IDENTITY_AGAIN)
    assert [e.quantity for e in deck.extra_identities] == [3]
    result = check_on(db, deck, "2025-11-01", "casual")
    (problem,) = [p for p in result.problems if p.code == "identity-multiple"]
    assert problem.line == 3
    assert "Weyland Consortium: Building a Better World, the deck's identity, is listed again" in (
        problem.message
    )
    assert "(3 copies)" in problem.message and result.stats.cards == 3


def test_the_identity_named_twice_by_a_format_is_one_identity(db: CardDB) -> None:
    from nrdeck.app.inputs.decks import read_deck_text

    text = (
        ";; identity: Weyland Consortium: Building a Better World\n;; identity-code: 01093\n"
        "3 Hedge Fund\n"
    )
    deck = read_deck_text(text, "deck.txt", db, "jinteki")
    assert deck.identity is not None and deck.extra_identities == ()


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
    assert problem.code == "startup-agenda-cap" and problem.rule == "Startup Balance Update 25.04"
    assert "5 agendas worth 3 or more points (3× Salvo Testing, 2× Send a Message); at most 4" in (
        problem.message
    )


def _with_newer_startup_list(db: CardDB, *rules: UnknownRule) -> CardDB:
    """The bundled data plus a made-up Startup list (2099: a date no real list can take),
    newer than nrdeck's agenda-cap table."""
    newer = Restriction(
        id="startup_ban_list_99_01",
        name="Startup Ban List 99.01",
        format_id="startup",
        date_start=D("2099-01-01"),
        banned=frozenset({"cleaver"}),
    )
    fmt = db.formats["startup"]
    last = fmt.snapshots[-1]
    snap = replace(
        last,
        id="startup_test_99",
        card_pool_id="startup_elevation",  # the pool the deck below was built for
        restriction_id=newer.id,
        date_start=D("2099-01-01"),
    )
    formats = [f for f in db.formats.values() if f.id != "startup"]
    return database(
        db,
        restrictions=[*db.restrictions.values(), newer],
        formats=[*formats, replace(fmt, snapshots=(*fmt.snapshots, snap))],
        unknown_rules=rules,
    )


def test_a_startup_list_newer_than_the_table_takes_the_latest_cap_with_a_warning(
    db: CardDB,
) -> None:
    newer = _with_newer_startup_list(db)
    result = check_on(newer, read(newer, STARTUP_BIG_AGENDAS), "2099-01-02", "startup")
    assert codes(result) == ["startup-agenda-cap"]
    assert result.problems[0].message.endswith("at most 4")
    assert result.problems[0].rule == (
        "Startup Ban List 99.01 (cap of Startup Balance Update 26.09)"
    )
    (warning,) = result.period.warnings
    assert warning.startswith(
        "Startup Ban List 99.01 (startup_ban_list_99_01) is newer than nrdeck's agenda-cap table"
    )
    assert "the card data sets no cap for it" in warning
    assert "using the cap of Startup Balance Update 26.09" in warning


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


# -- rules nrdeck does not know (§4) --------------------------------------------------
def test_a_list_with_a_key_nrdeck_does_not_know_warns_on_every_check(db: CardDB) -> None:
    unknown = (
        UnknownRule("restriction", "startup_ban_list_99_01", "deckbuilding_rules"),
        UnknownRule("snapshot", "startup_test_99", "constraints"),
    )
    newer = _with_newer_startup_list(db, *unknown)
    period = select_in_force(newer, "startup", today=D("2099-01-02")).period
    assert period.warnings[:2] == (
        "snapshot startup_test_99 has rules nrdeck does not apply: constraints",
        "Startup Ban List 99.01 (startup_ban_list_99_01) has rules nrdeck does not apply: "
        "deckbuilding_rules",
    )
    older = select_in_force(newer, "startup", today=D("2025-09-01")).period
    assert older.warnings == ()


# -- the Loud PE list and the default date (§4) ---------------------------------------
def test_the_2024_loud_pe_list_was_legal_at_worlds_and_sting_is_banned_today(
    db: CardDB,
) -> None:
    deck = read(db, LOUD_PE_2024)
    assert codes(check_on(db, deck, "2024-10-19")) == []
    from nrdeck.rules import check_deck

    today = D("2026-11-23")
    default = check_deck(deck, db, select_in_force(db, "standard", today=today))
    banned = [p for p in default.problems if p.code == "banned"]
    assert [p.cards for p in banned] == [("sting",)]
    assert banned[0].rule == "Standard Balance Update 26.08"  # in force since 2026-08-01
    # the data still marks 26.03 active: asked for, that is the list used, never by default
    active = check_deck(deck, db, select_in_force(db, "standard", today=today, banlist_id="active"))
    assert [p.rule for p in active.problems if p.code == "banned"] == ["Standard Ban List 26.03"]
    assert default.period.restriction_id == "standard_balance_update_26_08"
