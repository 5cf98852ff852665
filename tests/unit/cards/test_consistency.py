"""Whole and consistent datasets; plausible next to the data in use."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from msgspec.structs import replace

from nrdeck.cards.bundled import snapshot_path
from nrdeck.cards.consistency import implausible, reference_problems, summary
from nrdeck.cards.document import decode
from nrdeck.catalog import CardDB
from nrdeck.catalog.records import FactsDocument


@pytest.fixture(scope="module")
def doc() -> FactsDocument:
    return decode(snapshot_path().read_bytes(), "bundled")


def test_the_bundled_snapshot_is_whole_and_consistent(doc: FactsDocument) -> None:
    # the bundled snapshot is loaded without this check (it runs when the file is built)
    assert reference_problems(doc) == []


def _first(items: list[Any], **changes: Any) -> list[Any]:
    return [replace(items[0], **changes), *items[1:]]


BREAKS: dict[str, tuple[Callable[[FactsDocument], FactsDocument], str]] = {
    "printing card": (
        lambda d: replace(d, printings=_first(d.printings, card_id="ghost")),
        "names the card 'ghost'",
    ),
    "printing set": (
        lambda d: replace(d, printings=_first(d.printings, set_id="nowhere")),
        "names the set 'nowhere'",
    ),
    "set cycle": (lambda d: replace(d, sets=_first(d.sets, cycle_id="c")), "names the cycle 'c'"),
    "card faction": (
        lambda d: replace(d, cards=_first(d.cards, faction="f")),
        "names the faction 'f'",
    ),
    "card type": (lambda d: replace(d, cards=_first(d.cards, type="t")), "names the card type 't'"),
    "pool set": (
        lambda d: replace(d, card_pools=_first(d.card_pools, card_set_ids=("s",))),
        "names the set 's'",
    ),
    "pool card": (
        lambda d: replace(d, card_pools=_first(d.card_pools, cards=("ghost",))),
        "names the card 'ghost'",
    ),
    "ban list card": (
        lambda d: replace(d, restrictions=_first(d.restrictions, banned=frozenset({"ghost"}))),
        "names the card 'ghost'",
    ),
    "printing code": (
        lambda d: replace(d, printings=_first(d.printings, code="1092")),
        "printing '1092' has a code that is not five digits",
    ),
    "twice": (lambda d: replace(d, cards=[*d.cards, d.cards[0]]), "is given twice"),
    "no printings": (lambda d: replace(d, printings=[]), "it has no printings"),
}


@pytest.mark.parametrize("name", sorted(BREAKS))
def test_each_broken_reference_is_named(doc: FactsDocument, name: str) -> None:
    breaking, words = BREAKS[name]
    problems = reference_problems(breaking(doc))
    assert problems and any(words in p for p in problems), problems


def test_a_snapshot_naming_a_missing_pool_or_ban_list(doc: FactsDocument) -> None:
    fmt = doc.formats[0]
    snap = replace(fmt.snapshots[0], card_pool_id="p", restriction_id="r")
    broken = replace(doc, formats=[replace(fmt, snapshots=(snap, *fmt.snapshots[1:]))])
    problems = reference_problems(broken)
    assert any("names the card pool 'p'" in p for p in problems)
    assert any("names the ban list 'r'" in p for p in problems)


def test_a_summary_names_the_first_problem_and_counts_the_others() -> None:
    assert summary(["x"]) == "x"
    assert summary(["a", "b"]) == "a (and 1 more problem)"
    assert summary(["a", "b", "c"]) == "a (and 2 more problems)"


def test_hostile_ids_never_reach_a_message_raw(doc: FactsDocument) -> None:
    broken = replace(doc, printings=_first(doc.printings, set_id="\x1b[2J" + "y" * 500))
    [problem] = reference_problems(broken)
    assert "\x1b" not in problem and "\\x1b[2J" in problem and len(problem) < 200


def test_half_the_cards_is_plausible_fewer_is_not(doc: FactsDocument, db: CardDB) -> None:
    half = len(db.cards) // 2 + len(db.cards) % 2
    assert implausible(replace(doc, cards=doc.cards[:half]), db) == []
    [doubt] = implausible(replace(doc, cards=doc.cards[: half - 1]), db)
    assert doubt == f"it has {half - 1} cards instead of {len(db.cards)}"


def test_a_lost_format_is_not_plausible(doc: FactsDocument, db: CardDB) -> None:
    kept = [f for f in doc.formats if f.id not in ("eternal", "ram")]
    assert implausible(replace(doc, formats=kept), db) == ["it lacks the formats eternal, ram"]
