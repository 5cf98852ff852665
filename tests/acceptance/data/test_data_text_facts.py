"""`data build`, `data import` and `data update` read facts from card text (never keeping the
text), and an update replaces a cache built before nrdeck read them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nrdeck.cards.cache import Cache
from nrdeck.cards.document import TEXT_FACTS, decode
from tests.acceptance.data.data_cli import first_update, nrdeck, update
from tests.builders import before_text_facts
from tests.fakes.nrdb_v3 import FakeNrdb
from tests.paths import FIXTURES

pytestmark = pytest.mark.usefixtures("fast_http")
DECK = FIXTURES / "simulate" / "hoshiko-2025.txt"


def _cached(cache: Path) -> bytes:
    meta = json.loads((cache / "v1" / "meta.json").read_text("utf-8"))
    return (cache / "v1" / meta["document"]).read_bytes()


def test_an_update_fetches_again_a_cache_built_before_the_facts(
    tmp_path: Path, nrdb: FakeNrdb
) -> None:
    for card in nrdb.data["cards"]:
        if card["id"] == "hedge_fund":
            card["text"] = "Gain 9[credit]."
    cache = tmp_path / "cache"
    assert first_update(cache, nrdb.base_url).exit_code == 0
    fresh = _cached(cache)
    assert b'"economy":true' in fresh and b"Gain 9" not in fresh
    # the same dataset as an older nrdeck cached it: same validators, no facts
    store = Cache(cache)
    meta = store.read_meta()
    assert meta is not None
    store.store(before_text_facts(fresh), meta)
    nrdb.requests.clear()
    result = update(cache, nrdb.base_url, "--force")  # 7 cards: far fewer than the bundled
    assert result.exit_code == 0, result.output
    assert "unchanged" not in result.stderr and nrdb.downloads() > 0
    doc = decode(_cached(cache), "the cache")
    assert doc.text_facts == TEXT_FACTS
    assert next(c for c in doc.cards if c.id == "hedge_fund").economy
    # and now it is up to date: the next update is all 304
    assert "unchanged" in update(cache, nrdb.base_url, "--force").stderr


def test_an_import_reads_the_facts_and_simulate_uses_them(tmp_path: Path, cards_json: Path) -> None:
    cache = tmp_path / "cache"
    imported = nrdeck("data", "import", str(cards_json), "--cache-dir", str(cache))
    assert imported.exit_code == 0, imported.output
    raw = _cached(cache)
    assert b'"text_facts":1' in raw and b"[credit]" not in raw and b'"text"' not in raw
    result = nrdeck("simulate", str(DECK), "--cache-dir", str(cache), "--offline", "--seed", "1")
    assert result.exit_code == 0, result.output
    assert "(cache)" in result.stdout and "card facts:" not in result.stdout
    assert "group econ: 13 cards " in result.stdout  # the group, from the imported facts
