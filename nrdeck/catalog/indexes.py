"""The English title indexes, built from the cards: by a database that has no catalogue, on
first use, and by the catalogue's writer, which stores them (the same functions, so a check
finds the same cards either way)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from nrdeck.catalog.records import Card
from nrdeck.catalog.titlekeys import fold_accents, loose_title, normalise_title

Choices = tuple[list[str], list[str]]  # sorted titles, and the same accent-folded
MAX_SUGGESTED_LENGTH = 100  # longer text is no misspelt title (the longest has 51 characters)
MIN_SIMILARITY = 60  # fuzz.ratio (0-100) a suggested title needs at least...
SIMILARITY_MARGIN = 10  # ...and no further than this below the best one: no noise


def exact_title_index(cards: Mapping[str, Card]) -> dict[str, str]:
    """Title as printed -> card id (first card wins, as in the normalised index)."""
    index: dict[str, str] = {}
    for card in cards.values():
        index.setdefault(card.title, card.id)
    return index


def normalised_title_index(cards: Mapping[str, Card]) -> dict[str, str]:
    """Normalised title, stripped title and face titles -> card id (first card wins)."""
    index: dict[str, str] = {}
    for card in cards.values():
        index.setdefault(normalise_title(card.title), card.id)
        if card.stripped_title != card.title:
            index.setdefault(normalise_title(card.stripped_title), card.id)
        for face in card.face_titles:
            index.setdefault(normalise_title(face), card.id)
    return index


def loose_indexes(
    cards: Iterable[Card],
) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    """Every title (stripped, faces) without punctuation -> card ids, and without white
    space too (the second resolution pass)."""
    loose: dict[str, set[str]] = {}
    squashed: dict[str, set[str]] = {}
    for card in cards:
        for title in {card.title, card.stripped_title, *card.face_titles}:
            key = loose_title(title)
            loose.setdefault(key, set()).add(card.id)
            squashed.setdefault(key.replace(" ", ""), set()).add(card.id)
    return (
        {k: tuple(sorted(v)) for k, v in loose.items()},
        {k: tuple(sorted(v)) for k, v in squashed.items()},
    )


def suggestion_choices(cards: Iterable[Card]) -> Choices:
    """The English titles "did you mean" chooses from, sorted, and the same accent-folded."""
    choices = sorted({c.title for c in cards})
    return choices, [fold_accents(t) for t in choices]
