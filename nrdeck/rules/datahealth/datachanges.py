"""What changed between two card documents, for the maintainer who refreshes the snapshot:
formats, new periods with what each changed (``rules.history.changes``), ban lists, sets, cards
(new, retitled, under a new id), Startup caps against nrdeck's table, keys nrdeck does not apply.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from nrdeck.catalog import CardDB
from nrdeck.catalog.records import Restriction
from nrdeck.errors import UsageError
from nrdeck.results.datachanges import (
    ActiveMark,
    DataChanges,
    ListEdit,
    NamedId,
    Renamed,
    Retitled,
    SetDate,
    StartupCap,
)
from nrdeck.results.periods import FormatPeriod
from nrdeck.rules.history import format_periods


def compare_data(old: CardDB, new: CardDB, warnings: Iterable[str] = ()) -> DataChanges:
    """Everything that changed from ``old`` to ``new`` (``warnings``: nrdeck's own tables
    next to the new data, as the build says them)."""
    renamed = _renamed(old, new)
    moved = {r.before for r in renamed} | {r.after for r in renamed}
    return DataChanges(
        before=old.info.describe(),
        after=new.info.describe(),
        before_date=old.info.dataset_date,
        after_date=new.info.dataset_date,
        formats_added=_named(new.formats, old.formats),
        formats_removed=_named(old.formats, new.formats),
        periods_added=_new_periods(old, new),
        lists_added=_named(new.restrictions, old.restrictions),
        lists_removed=_named(old.restrictions, new.restrictions),
        lists_changed=tuple(_list_edits(old, new)),
        sets_added=_named(new.sets, old.sets),
        sets_removed=_named(old.sets, new.sets),
        set_dates=tuple(_set_dates(old, new)),
        cards_added=tuple(n for n in _named(new.cards, old.cards, "title") if n.id not in moved),
        cards_removed=tuple(n for n in _named(old.cards, new.cards, "title") if n.id not in moved),
        cards_retitled=tuple(
            Retitled(c.id, old.cards[c.id].title, c.title)
            for c in sorted(new.cards.values(), key=lambda c: c.id)
            if c.id in old.cards and old.cards[c.id].title != c.title
        ),
        ids_renamed=renamed,
        printings_added=len(set(new.printings) - set(old.printings)),
        startup_caps=tuple(_startup_caps(old, new)),
        active_marks=tuple(_active_marks(old, new)),
        unknown_keys=tuple(
            r.describe() for r in new.unknown_rules if r not in set(old.unknown_rules)
        ),
        warnings=tuple(warnings),
    )


def _named(
    these: Mapping[str, object], but_not: Mapping[str, object], key: str = "name"
) -> tuple[NamedId, ...]:
    """The records of ``these`` whose ids ``but_not`` lacks, by id."""
    return tuple(
        NamedId(i, str(getattr(these[i], key, i))) for i in sorted(set(these) - set(but_not))
    )


def _new_periods(old: CardDB, new: CardDB) -> tuple[FormatPeriod, ...]:
    """Periods of the new data's timelines that start after, or are missing from, the old."""
    found: list[FormatPeriod] = []
    for format_id in sorted(new.formats):
        known = set()
        if format_id in old.formats:
            known = {(p.start, p.snapshot_id) for p in format_periods(old, format_id)}
        try:
            periods = format_periods(new, format_id)
        except UsageError:  # a format without periods has nothing new
            continue
        found += [p for p in periods if (p.start, p.snapshot_id) not in known]
    return tuple(found)


def _list_edits(old: CardDB, new: CardDB) -> Iterable[ListEdit]:
    for list_id in sorted(set(old.restrictions) & set(new.restrictions)):
        before, after = old.restrictions[list_id], new.restrictions[list_id]
        if before == after:
            continue
        yield ListEdit(list_id, after.name, tuple(_edits(new, before, after)))


def _edits(db: CardDB, before: Restriction, after: Restriction) -> Iterable[str]:
    """'bans also Cleaver', 'no longer restricts X', 'starts 2026-09-21 (was …)' …"""
    if before.name != after.name:
        yield f"renamed from {before.name!r}"
    if before.date_start != after.date_start:
        yield f"starts {after.date_start} (was {before.date_start})"
    for field, verb in (("banned", "bans"), ("restricted", "restricts")):
        old_ids, new_ids = getattr(before, field), getattr(after, field)
        if new_ids - old_ids:
            yield f"{verb} also {_titles(db, new_ids - old_ids)}"
        if old_ids - new_ids:
            yield f"no longer {verb} {_titles(db, old_ids - new_ids)}"
    for field in ("points", "universal_faction_cost", "global_penalty"):
        old_map, new_map = getattr(before, field), getattr(after, field)
        differ = sorted(k for k in set(old_map) | set(new_map) if old_map.get(k) != new_map.get(k))
        if differ:
            pairs = ", ".join(
                f"{_title(db, k)} {old_map.get(k, 'none')} → {new_map.get(k, 'none')}"
                for k in differ
            )
            yield f"{field.replace('_', ' ')}: {pairs}"
    if before.banned_subtypes != after.banned_subtypes:
        was = ", ".join(sorted(before.banned_subtypes)) or "none"
        yield f"bans the subtypes {', '.join(sorted(after.banned_subtypes)) or 'none'} (was {was})"
    if before.max_3_point_agendas != after.max_3_point_agendas:
        yield f"agenda cap {after.max_3_point_agendas} (was {before.max_3_point_agendas})"
    if before.point_limit != after.point_limit:
        yield f"point limit {after.point_limit} (was {before.point_limit})"


def _title(db: CardDB, card_id: str) -> str:
    card = db.cards.get(card_id)
    return card.title if card is not None else card_id


def _titles(db: CardDB, ids: Iterable[str]) -> str:
    return ", ".join(sorted((_title(db, i) for i in ids), key=str.casefold))


def _set_dates(old: CardDB, new: CardDB) -> Iterable[SetDate]:
    for set_id in sorted(set(old.sets) & set(new.sets)):
        before, after = old.sets[set_id].date_release, new.sets[set_id].date_release
        if before != after:
            yield SetDate(set_id, new.sets[set_id].name, before, after)


def _renamed(old: CardDB, new: CardDB) -> tuple[Renamed, ...]:
    """Cards the new data has under another id: a printing code of the old card is now a
    printing of a card with an id the old data does not have."""
    found = []
    for code, printing in sorted(old.printings.items()):
        now = new.printings.get(code)
        if now is None or now.card_id == printing.card_id:
            continue
        if printing.card_id not in new.cards and now.card_id not in old.cards:
            found.append(Renamed(printing.card_id, now.card_id, new.cards[now.card_id].title))
    return tuple(dict.fromkeys(found))


def _startup_caps(old: CardDB, new: CardDB) -> Iterable[StartupCap]:
    """Each Startup list new in the data: its cap in the data and in nrdeck's table."""
    table = new.tables.agenda_caps
    for list_id in sorted(set(new.restrictions) - set(old.restrictions)):
        found = new.restrictions[list_id]
        if found.format_id != "startup":
            continue
        entry = table.of_list(list_id)
        yield StartupCap(
            list_id,
            found.name,
            found.max_3_point_agendas,
            entry.cap.max_copies if entry else None,
        )


def _active_marks(old: CardDB, new: CardDB) -> Iterable[ActiveMark]:
    """Formats whose snapshot marked ``active`` moved."""
    for format_id in sorted(set(old.formats) & set(new.formats)):
        before, after = _active(old, format_id), _active(new, format_id)
        if before != after:
            yield ActiveMark(format_id, before, after)


def _active(db: CardDB, format_id: str) -> str | None:
    return next((s.id for s in db.snapshots_of(format_id) if s.active), None)
