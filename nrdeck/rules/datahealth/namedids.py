"""Ids nrdeck's own rules and tables name, checked against the card data in use.

NetrunnerDB's ids can move (three card ids did in 2026). A rule or table entry naming an id
the data does not have would match nothing: never silently. ``missing_named_ids`` names each
one, for ``data build``/``import``/``update`` and ``data status`` to warn about. Ids the data
has under their new name (``data/moved_ids.json``) count as present.
"""

from __future__ import annotations

from collections.abc import Mapping

from nrdeck.catalog import CardDB
from nrdeck.rules.deckbuilding import ALLIANCE, rule_card_ids


def named_card_ids(db: CardDB) -> dict[str, str]:
    """Card id -> what of nrdeck's names it: the rules, the dated errata."""
    named = rule_card_ids()
    named.update(dict.fromkeys(ALLIANCE, "the alliance influence rule"))
    for erratum in db.tables.errata.errata:
        named.setdefault(erratum.card_id, f"the dated errata table ({erratum.text!r})")
    return named


def named_restriction_ids(db: CardDB) -> dict[str, str]:
    """Ban list id -> what names it: the agenda-cap entries dated by the data's own date.

    A table entry newer than the data is a list the data cannot know yet, not a moved id.
    """
    known = db.info.known_as_of()
    return {
        entry.restriction_id: "nrdeck's agenda-cap table"
        for entry in db.tables.agenda_caps.lists
        if known is None or entry.date <= known
    }


def missing_named_ids(
    db: CardDB, reference: CardDB, extra_cards: Mapping[str, str] | None = None
) -> list[str]:
    """One line per id nrdeck names that the card data has under another id.

    ``reference`` is data in which every named id is known (the bundled snapshot): a card
    the data has under another id is found by its printing codes; a ban list, by its format
    and start date. A card or list the data does not have at all (a partial dataset) is no
    loss: no deck can hold it. An id the reference itself lacks is named too.
    """
    cards = {**named_card_ids(db), **(extra_cards or {})}
    lines = [_card_line(db, reference, c, what) for c, what in sorted(cards.items())]
    lists = named_restriction_ids(db)
    lines += [_list_line(db, reference, r, what) for r, what in sorted(lists.items())]
    return [line for line in lines if line]


def _card_line(db: CardDB, reference: CardDB, card_id: str, what: str) -> str | None:
    if db.card_by_id(card_id) is not None:
        return None
    known = reference.card_by_id(card_id)
    if known is None:
        return f"{what} names card {card_id}, which nrdeck's own card data does not have"
    codes = [p.code for p in reference.printings_of(known.id)]
    moved = next((c for c in map(db.card_by_code, codes) if c is not None), None)
    if moved is None:
        return None
    return (
        f"{what} names card {card_id}, which this card data calls {moved.id} (printing "
        f"{codes[0]}): the rule matches no card here; add the rename to nrdeck's moved ids"
    )


def _list_line(db: CardDB, reference: CardDB, list_id: str, what: str) -> str | None:
    if list_id in db.restrictions:
        return None
    known = reference.restrictions.get(list_id)
    if known is None:
        return f"{what} names ban list {list_id}, which nrdeck's own card data does not have"
    same_day = [
        r.id
        for r in db.restrictions.values()
        if r.format_id == known.format_id
        and r.date_start == known.date_start
        and not db.tables.list_names.is_classic_only(r.id)
    ]
    if not same_day:
        return None
    return (
        f"{what} names ban list {list_id}, which this card data seems to call "
        f"{', '.join(sorted(same_day))} (same format and start date): the entry applies to "
        "no list here"
    )
