"""The simulation as data: a versioned JSON document and long-format CSV."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable
from typing import Any

from nrdeck.errors import UsageError
from nrdeck.report.json_pieces import card_data
from nrdeck.results.simulation import (
    CardTable,
    Comparison,
    FirstMet,
    OptimalMulligan,
    Section,
    Simulation,
    TargetResult,
)

JSON_VERSION = 2  # 2: first_met has mean and never (1 had a conditional "expected")
CSV_HEADER = (
    "section", "rows_are", "row", "cards_seen", "column", "query",
    "probability", "met_by", "ci95_low", "ci95_high",
)  # fmt: skip


def to_document(sim: Simulation) -> dict[str, Any]:
    """The JSON document of one simulation."""
    return {
        "version": JSON_VERSION,
        "deck": sim.deck,
        "side": sim.side,
        "identity": sim.identity,
        "deck_size": sim.deck_size,
        "card_data": card_data(sim.data) if sim.data else None,
        "seed": sim.seed,
        "random": sim.random,
        "method": sim.method,
        "mulligan": {"rule": sim.mulligan, "rate": sim.mulligan_rate} if sim.mulligan else None,
        "assumptions": list(sim.assumptions),
        "groups": [
            {"name": g.name, "description": g.description, "cards": g.cards, "hint": g.hint or None}
            for g in sim.groups
        ],
        "sections": [_section_doc(s) for s in sim.sections],
        "cards": _cards_doc(sim.cards) if sim.cards else None,
        "target": _target_doc(sim.target) if sim.target else None,
        "optimal_mulligan": _optimal_doc(sim.optimal) if sim.optimal else None,
        "hands": [
            {
                "mulliganed": h.mulliganed,
                "cards": [{"title": c.title, "groups": list(c.groups)} for c in h.cards],
            }
            for h in sim.hands
        ],
    }


def _first_met_doc(fm: FirstMet) -> dict[str, Any]:
    return {
        "by_last": float(fm.by_last),
        "median": fm.median,
        "mean": None if fm.mean is None else float(fm.mean),
        "never": float(fm.never),
        "within": fm.within,
        "end": fm.end,
    }


def _section_doc(section: Section) -> dict[str, Any]:
    return {
        "title": section.title,
        "rows_are": section.row_name,
        "rows": list(section.rows),
        "cards_seen": list(section.seen),
        "note": section.note or None,
        "columns": [
            {
                "label": c.label,
                "query": c.query,
                "method": c.method,
                "samples": c.samples,
                "cards_seen": list(c.seen),
                "probability": [float(p) for p in c.odds.at_turn],
                "met_by": [float(p) for p in c.odds.met_by],
                "ci95": [list(ci) for ci in c.odds.ci95] if c.odds.ci95 else None,
                "first_met": _first_met_doc(c.first_met),
            }
            for c in section.columns
        ],
    }


def _cards_doc(cards: CardTable) -> dict[str, Any]:
    return {
        "turns": list(cards.turns),
        "cards_seen": list(cards.seen),
        "cards": [
            {"title": c.title, "copies": c.copies, "at_least_one": [float(p) for p in c.by_turn]}
            for c in cards.cards
        ],
    }


def _target_doc(target: TargetResult) -> dict[str, Any]:
    return {
        "query": target.query,
        "varies": target.item,
        "chance": target.chance,
        "turn": target.turn,
        "fewest": target.fewest,
        "steps": [{"copies": s.copies, "chance": float(s.chance)} for s in target.steps],
    }


def _optimal_doc(opt: OptimalMulligan) -> dict[str, Any]:
    return {
        "goal": opt.goal,
        "turn": opt.turn,
        "rule": opt.rule,
        "never_mulligan": float(opt.never),
        "optimal": float(opt.optimal),
        "gain": float(opt.optimal - opt.never),
        "mulligan_rate": float(opt.mulligan_rate),
        "hand_classes": list(opt.classes),
        "hands": [
            {
                "counts": list(c.counts),
                "chance": float(c.chance),
                "goal_if_kept": float(c.goal_if_kept),
                "keep": c.keep,
            }
            for c in opt.choices
        ],
    }


def render_json(sim: Simulation) -> str:
    """The JSON document as text."""
    return json.dumps(to_document(sim), indent=2, ensure_ascii=False) + "\n"


def render_comparison_json(comparison: Comparison) -> str:
    """Every variant's document, labelled, under one version."""
    doc = {
        "version": JSON_VERSION,
        "comparison": comparison.kind,
        "note": comparison.note,
        "card_data": card_data(comparison.data) if comparison.data else None,
        "variants": [
            {
                "label": v.label,
                **{k: x for k, x in to_document(v.simulation).items() if k != "version"},
            }
            for v in comparison.variants
        ],
    }
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def _rows(sim: Simulation) -> Iterable[tuple[Any, ...]]:
    if sim.target is not None or sim.optimal is not None:
        raise UsageError(
            "--output-format csv has no shape for this answer", hint="use json or text"
        )
    for s in sim.sections:
        for i, row in enumerate(s.rows):
            for c in s.columns:
                seen = c.seen[i] if i < len(c.seen) else s.seen[i]
                low, high = c.odds.ci95[i] if c.odds.ci95 else ("", "")
                p, met = _num(c.odds.at_turn[i]), _num(c.odds.met_by[i])
                yield (s.title, s.row_name, row, seen, c.label, c.query, p, met, _num(low),
                       _num(high))  # fmt: skip
    if sim.cards is not None:
        for card in sim.cards.cards:
            title = card.title.replace('"', "'")
            for t, n, chance in zip(sim.cards.turns, sim.cards.seen, card.by_turn, strict=True):
                yield ("At least one copy by turn", "turn", t, n, card.title,
                       f'"{title}">=1', _num(chance), _num(chance), "", "")  # fmt: skip


def _num(value: Any) -> str:
    return "" if value == "" else f"{float(value):.6f}"


def render_csv(sim: Simulation) -> str:
    """One line per section, row and column (long format)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    writer.writerows(_rows(sim))
    return out.getvalue()


def render_comparison_csv(comparison: Comparison) -> str:
    """The long format with the variant's label in a last column."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow((*CSV_HEADER, "variant"))
    for v in comparison.variants:
        writer.writerows((*row, v.label) for row in _rows(v.simulation))
    return out.getvalue()


class JsonRenderer:
    """The versioned JSON document."""

    def render(self, sim: Simulation) -> str:
        """One simulation."""
        return render_json(sim)

    def render_comparison(self, comparison: Comparison) -> str:
        """Every variant, labelled."""
        return render_comparison_json(comparison)


class CsvRenderer:
    """Long-format CSV."""

    def render(self, sim: Simulation) -> str:
        """One simulation."""
        return render_csv(sim)

    def render_comparison(self, comparison: Comparison) -> str:
        """Every variant, with its label in a last column."""
        return render_comparison_csv(comparison)
