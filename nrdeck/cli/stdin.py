"""Standard input: a decklist piped in, read as bytes up to the decklist size limit."""

import sys

from nrdeck.decklist.reading import MAX_BYTES
from nrdeck.errors import UsageError


def read_stdin(required: bool) -> bytes:
    """Standard input's bytes, at most one past the decklist size limit (never endless).

    ``required``: no DECK was named, so a terminal or an empty pipe is a usage error.
    """
    stream = sys.stdin
    if required and (stream is None or stream.isatty()):
        raise UsageError(
            "no decks given", hint="name deck files, folders or links, or pipe a decklist in"
        )
    if stream is None:
        return b""
    buffer = getattr(stream, "buffer", None)
    if buffer is not None:
        data: bytes = buffer.read(MAX_BYTES + 1)
    else:
        data = stream.read(MAX_BYTES + 1).encode("utf-8", "surrogateescape")
    if required and not data.strip():
        raise UsageError("no decks given and nothing on standard input")
    return data
