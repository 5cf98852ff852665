"""Names, printing codes and card ids -> cards. Unresolved lines become problems.

What a title names is ``nrdeck.catalog.titles``'s to say: English first (as written,
normalised, without punctuation, without trailing set names), then the other languages of
the card data, then a unique English prefix. Anything else is an ``unknown-card`` problem
with up to three suggestions (for the first ``MAX_SUGGESTED_NAMES`` unknown names of a
deck, so a deck of junk costs no more than a deck of typos); nothing is ever corrected
silently. In a list written in another language, the suggestions are titles of that
language, and where there are none the message says how many cards the data has titles for
in it (Japanese and Chinese titles stop at older sets).

A title in another language that names several cards (a collision) is decided by the
list's language, then the deck's side; what remains is an ``ambiguous-card`` problem naming
the candidates, recorded so that the format's pool on the date may still decide it
(``nrdeck.rules.deckbuilding.collisions``). Section headers in another language (a type or
subtype name and a count, 'Événement (12)') are skipped.

Whatever names the identity (a format's identity field or section, a roster's identity
column, a deck's first line without a quantity) goes through one function: a card that is
not an identity never becomes the deck's identity, and is an ``identity-missing`` problem
naming it (CR 1.4.1); an identity printing code that matches no card is a ``parse-error``.
"""

from __future__ import annotations

from collections import Counter

from msgspec.structs import replace

from nrdeck.catalog import (
    ENGLISH,
    MAX_SUGGESTED_LENGTH,
    MIN_SIMILARITY,
    SIMILARITY_MARGIN,
    Card,
    CardDB,
    Match,
    compatible,
    find_title,
    language_name,
    list_language,
    mixed_scripts,
    narrowed,
    title_index,
    without_trailing_group,
)
from nrdeck.deck import Deck, DeckEntry, RawDeck, RawLine, TitleReading, Undecided
from nrdeck.problems import Location, Problem
from nrdeck.quoting import excerpt

__all__ = ["resolve"]

MAX_SUGGESTED_NAMES = 20  # unknown names per deck that get "did you mean" titles
MAX_SHOWN = 5  # candidates named in an ambiguous-card message


def _problem(
    raw: RawDeck,
    line: RawLine,
    code: str,
    message: str,
    rule: str = "",
    card: str = "",
    cards: tuple[str, ...] = (),
) -> Problem:
    return Problem(
        code=code,
        message=message,
        rule=rule,
        cards=(card,) if card else cards,
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
        self.counted: set[str] = set()  # identities whose copies came from card slots
        self.not_identities: list[tuple[RawLine, Card]] = []  # named as the identity
        self.entries: list[DeckEntry] = []
        self.suggested = 0  # unknown names given suggestions so far
        # lines read by title: (line, as written, card id, the languages it is a title in)
        self.read: list[tuple[RawLine, str, str, tuple[str, ...]]] = []
        self.decided: dict[int, tuple[tuple[str, ...], str]] = {}  # id(line) -> collision
        self.pending: list[tuple[RawLine, str, Match]] = []  # unknown or colliding titles
        self.undecided: list[Undecided] = []

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
        if line.maybe_identity and self._is_header(title):
            return None  # 'Événement (12)': a section header in another language
        match = find_title(title, self.index)
        if match.card is not None:
            self.read.append((line, title, match.card.id, match.languages))
            return match.card
        if match.ambiguous:
            shown = ", ".join(match.ambiguous[:MAX_SHOWN])
            more = len(match.ambiguous) - MAX_SHOWN
            more_text = f" and {more} more" if more > 0 else ""
            message = (
                f"{excerpt(title)} matches several cards: {shown}{more_text}; write the full title"
            )
            self.problems.append(_problem(self.raw, line, "ambiguous-card", message))
            return None
        self.pending.append((line, title, match))  # decided once the deck's language is known
        return None

    def _is_header(self, title: str) -> bool:
        text = compatible(title).rstrip().removesuffix(":").rstrip()
        counted = text.endswith(")") and text[:-1].rpartition("(")[2].strip().isdecimal()
        return counted and self.db.translations().is_header(text)

    def _unknown(self, line: RawLine, message: str) -> None:
        self.problems.append(_problem(self.raw, line, "unknown-card", message))

    def add(self, line: RawLine) -> None:
        card, printing = self.card_of(line)
        if card is not None:
            self._place(line, card, printing)

    def _place(self, line: RawLine, card: Card, printing: str | None = None) -> None:
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
        if entry.card_id in self.identity_ids and (named or line.slot):
            self._copies(entry, slot=line.slot)
            return
        self.identity_ids.add(entry.card_id)
        self.identities.append(entry)
        if line.slot:
            self.counted.add(entry.card_id)

    def _copies(self, entry: DeckEntry, *, slot: bool) -> None:
        """The identity met again as a count of its copies, never as another identity.

        Named again where a format names it (jinteki.net's two metadata lines), the larger
        count stands; in card slots (NetrunnerDB's JSON), the first slot is the count (the
        identity field's line counts nothing) and another printing's slot adds to it.
        """
        number = next(n for n, e in enumerate(self.identities) if e.card_id == entry.card_id)
        first = self.identities[number]
        if slot and entry.card_id in self.counted:
            kept = replace(first, quantity=first.quantity + entry.quantity)
        elif slot or entry.quantity > first.quantity:
            kept = replace(first, quantity=entry.quantity, line=entry.line)
        else:
            return
        self.identities[number] = kept
        if slot:
            self.counted.add(entry.card_id)

    # -- once every line is read --------------------------------------------
    def language(self) -> str | None:
        """The language most titles of the list were read in, when it is not English."""
        return list_language(languages for *_, languages in self.read)

    def side(self) -> str | None:
        """The identity's side, else the side most cards are on."""
        if self.identities:
            return self.db.cards[self.identities[0].card_id].side
        sides = Counter(self.db.cards[e.card_id].side for e in self.entries)
        return sides.most_common(1)[0][0] if sides else None

    def settle_titles(self) -> None:
        """Decide the titles that named several cards, and say what the unknown ones lack."""
        if not self.pending:
            return
        language, side = self.language(), self.side()
        placed = False
        for line, title, match in self.pending:
            if match.candidates:
                placed |= self._collision(line, title, match, language, side)
            else:
                self._unknown(line, self._unknown_message(title, match, language))
        if placed:
            self.entries.sort(key=lambda e: (e.line is None, e.line or 0))

    def _collision(
        self, line: RawLine, title: str, match: Match, language: str | None, side: str | None
    ) -> bool:
        """Narrow a collision by the list's language, then the deck's side (True: placed)."""
        found = narrowed(match.candidates, language, side, self.db.cards)
        ids, langs = found.cards, found.languages
        read_in = language if language in langs else langs[0]
        if len(ids) == 1:
            card = self.db.cards[ids[0]]
            self.read.append((line, title, card.id, (read_in,)))
            others = sorted({self.db.cards[c].title for _, c in match.candidates} - {card.title})
            self.decided[id(line)] = (tuple(others), found.decided_by)
            self._place(line, card)
            return True
        candidates = tuple(sorted(ids, key=lambda c: self.db.cards[c].title))
        titles = [self.db.cards[c].title for c in candidates]
        shown = ", ".join(titles[:MAX_SHOWN])
        more = f" and {len(titles) - MAX_SHOWN} more" if len(titles) > MAX_SHOWN else ""
        names = " and ".join(_language_name(lang) for lang in langs)
        message = (
            f"{excerpt(title)} is the {names} title of several cards: {shown}{more}; "
            "write the English title"
        )
        problem = _problem(self.raw, line, "ambiguous-card", message, cards=candidates)
        self.problems.append(problem)
        self.undecided.append(Undecided(line, title, candidates, read_in, problem))
        return False

    def _unknown_message(self, title: str, match: Match, language: str | None) -> str:
        """'no card is called …', with why (an invisible character, mixed scripts) and the
        titles it may have meant, in the list's language when that is not English."""
        said = f"no card is called {excerpt(title)}"
        if match.refused:
            return f"{said}: {match.refused}; write the title without it"
        scripts = mixed_scripts(title)
        if scripts:
            said += f": it mixes {' and '.join(scripts)} letters in one word"
        if self.suggested >= MAX_SUGGESTED_NAMES:
            return f"{said} (no suggestions after the first {MAX_SUGGESTED_NAMES} unknown names)"
        self.suggested += 1
        wanted = without_trailing_group(title) or title
        if language is None or len(wanted) > MAX_SUGGESTED_LENGTH:
            hints = self.index.suggestions(wanted)
            return f"{said}; did you mean {', '.join(hints)}?" if hints else said
        return said + self._in_language(wanted, language)

    def _in_language(self, title: str, language: str) -> str:
        """'; did you mean X (English), Y?' (the language's titles, then English ones), or how
        many cards have a title in the language."""
        hint = self.db.translations().hint(
            title,
            language,
            cutoff=MIN_SIMILARITY,
            margin=SIMILARITY_MARGIN,
            english=self.index.suggestions(title),
        )
        return f" in English or {hint}"

    def readings(self, language: str | None) -> tuple[TitleReading, ...]:
        """Each line read by title, in the language it was read in (the list's, when the
        title is one in several languages)."""
        out = []
        for line, title, card_id, languages in self.read:
            if ENGLISH in languages:
                read_in = ENGLISH
            else:
                read_in = language if language in languages else languages[0]
            english = self.db.cards[card_id].title
            also, by = self.decided.get(id(line), ((), ""))
            out.append(TitleReading(line.line, title, card_id, english, read_in, also, by))
        return tuple(sorted(out, key=lambda r: (r.line is None, r.line or 0)))

    def finish(self) -> None:
        """Settle the titles, then say what each card named as the identity but not one is
        (CR 1.4.1).

        A format's identity field naming it is ``identity-missing``; so is a line without a
        quantity that opens a deck without identity (where lists name the identity).
        Another line without a quantity is a deck card that lacks one.
        """
        self.settle_titles()
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

    def name(self) -> str | None:
        """The deck's name; none when what was taken for it is a section header."""
        name = self.raw.name
        return None if name and self._is_header(name) else name


def _language_name(code: str) -> str:
    return language_name(code)


def resolve(raw: RawDeck, db: CardDB) -> Deck:
    """Resolve every line of a raw deck against the card database."""
    resolver = _Resolver(raw, db)
    for line in raw.lines:
        resolver.add(line)
    resolver.finish()
    identities = resolver.identities
    return Deck(
        source=raw.source,
        name=resolver.name(),
        identity=identities[0] if identities else None,
        entries=tuple(resolver.entries),
        problems=tuple(sorted(resolver.problems, key=lambda p: p.line or 0)),
        extra_identities=tuple(identities[1:]),
        format=raw.format,
        readings=resolver.readings(resolver.language()),
        undecided=tuple(resolver.undecided),
    )
