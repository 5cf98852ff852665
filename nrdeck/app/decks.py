"""Reading decks: a file, standard input, pasted text or a NetrunnerDB link -> a resolved Deck.

Unreadable input (empty, binary, too large, bad XML or JSON) gives a Deck carrying a
``parse-error`` problem, so the other decks of a run are still checked; only a missing
file (UsageError) and a remote deck that cannot be obtained (RemoteDeckError) raise.
"""

from __future__ import annotations

from pathlib import Path

import msgspec
from msgspec import field
from msgspec.structs import replace

from nrdeck.app.carddata import DataSettings
from nrdeck.carddb import CardDB
from nrdeck.deck import Deck
from nrdeck.decklist import parse_text
from nrdeck.decklist.deck_ref import DEFAULT_V2_URL, parse_deck_ref
from nrdeck.decklist.nrdb_url import RemoteSettings, fetch_deck
from nrdeck.decklist.reachability import Reachability
from nrdeck.decklist.reading import MAX_BYTES, decode_deck_bytes
from nrdeck.decklist.text import parse_problem
from nrdeck.errors import UsageError
from nrdeck.http import HttpSettings
from nrdeck.problems import Problem
from nrdeck.resolve import resolve
from nrdeck.results.check import CachedCopy

STDIN = "-"


class DeckSettings(msgspec.Struct, frozen=True):
    """How to read decks: format, remote access and cache, standard input."""

    input_format: str | None = None
    offline: bool = False
    cache_dir: Path | None = None
    v2_url: str = DEFAULT_V2_URL
    stdin_text: str | None = None
    http: HttpSettings = field(default_factory=HttpSettings)
    # shared by every fetch made with these settings: one network failure per run
    reachability: Reachability = field(default_factory=Reachability)

    @classmethod
    def from_data(
        cls, data: DataSettings, *, input_format: str | None = None, stdin_text: str | None = None
    ) -> DeckSettings:
        """Remote decks use the card data's cache, offline mode, API host and HTTP policy."""
        return cls(
            input_format=input_format,
            offline=data.offline,
            cache_dir=data.cache_dir,
            v2_url=data.v2_url or DEFAULT_V2_URL,
            stdin_text=stdin_text,
            http=data.http,
        )

    def remote(self) -> RemoteSettings:
        """The settings of remote deck fetches."""
        return RemoteSettings(
            v2_url=self.v2_url,
            cache_dir=self.cache_dir,
            offline=self.offline,
            http=self.http,
            reachability=self.reachability,
        )


class LoadedDeck(msgspec.Struct, frozen=True):
    """A resolved deck, and the cached copy it was read from (a remote deck not fetched)."""

    deck: Deck
    cached: CachedCopy | None = None


def is_remote(spec: str) -> bool:
    """A NetrunnerDB link, UUID or numeric id (a numeric name of an existing file is local)."""
    if parse_deck_ref(spec) is None:
        return False
    return not (spec.strip().isdigit() and Path(spec).exists())


def read_deck_text(text: str, source: str, db: CardDB, input_format: str | None = None) -> Deck:
    """Parse and resolve decklist text (a roster cell, standard input, a fetched deck)."""
    return resolve(parse_text(text, source, input_format), db)


def read_deck_bytes(data: bytes, source: str, db: CardDB, input_format: str | None = None) -> Deck:
    """Decode (UTF-8, BOM, cp1252 with a warning) then parse and resolve a file's bytes."""
    decoded = decode_deck_bytes(data, source)
    if decoded.text is None:
        return _unreadable(source, decoded.problems)
    deck = read_deck_text(decoded.text, source, db, input_format)
    return _with_problems(deck, decoded.problems)


def load_deck(spec: str, db: CardDB, settings: DeckSettings) -> Deck:
    """A deck from a file path, '-' (settings.stdin_text), a NetrunnerDB URL or id."""
    return obtain_deck(spec, db, settings).deck


def obtain_deck(spec: str, db: CardDB, settings: DeckSettings) -> LoadedDeck:
    """``load_deck``, saying also whether a remote deck came from its cached copy."""
    if spec == STDIN:
        return LoadedDeck(
            read_deck_text(settings.stdin_text or "", STDIN, db, settings.input_format)
        )
    if is_remote(spec):
        return _load_remote(spec, db, settings)
    return LoadedDeck(_load_file(Path(spec), db, settings))


def _load_file(path: Path, db: CardDB, settings: DeckSettings) -> Deck:
    source = str(path)
    if source.startswith(("http:/", "https:/")):  # pathlib folds "//" into "/"
        raise UsageError(
            f"{source} is not a NetrunnerDB deck link",
            hint="use https://netrunnerdb.com/en/decklist/<id> or a saved decklist file",
        )
    if not path.exists():
        raise UsageError(f"{source}: no such file", hint="check the path")
    if path.is_dir():
        raise UsageError(f"{source} is a folder, not a decklist file")
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as err:
        reason = err.strerror or type(err).__name__
        return _unreadable(
            source, (parse_problem(source, None, f"cannot read {source}: {reason}"),)
        )
    return read_deck_bytes(data, source, db, settings.input_format)


def _load_remote(spec: str, db: CardDB, settings: DeckSettings) -> LoadedDeck:
    ref = parse_deck_ref(spec)
    assert ref is not None  # is_remote said so
    fetched = fetch_deck(ref, settings.remote())
    return LoadedDeck(read_deck_text(fetched.text, spec, db, "json"), fetched.cached)


def _unreadable(source: str, problems: tuple[Problem, ...]) -> Deck:
    return Deck(source=source, name=None, identity=None, entries=(), problems=problems)


def _with_problems(deck: Deck, problems: tuple[Problem, ...]) -> Deck:
    return replace(deck, problems=(*problems, *deck.problems)) if problems else deck
