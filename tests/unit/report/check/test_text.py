"""The text reporter: a verdict line per deck (mark, source, name, identity, period), its
problems errors first, lines read in another language, and with -v its figures."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from nrdeck.deck import TitleReading
from nrdeck.problems import INTERNAL_ERROR, Location, Problem, Severity
from nrdeck.report.check import REPORTER_BY_NAME, ReportOptions
from nrdeck.report.check.text import (
    FAIL,
    PASS,
    WARN,
    figure_lines,
    problem_spans,
    render_outcome,
    verdict_spans,
)
from nrdeck.report.styled import Styled
from nrdeck.results.check import CardCost, CheckReport, CheckResult, DeckOutcome, DeckStats
from tests.builders import (
    DATA,
    checked_outcome,
    illegal_result,
    legal_result,
    unavailable_outcome,
)


def verdict(outcome: DeckOutcome) -> list[str]:
    return [text for text, _ in verdict_spans(outcome)]


def test_a_legal_deck_is_marked_and_named_with_its_identity_and_period() -> None:
    result = legal_result()
    spans = verdict_spans(checked_outcome(result))
    (mark, style), (source, _), (name, _), (tail, _) = spans
    assert (mark, style) == (PASS, "bold green")
    assert (source.strip(), name.strip()) == (result.deck.source, '"Glacier HB"')
    assert tail.split(" · ")[1:] == [
        result.identity_title,
        result.period.format_name,
        result.period.restriction_name,
    ]


def test_a_deck_without_name_identity_or_ban_list_says_so() -> None:
    result = legal_result()
    bare = replace(
        result,
        deck=replace(result.deck, name=None),
        identity_title=None,
        period=replace(result.period, restriction_name=None),
    )
    _, _, name, tail = verdict(checked_outcome(bare))
    assert name == ""
    assert tail.split(" · ")[1:] == ["no identity", "Standard", "no ban list"]


@pytest.mark.parametrize(
    ("outcome", "what"),
    [
        (unavailable_outcome(), "not fetched"),
        (DeckOutcome(source="a.txt", problems=(Problem("parse-error", "m"),)), "not read"),
        (DeckOutcome(source="a.txt", problems=(Problem(INTERNAL_ERROR, "m"),)), "internal error"),
    ],
)
def test_a_deck_not_checked_says_why(outcome: DeckOutcome, what: str) -> None:
    mark, source, tail = verdict(outcome)
    assert (mark, source.strip(), tail) == (FAIL, outcome.source, f" · {what}")


def test_a_problem_is_marked_by_its_severity_with_its_line() -> None:
    error = Problem("banned", "m", location=Location("d", 12))
    assert [t for t, _ in problem_spans(error)] == [f"  {FAIL} ", "banned", " (line 12): m"]
    warning = Problem("encoding", "m", severity=Severity.WARNING)
    spans = problem_spans(warning)
    assert [t for t, _ in spans] == [f"  {WARN} ", "encoding", ": m"]
    assert [style for _, style in spans][:2] == ["yellow", "bold yellow"]


def test_a_decks_block_lists_errors_before_warnings() -> None:
    warned = Problem("encoding", "w", severity=Severity.WARNING)
    outcome = replace(checked_outcome(illegal_result()), problems=(warned,))
    codes = [spans[1][0] for spans in render_outcome(outcome).lines[1:]]
    assert codes == ["copies", "unknown-card", "deck-size", "encoding", "encoding"]


def test_lines_read_in_another_language_are_counted_and_named_at_their_problem() -> None:
    result = illegal_result()
    readings = (
        TitleReading(3, "Coup de Chance", "sure_gamble", "Sure Gamble", "fr"),
        TitleReading(4, "Sure Gamble", "sure_gamble", "Sure Gamble"),
    )
    outcome = checked_outcome(replace(result, deck=replace(result.deck, readings=readings)))
    plain = render_outcome(outcome).plain().splitlines()
    assert plain[1].strip().endswith("(1), English (1)")
    copies = next(line for line in plain if " copies (line 3)" in line)
    assert copies.endswith("'Coup de Chance', French]")


def test_figures_name_cards_influence_agenda_points_and_what_is_in_force() -> None:
    figures, breakdown, in_force = figure_lines(legal_result())
    cards, influence, agenda = figures.split(" · ")
    assert (cards, influence, agenda.split(" (")) == (
        "cards 45/45",
        "influence 12/15",
        ["agenda points 20", "needs 20–21)"],
    )
    assert breakdown.split(": ") == ["influence", "2× Spin Doctor 4"]
    assert in_force.split(" · ")[0] == "in force: Standard"
    assert "as of 2025-09-17" in in_force.split(" · ")


def test_figures_of_unlimited_influence_a_penalty_and_eternal_points() -> None:
    stats = DeckStats(
        cards=40,
        min_cards=None,
        influence_spent=3,
        influence_limit=None,
        printed_influence_limit=None,
        points=5,
        point_limit=7,
        points_breakdown=(CardCost("a", "A", 1, 5, "restricted"),),
    )
    result: CheckResult = replace(legal_result(), stats=stats)
    figures, points, _ = figure_lines(result)
    assert figures.split(" · ") == ["cards 40/?", "influence 3/∞", "points 5/7"]
    assert points.split(": ") == ["points", "1× A 5 (restricted)"]
    penalised = replace(stats, influence_limit=14, printed_influence_limit=15)
    influence = figure_lines(replace(result, stats=penalised))[0].split(" · ")[1]
    assert influence.split(" (") == ["influence 3/14", "printed 15)"]


def test_figures_only_with_verbose_and_quiet_hides_legal_decks() -> None:
    report = CheckReport(
        outcomes=(checked_outcome(legal_result()), checked_outcome(illegal_result())), data=DATA
    )
    reporter = REPORTER_BY_NAME["text"]

    def plain(options: ReportOptions) -> list[str]:
        out = reporter.render(report, options)
        assert isinstance(out, Styled)
        return out.plain().splitlines()

    marks = [line[0] for line in plain(ReportOptions()) if line[0] in (PASS, FAIL)]
    assert marks == [PASS, FAIL]
    assert [line[0] for line in plain(ReportOptions(quiet=True)) if line[0] != " "] == [FAIL]
    extra = len(plain(ReportOptions(verbose=True))) - len(plain(ReportOptions()))
    assert extra == len(figure_lines(legal_result())) + len(figure_lines(illegal_result()))


def test_hostile_text_in_a_deck_is_shown_escaped() -> None:
    result = legal_result()
    hostile = replace(result, deck=replace(result.deck, name="x\x1b[2J\ny"))
    plain = render_outcome(checked_outcome(hostile)).plain()
    assert "\x1b" not in plain and plain.count("\n") == 1
