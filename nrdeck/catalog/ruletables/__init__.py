"""nrdeck's own rule tables (``data/*.json``): corrections to the format data, dated errata,
Startup's agenda caps, card ids renamed upstream and ban list names, decoded strictly and
loaded with the card data (``CardDB.tables``); the rules read them, never their files."""

from nrdeck.catalog.ruletables.tables import (
    AgendaCap,
    Corrections,
    Erratum,
    ListAlias,
    RuleTableError,
    RuleTables,
)

__all__ = ["AgendaCap", "Corrections", "Erratum", "ListAlias", "RuleTableError", "RuleTables"]
