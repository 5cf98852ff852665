"""The text reporter: a verdict line per deck, its problems, and with -v its figures."""

from __future__ import annotations

from nrdeck.catalog import DataInfo, language_name
from nrdeck.deck import Deck, TitleReading
from nrdeck.problems import Problem, Severity
from nrdeck.report.check.common import (
    ReportOptions,
    cached_note,
    errors_first,
    problems_of,
    shown,
    whole,
)
from nrdeck.report.styled import Styled, join
from nrdeck.results.check import (
    CardCost,
    CheckReport,
    CheckResult,
    CheckTally,
    DeckOutcome,
    DeckStats,
    Period,
)
from nrdeck.results.outcome import Status

PASS, FAIL, WARN = "✓", "✗", "!"
DECIDED_BY = {
    "language": "the list's language",
    "side": "the deck's side",
    "pool": "the card pool on the date",
}


class TextReporter:
    """Human-readable report, readable without colour."""

    name = "text"

    def pieces(self, data: DataInfo, period: Period | None, options: ReportOptions) -> TextPieces:
        """A block per deck, nothing around them."""
        return TextPieces(options)

    def render(self, report: CheckReport, options: ReportOptions) -> Styled:
        """Every deck (only those not legal with ``quiet``), problems, and figures."""
        out = Styled()
        for piece in whole(self.pieces(report.data, report.period, options), report):
            if isinstance(piece, Styled):
                out.extend(piece)
        return out


class TextPieces:
    """The text report deck by deck: each deck's block (none for a legal deck with ``quiet``)."""

    counts_first = False

    def __init__(self, options: ReportOptions) -> None:
        self.options = options

    def opening(self, tally: CheckTally) -> str:
        """Nothing: the report is its decks."""
        return ""

    def deck(self, outcome: DeckOutcome) -> Styled:
        """The deck's block: verdict line, problems, figures with ``verbose``."""
        if not shown(outcome, self.options):
            return Styled()
        return render_outcome(outcome, verbose=self.options.verbose)

    def closing(self, tally: CheckTally) -> str:
        """Nothing: the summary goes to standard error."""
        return ""


def render_outcome(outcome: DeckOutcome, *, verbose: bool = False) -> Styled:
    """One deck's block: verdict line, cached-copy note, problems, optional figures."""
    out = Styled()
    out.line(*verdict_spans(outcome))
    note = cached_note(outcome)
    if note:
        out.line((f"  {WARN} ", "yellow"), (note, ""))
    deck = outcome.result.deck if outcome.result else None
    translated = _translated(deck)
    if translated:
        out.line(("    " + languages_line(deck), "dim"))
    for reading in translated.values():
        if reading.decided_by:
            out.line(("    " + decision_text(reading), "dim"))
    for problem in errors_first(problems_of(outcome)):
        out.line(*problem_spans(problem), *_as_written(problem, translated))
    if verbose and outcome.result is not None:
        for text in figure_lines(outcome.result):
            out.line(("    " + text, "dim"))
        for reading in translated.values():
            out.line(("    " + reading_text(reading), "dim"))
    return out


def _translated(deck: Deck | None) -> dict[int | None, TitleReading]:
    """The deck's lines read in a language other than English, by line."""
    return {r.line: r for r in (deck.readings if deck else ()) if r.language != "en"}


def languages_line(deck: Deck | None) -> str:
    """'titles read in French (38), English (7)'."""
    counts: dict[str, int] = {}
    for reading in deck.readings if deck else ():
        counts[reading.language] = counts.get(reading.language, 0) + 1
    ranked = sorted(counts.items(), key=lambda item: -item[1])
    return "titles read in " + ", ".join(f"{language_name(k)} ({n})" for k, n in ranked)


def reading_text(reading: TitleReading) -> str:
    """'line 3: Fonds d'Investissement (French) = Hedge Fund'."""
    where = f"line {reading.line}: " if reading.line is not None else ""
    return f"{where}{reading.written} ({language_name(reading.language)}) = {reading.title}"


def decision_text(reading: TitleReading) -> str:
    """'line 2: 'Wiedergeburt' (German) also names Regenesis: read as Rebirth, by the deck's
    side'."""
    where = f"line {reading.line}: " if reading.line is not None else ""
    return (
        f"{where}{reading.written!r} ({language_name(reading.language)}) also names "
        f"{', '.join(reading.also_names)}: read as {reading.title}, "
        f"by {DECIDED_BY.get(reading.decided_by, reading.decided_by)}"
    )


def _as_written(
    problem: Problem, translated: dict[int | None, TitleReading]
) -> tuple[tuple[str, str], ...]:
    """' [the line says 'Fonds d'Investissement', French]' for a problem at such a line."""
    reading = translated.get(problem.line) if problem.line is not None else None
    if reading is None:
        return ()
    return ((f" [the line says {reading.written!r}, {language_name(reading.language)}]", "dim"),)


def verdict_spans(outcome: DeckOutcome) -> tuple[tuple[str, str], ...]:
    """'✓ decks/a.txt "Name" · Identity · Standard · Standard Ban List 25.08'."""
    legal = outcome.status is Status.LEGAL
    mark, style = (PASS, "bold green") if legal else (FAIL, "bold red")
    result = outcome.result
    if result is None:
        what = "not fetched" if outcome.unavailable else "not read"
        what = "internal error" if outcome.failed else what
        return ((mark, style), (" " + outcome.source, "bold"), (f" · {what}", ""))
    name = f' "{result.deck.name}"' if result.deck.name else ""
    period = result.period
    tail = join(
        (
            result.identity_title or "no identity",
            period.format_name,
            period.restriction_name or "no ban list",
        )
    )
    return ((mark, style), (f" {outcome.source}", "bold"), (name, ""), (f" · {tail}", ""))


def problem_spans(problem: Problem) -> tuple[tuple[str, str], ...]:
    """'  ✗ banned (line 12): message'."""
    error = problem.severity is Severity.ERROR
    mark, style = (FAIL, "red") if error else (WARN, "yellow")
    where = f" (line {problem.line})" if problem.line is not None else ""
    return (
        (f"  {mark} ", style),
        (problem.code, f"bold {style}"),
        (f"{where}: {problem.message}", ""),
    )


def figure_lines(result: CheckResult, *, in_force: bool = True) -> list[str]:
    """The deck's figures, one topic per line (``in_force``: and a line naming what was in
    force, by its ids as well as its names)."""
    stats = result.stats
    lines = [
        join(
            (
                _cards(stats),
                _influence(stats),
                _agenda(stats),
                _points(stats),
            )
        )
    ]
    if stats.influence_breakdown:
        lines.append("influence: " + _breakdown(stats.influence_breakdown))
    if stats.points_breakdown:
        lines.append("points: " + _breakdown(stats.points_breakdown))
    if in_force:
        lines.append("in force: " + _in_force(result))
    return lines


def _cards(stats: DeckStats) -> str:
    minimum = stats.min_cards if stats.min_cards is not None else "?"
    return f"cards {stats.cards}/{minimum}"


def _influence(stats: DeckStats) -> str:
    limit = "∞" if stats.influence_limit is None else str(stats.influence_limit)
    text = f"influence {stats.influence_spent}/{limit}"
    printed = stats.printed_influence_limit
    if printed is not None and printed != stats.influence_limit:
        text += f" (printed {printed})"
    return text


def _agenda(stats: DeckStats) -> str:
    if stats.agenda_points is None:
        return ""
    band = f" (needs {stats.agenda_band[0]}–{stats.agenda_band[1]})" if stats.agenda_band else ""
    return f"agenda points {stats.agenda_points}{band}"


def _points(stats: DeckStats) -> str:
    if stats.points is None:
        return ""
    limit = "" if stats.point_limit is None else f"/{stats.point_limit}"
    return f"points {stats.points}{limit}"


def _breakdown(costs: tuple[CardCost, ...]) -> str:
    parts = []
    for cost in costs:
        note = f" ({cost.note})" if cost.note else ""
        parts.append(f"{cost.copies}× {cost.title} {cost.amount}{note}")
    return ", ".join(parts)


def _in_force(result: CheckResult) -> str:
    period = result.period
    return join(
        (
            period.format_name,
            f"snapshot {period.snapshot_id}" if period.snapshot_id else "",
            f"pool {period.card_pool_name or period.card_pool_id}" if period.card_pool_id else "",
            period.restriction_name or "no ban list",
            f"source {period.restriction_source}" if period.restriction_source else "",
            f"as of {period.as_of.isoformat()}",
            f"{period.tier} tier" if period.tier != "casual" else "",
            period.correction or "",
        )
    )
