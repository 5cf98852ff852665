"""What a written title names: the English titles first, then the other languages.

A title is tried among the English titles as written, then normalised (case, diacritics,
curly quotes, dashes, white space, compatibility forms); then as a printing code or card
id; then without punctuation and spaces; then in every other language of the card data,
normalised, then without punctuation and spaces (read on this first miss of the English
titles: a list in English never pays for it); last, as a unique English prefix of at least
``MIN_PREFIX`` characters. Each step tries the title as written, then with trailing
``(Set name)`` groups dropped. A title holding an invisible character (zero-width, bidi
control) is never looked up: it names nothing; only a trailing set name spelt exactly as the
card data spells it may hold one (it is dropped before the title is looked up).
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING

import msgspec

from nrdeck.catalog.db import CardDB
from nrdeck.catalog.records import Card, is_printing_code
from nrdeck.catalog.store import Records
from nrdeck.catalog.titlekeys import (
    compatible,
    fold_accents,
    invisible_character,
    loose_title,
    loosen,
    normalise_title,
)

if TYPE_CHECKING:
    from nrdeck.catalog.translations import TranslatedMatch

MIN_PREFIX = 4
MAX_GROUPS_DROPPED = 3  # "Title (Set) (Cycle)": trailing groups tried away, at most this many
MAX_SUGGESTED_LENGTH = 100  # longer text is no misspelt title (the longest has 51 characters)
MIN_SIMILARITY = 60  # fuzz.ratio (0-100) a suggested title needs at least...
SIMILARITY_MARGIN = 10  # ...and no further than this below the best one: no noise
MAX_ANSWERS = 4096  # titles a database's index remembers the answer to (find_title)
MAX_SUGGESTED = 256  # misspelt titles it remembers the suggestions for
MAX_INDEXES = 4  # databases whose title answers are kept (title_index)
ENGLISH = "en"
_TRAILING_GROUP = r"\([^()]*\)\s*$"  # compiled on first use: most titles are found as written


class Match(msgspec.Struct, frozen=True):
    """A title lookup: the card and the languages the title is its title in; or the English
    titles it matches ambiguously; or the cards a title in another language names
    (``candidates``, with the languages of each hit); or why it was not looked up."""

    card: Card | None = None
    ambiguous: tuple[str, ...] = ()
    languages: tuple[str, ...] = (ENGLISH,)
    candidates: tuple[tuple[str, str], ...] = ()  # (language, card id) when several cards
    refused: str = ""


NO_MATCH = Match()


class TitleIndex:
    """English title lookups beyond the card database's normalised index: punctuation- and
    space-insensitive, and by prefix; and the answers to the titles asked of one database.

    The loose indexes are the database's (``CardDB.derived``): a catalogue's were built when
    it was compiled, others are built on the first title the normalised index does not know,
    so a deck typed with exact titles costs no index building. The answers (``find``,
    ``suggestions``) are bounded ``lru_cache``s: a run of many decks names the same cards
    again, and a run of hostile input costs the work again, never memory. They hold
    ``MAX_ANSWERS`` titles: every title of the card data and as many misspellings.
    """

    def __init__(self, db: CardDB) -> None:
        self.db = db
        self.find = lru_cache(maxsize=MAX_ANSWERS)(self._find)
        self._suggested = lru_cache(maxsize=MAX_SUGGESTED)(self._suggest)

    def _find(self, title: str, other_languages: bool) -> Match:
        return _find_title(title, self, other_languages)

    def _keys_from(self, key: str) -> Iterator[str]:
        """The loose keys that begin with ``key``, in order."""
        loose = self.db.derived.loose_titles()[0]
        if isinstance(loose, Records):
            yield from loose.keys_from(key)
            return
        ordered = self.db.derived.sorted_loose_titles()
        for candidate in ordered[bisect.bisect_left(ordered, key) :]:
            if not candidate.startswith(key):
                return
            yield candidate

    def loosely(self, title: str, loose: str | None = None) -> Match:
        """Punctuation- and space-insensitive (``loose``: the title's ``loose_title``)."""
        by_loose, squashed = self.db.derived.loose_titles()
        key = loose_title(title) if loose is None else loose
        # punctuation dropped, then white space too ("Queens Gambit" = "Queen's Gambit")
        ids = by_loose.get(key) or squashed.get(key.replace(" ", ""), ())
        if len(ids) == 1:
            return Match(self.db.cards[ids[0]])
        if len(ids) > 1:
            return Match(ambiguous=self._titles(ids))
        return NO_MATCH

    def prefix(self, title: str, loose: str | None = None) -> Match:
        """The one English title ``title`` begins (at least ``MIN_PREFIX`` characters)."""
        key = loose_title(title) if loose is None else loose
        if len(key) < MIN_PREFIX:
            return NO_MATCH
        by_loose = self.db.derived.loose_titles()[0]
        ids: set[str] = set()
        for candidate in self._keys_from(key):
            ids.update(by_loose[candidate])
        if len(ids) == 1:
            return Match(self.db.cards[ids.pop()])
        return Match(ambiguous=self._titles(tuple(sorted(ids)))) if ids else NO_MATCH

    def _titles(self, ids: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(sorted(self.db.cards[i].title for i in ids))

    def suggestions(self, title: str, limit: int = 3) -> list[str]:
        """Up to ``limit`` titles spelt like ``title``, best first; none for long text.

        Similarity is rapidfuzz's ``fuzz.ratio`` on accent-folded, lower-cased titles; a
        title is suggested from ``MIN_SIMILARITY`` up, and only within ``SIMILARITY_MARGIN``
        of the best one ('Hedge Fnd': Hedge Fund at 95, not Edge of World at 64).
        """
        if len(title) > MAX_SUGGESTED_LENGTH:
            return []
        return list(self._suggested(title, limit))

    def _suggest(self, title: str, limit: int) -> tuple[str, ...]:
        from rapidfuzz import fuzz, process, utils

        choices, folded = self.db.derived.suggestion_choices()
        found = process.extract(
            fold_accents(title),
            folded,
            scorer=fuzz.ratio,
            processor=utils.default_process,
            limit=limit,
            score_cutoff=MIN_SIMILARITY,
        )
        floor = found[0][1] - SIMILARITY_MARGIN if found else 0
        return tuple(choices[index] for _, score, index in found if score >= floor)


@lru_cache(maxsize=MAX_INDEXES)
def title_index(db: CardDB) -> TitleIndex:
    """The title index of a card database, with its answers: a run asks one database, a
    server the one it serves (and the one it served, while it swaps them), a test run many
    (``MAX_INDEXES`` bounds how many databases it keeps)."""
    return TitleIndex(db)


def without_trailing_group(title: str) -> str:
    """``title`` without a trailing ``(...)`` group (a set name); as it is when it has none."""
    group = re.search(_TRAILING_GROUP, title) if title.rstrip().endswith(")") else None
    return title[: group.start()].rstrip() if group else title


class _Spelling:
    """One way a title may be meant, with its normalised and loose keys (made once)."""

    __slots__ = ("_loose", "key", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.key = normalise_title(text)
        self._loose: str | None = None

    @property
    def loose(self) -> str:
        if self._loose is None:
            self._loose = loosen(self.key)
        return self._loose


def _spellings(title: str) -> Iterator[_Spelling]:
    """The title, then with up to ``MAX_GROUPS_DROPPED`` trailing groups dropped."""
    yield _Spelling(title)
    for _ in range(MAX_GROUPS_DROPPED):
        shorter = without_trailing_group(title)
        if not shorter or shorter == title:
            return
        title = shorter
        yield _Spelling(title)


def find_title(title: str, index: TitleIndex, *, other_languages: bool = True) -> Match:
    """What ``title`` names: English, a printing code or card id, another language (when
    ``other_languages``), an English prefix; each as written, then without set names.

    Each answer is remembered by the index (``TitleIndex.find``): a run of many decks names
    the same cards again.
    """
    return index.find(title, other_languages)


def _find_title(title: str, index: TitleIndex, other_languages: bool) -> Match:
    title = compatible(title)
    invisible = invisible_character(title)
    if invisible is not None:  # the data's own spelling of a set name after it is read
        title = _without_set_names(title, index.db)
        invisible = invisible_character(title)
    if invisible is not None:
        return Match(refused=f"it holds an invisible character (U+{ord(invisible):04X})")
    spellings = list(_spellings(title))
    db = index.db
    for spelling in spellings:
        card = db.card_by_title(spelling.text, spelling.key)
        if card is not None:
            return Match(card)
    by_key = db.card_by_code(title) if is_printing_code(title) else db.card_by_id(title)
    if by_key is not None:
        return Match(by_key)
    for spelling in spellings:
        match = index.loosely(spelling.text, spelling.loose)
        if match.card is not None or match.ambiguous:
            return match
    translations = db.translations() if other_languages else None
    if translations is not None:
        for spelling in spellings:
            found = translations.exactly(spelling.text, spelling.key)
            if found.hits:
                return _translated(found, db)
        for spelling in spellings:
            found = translations.loosely(spelling.text, spelling.loose)
            if found.hits:
                return _translated(found, db)
    for spelling in spellings:
        match = index.prefix(spelling.text, spelling.loose)
        if match.card is not None or match.ambiguous:
            return match
    return NO_MATCH


def _without_set_names(title: str, db: CardDB) -> str:
    """``title`` without the trailing ``(Set name)`` groups that spell a set exactly as the
    card data does, in any language (invisible characters included: NetrunnerDB's French
    name of True Colors ends in U+FEFF); an invisible character anywhere else stays."""
    names = db.translations().set_names() | {s.name for s in db.sets.values()}
    for _ in range(MAX_GROUPS_DROPPED):
        shorter = without_trailing_group(title)
        group = title[len(shorter) :].strip()
        if shorter == title or group[1:-1].strip() not in names:
            break
        title = shorter
    return title


def _translated(found: TranslatedMatch, db: CardDB) -> Match:
    """The match of what a title names in other languages: one card, or the candidates."""
    if len(found.card_ids) == 1:
        card_id = found.card_ids[0]
        return Match(db.cards[card_id], languages=found.languages_of(card_id))
    return Match(candidates=found.hits, languages=())


def list_language(read_in: Iterable[tuple[str, ...]]) -> str | None:
    """The language most of a list's titles were read in (each title: the languages it is a
    title in), when it is not English; None for a list in English."""
    counts = Counter(lang for langs in read_in if ENGLISH not in langs for lang in langs)
    return counts.most_common(1)[0][0] if counts else None


class Narrowed(msgspec.Struct, frozen=True):
    """What a title naming several cards still names, the languages it is their title in,
    and what narrowed it to one card (empty while it names several)."""

    cards: tuple[str, ...]
    languages: tuple[str, ...]
    decided_by: str = ""


BY_LANGUAGE, BY_SIDE, BY_POOL = "language", "side", "pool"  # what decided a collision


def narrowed(
    hits: tuple[tuple[str, str], ...],
    language: str | None,
    side: str | None,
    cards: Mapping[str, Card],
) -> Narrowed:
    """The cards a title naming several still names once the list's language, then the
    deck's side are known (each kept only when it leaves some), sorted."""
    ids = {card for _, card in hits}
    decided_by = ""
    for by, kept in (
        (BY_LANGUAGE, {card for lang, card in hits if lang == language}),
        (BY_SIDE, {card for card in ids if cards[card].side == side}),
    ):
        kept &= ids
        if kept:
            decided_by = by if len(kept) == 1 and len(ids) > 1 else decided_by
            ids = kept
    languages = tuple(sorted({lang for lang, card in hits if card in ids}))
    return Narrowed(tuple(sorted(ids)), languages, decided_by if len(ids) == 1 else "")
