"""The card catalogue: the card database (``CardDB``), its catalogue file (an SQLite database
beside a card document: docs/reference/catalogue.md) and title lookup, in English and the
data's other languages. Imports nothing else of nrdeck; outside it, import this front, or
that of its records (``nrdeck.catalog.records``) and of nrdeck's rule tables
(``nrdeck.catalog.ruletables``).

The titles in other languages (``translations``) and the catalogue's writer are imported on
first use of one of their names (``__getattr__``): a list written in English never loads the
first, a check never the second.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from nrdeck.catalog.db import CardDB, catalogue_intact, read_catalogue
from nrdeck.catalog.reading import catalogue_path
from nrdeck.catalog.sqlitefile import DamagedCatalog, SqliteFile
from nrdeck.catalog.titlekeys import compatible, fold_case, mixed_scripts, normalise_title
from nrdeck.catalog.titles import (
    ENGLISH,
    Match,
    find_title,
    list_language,
    narrowed,
    title_index,
    without_trailing_group,
)

if TYPE_CHECKING:
    from nrdeck.catalog.translations import indexed_titles, language_name
    from nrdeck.catalog.writing import write_catalogue

# name -> the module that defines it, imported when the name is first used
_LAZY = dict.fromkeys(("indexed_titles", "language_name"), "nrdeck.catalog.translations")
_LAZY["write_catalogue"] = "nrdeck.catalog.writing"  # writers only: a check never writes

__all__ = [
    "ENGLISH",
    "CardDB",
    "DamagedCatalog",
    "Match",
    "SqliteFile",
    "catalogue_intact",
    "catalogue_path",
    "compatible",
    "find_title",
    "fold_case",
    "indexed_titles",
    "language_name",
    "list_language",
    "mixed_scripts",
    "narrowed",
    "normalise_title",
    "read_catalogue",
    "title_index",
    "without_trailing_group",
    "write_catalogue",
]


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'nrdeck.catalog' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
