"""Runs of small Runner decks for the answers' tests, read as ``nrdeck simulate`` reads them."""

from __future__ import annotations

from nrdeck.catalog import CardDB
from nrdeck.sim.answers.run import Run, prepare
from nrdeck.sim.ask.request import SimRequest
from tests.unit.sim.test_engine import RUNNER_CARDS, make_deck

CATALYST = "The Catalyst: Convention Breaker"
SMALL = {"Sure Gamble": 2, "Corroder": 1, "Mimic": 1, "Gordian Blade": 1, "Diesel": 2}


def run_of(db: CardDB, titles: dict[str, int] | None = None, **request: object) -> Run:
    """The request read against a Runner deck (the 45-card one by default), in Fractions."""
    deck = make_deck(db, CATALYST, RUNNER_CARDS if titles is None else titles)
    return prepare(deck, db, SimRequest(fractions=True, **request))  # type: ignore[arg-type]
