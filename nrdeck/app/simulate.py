"""The simulate use case: load card data and one deck, run the simulation core."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from nrdeck.app.carddata import DataSettings, load_database
from nrdeck.app.decks import DeckSettings, LoadedDeck, obtain_deck
from nrdeck.errors import DeckInputError
from nrdeck.results.simulation import Simulation
from nrdeck.sim.engine import simulate_deck
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
    db = load_database(options.data)
    settings = DeckSettings.from_data(
        options.data, input_format=options.input_format, stdin_text=options.stdin_text
    )
    loaded = obtain_deck(spec, db, settings)
    deck = loaded.deck
    warnings = (*db.info.warnings, *deck_warnings(loaded))
    if not deck.entries:
        first = deck.problems[0].message if deck.problems else "no cards"
        raise DeckInputError(f"{deck.source}: {first}", hint="nothing to simulate")
    simulation = simulate_deck(deck, db, options.request)
    return SimulateRun(replace(simulation, data=db.info), db.info.describe(), warnings)


def deck_warnings(loaded: LoadedDeck) -> tuple[str, ...]:
    """The cached copy used, and one line per reading problem (left out of the simulation)."""
    deck = loaded.deck
    out = []
    if loaded.cached is not None:
        out.append(
            f"{deck.source}: read from the cached copy of {loaded.cached.date}: "
            f"{loaded.cached.reason}"
        )
    for problem in deck.problems:
        where = deck.source + (f":{problem.line}" if problem.line else "")
        out.append(f"{where}: {problem.message} (left out of the simulation)")
    return tuple(out)
