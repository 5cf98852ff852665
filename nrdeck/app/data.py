"""Card-data use cases: build a snapshot, update/import the cache, report status, clear."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec
from msgspec.structs import replace

from nrdeck.app.carddata import (
    CachedData,
    DataSettings,
    default_cache_dir,
    load_bundled,
    read_cache,
)
from nrdeck.atomic import write_atomic
from nrdeck.carddb import CardDB
from nrdeck.cardrecords import FactsDocument
from nrdeck.cards.cache import Cache, CacheMeta, ClearOutcome, CorruptCache
from nrdeck.cards.consistency import implausible, reference_problems, summary
from nrdeck.cards.document import encode
from nrdeck.errors import DataUnavailableError, UsageError
from nrdeck.http import DEFAULT_API_URL, HttpSettings, Validators

__all__ = [
    "ClearOutcome",
    "DataStatus",
    "FormatStatus",
    "UpdateOutcome",
    "build_snapshot",
    "clear_cache",
    "data_status",
    "import_folder",
    "update_cache",
]

if TYPE_CHECKING:
    from nrdeck.cards.nrdb_v3 import NrdbV3Source

Progress = Callable[[str, int, int], None]
KEPT = "the card data in use is unchanged"


def build_snapshot(source_dir: Path, out: Path, dataset_date: str | None = None) -> int:
    """Build the facts-only document from a netrunner-cards-json folder; returns its size."""
    from nrdeck.cards.cardsjson import CardsJsonSource

    if not source_dir.is_dir():
        raise UsageError(f"{source_dir}: no such folder", hint="give a netrunner-cards-json folder")
    payload = encode(CardsJsonSource(source_dir, dataset_date).read())
    out.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(out, payload)
    return len(payload)


class UpdateOutcome(msgspec.Struct, frozen=True):
    """What ``data update`` or ``data import`` did to the cache."""

    action: str  # "updated", "unchanged", "refreshed-elsewhere", "imported"
    path: Path
    meta: CacheMeta | None
    repaired: str | None = None  # why the cache it replaced could not be used


def _cache(settings: DataSettings) -> Cache:
    return Cache(settings.cache_dir or default_cache_dir())


def _now() -> str:
    return dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat()


def update_cache(
    settings: DataSettings,
    *,
    http: HttpSettings | None = None,
    progress: Progress | None = None,
    page_sizes: dict[str, int] | None = None,
    force: bool = False,
) -> UpdateOutcome:
    """Fetch NetrunnerDB into the cache (conditional requests; a 304 everywhere keeps it).

    The new dataset is committed only when whole, consistent and plausible next to the data
    in use (``force`` accepts an implausible one); otherwise the cache stays as it was.
    """
    from nrdeck.cards.nrdb_v3 import HINT, SOURCE_NAME, NrdbV3Source

    if settings.offline:
        raise UsageError(
            "'nrdeck data update' downloads card data, and --offline forbids the network",
            hint="drop --offline, or use 'nrdeck data import DIR' for a local folder",
        )
    cache = _cache(settings)
    source = NrdbV3Source(
        settings.api_url or DEFAULT_API_URL, http=http, page_sizes=page_sizes, progress=progress
    )
    before = cache.stamp()
    with cache.refresh_lock():
        cache.sweep()
        if cache.stamp() != before:  # someone refreshed while we waited for the lock
            cached = read_cache(cache, load_older=True)
            if cached.db is not None:
                return UpdateOutcome("refreshed-elsewhere", cache.dir, cached.meta)
        cached, unchanged = _check_and_revalidate(cache, source)
        if unchanged and cached.meta is not None:
            fresh = replace(cached.meta, fetched_at=_now())
            cache.write_meta(fresh)
            return UpdateOutcome("unchanged", cache.dir, fresh)
        doc = source.read()  # pages that changed were already had while revalidating
        _require_acceptable(doc, _in_use(cached), source.base_url, force, HINT)
        meta = _meta_of(doc, SOURCE_NAME, source.base_url, source.validators)
        stored_meta = cache.store(encode(doc), meta)
        return UpdateOutcome("updated", cache.dir, stored_meta, cached.damage)


def import_folder(settings: DataSettings, folder: Path, *, force: bool = False) -> UpdateOutcome:
    """Read a netrunner-cards-json folder (validated like ``data build``) into the cache."""
    from nrdeck.cards.cardsjson import SOURCE_NAME, CardsJsonSource

    if not folder.is_dir():
        raise UsageError(f"{folder}: no such folder", hint="give a netrunner-cards-json folder")
    cache = _cache(settings)
    doc = CardsJsonSource(folder).read()
    with cache.refresh_lock():
        cache.sweep()
        cached = read_cache(cache, load_older=True)
        _require_acceptable(doc, _in_use(cached), str(folder), force, KEPT)
        meta = cache.store(encode(doc), _meta_of(doc, SOURCE_NAME, str(folder.resolve()), {}))
    return UpdateOutcome("imported", cache.dir, meta, cached.damage)


def clear_cache(settings: DataSettings) -> ClearOutcome:
    """Remove everything cached (card data, remote decks, temporary files)."""
    cache = _cache(settings)
    if not cache.dir.is_dir():
        return ClearOutcome(removed={})
    with cache.refresh_lock():
        return cache.clear()


def cache_folder(settings: DataSettings) -> Path:
    """The cache folder in use."""
    return _cache(settings).root


def _check_and_revalidate(cache: Cache, source: NrdbV3Source) -> tuple[CachedData, bool]:
    """The cache's state, and whether NetrunnerDB answers 304 for every page it stores.

    The server is asked while the cached document is checked; its 304s count only for an
    intact cache (a damaged one is replaced whatever the server says).
    """
    from concurrent.futures import ThreadPoolExecutor

    try:
        sidecar = cache.read_meta()
    except CorruptCache:
        sidecar = None
    stored = sidecar.validators if sidecar and sidecar.url == source.base_url else {}
    with ThreadPoolExecutor(1) as background:  # a short check: Ctrl-C never waits long
        checking = background.submit(read_cache, cache, load_older=True)
        unchanged = source.unchanged(stored)
        cached = checking.result()
    return cached, unchanged and cached.db is not None and cached.meta == sidecar


def _in_use(cached: CachedData) -> CardDB:
    """The data commands use now: the intact cache unless older, else the bundled snapshot."""
    return cached.db if cached.db is not None and cached.in_use else load_bundled()


def _require_acceptable(
    doc: FactsDocument, in_use: CardDB, origin: str, force: bool, hint: str
) -> None:
    """DataUnavailableError unless the dataset is whole, consistent and (or forced) plausible."""
    problems = reference_problems(doc)
    if problems:
        raise DataUnavailableError(
            f"the card data from {origin} was not saved: it is inconsistent: {summary(problems)}",
            hint=hint,
        )
    doubts = implausible(doc, in_use)
    if doubts and not force:
        raise DataUnavailableError(
            f"the card data from {origin} was not saved: next to the data in use "
            f"({in_use.info.describe()}), {' and '.join(doubts)}",
            hint="if that really is the data you want, run again with --force; " + KEPT,
        )


def _meta_of(
    doc: FactsDocument, source: str, url: str, validators: Mapping[str, Validators]
) -> CacheMeta:
    return CacheMeta(
        source=source,
        url=url,
        fetched_at=_now(),
        sha256="",
        document="",
        dataset_date=doc.origin.dataset_date,
        validators=dict(validators),
    )


# -- status ------------------------------------------------------------------------


class FormatStatus(msgspec.Struct, frozen=True):
    """A format's active snapshot, its pool and its restriction."""

    format_id: str
    name: str
    snapshot_id: str | None
    card_pool_id: str | None
    restriction_id: str | None
    restriction_date: dt.date | None


class DataStatus(msgspec.Struct, frozen=True):
    """What ``data status`` shows."""

    description: str
    kind: str
    source: str
    dataset_date: str | None
    fetched_at: str | None
    path: str | None
    counts: dict[str, int]
    formats: tuple[FormatStatus, ...]
    warnings: tuple[str, ...]


def data_status(db: CardDB, today: dt.date) -> DataStatus:
    """Describe the data in use; warn about restrictions started after the active ones."""
    formats = tuple(_format_status(db, f) for f in sorted(db.formats))
    counts = db.counts()
    return DataStatus(
        description=db.info.describe(),
        kind=db.info.kind,
        source=db.info.source,
        dataset_date=db.info.dataset_date,
        fetched_at=db.info.fetched_at,
        path=db.info.path,
        counts={k: counts[k] for k in ("cards", "printings", "formats", "restrictions")},
        formats=formats,
        warnings=tuple(w for f in formats for w in _newer_restrictions(db, f, today)),
    )


def _format_status(db: CardDB, format_id: str) -> FormatStatus:
    fmt = db.formats[format_id]
    snap = fmt.active_snapshot
    restriction = db.restrictions.get(snap.restriction_id) if snap and snap.restriction_id else None
    return FormatStatus(
        format_id=format_id,
        name=fmt.name,
        snapshot_id=snap.id if snap else None,
        card_pool_id=snap.card_pool_id if snap else None,
        restriction_id=snap.restriction_id if snap else None,
        restriction_date=restriction.date_start if restriction else None,
    )


def _newer_restrictions(db: CardDB, status: FormatStatus, today: dt.date) -> list[str]:
    """Restrictions of the format's snapshots that have started but postdate the active one."""
    if status.snapshot_id is None:
        return []
    active_date = status.restriction_date or dt.date.min
    out = []
    seen: set[str] = set()
    for snap in db.formats[status.format_id].snapshots:
        r = db.restrictions.get(snap.restriction_id or "")
        if r is None or r.id in seen or r.id == status.restriction_id:
            continue
        seen.add(r.id)
        if active_date < r.date_start <= today:
            out.append(
                f"{status.name}: {r.name} ({r.id}) started on {r.date_start}, but this data's "
                f"active snapshot is {status.snapshot_id}"
                f"{f' ({status.restriction_id})' if status.restriction_id else ''}: "
                "run 'nrdeck data update'"
            )
    return out
