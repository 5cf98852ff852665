"""Title normalisation shared by the card index and name resolution, and the English title
indexes built with it from the cards: by a database that has no catalogue, on first use, and
by the catalogue's writer, which stores them (the same functions, so a check finds the same
cards either way)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nrdeck.catalog.records import Card

Choices = tuple[list[str], list[str]]  # sorted titles, and the same accent-folded
MAX_SUGGESTED_LENGTH = 100  # longer text is no misspelt title (the longest has 51 characters)
MIN_SIMILARITY = 60  # fuzz.ratio (0-100) a suggested title needs at least...
SIMILARITY_MARGIN = 10  # ...and no further than this below the best one: no noise

_QUOTES = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u02bc": "'",
        "\u2032": "'",
        "`": "'",
        "\u00b4": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u2033": '"',
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2013": "-",
        "\u2014": "-",
        "\u2212": "-",
    }
)
# compiled on first use: only the second resolution pass needs it (voicing marks are kept)
_PUNCT = "[^\\w\\s\u3099\u309a]"
# Letters NFD does not decompose, folded as their readers spell them without the stroke
# (case folding already writes "ß" as "ss")
_LETTERS = {"ł": "l", "ø": "o", "đ": "d", "ħ": "h", "æ": "ae", "œ": "oe"}
_LETTERS |= {k.upper(): v for k, v in _LETTERS.items()}
_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue"})
_UMLAUT_LETTERS = frozenset("äöüÄÖÜ\u0308")
# Japanese voicing marks are part of the letter: "ジ" is not "シ"
_KEPT_MARKS = frozenset("\u3099\u309a")
# Characters that show nothing: no title holds one, and a title that does never resolves
_INVISIBLE = frozenset(
    "\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b\u200c\u200d\u200e\u200f"
    "\u202a\u202b\u202c\u202d\u202e\u2060\u2061\u2062\u2063\u2064\u2066\u2067\u2068"
    "\u2069\u206a\u206b\u206c\u206d\u206e\u206f\u3164\ufe00\ufe0f\ufeff\uffa0"
)
_CONFUSABLE_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK")  # letters that look alike across them
# The version of normalise_title and umlaut_spelling: titles documents store their titles
# normalised with it. Bump it whenever either gives another result for some title.
TITLE_KEYS = 1


def fold_case(text: str) -> str:
    """Case-folded as a case-insensitive pattern reads it: "ı" and "İ" are "i" there too."""
    folded = text.casefold()
    return folded if folded.isascii() else folded.replace("ı", "i").replace("i\u0307", "i")


def compatible(text: str) -> str:
    """Unicode NFKC: full-width digits, letters, parentheses and colons, and the ideographic
    space (U+3000), written as their plain forms ('３ｘ' -> '3x')."""
    return text if text.isascii() else unicodedata.normalize("NFKC", text)


class _Marks(dict[int, "int | str | None"]):
    """A ``str.translate`` table that drops combining marks, learning each character once
    (and, with ``letters``, folds the letters NFD keeps whole)."""

    def __init__(self, letters: dict[str, str] | None = None) -> None:
        super().__init__({ord(k): v for k, v in (letters or {}).items()})

    def __missing__(self, code: int) -> int | None:
        char = chr(code)
        kept = not unicodedata.combining(char) or char in _KEPT_MARKS
        self[code] = code if kept else None
        return code if kept else None


_DROP_MARKS = _Marks()
_FOLD_LETTERS = _Marks(_LETTERS)


def fold_accents(text: str) -> str:
    """Drop diacritics: 'Déjà Vu' -> 'Deja Vu' (Japanese voicing marks kept: 'ジ' stays)."""
    return unicodedata.normalize("NFKD", text).translate(_DROP_MARKS)


def normalise_title(text: str) -> str:
    """Case, diacritics, curly quotes and apostrophes, dashes and white space folded; so are
    the letters NFD keeps whole ('ł' as 'l', 'æ' as 'ae') and compatibility forms (NFKC)."""
    if text.isascii():
        return " ".join(text.replace("`", "'").lower().split())
    decomposed = unicodedata.normalize("NFKD", text.translate(_QUOTES))
    return " ".join(decomposed.translate(_FOLD_LETTERS).casefold().split())


def umlaut_spelling(text: str) -> str | None:
    """``text`` with 'ä', 'ö', 'ü' written 'ae', 'oe', 'ue' (as German is typed without
    them), normalised; None when it has none."""
    if text.isascii() or _UMLAUT_LETTERS.isdisjoint(text):
        return None
    folded = fold_case(unicodedata.normalize("NFC", text))
    if "ä" not in folded and "ö" not in folded and "ü" not in folded:
        return None
    return normalise_title(folded.translate(_UMLAUTS))


def invisible_character(text: str) -> str | None:
    """The first character of ``text`` that shows nothing (a zero-width or bidi control)."""
    if text.isascii():
        return None
    return next((ch for ch in text if ch in _INVISIBLE), None)


def mixed_scripts(text: str) -> tuple[str, ...]:
    """The look-alike scripts (Latin, Cyrillic, Greek) mixed inside one word of ``text``,
    as a look-alike of a title is spelt ('Неdge' with a Cyrillic 'Н'); () when none is."""
    if text.isascii():
        return ()
    for word in text.split():
        found = {_script(ch) for ch in word if ch.isalpha()} - {""}
        if len(found) > 1:
            return tuple(sorted(found))
    return ()


def _script(letter: str) -> str:
    name = unicodedata.name(letter, "")
    return next((s.title() for s in _CONFUSABLE_SCRIPTS if name.startswith(s + " ")), "")


def loose_title(text: str) -> str:
    """normalise_title, then punctuation dropped: for the second resolution pass."""
    return loosen(normalise_title(text))


def loosen(normalised: str) -> str:
    """A normalised title with its punctuation dropped (``loose_title`` of what it came from)."""
    return " ".join(re.sub(_PUNCT, " ", normalised).replace("_", " ").split())


# -- the English title indexes ----------------------------------------------------
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
