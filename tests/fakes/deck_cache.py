"""Remote decks in a test's cache, put there and read back through the conditional cache."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from nrdeck.decklist.nrdb_url import cache_path, deck_url, decks_folder
from nrdeck.http import Answer, Validators
from nrdeck.http.conditional import FolderStore, Kept

# what tests/conftest.py sets NRDECK_V2_URL to: nothing listens there
UNREACHABLE_V2 = "http://127.0.0.1:9/api/2.0/public"


def cache_deck(
    cache_dir: Path,
    kind: str,
    deck_id: str,
    answer: Any,
    *,
    v2_url: str = UNREACHABLE_V2,
    validators: Validators | None = None,
) -> Path:
    """Cache ``answer`` (a v2 document) as the deck's copy, as a fetch would; its entry file."""
    url = deck_url(v2_url, kind, deck_id)
    body = json.dumps(answer).encode()
    FolderStore(decks_folder(cache_dir)).keep(
        url, Answer(url, 200, "OK", body, validators or Validators())
    )
    return cache_path(cache_dir, kind, deck_id, v2_url)


def cached_answer(cache_dir: Path, kind: str, deck_id: str, *, v2_url: str = UNREACHABLE_V2) -> Any:
    """The v2 document cached for the deck (None when none is)."""
    kept = FolderStore(decks_folder(cache_dir)).load(deck_url(v2_url, kind, deck_id), 2**20)
    return json.loads(kept.body) if isinstance(kept, Kept) and kept.body is not None else None
