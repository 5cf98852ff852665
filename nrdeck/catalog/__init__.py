"""The card catalogue: the card database (``CardDB``), its records and the stored document's
shape, nrdeck's rule tables, title keys and title lookup (English and the data's other
languages). Imports nothing else of nrdeck; outside it, import this front.

The titles in other languages (``translations``) are imported on first use of one of their
names (``__getattr__``): a list written in English never loads them.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from nrdeck.catalog.db import CardDB
from nrdeck.catalog.records import (
    IDENTITY_TYPES,
    Card,
    CardPool,
    CardSet,
    Cycle,
    DataInfo,
    DrawFacts,
    Faction,
    FormatSnapshot,
    LanguageTitles,
    Named,
    Printing,
    Restriction,
    RunnerPoints,
    UnknownRule,
    is_printing_code,
)
from nrdeck.catalog.ruletables import (
    AgendaCap,
    Corrections,
    Erratum,
    ListAlias,
    RuleTables,
    decode_agenda_caps,
    decode_corrections,
    decode_errata,
    decode_list_names,
    decode_moved_ids,
)
from nrdeck.catalog.schema import (
    DOCUMENT_FORMAT,
    DOCUMENT_SCHEMA,
    TEXT_FACTS,
    TITLES_FORMAT,
    TITLES_SCHEMA,
    Envelope,
    FactsDocument,
    FormatEntry,
    Origin,
    SnapshotEntry,
    TitlesDocument,
    TitlesLoaded,
    TitlesLoader,
    titles_path,
    tuple_of,
)
from nrdeck.catalog.store import (
    CATALOG_SUFFIX,
    CatalogFile,
    DamagedCatalog,
    catalog_path,
    document_stamp,
    read_catalog,
)
from nrdeck.catalog.titlekeys import (
    TITLE_KEYS,
    compatible,
    fold_case,
    mixed_scripts,
    normalise_title,
)
from nrdeck.catalog.titles import (
    BY_POOL,
    ENGLISH,
    MAX_SUGGESTED_LENGTH,
    MIN_SIMILARITY,
    SIMILARITY_MARGIN,
    Match,
    find_title,
    list_language,
    narrowed,
    title_index,
    without_trailing_group,
)

if TYPE_CHECKING:
    from nrdeck.catalog.compiler import compile_catalog
    from nrdeck.catalog.translations import language_name, language_title_index

# name -> the module that defines it, imported when the name is first used
_LAZY = dict.fromkeys(("language_name", "language_title_index"), "nrdeck.catalog.translations")
_LAZY["compile_catalog"] = "nrdeck.catalog.compiler"  # writers only: a check never compiles

__all__ = [
    "BY_POOL",
    "CATALOG_SUFFIX",
    "DOCUMENT_FORMAT",
    "DOCUMENT_SCHEMA",
    "ENGLISH",
    "IDENTITY_TYPES",
    "MAX_SUGGESTED_LENGTH",
    "MIN_SIMILARITY",
    "SIMILARITY_MARGIN",
    "TEXT_FACTS",
    "TITLES_FORMAT",
    "TITLES_SCHEMA",
    "TITLE_KEYS",
    "AgendaCap",
    "Card",
    "CardDB",
    "CardPool",
    "CardSet",
    "CatalogFile",
    "Corrections",
    "Cycle",
    "DamagedCatalog",
    "DataInfo",
    "DrawFacts",
    "Envelope",
    "Erratum",
    "Faction",
    "FactsDocument",
    "FormatEntry",
    "FormatSnapshot",
    "LanguageTitles",
    "ListAlias",
    "Match",
    "Named",
    "Origin",
    "Printing",
    "Restriction",
    "RuleTables",
    "RunnerPoints",
    "SnapshotEntry",
    "TitlesDocument",
    "TitlesLoaded",
    "TitlesLoader",
    "UnknownRule",
    "catalog_path",
    "compatible",
    "compile_catalog",
    "decode_agenda_caps",
    "decode_corrections",
    "decode_errata",
    "decode_list_names",
    "decode_moved_ids",
    "document_stamp",
    "find_title",
    "fold_case",
    "is_printing_code",
    "language_name",
    "language_title_index",
    "list_language",
    "mixed_scripts",
    "narrowed",
    "normalise_title",
    "read_catalog",
    "title_index",
    "titles_path",
    "tuple_of",
    "without_trailing_group",
]


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'nrdeck.catalog' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
