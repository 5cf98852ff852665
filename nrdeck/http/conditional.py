"""One conditional-GET cache: answers kept with their validators, revalidated, served offline.

Every answer nrdeck asks for again goes through ``ConditionalCache.get``: the validators kept
with the answer (ETag, Last-Modified) are sent back, a 304 means the kept copy stands (its
date is renewed), and a 200 the caller accepts replaces it. Where the copy is kept is a
store's business:

- ``FolderStore``: one file per URL (remote decks, Cobra's answers). An entry's name is the
  sha256 of its URL, so no URL can reach outside the folder; the entry holds a header (the
  URL, the validators, the body's size and sha256) and the body. Writes are atomic
  (same-folder temp file, fsync, ``os.replace``); reads are bounded by the caller's size
  limit; an entry that does not check out (cut short, edited, not a regular file, another
  URL's) is ``Damaged``, never a crash: ``get`` tells the cache's ``warn`` and asks for it
  again in full, and ``kept`` returns it, for an offline caller to say why it has no copy.
  A refresh (revalidating a kept entry) holds the entry's lock, and the entry is read again
  once the lock is had: an entry another nrdeck confirmed while this one waited is used
  without asking again. A first fetch takes no lock (two runs may both download it; the last
  whole copy stays). A folder that cannot be written only means nothing is kept.
- ``ValidatorMap``: the validators alone, in memory (the card data's pages: their bodies are
  compiled into the facts document, which ``nrdeck.cards.cache`` keeps with the pages'
  validators in its sidecar, under its own refresh lock).

``kept`` is the offline fallback: the copy and the day it was last confirmed.

Nothing here prints or logs: a warning goes to the ``Warn`` the caller gave (a run's
``RunWarnings``, which its command tells the user, or a server logs).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import stat
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import msgspec
from msgspec import field

from nrdeck.atomic import write_atomic
from nrdeck.http.values import ENTRY_SUFFIX, LOCK_SUFFIX, Answer, Validators, Warn

if TYPE_CHECKING:
    from filelock import BaseFileLock

    from nrdeck.http.client import HttpClient

ENTRY_FORMAT = "nrdeck-http-entry/1"
MAX_HEADER_BYTES = 8 * 1024  # a URL, two validators and a digest
LOCK_TIMEOUT = 150.0  # longer than a request's deadline: a live refresh ends before it
LOCK_POLL = 0.1


class Kept(msgspec.Struct, frozen=True):
    """A kept answer: its URL, validators, body (None: the caller keeps what it made of it),
    and when the server last confirmed it (seconds since the epoch; None: unknown)."""

    url: str
    validators: Validators
    body: bytes | None = None
    confirmed: float | None = None
    stamp: tuple[int, int, int] | None = None  # the file it was read from (inode, size, mtime)

    @property
    def date(self) -> dt.date | None:
        """The day the copy was last confirmed (UTC)."""
        if self.confirmed is None:
            return None
        return dt.datetime.fromtimestamp(self.confirmed, dt.timezone.utc).date()


class Damaged(msgspec.Struct, frozen=True):
    """A kept entry that does not check out: ignored (asked for again, or no copy offline)."""

    url: str
    path: str  # the entry's file
    why: str  # what is wrong: 'cut short or edited', 'not a regular file'…

    @property
    def said(self) -> str:
        """What is wrong and where, for a message: 'cut short or edited: …; file …/x.http'."""
        return f"{self.why}; file {self.path}"

    @property
    def refetched(self) -> str:
        """The warning when the entry is asked for again."""
        return f"ignoring the damaged cached copy of {self.url} ({self.said}): fetched again"


class Fetched(msgspec.Struct, frozen=True):
    """A conditional GET's outcome: the server's answer, and the kept copy that stands when
    the server confirmed it (a 304, or another nrdeck's refresh meanwhile)."""

    answer: Answer
    kept: Kept | None = None

    @property
    def revalidated(self) -> bool:
        """True when the kept copy stands (its body is the one to read)."""
        return self.kept is not None

    @property
    def body(self) -> bytes:
        """The body to read: the kept copy's when revalidated, else the answer's."""
        if self.kept is not None and self.kept.body is not None:
            return self.kept.body
        return self.answer.body


class Store(Protocol):
    """Where a ConditionalCache keeps answers."""

    def load(self, url: str, max_bytes: int) -> Kept | Damaged | None:
        """The kept answer for ``url`` (None when there is none; Damaged when unusable)."""

    def keep(self, url: str, answer: Answer) -> None:
        """Keep a 200 answer for ``url``."""

    def reload(self, kept: Kept, max_bytes: int) -> Kept | Damaged | None:
        """The kept answer again, read anew only if it changed since ``kept`` was read."""

    def confirm(self, kept: Kept) -> None:
        """The server confirmed the kept answer (a 304)."""

    def refreshing(
        self, url: str, cancelled: Callable[[], bool]
    ) -> contextlib.AbstractContextManager[None]:
        """Held while ``url`` is refreshed."""


def _any(answer: Answer) -> bool:
    return True


def _unheard(text: str) -> None:
    """No one to tell (a store that is never damaged)."""


class ConditionalCache:
    """Conditional GETs over a store; one per run of asking (``opened`` is when it began).

    ``warn`` is told of a damaged entry that ``get`` asks for again (once per entry read).
    """

    def __init__(self, store: Store, warn: Warn = _unheard) -> None:
        self.store = store
        self.warn = warn
        self.opened = time.time()

    def kept(self, url: str, max_bytes: int) -> Kept | Damaged | None:
        """The kept answer for ``url``, without asking (offline); Damaged: why there is none."""
        return self.store.load(url, max_bytes)

    def get(
        self,
        client: HttpClient,
        url: str,
        *,
        max_bytes: int,
        headers: Mapping[str, str] | None = None,
        follow_redirects: bool = True,
        accept: Callable[[Answer], bool] = _any,
    ) -> Fetched:
        """GET ``url``, conditionally when an answer is kept; a 200 that ``accept``\\ s is kept.

        TransferError as ``HttpClient.get`` raises it; any status is an outcome.
        """
        kept = self._told(self.store.load(url, max_bytes))
        if not isinstance(kept, Kept):  # nothing to refresh: asked in full, no lock to wait on
            return self._ask(client, url, kept, max_bytes, headers, follow_redirects, accept)
        with self.store.refreshing(url, client.cancelled.is_set):
            again = self._told(self.store.reload(kept, max_bytes))  # another run refreshed it?
            if isinstance(again, Kept) and _confirmed_since(again, self.opened):
                return Fetched(_confirmed_meanwhile(again), again)
            return self._ask(client, url, again, max_bytes, headers, follow_redirects, accept)

    def _told(self, loaded: Kept | Damaged | None) -> Kept | Damaged | None:
        """What the store holds; a damaged entry is told to ``warn`` (it is asked for again)."""
        if isinstance(loaded, Damaged):
            self.warn(loaded.refetched)
        return loaded

    def _ask(
        self,
        client: HttpClient,
        url: str,
        kept: Kept | Damaged | None,
        max_bytes: int,
        headers: Mapping[str, str] | None,
        follow_redirects: bool,
        accept: Callable[[Answer], bool],
    ) -> Fetched:
        """Ask ``url``, conditionally when a copy is kept (in full when it is damaged)."""
        held = kept if isinstance(kept, Kept) else None
        asked = {**(headers or {}), **(held.validators.headers() if held else {})}
        answer = client.get(url, asked, max_bytes=max_bytes, follow_redirects=follow_redirects)
        if answer.status == 304 and held is not None:
            self.store.confirm(held)
            return Fetched(answer, held)
        if answer.status == 200 and accept(answer):
            self.store.keep(url, answer)
        return Fetched(answer)


def _confirmed_since(kept: Kept, opened: float) -> bool:
    """True when a copy with its body was confirmed since ``opened`` (by another nrdeck)."""
    return kept.body is not None and (kept.confirmed or 0) >= opened


def _confirmed_meanwhile(kept: Kept) -> Answer:
    return Answer(kept.url, 304, "Not Modified (confirmed by another nrdeck)", b"", kept.validators)


class ValidatorMap:
    """A store of validators alone, in memory (the caller keeps what it made of the bodies)."""

    def __init__(self, known: Mapping[str, Validators] | None = None) -> None:
        self.validators: dict[str, Validators] = dict(known or {})

    def load(self, url: str, max_bytes: int) -> Kept | Damaged | None:
        """The validators kept for ``url``, when they can be sent back (never Damaged)."""
        validators = self.validators.get(url)
        return Kept(url, validators) if validators is not None and validators.usable else None

    def keep(self, url: str, answer: Answer) -> None:
        """Remember what the answer said."""
        self.validators[url] = answer.validators

    def reload(self, kept: Kept, max_bytes: int) -> Kept | Damaged | None:
        """The same validators (nobody else changes them meanwhile)."""
        return kept

    def confirm(self, kept: Kept) -> None:
        """Nothing to renew: the caller's sidecar says when."""

    def refreshing(self, url: str, cancelled: Callable[[], bool]) -> contextlib.nullcontext[None]:
        """No lock: the caller holds its own."""
        return contextlib.nullcontext()


class EntryHeader(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The first line of an entry file (decoded strictly: anything else is damage)."""

    format: str
    url: str
    size: int
    sha256: str
    validators: Validators = field(default_factory=Validators)


class EntryDamaged(Exception):
    """An entry file that does not check out (the reason)."""


class FolderStore:
    """Answers kept in a folder, one file per URL (None: nothing is kept)."""

    def __init__(self, folder: Path | None, *, lock_timeout: float = LOCK_TIMEOUT) -> None:
        self.folder = folder
        self.lock_timeout = lock_timeout

    def path(self, url: str) -> Path | None:
        """The entry file of ``url``: named by the URL's sha256, never by the URL."""
        if self.folder is None:
            return None
        return self.folder / f"{_digest(url.encode('utf-8'))[:32]}{ENTRY_SUFFIX}"

    def load(self, url: str, max_bytes: int) -> Kept | Damaged | None:
        """The entry of ``url`` (None when there is none); Damaged when it does not check out."""
        path = self.path(url)
        if path is None:
            return None
        try:
            raw, stamp = _read_bounded(path, MAX_HEADER_BYTES + max_bytes + 1)
            if raw is None or stamp is None:
                return None
            header, body = _parse_entry(raw, url, max_bytes)
        except (OSError, EntryDamaged) as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            return Damaged(url, str(path), why)
        return Kept(url, header.validators, body, stamp[2] / 1e9, stamp)

    def reload(self, kept: Kept, max_bytes: int) -> Kept | Damaged | None:
        """The entry again, read anew only if its file changed (replaced or renewed)."""
        path = self.path(kept.url)
        try:
            same = path is not None and _stamp(os.stat(path)) == kept.stamp
        except OSError:
            same = False
        return kept if same else self.load(kept.url, max_bytes)

    def keep(self, url: str, answer: Answer) -> None:
        """Write the entry atomically; a cache that cannot be written keeps nothing."""
        path = self.path(url)
        if path is None:
            return
        body = answer.body
        header = EntryHeader(ENTRY_FORMAT, url, len(body), _digest(body), answer.validators)
        with contextlib.suppress(OSError):
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, msgspec.json.encode(header) + b"\n" + body)
            # the empty lock file its refreshes will hold, made now: the lock library's own
            # first creation costs several times more, and a refresh would pay it
            os.close(os.open(path.with_suffix(LOCK_SUFFIX), os.O_WRONLY | os.O_CREAT, 0o644))

    def confirm(self, kept: Kept) -> None:
        """Renew the entry's date (the day it was last confirmed)."""
        path = self.path(kept.url)
        if path is not None:
            with contextlib.suppress(OSError):
                os.utime(path)

    @contextlib.contextmanager
    def refreshing(self, url: str, cancelled: Callable[[], bool]) -> Iterator[None]:
        """Hold the entry's lock (or go without when it cannot be had: writes stay atomic)."""
        path = self.path(url)
        if path is None:
            yield
            return
        from filelock import FileLock

        lock = FileLock(str(path.with_suffix(LOCK_SUFFIX)))
        try:  # a kept entry is refreshed: its folder is there
            held = _acquire(lock, self.lock_timeout, cancelled)
        except OSError:
            held = False
        try:
            yield
        finally:
            if held:
                lock.release()


def _acquire(lock: BaseFileLock, timeout: float, cancelled: Callable[[], bool]) -> bool:
    """Acquire ``lock`` within ``timeout`` seconds, giving up as soon as the run is cancelled."""
    from filelock import Timeout

    end = time.monotonic() + timeout
    while not cancelled():
        try:
            lock.acquire(timeout=min(LOCK_POLL, max(0.0, end - time.monotonic())))
            return True
        except Timeout:
            if time.monotonic() >= end:
                return False
    return False


def _read_bounded(path: Path, limit: int) -> tuple[bytes | None, tuple[int, int, int] | None]:
    """At most ``limit`` bytes of a regular file and its stamp (None when absent)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    except FileNotFoundError:
        return None, None
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise EntryDamaged("not a regular file")
        return handle.read(limit), _stamp(info)


def _stamp(info: os.stat_result) -> tuple[int, int, int]:
    """What changes when an entry file is replaced or renewed."""
    return (info.st_ino, info.st_size, info.st_mtime_ns)


def _parse_entry(raw: bytes, url: str, max_bytes: int) -> tuple[EntryHeader, bytes]:
    """The header and body of an entry, checked (EntryDamaged saying what is wrong)."""
    end = raw.find(b"\n", 0, MAX_HEADER_BYTES)
    if end < 0:
        raise EntryDamaged("no header")
    try:
        header = msgspec.json.decode(raw[:end], type=EntryHeader)
    except msgspec.DecodeError as exc:
        raise EntryDamaged(f"unreadable header: {str(exc)[:200]}") from None
    if header.format != ENTRY_FORMAT or header.url != url:
        raise EntryDamaged("not an entry of this nrdeck for this URL")
    body = raw[end + 1 :]
    if len(body) > max_bytes:
        raise EntryDamaged("larger than the answer's size limit")
    if len(body) != header.size or _digest(body) != header.sha256:
        raise EntryDamaged("cut short or edited: its body does not match its sha256")
    return header, body


def _digest(data: bytes) -> str:
    import hashlib  # deferred: a run that reads no entry never needs it

    return hashlib.sha256(data).hexdigest()
