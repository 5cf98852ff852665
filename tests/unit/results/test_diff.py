"""A deck comparison: the same list, another identity, cards added and removed, decks that
name no identity (only their cards compared)."""

from __future__ import annotations

from msgspec.structs import replace

from nrdeck.results.diff import CardDelta, DeckDiff, IdentityRef

HB = IdentityRef("hb", "HB")
NBN = IdentityRef("nbn", "NBN")
SAME = DeckDiff("a.txt", "b.txt", HB, HB)


def plus(n: int, title: str) -> CardDelta:
    return CardDelta(title.lower(), title, n)


def test_the_same_identity_and_cards_are_the_same_list() -> None:
    assert SAME.same and SAME.same_identity and SAME.identities_compared
    assert SAME.summary() == "same list"
    assert SAME.unnamed_note() == ""


def test_another_identity_is_not_the_same_list() -> None:
    other = replace(SAME, identity_b=NBN)
    assert not other.same and not other.same_identity
    assert other.summary() == "identity HB → NBN"


def test_an_identity_on_one_side_only_is_another_identity() -> None:
    assert not replace(SAME, identity_a=None).same_identity
    assert replace(SAME, identity_a=None).summary() == "identity none → HB"
    assert replace(SAME, identity_a=None, identity_b=None).same_identity


def test_cards_added_then_removed_and_a_count_of_the_rest() -> None:
    diff = replace(
        SAME,
        added=(plus(2, "Hedge"), plus(1, "IPO"), plus(1, "Ice")),
        removed=(plus(1, "Beth"), plus(3, "Wall"), plus(1, "Tag")),
    )
    assert not diff.same and diff.same_identity
    shown, more = diff.summary().split(", … ")
    assert shown.split(", ") == ["+2 Hedge", "+1 IPO", "+1 Ice", "−1 Beth"]
    assert more == "(2 more)"
    assert diff.summary(limit=6).split(", ") == [
        "+2 Hedge",
        "+1 IPO",
        "+1 Ice",
        "−1 Beth",
        "−3 Wall",
        "−1 Tag",
    ]


def test_identity_and_cards_are_said_together() -> None:
    diff = replace(SAME, identity_b=NBN, removed=(plus(1, "Beth"),))
    assert diff.summary().split("; ") == ["identity HB → NBN", "−1 Beth"]


def test_a_deck_naming_no_identity_compares_only_cards() -> None:
    unnamed = replace(SAME, identity_b=None, unnamed=("b",))
    assert not unnamed.identities_compared
    assert unnamed.same_identity and unnamed.same  # the identity is not held against it
    note = unnamed.unnamed_note()
    assert note.startswith("b.txt names ") and "a.txt" not in note
    assert unnamed.summary() == f"same cards ({note})"


def test_two_decks_naming_no_identity_are_both_named() -> None:
    both = replace(SAME, identity_a=None, identity_b=None, unnamed=("a", "b"))
    assert both.unnamed_note().startswith("a.txt and b.txt name ")
    changed = replace(both, added=(plus(1, "IPO"),))
    assert changed.summary().split("; ") == ["+1 IPO", both.unnamed_note()]
