"""The ``event`` use case: rosters read, card data loaded and the date chosen here, and the
files a run produces (printable decklists, one message per player who must act)."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest

from nrdeck.app.event.command import EventOptions, event_run
from nrdeck.app.inputs.cards import DataSettings
from nrdeck.app.inputs.options import SelectionOptions
from nrdeck.errors import ExitCode, UsageError
from tests.paths import FIXTURES

SG = SelectionOptions(format_id="system_gateway", as_of=dt.date(2025, 10, 1))
BODY = "Ana,decks/sg-syndicate.txt,decks/sg-catalyst.txt\nBo,decks/sg-syndicate.txt,\n"


@pytest.fixture
def roster(tmp_path: Path) -> Path:
    shutil.copytree(FIXTURES / "event" / "decks", tmp_path / "decks")
    path = tmp_path / "roster.csv"
    path.write_text("player,corp,runner\n" + BODY, encoding="utf-8")
    return path


def options(roster: Path, **changes: object) -> EventOptions:
    data = DataSettings(offline=True, cache_dir=roster.parent / "cache")
    return EventOptions(roster=roster, data=data, selection=SG, **changes)  # type: ignore[arg-type]


def test_a_run_checks_every_registration(roster: Path) -> None:
    run = event_run(options(roster))
    states = {p.player: p.state.slug for p in run.report.players}
    assert states == {"Ana": "ready", "Bo": "missing"}
    assert run.report.period is not None and run.report.period.format_id == "system_gateway"
    assert (run.sheets, run.messages, run.failures, run.warnings) == (None, {}, (), ())


def test_sheets_and_messages_are_made_when_asked(roster: Path) -> None:
    run = event_run(options(roster, sheets_for="GNK", messages=True))
    assert run.sheets is not None and "GNK" in run.sheets
    assert len(run.messages) == 1  # Bo must act, Ana need not
    assert all(name.endswith(".md") for name in run.messages)


def test_columns_map_a_roster_with_other_headers(roster: Path) -> None:
    roster.write_text("Name,Corp deck,Runner deck\n" + BODY, encoding="utf-8")
    mapping = 'player="Name",corp="Corp deck",runner="Runner deck"'
    run = event_run(options(roster, columns=mapping))
    assert [p.player for p in run.report.players] == ["Bo", "Ana"]  # worst first


def test_card_titles_in_a_language_are_for_sheets_only(roster: Path) -> None:
    with pytest.raises(UsageError) as caught:
        event_run(options(roster, language="fr"))
    assert caught.value.exit_code is ExitCode.USAGE and caught.value.hint


def test_a_roster_compared_with_another_notes_each_difference(roster: Path) -> None:
    other = roster.with_name("before.csv")
    other.write_text(
        "player,corp,runner\nAna,decks/sg-syndicate.txt,decks/sg-catalyst-4-carmen.txt\n",
        encoding="utf-8",
    )
    run = event_run(options(roster, compare_with=other))
    ana = next(p for p in run.report.players if p.player == "Ana")
    assert ana.differs and run.report.compared_with is not None
    assert "event-list-differs" in [p.code for p in ana.problems]
