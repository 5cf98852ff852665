"""Cobra for tests: its shared double on loopback, its fixtures changed, and TO exports.

``cobra_double`` runs ``../shared/tools/cobra_mock.py`` (skipping the test where ../shared
is absent) with the shared fixtures or a changed copy of them; ``export`` writes a TO's
``download_decks`` JSON from text decklists, as Cobra's ``Deck#as_view`` does.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from nrdeck.catalog import CardDB
from tests.paths import SHARED

TOOLS = SHARED / "tools"
MOCK = TOOLS / "cobra_mock.py"
FIXTURES = TOOLS / "cobra_fixtures.json"
CARDS_JSON = SHARED / "netrunner-cards-json"


def require_double() -> None:
    """Skip the test where ../shared (the double, its fixtures, the card data) is absent."""
    if not MOCK.is_file() or not FIXTURES.is_file() or not (CARDS_JSON / "v2").is_dir():
        pytest.skip("../shared/tools/cobra_mock.py, its fixtures or the card data is absent")


def fixtures(change: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """The shared fixtures, changed by ``change`` (a copy: the file is never written)."""
    require_double()
    data: dict[str, Any] = json.loads(FIXTURES.read_text(encoding="utf-8"))
    data = copy.deepcopy(data)
    if change is not None:
        change(data)
    return data


def tournament(data: dict[str, Any], tournament_id: int) -> dict[str, Any]:
    """One tournament of the fixtures (to change it)."""
    found: dict[str, Any] = next(t for t in data["tournaments"] if t["id"] == tournament_id)
    return found


@contextmanager
def cobra_double(
    *options: str, data: dict[str, Any] | None = None, folder: Path | None = None
) -> Iterator[str]:
    """Run the double (with ``data`` as its fixtures when given); yield its base URL."""
    require_double()
    command = [sys.executable, str(MOCK), "--port", "0", "--data", str(CARDS_JSON), *options]
    if data is not None:
        assert folder is not None, "changed fixtures need a folder to be written to"
        path = folder / "cobra-fixtures.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        command += ["--tournaments", str(path)]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        if "serving" not in line:
            pytest.fail(f"the Cobra double did not start: {line!r}")
        yield line.rsplit(" ", 1)[1].strip()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        if proc.stdout is not None:
            proc.stdout.close()


def stats(base: str) -> dict[str, int]:
    """The double's request counters."""
    with urllib.request.urlopen(f"{base}/__stats", timeout=10) as answer:
        return dict(json.loads(answer.read()))


def _printing(db: CardDB, card_id: str) -> str:
    return max(p.code for p in db.printings_of(card_id))


def deck_rows(db: CardDB, deck_file: Path) -> tuple[str, list[tuple[int, str]]]:
    """A text decklist (identity first, then ``N Title`` lines) as (identity id, cards)."""
    lines = [ln for ln in deck_file.read_text(encoding="utf-8").splitlines() if ln.strip()]
    identity = db.card_by_title(lines[0])
    assert identity is not None, lines[0]
    cards = []
    for line in lines[1:]:
        quantity, title = line.split(" ", 1)
        card = db.card_by_title(title)
        assert card is not None, title
        cards.append((int(quantity), card.id))
    return identity.id, cards


def export_deck(
    db: CardDB,
    player_id: int,
    name: str,
    side: str,
    deck_file: Path,
    swaps: dict[str, str] | None = None,
) -> dict[str, Any]:
    """One deck of a TO's export. ``swaps`` maps a card to the card a TO swapped it for in
    Cobra's editor: the row names the new card and keeps the old card's printing id."""
    identity_id, cards = deck_rows(db, deck_file)
    identity = db.cards[identity_id]
    rows = []
    for quantity, card_id in cards:
        now = (swaps or {}).get(card_id, card_id)
        card = db.cards[now]
        rows.append(
            {
                "id": 5000 + len(rows),
                "title": card.title,
                "quantity": quantity,
                "nrdb_card_id": now,
                "nrdb_printing_id": _printing(db, card_id),  # the old card's, after a swap
                "card_type_id": card.type,
                "faction_id": card.faction,
            }
        )
    return {
        "details": {
            "id": player_id * 10 + (side == "runner"),
            "player_id": player_id,
            "side_id": side,
            "name": f"{name}'s {side}",
            "identity_title": identity.title,
            "identity_nrdb_card_id": identity_id,
            "identity_nrdb_printing_id": _printing(db, identity_id),
            "user_id": 900 + player_id,
            "mine": False,
            "player_name": name,
        },
        "cards": sorted(rows, key=lambda r: str(r["title"])),
    }


def export(
    db: CardDB, folder: Path, players: list[tuple[int, str, Path | None, Path | None]]
) -> Path:
    """A TO's decks export (players by name, Corp then Runner), written to ``folder``."""
    decks = []
    for player_id, name, corp, runner in sorted(players, key=lambda p: p[1]):
        for side, deck_file in (("corp", corp), ("runner", runner)):
            if deck_file is not None:
                decks.append(export_deck(db, player_id, name, side, deck_file))
    path = folder / "decks.json"
    path.write_text(json.dumps(decks, indent=1), encoding="utf-8")
    return path


# -- Cobra's answers, for a loopback server of the test's own ------------------------------
API = "/api/v1/public"
JSONAPI = "application/vnd.api+json; charset=utf-8"
LONDON = {
    "name": "London District Championship 2025",
    "slug": "K7QZ",
    "date": "2025-10-18",
    "time_zone": "London",
    "tournament_type_id": 3,
    "format_id": 1,
    "format_name": "Standard",
    "deckbuilding_restriction_id": "standard_ban_list_25_10",
    "deckbuilding_restriction_name": "Standard Ban List 25.10",
    "card_set_id": "elevation",
    "nrdb_deck_registration": True,
}
INCLUDED = [
    ("tournament_types", "3", {"name": "District Championship", "nsg_format": True}),
    ("formats", "1", {"name": "Standard", "position": 1}),
    ("deckbuilding_restrictions", "standard_ban_list_25_10",
     {"name": "Standard Ban List 25.10", "date_start": "2025-10-03", "play_format_id": "standard"}),
    ("card_sets", "elevation", {"name": "Elevation", "date_release": "2025-04-24"}),
]  # fmt: skip


def tournament_answer(tournament_id: int = 5871, **changes: Any) -> dict[str, Any]:
    """A ``show`` of a tournament as Cobra writes it (5871's settings, changed)."""
    return {
        "data": {
            "id": str(tournament_id),
            "type": "tournaments",
            "attributes": {**LONDON, **changes},
            "links": {"self": f"{API}/tournaments/{tournament_id}"},
        },
        "included": [{"id": i, "type": t, "attributes": a} for t, i, a in INCLUDED],
        "meta": {},
    }


def players_answer(
    players: list[dict[str, Any]], total: int | None = None, next_link: str | None = None
) -> dict[str, Any]:
    """One page of a players index: each ``{"id", "name", ...}`` with pronouns and user id."""
    data = [
        {
            "id": str(p["id"]),
            "type": "players",
            "attributes": {"user_id": 900 + int(p["id"]), "pronouns": "she/her", "active": True,
                           **{k: v for k, v in p.items() if k != "id"}},
        }
        for p in players
    ]  # fmt: skip
    answer: dict[str, Any] = {
        "data": data,
        "meta": {"stats": {"total": {"count": len(players) if total is None else total}}},
    }
    if next_link is not None:
        answer["links"] = {"next": next_link}
    return answer
