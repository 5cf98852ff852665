"""nrdeck: Android: Netrunner deck legality checks, card data and draw odds.

The Python API (``check_text``, ``check_paths``, ``load_cards``, ``in_force``, ``periods``) lives in
``nrdeck.app.api``, the types it returns in ``nrdeck.results`` and ``nrdeck.catalog``; each is
imported on first use, so ``import nrdeck`` (and the console script's start-up) stays cheap.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from nrdeck._version import __version__

__all__ = [
    "CardDB",
    "Change",
    "CheckReport",
    "DeckOutcome",
    "FormatPeriod",
    "SetRelease",
    "__version__",
    "check_paths",
    "check_text",
    "in_force",
    "load_cards",
    "periods",
]

if TYPE_CHECKING:
    from nrdeck.app.api import check_paths, check_text, in_force, load_cards, periods
    from nrdeck.catalog import CardDB
    from nrdeck.results.check import CheckReport, DeckOutcome
    from nrdeck.results.periods import Change, FormatPeriod, SetRelease

# public name -> the module that defines it (imported when the name is first used)
_LAZY = {
    **dict.fromkeys(
        ("check_paths", "check_text", "in_force", "load_cards", "periods"), "nrdeck.app.api"
    ),
    "CardDB": "nrdeck.catalog",
    "CheckReport": "nrdeck.results.check",
    "DeckOutcome": "nrdeck.results.check",
    "Change": "nrdeck.results.periods",
    "FormatPeriod": "nrdeck.results.periods",
    "SetRelease": "nrdeck.results.periods",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'nrdeck' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
