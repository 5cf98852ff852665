"""Turn NetrunnerDB v3 records into nrdeck's facts document (the v3 quirks live here).

Quirks handled (docs/design/netrunnerdb-api.md §2): ``cost``/``advancement_requirement`` are strings
("5" -> 5, "X" stays "X"); ``strength`` -1 means X (not kept: no rule needs it);
``influence_limit`` null means unlimited (kept as None, as in the v2 data); banned subtypes
live on restrictions; ``verdicts.global_penalty`` is a list (membership: value 1).

Card pools: v3 pools carry ``card_cycle_ids`` only. Their sets come from the snapshots that
use them (``card_set_ids``, already expanded with the cycles' sets); nrdeck keeps the sets
not implied by a listed cycle, so ``CardDB.pool_sets()`` and ``pool_cards()`` give the same
answers as a ``data import`` of the same dataset. Cards a pool lists explicitly are the cards
whose ``card_pool_ids`` name the pool without a printing in one of its sets.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from nrdeck.cards.boundary import first_error
from nrdeck.cards.document import new_document, tuple_of
from nrdeck.cards.textfacts import with_text_facts
from nrdeck.cards.v3_models import (
    V3Card,
    V3CardPool,
    V3CardSet,
    V3Cycle,
    V3Faction,
    V3Format,
    V3Named,
    V3Printing,
    V3Restriction,
    V3Snapshot,
)
from nrdeck.catalog.records import (
    Card,
    CardPool,
    CardSet,
    Cycle,
    Faction,
    FactsDocument,
    FormatEntry,
    Named,
    Origin,
    Printing,
    Restriction,
    SnapshotEntry,
    UnknownRule,
)
from nrdeck.errors import DataUnavailableError

M = TypeVar("M", bound=BaseModel)
Raw = Mapping[str, list[dict[str, Any]]]


def validated(model: type[M], records: Iterable[dict[str, Any]], where: str) -> dict[str, M]:
    """id -> validated attributes; a bad record is one line naming the resource and id."""
    out: dict[str, M] = {}
    for record in records:
        try:
            out[record["id"]] = model.model_validate(record)
        except ValidationError as exc:
            raise DataUnavailableError(
                f"{where}: {record.get('id')}: {first_error(exc)}",
                hint="the server sent data nrdeck cannot read; try again later or report it",
            ) from exc
    return out


def number_or_x(value: str | None) -> int | str | None:
    """v3 sends costs as strings: "5" -> 5, "X" -> "X", None -> None."""
    if value is None:
        return None
    text = value.strip()
    return int(text) if text.lstrip("-").isdigit() else text.upper()


def to_document(raw: Raw, base_url: str) -> FactsDocument:
    """Validate every resource's attributes and build the facts document."""

    def get(resource: str, model: type[M]) -> dict[str, M]:
        return validated(model, raw[resource], f"{base_url}/{resource}")

    cards = get("cards", V3Card)
    printings = get("printings", V3Printing)
    sets = get("card_sets", V3CardSet)
    snapshots = get("snapshots", V3Snapshot)
    pools = get("card_pools", V3CardPool)
    formats = get("formats", V3Format)
    restrictions = get("restrictions", V3Restriction)
    cycles = get("card_cycles", V3Cycle)
    factions = get("factions", V3Faction)
    types = get("card_types", V3Named)
    subtypes = get("card_subtypes", V3Named)
    stamps = [
        m.updated_at
        for group in (cards, printings, sets, snapshots, pools, formats, restrictions, cycles)
        for m in group.values()
        if m.updated_at
    ]
    return new_document(
        origin=Origin(
            source="NetrunnerDB v3 API",
            dataset_date=max(stamps)[:10] if stamps else None,
            url=base_url,
        ),
        cards=[_card(i, c) for i, c in cards.items()],
        printings=[_printing(code, p) for code, p in printings.items()],
        sets=[_set(i, s) for i, s in sets.items()],
        cycles=[
            Cycle(id=i, name=c.name, legacy_code=c.legacy_code, position=c.position)
            for i, c in cycles.items()
        ],
        factions=[
            Faction(id=i, name=f.name, side=f.side_id, is_mini=f.is_mini)
            for i, f in factions.items()
        ],
        types=[Named(id=i, name=t.name, side=_type_side(i, cards)) for i, t in types.items()],
        subtypes=[Named(id=i, name=s.name) for i, s in subtypes.items()],
        formats=[_format(i, f, snapshots) for i, f in formats.items()],
        card_pools=_pools(pools, snapshots, sets, cards, printings),
        restrictions=[_restriction(i, r) for i, r in restrictions.items()],
        unknown_rules=[
            *_unknown("format", formats),
            *_unknown("snapshot", snapshots),
            *_unknown("restriction", restrictions),
        ],
    )


def _unknown(
    kind: str, records: Mapping[str, V3Format | V3Snapshot | V3Restriction]
) -> list[UnknownRule]:
    """The attributes of these records that nrdeck does not understand."""
    return [UnknownRule(kind, i, key) for i, r in records.items() for key in r.unknown_keys()]


def _card(card_id: str, c: V3Card) -> Card:
    card = Card(
        id=card_id,
        title=c.title,
        stripped_title=c.stripped_title,
        side=c.side_id,
        faction=c.faction_id,
        type=c.card_type_id,
        subtypes=tuple(c.card_subtype_ids),
        cost=number_or_x(c.cost),
        influence_cost=c.influence_cost,
        deck_limit=c.deck_limit,
        agenda_points=c.agenda_points,
        advancement_requirement=number_or_x(c.advancement_requirement),
        minimum_deck_size=c.minimum_deck_size,
        influence_limit=c.influence_limit,
        base_link=c.base_link,
        is_unique=c.is_unique,
        layout=c.layout_id or "normal",
        face_titles=tuple_of(t for f in c.faces for t in (f.title, f.stripped_title) if t),
    )
    return with_text_facts(card, c.text, (f.text for f in c.faces))


def _printing(code: str, p: V3Printing) -> Printing:
    return Printing(
        code=code, card_id=p.card_id, set_id=p.card_set_id, position=p.position, quantity=p.quantity
    )


def _set(set_id: str, s: V3CardSet) -> CardSet:
    return CardSet(
        id=set_id,
        name=s.name,
        cycle_id=s.card_cycle_id,
        type=s.card_set_type_id,
        date_release=s.date_release,
        legacy_code=s.legacy_code,
        position=s.position,
        size=s.size,
    )


def _type_side(type_id: str, cards: Mapping[str, V3Card]) -> str | None:
    """v3 card types carry no side: take it from the cards of that type when they agree."""
    sides = {c.side_id for c in cards.values() if c.card_type_id == type_id}
    return sides.pop() if len(sides) == 1 else None


def _format(format_id: str, f: V3Format, snapshots: Mapping[str, V3Snapshot]) -> FormatEntry:
    """The format with its snapshots in the API's order (by date_start), then any others."""
    mine = {i: s for i, s in snapshots.items() if s.format_id == format_id}
    order = [i for i in f.snapshot_ids if i in mine]
    order += sorted(set(mine) - set(order), key=lambda i: (mine[i].date_start, i))
    return FormatEntry(
        id=format_id,
        name=f.name,
        snapshots=tuple_of(
            SnapshotEntry(
                id=i,
                card_pool_id=mine[i].card_pool_id,
                restriction_id=mine[i].restriction_id,
                date_start=mine[i].date_start,
                active=mine[i].active,
            )
            for i in order
        ),
    )


def _pools(
    pools: Mapping[str, V3CardPool],
    snapshots: Mapping[str, V3Snapshot],
    sets: Mapping[str, V3CardSet],
    cards: Mapping[str, V3Card],
    printings: Mapping[str, V3Printing],
) -> list[CardPool]:
    snapshot_sets: dict[str, set[str]] = defaultdict(set)
    for snap in snapshots.values():
        snapshot_sets[snap.card_pool_id].update(snap.card_set_ids)
    sets_of_card: dict[str, set[str]] = defaultdict(set)
    for p in printings.values():
        sets_of_card[p.card_id].add(p.card_set_id)
    out = []
    for pool_id, pool in pools.items():
        cycles = set(pool.card_cycle_ids)
        implied = {i for i, s in sets.items() if s.card_cycle_id in cycles}
        explicit_sets = sorted(snapshot_sets[pool_id] - implied)
        all_sets = implied | set(explicit_sets)
        explicit_cards = sorted(
            i
            for i, c in cards.items()
            if pool_id in c.card_pool_ids and not sets_of_card[i] & all_sets
        )
        out.append(
            CardPool(
                id=pool_id,
                name=pool.name,
                format_id=pool.format_id,
                card_cycle_ids=tuple(pool.card_cycle_ids),
                card_set_ids=tuple(explicit_sets),
                cards=tuple(explicit_cards),
            )
        )
    return out


def _restriction(restriction_id: str, r: V3Restriction) -> Restriction:
    v = r.verdicts
    return Restriction(
        id=restriction_id,
        name=r.name,
        format_id=r.format_id,
        date_start=r.date_start,
        banned=frozenset(v.banned),
        restricted=frozenset(v.restricted),
        universal_faction_cost=dict(v.universal_faction_cost),
        global_penalty=dict.fromkeys(v.global_penalty, 1),
        points=dict(v.points),
        point_limit=r.point_limit,
        banned_subtypes=frozenset(r.banned_subtypes),
        max_3_point_agendas=r.max_3_point_agendas,
    )
