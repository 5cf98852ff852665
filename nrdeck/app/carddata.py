"""Choosing and loading card data: pinned file, cache, or the bundled snapshot."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from nrdeck.carddb import CardDB


def default_cache_dir() -> Path:
    """platformdirs' user cache folder for nrdeck."""
    import platformdirs

    return Path(platformdirs.user_cache_dir("nrdeck"))


@dataclass(frozen=True, slots=True)
class DataSettings:
    """Where card data may come from, as the options and environment say."""

    offline: bool = False
    data_file: Path | None = None
    cache_dir: Path | None = None
    api_url: str | None = None
    v2_url: str | None = None


def load_database(settings: DataSettings) -> CardDB:
    """The card database to use: --data file, else the newest of cache and bundled."""
    from nrdeck.cards.bundled import BundledSource
    from nrdeck.cards.document import load_file

    if settings.data_file is not None:
        return load_file(settings.data_file, kind="file")
    return BundledSource().load()
