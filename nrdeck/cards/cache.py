"""The local card-data cache: a versioned layout, atomic writes, a refresh lock.

Layout under the cache folder::

    v1/meta.json               the sidecar: source, URL, fetched_at, sha256, validators
    v1/cards-<sha256:16>.json  the facts document it names (content-addressed)
    v1/refresh.lock            held by whoever refreshes (readers never lock)

The sidecar is the commit point: a document is written first under its own name, then the
sidecar is replaced atomically. A refresh killed at any moment leaves the previous sidecar
naming the previous document, which is still there (the previous one is kept for readers
that read the old sidecar just before the switch).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import msgspec
from msgspec import field
from msgspec.structs import replace

from nrdeck.atomic import write_atomic
from nrdeck.errors import CacheError

LAYOUT = "v1"
META_NAME = "meta.json"
LOCK_NAME = "refresh.lock"
LOCK_TIMEOUT = 600.0


class CacheMeta(msgspec.Struct, frozen=True):
    """The sidecar of the cached document."""

    source: str
    url: str | None
    fetched_at: str
    sha256: str
    document: str
    dataset_date: str | None = None
    validators: Mapping[str, Mapping[str, str | None]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """Plain data for meta.json."""
        return {
            "layout": LAYOUT,
            "source": self.source,
            "url": self.url,
            "fetched_at": self.fetched_at,
            "sha256": self.sha256,
            "document": self.document,
            "dataset_date": self.dataset_date,
            "validators": {k: dict(v) for k, v in sorted(self.validators.items())},
        }

    @classmethod
    def from_json(cls, data: Any) -> CacheMeta:
        """Parse meta.json (ValueError when its shape is wrong)."""
        if not isinstance(data, dict) or data.get("layout") != LAYOUT:
            raise ValueError("not a v1 cache sidecar")
        text = ("source", "fetched_at", "sha256", "document")
        if not all(isinstance(data.get(k), str) for k in text):
            raise ValueError("sidecar lacks source, fetched_at, sha256 or document")
        validators = data.get("validators") or {}
        if not isinstance(validators, dict) or not all(
            isinstance(v, dict) for v in validators.values()
        ):
            raise ValueError("sidecar validators are not a mapping")
        if "/" in data["document"] or "\\" in data["document"]:
            raise ValueError("sidecar names a document outside the cache")
        return cls(
            source=data["source"],
            url=data.get("url"),
            fetched_at=data["fetched_at"],
            sha256=data["sha256"],
            document=data["document"],
            dataset_date=data.get("dataset_date"),
            validators=validators,
        )


class CorruptCache(Exception):
    """The cache holds something unreadable (the caller warns and falls back)."""


class Cache:
    """One cache folder. Reads never lock; refreshes hold ``refresh_lock()``."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.dir = root / LAYOUT
        self.meta_path = self.dir / META_NAME

    # -- reading (never locks, never raises on bad content: CorruptCache) --------
    def exists(self) -> bool:
        """True when a sidecar is present (valid or not)."""
        return self.meta_path.is_file()

    def stamp(self) -> bytes | None:
        """The raw sidecar, to tell whether someone refreshed meanwhile."""
        try:
            return self.meta_path.read_bytes()
        except OSError:
            return None

    def read_meta(self) -> CacheMeta | None:
        """The sidecar, None when there is no cache; CorruptCache when it is damaged."""
        raw = self.stamp()
        if raw is None:
            return None
        try:
            return CacheMeta.from_json(msgspec.json.decode(raw))
        except (ValueError, msgspec.DecodeError) as exc:
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
        lock = FileLock(str(self.dir / LOCK_NAME), timeout=timeout)
        try:
            with lock:
                yield
        except Timeout as exc:
            raise CacheError(
                f"{self.dir}: another nrdeck has been refreshing the cache for {timeout:.0f} s",
                hint="wait for it to finish, or remove the lock file if no nrdeck is running",
            ) from exc

    def ensure_writable(self) -> None:
        """Create the layout folder and prove it is writable, or raise CacheError."""
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
            import tempfile

            fd, probe = tempfile.mkstemp(prefix=".probe.", dir=self.dir)
            os.close(fd)
            os.unlink(probe)
        except OSError as exc:
            raise CacheError(
                f"cache folder {self.root} is not writable ({exc.strerror or exc})",
                hint="choose another with --cache-dir or NRDECK_CACHE_DIR, or fix its permissions",
            ) from exc

    def store(self, payload: bytes, meta: CacheMeta) -> CacheMeta:
        """Write the document, then commit the sidecar that names it; prune old documents."""
        digest = _sha256(payload)
        previous = self._previous_document()
        meta = replace(meta, sha256=digest, document=f"cards-{digest[:16]}.json")
        self._write(self.dir / meta.document, payload)
        self.write_meta(meta)
        keep = {META_NAME, LOCK_NAME, meta.document, previous}
        for path in self.dir.glob("cards-*.json"):
            if path.name not in keep:
                path.unlink(missing_ok=True)
        return meta

    def write_meta(self, meta: CacheMeta) -> None:
        """Replace the sidecar atomically."""
        import json

        text = json.dumps(meta.to_json(), indent=1, sort_keys=True) + "\n"
        self._write(self.meta_path, text.encode("utf-8"))

    def clear(self) -> int:
        """Remove every cached document and the sidecar; returns how many files went."""
        removed = 0
        if not self.dir.is_dir():
            return 0
        for path in [self.meta_path, *self.dir.glob("cards-*.json"), *self.dir.glob(".*.tmp")]:
            if path.exists():
                path.unlink()
                removed += 1
        return removed

    def _previous_document(self) -> str | None:
        try:
            meta = self.read_meta()
        except CorruptCache:
            return None
        return meta.document if meta else None

    def _write(self, path: Path, payload: bytes) -> None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, payload)
        except OSError as exc:
            raise CacheError(
                f"cannot write {path} ({exc.strerror or exc})",
                hint="check free space and permissions of the cache folder (--cache-dir)",
            ) from exc


def _sha256(payload: bytes) -> str:
    import hashlib  # deferred: only cache reads and writes need it

    return hashlib.sha256(payload).hexdigest()
