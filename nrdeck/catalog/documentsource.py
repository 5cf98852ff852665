"""What a database built from the JSON document answers, as its catalogue would have: what a
database whose catalogue proved damaged asks instead (``lookups.CatalogueLookups.ask``).
Imported only then."""

from __future__ import annotations

import bisect
from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

from nrdeck.catalog.reading import CardEntry, Hit
from nrdeck.catalog.records import Card, LanguageTitles, Named, Printing, Restriction
from nrdeck.catalog.titlekeys import (
    Choices,
    exact_title_index,
    loose_indexes,
    normalised_title_index,
    suggestion_choices,
)

if TYPE_CHECKING:
    from nrdeck.catalog.translations import Translations


class Database(Protocol):
    """What ``DocumentSource`` reads of a database built from the JSON document."""

    @property
    def cards(self) -> Mapping[str, Card]: ...
    @property
    def printings(self) -> Mapping[str, Printing]: ...
    @property
    def restrictions(self) -> Mapping[str, Restriction]: ...
    @property
    def types(self) -> Mapping[str, Named]: ...
    @property
    def subtypes(self) -> Mapping[str, Named]: ...
    def printings_of(self, card_id: str) -> list[Printing]: ...
    def sets_of(self, card_id: str) -> frozenset[str]: ...
    def cards_with_subtype(self, subtype: str) -> tuple[str, ...]: ...
    def translations(self) -> Translations: ...


class DocumentSource:
    """The answers of a database built from the JSON document, as a catalogue gives them."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._loose: tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]] | None = None
        self._loose_keys: list[str] = []
        self._titles: dict[str, dict[str, str]] = {}

    def card(self, card_id: str) -> CardEntry | None:
        card = self.db.cards.get(card_id)
        if card is None:
            return None
        printings = tuple(self.db.printings_of(card_id))
        return CardEntry(card, printings, tuple(sorted(self.db.sets_of(card_id))))

    def titled(self, index: str, key: str) -> CardEntry | None:
        card_id = self.card_id(index, key)
        return None if card_id is None else self.card(card_id)

    def cards(self) -> list[CardEntry]:
        return [entry for key in sorted(self.db.cards) if (entry := self.card(key)) is not None]

    def printing(self, code: str) -> Printing | None:
        return self.db.printings.get(code)

    def printings(self) -> list[Printing]:
        return [self.db.printings[code] for code in sorted(self.db.printings)]

    def filed_with(self, restriction_id: str) -> list[Restriction]:
        found = self.db.restrictions.get(restriction_id)
        return [] if found is None else self.filed_under(found.format_id)

    def restrictions(self) -> list[Restriction]:
        return sorted(self.db.restrictions.values(), key=lambda r: r.id)

    def filed_under(self, format_id: str) -> list[Restriction]:
        return [r for r in self.restrictions() if r.format_id == format_id]

    def kinds(self, name: str) -> list[Named]:
        kinds = self.db.types if name == "types" else self.db.subtypes
        return [kinds[key] for key in sorted(kinds)]

    def _table(self, table: str) -> Mapping[str, object]:
        if table in ("exact_titles", "titles"):
            return self._index(table)
        found: dict[str, Mapping[str, object]] = {
            "cards": self.db.cards,
            "printings": self.db.printings,
            "restrictions": self.db.restrictions,
        }
        return found[table]

    def keys(self, table: str) -> list[str]:
        return sorted(self._table(table))

    def count(self, table: str) -> int:
        return len(self._table(table))

    def has(self, table: str, key: str) -> bool:
        return key in self._table(table)

    def card_id(self, index: str, key: str) -> str | None:
        return self._index(index).get(key)

    def _index(self, index: str) -> dict[str, str]:
        found = self._titles.get(index)
        if found is None:
            build = exact_title_index if index == "exact_titles" else normalised_title_index
            found = self._titles[index] = build(self.db.cards)
        return found

    def card_ids(self, index: str, key: str) -> tuple[str, ...]:
        if index == "subtype_cards":
            return self.db.cards_with_subtype(key)
        loose, squashed = self._indexes()
        return (loose if index == "loose_titles" else squashed).get(key, ())

    def loose_keys_from(self, prefix: str) -> list[str]:
        keys = self._loose_keys or sorted(self._indexes()[0])
        self._loose_keys = keys
        found = []
        for key in keys[bisect.bisect_left(keys, prefix) :]:
            if not key.startswith(prefix):
                break
            found.append(key)
        return found

    def _indexes(self) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
        if self._loose is None:
            self._loose = loose_indexes(self.db.cards.values())
        return self._loose

    def suggestions(self) -> Choices:
        return suggestion_choices(self.db.cards.values())

    def language(self, code: str) -> LanguageTitles | None:
        return self.db.translations().source.language(code)

    def hits(self, index: str, key: str) -> tuple[Hit, ...]:
        return self.db.translations().source.hits(index, key)

    def names(self, table: str) -> frozenset[str]:
        return self.db.translations().source.names(table)
