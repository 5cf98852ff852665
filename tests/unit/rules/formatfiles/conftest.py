"""The community formats nrdeck ships, read as the app reads them."""

from __future__ import annotations

import pytest

from nrdeck.app.formatfiles.reader import read_format_source
from nrdeck.app.formatfiles.shipped import shipped_formats_dir
from nrdeck.rules.formatfiles import FormatSource


@pytest.fixture(scope="session")
def astro() -> FormatSource:
    return read_format_source(shipped_formats_dir() / "astro.toml", shipped=True)


@pytest.fixture(scope="session")
def core() -> FormatSource:
    return read_format_source(shipped_formats_dir() / "core.toml", shipped=True)
