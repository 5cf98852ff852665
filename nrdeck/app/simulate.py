"""The simulate use case: load card data and one deck, run the simulation core."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from nrdeck.app.carddata import DataSettings
from nrdeck.deck import Deck
from nrdeck.errors import DeckInputError
from nrdeck.results.simulation import Simulation
from nrdeck.sim.request import SimRequest


class SimulateOptions(msgspec.Struct, frozen=True):
    """Where the card data and the deck come from, and what to simulate."""

    data: DataSettings
    request: SimRequest
    input_format: str | None = None
    stdin_text: str | None = None


class SimulateRun(msgspec.Struct, frozen=True):
    """A simulation, the card data it used, and warnings for standard error."""

    simulation: Simulation
    data: str
    warnings: tuple[str, ...] = ()


def simulate(spec: str, options: SimulateOptions) -> SimulateRun:
    """Simulate draws for the deck ``spec`` names (a file, '-', a NetrunnerDB link)."""
    from nrdeck.app.carddata import load_database
    from nrdeck.app.decks import DeckSettings, load_deck
    from nrdeck.sim.engine import simulate_deck

    db = load_database(options.data)
    settings = DeckSettings.from_data(
        options.data, input_format=options.input_format, stdin_text=options.stdin_text
    )
    deck = load_deck(spec, db, settings)
    warnings = (*db.info.warnings, *deck_warnings(deck))
    if not deck.entries:
        first = deck.problems[0].message if deck.problems else "no cards"
        raise DeckInputError(f"{deck.source}: {first}", hint="nothing to simulate")
    simulation = simulate_deck(deck, db, options.request)
    data = db.info.describe()
    return SimulateRun(replace(simulation, data=data), data, warnings)


def deck_warnings(deck: Deck) -> tuple[str, ...]:
    """One line per reading problem (unknown cards are left out of the simulation)."""
    out = []
    for problem in deck.problems:
        where = deck.source + (f":{problem.line}" if problem.line else "")
        out.append(f"{where}: {problem.message} (left out of the simulation)")
    return tuple(out)
