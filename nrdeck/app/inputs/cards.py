"""Choosing and loading card data: pinned file, cache, or the bundled snapshot.

Without ``--data``, the cache is used unless its dataset is older than the bundled
snapshot's (the dataset date of a NetrunnerDB download is its newest ``updated_at``; of an
import, the folder's date; when unknown, the day it was fetched). Ties go to the cache: the
user put it there. A damaged cache is a warning and the bundled snapshot. Loading never
touches the network: only ``nrdeck data update`` does.
"""

from __future__ import annotations

from pathlib import Path

import msgspec
from msgspec import field
from msgspec.structs import replace

from nrdeck.cards.bundled import BundledSource, bundled_titles_path, rule_tables, snapshot_path
from nrdeck.cards.cache import Cache, CacheMeta, CorruptCache
from nrdeck.cards.document import (
    FIXES,
    TEXT_FACTS,
    decode,
    info_of,
    load_file,
    require_consistent,
    titles_loader,
)
from nrdeck.catalog import CardDB, read_catalogue
from nrdeck.catalog.records import Card
from nrdeck.errors import DataUnavailableError
from nrdeck.http import HttpSettings
from nrdeck.report.safe import one_line

REFETCH = "run 'nrdeck data update' (or 'nrdeck data clear')"
DAMAGED = "ignoring the damaged card cache ({}); using the bundled snapshot: " + REFETCH


def default_cache_dir() -> Path:
    """platformdirs' user cache folder for nrdeck (imported only when no folder is given)."""
    import platformdirs

    return Path(platformdirs.user_cache_dir("nrdeck"))


class DataSettings(msgspec.Struct, frozen=True):
    """Where card data may come from, as the options and environment say."""

    offline: bool = False
    no_cache: bool = False  # hermetic: the pinned file or the bundled snapshot, never the cache
    data_file: Path | None = None
    cache_dir: Path | None = None
    api_url: str | None = None
    v2_url: str | None = None
    http: HttpSettings = field(default_factory=HttpSettings)


class CachedData(msgspec.Struct, frozen=True):
    """What the cache holds: its sidecar and database when intact, else why not used."""

    meta: CacheMeta | None = None
    db: CardDB | None = None
    damage: str | None = None  # what is wrong with a damaged cache
    older: str | None = None  # set when the cache is older than the bundled snapshot

    @property
    def in_use(self) -> bool:
        """True when commands use this cache (intact, and not older than the bundled data)."""
        return self.db is not None and self.older is None

    @property
    def warning(self) -> str | None:
        """Why commands do not use the cache (None: they do, or there is none)."""
        return DAMAGED.format(self.damage) if self.damage else self.older


def load_database(settings: DataSettings) -> CardDB:
    """The card database to use: --data file, else the newest of cache and bundled."""
    if settings.data_file is not None:
        return load_file(
            settings.data_file, "file", rule_tables(), other_titles=bundled_titles_path()
        )
    if settings.no_cache:
        db = load_bundled()
        db.info = replace(db.info, hermetic=True)
        return db
    cached = read_cache(Cache(settings.cache_dir or default_cache_dir()))
    if cached.db is not None and cached.in_use:
        return cached.db
    db = load_bundled()
    if cached.warning:
        db.warn(cached.warning)
    return db


def data_stamp(settings: DataSettings) -> bytes | None:
    """What changes when new card data is committed where ``load_database`` looks: the
    ``--data`` file's time and size, or the cache's metadata (written last, atomically, by
    ``data update``); None for the bundled snapshot alone."""
    if settings.data_file is not None:
        try:
            info = settings.data_file.stat()
        except OSError:
            return None
        return f"{info.st_mtime_ns}:{info.st_size}".encode()
    if settings.no_cache:
        return None
    return Cache(settings.cache_dir or default_cache_dir()).stamp()


def read_cache(cache: Cache, *, load_older: bool = False) -> CachedData:
    """The cache's state, never raising on damage; an older cache is loaded only if asked."""
    try:
        meta = cache.read_meta()
    except CorruptCache as exc:
        return CachedData(damage=one_line(str(exc)))
    if meta is None:
        return CachedData()
    bundled = bundled_dataset_date()
    older = None
    if bundled and cache_date(meta) < bundled:
        older = (
            f"the cached card data ({cache_date(meta)}) is older than the bundled snapshot "
            f"({bundled}); using the bundled snapshot: run 'nrdeck data update'"
        )
        if not load_older:
            return CachedData(meta=meta, older=older)
    try:
        return CachedData(meta=meta, db=load_cache(cache, meta), older=older)
    except CorruptCache as exc:
        return CachedData(meta=meta, damage=one_line(str(exc)))


def with_text_facts(db: CardDB) -> CardDB:
    """The database with the facts read from card text (economy, Runner points, identity
    draws): its own, or, for card data built before nrdeck read them, the bundled snapshot's
    for every card it knows, said in ``text_facts_note``. Changes ``db`` in place."""
    if db.text_facts >= TEXT_FACTS:
        return db
    donor = load_bundled()
    missing = 0
    facts: dict[str, Card] = {}
    for card_id, card in db.cards.items():
        known = donor.cards.get(card_id)
        missing += known is None
        if known is not None and (known.economy or known.runner_points or known.draws):
            facts[card_id] = replace(
                card, economy=known.economy, runner_points=known.runner_points, draws=known.draws
            )
    if facts:  # a new lookup with the same ids: the database's own is never changed in place
        db.cards = {**db.cards, **facts}
    unknown = f" ({missing} of its cards are not there and have none)" if missing else ""
    db.text_facts = donor.text_facts
    db.text_facts_note = (
        "the card data in use was built before nrdeck read economy, Runner points and "
        f"identity draws from card text; they are taken from the {donor.info.describe()}"
        f"{unknown}: run 'nrdeck data update', or rebuild a pinned file with 'nrdeck data build'"
    )
    return db


def load_bundled() -> CardDB:
    """The bundled snapshot's database."""
    return BundledSource().load()


def cache_date(meta: CacheMeta) -> str:
    """The date the cached dataset stands for (its own date, else the fetch day)."""
    return meta.dataset_date or meta.fetched_at[:10]


def bundled_dataset_date() -> str | None:
    """The bundled snapshot's dataset date, read without parsing the whole file."""
    marker = b'"origin":{"dataset_date":"'
    try:
        raw = snapshot_path().read_bytes()
    except OSError:
        return None
    at = raw.find(marker)
    if at < 0:
        return load_bundled().info.dataset_date
    return raw[at + len(marker) : at + len(marker) + 10].decode("ascii", "replace")


def load_cache(cache: Cache, meta: CacheMeta) -> CardDB:
    """The cached database (CorruptCache when anything about it is wrong): from the catalogue
    beside the document when it was built from it, else decoded from the document (a cache
    written before nrdeck wrote catalogues, or a damaged catalogue, with a warning)."""

    def from_json() -> CardDB:
        fresh, db = _decoded(cache, meta)
        return _as_cached(db, cache, fresh)

    path = cache.dir / meta.document
    tables = rule_tables()
    failures = (DataUnavailableError, CorruptCache)  # the document's, when the catalogue fails
    db = read_catalogue(
        path,
        "cache",
        tables,
        from_json,
        failures=failures,
        fix=FIXES["cache"],
        trusted=True,
        sha256=meta.sha256,
    )
    if db is None:
        return from_json()
    return db if db.catalogue is None else _as_cached(db, cache, meta)


def _as_cached(db: CardDB, cache: Cache, meta: CacheMeta) -> CardDB:
    """The database, named as the cache's (its source, URL and fetch time), with its titles."""
    db.info = replace(db.info, source=meta.source, url=meta.url, fetched_at=meta.fetched_at)
    db.titles = titles_loader(cache.titles_path(meta), bundled_titles_path())
    return db


def _decoded(cache: Cache, meta: CacheMeta) -> tuple[CacheMeta, CardDB]:
    """The cached document decoded and checked, with the sidecar that names it."""
    try:
        raw = cache.read_document(meta)
    except CorruptCache:
        fresh = cache.read_meta()  # a refresh may have switched documents meanwhile
        if fresh is None or fresh == meta:
            raise
        meta, raw = fresh, cache.read_document(fresh)
    path = cache.dir / meta.document
    try:
        doc = decode(raw, str(path))
        require_consistent(doc, str(path))
    except DataUnavailableError as exc:
        raise CorruptCache(exc.message) from exc
    return meta, CardDB.from_document(doc, info_of(doc, "cache", str(path)), rule_tables())
