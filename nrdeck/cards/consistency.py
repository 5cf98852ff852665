"""Whether a card dataset is whole and consistent, and plausible next to the data in use.

A dataset is committed to the cache only when it is whole (cards, printings, sets, cycles,
factions, formats and card pools are all there) and consistent: every reference nrdeck
follows resolves (a printing's card and set, a set's cycle, a card's faction and type, a
snapshot's card pool and ban list, a pool's sets, cycles and cards, a ban list's cards), no
id is given twice, and every printing code is five digits. The same check guards every
document nrdeck builds or reads from the cache or a file, so data written by anything else is
never trusted blindly.

Plausibility compares the new dataset with the data in use: losing a format, or more than
half of the cards, is far more likely a broken answer than a real change, so it is refused
unless the user insists (``--force``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from nrdeck.catalog import CardDB
from nrdeck.catalog.records import FactsDocument, Restriction, is_printing_code

REQUIRED = ("cards", "printings", "sets", "cycles", "factions", "formats", "card_pools")


def reference_problems(doc: FactsDocument) -> list[str]:
    """What keeps the document from being whole and consistent (empty when nothing does)."""
    problems = [f"it has no {kind}" for kind in REQUIRED if not getattr(doc, kind)]
    ids = _Ids(doc)
    problems += ids.duplicates()
    problems += [
        f"printing {_quoted(p.code)} has a code that is not five digits"
        for p in doc.printings
        if not is_printing_code(p.code)
    ]
    problems += list(_dangling(doc, ids))
    return problems


def summary(problems: list[str]) -> str:
    """The first problem, and how many others there are."""
    more = len(problems) - 1
    return problems[0] + (f" (and {more} more problem{'s' * (more > 1)})" if more else "")


def implausible(doc: FactsDocument, in_use: CardDB) -> list[str]:
    """How the new dataset looks broken next to the data in use (empty when it does not)."""
    problems = []
    if 2 * len(doc.cards) < len(in_use.cards):
        problems.append(f"it has {len(doc.cards)} cards instead of {len(in_use.cards)}")
    lost = sorted(set(in_use.formats) - {f.id for f in doc.formats})
    if lost:
        problems.append(f"it lacks the format{'s' * (len(lost) > 1)} {', '.join(lost)}")
    return problems


class _Ids:
    """The ids of each kind of record, as lists (in order) and sets."""

    def __init__(self, doc: FactsDocument) -> None:
        self.lists: dict[str, list[str]] = {
            "card": [c.id for c in doc.cards],
            "printing": [p.code for p in doc.printings],
            "set": [s.id for s in doc.sets],
            "cycle": [c.id for c in doc.cycles],
            "faction": [f.id for f in doc.factions],
            "card type": [t.id for t in doc.types],
            "format": [f.id for f in doc.formats],
            "snapshot": [s.id for f in doc.formats for s in f.snapshots],
            "card pool": [p.id for p in doc.card_pools],
            "ban list": [r.id for r in doc.restrictions],
        }
        self.sets = {kind: set(ids) for kind, ids in self.lists.items()}

    def duplicates(self) -> list[str]:
        """One problem per kind of record that has an id twice."""
        return [
            f"{kind} {_quoted(_first_repeat(ids))} is given twice"
            for kind, ids in self.lists.items()
            if len(ids) != len(self.sets[kind])
        ]


def _first_repeat(ids: Iterable[str]) -> str:
    seen: set[str] = set()
    for name in ids:
        if name in seen:
            return name
        seen.add(name)
    return ""


Pairs = Callable[[], Iterable[tuple[str, str]]]


def _dangling(doc: FactsDocument, ids: _Ids) -> Iterator[str]:
    """One problem per reference that names a record the document does not have."""
    snapshots = [s for f in doc.formats for s in f.snapshots]
    pools, restrictions = doc.card_pools, doc.restrictions
    checks: list[tuple[str, str, set[str], Pairs]] = [
        ("printing", "card", {p.card_id for p in doc.printings},
         lambda: ((p.code, p.card_id) for p in doc.printings)),
        ("printing", "set", {p.set_id for p in doc.printings},
         lambda: ((p.code, p.set_id) for p in doc.printings)),
        ("set", "cycle", {s.cycle_id for s in doc.sets},
         lambda: ((s.id, s.cycle_id) for s in doc.sets)),
        ("card", "faction", {c.faction for c in doc.cards},
         lambda: ((c.id, c.faction) for c in doc.cards)),
        ("snapshot", "card pool", {s.card_pool_id for s in snapshots},
         lambda: ((s.id, s.card_pool_id) for s in snapshots)),
        ("snapshot", "ban list", {s.restriction_id for s in snapshots if s.restriction_id},
         lambda: ((s.id, s.restriction_id or "") for s in snapshots if s.restriction_id)),
        ("card pool", "set", {i for p in pools for i in p.card_set_ids},
         lambda: ((p.id, i) for p in pools for i in p.card_set_ids)),
        ("card pool", "cycle", {i for p in pools for i in p.card_cycle_ids},
         lambda: ((p.id, i) for p in pools for i in p.card_cycle_ids)),
        ("card pool", "card", {i for p in pools for i in p.cards},
         lambda: ((p.id, i) for p in pools for i in p.cards)),
        ("ban list", "card", set().union(*map(_verdict_cards, restrictions)),
         lambda: ((r.id, i) for r in restrictions for i in sorted(_verdict_cards(r)))),
    ]  # fmt: skip
    if doc.types:  # documents from before card types were kept have none
        checks.append(("card", "card type", {c.type for c in doc.cards},
                       lambda: ((c.id, c.type) for c in doc.cards)))  # fmt: skip
    for owner_kind, kind, targets, pairs in checks:
        known = ids.sets[kind]
        if targets <= known:
            continue  # the common case, decided by one set operation
        for owner, target in pairs():
            if target not in known:
                yield (
                    f"{owner_kind} {_quoted(owner)} names the {kind} {_quoted(target)}, "
                    "which the data does not have"
                )


def _verdict_cards(r: Restriction) -> set[str]:
    return {*r.banned, *r.restricted, *r.universal_faction_cost, *r.global_penalty, *r.points}


def _quoted(name: str) -> str:
    """An id as shown in a message: quoted, escaped, and short."""
    return repr(name if len(name) <= 60 else name[:60] + "…")
