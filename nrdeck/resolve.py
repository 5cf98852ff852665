"""Names, printing codes and card ids -> cards. Unresolved lines become problems.

A title is tried as written, then normalised (case, diacritics, curly quotes, dashes,
white space), then without punctuation, then as a unique prefix of at least
``MIN_PREFIX`` characters; a trailing ``(Set name)`` is dropped when the whole text does
not match. Anything else is an ``unknown-card`` problem with up to three suggestions;
nothing is ever corrected silently.
"""

from __future__ import annotations

import bisect
import re
import weakref

import msgspec

from nrdeck.carddb import Card, CardDB
from nrdeck.deck import Deck, DeckEntry, RawDeck, RawLine
from nrdeck.problems import Location, Problem
from nrdeck.textnorm import fold_accents, loose_title

MIN_PREFIX = 4
_TRAILING_GROUP = re.compile(r"\s*\([^()]*\)\s*$")
_CODE = re.compile(r"^\d{5}$")


class Match(msgspec.Struct, frozen=True):
    """A title lookup: the card, or the candidates when it is ambiguous or unknown."""

    card: Card | None = None
    ambiguous: tuple[str, ...] = ()


class TitleIndex:
    """Title lookups: the card database's normalised index first, then loose and prefix.

    The loose and prefix indexes are built on the first title the normalised index does
    not know, so a deck typed with exact titles costs no index building.
    """

    def __init__(self, db: CardDB) -> None:
        self.db = db
        self.loose: dict[str, tuple[str, ...]] = {}
        self.squashed: dict[str, tuple[str, ...]] = {}
        self.sorted_loose: list[str] = []
        self._choices: list[str] = []
        self._folded: list[str] = []

    def _build(self) -> None:
        loose: dict[str, set[str]] = {}
        squashed: dict[str, set[str]] = {}
        for card in self.db.cards.values():
            for title in {card.title, card.stripped_title, *card.face_titles}:
                key = loose_title(title)
                loose.setdefault(key, set()).add(card.id)
                squashed.setdefault(key.replace(" ", ""), set()).add(card.id)
        self.loose = {k: tuple(sorted(v)) for k, v in loose.items()}
        self.squashed = {k: tuple(sorted(v)) for k, v in squashed.items()}
        self.sorted_loose = sorted(self.loose)

    def find(self, title: str) -> Match:
        """Exact or normalised -> punctuation- and space-insensitive -> unique prefix."""
        card = self.db.card_by_title(title)
        if card is not None:
            return Match(card)
        if not self.loose:
            self._build()
        key = loose_title(title)
        # punctuation dropped, then white space too ("Queens Gambit" = "Queen's Gambit")
        ids = self.loose.get(key) or self.squashed.get(key.replace(" ", ""), ())
        if len(ids) == 1:
            return Match(self.db.cards[ids[0]])
        if len(ids) > 1:
            return Match(ambiguous=self._titles(ids))
        return self._prefix(key)

    def _prefix(self, key: str) -> Match:
        if len(key) < MIN_PREFIX:
            return Match()
        start = bisect.bisect_left(self.sorted_loose, key)
        ids: set[str] = set()
        for candidate in self.sorted_loose[start:]:
            if not candidate.startswith(key):
                break
            ids.update(self.loose[candidate])
        if len(ids) == 1:
            return Match(self.db.cards[ids.pop()])
        return Match(ambiguous=self._titles(tuple(sorted(ids))))

    def _titles(self, ids: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(sorted(self.db.cards[i].title for i in ids))

    def suggestions(self, title: str, limit: int = 3) -> list[str]:
        """Up to ``limit`` close titles (rapidfuzz on accent-folded titles)."""
        from rapidfuzz import process, utils

        if not self._choices:
            self._choices = sorted({c.title for c in self.db.cards.values()})
            self._folded = [fold_accents(t) for t in self._choices]
        found = process.extract(
            fold_accents(title),
            self._folded,
            processor=utils.default_process,
            limit=limit,
            score_cutoff=60,
        )
        return [self._choices[index] for _, _, index in found]


_INDEXES: weakref.WeakKeyDictionary[CardDB, TitleIndex] = weakref.WeakKeyDictionary()


def title_index(db: CardDB) -> TitleIndex:
    """The (cached) title index of a card database."""
    index = _INDEXES.get(db)
    if index is None:
        index = _INDEXES[db] = TitleIndex(db)
    return index


def find_title(title: str, index: TitleIndex) -> Match:
    """The title as written, then with trailing parenthesised groups (set names) dropped."""
    match = index.find(title)
    while match.card is None and not match.ambiguous and _TRAILING_GROUP.search(title):
        title = _TRAILING_GROUP.sub("", title)
        if not title:
            break
        match = index.find(title)
    return match


def _problem(raw: RawDeck, line: RawLine, code: str, message: str) -> Problem:
    return Problem(
        code=code,
        message=message,
        location=Location(source=raw.source, line=line.line),
    )


class _Resolver:
    def __init__(self, raw: RawDeck, db: CardDB) -> None:
        self.raw = raw
        self.db = db
        self.index = title_index(db)
        self.problems: list[Problem] = list(raw.problems)
        self.identities: list[DeckEntry] = []
        self.entries: list[DeckEntry] = []

    def card_of(self, line: RawLine) -> tuple[Card | None, str | None]:
        """The line's card and printing code; None (after recording a problem) if unknown."""
        if line.code is not None:
            card = self.db.card_by_code(line.code)
            if card is None:
                self._unknown(line, f"printing code {line.code} matches no card")
            return card, line.code
        if line.card_id is not None:
            card = self.db.cards.get(line.card_id)
            if card is None:
                self._unknown(line, f"card id {line.card_id!r} matches no card")
            return card, None
        return self._by_title(line, line.title or ""), None

    def _by_title(self, line: RawLine, title: str) -> Card | None:
        match = find_title(title, self.index)
        if match.card is not None:
            return match.card
        # a printing code or card id written where a title goes ("1x 30075", "hedge_fund")
        by_key = self.db.card_by_code(title) if _CODE.match(title) else self.db.cards.get(title)
        if by_key is not None:
            return by_key
        if match.ambiguous:
            shown = ", ".join(match.ambiguous[:5])
            more = "" if len(match.ambiguous) <= 5 else f" and {len(match.ambiguous) - 5} more"
            self.problems.append(
                _problem(
                    self.raw,
                    line,
                    "ambiguous-card",
                    f"{title!r} matches several cards: {shown}{more}; write the full title",
                )
            )
            return None
        hints = self.index.suggestions(_TRAILING_GROUP.sub("", title) or title)
        tail = f"; did you mean {', '.join(hints)}?" if hints else ""
        self._unknown(line, f"no card is called {title!r}{tail}")
        return None

    def _unknown(self, line: RawLine, message: str) -> None:
        self.problems.append(_problem(self.raw, line, "unknown-card", message))

    def add(self, line: RawLine) -> None:
        card, printing = self.card_of(line)
        if card is None:
            return
        entry = DeckEntry(card.id, line.quantity, line.line, printing)
        if line.identity or card.is_identity:
            self._identity(entry)
        elif line.maybe_identity:
            self.problems.append(
                _problem(
                    self.raw,
                    line,
                    "parse-error",
                    f"{card.title!r} has no quantity (write '1x {card.title}')",
                )
            )
        else:
            self.entries.append(entry)

    def _identity(self, entry: DeckEntry) -> None:
        # the same identity named twice (metadata and a line) is one identity
        if any(e.card_id == entry.card_id for e in self.identities):
            return
        self.identities.append(entry)


def resolve(raw: RawDeck, db: CardDB) -> Deck:
    """Resolve every line of a raw deck against the card database."""
    resolver = _Resolver(raw, db)
    for line in raw.lines:
        resolver.add(line)
    identities = resolver.identities
    return Deck(
        source=raw.source,
        name=raw.name,
        identity=identities[0] if identities else None,
        entries=tuple(resolver.entries),
        problems=tuple(sorted(resolver.problems, key=lambda p: p.line or 0)),
        extra_identities=tuple(identities[1:]),
        format=raw.format,
    )
