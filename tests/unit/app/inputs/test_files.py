"""Reading a local file safely: a regular file up to a limit; a FIFO, a device or a folder
is refused without being waited on."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from nrdeck.app.inputs.files import (
    NotRegularFile,
    read_regular_file,
    require_file,
    require_folder,
)
from nrdeck.errors import ExitCode, UsageError

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


def test_a_regular_file_is_read_up_to_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes(b"3 Hedge Fund\n")
    assert read_regular_file(path, 100) == b"3 Hedge Fund\n"
    assert read_regular_file(path, 3) == b"3 H"
    assert read_regular_file(path, 0) == b""


@needs_fifo
def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)  # no writer: opening it to read would wait forever
    with pytest.raises(NotRegularFile) as caught:
        read_regular_file(fifo, 10)
    assert caught.value.filename == str(fifo)


@pytest.mark.skipif(not Path("/dev/null").exists(), reason="no /dev/null")
def test_a_device_is_refused() -> None:
    with pytest.raises(NotRegularFile):
        read_regular_file(Path("/dev/null"), 10)


def test_a_folder_is_not_a_regular_file(tmp_path: Path) -> None:
    with pytest.raises(NotRegularFile):
        read_regular_file(tmp_path, 10)


def test_a_missing_file_is_file_not_found(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        read_regular_file(tmp_path / "absent.txt", 10)


def test_not_regular_is_an_os_error_callers_can_tell_apart() -> None:
    assert issubclass(NotRegularFile, OSError)
    assert not issubclass(NotRegularFile, FileNotFoundError)


def test_a_required_folder_or_file_is_returned_when_there(tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    path.write_text("{}", encoding="utf-8")
    assert require_folder(tmp_path, "a folder") == tmp_path
    assert require_file(path, "a file") == path


@pytest.mark.parametrize("check", [require_folder, require_file])
def test_a_required_path_that_is_not_there_is_a_usage_error_saying_what_to_give(
    tmp_path: Path, check: object
) -> None:
    with pytest.raises(UsageError) as caught:
        check(tmp_path / "absent", "the thing")  # type: ignore[operator]
    assert caught.value.exit_code is ExitCode.USAGE
    assert caught.value.hint == "give the thing"


def test_a_file_is_not_a_folder_nor_a_folder_a_file(tmp_path: Path) -> None:
    path = tmp_path / "f.txt"
    path.write_text("x", encoding="utf-8")
    with pytest.raises(UsageError):
        require_folder(path, "a folder")
    with pytest.raises(UsageError):
        require_file(tmp_path, "a file")
