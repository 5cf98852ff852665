"""``event --cobra``: the roster's players against Cobra's list, by Cobra's player id, else by
name (composed, case and spaces folded): listed, not listed, dropped, and Cobra's players
without a deck added to the roster."""

from __future__ import annotations

from pathlib import Path

import msgspec

from nrdeck.app.event.cobra_players import match_players, player_key, with_players
from nrdeck.results.event import CobraEvent
from nrdeck.roster import Roster, RosterEntry
from tests.builders import checked_deck, event_report, player_report


class Listed(msgspec.Struct, frozen=True):
    """A player as Cobra's list has them: id, name, and False once dropped."""

    id: str
    name: str
    active: bool = True


def roster(*entries: RosterEntry) -> Roster:
    return Roster(source="roster.csv", folder=Path("."), entries=entries)


def test_a_name_is_matched_composed_and_folded() -> None:
    assert player_key("  Méliès\tFAN ") == player_key("me\u0301lie\u0300s fan") == "méliès fan"


def test_each_entry_is_marked_and_the_others_on_cobras_list_are_added() -> None:
    players = [Listed("1", "Ana Lima"), Listed("2", "Bo", active=False), Listed("3", "Cy")]
    match = match_players(
        roster(RosterEntry("ana  lima"), RosterEntry("Bo"), RosterEntry("Zed")), players, 42
    )
    assert match.marks == ("listed", "dropped", "not-listed", "no-deck")
    assert [e.player for e in match.roster.entries] == ["ana  lima", "Bo", "Zed", "Cy"]
    compared = match.compared
    assert (compared.listed, compared.not_listed, compared.missing, compared.dropped) == (
        3,
        ("Zed",),
        ("Cy",),
        ("Bo",),
    )
    assert [w.code for w in match.warnings] == ["players-not-listed", "players-missing"]


def test_cobras_player_id_wins_over_the_name() -> None:
    players = [Listed("7", "Ana"), Listed("8", "Renamed")]
    match = match_players(roster(RosterEntry("Ana", key="8")), players, 42)
    assert match.marks == ("listed", "no-deck")
    assert match.compared.missing == ("Ana",)  # id 7 has no deck in the roster


def test_ids_of_another_tournament_are_a_warning() -> None:
    match = match_players(roster(RosterEntry("Ana", key="99")), [Listed("1", "Ana")], 42)
    assert "players-other-tournament" in [w.code for w in match.warnings]
    assert match.marks == ("listed",)  # still matched by name


def test_a_dropped_player_cobra_lists_without_a_deck_is_only_noted() -> None:
    match = match_players(roster(), [Listed("1", "Ana", active=False)], 42)
    assert match.marks == () and match.compared.dropped == ("Ana",)
    assert match.warnings == ()


def test_the_report_gets_each_players_mark_and_the_comparison() -> None:
    report = event_report(player_report("Ana", checked_deck("corp"), checked_deck("runner")))
    match = match_players(roster(RosterEntry("Ana")), [Listed("1", "Ana"), Listed("2", "Bo")], 4)
    event = CobraEvent("https://cobr.ai/tournaments/4", 4, "GNK", None)
    marked = with_players(report, event, match)
    assert [p.cobra for p in marked.players] == ["listed"]
    assert marked.cobra is not None and marked.cobra.players == match.compared
    assert [w.code for w in marked.cobra.warnings] == ["players-missing"]
