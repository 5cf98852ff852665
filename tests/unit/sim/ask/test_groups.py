"""Groups from the deck: types, subtypes, economy, agendas by points, titles, user groups."""

from __future__ import annotations

import pytest

from nrdeck.cards.bundled import snapshot_path
from nrdeck.cards.document import decode
from nrdeck.catalog import CardDB
from nrdeck.deck import Deck, DeckEntry
from nrdeck.errors import UsageError
from nrdeck.sim.ask.groups import GroupResolver, parse_user_group
from nrdeck.sim.ask.request import SimRequest
from nrdeck.sim.engine import simulate_deck
from tests.builders import before_text_facts


def card_counts(db: CardDB, titles: dict[str, int]) -> dict[str, int]:
    out = {}
    for title, n in titles.items():
        card = db.card_by_title(title)
        assert card is not None, title
        out[card.id] = n
    return out


CORP = {"Hedge Fund": 3, "Ice Wall": 3, "Enigma": 2, "Priority Requisition": 2, "Project Atlas": 3}
PAYCHECK = "Another Day, Another Paycheck"  # a title with a comma
RUNNER = {"Sure Gamble": 3, "Corroder": 2, "Gordian Blade": 1, "Mimic": 1, "Daily Casts": 2}


def test_types_subtypes_and_points(db: CardDB) -> None:
    deck = card_counts(db, CORP)
    r = GroupResolver(db, deck, {})
    ice = r.resolve("ice")
    assert ice is not None and sum(deck[c] for c in ice.weights) == 5
    barrier = r.resolve("barrier")
    assert barrier is not None and set(barrier.weights) == {"ice_wall"}
    code_gate = r.resolve("codegate")
    assert code_gate is not None and set(code_gate.weights) == {"enigma"}
    points = r.resolve("points")
    assert points is not None
    assert points.weight("priority_requisition") == 3 and points.weight("project_atlas") == 2
    agenda3 = r.resolve("agenda3")
    assert agenda3 is not None and set(agenda3.weights) == {"priority_requisition"}
    econ = r.resolve("econ")
    assert econ is not None and "hedge_fund" in econ.weights


def test_breakers_and_economy(db: CardDB) -> None:
    deck = card_counts(db, RUNNER)
    r = GroupResolver(db, deck, {})
    breaker = r.resolve("breaker")
    assert breaker is not None and len(breaker.weights) == 3
    for name, card in (("fracter", "corroder"), ("decoder", "gordian_blade"), ("killer", "mimic")):
        group = r.resolve(name)
        assert group is not None and set(group.weights) == {card}
    econ = r.resolve("econ")
    assert econ is not None and set(econ.weights) == {"sure_gamble", "daily_casts"}
    empty = r.resolve("sentry")
    assert empty is not None and not empty.weights
    assert r.resolve("nonsense") is None


def test_titles_and_user_groups(db: CardDB) -> None:
    deck = card_counts(db, RUNNER)
    name, titles = parse_user_group("money=Sure Gamble, Daily Casts")
    assert (name, titles) == ("money", ["Sure Gamble,Daily Casts"])  # split when resolved
    # the whole list quoted (the quotes reached us): one item, which names two titles
    both = "Sure Gamble, Daily Casts"
    assert parse_user_group(f'money="{both}"')[1] == [both]
    r = GroupResolver(db, deck, {name: titles})
    money = r.resolve("money")
    assert money is not None and set(money.weights) == {"sure_gamble", "daily_casts"}
    title = r.resolve("Sure Gamble", quoted=True)
    assert title is not None and set(title.weights) == {"sure_gamble"}
    assert r.resolve("No Such Card", quoted=True) is None
    with pytest.raises(UsageError, match="unknown card"):
        GroupResolver(db, deck, {"x": ["Nope Nope"]}).resolve("x")


@pytest.mark.parametrize("spec", ["money", "=Sure Gamble", "a b=Sure Gamble", "x="])
def test_bad_user_group(spec: str) -> None:
    with pytest.raises(UsageError, match="--group"):
        parse_user_group(spec)


def test_titles_with_a_comma(db: CardDB) -> None:
    deck = card_counts(db, {PAYCHECK: 2, "Sure Gamble": 3})
    paycheck = db.card_by_title(PAYCHECK)
    assert paycheck is not None
    assert parse_user_group(f'pay="{PAYCHECK}",Sure Gamble') == ("pay", [PAYCHECK, "Sure Gamble"])
    for spec in (
        f'pay="{PAYCHECK}",Sure Gamble',  # the title quoted
        f"pay={PAYCHECK}, Sure Gamble",  # unquoted: the longest title wins
        f"pay='{PAYCHECK}','Sure Gamble'",
    ):
        name, titles = parse_user_group(spec)
        group = GroupResolver(db, deck, {name: titles}).resolve(name)
        assert group is not None and set(group.weights) == {paycheck.id, "sure_gamble"}, spec
    title = GroupResolver(db, deck, {}).resolve(PAYCHECK, quoted=True)
    assert title is not None and set(title.weights) == {paycheck.id}
    with pytest.raises(UsageError, match="not closed"):
        parse_user_group(f'pay="{PAYCHECK}')
    with pytest.raises(UsageError, match="expected a comma"):
        parse_user_group('pay="Sure Gamble" Daily Casts')


def test_card_data_without_facts_from_text_falls_back_and_says_so() -> None:
    old = CardDB.from_document(decode(before_text_facts(snapshot_path().read_bytes()), "old"))
    assert old.text_facts == 0
    deck = card_counts(old, {**CORP, "PAD Campaign": 3, "Global Food Initiative": 2})
    r = GroupResolver(old, deck, {})
    econ = r.resolve("econ")
    assert econ is not None and set(econ.weights) == {"hedge_fund"}  # not PAD Campaign
    assert econ.description.startswith("the transaction subtype")  # and says why
    assert "no facts" in econ.description and "card text" in econ.description
    stolen = r.resolve("runner_points")
    assert stolen is not None and stolen.weight("global_food_initiative") == 3
    assert "as printed" in stolen.description
    assert "no facts" in stolen.description and "card text" in stolen.description
    entries = tuple(DeckEntry(i, n) for i, n in deck.items())
    sim = simulate_deck(Deck("corp.txt", None, None, entries), old, SimRequest(side="corp"))
    (facts,) = [a for a in sim.assumptions if a.startswith("card facts:")]
    assert "econ is the transaction" in facts and "nrdeck data update" in facts
