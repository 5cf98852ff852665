"""Which of nrdeck's corrections to the format data the card data in use still needs.

Each entry of ``data/corrections.json`` targets a fault of NetrunnerDB's data. A correction
applies only where the data still holds the value it corrects: newer data that got it right
(the 2026 data fixed the 2025 year typos and the Eternal pool) makes it a no-op, and so does
data without its target (a partial dataset). ``data status`` lists each entry with its state,
so that no correction is skipped in silence.
"""

from __future__ import annotations

from nrdeck.catalog import CardDB
from nrdeck.results.status import CorrectionState


def correction_states(db: CardDB) -> list[CorrectionState]:
    """Every dated or targeted correction, in the file's order, with its state for this data."""
    return [
        *_snapshot_dates(db),
        *_excluded_snapshots(db),
        *_set_releases(db),
        *_pool_additions(db),
    ]


def _snapshot_dates(db: CardDB) -> list[CorrectionState]:
    out = []
    corrections = db.tables.corrections
    for fix in corrections.snapshot_dates:
        snap = db.snapshots.get(fix.snapshot_id)
        if snap is None:
            out.append(_missing("snapshot date", fix.snapshot_id, "snapshot"))
            continue
        in_use = corrections.snapshot_date(fix.snapshot_id, snap.date_start) is fix
        applied = f"the data has {fix.data_date}, nrdeck uses {fix.date}"
        fixed = f"the data has {snap.date_start}, where it had {fix.data_date}"
        out.append(_dated("snapshot date", fix.snapshot_id, in_use, applied, fixed))
    return out


def _excluded_snapshots(db: CardDB) -> list[CorrectionState]:
    out = []
    for entry in db.tables.corrections.excluded_snapshots:
        if entry.snapshot_id in db.snapshots:
            detail = "kept out of its format's timeline"
            out.append(CorrectionState("excluded snapshot", entry.snapshot_id, "applied", detail))
        else:
            out.append(_missing("excluded snapshot", entry.snapshot_id, "snapshot"))
    return out


def _set_releases(db: CardDB) -> list[CorrectionState]:
    out = []
    corrections = db.tables.corrections
    for fix in corrections.set_release_dates:
        card_set = db.sets.get(fix.set_id)
        if card_set is None:
            out.append(_missing("set release", fix.set_id, "set"))
            continue
        in_use = corrections.set_release(fix.set_id, card_set.date_release) is fix
        applied = f"released {fix.data_date}, legal from {fix.date}"
        fixed = f"the data has {card_set.date_release}, where it had {fix.data_date}"
        out.append(_dated("set release", fix.set_id, in_use, applied, fixed))
    return out


def _pool_additions(db: CardDB) -> list[CorrectionState]:
    out = []
    for addition in db.tables.corrections.pool_additions:
        target = f"{addition.card_pool_id} + {', '.join(addition.card_cycle_ids)}"
        if addition.card_pool_id not in db.card_pools:
            out.append(_missing("pool addition", addition.card_pool_id, "card pool"))
            continue
        unknown = [c for c in addition.card_cycle_ids if c not in db.cycles]
        if unknown:
            out.append(_missing("pool addition", ", ".join(unknown), "cycle"))
            continue
        cycles = set(addition.card_cycle_ids)
        wanted = {s.id for s in db.sets.values() if s.cycle_id in cycles}
        lacking = wanted - db.pool_sets(addition.card_pool_id)
        if lacking:
            names = ", ".join(sorted(db.sets[s].name for s in lacking))
            detail = f"the data's pool lacks {names}"
            out.append(CorrectionState("pool addition", target, "applied", detail))
        else:
            detail = "the data's pool holds every set of it"
            out.append(CorrectionState("pool addition", target, "fixed-upstream", detail))
    return out


def _dated(kind: str, target: str, in_use: bool, applied: str, fixed: str) -> CorrectionState:
    """A correction of a date the data had wrong: applied when the rules' own lookup finds it
    (``in_use``: the data still has that date), else fixed upstream; each with its detail."""
    if in_use:
        return CorrectionState(kind, target, "applied", applied)
    return CorrectionState(kind, target, "fixed-upstream", fixed)


def _missing(kind: str, target: str, noun: str) -> CorrectionState:
    detail = f"the card data has no {noun} {target}"
    return CorrectionState(kind, target, "target-missing", detail)
