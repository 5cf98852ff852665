"""Long-lived objects made out of the garbage collector's way: one start-up rule
(docs/design/startup.md, "The CLI and its command are imported with the collector paused").

Importing Typer, click, nrdeck's CLI and then the modules of the command being run makes tens
of thousands of objects that live as long as the process. Collecting them generation by
generation while they are being made is work thrown away, so the collector is paused while
they are made, and ``gc.freeze()`` then moves them out of its way: collection resumes for the
command's own work, which is all it then walks.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["paused_then_frozen"]


@contextmanager
def paused_then_frozen() -> Iterator[None]:
    """Pause the collector for the block, then freeze what exists and resume it (unless it
    was already paused: an outer block resumes it)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()
