"""The Python API (``from nrdeck import check_text, check_paths, load_cards``): the typed results
the reporters use, no printing, no raising for anything a decklist holds, a cheap import."""

from __future__ import annotations

import ast
import datetime as dt
import shutil
import subprocess
import sys
from pathlib import Path, PurePosixPath

import pytest

import nrdeck
from nrdeck import (
    CardDB,
    CheckReport,
    DeckOutcome,
    check_paths,
    check_text,
    in_force,
    load_cards,
)
from nrdeck.errors import ExitCode, UsageError
from nrdeck.results.outcome import Status
from tests.ids import ZAHYA
from tests.paths import EXAMPLES, ROOT
from tests.startup import broken

LEGAL = EXAMPLES / "standard-zahya.txt"
LEGAL_TEXT = LEGAL.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def cards() -> CardDB:
    return load_cards(cache=False)


def test_every_public_name_resolves_and_is_listed() -> None:
    assert sorted(nrdeck.__all__) == sorted(
        ["CardDB", "Change", "CheckReport", "DeckOutcome", "FormatPeriod", "SetRelease",
         "__version__", "check_paths", "check_text", "in_force", "load_cards", "periods"]
    )  # fmt: skip
    for name in nrdeck.__all__:
        assert getattr(nrdeck, name) is not None
        assert name in dir(nrdeck)
    with pytest.raises(AttributeError):
        nrdeck.no_such_name  # noqa: B018


def test_import_nrdeck_imports_nothing_else_of_nrdeck() -> None:
    code = (
        "import sys, nrdeck\n"
        "print(sorted(m for m in sys.modules if m.startswith('nrdeck') and m != 'nrdeck'))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    # only the version's one-line module: the API is imported on first use
    assert out.stdout.splitlines() == ["['nrdeck._version']"], (
        f"{broken('import nrdeck imports nothing else')}: {out.stdout}"
    )


def test_check_text_returns_the_typed_outcome(
    cards: CardDB, capsys: pytest.CaptureFixture[str]
) -> None:
    outcome = check_text(LEGAL_TEXT, name="zahya", cards=cards)
    assert isinstance(outcome, DeckOutcome)
    assert outcome.status is Status.LEGAL and outcome.source == "zahya"
    assert outcome.result is not None and outcome.result.legal
    assert outcome.result.identity_title == cards.cards[ZAHYA].title
    assert outcome.result.stats.cards == 40
    assert capsys.readouterr() == ("", "")  # nothing printed


def test_check_text_options_choose_what_is_in_force(cards: CardDB) -> None:
    old = check_text(LEGAL_TEXT, as_of=dt.date(2020, 1, 1), cards=cards)
    assert old.status is Status.ILLEGAL
    assert "not-in-card-pool" in {p.code for p in old.all_problems}
    casual = check_text(LEGAL_TEXT, format="casual", cards=cards)
    assert casual.status is Status.LEGAL
    with pytest.raises(UsageError):
        check_text(LEGAL_TEXT, format="no-such-format", cards=cards)
    with pytest.raises(UsageError):
        check_text(LEGAL_TEXT, input_format="pdf", cards=cards)


@pytest.mark.parametrize("given", [LEGAL_TEXT.encode("utf-8"), None])
def test_check_text_of_something_not_text_is_a_type_error(cards: CardDB, given: object) -> None:
    # the caller's mistake, not a deck nrdeck failed on (no internal-error outcome)
    with pytest.raises(TypeError, match="takes the decklist as str"):
        check_text(given, cards=cards)  # type: ignore[arg-type]


def test_dates_may_be_given_as_text_or_datetime(cards: CardDB) -> None:
    by_text = check_text(LEGAL_TEXT, as_of="2020-01-01", cards=cards)
    by_datetime = check_text(LEGAL_TEXT, as_of=dt.datetime(2020, 1, 1, 12, 0), cards=cards)
    assert by_text.status is by_datetime.status is Status.ILLEGAL
    period = in_force("astro", "2026-05-01", cards=cards)
    assert period.restriction_name == "Astro Ban List 26.04"
    assert in_force("astro", dt.datetime(2026, 5, 1, 8, 0), cards=cards) == period
    with pytest.raises(UsageError, match="'2026-13-01' is not a date"):
        in_force("astro", "2026-13-01", cards=cards)
    with pytest.raises(TypeError, match="a date must be"):
        check_text(LEGAL_TEXT, as_of=20200101, cards=cards)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["", "\x00\x01\x02", "[" * 50_000, "3 Hedge Fnd\n" * 3])
def test_check_text_never_raises_for_what_the_text_holds(cards: CardDB, text: str) -> None:
    outcome = check_text(text, name="pasted", cards=cards)
    assert outcome.status is Status.ILLEGAL
    assert outcome.all_problems and outcome.source == "pasted"


THREE = ("illegal-standard.txt", "sg-catalyst.txt", "standard-zahya.txt")


def _three_examples(folder: Path) -> None:
    """A folder of three of the example decks: an illegal one, a System Gateway one, a legal one."""
    folder.mkdir()
    for name in THREE:
        shutil.copy(EXAMPLES / name, folder / name)


def test_check_paths_checks_files_and_folders_as_the_cli(cards: CardDB, tmp_path: Path) -> None:
    _three_examples(tmp_path / "decks")
    (tmp_path / "decks" / "notes.md").write_text("# notes\n", encoding="utf-8")
    report = check_paths([tmp_path / "decks"], cards=cards, offline=True)
    assert isinstance(report, CheckReport)
    assert [Path(o.source).name for o in report.outcomes] == [
        "illegal-standard.txt", "sg-catalyst.txt", "standard-zahya.txt"
    ]  # fmt: skip
    assert report.exit_code is ExitCode.ILLEGAL
    only = check_paths([tmp_path / "decks"], exclude=["illegal-*", "sg-*"], cards=cards)
    assert [o.status for o in only.outcomes] == [Status.LEGAL]
    assert only.exit_code is ExitCode.OK
    with pytest.raises(UsageError):
        check_paths([tmp_path / "missing.txt"], cards=cards)


def test_check_paths_takes_one_path_alone(cards: CardDB, tmp_path: Path) -> None:
    _three_examples(tmp_path / "decks")
    folder = check_paths(str(tmp_path / "decks"), cards=cards, offline=True)
    assert len(folder.outcomes) == 3
    one = check_paths(tmp_path / "decks" / "standard-zahya.txt", cards=cards)
    assert [o.status for o in one.outcomes] == [Status.LEGAL]
    pure = check_paths(PurePosixPath(tmp_path / "decks" / "standard-zahya.txt"), cards=cards)
    assert [o.status for o in pure.outcomes] == [Status.LEGAL]  # any path-like, not iterated


def test_load_cards_from_a_pinned_file(tmp_path: Path) -> None:
    pinned = tmp_path / "cards.json"
    shutil.copy(ROOT / "data" / "cards.json", pinned)
    db = load_cards(pinned)
    assert db.info.kind == "file" and db.info.path == str(pinned)
    assert load_cards(cache=False).info.kind == "bundled"


def test_the_documented_example_runs(
    cards: CardDB, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = (ROOT / "docs" / "python-api.md").read_text(encoding="utf-8")
    code = page.split("```python\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(ROOT)
    completed = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert completed.returncode == 0, completed.stderr
    lines = completed.stdout.splitlines()
    assert lines[0] == f"legal {cards.cards[ZAHYA].title}"  # the status, then the identity
    listed, exit_code = lines[-1].rsplit(" ", 1)  # each (source, status), then the exit code
    statuses = dict(ast.literal_eval(listed))
    assert exit_code == "1" and statuses[str(LEGAL.relative_to(ROOT))] == "legal"


def test_check_text_takes_the_competitive_tier(cards: CardDB) -> None:
    zahya = EXAMPLES / "standard-zahya.txt"
    text = zahya.read_text(encoding="utf-8").replace("2 Overclock", "1 Overclock\n1 Clean Getaway")
    week = dt.date(2025, 4, 28)  # Elevation came out on Thursday 2025-04-24
    casual = nrdeck.check_text(text, as_of=week, cards=cards)
    strict = nrdeck.check_text(text, as_of=week, tier="competitive", cards=cards)
    assert casual.status.value == "legal"
    assert "competitive-delay" in [p.code for p in casual.all_problems]
    assert strict.status.value == "illegal"
    assert [p.code for p in strict.all_problems] == ["not-in-card-pool"]
    with pytest.raises(UsageError):
        nrdeck.check_text(text, tier="league", cards=cards)
