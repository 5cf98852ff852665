"""nrdeck.errors: the one place that maps a failed write and an interrupt to an answer."""

from __future__ import annotations

import errno
import os

import pytest

from nrdeck.errors import (
    ExitCode,
    OutputError,
    ReaderGone,
    Terminated,
    full_disk,
    interruption,
    write_failure,
)


@pytest.mark.parametrize(
    ("number", "status", "kind"),
    [
        (errno.EPIPE, ExitCode.BROKEN_PIPE, ReaderGone),
        (errno.ENOSPC, ExitCode.WRITE_FAILED, OutputError),
        (errno.EBADF, ExitCode.WRITE_FAILED, OutputError),
        (errno.EIO, ExitCode.WRITE_FAILED, OutputError),
        (errno.EFBIG, ExitCode.WRITE_FAILED, OutputError),
    ],
    ids=["EPIPE", "ENOSPC", "EBADF", "EIO", "EFBIG"],
)
def test_a_failed_write_is_answered_by_its_errno(number: int, status: int, kind: type) -> None:
    answer = write_failure(OSError(number, os.strerror(number)), "standard output")
    assert type(answer) is kind and answer.exit_code == status
    assert "standard output" in answer.one_line()


def test_a_full_disk_says_what_to_do_and_a_closed_stream_says_it_is_closed() -> None:
    full = write_failure(OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)), "report.json")
    closed = write_failure(OSError(errno.EBADF, os.strerror(errno.EBADF)), "standard output")
    assert full.hint is not None and "report.json" in full.message
    assert closed.message.endswith("it is closed") and closed.hint is None


def test_ctrl_c_and_sigterm_have_a_line_and_a_status_each() -> None:
    assert interruption(KeyboardInterrupt()) == ("nrdeck: interrupted", ExitCode.INTERRUPTED)
    assert interruption(Terminated()) == ("nrdeck: terminated", ExitCode.TERMINATED)
    assert isinstance(Terminated(), KeyboardInterrupt)  # every Ctrl-C cleanup runs for it


@pytest.mark.parametrize("number", [errno.ENOSPC, errno.EFBIG], ids=["ENOSPC", "EFBIG"])
def test_a_full_disk_met_by_any_write_is_exit_5(number: int) -> None:
    answer = full_disk(OSError(number, os.strerror(number), "cards.json"))
    assert answer is not None and answer.exit_code == ExitCode.WRITE_FAILED
    assert "cards.json" in answer.one_line()


@pytest.mark.parametrize("number", [errno.ENOENT, errno.EACCES, errno.EIO])
def test_other_errors_are_not_said_to_be_a_full_disk(number: int) -> None:
    assert full_disk(OSError(number, os.strerror(number))) is None
