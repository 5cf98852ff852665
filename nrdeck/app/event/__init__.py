"""The event pipeline: a roster's decks read, fetched and checked, notes and files.

``command`` runs ``nrdeck event`` (``event_run``), ``cobra`` reads a tournament's settings
from Cobra (also for ``nrdeck serve --cobra``), ``decks`` reports progress, ``files`` renders
the reports a run writes. This front names those modules and imports none.
"""

__all__ = ["cobra", "command", "decks", "files"]
