"""The words of a simulation's notes, assumptions and group descriptions."""

from __future__ import annotations

import re

from nrdeck.cards.bundled import snapshot_path
from nrdeck.cards.document import decode
from nrdeck.catalog import CardDB
from nrdeck.deck import Deck, DeckEntry
from nrdeck.sim.ask.groups import GroupResolver
from nrdeck.sim.ask.request import SimRequest
from nrdeck.sim.ask.schedule import build_schedule
from nrdeck.sim.engine import simulate_deck
from tests.builders import before_text_facts
from tests.ids import HOSHIKO
from tests.paths import assert_golden_cases
from tests.unit.sim.ask.test_groups import CORP, card_counts
from tests.unit.sim.test_engine import CORP_CARDS, RUNNER_CARDS, make_deck

VIC = "virtual_intelligence_p_i_you_can_call_me_vic"
SCORED = {"Global Food Initiative": 2, "Merger": 1, "Project Vacheron": 1, "Hostile Takeover": 3,
          "Let Them Dream": 2}  # fmt: skip


def _groups(db: CardDB, titles: dict[str, int], *names: str) -> str:
    resolver = GroupResolver(db, card_counts(db, titles), {})
    groups = [resolver.resolve(name) for name in names]
    return "\n".join(f"{g.name}: {g.description}" for g in groups if g is not None)


def test_a_simulation_reads_as_the_golden_file_says(db: CardDB) -> None:
    corp = make_deck(db, "Haas-Bioroid: Precision Design", CORP_CARDS)
    runner = make_deck(db, "The Catalyst: Convention Breaker", RUNNER_CARDS)
    mc = SimRequest(queries=("killer>=1",), method="mc", games=2_000, seed=9)
    auto = SimRequest(queries=("econ>=2 & breaker>=2",), exact_budget=1e-9, games=2_000, seed=9)
    old = CardDB.from_document(decode(before_text_facts(snapshot_path().read_bytes()), "old"))
    old_corp = {**CORP, "PAD Campaign": 3, "Global Food Initiative": 2}
    entries = tuple(DeckEntry(i, n) for i, n in card_counts(old, old_corp).items())
    without_facts = simulate_deck(Deck("corp.txt", None, None, entries), old, SimRequest())
    costly = simulate_deck(runner, db, auto).assumptions  # the estimate depends on the machine
    vic, hoshiko = (
        build_schedule("runner", 1, (), False, db.card(card)).identity.note
        for card in (VIC, HOSHIKO)
    )
    cases = [
        ("assumptions: Monte Carlo", "\n".join(simulate_deck(runner, db, mc).assumptions)),
        ("assumptions: exact method too costly", re.sub(r"at \S+ s,", "at N s,", costly[-1])),
        ("assumptions: card data without facts", "\n".join(without_facts.assumptions)),
        ("R&D report", simulate_deck(corp, db, SimRequest(report="rnd")).sections[0].note),
        ("identity: a click-draw", vic),
        ("identity: draws once flipped", hoshiko),
        ("groups: Runner points", _groups(db, SCORED, "runner_points", "points")),
        ("groups: card data without facts", _groups(old, old_corp, "econ", "runner_points")),
    ]
    assert_golden_cases("messages/simulation.txt", cases, __file__)
