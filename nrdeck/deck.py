"""Decks as the parsers read them (raw) and as resolution leaves them (resolved)."""

from __future__ import annotations

from collections import Counter

import msgspec

from nrdeck.problems import Problem


class RawLine(msgspec.Struct, frozen=True):
    """One card line as a parser read it, before names are resolved.

    Exactly one of ``title``, ``code`` (5-digit printing code) or ``card_id`` is set.
    ``identity`` is True when the format itself says this line is the identity (an
    Identity section, jinteki metadata, the identity field of a JSON deck); a title line
    without a quantity is ``maybe_identity`` (an identity if the name is one). ``slot``: a
    count in a document's card slots (NetrunnerDB's JSON, which lists the identity among
    them), so a slot of the identity's card gives the identity's copies, not another one.
    """

    quantity: int
    line: int | None
    title: str | None = None
    code: str | None = None
    card_id: str | None = None
    identity: bool = False
    maybe_identity: bool = False
    slot: bool = False


class RawDeck(msgspec.Struct, frozen=True):
    """What a parser returns: lines, metadata, and the problems met while reading."""

    source: str
    format: str
    lines: tuple[RawLine, ...]
    name: str | None = None
    problems: tuple[Problem, ...] = ()


class DeckEntry(msgspec.Struct, frozen=True):
    """Copies of one card from one source line (a card may appear on several lines)."""

    card_id: str
    quantity: int
    line: int | None = None
    printing: str | None = None


class TitleReading(msgspec.Struct, frozen=True):
    """A line read by its title: what it said, the card (and its English title), and the
    language of the title it was read as."""

    line: int | None
    written: str
    card_id: str
    title: str
    language: str = "en"
    # when the title names other cards too: their English titles, and what chose this one
    also_names: tuple[str, ...] = ()
    decided_by: str = ""


class Undecided(msgspec.Struct, frozen=True):
    """A line whose title in another language names several cards that the deck's language
    and side do not tell apart: the format's pool on the date may
    (``nrdeck.rules.deckbuilding.collisions``); else ``problem`` (``ambiguous-card``, naming
    the candidates) stands."""

    line: RawLine
    written: str
    candidates: tuple[str, ...]
    language: str
    problem: Problem


class Deck(msgspec.Struct, frozen=True):
    """A resolved deck: the identity, the other cards, and reading/resolution problems.

    ``readings``: each line read by its title, with the language it was read in;
    ``undecided``: lines whose title names several cards (see ``Undecided``).
    """

    source: str
    name: str | None
    identity: DeckEntry | None
    entries: tuple[DeckEntry, ...]
    problems: tuple[Problem, ...] = ()
    extra_identities: tuple[DeckEntry, ...] = ()
    format: str | None = None
    readings: tuple[TitleReading, ...] = ()
    undecided: tuple[Undecided, ...] = ()

    def counts(self) -> Counter[str]:
        """Copies per card id, over every line (identity excluded)."""
        total: Counter[str] = Counter()
        for entry in self.entries:
            total[entry.card_id] += entry.quantity
        return total

    def first_line(self, card_id: str) -> int | None:
        """The first source line that names the card (for pointing problems at it)."""
        if self.identity and self.identity.card_id == card_id:
            return self.identity.line
        return next((e.line for e in self.entries if e.card_id == card_id), None)

    @property
    def size(self) -> int:
        """Number of cards, identity excluded."""
        return sum(e.quantity for e in self.entries)


def relabelled(deck: Deck, source: str) -> Deck:
    """The deck named ``source``: its problems located at its old name follow the new one."""
    if deck.source == source:
        return deck
    problems = tuple(
        msgspec.structs.replace(p, location=msgspec.structs.replace(p.location, source=source))
        if p.location.source == deck.source
        else p
        for p in deck.problems
    )
    return msgspec.structs.replace(deck, source=source, problems=problems)
