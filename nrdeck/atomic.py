"""Atomic file writes, and writing a command's ``--output FILE`` like the tools beside it.

Readers of a regular file see the old file or the new one, never half of either. A report
target that is a device or a FIFO (``/dev/null``, ``/dev/stdout``, a named pipe) is written
directly, as a shell redirection would; a symlink is written through (the link stays); an
existing file keeps its mode, a new one gets the umask's; an input of the run is refused.

A report whose target cannot be opened (no such folder, no permission) is a usage error; one
that cannot be written once opened (a full disk, an I/O error, a FIFO's reader gone) is
answered by ``nrdeck.errors.write_failure``. Either way, and after Ctrl-C or SIGTERM, the
target is left as it was and no temporary file behind.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterable
from pathlib import Path
from typing import BinaryIO

from nrdeck.errors import UsageError, write_failure

_NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)


def write_atomic(path: Path, payload: bytes, *, mode: int = 0o644) -> None:
    """Same-directory temp file, fsync, ``os.replace`` (OSError when it cannot be done).

    The folder must exist: whether to create it is the caller's decision.
    """
    file = AtomicFile(path, mode)
    try:
        file.write(payload)
        file.commit()
    finally:
        file.discard()


class AtomicFile:
    """A file written into a same-directory temp file, which replaces ``path`` (``mode``)
    once ``commit`` is called: readers see the old file or the new one. ``discard`` (after a
    failure, or always: it does nothing once committed) removes the temp file. OSError when
    it cannot be done."""

    def __init__(self, path: Path, mode: int) -> None:
        self.path = path
        self._mode = mode
        self._done = False
        self._tmp = ""
        try:
            self._handle = self._create()
        except BaseException:  # Ctrl-C or SIGTERM included: the file must not stay behind
            if self._tmp:
                Path(self._tmp).unlink(missing_ok=True)
            raise

    def _create(self) -> BinaryIO:
        """A new temp file beside the target (mode 0600), its name known before it exists, so
        that however the creation ends (an interrupt arrives between any two steps) the name
        to remove is known; ``tempfile.mkstemp`` names it only once it is made."""
        while True:
            self._tmp = str(self.path.parent / f".{self.path.name}.{os.urandom(6).hex()}.tmp")
            try:
                fd = os.open(self._tmp, _NEW_FILE, 0o600)
            except FileExistsError:
                continue
            try:
                return os.fdopen(fd, "wb")
            except BaseException:
                os.close(fd)
                raise

    def write(self, data: bytes) -> None:
        """Append bytes."""
        self._handle.write(data)

    def commit(self) -> None:
        """Flush to disk and put the file in place."""
        self._handle.flush()
        os.fsync(self._handle.fileno())
        self._handle.close()
        os.chmod(self._tmp, self._mode)  # created 0600
        os.replace(self._tmp, self.path)
        self._done = True

    def discard(self) -> None:
        """Close, and remove the temp file if it did not replace the target (never fails: a
        close that cannot write what it held, on a full disk, only loses what is thrown away)."""
        try:
            self._handle.close()
        except OSError:
            pass
        finally:
            if not self._done:
                Path(self._tmp).unlink(missing_ok=True)
                self._done = True


def write_report(path: Path, text: str, *, inputs: Iterable[Path | str] = ()) -> None:
    """Write a command's ``--output`` file (a usage error when it cannot, or is an input)."""
    refuse_inputs(path, inputs)
    report = ReportFile(path)
    try:
        report.write(text)
        report.commit()
    finally:
        report.discard()


class ReportFile:
    """A command's ``--output`` file written piece by piece, as ``write_report`` writes it
    whole: into a same-directory temp file that replaces the target once ``commit`` is called
    (a device or FIFO is written directly). A usage error when it cannot be opened, the
    answer of ``write_failure`` when it cannot be written.

    ``discard`` (after a failure, or always: it does nothing once committed) leaves the
    target as it was and no temp file behind.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._direct: BinaryIO | None = None
        self._atomic: AtomicFile | None = None
        try:
            current = _stat(path)
            if current is not None and _written_directly(path, current):
                self._direct = open(path, "wb")  # noqa: SIM115 - closed by commit or discard
                return
            target = Path(os.path.realpath(path))  # through symlinks: the link stays a link
            mode = stat.S_IMODE(current.st_mode) if current is not None else new_file_mode()
            self._atomic = AtomicFile(target, mode)
        except OSError as exc:
            raise _unwritable(path, exc) from exc

    def write(self, text: str) -> None:
        """Append text (UTF-8; what it cannot encode, backslash-escaped)."""
        data = text.encode("utf-8", "backslashreplace")
        try:
            if self._atomic is not None:
                self._atomic.write(data)
            elif self._direct is not None:
                self._direct.write(data)
        except OSError as exc:
            raise write_failure(exc, str(self.path)) from exc

    def commit(self, inputs: Iterable[Path | str] = ()) -> None:
        """Put the file in place (a usage error, the target untouched, if it is an input)."""
        refuse_inputs(self.path, inputs)
        try:
            if self._atomic is not None:
                self._atomic.commit()
            elif self._direct is not None:
                self._direct.close()
        except OSError as exc:
            raise write_failure(exc, str(self.path)) from exc

    def discard(self) -> None:
        """Close, and remove the temp file if the target was not replaced by it."""
        if self._atomic is not None:
            self._atomic.discard()
        elif self._direct is not None:
            with contextlib.suppress(OSError):  # what it held had nowhere to go: answered
                self._direct.close()


def _unwritable(path: Path, exc: OSError) -> UsageError:
    return UsageError(
        f"{path}: cannot write the report ({exc.strerror or exc})",
        hint="check that the folder exists and is writable",
    )


def refuse_inputs(path: Path, inputs: Iterable[Path | str]) -> None:
    """A usage error when the output names a file the run reads (it would be replaced)."""
    for item in inputs:
        if _same_file(path, Path(item)):
            raise UsageError(
                f"--output {path} is also an input of this run ({item}): writing the report "
                "there would replace it",
                hint="write the report to another file",
            )


def new_file_mode() -> int:
    """The mode a new file gets: 0666 less the process's umask, as ``open`` would give."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def _stat(path: Path) -> os.stat_result | None:
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None


def _written_directly(path: Path, current: os.stat_result) -> bool:
    """Devices, FIFOs and sockets, and /dev/stdout-like links into /proc: no replacing."""
    if not stat.S_ISREG(current.st_mode):
        return True
    return os.path.realpath(path).startswith("/proc/")


def _same_file(one: Path, other: Path) -> bool:
    try:
        return os.path.samefile(one, other)
    except (OSError, ValueError):
        return os.path.realpath(one) == os.path.realpath(other)
