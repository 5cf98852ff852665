"""An event's values: deck and player verdicts, states, counts, the exit code."""

from __future__ import annotations

from msgspec.structs import replace

from nrdeck.errors import ExitCode
from nrdeck.problems import INTERNAL_ERROR, Location, Problem, Severity
from nrdeck.results.check import DeckOutcome
from nrdeck.results.diff import CardDelta, DeckDiff
from nrdeck.results.event import (
    CobraEvent,
    EventDeck,
    EventReport,
    ListComparison,
    PlayersCompared,
    PlayerState,
    ProblemGroup,
    SettingSource,
)
from nrdeck.results.outcome import Status
from nrdeck.rules.event.registration import check_sides
from tests.builders import IDENTITY
from tests.builders import banned_problem as banned
from tests.builders import checked_deck as checked
from tests.builders import event_report as report
from tests.builders import failed_deck as failed
from tests.builders import player_report as player

HERE = Location("roster.csv", 4)


def exit_code(event: EventReport) -> ExitCode:
    return event.exit_code


def test_statuses_and_exit_codes() -> None:
    ready = player("A", checked("corp"), checked("runner"))
    remote = player("B", failed("corp", "deck-unavailable", "private"), checked("runner"))
    illegal = player("C", checked("corp"), checked("runner", None, banned()))
    swapped = player(
        "D",
        checked("corp", "runner"),
        checked("runner", "corp"),
        *check_sides(checked("corp", "runner"), checked("runner", "corp"), HERE).problems,
    )
    assert [p.status for p in (ready, remote, illegal, swapped)] == [
        "legal",
        "unavailable",
        "illegal",
        "illegal",
    ]
    assert [p.state.value for p in (ready, remote, illegal, swapped)] == [
        "ready",
        "not fetched",
        "needs fixing",
        "needs fixing",
    ]
    missing = player("E", failed("corp", "event-deck-missing", "none"), checked("runner"))
    assert (missing.status.value, missing.state.value) == ("illegal", "missing")
    assert exit_code(report(ready)) is ExitCode.OK
    assert exit_code(report(ready, remote)) is ExitCode.UNAVAILABLE
    assert exit_code(report(remote, illegal)) is ExitCode.ILLEGAL
    assert exit_code(report(ready, swapped)) is ExitCode.ILLEGAL


def test_warnings_do_not_make_a_deck_illegal_and_missing_decks_do() -> None:
    warning = replace(banned(), code="encoding", severity=Severity.WARNING)
    assert checked("corp", None, warning).status == "legal"
    assert failed("corp", "event-deck-missing", "none").status == "illegal"
    assert failed("runner", "parse-error", "gone.txt: no such file").status == "illegal"


def test_newly_illegal_needs_legal_before_and_illegal_now() -> None:
    was_legal = checked("runner", None, banned(), legal_before=True)
    always = checked("runner", None, banned(), legal_before=False)
    assert was_legal.newly_illegal and not always.newly_illegal
    assert not checked("runner", legal_before=True).newly_illegal
    event = report(player("A", checked("corp"), was_legal), player("B", checked("corp"), always))
    assert [p.player for p in event.newly_illegal] == ["A"]


# -- problem groups and decks ---------------------------------------------------------
def test_a_group_is_an_error_when_any_of_its_problems_is_one() -> None:
    warn = replace(banned(), code="competitive-delay", severity=Severity.WARNING)
    assert ProblemGroup("banned", "s", (warn, banned())).severity is Severity.ERROR
    assert ProblemGroup("competitive-delay", "s", (warn,)).severity is Severity.WARNING


def test_a_group_names_a_few_examples_and_marks_the_rest() -> None:
    group = ProblemGroup("banned", "4 banned", (banned(),), ("A", "B", "C", "D"))
    assert group.describe() == "4 banned (A, B, C, …)"
    assert group.describe(shown=4) == "4 banned (A, B, C, D)"
    assert ProblemGroup("banned", "1 banned", (banned(),)).describe() == "1 banned"


def test_a_checked_deck_reads_through_to_its_result() -> None:
    deck = checked("corp")
    assert (deck.side, deck.name, deck.identity_title) == ("corp", "corp deck", IDENTITY["corp"])
    assert deck.result is deck.outcome.result and deck.legal
    assert not (deck.missing or deck.unavailable) and deck.cached is None


def test_a_deck_that_was_not_read_has_no_side_name_or_identity() -> None:
    for deck in (
        failed("corp", "event-deck-missing", "none"),
        failed("runner", "deck-unavailable", "gone"),
        failed("runner", "parse-error", "bad"),
    ):
        assert (deck.result, deck.side, deck.name, deck.identity_title) == (None,) * 4
        assert not deck.legal
    assert failed("corp", "event-deck-missing", "none").missing
    assert failed("runner", "deck-unavailable", "gone").unavailable


# -- players --------------------------------------------------------------------------
def test_player_states_run_worst_first_with_json_slugs() -> None:
    assert [s.rank for s in PlayerState] == [0, 1, 2, 3]
    assert [s.slug for s in PlayerState] == ["needs-fixing", "missing", "not-fetched", "ready"]


def test_an_illegal_deck_needs_fixing_before_a_missing_one_is_missing() -> None:
    both = player(
        "A", failed("corp", "event-deck-missing", "none"), checked("runner", None, banned())
    )
    assert both.state.slug == "needs-fixing"
    fetched_and_missing = player(
        "B", failed("corp", "event-deck-missing", "none"), failed("runner", "deck-unavailable", "x")
    )
    assert fetched_and_missing.state.slug == "missing"


def test_a_registration_error_makes_a_player_illegal_with_legal_decks() -> None:
    own = player("A", checked("corp"), checked("runner"), banned())
    assert own.status.value == "illegal" and own.state.slug == "needs-fixing" and not own.ready
    warned = player("B", checked("corp"), checked("runner"), _warning())
    assert warned.status.value == "legal" and warned.ready


def test_a_legal_deck_in_the_wrong_column_is_not_ok() -> None:
    ready = player("A", checked("corp"), checked("runner"))
    assert ready.deck_ok(ready.corp) and ready.deck_ok(ready.runner)
    misplaced = replace(ready, misplaced=("corp",))
    assert not misplaced.deck_ok(misplaced.corp) and misplaced.deck_ok(misplaced.runner)
    assert ready.decks == (ready.corp, ready.runner)


def test_a_player_differs_when_a_list_changed_or_is_absent_from_the_other_roster() -> None:
    same = DeckDiff("a", "b", None, None)
    changed = replace(same, added=(CardDelta("hedge_fund", "Hedge Fund", 1),))
    base = player("A", checked("corp"), checked("runner"))
    assert not base.differs
    assert not replace(base, comparisons=(ListComparison("corp", same),)).differs
    assert replace(base, comparisons=(ListComparison("corp", changed),)).differs
    assert replace(base, comparisons=(ListComparison("runner", None, "absent"),)).differs


# -- Cobra ----------------------------------------------------------------------------
def test_players_compared_differ_only_when_a_list_lacks_someone() -> None:
    assert not PlayersCompared(3).differ
    assert not PlayersCompared(3, dropped=("Ann",)).differ
    assert PlayersCompared(3, not_listed=("Bob",)).differ
    assert PlayersCompared(3, missing=("Cy",)).differ


def test_a_cobra_event_names_the_settings_cobra_gave() -> None:
    settings = (
        SettingSource("date", "2025-09-01", "cobra"),
        SettingSource("tier", "casual", "default", "no tier"),
        SettingSource("format", "standard", "cobra"),
        SettingSource("ban list", None, "option"),
    )
    event = CobraEvent("https://cobr.ai/tournaments/1", 1, "GNK", None, settings)
    assert event.from_cobra == ("date", "format")
    assert event.players.listed == 0 and event.cached is None


# -- the event ------------------------------------------------------------------------
def test_an_event_counts_players_by_status_and_state_and_decks_by_status() -> None:
    event = report(
        player("A", checked("corp"), checked("runner")),
        player("B", failed("corp", "deck-unavailable", "x"), checked("runner")),
        player("C", checked("corp"), checked("runner", None, banned())),
        player("D", failed("corp", "event-deck-missing", "none"), checked("runner")),
    )
    assert [event.count(s) for s in Status] == [1, 1, 2]
    assert [event.count_state(s) for s in PlayerState] == [1, 1, 1, 1]
    assert [event.deck_count(s) for s in Status] == [5, 1, 2]


def test_players_to_act_come_worst_first_in_roster_order_within_a_state() -> None:
    event = report(
        player("ready", checked("corp"), checked("runner")),
        player("fetch", failed("corp", "deck-unavailable", "x"), checked("runner")),
        player("missing", failed("corp", "event-deck-missing", "none"), checked("runner")),
        player("fix1", checked("corp"), checked("runner", None, banned())),
        player("fix2", checked("corp", None, banned()), checked("runner")),
    )
    assert [p.player for p in event.to_act] == ["fix1", "fix2", "missing", "fetch"]


def test_a_player_dropped_in_cobra_counts_toward_no_exit_code() -> None:
    ready = player("A", checked("corp"), checked("runner"))
    dropped = replace(
        player("B", checked("corp"), checked("runner", None, banned())), cobra="dropped"
    )
    assert exit_code(report(ready, dropped)) is ExitCode.OK
    assert exit_code(report(ready, replace(dropped, cobra="listed"))) is ExitCode.ILLEGAL


def test_a_bug_on_any_deck_is_exit_4() -> None:
    bug = Problem(INTERNAL_ERROR, "boom")
    broken = EventDeck("corp", "file", "c.txt", DeckOutcome("c.txt", problems=(bug,)))
    legal = player("A", checked("corp"), checked("runner"))
    assert exit_code(report(legal, player("B", broken, checked("runner", None, banned())))) is (
        ExitCode.INTERNAL
    )


def _warning() -> Problem:
    return Problem("event-duplicate-player", "w", severity=Severity.WARNING, location=HERE)
