"""nrdeck.atomic: a file written whole or not at all, and ``--output``'s report file.

A full disk is injected at the writer's seam (the temporary file's handle), where a real one
would show: the write, or the flush when the file is put in place. Whatever fails, the target
is left as it was and no temporary file is left beside it.
"""

from __future__ import annotations

import errno
import io
import os
from pathlib import Path

import pytest

from nrdeck import atomic
from nrdeck.atomic import AtomicFile, ReportFile, write_atomic, write_report
from nrdeck.errors import ExitCode, NrdeckError, OutputError, ReaderGone, Terminated, UsageError

OLD = "the previous report\n"


class FullDisk(io.RawIOBase):
    """A file that takes ``room`` bytes, then fails with ``error`` as a full disk does."""

    def __init__(self, fd: int, room: int, error: int = errno.ENOSPC) -> None:
        self._fd, self._room, self._error = fd, room, error

    def writable(self) -> bool:
        return True

    def write(self, data: object) -> int:
        view = memoryview(data)  # type: ignore[arg-type]
        if len(view) > self._room:
            raise OSError(self._error, os.strerror(self._error))
        self._room -= len(view)
        return os.write(self._fd, view)

    def fileno(self) -> int:
        return self._fd

    def close(self) -> None:
        if not self.closed:
            os.close(self._fd)
        super().close()


@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every temporary file the atomic writer opens has room for 10 bytes."""
    monkeypatch.setattr(atomic.os, "fdopen", lambda fd, mode: io.BufferedWriter(FullDisk(fd, 10)))


def _left(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_write_atomic_on_a_full_disk_fails_and_leaves_the_file_as_it_was(
    tmp_path: Path, full_disk: None
) -> None:
    target = tmp_path / "cards.json"
    target.write_text(OLD, encoding="utf-8")
    with pytest.raises(OSError) as info:
        write_atomic(target, b"x" * 100_000)
    assert info.value.errno == errno.ENOSPC
    assert _left(tmp_path) == ["cards.json"] and target.read_text("utf-8") == OLD


@pytest.mark.parametrize("size", [100, 100_000], ids=["at the flush", "while writing"])
def test_a_report_on_a_full_disk_is_exit_5_and_leaves_no_temporary_file(
    tmp_path: Path, full_disk: None, size: int
) -> None:
    target = tmp_path / "report.json"
    target.write_text(OLD, encoding="utf-8")
    with pytest.raises(OutputError) as info:
        write_report(target, "x" * size)
    assert info.value.exit_code == ExitCode.WRITE_FAILED
    assert _left(tmp_path) == ["report.json"] and target.read_text("utf-8") == OLD


def test_a_report_written_piece_by_piece_is_discarded_whole_after_a_full_disk(
    tmp_path: Path, full_disk: None
) -> None:
    target = tmp_path / "report.txt"
    report = ReportFile(target)
    try:
        with pytest.raises(OutputError):
            for _ in range(10_000):
                report.write("one deck's piece\n")
    finally:
        report.discard()  # what the sink does on the way out: it must not fail again
    assert _left(tmp_path) == []


def test_an_interrupt_while_writing_leaves_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "report.txt"
    report = ReportFile(target)
    report.write("the first decks\n")
    assert len(_left(tmp_path)) == 1  # the temporary file
    report.discard()  # what leaving the sink's block by Ctrl-C or SIGTERM does
    assert _left(tmp_path) == []


def test_a_discarded_temporary_file_goes_even_when_its_close_fails(
    tmp_path: Path, full_disk: None
) -> None:
    file = AtomicFile(tmp_path / "x.json", 0o644)
    file.write(b"x" * 100)  # held in the buffer: the close's flush finds the disk full
    file.discard()
    assert _left(tmp_path) == []


def test_a_fifo_whose_reader_left_is_141(monkeypatch: pytest.MonkeyPatch) -> None:
    def gone(path: object, mode: str) -> io.BufferedWriter:
        return io.BufferedWriter(FullDisk(os.open(os.devnull, os.O_WRONLY), 0, errno.EPIPE))

    monkeypatch.setattr(atomic, "open", gone, raising=False)
    report = ReportFile(Path(os.devnull))  # not a regular file: written directly, as a FIFO
    with pytest.raises(ReaderGone) as info:
        report.write("x" * 100_000)
    report.discard()
    assert info.value.exit_code == ExitCode.BROKEN_PIPE


def test_a_report_whose_folder_is_missing_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(NrdeckError) as info:
        write_report(tmp_path / "no-such-folder" / "report.txt", "x")
    assert isinstance(info.value, UsageError) and info.value.exit_code == ExitCode.USAGE


@pytest.mark.parametrize("interrupt", [KeyboardInterrupt, Terminated], ids=["Ctrl-C", "SIGTERM"])
def test_an_interrupt_while_the_temporary_file_is_made_leaves_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, interrupt: type[BaseException]
) -> None:
    def interrupted(fd: int, mode: str) -> io.BufferedWriter:
        raise interrupt

    monkeypatch.setattr(atomic.os, "fdopen", interrupted)
    with pytest.raises(interrupt):
        ReportFile(tmp_path / "report.json")
    assert _left(tmp_path) == []
