"""What an agenda is worth to the Runner: read from its text when the data is built."""

from __future__ import annotations

import json
from pathlib import Path
from unittest.mock import ANY

import pytest
from msgspec.structs import replace

from nrdeck.cards.textfacts import runner_points
from nrdeck.catalog import CardDB, RunnerPoints
from nrdeck.sim.ask.groups import GroupResolver
from nrdeck.sim.ask.scoring import card_runner_value


@pytest.mark.parametrize(
    ("text", "printed", "value"),
    [
        ("Global Food Initiative is worth 1 fewer agenda point while in the Runner's score "
         "area.", 3, RunnerPoints(2)),
        ("Merger is worth 1 additional agenda point while in the Runner\u2019s score area.", 2,
         RunnerPoints(3)),
        ("While this agenda is in the Runner\u02bcs score area with 1 or more hosted agenda "
         "counters, it is worth 0 agenda points.", 3, RunnerPoints(0, temporary=True)),
        ("This agenda is worth two more agenda points while it is in the Runner's score area.",
         1, RunnerPoints(3)),
        ("Add that agenda to HQ or the bottom of R&D.\nWhile this agenda is in the Runner\u2019s "
         "score area, it is worth 1 less agenda point.", 2, RunnerPoints(1)),  # Let Them Dream
        ("Domestic Sleepers is worth 1 agenda point while it has at least 1 agenda counter.", 0,
         None),  # the Corp's score area: printed value for the Runner
        ("The Corp can use this ability even if this agenda is in the Runner's score area.", 3,
         None),
    ],
)  # fmt: skip
def test_runner_points(text: str, printed: int, value: RunnerPoints | None) -> None:
    assert runner_points(text, printed) == value


def test_the_scan_over_every_agenda_text_finds_exactly_the_facts_of_the_data(
    cards_json: Path, db: CardDB
) -> None:
    found, others = {}, set()
    for path in sorted((cards_json / "v2" / "cards").glob("*.json")):
        card = json.loads(path.read_text("utf-8"))
        value = runner_points(card.get("text") or "", card.get("agenda_points") or 0)
        if value is not None and card["card_type_id"] == "agenda":
            found[card["id"]] = value
        elif value is not None:
            others.add(card["id"])
    # the bundled snapshot (built from the same data) carries exactly what the scan finds
    assert {i: c.runner_points for i, c in db.cards.items() if c.runner_points} == found
    assert sorted(found) == [
        "evidence_collection_4", "global_food_initiative", "let_them_dream", "merger",
        "project_vacheron",
    ]  # fmt: skip
    assert found["let_them_dream"] == RunnerPoints(1)  # Vantage Point (2026): 2, 1 less
    # assets the Runner may add as agendas by trashing them on access (and The Board's
    # effect on the score area): not agendas in R&D's count, named so the scan's reach shows
    assert others == {"chairman_hiro", "director_haas", "the_board", "victoria_jenkins"}


def test_the_value_and_its_reason_come_from_the_card(db: CardDB) -> None:
    reasons = {}
    for title in ("Global Food Initiative", "Merger", "Project Vacheron", "Let Them Dream"):
        card = db.card_by_title(title)
        assert card is not None, title
        reasons[title] = card_runner_value(card)
    assert {title: (v.points, v.temporary) for title, v in reasons.items() if v} == {
        "Global Food Initiative": (2, False),
        "Merger": (3, False),
        "Project Vacheron": (0, True),
        "Let Them Dream": (1, False),
    }
    assert [v.reason for v in reasons.values() if v] == ["1 fewer", "1 more", ANY, "1 fewer"]
    vacheron = reasons["Project Vacheron"]
    assert vacheron is not None and "while it has counters" in vacheron.reason
    gfi = db.card_by_title("Global Food Initiative")
    assert gfi is not None
    assert card_runner_value(replace(gfi, runner_points=None)) is None  # worth as printed


def test_runner_points_group(db: CardDB) -> None:
    deck = {}
    for title, n in (("Global Food Initiative", 2), ("Merger", 1), ("Project Vacheron", 1),
                     ("Hostile Takeover", 3), ("Let Them Dream", 2)):  # fmt: skip
        card = db.card_by_title(title)
        assert card is not None, title
        deck[card.id] = n
    resolver = GroupResolver(db, deck, {})
    runner, printed = resolver.resolve("runner_points"), resolver.resolve("points")
    assert runner is not None and printed is not None
    assert sum(n * runner.weight(i) for i, n in deck.items()) == 2 * 2 + 3 + 0 + 3 + 2 * 1
    assert sum(n * printed.weight(i) for i, n in deck.items()) == 2 * 3 + 2 + 3 + 3 + 2 * 2
    assert "Project Vacheron 0 (" in runner.description  # each agenda's worth, and why
    assert "Let Them Dream 1 (" in runner.description and "Merger 3 (1 more)" in runner.description
