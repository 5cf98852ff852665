"""Atomic file writes, and writing a command's ``--output FILE`` like the tools beside it.

Readers of a regular file see the old file or the new one, never half of either. A report
target that is a device or a FIFO (``/dev/null``, ``/dev/stdout``, a named pipe) is written
directly, as a shell redirection would; a symlink is written through (the link stays); an
existing file keeps its mode, a new one gets the umask's; an input of the run is refused.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from pathlib import Path

from nrdeck.errors import UsageError


def write_atomic(path: Path, payload: bytes, *, mode: int = 0o644) -> None:
    """Same-directory temp file, fsync, ``os.replace`` (OSError when it cannot be done).

    The folder must exist: whether to create it is the caller's decision.
    """
    import tempfile  # only writers pay for it

    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, mode)  # mkstemp creates 0600
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_report(path: Path, text: str, *, inputs: Iterable[Path | str] = ()) -> None:
    """Write a command's ``--output`` file (a usage error when it cannot, or is an input)."""
    refuse_inputs(path, inputs)
    payload = text.encode("utf-8", "backslashreplace")
    try:
        current = _stat(path)
        if current is not None and _written_directly(path, current):
            with open(path, "wb") as handle:
                handle.write(payload)
            return
        target = Path(os.path.realpath(path))  # through symlinks: the link stays a link
        mode = stat.S_IMODE(current.st_mode) if current is not None else new_file_mode()
        write_atomic(target, payload, mode=mode)
    except OSError as exc:
        raise UsageError(
            f"{path}: cannot write the report ({exc.strerror or exc})",
            hint="check that the folder exists and is writable",
        ) from exc


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
