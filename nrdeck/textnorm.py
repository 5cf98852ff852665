"""Title normalisation shared by the card index and name resolution."""

from __future__ import annotations

import re
import unicodedata

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
_SPACES = re.compile(r"\s+")
_PUNCT = re.compile(r"[^\w\s]")


def fold_accents(text: str) -> str:
    """Drop diacritics: 'Déjà Vu' -> 'Deja Vu'."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def normalise_title(text: str) -> str:
    """Case, diacritics, curly quotes and apostrophes, dashes and white space folded."""
    if text.isascii():
        return " ".join(text.replace("`", "'").lower().split())
    folded = fold_accents(text.translate(_QUOTES)).casefold()
    return _SPACES.sub(" ", folded).strip()


def loose_title(text: str) -> str:
    """normalise_title, then punctuation dropped: for the second resolution pass."""
    return _SPACES.sub(" ", _PUNCT.sub(" ", normalise_title(text)).replace("_", " ")).strip()
