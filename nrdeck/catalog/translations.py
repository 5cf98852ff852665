"""Card titles in other languages and their indexes: which cards a title written in another
language names, in which language, and how many cards a language has titles for.

Built from a titles document (``nrdeck.cards.document``) the first time a title misses the
English titles, so a list written in English never pays for it. The same normalisation as
the English index (``titlekeys``), plus German written without umlauts ('ae' for 'ä').
"""

from __future__ import annotations

from collections.abc import Container, Iterator, Mapping, Sequence
from typing import Protocol

import msgspec

from nrdeck.catalog.records import Card, LanguageTitles, Origin, TitlesDocument
from nrdeck.catalog.titlekeys import (
    MAX_SUGGESTED_LENGTH,
    MIN_SIMILARITY,
    SIMILARITY_MARGIN,
    TITLE_KEYS,
    compatible,
    fold_accents,
    fold_case,
    loose_title,
    loosen,
    normalise_title,
    umlaut_spelling,
)

LANGUAGE_NAMES = {
    "en": "English",
    "ca": "Catalan",
    "de": "German",
    "es": "Spanish",
    "fr": "French",
    "it": "Italian",
    "ja": "Japanese",
    "ko": "Korean",
    "pl": "Polish",
    "pt": "Portuguese",
    "ru": "Russian",
    "zh-hans": "Simplified Chinese",
    "zh-hant": "Traditional Chinese",
}
Hit = tuple[str, str]  # (language, card id)


def language_name(code: str) -> str:
    """'fr' -> 'French' (the code itself for a language nrdeck has no name for)."""
    return LANGUAGE_NAMES.get(code, code)


class TranslatedMatch(msgspec.Struct, frozen=True):
    """What a title names in other languages: (language, card id) pairs, sorted."""

    hits: tuple[Hit, ...] = ()

    @property
    def card_ids(self) -> tuple[str, ...]:
        """The distinct cards named (several: the title names more than one card)."""
        return tuple(sorted({card for _, card in self.hits}))

    def languages_of(self, card_id: str) -> tuple[str, ...]:
        """The languages in which the title names ``card_id``."""
        return tuple(lang for lang, card in self.hits if card == card_id)


def language_title_index(
    languages: Mapping[str, LanguageTitles], known: Container[str]
) -> dict[str, tuple[Hit, ...]]:
    """Every title (and face title) of the cards in ``known``, normalised, and German ones
    also as typed without umlauts -> the (language, card id) pairs it names, sorted."""
    index: dict[str, set[Hit]] = {}
    for lang, titles in languages.items():
        faces = titles.faces
        for card_id, title in titles.cards.items():
            if card_id not in known:
                continue
            hit = (lang, card_id)
            for each in (title, *faces[card_id]) if card_id in faces else (title,):
                index.setdefault(normalise_title(each), set()).add(hit)
                other = umlaut_spelling(each)
                if other is not None:
                    index.setdefault(other, set()).add(hit)
    return {k: tuple(sorted(v)) for k, v in sorted(index.items())}


def indexed_titles(doc: TitlesDocument, known: Container[str]) -> TitlesDocument:
    """The titles document with the index of every title (``language_title_index``) and the
    version of the normalisation it was made with: what a titles document is written with."""
    index = language_title_index(doc.languages, known)
    return msgspec.structs.replace(doc, index=index, keys=TITLE_KEYS)


def loose_language_index(exact: Mapping[str, tuple[Hit, ...]]) -> dict[str, tuple[Hit, ...]]:
    """The exact index's titles without punctuation, and without white space too."""
    index: dict[str, set[Hit]] = {}
    for key, hits in exact.items():
        loose = loosen(key)
        for spelling in (loose, loose.replace(" ", "")):
            if spelling:
                index.setdefault(spelling, set()).update(hits)
    return {k: tuple(sorted(v)) for k, v in sorted(index.items())}


def header_names(languages: Mapping[str, LanguageTitles]) -> Iterator[str]:
    """The type and subtype names of every language, normalised (German also without
    umlauts): what heads a decklist's sections."""
    for titles in languages.values():
        for name in (*titles.types.values(), *titles.subtypes.values()):
            yield normalise_title(name)
            other = umlaut_spelling(name)
            if other is not None:
                yield other


def set_names(languages: Mapping[str, LanguageTitles]) -> Iterator[str]:
    """Every set name of every language, as the data spells it."""
    for titles in languages.values():
        for name in titles.sets.values():
            yield compatible(name).strip()


NO_MATCH = TranslatedMatch()


class TitleSource(Protocol):
    """Where the titles in other languages are read from: a titles document, or a catalogue.

    ``hits`` answers from the exact index (``other_titles``: normalised titles) or the loose
    one (``other_loose_titles``: punctuation and white space dropped); ``names`` gives the
    ``headers`` (type and subtype names, normalised) or the ``set_names``.
    """

    origin: Origin | None
    codes: tuple[str, ...]  # the languages it has titles in

    def language(self, code: str) -> LanguageTitles | None: ...
    def hits(self, index: str, key: str) -> tuple[Hit, ...]: ...
    def names(self, table: str) -> frozenset[str]: ...


class DocumentTitles:
    """The titles of a titles document (none: ``doc`` None), indexed on first use.

    The exact index is the document's own when it was made with this nrdeck's normalisation,
    else built from ``languages`` for the cards in ``cards``; the loose one only when a title
    misses the exact one.
    """

    def __init__(self, doc: TitlesDocument | None, cards: Container[str]) -> None:
        self.origin = doc.origin if doc is not None else None
        self._languages = dict(doc.languages) if doc is not None else {}
        self.codes = tuple(self._languages)
        self._cards = cards
        self._exact = dict(doc.index) if doc is not None and doc.keys == TITLE_KEYS else {}
        self._loose: dict[str, tuple[Hit, ...]] = {}
        self._names: dict[str, frozenset[str]] = {}

    def language(self, code: str) -> LanguageTitles | None:
        return self._languages.get(code)

    def hits(self, index: str, key: str) -> tuple[Hit, ...]:
        if not self._exact:
            self._exact = language_title_index(self._languages, self._cards)
        if index == "other_titles":
            return self._exact.get(key, ())
        if not self._loose:
            self._loose = loose_language_index(self._exact)
        return self._loose.get(key, ())

    def names(self, table: str) -> frozenset[str]:
        if table not in self._names:
            found = header_names if table == "headers" else set_names
            self._names[table] = frozenset(found(self._languages))
        return self._names[table]


class _Languages(Mapping[str, LanguageTitles]):
    """Each language's titles, read on first use."""

    def __init__(self, source: TitleSource) -> None:
        self._source = source
        self._found: dict[str, LanguageTitles | None] = {}

    def __getitem__(self, code: str) -> LanguageTitles:
        if code not in self._found:
            known = isinstance(code, str) and code in self._source.codes
            self._found[code] = self._source.language(code) if known else None
        found = self._found[code]
        if found is None:
            raise KeyError(code)
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._source.codes)

    def __len__(self) -> int:
        return len(self._source.codes)


class Translations:
    """The titles of every language the card data has, indexed as titles are written.

    Read from ``source`` (a titles document, or the indexes a catalogue was written with),
    each language and index entry on first use. Hits on cards this data does not have are
    left out.
    """

    def __init__(self, source: TitleSource, cards: Mapping[str, Card]) -> None:
        self.source = source
        self.cards = cards
        self.origin = source.origin
        self.languages: Mapping[str, LanguageTitles] = _Languages(source)
        self._choices: dict[str, tuple[list[str], list[str], list[str]]] = {}

    def exactly(self, title: str, normalised: str | None = None) -> TranslatedMatch:
        """The cards ``title`` names in some language, normalised (``normalised``: its
        ``normalise_title``, when already known)."""
        if not self.source.codes:
            return NO_MATCH
        key = normalise_title(title) if normalised is None else normalised
        return self._known(self.source.hits("other_titles", key))

    def _known(self, hits: tuple[Hit, ...]) -> TranslatedMatch:
        """The hits on cards this data has."""
        return TranslatedMatch(tuple(h for h in hits if h[1] in self.cards)) if hits else NO_MATCH

    def loosely(self, title: str, loose: str | None = None) -> TranslatedMatch:
        """The cards ``title`` names in some language, without punctuation and spaces
        (``loose``: its ``loose_title``, when already known)."""
        if not self.source.codes:
            return NO_MATCH
        key = loose_title(title) if loose is None else loose
        hits = self.source.hits("other_loose_titles", key)
        return self._known(hits or self.source.hits("other_loose_titles", key.replace(" ", "")))

    def is_header(self, text: str) -> bool:
        """A section header in some language: a card type or subtype name and a count
        ('Événement (12)', '防火墙 (5):')."""
        name = fold_case(text).removesuffix(":").rstrip()
        if not name.endswith(")"):
            return False
        name, _, count = name[:-1].rpartition("(")
        if not count.strip().isdecimal() or not name.strip():
            return False
        return normalise_title(name) in self.source.names("headers")

    def set_names(self) -> frozenset[str]:
        """Every set name of the data in every language, spelt as the data spells it (the
        French name of True Colors ends in an invisible U+FEFF in NetrunnerDB's data)."""
        return self.source.names("set_names")

    def covered(self, language: str) -> int:
        """How many cards of this data have a title in ``language``."""
        titles = self.languages.get(language)
        return sum(1 for c in titles.cards if c in self.cards) if titles else 0

    def title_in(self, card_id: str, language: str) -> str | None:
        """The card's title in ``language``, None when the data has none."""
        titles = self.languages.get(language)
        return titles.cards.get(card_id) if titles else None

    def hint(
        self,
        title: str,
        language: str,
        *,
        cutoff: int = MIN_SIMILARITY,
        margin: int = SIMILARITY_MARGIN,
        english: Sequence[str] = (),
    ) -> str | None:
        """'French; did you mean Pari Truqué (Sure Gamble)?', or how many cards the data has
        titles for in ``language`` (a card may have none in it); None for text too long to be
        a misspelt title.

        ``english``: English titles spelt like ``title``, suggested after the language's
        (those of the cards it names already left out): a list read in another language may
        still hold an English title mistyped.
        """
        if len(title) > MAX_SUGGESTED_LENGTH:
            return None
        name = language_name(language)
        found = self.suggestions(title, language, cutoff=cutoff, margin=margin)
        named = {self.cards[c].title for _, c in found}
        shown = [f"{t} ({self.cards[c].title})" for t, c in found]
        shown += [t for t in english if t not in named]
        if shown:
            return f"{name}; did you mean {', '.join(shown)}?"
        return (
            f"{name}: the card data has {name} titles for {self.covered(language):,} of "
            f"{len(self.cards):,} cards; if this card has none, write its English title"
        )

    def suggestions(
        self, title: str, language: str, *, cutoff: int, margin: int, limit: int = 3
    ) -> list[tuple[str, str]]:
        """Up to ``limit`` (title, card id) in ``language`` spelt like ``title``, best first:
        from a similarity of ``cutoff`` (rapidfuzz's ``fuzz.ratio``), within ``margin`` of
        the best one."""
        from rapidfuzz import fuzz, process, utils

        if language not in self._choices:
            pairs = sorted(  # titles borrowed from other data may name cards this one lacks
                (t, c)
                for c, t in self.languages.get(language, LanguageTitles()).cards.items()
                if c in self.cards
            )
            self._choices[language] = (
                [t for t, _ in pairs],
                [c for _, c in pairs],
                [fold_accents(t) for t, _ in pairs],
            )
        titles, ids, folded = self._choices[language]
        found = process.extract(
            fold_accents(title),
            folded,
            scorer=fuzz.ratio,
            processor=utils.default_process,
            limit=limit,
            score_cutoff=cutoff,
        )
        floor = found[0][1] - margin if found else 0
        return [(titles[i], ids[i]) for _, score, i in found if score >= floor]
