"""Title normalisation shared by the card index and name resolution; quoting untrusted text."""

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
_PUNCT = r"[^\w\s]"  # compiled on first use: only the second resolution pass needs it


def fold_case(text: str) -> str:
    """Case-folded as a case-insensitive pattern reads it: "ı" and "İ" are "i" there too."""
    folded = text.casefold()
    return folded if folded.isascii() else folded.replace("ı", "i").replace("i\u0307", "i")


def fold_accents(text: str) -> str:
    """Drop diacritics: 'Déjà Vu' -> 'Deja Vu'."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def normalise_title(text: str) -> str:
    """Case, diacritics, curly quotes and apostrophes, dashes and white space folded."""
    if text.isascii():
        return " ".join(text.replace("`", "'").lower().split())
    folded = fold_accents(text.translate(_QUOTES)).casefold()
    return " ".join(folded.split())


def loose_title(text: str) -> str:
    """normalise_title, then punctuation dropped: for the second resolution pass."""
    return " ".join(re.sub(_PUNCT, " ", normalise_title(text)).replace("_", " ").split())


EXCERPT_LENGTH = 80


def shorten(text: str, limit: int = EXCERPT_LENGTH) -> str:
    """``text`` cut to ``limit`` characters when longer, saying how long it was."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text):,} characters)"


def excerpt(text: str, limit: int = EXCERPT_LENGTH) -> str:
    """``text`` quoted for a message (``repr``: control characters escaped), shortened."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}… ({len(text):,} characters)"
