"""What an agenda is worth to the Runner: the text scan, over the whole card set."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nrdeck.carddb import CardDB
from nrdeck.sim.groups import GroupResolver
from nrdeck.sim.scoring import RUNNER_POINTS, RunnerValue, card_runner_value, runner_value


@pytest.mark.parametrize(
    ("text", "printed", "value"),
    [
        ("Global Food Initiative is worth 1 fewer agenda point while in the Runner's score "
         "area.", 3, RunnerValue(2, "1 fewer")),
        ("Merger is worth 1 additional agenda point while in the Runner\u2019s score area.", 2,
         RunnerValue(3, "1 more")),
        ("While this agenda is in the Runner\u02bcs score area with 1 or more hosted agenda "
         "counters, it is worth 0 agenda points.", 3,
         RunnerValue(0, "worth 0 while it has counters", temporary=True)),
        ("This agenda is worth two more agenda points while it is in the Runner's score area.",
         1, RunnerValue(3, "2 more")),
        ("Domestic Sleepers is worth 1 agenda point while it has at least 1 agenda counter.", 0,
         None),  # the Corp's score area: printed value for the Runner
        ("The Corp can use this ability even if this agenda is in the Runner's score area.", 3,
         None),
    ],
)  # fmt: skip
def test_runner_value(text: str, printed: int, value: RunnerValue | None) -> None:
    assert runner_value(text, printed) == value


def test_the_scan_over_every_agenda_finds_exactly_the_table(cards_json: Path) -> None:
    found, others = {}, set()
    for path in sorted((cards_json / "v2" / "cards").glob("*.json")):
        card = json.loads(path.read_text("utf-8"))
        value = runner_value(card.get("text") or "", card.get("agenda_points") or 0)
        if value is not None and card["card_type_id"] == "agenda":
            found[card["id"]] = value
        elif value is not None:
            others.add(card["id"])
    assert found == RUNNER_POINTS
    assert sorted(found) == [
        "evidence_collection_4", "global_food_initiative", "merger", "project_vacheron",
    ]  # fmt: skip
    # assets the Runner may add as agendas by trashing them on access (and The Board's
    # effect on the score area): not agendas in R&D's count, named so the scan's reach shows
    assert others == {"chairman_hiro", "director_haas", "the_board", "victoria_jenkins"}


def test_a_card_field_wins_over_the_table(db: CardDB) -> None:
    gfi = db.card_by_title("Global Food Initiative")
    assert gfi is not None
    assert card_runner_value(gfi) == RUNNER_POINTS["global_food_initiative"]

    class WithField:
        id = "global_food_initiative"
        agenda_points = 3
        runner_agenda_points = 3  # a document that says: worth as printed

    assert card_runner_value(WithField()) is None


def test_runner_points_group(db: CardDB) -> None:
    deck = {}
    for title, n in (("Global Food Initiative", 2), ("Merger", 1), ("Project Vacheron", 1),
                     ("Hostile Takeover", 3)):  # fmt: skip
        card = db.card_by_title(title)
        assert card is not None, title
        deck[card.id] = n
    resolver = GroupResolver(db, deck, {})
    runner, printed = resolver.resolve("runner_points"), resolver.resolve("points")
    assert runner is not None and printed is not None
    assert sum(n * runner.weight(i) for i, n in deck.items()) == 2 * 2 + 3 + 0 + 3
    assert sum(n * printed.weight(i) for i, n in deck.items()) == 2 * 3 + 2 + 3 + 3
    assert "Project Vacheron 0 (worth 0 while it has counters)" in runner.description
