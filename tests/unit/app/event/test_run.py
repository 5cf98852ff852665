"""run_event: progress, remote decks fetched up front, placement, pools, comparisons."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path
from typing import Any

import pytest

import nrdeck.app.event.decks as event_decks
from nrdeck.app.event.run import EventSettings, run_event
from nrdeck.app.inputs.decks import DeckSettings, LoadedDeck, read_deck_text
from nrdeck.app.inputs.roster import read_roster
from nrdeck.catalog import CardDB
from nrdeck.errors import DeckNotFoundError, DeckPrivateError, RemoteDeckError, UsageError
from nrdeck.rules import Selection
from tests.ids import ZAHYA
from tests.paths import FIXTURES

FIXTURES = FIXTURES / "event"
DECKS = FIXTURES / "decks"
SG = EventSettings(Selection(today=dt.date(2026, 1, 1), format_id="system_gateway"))
STD = EventSettings(Selection(today=dt.date(2026, 1, 1), as_of=dt.date(2025, 10, 1)))
OFFLINE = DeckSettings(offline=True)


def roster_file(tmp_path: Path, body: str) -> Path:
    shutil.copytree(DECKS, tmp_path / "decks", dirs_exist_ok=True)
    path = tmp_path / "roster.csv"
    path.write_text("player,corp,runner\n" + body, encoding="utf-8")
    return path


def test_progress_counts_every_registered_deck(db: CardDB, tmp_path: Path) -> None:
    calls: list[tuple[str, int, int, str]] = []
    body = "Ana,decks/sg-syndicate.txt,decks/sg-catalyst.txt\nBen,,decks/sg-catalyst-4-carmen.txt\n"
    report = run_event(
        read_roster(roster_file(tmp_path, body)), db, SG, OFFLINE, lambda *c: calls.append(c)
    )
    assert calls == [
        ("checking", 1, 3, "Ana · Corp"),
        ("checking", 2, 3, "Ana · Runner"),
        ("checking", 3, 3, "Ben · Runner"),
    ]
    assert report.period is not None and report.period.format_id == "system_gateway"
    ben, ana = report.players  # worst first
    assert ana.ready and ana.corp.source == "decks/sg-syndicate.txt"
    assert ben.corp.kind == "empty" and ben.runner.status == "illegal"
    assert ben.state.value == "needs fixing"


def test_bad_format_is_a_usage_error_before_any_deck_is_read(db: CardDB, tmp_path: Path) -> None:
    calls: list[Any] = []
    roster = read_roster(roster_file(tmp_path, "Ana,decks/sg-syndicate.txt,\n"))
    bad = EventSettings(Selection(today=dt.date(2026, 1, 1), format_id="no_such_format"))
    with pytest.raises(UsageError):
        run_event(roster, db, bad, OFFLINE, lambda *c: calls.append(c))
    assert calls == []


def fake_prefetch(db: CardDB, answers: dict[str, Any], asked: list[Any]) -> Any:
    def prefetch(
        sources: Any, db_: CardDB, settings: DeckSettings, progress: Any = None, jobs: int = 1
    ) -> Any:
        remote = {s.ref: s for s in sources if s.kind == "remote"}
        links = [s.label for s in remote.values()]
        asked.append((links, jobs))
        found = {}
        for n, (ref, source) in enumerate(remote.items(), 1):
            link = source.label
            answer = answers[link]
            found[ref] = (
                answer
                if isinstance(answer, RemoteDeckError)
                else LoadedDeck(read_deck_text((DECKS / answer).read_text(), link, db))
            )
            if progress:
                progress(n, len(links), link)
        return found

    return prefetch


U1, U2, U3, U4 = (
    f"{n}{n}{n}{n}{n}{n}{n}{n}-{n}{n}{n}{n}-4{n}{n}{n}-8{n}{n}{n}-{n * 12}" for n in "1234"
)


def test_remote_decks_are_fetched_once_up_front_then_checked(
    db: CardDB, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[Any] = []
    answers = {
        U1: "sg-syndicate.txt",
        U2: "sg-catalyst.txt",
        U3: DeckPrivateError("deck 3333 is private: NetrunnerDB answered 403 Forbidden"),
        U4: DeckNotFoundError("NetrunnerDB has no deck or decklist 4444 (unknown id)"),
    }
    monkeypatch.setattr(event_decks, "prefetch", fake_prefetch(db, answers, asked))
    body = f"Ana,{U1},{U2}\nBen,{U1},{U2}\nCy,{U3},{U2}\nDi,{U1},{U4}\n"
    calls: list[tuple[str, int, int, str]] = []
    settings = EventSettings(SG.selection, jobs=5)
    report = run_event(
        read_roster(roster_file(tmp_path, body)), db, settings, OFFLINE, lambda *c: calls.append(c)
    )
    assert asked == [([U1, U2, U3, U4], 5)]  # each link once, the jobs passed on
    assert [c for c in calls if c[0] == "fetching"][-1] == ("fetching", 4, 4, U4)
    by_name = {p.player: p for p in report.players}
    assert by_name["Ana"].ready and by_name["Ben"].ready
    assert by_name["Ana"].corp.same_as == ("Ben", "Di")
    cy, di = by_name["Cy"], by_name["Di"]
    assert [p.code for p in cy.corp.all_problems] == ["deck-private"]
    assert [p.code for p in di.runner.all_problems] == ["deck-not-found"]
    assert cy.state.value == di.state.value == "needs fixing"
    assert report.exit_code == 1  # the players' to fix, not "NetrunnerDB is down"


def test_cobra_lone_list_is_placed_by_its_identity(db: CardDB) -> None:
    report = run_event(read_roster(FIXTURES / "cobra" / "decks.csv"), db, STD, OFFLINE)
    dan = next(p for p in report.players if p.player == "Dan Dropped")
    assert dan.corp.missing and dan.runner.result is not None
    assert dan.runner.result.identity_id == ZAHYA
    assert dan.state.value == "missing"


def test_problems_are_grouped_per_deck(db: CardDB) -> None:
    report = run_event(read_roster(FIXTURES / "cobra" / "decks.json"), db, STD, OFFLINE)
    cleo = next(p for p in report.players if p.player == "Cleo Martin")
    rotated = next(g for g in cleo.runner.groups if g.code == "not-in-card-pool")
    assert rotated.summary == "17 cards rotated out" and len(rotated.problems) == 17
    assert rotated.describe().startswith("17 cards rotated out (") and rotated.describe().endswith(
        ", …)"
    )
    assert set(rotated.examples) >= {"Stimhack", "Déjà Vu", "Corroder"}


def test_cardpool_up_to_limits_the_pool_to_earlier_sets(db: CardDB, tmp_path: Path) -> None:
    body = "Ana,decks/std-hb-precision.txt,decks/std-zahya-elevation.txt\n"
    roster = read_roster(roster_file(tmp_path, body))
    full = run_event(roster, db, STD, OFFLINE)
    assert full.players[0].ready and full.pool_limit is None
    limited = run_event(
        roster, db, EventSettings(STD.selection, cardpool_up_to="Parhelion"), OFFLINE
    )
    assert limited.pool_limit is not None and limited.pool_limit.set_id == "parhelion"
    assert limited.period is not None and limited.period.card_pool_name.endswith("up to Parhelion")
    (problem,) = [p for d in limited.players[0].decks for p in d.all_problems]
    assert problem.code == "not-in-card-pool" and problem.message.startswith("Clean Getaway")
    assert limited.players[0].corp.legal
    with pytest.raises(UsageError, match="not a set of the"):
        run_event(roster, db, EventSettings(STD.selection, cardpool_up_to="Core Set"), OFFLINE)


def test_compare_with_marks_lists_that_differ(db: CardDB, tmp_path: Path) -> None:
    body = (
        "Ana Lima,decks/std-hb-precision.txt,decks/std-zahya.txt\n"
        "Eve,decks/std-hb-precision.txt,decks/std-zahya.txt\n"
        "Nobody,decks/std-hb-precision.txt,\n"
    )
    roster = read_roster(roster_file(tmp_path, body))
    cobra = read_roster(FIXTURES / "cobra" / "decks.json")
    report = run_event(roster, db, STD, OFFLINE, compare_with=cobra)
    by_name = {p.player: p for p in report.players}
    assert not by_name["Ana Lima"].differs
    eve = by_name["Eve"]
    assert eve.differs and eve.state.value == "ready"  # a warning, for the organiser to look at
    (runner,) = [c for c in eve.comparisons if c.column == "runner"]
    assert runner.diff is not None
    assert [(d.title, d.copies) for d in runner.diff.removed] == [
        ("Info Bounty", 1)
    ] or runner.diff.added
    assert any("differs from" in p.message for p in eve.problems)
    nobody = by_name["Nobody"]
    assert nobody.comparisons[0].note.startswith("not in ")
