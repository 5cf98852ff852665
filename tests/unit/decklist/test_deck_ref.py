"""Telling NetrunnerDB deck references from other links, and what to say of the others."""

from __future__ import annotations

import pytest

from nrdeck.decklist.deck_ref import link_advice, looks_like_link, parse_deck_ref


@pytest.mark.parametrize(
    "spec",
    [
        "https://jinteki.net/deckbuilder",
        "jinteki.net/decks/5f1c",
        "www.example.com/deck",
        "netrunnerdb.com/en/card/01001",
        "ftp://host/deck.txt",
    ],
)
def test_links_look_like_links(spec: str) -> None:
    assert looks_like_link(spec)


@pytest.mark.parametrize("spec", ["deck.txt", "decks/jinteki.net.txt", "3 Hedge Fund"])
def test_file_names_and_text_do_not(spec: str) -> None:
    assert not looks_like_link(spec)


@pytest.mark.parametrize(
    ("link", "site"),
    [
        ("https://jinteki.net/deckbuilder", "jinteki.net"),
        ("https://www.jinteki.net/decks", "jinteki.net"),
        ("https://netrunnerdb.com/en/card/01001", "NetrunnerDB page"),
        ("https://example.com/deck.txt", None),
        ("https://notjinteki.net/x", None),
    ],
)
def test_a_known_site_gets_its_own_advice(link: str, site: str | None) -> None:
    assert parse_deck_ref(link) is None
    advice = link_advice(link)
    said, _, why = advice.message.partition(": ")
    assert said.startswith(link) and advice.hint
    assert (site in why) if site else not why
