"""The answers to --target and --optimal-mulligan, as text."""

from __future__ import annotations

from nrdeck.report.simulation.cells import HEAD, TITLE, format_probability, row_label, table
from nrdeck.report.styled import Styled
from nrdeck.results.simulation import OptimalMulligan, TargetResult


def target_text(target: TargetResult) -> Styled:
    """Each copy count's chance, and the fewest that reach the target."""
    out = Styled()
    turn = row_label("turn", target.turn)
    goal = f"{target.chance * 100:g}%"
    out.line((f"Fewest {target.item} for {target.query} in {goal} of games by {turn}", TITLE))
    rows = [[str(s.copies), format_probability(s.chance)] for s in target.steps]
    out.extend(table(["copies", f"chance by {turn}"], rows, right=2))
    if target.fewest is not None:
        hit = next(s for s in target.steps if s.copies == target.fewest)
        verdict = f"fewest: {target.fewest} ({format_probability(hit.chance)} by {turn})"
    else:
        best = max(target.steps, key=lambda s: s.chance)
        last = target.steps[-1].copies
        verdict = (
            f"not reached with up to {last} (best {format_probability(best.chance)} "
            f"with {best.copies})"
        )
    out.line((verdict, HEAD))
    out.line("")
    return out


def optimal_text(opt: OptimalMulligan) -> Styled:
    """The rule in words, the gain, and the decision for each opening hand."""
    out = Styled()
    turn = row_label("turn", opt.turn)
    out.line((f"Optimal mulligan for {opt.goal} by {turn}", TITLE))
    out.line(("rule: " + opt.rule, HEAD))
    gain = (float(opt.optimal) - float(opt.never)) * 100
    out.line(
        f"goal by {turn}: {format_probability(opt.never)} never mulliganing, "
        f"{format_probability(opt.optimal)} with the rule ({gain:+.2f} points); "
        f"mulligan taken in {format_probability(opt.mulligan_rate)} of games"
    )
    header = [*opt.classes, "hand chance", "goal if kept", "decision"]
    rows = [
        [
            *(str(n) for n in choice.counts),
            format_probability(choice.chance),
            format_probability(choice.goal_if_kept),
            "keep" if choice.keep else "mulligan",
        ]
        for choice in opt.choices
    ]
    out.extend(table(header, rows, right=len(opt.classes) + 2))
    out.line("")
    return out
