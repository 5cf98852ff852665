"""run_event on local files: progress reports, deck sources, the in-force period."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest

from nrdeck.app.decks import DeckSettings
from nrdeck.app.event import EventSettings, run_event
from nrdeck.app.roster import read_roster
from nrdeck.carddb import CardDB
from nrdeck.errors import UsageError
from nrdeck.rules import Selection

DECKS = Path(__file__).resolve().parents[2] / "fixtures" / "event" / "decks"
SG = EventSettings(Selection(today=dt.date(2026, 1, 1), format_id="system_gateway"))


def roster_file(tmp_path: Path) -> Path:
    shutil.copytree(DECKS, tmp_path / "decks")
    path = tmp_path / "roster.csv"
    path.write_text(
        "player,corp,runner\n"
        "Ana,decks/sg-syndicate.txt,decks/sg-catalyst.txt\n"
        "Ben,,decks/sg-catalyst-4-carmen.txt\n",
        encoding="utf-8",
    )
    return path


def test_progress_counts_every_registered_deck(db: CardDB, tmp_path: Path) -> None:
    calls: list[tuple[int, int, str]] = []
    roster = read_roster(roster_file(tmp_path))
    report = run_event(roster, db, SG, DeckSettings(offline=True), lambda *call: calls.append(call))
    assert calls == [(1, 3, "Ana · Corp"), (2, 3, "Ana · Runner"), (3, 3, "Ben · Runner")]
    assert report.period is not None and report.period.format_id == "system_gateway"
    ana, ben = report.players
    assert ana.ready and ana.corp.source == "decks/sg-syndicate.txt"
    assert ben.corp.kind == "empty" and ben.runner.status == "illegal"
    assert report.changed_since is None


def test_bad_format_is_a_usage_error_before_any_deck_is_read(db: CardDB, tmp_path: Path) -> None:
    calls: list[tuple[int, int, str]] = []
    roster = read_roster(roster_file(tmp_path))
    with pytest.raises(UsageError):
        run_event(
            roster,
            db,
            EventSettings(Selection(today=dt.date(2026, 1, 1), format_id="no_such_format")),
            DeckSettings(offline=True),
            lambda *call: calls.append(call),
        )
    assert calls == []
