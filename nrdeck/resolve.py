"""Names, printing codes and card ids -> cards. Unresolved lines become problems.

A title is tried as written, then normalised (case, diacritics, curly quotes, dashes,
white space), then without punctuation, then as a unique prefix of at least
``MIN_PREFIX`` characters; a trailing ``(Set name)`` is dropped when the whole text does
not match. Anything else is an ``unknown-card`` problem with up to three suggestions
(for the first ``MAX_SUGGESTED_NAMES`` unknown names of a deck, so a deck of junk costs
no more than a deck of typos); nothing is ever corrected silently.

Whatever names the identity (a format's identity field or section, a roster's identity
column, a deck's first line without a quantity) goes through one function: a card that is
not an identity never becomes the deck's identity, and is an ``identity-missing`` problem
naming it (CR 1.4.1); an identity printing code that matches no card is a ``parse-error``.
"""

from __future__ import annotations

import bisect
import re
import weakref

import msgspec

from nrdeck.carddb import Card, CardDB
from nrdeck.cardrecords import is_printing_code
from nrdeck.deck import Deck, DeckEntry, RawDeck, RawLine
from nrdeck.problems import Location, Problem
from nrdeck.textnorm import excerpt, fold_accents, loose_title

MIN_PREFIX = 4
MAX_GROUPS_DROPPED = 3  # "Title (Set) (Cycle)": trailing groups tried away, at most this many
MAX_SUGGESTED_NAMES = 20  # unknown names per deck that get "did you mean" titles
MAX_SUGGESTED_LENGTH = 100  # longer text is no misspelt title (the longest has 51 characters)
MIN_SIMILARITY = 60  # fuzz.ratio (0-100) a suggested title needs at least...
SIMILARITY_MARGIN = 10  # ...and no further than this below the best one: no noise
_TRAILING_GROUP = r"\([^()]*\)\s*$"  # compiled on first use: most titles are found as written


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
        """Up to ``limit`` titles spelt like ``title``, best first; none for long text.

        Similarity is rapidfuzz's ``fuzz.ratio`` on accent-folded, lower-cased titles; a
        title is suggested from ``MIN_SIMILARITY`` up, and only within ``SIMILARITY_MARGIN``
        of the best one ('Hedge Fnd': Hedge Fund at 95, not Edge of World at 64).
        """
        if len(title) > MAX_SUGGESTED_LENGTH:
            return []
        from rapidfuzz import fuzz, process, utils

        if not self._choices:
            self._choices = sorted({c.title for c in self.db.cards.values()})
            self._folded = [fold_accents(t) for t in self._choices]
        found = process.extract(
            fold_accents(title),
            self._folded,
            scorer=fuzz.ratio,
            processor=utils.default_process,
            limit=limit,
            score_cutoff=MIN_SIMILARITY,
        )
        floor = found[0][1] - SIMILARITY_MARGIN if found else 0
        return [self._choices[index] for _, score, index in found if score >= floor]


_INDEXES: weakref.WeakKeyDictionary[CardDB, TitleIndex] = weakref.WeakKeyDictionary()


def title_index(db: CardDB) -> TitleIndex:
    """The (cached) title index of a card database."""
    index = _INDEXES.get(db)
    if index is None:
        index = _INDEXES[db] = TitleIndex(db)
    return index


def without_trailing_group(title: str) -> str:
    """``title`` without a trailing ``(...)`` group (a set name); as it is when it has none."""
    group = re.search(_TRAILING_GROUP, title) if title.rstrip().endswith(")") else None
    return title[: group.start()].rstrip() if group else title


def find_title(title: str, index: TitleIndex) -> Match:
    """The title as written, then with trailing parenthesised groups (set names) dropped."""
    match = index.find(title)
    for _ in range(MAX_GROUPS_DROPPED):
        shorter = without_trailing_group(title)
        if match.card is not None or match.ambiguous or not shorter or shorter == title:
            break
        title = shorter
        match = index.find(title)
    return match


def _problem(
    raw: RawDeck, line: RawLine, code: str, message: str, rule: str = "", card: str = ""
) -> Problem:
    return Problem(
        code=code,
        message=message,
        rule=rule,
        cards=(card,) if card else (),
        location=Location(source=raw.source, line=line.line),
    )


class _Resolver:
    def __init__(self, raw: RawDeck, db: CardDB) -> None:
        self.raw = raw
        self.db = db
        self.index = title_index(db)
        self.problems: list[Problem] = list(raw.problems)
        self.identities: list[DeckEntry] = []
        self.identity_ids: set[str] = set()
        self.not_identities: list[tuple[RawLine, Card]] = []  # named as the identity
        self.entries: list[DeckEntry] = []
        self.suggested = 0  # unknown names given suggestions so far

    def card_of(self, line: RawLine) -> tuple[Card | None, str | None]:
        """The line's card and printing code; None (after recording a problem) if unknown."""
        if line.code is not None:
            card = self.db.card_by_code(line.code)
            if card is None and line.identity:  # the format's identity field is unreadable
                message = f"identity printing code {line.code} matches no card"
                self.problems.append(_problem(self.raw, line, "parse-error", message))
            elif card is None:
                self._unknown(line, f"printing code {line.code} matches no card")
            return card, line.code
        if line.card_id is not None:
            card = self.db.card_by_id(line.card_id)
            if card is None:
                self._unknown(line, f"card id {excerpt(line.card_id)} matches no card")
            return card, None
        return self._by_title(line, line.title or ""), None

    def _by_title(self, line: RawLine, title: str) -> Card | None:
        match = find_title(title, self.index)
        if match.card is not None:
            return match.card
        # a printing code or card id written where a title goes ("1x 30075", "hedge_fund")
        db = self.db
        by_key = db.card_by_code(title) if is_printing_code(title) else db.card_by_id(title)
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
                    f"{excerpt(title)} matches several cards: {shown}{more}; write the full title",
                )
            )
            return None
        self._unknown(line, f"no card is called {excerpt(title)}{self._did_you_mean(title)}")
        return None

    def _did_you_mean(self, title: str) -> str:
        """'; did you mean A, B?' for the deck's first unknown names, then a note saying so."""
        if self.suggested >= MAX_SUGGESTED_NAMES:
            return f" (no suggestions after the first {MAX_SUGGESTED_NAMES} unknown names)"
        self.suggested += 1
        hints = self.index.suggestions(without_trailing_group(title) or title)
        return f"; did you mean {', '.join(hints)}?" if hints else ""

    def _unknown(self, line: RawLine, message: str) -> None:
        self.problems.append(_problem(self.raw, line, "unknown-card", message))

    def add(self, line: RawLine) -> None:
        card, printing = self.card_of(line)
        if card is None:
            return
        entry = DeckEntry(card.id, line.quantity, line.line, printing)
        if line.identity or line.maybe_identity or card.is_identity:
            self._identity(line, card, entry)
        else:
            self.entries.append(entry)

    def _identity(self, line: RawLine, card: Card, entry: DeckEntry) -> None:
        """Every line that names the identity, or holds an identity card, ends here.

        A card that is not an identity never becomes the deck's identity, whichever format
        named it (``finish`` says so). The same identity named twice where a format names
        it (metadata and a line) is one identity; named again as a deck card (with a
        quantity) it is another (CR 1.4.4).
        """
        if not card.is_identity:
            self.not_identities.append((line, card))
            return
        named = line.identity or line.maybe_identity
        if entry.card_id in self.identity_ids and named:
            return
        self.identity_ids.add(entry.card_id)
        self.identities.append(entry)

    def finish(self) -> None:
        """Say what each card named as the identity but not one is (CR 1.4.1).

        A format's identity field naming it is ``identity-missing``; so is a line without a
        quantity that opens a deck without identity (where lists name the identity).
        Another line without a quantity is a deck card that lacks one.
        """
        first = self.raw.lines[0] if self.raw.lines else None
        said: set[str] = set()
        for line, card in self.not_identities:
            if line.identity and card.id in said:  # ';; identity:' and ';; identity-code:'
                continue
            if line.identity:
                said.add(card.id)
                shown = f" (printing code {line.code})" if line.code else ""
                message = f"{card.title} is not an identity card{shown}"
            elif line is first and not self.identities:
                message = (
                    f"{card.title} is not an identity card (a card of the deck needs a "
                    f"quantity: '1x {card.title}')"
                )
            else:
                message = f"{card.title!r} has no quantity (write '1x {card.title}')"
                self.problems.append(_problem(self.raw, line, "parse-error", message))
                continue
            self.problems.append(
                _problem(self.raw, line, "identity-missing", message, "CR 1.4.1", card.id)
            )


def resolve(raw: RawDeck, db: CardDB) -> Deck:
    """Resolve every line of a raw deck against the card database."""
    resolver = _Resolver(raw, db)
    for line in raw.lines:
        resolver.add(line)
    resolver.finish()
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
