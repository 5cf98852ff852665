"""The real and period decks of tests/fixtures/legality, read as the commands read them."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from nrdeck.app.inputs.decks import read_deck_text
from nrdeck.catalog import CardDB
from nrdeck.deck import Deck
from nrdeck.results.check import CheckResult
from nrdeck.rules import check_deck
from tests.paths import EXAMPLES, FIXTURES
from tests.unit.rules.helpers import select_in_force

FIXTURES = FIXTURES / "legality"
NEH_2015 = EXAMPLES / "neh-fast-advance-2015.txt"  # the docs show its timeline
CTM_WORLDS_2016 = FIXTURES / "nbn-ctm-worlds-2016.txt"
LOUD_PE_2024 = FIXTURES / "pe-loud-2024.txt"
HAYLEY_ETERNAL = FIXTURES / "hayley-worlds-2017-pressure-spike.txt"
STARTUP_BIG_AGENDAS = FIXTURES / "startup-hb-five-big-agendas.txt"
IDENTITY_AGAIN = FIXTURES / "weyland-identity-again.txt"


def read(db: CardDB, path: Path, replace: dict[str, str] | None = None) -> Deck:
    """The deck file, with whole lines replaced (``{"1 Project Beale": "..."}``)."""
    text = path.read_text(encoding="utf-8")
    for old, new in (replace or {}).items():
        assert old in text, old
        text = text.replace(old, new)
    return read_deck_text(text, path.name, db)


def check_on(
    db: CardDB, deck: Deck, day: str, fmt: str = "standard", **select: object
) -> CheckResult:
    """The deck checked as of a day."""
    on = dt.date.fromisoformat(day)
    return check_deck(deck, db, select_in_force(db, fmt, today=on, as_of=on, **select))  # type: ignore[arg-type]
