"""Read a local netrunner-cards-json folder (its ``v2/`` files) into a facts document."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from nrdeck.cards.boundary import first_error
from nrdeck.cards.document import TITLES_FORMAT, TITLES_SCHEMA, new_document, tuple_of
from nrdeck.cards.textfacts import with_text_facts
from nrdeck.cards.v2_models import (
    V2Card,
    V2CardPool,
    V2CardSet,
    V2Cycle,
    V2Faction,
    V2Format,
    V2Named,
    V2Printing,
    V2Restriction,
    V2TranslatedCard,
)
from nrdeck.catalog import indexed_titles
from nrdeck.catalog.records import (
    Card,
    CardPool,
    CardSet,
    Cycle,
    Faction,
    FactsDocument,
    FormatEntry,
    LanguageTitles,
    Named,
    Origin,
    Printing,
    Restriction,
    SnapshotEntry,
    TitlesDocument,
    UnknownRule,
)
from nrdeck.errors import DataUnavailableError

SOURCE_NAME = "netrunner-cards-json"
TRANSLATIONS = "translations"
_DATE = re.compile(r"\b(20\d\d-\d\d-\d\d)\b")
M = TypeVar("M", bound=BaseModel)


class CardsJsonSource:
    """A netrunner-cards-json folder on disk."""

    name = "cardsjson"

    def __init__(self, root: Path, dataset_date: str | None = None) -> None:
        self.root = root
        self.v2 = root / "v2"
        self.dataset_date = dataset_date

    def read(self) -> FactsDocument:
        """Read and validate every v2 file the facts come from."""
        if not (self.v2 / "cards").is_dir():
            raise DataUnavailableError(
                f"{self.root}: not a netrunner-cards-json folder (no v2/cards/)",
                hint="point at a checkout of NetrunnerDB/netrunner-cards-json",
            )
        formats = list(self._each(V2Format, "formats/*.json"))
        restrictions = list(self._each(V2Restriction, "restrictions/*/*.json"))
        return new_document(
            origin=Origin(source=SOURCE_NAME, dataset_date=self._dataset_date()),
            cards=[_card(c) for c in self._each(V2Card, "cards/*.json", _with_x_costs)],
            printings=[_printing(p) for p in self._each(V2Printing, "printings/*.json")],
            sets=[_set(s) for s in self._each(V2CardSet, "card_sets.json")],
            cycles=[_cycle(c) for c in self._each(V2Cycle, "card_cycles.json")],
            factions=[_faction(f) for f in self._each(V2Faction, "factions.json")],
            types=[_named(t) for t in self._each(V2Named, "card_types.json")],
            subtypes=[_named(t) for t in self._each(V2Named, "card_subtypes.json")],
            formats=[_format(f) for f in formats],
            card_pools=[_pool(p) for p in self._each(V2CardPool, "card_pools/*.json")],
            restrictions=[_restriction(r) for r in restrictions],
            unknown_rules=_unknown_rules(formats, restrictions),
        )

    def titles(self, doc: FactsDocument) -> TitlesDocument:
        """The card titles and type names of every language under ``v2/translations`` (none
        when the folder has no translations), for the cards of ``doc``: names, never text."""
        known = frozenset(c.id for c in doc.cards)
        folder = self.v2 / TRANSLATIONS
        languages = {}
        for lang_dir in sorted(folder.iterdir() if folder.is_dir() else ()):
            if lang_dir.is_dir() and (lang_dir / "cards").is_dir():
                titles = _language(lang_dir, known)
                if titles.cards:
                    languages[lang_dir.name] = titles
        found = TitlesDocument(
            format=TITLES_FORMAT,
            schema_version=TITLES_SCHEMA,
            languages=languages,
            origin=doc.origin,
        )
        return indexed_titles(found, known)

    def _each(self, model: type[M], pattern: str, fix: Any = None) -> Iterator[M]:
        files = sorted(self.v2.glob(pattern))
        if not files:
            raise DataUnavailableError(f"{self.v2}: no files match {pattern}")
        for path in files:
            for index, raw in enumerate(_records(path)):
                yield _validated(model, path, fix(raw) if fix else raw, f"record {index + 1}: ")

    def _dataset_date(self) -> str | None:
        if self.dataset_date:
            return self.dataset_date
        source = self.root / "SOURCE.md"
        if source.is_file():
            match = _DATE.search(source.read_text(encoding="utf-8"))
            if match:
                return match.group(1)
        return None


def _language(folder: Path, known: frozenset[str]) -> LanguageTitles:
    cards: dict[str, str] = {}
    faces: dict[str, tuple[str, ...]] = {}
    for path in sorted((folder / "cards").glob("*.json")):
        card = _validated(V2TranslatedCard, path, _records(path)[0])
        if card.id not in known or not card.title:
            continue
        cards[card.id] = card.title
        face_titles = tuple(f.title for f in card.faces if f.title and f.title != card.title)
        if face_titles:
            faces[card.id] = face_titles
    return LanguageTitles(
        cards=cards,
        faces=faces,
        types=_names(folder / "card_types.json"),
        subtypes=_names(folder / "card_subtypes.json"),
        sets=_names(folder / "card_sets.json"),
    )


def _names(path: Path) -> dict[str, str]:
    if not path.is_file():
        return {}
    records = (_validated(V2Named, path, r) for r in _records(path))
    return {n.id: n.name for n in records if n.name}


def _validated(model: type[M], path: Path, raw: Any, where: str = "") -> M:
    """``raw`` validated (DataUnavailableError naming the file, the record and the field)."""
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise DataUnavailableError(
            f"{path}: {where}{first_error(exc)}",
            hint="is this a netrunner-cards-json checkout?",
        ) from exc


def _records(path: Path) -> list[Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DataUnavailableError(f"{path}: cannot read JSON ({exc})") from exc
    return data if isinstance(data, list) else [data]


def _with_x_costs(raw: Any) -> Any:
    """v2 data writes X costs as an explicit null: keep them as 'X'."""
    if not isinstance(raw, dict):
        return raw
    fixed = dict(raw)
    for key in ("cost", "advancement_requirement"):
        if key in fixed and fixed[key] is None:
            fixed[key] = "X"
    return fixed


def _card(c: V2Card) -> Card:
    card = Card(
        id=c.id,
        title=c.title,
        stripped_title=c.stripped_title,
        side=c.side_id,
        faction=c.faction_id,
        type=c.card_type_id,
        subtypes=tuple(c.subtypes),
        cost=c.cost,
        influence_cost=c.influence_cost,
        deck_limit=c.deck_limit,
        agenda_points=c.agenda_points,
        advancement_requirement=c.advancement_requirement,
        minimum_deck_size=c.minimum_deck_size,
        influence_limit=c.influence_limit,
        base_link=c.base_link,
        is_unique=c.is_unique,
        layout=c.layout_id or "normal",
        face_titles=tuple_of(t for f in c.faces for t in (f.title, f.stripped_title) if t),
    )
    return with_text_facts(card, c.text, (f.text for f in c.faces))


def _printing(p: V2Printing) -> Printing:
    return Printing(
        code=p.id, card_id=p.card_id, set_id=p.card_set_id, position=p.position, quantity=p.quantity
    )


def _set(s: V2CardSet) -> CardSet:
    return CardSet(
        id=s.id,
        name=s.name,
        cycle_id=s.card_cycle_id,
        type=s.card_set_type_id,
        date_release=s.date_release,
        legacy_code=s.legacy_code,
        position=s.position,
        size=s.size,
    )


def _cycle(c: V2Cycle) -> Cycle:
    return Cycle(id=c.id, name=c.name, legacy_code=c.legacy_code, position=c.position)


def _faction(f: V2Faction) -> Faction:
    return Faction(id=f.id, name=f.name, side=f.side_id, is_mini=f.is_mini)


def _named(n: V2Named) -> Named:
    return Named(id=n.id, name=n.name, side=n.side_id)


def _format(f: V2Format) -> FormatEntry:
    return FormatEntry(
        id=f.id,
        name=f.name,
        snapshots=tuple_of(
            SnapshotEntry(
                id=s.id,
                card_pool_id=s.card_pool_id,
                date_start=s.date_start,
                restriction_id=s.restriction_id,
                active=s.active,
            )
            for s in f.snapshots
        ),
    )


def _pool(p: V2CardPool) -> CardPool:
    return CardPool(
        id=p.id,
        name=p.name,
        format_id=p.format_id,
        card_cycle_ids=tuple(p.card_cycle_ids),
        card_set_ids=tuple(p.card_set_ids),
        cards=tuple(p.cards),
    )


def _unknown_rules(formats: list[V2Format], restrictions: list[V2Restriction]) -> list[UnknownRule]:
    """Every key of a format, snapshot or restriction that nrdeck does not understand."""
    found = [UnknownRule("format", f.id, key) for f in formats for key in f.unknown_keys()]
    found += [
        UnknownRule("snapshot", s.id, key)
        for f in formats
        for s in f.snapshots
        for key in s.unknown_keys()
    ]
    found += [UnknownRule("restriction", r.id, k) for r in restrictions for k in r.unknown_keys()]
    return found


def _by_value(groups: dict[str, list[str]]) -> dict[str, int]:
    """{'1': [a, b], '3': [c]} -> {a: 1, b: 1, c: 3}."""
    return {card: int(value) for value, cards in groups.items() for card in cards}


def _restriction(r: V2Restriction) -> Restriction:
    return Restriction(
        id=r.id,
        name=r.name,
        format_id=r.format_id,
        date_start=r.date_start,
        banned=frozenset(r.banned),
        restricted=frozenset(r.restricted),
        universal_faction_cost=_by_value(r.universal_faction_cost),
        global_penalty=_by_value(r.global_penalty),
        points=_by_value(r.points),
        point_limit=r.point_limit,
        banned_subtypes=frozenset(r.subtypes.get("banned", [])),
        max_3_point_agendas=r.max_3_point_agendas,
    )
