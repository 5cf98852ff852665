"""The diff reporters: text (identity change, then per-card + and −) and JSON (version 1)."""

from __future__ import annotations

import json
from typing import Any

from nrdeck.report.safe import one_line
from nrdeck.results.diff import CardDelta, DeckDiff, IdentityRef

VERSION = 1


def diff_entry(diff: DeckDiff) -> dict[str, Any]:
    """The comparison as JSON values: same, identities, cards added and removed."""
    return {
        "same": diff.same,
        "identity": {"a": _identity(diff.identity_a), "b": _identity(diff.identity_b)},
        "identity_compared": diff.identities_compared,
        "added": [_delta(d) for d in diff.added],
        "removed": [_delta(d) for d in diff.removed],
    }


def _identity(identity: IdentityRef | None) -> dict[str, str] | None:
    return {"id": identity.id, "title": identity.title} if identity else None


def _delta(delta: CardDelta) -> dict[str, Any]:
    return {"card": delta.card, "title": delta.title, "copies": delta.copies}


def render_diff_json(diff: DeckDiff) -> str:
    """``{"version": 1, "same", "identity": {"a", "b"}, "added": [...], "removed": [...]}``."""
    return json.dumps({"version": VERSION, **diff_entry(diff)}, indent=2, ensure_ascii=False) + "\n"


def render_diff_text(diff: DeckDiff) -> str:
    """'same list', or the identity change and a '+N Title' / '−N Title' line per card."""
    a, b = one_line(diff.a), one_line(diff.b)
    unnamed = [f"{one_line(diff.unnamed_note())} (Cobra's 'copy to clipboard' lists carry none)"]
    said = unnamed if diff.unnamed else []
    if diff.same:
        what = "same cards" if diff.unnamed else "same list"
        return "\n".join([f"{what}: {a} and {b} (order and printings ignored)", *said]) + "\n"
    lines = [f"--- {a}", f"+++ {b}", *said]
    if not diff.same_identity:
        lines.append(f"identity: {_title(diff.identity_a)} → {_title(diff.identity_b)}")
    lines += [f"+{d.copies} {one_line(d.title)}" for d in diff.added]
    lines += [f"−{d.copies} {one_line(d.title)}" for d in diff.removed]
    added, removed = sum(d.copies for d in diff.added), sum(d.copies for d in diff.removed)
    lines.append(f"{added} cards added, {removed} removed")
    return "\n".join(lines) + "\n"


def _title(identity: IdentityRef | None) -> str:
    return one_line(identity.title) if identity else "(no identity)"
