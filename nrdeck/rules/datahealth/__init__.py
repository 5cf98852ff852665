"""The card data's health: which of nrdeck's corrections the data in use still needs, and the
ids nrdeck's rules and tables name that the data lacks (for ``data status`` and the data
commands). Imports deckbuilding, for the ids its rules name.
"""

from __future__ import annotations

from nrdeck.rules.datahealth.corrections import correction_states
from nrdeck.rules.datahealth.namedids import missing_named_ids

__all__ = ["correction_states", "missing_named_ids"]
