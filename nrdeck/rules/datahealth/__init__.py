"""The card data's health: which of nrdeck's corrections the data in use still needs, the
ids nrdeck's rules and tables name that the data lacks (for ``data status`` and the data
commands), and what changed between two card documents (``data compare``, for refreshing
the bundled snapshot). Imports deckbuilding, for the ids its rules name, and history, for
the periods a refresh adds.
"""

from __future__ import annotations

from nrdeck.rules.datahealth.corrections import correction_states
from nrdeck.rules.datahealth.datachanges import compare_data
from nrdeck.rules.datahealth.namedids import missing_named_ids

__all__ = ["compare_data", "correction_states", "missing_named_ids"]
