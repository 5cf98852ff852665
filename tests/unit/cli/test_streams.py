"""nrdeck.cli.streams: what a run does when its standard streams cannot take what it writes.

In the process itself; tests/acceptance/test_write_errors.py runs the console script into
each failure for every command.
"""

from __future__ import annotations

import errno
import io
import os
import signal
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from nrdeck.cli.streams import StandardStream, run_guarded, write_error_text, write_text
from nrdeck.errors import ExitCode, OutputError, ReaderGone, Terminated, write_failure


@pytest.fixture
def pipe_without_reader() -> Iterator[io.TextIOWrapper]:
    read, write = os.pipe()
    os.close(read)
    with open(write, "w", encoding="utf-8") as stream:
        yield stream


def test_a_stream_closed_at_the_start_fails_as_a_closed_descriptor() -> None:
    with pytest.raises(OutputError) as info:
        StandardStream(None, explains=False).write("nrdeck 1.0\n")
    assert info.value.exit_code == ExitCode.WRITE_FAILED
    assert not StandardStream(None, explains=False).isatty()


def test_a_pipe_whose_reader_left_is_141(pipe_without_reader: io.TextIOWrapper) -> None:
    with pytest.raises(ReaderGone):
        write_text("a report\n", pipe_without_reader)
    with pytest.raises(ReaderGone):
        StandardStream(pipe_without_reader, explains=False).write("help\n")


def test_standard_error_drops_what_it_cannot_write(
    pipe_without_reader: io.TextIOWrapper, monkeypatch: pytest.MonkeyPatch
) -> None:
    StandardStream(None, explains=True).write("a note\n")
    StandardStream(pipe_without_reader, explains=True).write("a note\n")
    with open("/dev/full", "w", encoding="utf-8") as full:
        monkeypatch.setattr(sys, "stderr", full)
        write_error_text("a summary\n")
        StandardStream(full, explains=True).write("a warning\n")


def test_a_standard_stream_has_no_buffer_to_write_around_it() -> None:
    assert not hasattr(StandardStream(sys.__stdout__, explains=False), "buffer")


Guarded = Callable[[Callable[[], object]], tuple[int, str]]


@pytest.fixture
def guarded(
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[Callable[[Callable[[], object]], tuple[int, str]]]:
    """run_guarded in this process: its status and what it said on stderr (the streams and
    the SIGTERM handler it puts in place are put back after the test)."""
    handler = signal.getsignal(signal.SIGTERM)

    def run(body: Callable[[], object]) -> tuple[int, str]:
        said = io.StringIO()
        monkeypatch.setattr(sys, "stdout", io.StringIO())
        monkeypatch.setattr(sys, "stderr", said)
        with pytest.raises(SystemExit) as stop:
            run_guarded(body)
        assert isinstance(stop.value.code, int)
        return stop.value.code, said.getvalue()

    yield run
    signal.signal(signal.SIGTERM, handler)


def _raise(error: BaseException) -> Callable[[], object]:
    def body() -> object:
        raise error

    return body


def test_a_failed_write_around_the_command_is_its_answer(
    guarded: Guarded,
) -> None:
    full = write_failure(OSError(errno.ENOSPC, "No space left on device"), "standard output")
    status, said = guarded(_raise(full))
    assert status == ExitCode.WRITE_FAILED and said.count("\n") == 1
    gone = write_failure(OSError(errno.EPIPE, "Broken pipe"), "standard output")
    assert guarded(_raise(gone))[0] == ExitCode.BROKEN_PIPE


def _silent_130(interrupt: KeyboardInterrupt) -> Callable[[], object]:
    """What Typer does with an interrupt before the command: status 130, nothing said."""

    def body() -> object:
        try:
            raise interrupt
        except KeyboardInterrupt as exc:
            raise SystemExit(130) from exc

    return body


@pytest.mark.parametrize(
    ("interrupt", "status", "line"),
    [
        (KeyboardInterrupt(), ExitCode.INTERRUPTED, "nrdeck: interrupted\n"),
        (Terminated(), ExitCode.TERMINATED, "nrdeck: terminated\n"),
    ],
    ids=["Ctrl-C", "SIGTERM"],
)
def test_an_interrupt_typer_kept_quiet_is_told_once(
    guarded: Guarded,
    interrupt: KeyboardInterrupt,
    status: int,
    line: str,
) -> None:
    assert guarded(_silent_130(interrupt)) == (status, line)
    assert guarded(_raise(interrupt)) == (status, line)


def test_sigterm_is_raised_where_the_run_is(guarded: Guarded) -> None:
    reached: list[str] = []

    def body() -> None:
        try:
            os.kill(os.getpid(), signal.SIGTERM)
            for _ in range(1000):  # the handler runs at the next instruction
                Path(os.devnull).exists()
            reached.append("the end")
        finally:
            reached.append("cleanup")

    assert guarded(body) == (ExitCode.TERMINATED, "nrdeck: terminated\n")
    assert reached == ["cleanup"]
