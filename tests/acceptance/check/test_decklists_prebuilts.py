"""Real decks: the dataset's prebuilt decks written in every format (files, auto-detected),
and hand-written copies of NetrunnerDB's own export text, all read back to the same cards."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from nrdeck.app.inputs.decks import DeckSettings, load_deck
from nrdeck.catalog import CardDB
from nrdeck.deck import Deck, DeckEntry
from nrdeck.decklist.writers import WRITER_BY_FORMAT

EXTENSION = {"text": ".txt", "markdown": ".md", "bbcode": ".txt", "jinteki": ".txt",
             "o8d": ".o8d", "json": ".json"}  # fmt: skip


def prebuilts(cards_json: Path) -> list[dict[str, Any]]:
    return list(json.loads((cards_json / "prebuilts.json").read_text(encoding="utf-8")))


def expected(prebuilt: dict[str, Any], db: CardDB) -> tuple[str, Counter[str]]:
    """(identity card id, copies per card) of a prebuilt keyed by printing code."""
    identity = ""
    counts: Counter[str] = Counter()
    for code, qty in prebuilt["cards"].items():
        card = db.card_by_code(code)
        assert card is not None, code
        if card.is_identity:
            identity = card.id
        else:
            counts[card.id] += qty
    return identity, counts


def as_deck(prebuilt: dict[str, Any], db: CardDB) -> Deck:
    identity, counts = expected(prebuilt, db)
    entries = tuple(DeckEntry(card_id, qty) for card_id, qty in counts.items())
    return Deck("prebuilt", prebuilt["name"], DeckEntry(identity, 1), entries)


def assert_prebuilt(deck: Deck, prebuilt: dict[str, Any], db: CardDB) -> None:
    identity, counts = expected(prebuilt, db)
    assert deck.problems == ()
    assert deck.identity is not None and deck.identity.card_id == identity
    assert deck.extra_identities == ()
    assert deck.counts() == counts


@pytest.mark.parametrize("fmt", sorted(WRITER_BY_FORMAT))
def test_prebuilts_in_every_format(fmt: str, cards_json: Path, db: CardDB, tmp_path: Path) -> None:
    for prebuilt in prebuilts(cards_json):
        path = tmp_path / f"{prebuilt['code']}{EXTENSION[fmt]}"
        path.write_text(WRITER_BY_FORMAT[fmt](as_deck(prebuilt, db), db), encoding="utf-8")
        deck = load_deck(str(path), db, DeckSettings(offline=True))
        assert_prebuilt(deck, prebuilt, db)
        if fmt != "o8d":
            assert deck.name == prebuilt["name"]


def test_prebuilts_as_v2_json_with_their_own_printing_codes(
    cards_json: Path, db: CardDB, tmp_path: Path
) -> None:
    for prebuilt in prebuilts(cards_json):
        path = tmp_path / f"{prebuilt['code']}.json"
        doc = {"data": [{"name": prebuilt["name"], "cards": prebuilt["cards"]}], "success": True}
        path.write_text(json.dumps(doc, indent=1))
        deck = load_deck(str(path), db, DeckSettings(offline=True))
        assert_prebuilt(deck, prebuilt, db)
        assert {e.printing for e in deck.entries} <= set(prebuilt["cards"])


# NetrunnerDB's text download of the 2015 World Champion Runner deck: slug name line,
# identity with its pack, an optional Warning line, sections, influence dots, footer, CRLF.
RUNNER_TEXT_DOWNLOAD = "\r\n".join(
    [
        "2015-world-champion-runner-deck",
        "Valencia Estevez: The Angel of Cayambe (Order and Chaos)",
        "Warning: Deck does not comply with the card pool",
        "",
        "Event (10)",
        "2x Account Siphon (Core Set) ••••• •••",
        "3x Blackmail (Fear and Loathing)",
        "3x Inject (Up and Over)",
        "2x Queen's Gambit (Double Time)",
        "",
        "Hardware (1)",
        "1x Turntable (Chrome City)",
        "",
        "Resource (34)",
        "3x Daily Casts (Creation and Control)",
        "3x Data Leak Reversal (Future Proof)",
        "3x Drug Dealer (Old Hollywood) •••",
        "3x Fall Guy (Double Time) •••",
        "1x Hades Shard (First Contact) •",
        "3x Joshua B. (Cyber Exodus)",
        "3x Off-Campus Apartment (Breaker Bay)",
        "3x Paparazzi (Old Hollywood)",
        "3x Same Old Thing (Creation and Control)",
        "3x Scrubber (A Study in Static)",
        "3x Street Peddler (The Underway)",
        "3x Wireless Net Pavilion (The Universe of Tomorrow)",
        "",
        "Icebreaker (3)",
        "3x Faust (The Underway)",
        "",
        "Program (2)",
        "2x D4v1d (The Spaces Between)",
        "",
        "15 influence spent (max 15, available 0)",
        "50 cards (min 45)",
        "Cards up to The Universe of Tomorrow",
        "",
    ]
)

# The "plain" modal of the 2015 World Champion Corp deck (no packs, "Deck built on").
CORP_PLAIN = """2015 World Champion Corp Deck

Haas-Bioroid: Engineering the Future

Agenda (9)
3x Accelerated Beta Test
1x Project Vitruvius
3x NAPD Contract
2x Global Food Initiative ●●

Asset (9)
3x Adonis Campaign
3x Eve Campaign
3x Jackson Howard ●●●

Upgrade (9)
3x Ash 2X3ZB9CY
2x Caprice Nisei ●●●●●●●●
3x Breaker Bay Grid
1x Cyberdex Virus Suite

Operation (5)
2x Archived Memories
3x Hedge Fund

Barrier (3)
3x Eli 1.0

Code Gate (6)
1x Tollbooth ●●
2x Enigma
3x Turing

Sentry (8)
3x Ichi 1.0
2x Ichi 2.0
3x Architect

15 influence spent (max 15, available 0)
20 agenda points (between 20 and 21)
49 cards (min 45)
Cards up to Data and Destiny

Deck built on https://netrunnerdb.com.
"""

CORP_MARKDOWN = (
    "## 2015 World Champion Corp Deck\n\n"
    "[Haas-Bioroid: Engineering the Future](https://netrunnerdb.com/en/card/01054)"
    " _(Core Set)_\n\n"
    "###Agenda (9)\n"
    "* 3x [Accelerated Beta Test](https://netrunnerdb.com/en/card/01055) _(Core Set)_ \n"
    "* 1x [Project Vitruvius](https://netrunnerdb.com/en/card/02051) _(Cyber Exodus)_ \n"
    "* 3x [NAPD Contract](https://netrunnerdb.com/en/card/04119) _(Double Time)_ \n"
    "* 2x [Global Food Initiative](https://netrunnerdb.com/en/card/09026)"
    " _(Data and Destiny)_ ●●\n\n"
    "###Asset (9)\n"
    "* 3x [Adonis Campaign](https://netrunnerdb.com/en/card/01056) _(Core Set)_ \n"
    "* 3x [Eve Campaign](https://netrunnerdb.com/en/card/02092) _(Humanity's Shadow)_ \n"
    "* 3x [Jackson Howard](https://netrunnerdb.com/en/card/04015) _(Opening Moves)_ ●●●\n\n"
    "###Upgrade (9)\n"
    "* 3x [Ash 2X3ZB9CY](https://netrunnerdb.com/en/card/02013) _(What Lies Ahead)_ \n"
    "* 2x [Caprice Nisei](https://netrunnerdb.com/en/card/04114) _(Double Time)_ ●●●●●●●●\n"
    "* 3x [Breaker Bay Grid](https://netrunnerdb.com/en/card/08040) _(Breaker Bay)_ \n"
    "* 1x [Cyberdex Virus Suite](https://netrunnerdb.com/en/card/07027)"
    " _(Order and Chaos)_ \n\n"
    "###Operation (5)\n"
    "* 2x [Archived Memories](https://netrunnerdb.com/en/card/01058) _(Core Set)_ \n"
    "* 3x [Hedge Fund](https://netrunnerdb.com/en/card/01110) _(Core Set)_ \n\n"
    "###Barrier (3)\n"
    "* 3x [Eli 1.0](https://netrunnerdb.com/en/card/02110) _(Future Proof)_ \n\n"
    "###Code Gate (6)\n"
    "* 1x [Tollbooth](https://netrunnerdb.com/en/card/01090) _(Core Set)_ ●●\n"
    "* 2x [Enigma](https://netrunnerdb.com/en/card/01111) _(Core Set)_ \n"
    "* 3x [Turing](https://netrunnerdb.com/en/card/08033) _(Breaker Bay)_ \n\n"
    "###Sentry (8)\n"
    "* 3x [Ichi 1.0](https://netrunnerdb.com/en/card/01062) _(Core Set)_ \n"
    "* 2x [Ichi 2.0](https://netrunnerdb.com/en/card/03017) _(Creation and Control)_ \n"
    "* 3x [Architect](https://netrunnerdb.com/en/card/06061) _(Up and Over)_ \n\n"
    "15 influence spent (max 15, available 0)  \n"
    "20 agenda points (between 20 and 21)  \n"
    "49 cards (min 45)  \n"
    "Cards up to Data and Destiny  \n"
)


def _bbcode_from_markdown(markdown: str) -> str:
    """The same deck as NetrunnerDB's BBCode export lays it out."""
    import re

    lines = []
    for line in markdown.splitlines():
        line = re.sub(r"^## (.*)$", r"[b]\1[/b]", line)
        line = re.sub(r"^###(.*)$", r"[b]\1[/b]", line)
        line = re.sub(r"\[([^\]]+)\]\(([^)]+)\)", r"[url=\2]\1[/url]", line)
        line = re.sub(r"_\(([^)]*)\)_", r"[i](\1)[/i]", line)
        line = re.sub(r"(●+)", r"[color=#8a2be2]\1[/color]", line)
        lines.append(line.removeprefix("* ").rstrip())
    return "\n".join(lines) + "\n"


# jinteki.net's export from NetrunnerDB: no identity line, ASCII quotes.
RUNNER_JINTEKI = """2 Account Siphon
3 Blackmail
3 Inject
2 Queen's Gambit
1 Turntable
3 Daily Casts
3 Data Leak Reversal
3 Drug Dealer
3 Fall Guy
1 Hades Shard
3 Joshua B.
3 Off-Campus Apartment
3 Paparazzi
3 Same Old Thing
3 Scrubber
3 Street Peddler
3 Wireless Net Pavilion
3 Faust
2 D4v1d
"""


def _by_name(cards_json: Path, name: str) -> dict[str, Any]:
    return next(p for p in prebuilts(cards_json) if p["name"] == name)


@pytest.mark.parametrize(
    ("filename", "text", "prebuilt", "fmt"),
    [
        ("runner.txt", RUNNER_TEXT_DOWNLOAD, "2015 World Champion Runner Deck", "nrdb-text"),
        ("corp.txt", CORP_PLAIN, "2015 World Champion Corp Deck", "nrdb-text"),
        ("corp.md", CORP_MARKDOWN, "2015 World Champion Corp Deck", "markdown"),
        ("corp-bb.txt", _bbcode_from_markdown(CORP_MARKDOWN), "2015 World Champion Corp Deck",
         "bbcode"),
    ],
)  # fmt: skip
def test_netrunnerdb_exports_as_written_by_the_site(
    filename: str, text: str, prebuilt: str, fmt: str,
    cards_json: Path, db: CardDB, tmp_path: Path,
) -> None:  # fmt: skip
    path = tmp_path / filename
    path.write_bytes(text.encode("utf-8"))
    deck = load_deck(str(path), db, DeckSettings(offline=True))
    assert deck.format == fmt
    assert_prebuilt(deck, _by_name(cards_json, prebuilt), db)
    assert deck.name and deck.name.lower().replace("-", " ") == prebuilt.lower()


def test_jinteki_export_has_no_identity(cards_json: Path, db: CardDB, tmp_path: Path) -> None:
    path = tmp_path / "runner.txt"
    path.write_text(RUNNER_JINTEKI)
    deck = load_deck(str(path), db, DeckSettings(offline=True))
    _, counts = expected(_by_name(cards_json, "2015 World Champion Runner Deck"), db)
    assert deck.problems == () and deck.identity is None  # the rules engine reports it
    assert deck.counts() == counts


def test_text_download_lines_point_at_the_file(db: CardDB, tmp_path: Path) -> None:
    path = tmp_path / "runner.txt"
    path.write_bytes(RUNNER_TEXT_DOWNLOAD.replace("3x Faust", "3x Fuast").encode())
    deck = load_deck(str(path), db, DeckSettings(offline=True))
    [problem] = deck.problems
    assert (problem.code, problem.line, problem.location.source) == ("unknown-card", 29, str(path))
    assert "Faust" in problem.message
    assert deck.first_line("account_siphon") == 6
