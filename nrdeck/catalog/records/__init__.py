"""The card data's records and the document that holds them: what every reader of the card
data uses (cards, printings, sets, ban lists, where the data came from...) and what
``nrdeck.cards`` builds and stores (``FactsDocument``, ``TitlesDocument``). Frozen msgspec
structs; imports nothing but the standard library and msgspec.
"""

from nrdeck.catalog.records.cards import (
    Card,
    CardPool,
    CardSet,
    Cycle,
    DataInfo,
    DrawFacts,
    Faction,
    Format,
    FormatSnapshot,
    LanguageTitles,
    Named,
    Printing,
    Restriction,
    RunnerPoints,
    UnknownRule,
    is_printing_code,
)
from nrdeck.catalog.records.document import (
    FactsDocument,
    FormatEntry,
    Origin,
    SnapshotEntry,
    TitlesDocument,
)

__all__ = [
    "Card",
    "CardPool",
    "CardSet",
    "Cycle",
    "DataInfo",
    "DrawFacts",
    "Faction",
    "FactsDocument",
    "Format",
    "FormatEntry",
    "FormatSnapshot",
    "LanguageTitles",
    "Named",
    "Origin",
    "Printing",
    "Restriction",
    "RunnerPoints",
    "SnapshotEntry",
    "TitlesDocument",
    "UnknownRule",
    "is_printing_code",
]
