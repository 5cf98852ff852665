"""Card-data use cases: build a snapshot, update/import the cache, report status, clear."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec
from msgspec.structs import replace

from nrdeck.app.inputs.cards import (
    CachedData,
    DataSettings,
    default_cache_dir,
    load_bundled,
    load_database,
    read_cache,
)
from nrdeck.app.inputs.files import require_folder
from nrdeck.atomic import write_atomic
from nrdeck.cards.bundled import rule_tables
from nrdeck.cards.cache import Cache, CacheMeta, ClearOutcome, CorruptCache
from nrdeck.cards.consistency import implausible, reference_problems, summary
from nrdeck.cards.document import (
    compiled,
    decode,
    encode,
    encode_titles,
    info_of,
    loader,
    require_consistent,
)
from nrdeck.catalog import TEXT_FACTS, CardDB, FactsDocument, catalog_path, titles_path
from nrdeck.errors import DataUnavailableError, UsageError
from nrdeck.http import DEFAULT_API_URL, HttpSettings, Validators
from nrdeck.report.safe import one_line
from nrdeck.results.status import DataStatus, FormatStatus
from nrdeck.rules.calendar import (
    cap_disagreements,
    format_timeline,
    list_name_warnings,
    own_lists,
    stale_data,
)
from nrdeck.rules.datahealth import correction_states, missing_named_ids

__all__ = [
    "BuildOutcome",
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


class BuildOutcome(msgspec.Struct, frozen=True):
    """What ``data build`` wrote: its size, the titles file and the catalogue beside it, and
    the keys of the data nrdeck does not know."""

    size: int
    warnings: tuple[str, ...] = ()
    titles: Path | None = None
    titles_size: int = 0
    catalog: Path | None = None


def built_files(out: Path) -> tuple[Path, ...]:
    """Every file ``data build --out OUT`` writes: the card data, and its titles and catalogue
    beside it. The one list of them: the refresh script commits these, and a test holds it."""
    return (out, titles_path(out), catalog_path(out))


def build_snapshot(source_dir: Path, out: Path, dataset_date: str | None = None) -> BuildOutcome:
    """Build the facts-only document from a netrunner-cards-json folder, and the titles file
    beside it (``cards.json`` -> ``cards.titles.json``): a pinned copy needs both."""
    from nrdeck.cards.cardsjson import CardsJsonSource

    if str(out) == "-":
        raise UsageError(
            f"--out {out}: data build writes three files, the card data, and its titles and "
            "catalogue beside it",
            hint="name a file such as .nrdeck/cards.json",
        )
    require_folder(source_dir, "a netrunner-cards-json folder")
    source = CardsJsonSource(source_dir, dataset_date)
    doc = source.read()
    require_consistent(doc, str(source_dir))
    payload = encode(doc)
    titles_doc = source.titles(doc)
    titles = encode_titles(titles_doc)
    out.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(titles_path(out), titles)
    write_atomic(out, payload)
    write_atomic(catalog_path(out), compiled(payload, doc, titles_doc))
    return BuildOutcome(
        len(payload), new_data_warnings(doc), titles_path(out), len(titles), catalog_path(out)
    )


def new_data_warnings(doc: FactsDocument) -> tuple[str, ...]:
    """What to say about new card data: keys nrdeck does not understand (recorded in the
    document), and ids of nrdeck's own rules and tables that the data does not have."""
    unknown = [
        f"{rule.describe()}; it is recorded, and checks under it will say so"
        for rule in doc.unknown_rules
    ]
    db = CardDB.from_document(doc, info_of(doc, "new", None), rule_tables())
    return (*unknown, *table_warnings(db))


def table_warnings(db: CardDB) -> list[str]:
    """nrdeck's rules and tables next to this data: ids it renamed, caps it contradicts."""
    reference = load_bundled()
    return [
        *missing_named_ids(db, reference),
        *cap_disagreements(db),
        *list_name_warnings(db, reference),
    ]


class UpdateOutcome(msgspec.Struct, frozen=True):
    """What ``data update`` or ``data import`` did to the cache, and what to warn about."""

    action: str  # "updated", "unchanged", "refreshed-elsewhere", "imported"
    path: Path
    meta: CacheMeta | None
    repaired: str | None = None  # why the cache it replaced could not be used
    warnings: tuple[str, ...] = ()  # keys of the new data that nrdeck does not understand


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
            if cached.db is not None and cached.db.stored is None:
                _compile_cached(cache, fresh)
            cache.write_meta(fresh)
            return UpdateOutcome("unchanged", cache.dir, fresh)
        doc = source.read()  # pages that changed were already had while revalidating
        _require_acceptable(doc, _in_use(cached), source.base_url, force, HINT)
        meta = _meta_of(doc, SOURCE_NAME, source.base_url, source.validators)
        payload = encode(doc)
        stored_meta = cache.store(payload, meta, catalog=compiled(payload, doc, None))
        warnings = new_data_warnings(doc)
        return UpdateOutcome("updated", cache.dir, stored_meta, cached.damage, warnings)


def import_folder(settings: DataSettings, folder: Path, *, force: bool = False) -> UpdateOutcome:
    """Read a netrunner-cards-json folder (validated like ``data build``) into the cache."""
    from nrdeck.cards.cardsjson import SOURCE_NAME, CardsJsonSource

    require_folder(folder, "a netrunner-cards-json folder")
    cache = _cache(settings)
    source = CardsJsonSource(folder)
    doc = source.read()
    titles_doc = source.titles(doc)
    titles = encode_titles(titles_doc)
    with cache.refresh_lock():
        cache.sweep()
        cached = read_cache(cache, load_older=True)
        _require_acceptable(doc, _in_use(cached), str(folder), force, KEPT)
        meta = _meta_of(doc, SOURCE_NAME, str(folder.resolve()), {})
        payload = encode(doc)
        meta = cache.store(payload, meta, titles, compiled(payload, doc, titles_doc))
    return UpdateOutcome("imported", cache.dir, meta, cached.damage, new_data_warnings(doc))


def _compile_cached(cache: Cache, meta: CacheMeta) -> None:
    """Compile the catalogue of a cached document that has none (cached before nrdeck
    compiled them) or a damaged one, so that checks stop decoding the document."""
    try:
        raw = cache.read_document(meta)
        doc = decode(raw, str(cache.dir / meta.document))
    except (CorruptCache, DataUnavailableError):
        return  # checks read the document, and say what is wrong with it
    titles, _ = loader(cache.titles_path(meta))()  # none: checks fall back as the JSON does
    cache.store_catalog(meta, compiled(raw, doc, titles))


def clear_cache(settings: DataSettings) -> ClearOutcome:
    """Remove everything cached (card data, remote decks, temporary files)."""
    cache = _cache(settings)
    if not cache.present():
        return ClearOutcome(removed={})
    with cache.refresh_lock():
        return cache.clear()


def cache_folder(settings: DataSettings) -> Path:
    """The cache folder in use."""
    return _cache(settings).root


def _check_and_revalidate(cache: Cache, source: NrdbV3Source) -> tuple[CachedData, bool]:
    """The cache's state, and whether NetrunnerDB answers 304 for every page it stores.

    The server is asked while the cached document is checked; its 304s count only for an
    intact cache (a damaged one is replaced whatever the server says, downloaded in full)
    whose cards carry the facts this nrdeck reads from card text (one built before is fetched
    again to get them). Intact means the document too, checked against its sha256: commands
    read the catalogue compiled from it, so nothing else would notice a damaged document.
    """
    from concurrent.futures import ThreadPoolExecutor

    try:
        sidecar = cache.read_meta()
    except CorruptCache:
        sidecar = None
    stored = sidecar.validators if sidecar and sidecar.url == source.base_url else {}
    with ThreadPoolExecutor(1) as background:  # a short check: Ctrl-C never waits long
        checking = background.submit(_read_checked, cache)
        unchanged = source.unchanged(stored)
        cached = checking.result()
    current = cached.db is not None and cached.db.text_facts >= TEXT_FACTS
    intact = cached.damage is None and cached.meta == sidecar
    return cached, unchanged and current and intact


def _read_checked(cache: Cache) -> CachedData:
    """The cache's state, its document checked against its sha256 (``damage`` says why not)."""
    cached = read_cache(cache, load_older=True)
    if cached.db is None or cached.meta is None:
        return cached
    try:
        cache.read_document(cached.meta)
    except CorruptCache as exc:
        return replace(cached, damage=one_line(str(exc)))
    return cached


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


def status_run(data: DataSettings, today: dt.date | None = None) -> DataStatus:
    """``data status``: load the card data in use and describe it on ``today`` (the clock's)."""
    db = load_database(data)
    report = data_status(db, today or dt.date.today())
    return replace(report, warnings=(*db.info.warnings, *report.warnings))


def data_status(db: CardDB, today: dt.date) -> DataStatus:
    """Describe the data in use and what is in force today; warn about what it cannot know."""
    formats = tuple(_format_status(db, f, today) for f in sorted(db.formats))
    counts = db.counts()
    stale = stale_data(db.info, today)
    return DataStatus(
        description=db.info.describe(),
        kind=db.info.kind,
        source=db.info.source,
        dataset_date=db.info.dataset_date,
        fetched_at=db.info.fetched_at,
        path=db.info.path,
        counts={k: counts[k] for k in ("cards", "printings", "formats", "restrictions")},
        formats=formats,
        corrections=tuple(correction_states(db)),
        today=today,
        warnings=(
            *(w for f in formats for w in _lists_without_snapshot(db, f, today)),
            *(r.describe() for r in db.unknown_rules),
            *table_warnings(db),
            *((stale,) if stale else ()),
        ),
    )


def _format_status(db: CardDB, format_id: str, today: dt.date) -> FormatStatus:
    fmt = db.formats[format_id]
    period = format_timeline(db, format_id).at(today)
    active = fmt.active_snapshot
    return FormatStatus(
        format_id=format_id,
        name=fmt.name,
        snapshot_id=period.snapshot.id if period else None,
        card_pool_id=period.card_pool_id if period else None,
        restriction_id=period.restriction_id if period else None,
        since=period.start if period else None,
        active_snapshot_id=active.id if active else None,
    )


def _lists_without_snapshot(db: CardDB, status: FormatStatus, today: dt.date) -> list[str]:
    """Ban lists of the format that have started, newer than today's, that no snapshot uses.

    NetrunnerDB publishes a list before (or without) a snapshot that puts it in force; until
    it has one, nrdeck cannot know the pool it goes with, and checks keep today's period. The
    copies of Startup lists filed under Standard for NetrunnerDB's classic site are not
    Standard's lists.
    """
    used = {s.restriction_id for s in db.snapshots_of(status.format_id)}
    since = status.since or dt.date.min
    return [
        f"{status.name}: {r.name} ({r.id}) started on {r.date_start}, but NetrunnerDB has no "
        f"snapshot for it yet, so checks use {status.snapshot_id or 'no period'}"
        f"{f' ({status.restriction_id})' if status.restriction_id else ''}"
        for r in own_lists(db, status.format_id)
        if r.id not in used and since < r.date_start <= today
    ]
