"""The simulate use case: load card data and the deck (and another to compare), simulate."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from nrdeck.app.inputs.cards import DataSettings, load_database, with_text_facts
from nrdeck.app.inputs.decks import DeckSettings, LoadedDeck, obtain_deck
from nrdeck.app.inputs.sources import deck_source
from nrdeck.catalog.records import DataInfo
from nrdeck.deck import Deck
from nrdeck.errors import DeckInputError
from nrdeck.results.simulation import Comparison, Simulation
from nrdeck.sim import SimRequest, compare_decks, simulate_deck


class SimulateOptions(msgspec.Struct, frozen=True):
    """Where the card data and the deck come from, and what to simulate."""

    data: DataSettings
    request: SimRequest
    input_format: str | None = None
    stdin_text: str | None = None
    stdin_bytes: bytes | None = None  # standard input as read (guarded like a file's bytes)
    compare: str | None = None  # another deck (file, link, '-') for --compare


class SimulateRun(msgspec.Struct, frozen=True):
    """A simulation (or a comparison), the card data it used, and warnings for stderr."""

    result: Simulation | Comparison
    data: str
    warnings: tuple[str, ...] = ()

    @property
    def random(self) -> bool:
        """True when the seed mattered (Monte Carlo or sample hands)."""
        if isinstance(self.result, Simulation):
            return self.result.random
        return any(v.simulation.random for v in self.result.variants)


def simulate(spec: str, options: SimulateOptions) -> SimulateRun:
    """Simulate draws for the deck ``spec`` names (a file, '-', a NetrunnerDB link)."""
    db = with_text_facts(load_database(options.data))
    settings = DeckSettings.from_data(
        options.data,
        input_format=options.input_format,
        stdin_text=options.stdin_text,
        stdin_bytes=options.stdin_bytes,
    )
    loaded = obtain_deck(deck_source(spec), db, settings)
    deck = _usable(loaded.deck)
    warnings = [*settings.warnings.since(), *db.info.warnings, *deck_warnings(loaded)]
    warnings.extend([db.text_facts_note] if db.text_facts_note else [])
    data = db.info.describe()
    request = options.request
    if options.compare is not None:
        told = len(settings.warnings)
        other_loaded = obtain_deck(deck_source(options.compare), db, settings)
        other = _usable(other_loaded.deck)
        warnings.extend((*settings.warnings.since(told), *deck_warnings(other_loaded)))
        comparison = compare_decks(deck, db, replace(request, compare=True), other)
        return SimulateRun(_with_data(comparison, db.info), data, tuple(warnings))
    if (request.sweep and not request.target) or request.pad:
        comparison = compare_decks(deck, db, request)
        return SimulateRun(_with_data(comparison, db.info), data, tuple(warnings))
    simulation = simulate_deck(deck, db, request)
    return SimulateRun(replace(simulation, data=db.info), data, tuple(warnings))


def _usable(deck: Deck) -> Deck:
    if not deck.entries:
        first = deck.problems[0].message if deck.problems else "no cards"
        raise DeckInputError(f"{deck.source}: {first}", hint="nothing to simulate")
    return deck


def _with_data(comparison: Comparison, data: DataInfo) -> Comparison:
    variants = tuple(
        replace(v, simulation=replace(v.simulation, data=data)) for v in comparison.variants
    )
    return replace(comparison, variants=variants, data=data)


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
