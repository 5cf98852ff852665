"""The local card-data cache: a versioned layout, atomic writes, a refresh lock.

Layout under the cache folder::

    v1/meta.json                 the sidecar: source, URL, fetched_at, sha256, validators
    v1/cards-<sha256:16>.json    the facts document it names (content-addressed)
    v1/titles-<sha256:16>.json   the document's titles in other languages (when it has any)
    v1/cards-<sha256:16>.catalog the document compiled for lookup (``nrdeck.catalog.store``;
                                 none in a cache written before nrdeck compiled catalogues)
    v1/decks/                    remote decks (``nrdeck.decklist.nrdb_url``)
    v1/cobra/                    Cobra's answers (``nrdeck.cobra``); both folders are
                                 the conditional cache's (``nrdeck.http.conditional``)
    v1/refresh.lock              held by whoever refreshes (readers never lock)

The sidecar is the commit point: a document, its titles and its catalogue are written first
under their own names, then the sidecar is replaced atomically. A refresh killed at any moment
leaves the previous sidecar naming the previous document, which is still there (the previous
one is kept for readers that read the old sidecar just before the switch); the temporary files
it leaves behind are removed by the next refresh. A catalogue is used only when its recorded
document size is that of the document beside it, else the document is decoded.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Annotated

import msgspec
from msgspec import field
from msgspec.structs import replace

from nrdeck.atomic import write_atomic
from nrdeck.catalog import catalog_path
from nrdeck.errors import CacheError
from nrdeck.http import Validators
from nrdeck.http.values import ENTRY_SUFFIX
from nrdeck.http.values import LOCK_SUFFIX as ENTRY_LOCK

LAYOUT = "v1"
META_NAME = "meta.json"
LOCK_NAME = "refresh.lock"
DECKS_NAME = "decks"
ANSWERS = (DECKS_NAME, "cobra")  # the conditional cache's folders (nrdeck.http.conditional)
DECK_SUFFIXES = (ENTRY_SUFFIX, ".json")  # an entry, or a copy an older nrdeck kept
LOCK_TIMEOUT = 600.0
STALE_TEMP_SECONDS = 3600.0  # an unlocked temporary file older than this was left by a kill
PROBE_PREFIX = ".probe."
_DOCUMENT = r"^cards-[0-9a-f]{16}\.json$"


class CacheMeta(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The sidecar of the cached document, decoded strictly (wrong types are damage)."""

    source: str
    url: str | None
    fetched_at: Annotated[str, msgspec.Meta(min_length=10, max_length=64)]
    sha256: Annotated[str, msgspec.Meta(pattern=r"^([0-9a-f]{64})?$")]
    document: Annotated[str, msgspec.Meta(pattern=rf"{_DOCUMENT}|^$")]
    dataset_date: Annotated[str, msgspec.Meta(pattern=r"^\d{4}-\d{2}-\d{2}")] | None = None
    validators: Mapping[str, Validators] = field(default_factory=dict)
    layout: str = LAYOUT

    def encode(self) -> bytes:
        """meta.json's bytes (sorted keys, one field a line)."""
        return msgspec.json.format(msgspec.json.encode(self, order="sorted"), indent=1) + b"\n"

    @classmethod
    def decode(cls, raw: bytes) -> CacheMeta:
        """Parse meta.json (ValueError saying what is wrong)."""
        try:
            meta = msgspec.json.decode(raw, type=cls)
        except (msgspec.DecodeError, RecursionError) as exc:
            raise ValueError(str(exc)) from exc
        if meta.layout != LAYOUT or not meta.document or not meta.sha256:
            raise ValueError("not a complete v1 cache sidecar")
        return meta


class CorruptCache(Exception):
    """The cache holds something unreadable (the caller warns and falls back)."""


class ClearOutcome(msgspec.Struct, frozen=True):
    """What ``clear`` removed (files by kind) and what it kept, with why."""

    removed: dict[str, int]
    kept: tuple[str, ...] = ()


class Cache:
    """One cache folder. Reads never lock; refreshes hold ``refresh_lock()``."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.dir = root / LAYOUT
        self.meta_path = self.dir / META_NAME
        self.lock_path = self.dir / LOCK_NAME

    # -- reading (never locks, never raises on bad content: CorruptCache) --------
    def exists(self) -> bool:
        """True when a sidecar is present (valid or not)."""
        return self.meta_path.exists() or self.meta_path.is_symlink()

    def stamp(self) -> bytes | None:
        """The raw sidecar, to tell whether someone refreshed meanwhile."""
        try:
            return self.meta_path.read_bytes()
        except OSError:
            return None

    def read_meta(self) -> CacheMeta | None:
        """The sidecar, None when there is no cache; CorruptCache when it is damaged."""
        try:
            raw = self.meta_path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise CorruptCache(f"{self.meta_path}: {exc.strerror or exc}") from exc
        try:
            return CacheMeta.decode(raw)
        except ValueError as exc:
            raise CorruptCache(f"{self.meta_path}: {exc}") from exc

    def read_document(self, meta: CacheMeta) -> bytes:
        """The bytes of the document the sidecar names, checked against its sha256."""
        path = self.dir / meta.document
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise CorruptCache(f"{path}: {exc.strerror or exc}") from exc
        if _sha256(raw) != meta.sha256:
            raise CorruptCache(f"{path}: content does not match its sha256 (truncated or edited)")
        return raw

    # -- writing (callers hold the refresh lock) ---------------------------------
    @contextlib.contextmanager
    def refresh_lock(self, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
        """Hold the refresh lock (a clear CacheError when the folder is not usable)."""
        from filelock import FileLock, Timeout

        self.ensure_writable()
        self._replace_foreign_lock()
        lock = FileLock(str(self.lock_path), timeout=timeout)
        try:
            with lock:
                yield
        except Timeout as exc:
            raise CacheError(
                f"{self.dir}: another nrdeck has been refreshing the cache for {timeout:.0f} s",
                hint="wait for it to finish, or remove the lock file if no nrdeck is running",
            ) from exc
        except OSError as exc:
            if exc.filename != str(self.lock_path):
                raise
            raise CacheError(
                f"cannot lock {self.lock_path} ({exc.strerror or exc})",
                hint="remove that file if no nrdeck is running, or choose another --cache-dir",
            ) from exc

    def ensure_writable(self) -> None:
        """Create the layout folder and prove it is writable, or raise CacheError."""
        try:
            if self.dir.is_symlink() or (self.dir.exists() and not self.dir.is_dir()):
                self.dir.unlink()  # a file where the layout folder belongs: not ours to keep
            self.dir.mkdir(parents=True, exist_ok=True)
            import tempfile

            fd, probe = tempfile.mkstemp(prefix=PROBE_PREFIX, dir=self.dir)  # not under the lock
            os.close(fd)
            Path(probe).unlink(missing_ok=True)
        except OSError as exc:
            raise CacheError(
                f"cache folder {self.root} is not writable ({exc.strerror or exc})",
                hint="choose another with --cache-dir or NRDECK_CACHE_DIR, or fix its permissions",
            ) from exc

    def sweep(self) -> int:
        """Remove the temporary files that killed writers left behind; returns how many."""
        removed = sum(_unlink(path) for path in self.dir.glob(".*.tmp"))
        # files written without the lock: those of another run may be in use right now
        unlocked = [
            *self.dir.glob(f"{PROBE_PREFIX}*"),
            *(path for name in ANSWERS for path in (self.dir / name).glob(".*.tmp")),
        ]
        now = time.time()
        for path in unlocked:
            with contextlib.suppress(OSError):
                if now - path.lstat().st_mtime > STALE_TEMP_SECONDS:
                    removed += _unlink(path)
        return removed

    def store(
        self,
        payload: bytes,
        meta: CacheMeta,
        titles: bytes | None = None,
        catalog: bytes | None = None,
    ) -> CacheMeta:
        """Write the document (and its titles and catalogue), then commit the sidecar that
        names it; prune old documents."""
        digest = _sha256(payload)
        previous = self._previous_document()
        meta = replace(meta, sha256=digest, document=f"cards-{digest[:16]}.json")
        self._write(self.dir / meta.document, payload)
        self._write_or_remove(self.titles_path(meta), titles)
        self._write_or_remove(self.catalog_path(meta), catalog)
        self.write_meta(meta)
        keep = {meta.document, previous}
        keep |= {_titles_name(name) for name in keep if name}
        keep |= {catalog_path(Path(name)).name for name in keep if name}
        for pattern in ("cards-*.json", "titles-*.json", "cards-*.catalog"):
            for path in self.dir.glob(pattern):
                if path.name not in keep:
                    _unlink(path)
        return meta

    def store_catalog(self, meta: CacheMeta, catalog: bytes) -> None:
        """Write the catalogue of the document the sidecar names (one cached without it)."""
        self._write(self.catalog_path(meta), catalog)

    def titles_path(self, meta: CacheMeta) -> Path:
        """Where the titles of the document the sidecar names are (when it has any)."""
        return self.dir / _titles_name(meta.document)

    def catalog_path(self, meta: CacheMeta) -> Path:
        """Where the catalogue of the document the sidecar names is (when it has one)."""
        return catalog_path(self.dir / meta.document)

    def write_meta(self, meta: CacheMeta) -> None:
        """Replace the sidecar atomically."""
        self._write(self.meta_path, meta.encode())

    def present(self) -> bool:
        """True when the cache folder exists (nothing was ever cached otherwise)."""
        return self.dir.is_dir()

    def clear(self) -> ClearOutcome:
        """Remove everything cached: card data, remote decks, temporary files (not the lock)."""
        removed = {"card data": 0, "cached decks": 0, "other": 0}
        if not self.dir.is_dir():
            return ClearOutcome(removed)
        decks = self.dir / DECKS_NAME
        if decks.is_dir() and not decks.is_symlink():
            for path in decks.iterdir():
                if path.suffix == ENTRY_LOCK:  # an entry's empty lock: part of the entry
                    _remove(path)
                    continue
                kind = "cached decks" if path.suffix in DECK_SUFFIXES else "other"
                removed[kind] += _remove(path)
            with contextlib.suppress(OSError):
                decks.rmdir()
        for path in self.dir.iterdir():
            if path.name == LOCK_NAME and not path.is_symlink():
                continue
            card_data = path.name == META_NAME or path.name.startswith(("cards-", "titles-"))
            removed["card data" if card_data else "other"] += _remove(path)
        return ClearOutcome(removed, kept=(LOCK_NAME,) if self.lock_path.exists() else ())

    def _replace_foreign_lock(self) -> None:
        """A lock path that is a link or a folder is not ours: remove it (never its target)."""
        path = self.lock_path
        with contextlib.suppress(FileNotFoundError):
            if path.is_symlink():
                path.unlink()
            elif path.is_dir():
                shutil.rmtree(path)

    def _previous_document(self) -> str | None:
        try:
            meta = self.read_meta()
        except CorruptCache:
            return None
        return meta.document if meta else None

    def _write_or_remove(self, path: Path, payload: bytes | None) -> None:
        """Write ``payload`` at ``path``, or remove what is there when there is none."""
        if payload is not None:
            self._write(path, payload)
        else:
            _unlink(path)

    def _write(self, path: Path, payload: bytes) -> None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path)  # a folder where a cache file belongs
            write_atomic(path, payload)
        except OSError as exc:
            raise CacheError(
                f"cannot write {path} ({exc.strerror or exc})",
                hint="check free space and permissions of the cache folder (--cache-dir)",
            ) from exc


def _titles_name(document: str) -> str:
    """'cards-<digest>.json' -> 'titles-<digest>.json'."""
    return "titles-" + document.removeprefix("cards-")


def _remove(path: Path) -> int:
    """Remove a file, link or folder; how many files went (a folder counts its files)."""
    if path.is_dir() and not path.is_symlink():
        count = sum(1 for p in path.rglob("*") if not p.is_dir())
        shutil.rmtree(path, ignore_errors=True)
        return count
    return _unlink(path)


def _unlink(path: Path) -> int:
    try:
        path.unlink()
    except FileNotFoundError:
        return 0
    except OSError as exc:
        if exc.errno in (errno.EISDIR, errno.EPERM):
            return 0
        raise
    return 1


def _sha256(payload: bytes) -> str:
    import hashlib  # deferred: only cache reads and writes need it

    return hashlib.sha256(payload).hexdigest()
