"""Variants of a deck for side-by-side answers: copy counts, blank cards, another list.

A swept title or group keeps the deck's size: copies added replace cards that count in no
group of the run, and copies cut become such cards ("blank" cards). A swept group adds or
cuts generic members that belong to it alone; its cards that also count in another group
of the run stay.
"""

from __future__ import annotations

import re

import msgspec

from nrdeck.errors import UsageError
from nrdeck.quoting import excerpt
from nrdeck.sim.answers.run import Pool, Run, base_pool, group_key, resolve_group
from nrdeck.sim.ask import find_titles

MAX_VARIANTS = 13
_SWEEP = re.compile(r"^\s*(?P<name>.+?)\s*=\s*(?P<a>\d+)\s*(?:\.\.\s*(?P<b>\d+))?\s*$")


class SweepItem(msgspec.Struct, frozen=True):
    """What a sweep varies: one title (``card_id``) or one group (``key``)."""

    name: str
    card_id: str | None
    key: str | None
    current: int  # copies (title) or cards (group) in the deck
    fixed: int  # group cards that also count elsewhere (they stay)
    free: int  # cards in no group of the run (copies added replace them)


def parse_sweep(text: str) -> tuple[str, bool, int, int]:
    """``NAME=a..b`` (or ``NAME=a``) -> (name, quoted, a, b)."""
    match = _SWEEP.match(text)
    if match is None:
        raise UsageError(
            f"--sweep {excerpt(text)}: expected NAME=a..b",
            hint='e.g. --sweep "Professional Contacts=2..3" or --sweep breaker=4..8',
        )
    name = match.group("name")
    quoted = len(name) > 1 and name[0] == name[-1] and name[0] in "\"'"
    a = int(match.group("a"))
    b = int(match.group("b") or a)
    if b < a or b - a + 1 > MAX_VARIANTS:
        raise UsageError(
            f"--sweep {excerpt(text)}: expected a..b with a <= b, at most {MAX_VARIANTS}"
        )
    return (name[1:-1] if quoted else name), quoted, a, b


def sweep_item(run: Run, name: str, quoted: bool, what: str = "--sweep") -> SweepItem:
    """The title or group a sweep names, with the counts the pools are built from."""
    key = None
    card_id = None
    if not quoted and run.resolver.resolve(name) is not None:
        key = group_key(name, False)
        group = resolve_group(run, name, False, None)
        if any(w != 1 for w in group.weights.values()):
            raise UsageError(f"{what} {name}: sweep a title or a group of cards, not points")
    else:
        cards = find_titles(run.db, name)
        if cards is None or len(cards) != 1:
            raise UsageError(
                f"{what}: unknown card {excerpt(name)}", hint="name one title or a group"
            )
        card_id = cards[0].id
    counts = run.counts
    used = run.used
    others = [g for k, g in used.items() if k != key]
    if key is not None:
        members = used[key].weights
        current = sum(n for i, n in counts.items() if members.get(i))
        fixed = sum(n for i, n in counts.items() if members.get(i) and _counted(others, i))
    else:
        current, fixed = counts.get(card_id or "", 0), 0
    free = sum(
        n for i, n in counts.items() if i != card_id and not _counted(list(used.values()), i)
    )
    return SweepItem(name, card_id, key, current, fixed, free)


def _counted(groups: list, card_id: str) -> bool:  # type: ignore[type-arg]
    return any(g.weight(card_id) for g in groups)


def pool_with(run: Run, item: SweepItem, copies: int, label: str, what: str = "--sweep") -> Pool:
    """The deck with ``copies`` of the item, its size kept."""
    base = base_pool(run)
    if copies < item.fixed:
        raise UsageError(
            f"{what} {item.name}={copies}: {item.fixed} of its cards also count in other "
            "groups of the queries and stay",
            hint=f"start at {item.fixed} or more",
        )
    if copies - item.current > item.free:
        raise UsageError(
            f"{what} {item.name}={copies}: the deck has only {item.free} cards outside the "
            "queries' groups for the added copies to replace",
            hint="sweep fewer copies",
        )
    counts = dict(run.counts)
    extra: dict[str, dict[str, int]] = {}
    if item.card_id is not None:
        counts[item.card_id] = copies
    else:
        assert item.key is not None
        members = run.used[item.key].weights
        others = [g for k, g in run.used.items() if k != item.key]
        for card_id in [i for i in counts if members.get(i) and not _counted(others, i)]:
            del counts[card_id]
        generic = f"\0generic {item.name}"
        counts[generic] = copies - item.fixed
        extra[item.key] = {generic: 1}
    return Pool(label, {i: n for i, n in counts.items() if n > 0}, base.size, extra)


def variant_pools(run: Run, other: Run | None) -> tuple[str, list[tuple[str, Run, Pool]], str]:
    """(kind, [(label, run, pool)], note) for --sweep, --pad or --compare."""
    req = run.request
    if other is not None:
        return _compare(run, other)
    if req.pad:
        base = base_pool(run)
        padded = msgspec.structs.replace(
            base,
            label=f"+{req.pad} blank",
            size=base.size + req.pad,
            note=f"{req.pad} blank cards added",
        )
        note = f"the deck as it is and with {req.pad} blank cards (in no group) added"
        return (
            "pad",
            [(f"{base.size} cards", run, base), (f"{padded.size} cards", run, padded)],
            note,
        )
    assert req.sweep is not None
    name, quoted, a, b = parse_sweep(req.sweep)
    item = sweep_item(run, name, quoted)
    unit = "copies" if item.card_id else item.name
    pools = [(f"{k} {unit}", run, pool_with(run, item, k, f"{k} {unit}")) for k in range(a, b + 1)]
    note = (
        f"{item.name} at {a} to {b} {'copies' if item.card_id else 'cards'} "
        f"(the deck has {item.current}), {base_pool(run).size} cards each: copies added "
        "replace cards that count in no query, copies cut become such cards"
    )
    return "sweep", pools, note


def _compare(run: Run, other: Run) -> tuple[str, list[tuple[str, Run, Pool]], str]:
    if other.side != run.side:
        raise UsageError(
            f"--compare: {other.deck.source} is a {other.side.capitalize()} deck and "
            f"{run.deck.source} a {run.side.capitalize()} deck",
            hint="compare two decks of the same side",
        )
    first, second = base_pool(run), base_pool(other)
    if first.label == second.label:
        first = msgspec.structs.replace(first, label=run.deck.source)
        second = msgspec.structs.replace(second, label=other.deck.source)
    note = "the same queries on two decklists"
    return "compare", [(first.label, run, first), (second.label, other, second)], note
