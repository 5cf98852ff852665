"""The NetrunnerDB deck a decklist says it came from: ``;; notes: <deck URL>``.

NetrunnerDB's jinteki.net export writes the deck's own link in a ``;; notes:`` line (and no
identity line), so a paste can be compared with the deck it was copied from. Only the
decklist's text is read here (a file or standard input, bounded like any deck file).
"""

from __future__ import annotations

import re

from nrdeck.app.inputs.decks import DeckSettings
from nrdeck.app.inputs.files import NotRegularFile, read_regular_file
from nrdeck.app.inputs.sources import (
    FileSource,
    RemoteSource,
    StdinSource,
    TextSource,
    deck_source,
)
from nrdeck.decklist.deck_ref import parse_deck_ref
from nrdeck.decklist.reading import MAX_BYTES, decode_deck_bytes
from nrdeck.errors import UsageError

_NOTES = re.compile(r"^[ \t]*;;[ \t]*notes[ \t]*:(.*)$", re.IGNORECASE | re.MULTILINE)
_HOST = "netrunnerdb.com/"
_HINT = "give the deck to compare with as DECK_B"


def notes_link(text: str) -> RemoteSource | None:
    """The first NetrunnerDB deck link in a ``;; notes:`` line of ``text`` (None: none)."""
    for found in _NOTES.finditer(text):
        for word in found.group(1).split():
            link = word.strip("<>()[]\"',")
            ref = parse_deck_ref(link) if _HOST in link.casefold() else None
            if ref is not None:
                return RemoteSource(ref, link)
    return None


def origin_of(spec: str, settings: DeckSettings) -> RemoteSource:
    """The NetrunnerDB deck the decklist ``spec`` names in its notes (a usage error if none)."""
    text = _text_of(spec, settings)
    link = notes_link(text)
    if link is None:
        raise UsageError(
            f"{spec} names no NetrunnerDB deck in a ';; notes:' line "
            "(NetrunnerDB's jinteki.net export writes one)",
            hint=_HINT,
        )
    return link


def _text_of(spec: str, settings: DeckSettings) -> str:
    source = deck_source(spec)
    if isinstance(source, TextSource):
        return source.text
    if isinstance(source, StdinSource):
        if settings.stdin_bytes is not None:
            return _decoded(settings.stdin_bytes, spec)
        return settings.stdin_text or ""
    if not isinstance(source, FileSource):
        raise UsageError(
            f"{spec} is not a decklist file: only a pasted list names the deck it came from",
            hint=_HINT,
        )
    try:
        data = read_regular_file(source.path, MAX_BYTES + 1)
    except FileNotFoundError:
        raise UsageError(f"{spec}: no such file", hint="check the path") from None
    except NotRegularFile:
        raise UsageError(f"{spec} is not a regular file: not a decklist") from None
    except OSError as err:
        raise UsageError(f"cannot read {spec}: {err.strerror or type(err).__name__}") from None
    return _decoded(data, spec)


def _decoded(data: bytes, spec: str) -> str:
    decoded = decode_deck_bytes(data, spec)
    if decoded.text is None:
        said = decoded.problems[0].message if decoded.problems else f"{spec} is not text"
        raise UsageError(said, hint=_HINT)
    return decoded.text
