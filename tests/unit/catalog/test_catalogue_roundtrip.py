"""Properties: a document written into a catalogue reads back as the same records, and every
lookup answers from the catalogue as from the document (titles in other languages too)."""

from __future__ import annotations

import datetime as dt
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nrdeck.catalog import CardDB, write_catalogue
from nrdeck.catalog.reading import open_catalogue
from nrdeck.catalog.records import (
    Card,
    CardPool,
    CardSet,
    Cycle,
    FactsDocument,
    FormatEntry,
    LanguageTitles,
    Origin,
    Printing,
    Restriction,
    SnapshotEntry,
    TitlesDocument,
)
from nrdeck.catalog.titles import TitleIndex, find_title

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
IDS = st.text("abcdefgh_", min_size=1, max_size=6)
# titles: letters with accents, other scripts, punctuation and spaces, as card data has them
TITLES = st.text(
    st.sampled_from(list("abcdeABCDE éÉçßøł-'’:. 0123ジシ防Нн")), min_size=1, max_size=12
)
CODES = st.integers(0, 99_999).map(lambda n: f"{n:05d}")
DATES = st.dates(dt.date(2012, 1, 1), dt.date(2030, 12, 31))
SUBTYPES = ["code_gate", "current", "run"]


@st.composite
def cards(draw: st.DrawFn, card_id: str) -> Card:
    title = draw(TITLES)
    return Card(
        id=card_id,
        title=title,
        stripped_title=draw(st.sampled_from([title, title.upper(), draw(TITLES)])),
        side=draw(st.sampled_from(["corp", "runner"])),
        faction=draw(st.sampled_from(["neutral_corp", "anarch", "jinteki"])),
        type=draw(st.sampled_from(["event", "ice", "corp_identity", "agenda"])),
        subtypes=tuple(draw(st.lists(st.sampled_from(SUBTYPES), max_size=2))),
        cost=draw(st.one_of(st.none(), st.integers(0, 9), st.just("X"))),
        face_titles=tuple(draw(st.lists(TITLES, max_size=2))),
        economy=draw(st.booleans()),
    )


@st.composite
def documents(draw: st.DrawFn) -> FactsDocument:
    card_ids = sorted(draw(st.sets(IDS, min_size=1, max_size=12)))
    set_ids = sorted(draw(st.sets(IDS, min_size=1, max_size=3)))
    sets = [
        CardSet(id=s, name=draw(TITLES), cycle_id="c", type=None, date_release=draw(DATES))
        for s in set_ids
    ]
    printings = {
        code: Printing(code, draw(st.sampled_from(card_ids)), draw(st.sampled_from(set_ids)), 1, 3)
        for code in draw(st.sets(CODES, max_size=15))
    }
    restrictions = [
        Restriction(
            id=r,
            name=draw(TITLES),
            format_id=draw(st.sampled_from(["standard", "startup"])),
            date_start=draw(DATES),
            banned=frozenset(draw(st.sets(st.sampled_from(card_ids), max_size=3))),
            points={c: draw(st.integers(1, 3)) for c in draw(st.sets(st.sampled_from(card_ids)))},
        )
        for r in sorted(draw(st.sets(IDS, max_size=4)))
    ]
    snapshots = tuple(
        SnapshotEntry(id=f"s{n}", card_pool_id="pool", date_start=draw(DATES), active=n == 0)
        for n in range(draw(st.integers(0, 3)))
    )
    return FactsDocument(
        format="nrdeck-card-data",
        schema_version=1,
        cards=[draw(cards(card_id)) for card_id in card_ids],
        printings=[printings[code] for code in sorted(printings)],
        sets=sets,
        cycles=[Cycle(id="c", name="Cycle")],
        factions=[],
        formats=[FormatEntry(id="standard", name="Standard", snapshots=snapshots)],
        card_pools=[CardPool(id="pool", name="Pool", format_id="standard", card_set_ids=("a",))],
        restrictions=restrictions,
        origin=Origin(source="test", dataset_date=draw(st.sampled_from([None, "2026-01-01"]))),
        text_facts=draw(st.integers(0, 1)),
    )


@st.composite
def titles_of(draw: st.DrawFn, doc: FactsDocument) -> TitlesDocument:
    ids = [c.id for c in doc.cards]
    languages = {
        lang: LanguageTitles(
            cards={c: draw(TITLES) for c in draw(st.sets(st.sampled_from(ids), min_size=1))},
            types={"event": draw(TITLES)},
            sets={s.id: draw(TITLES) for s in doc.sets},
        )
        for lang in draw(st.sets(st.sampled_from(["fr", "de", "ja"]), min_size=1))
    }
    return TitlesDocument(format="nrdeck-card-titles", schema_version=1, languages=languages)


@contextmanager
def catalogued(doc: FactsDocument, titles: TitlesDocument | None) -> Iterator[CardDB]:
    """The database of ``doc`` read from a catalogue written of it (and of ``titles``)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "cards.sqlite"
        write_catalogue(path, doc, msgspec.json.encode(doc), titles)
        catalogue = open_catalogue(path)
        assert catalogue is not None

        def fallback(exc: Exception) -> tuple[CardDB, str]:
            raise AssertionError(f"the catalogue is damaged: {exc}")

        db = CardDB.from_catalogue(catalogue, fallback)
        db.titles = lambda: (titles, "")
        try:
            yield db
        finally:
            catalogue.close()


def from_document(doc: FactsDocument, titles: TitlesDocument | None) -> CardDB:
    db = CardDB.from_document(doc)
    db.titles = lambda: (titles, "")
    return db


@SETTINGS
@given(documents())
def test_a_catalogue_reads_back_the_records_it_was_written_with(doc: FactsDocument) -> None:
    expected = from_document(doc, None)
    with catalogued(doc, None) as db:
        assert dict(db.cards) == dict(expected.cards)
        assert dict(db.printings) == dict(expected.printings)
        assert dict(db.restrictions) == dict(expected.restrictions)
        for name in ("sets", "cycles", "factions", "types", "subtypes", "card_pools"):
            assert getattr(db, name) == getattr(expected, name), name
        assert db.formats == expected.formats and db.snapshots == expected.snapshots
        assert db.counts() == expected.counts()
        assert db.text_facts == doc.text_facts
        assert db.catalogue is not None
        assert db.catalogue.catalogue.origin() == doc.origin


@SETTINGS
@given(documents(), st.lists(TITLES, max_size=4))
def test_every_lookup_answers_alike(doc: FactsDocument, others: list[str]) -> None:
    expected = from_document(doc, None)
    with catalogued(doc, None) as db:
        for card in doc.cards:
            for title in (card.title, card.stripped_title, *card.face_titles, *others):
                assert db.card_by_title(title) == expected.card_by_title(title), title
                assert find_title(title, TitleIndex(db)) == find_title(
                    title, TitleIndex(expected)
                ), title
            assert db.sets_of(card.id) == expected.sets_of(card.id)
            assert db.printings_of(card.id) == expected.printings_of(card.id)
            assert db.card_by_id(card.id) == expected.card_by_id(card.id)
        for code in [p.code for p in doc.printings] + ["99999"]:
            assert db.card_by_code(code) == expected.card_by_code(code)
        for subtype in ("code_gate", "current", "nothing"):
            assert db.cards_with_subtype(subtype) == expected.cards_with_subtype(subtype)
        for format_id in ("standard", "startup", "eternal"):
            assert db.restrictions_filed_under(format_id) == expected.restrictions_filed_under(
                format_id
            )
        assert db.identities() == expected.identities()
        assert TitleIndex(db).suggestions(doc.cards[0].title) == TitleIndex(expected).suggestions(
            doc.cards[0].title
        )


@SETTINGS
@given(documents().flatmap(lambda doc: st.tuples(st.just(doc), titles_of(doc))))
def test_titles_in_other_languages_answer_alike(
    written: tuple[FactsDocument, TitlesDocument],
) -> None:
    doc, titles = written
    expected = from_document(doc, titles).translations()
    with catalogued(doc, titles) as db:
        found = db.translations()
        assert db.catalogue is not None and db.catalogue.has_languages
        for lang, language in titles.languages.items():
            assert found.languages[lang] == expected.languages[lang]
            for title in (*language.cards.values(), *language.sets.values(), "Event (3)"):
                assert found.exactly(title) == expected.exactly(title), title
                assert found.loosely(title) == expected.loosely(title), title
                assert found.is_header(f"{title} (3)") == expected.is_header(f"{title} (3)")
            assert found.covered(lang) == expected.covered(lang)
        assert found.set_names() == expected.set_names()
        assert sorted(found.languages) == sorted(expected.languages)
