"""Reading decks: a file, standard input, pasted text or a NetrunnerDB link -> a resolved Deck.

Unreadable input (empty, binary, too large, not a regular file, bad XML or JSON) gives a
Deck carrying a ``parse-error`` problem, so the other decks of a run are still checked;
only a missing file (UsageError) and a remote deck that cannot be obtained
(RemoteDeckError) raise. Files are never opened blocking and never read past the size
limit: a FIFO, a device or an endless file cannot stall or exhaust a run.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import msgspec
from msgspec import field
from msgspec.structs import replace

from nrdeck.app.inputs.cards import DataSettings
from nrdeck.app.inputs.files import NotRegularFile, read_regular_file
from nrdeck.app.inputs.sources import (
    STDIN,
    FileSource,
    ListedSource,
    ReadableSource,
    RemoteSource,
    StdinSource,
    TextSource,
    deck_source,
)
from nrdeck.catalog import CardDB
from nrdeck.deck import Deck, RawDeck
from nrdeck.decklist import parse_text
from nrdeck.decklist.deck_ref import link_advice, looks_like_link
from nrdeck.decklist.lines import parse_problem
from nrdeck.decklist.reachability import Reachability
from nrdeck.decklist.reading import MAX_BYTES, decode_deck_bytes
from nrdeck.errors import UsageError
from nrdeck.http import DEFAULT_V2_URL, HttpSettings, RunWarnings
from nrdeck.problems import Location, Problem
from nrdeck.resolve import resolve
from nrdeck.results.check import CachedCopy

if TYPE_CHECKING:
    from nrdeck.decklist.nrdb_url import RemoteSettings


class DeckSettings(msgspec.Struct, frozen=True):
    """How to read decks: format, remote access and cache, standard input.

    Standard input is ``stdin_bytes`` (what the CLI read, up to the size limit: decoded and
    guarded like a file's bytes) or, for callers that hold text, ``stdin_text``.
    """

    input_format: str | None = None
    offline: bool = False
    cache_dir: Path | None = None
    v2_url: str = DEFAULT_V2_URL
    stdin_text: str | None = None
    stdin_bytes: bytes | None = None
    http: HttpSettings = field(default_factory=HttpSettings)
    # shared by every fetch made with these settings: one network failure per run
    reachability: Reachability = field(default_factory=Reachability)
    # what those fetches warn of (a damaged cached copy, fetched again), for the command to tell
    warnings: RunWarnings = field(default_factory=RunWarnings)

    @classmethod
    def from_data(
        cls,
        data: DataSettings,
        *,
        input_format: str | None = None,
        stdin_text: str | None = None,
        stdin_bytes: bytes | None = None,
    ) -> DeckSettings:
        """Remote decks use the card data's cache (none when it is off), offline mode, host."""
        return cls(
            input_format=input_format,
            offline=data.offline,
            cache_dir=None if data.no_cache else data.cache_dir,
            v2_url=data.v2_url or DEFAULT_V2_URL,
            stdin_text=stdin_text,
            stdin_bytes=stdin_bytes,
            http=data.http,
        )

    def remote(self) -> RemoteSettings:
        """The settings of remote deck fetches."""
        from nrdeck.decklist.nrdb_url import RemoteSettings

        return RemoteSettings(
            v2_url=self.v2_url,
            cache_dir=self.cache_dir,
            offline=self.offline,
            http=self.http,
            reachability=self.reachability,
            warnings=self.warnings,
        )


class LoadedDeck(msgspec.Struct, frozen=True):
    """A resolved deck, and the cached copy it was read from (a remote deck not fetched).

    ``card_lines``: how many lines read as card lines (a quantity and a name, or a line the
    format marks as the identity), known or not; a line without a quantity is not one.
    """

    deck: Deck
    cached: CachedCopy | None = None
    card_lines: int = 0
    # no text was had from the file (empty, too large, binary, not a regular file…): its
    # problems say why, and no rule has anything to check
    read: bool = True
    # the file could not be read (binary, in no encoding nrdeck reads, refused by the
    # system): maybe a decklist saved wrongly, so always reported, never skipped
    unreadable: bool = False

    @property
    def reads_as_deck(self) -> bool:
        """True when some line reads as a card line, or names the identity."""
        deck = self.deck
        return bool(self.card_lines or deck.identity or deck.entries or deck.extra_identities)


def read_deck_text(text: str, source: str, db: CardDB, input_format: str | None = None) -> Deck:
    """Parse and resolve decklist text (a roster cell, standard input, a fetched deck)."""
    return _read_text(text, source, db, input_format).deck


def _read_text(text: str, source: str, db: CardDB, input_format: str | None) -> LoadedDeck:
    return _resolved(parse_text(text, source, input_format), db)


def _read_bytes(data: bytes, source: str, db: CardDB, input_format: str | None) -> LoadedDeck:
    decoded = decode_deck_bytes(data, source)
    if decoded.text is None:
        deck = _unreadable(source, decoded.problems)
        return LoadedDeck(deck, read=False, unreadable=not decoded.not_a_deck)
    loaded = _read_text(decoded.text, source, db, input_format)
    return replace(loaded, deck=_with_problems(loaded.deck, decoded.problems))


def load_deck(source: str | ReadableSource, db: CardDB, settings: DeckSettings) -> Deck:
    """A deck from a DECK argument (a file, '-', pasted text, a NetrunnerDB URL or id)."""
    chosen = deck_source(source) if isinstance(source, str) else source
    return obtain_deck(chosen, db, settings).deck


def obtain_deck(source: ReadableSource, db: CardDB, settings: DeckSettings) -> LoadedDeck:
    """The deck a source holds, and the cached copy a remote deck came from (not fetched)."""
    if isinstance(source, StdinSource):
        return _load_stdin(db, settings)
    if isinstance(source, TextSource):
        return _read_text(source.text, source.label, db, settings.input_format)
    if isinstance(source, RemoteSource):
        return _load_remote(source, db, settings)
    if isinstance(source, ListedSource):
        return _resolved(source.raw, db)
    return _load_file(source, db, settings)


def _resolved(raw: RawDeck, db: CardDB) -> LoadedDeck:
    card_lines = sum(1 for line in raw.lines if not line.maybe_identity)
    return LoadedDeck(resolve(raw, db), card_lines=card_lines)


def _load_stdin(db: CardDB, settings: DeckSettings) -> LoadedDeck:
    if settings.stdin_bytes is not None:
        return _read_bytes(settings.stdin_bytes, STDIN, db, settings.input_format)
    return _read_text(settings.stdin_text or "", STDIN, db, settings.input_format)


def _load_file(file: FileSource, db: CardDB, settings: DeckSettings) -> LoadedDeck:
    """The file's deck, named as the user named it (``label``) in messages and problems."""
    path, source = file.path, file.label
    if not path.exists():
        if looks_like_link(source):  # a web page: pathlib folded its "//" into "/"
            advice = link_advice(source)
            raise UsageError(advice.message, hint=advice.hint)
        raise UsageError(f"{source}: no such file", hint="check the path")
    if path.is_dir():
        raise UsageError(f"{source} is a folder, not a decklist file")
    try:
        data = read_regular_file(path, MAX_BYTES + 1)
    except NotRegularFile:
        message = f"{source} is not a regular file (a FIFO, device or socket): not a decklist"
        return LoadedDeck(_unreadable(source, (parse_problem(source, None, message),)), read=False)
    except OSError as err:
        message = f"cannot read {source}: {err.strerror or type(err).__name__}"
        problem = parse_problem(source, None, message)
        return LoadedDeck(_unreadable(source, (problem,)), read=False, unreadable=True)
    return _read_bytes(data, source, db, settings.input_format)


def _load_remote(source: RemoteSource, db: CardDB, settings: DeckSettings) -> LoadedDeck:
    from nrdeck.decklist.nrdb_url import fetch_deck  # the gateway to NetrunnerDB

    fetched = fetch_deck(source.ref, settings.remote())
    loaded = _read_text(fetched.text, source.label, db, "json")
    return replace(loaded, deck=_without_lines(loaded.deck), cached=fetched.cached)


def _without_lines(deck: Deck) -> Deck:
    """A fetched deck's lines are those of NetrunnerDB's JSON answer: meaningless to users."""
    entries = tuple(replace(e, line=None) for e in deck.entries)
    identity = replace(deck.identity, line=None) if deck.identity else None
    extra = tuple(replace(e, line=None) for e in deck.extra_identities)
    problems = tuple(replace(p, location=Location(p.location.source, None)) for p in deck.problems)
    return replace(
        deck, entries=entries, identity=identity, extra_identities=extra, problems=problems
    )


def _unreadable(source: str, problems: tuple[Problem, ...]) -> Deck:
    return Deck(source=source, name=None, identity=None, entries=(), problems=problems)


def _with_problems(deck: Deck, problems: tuple[Problem, ...]) -> Deck:
    return replace(deck, problems=(*problems, *deck.problems)) if problems else deck
