"""A format file's bytes and text: a regular file on disk, at most 1 MiB, in a Unicode
encoding; anything else one usage error naming the file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from nrdeck.app.formatfiles.text import MAX_FORMAT_BYTES, format_text, read_format_bytes
from nrdeck.errors import ExitCode, UsageError

TOML = 'id = "astro"\nname = "Astró"\n'


def test_a_file_up_to_the_limit_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "f.toml"
    path.write_bytes(b"#" * MAX_FORMAT_BYTES)
    assert len(read_format_bytes(path)) == MAX_FORMAT_BYTES


def refused(path: Path) -> UsageError:
    with pytest.raises(UsageError) as caught:
        read_format_bytes(path)
    assert caught.value.exit_code is ExitCode.USAGE
    assert str(path) in caught.value.message
    return caught.value


def test_a_file_over_the_limit_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    path.write_bytes(b"#" * (MAX_FORMAT_BYTES + 1))
    refused(path)


def test_a_link_is_not_fetched_and_says_what_to_do() -> None:
    assert refused(Path("https://example.org/astro.toml")).hint


def test_a_missing_file_or_a_folder_is_refused(tmp_path: Path) -> None:
    refused(tmp_path / "absent.toml")
    refused(tmp_path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_unread(tmp_path: Path) -> None:
    fifo = tmp_path / "f.toml"
    os.mkfifo(fifo)
    refused(fifo)


@pytest.mark.parametrize(
    "data",
    [
        TOML.encode("utf-8"),
        b"\xef\xbb\xbf" + TOML.encode("utf-8"),
        TOML.encode("utf-16"),
        TOML.encode("utf-32"),
    ],
    ids=["utf-8", "utf-8-bom", "utf-16", "utf-32"],
)
def test_the_text_of_any_unicode_encoding(data: bytes) -> None:
    assert format_text(Path("f.toml"), data) == TOML


def test_bytes_that_are_not_text_are_a_usage_error() -> None:
    with pytest.raises(UsageError) as caught:
        format_text(Path("f.toml"), b"id = \xff\xfe\xfd")
    assert "f.toml" in caught.value.message
