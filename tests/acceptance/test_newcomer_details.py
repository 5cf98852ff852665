"""Smaller things a newcomer met, each as the user meets it: a URL where a file is expected is
echoed as written; the roster's "same list as" says which side; an exact solve keeps to its
budget on a 10,000-card deck. (`simulate --help`'s choices: test_cli_contract; the Monte
Carlo footer's seed: test_simulate_cli; `--cobra`'s header once: test_event_cobra; an empty
or binary file's one problem: test_folder_search; `--banlist 26.04` and French set names:
test_names_and_typos.)"""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from nrdeck.cli import app
from nrdeck.errors import ExitCode
from tests.paths import EXAMPLES

LEGAL = str(EXAMPLES / "standard-zahya.txt")
URL = "https://raw.githubusercontent.com/OWNER/REPO/COMMIT/astro.toml"


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("check", LEGAL, "--offline", "--format-file", URL), "reads format files from disk"),
        (("check", LEGAL, "--offline", "--data", URL), "reads card data files from disk"),
        (("check", LEGAL, "--offline", "-o", URL), "reads reports from disk"),
        (("event", "https://tournaments.nullsignal.games/tournaments/5871"), "rosters"),
        (("timeline", LEGAL, "--offline", "--format-file", URL), "format files"),
    ],
    ids=["format-file", "data", "output", "roster", "timeline"],
)
def test_a_url_where_a_file_is_expected_is_echoed_as_written(
    args: tuple[str, ...], said: str
) -> None:
    result = run(*args)
    assert result.exit_code == ExitCode.USAGE
    message = " ".join(result.stderr.split())
    url = next(a for a in args if a.startswith("https://"))
    assert url in message and url.replace("//", "/") not in message.replace(url, "")
    assert said in message and "not from the network" in message


def test_a_folder_where_a_file_is_expected_is_said_so(tmp_path: Path) -> None:
    result = run("check", LEGAL, "--offline", "--data", str(tmp_path))
    assert result.exit_code == ExitCode.USAGE
    assert f"{tmp_path} is a folder, not a file" in " ".join(result.stderr.split())


def test_the_same_list_note_says_which_side_it_was_registered_on(tmp_path: Path) -> None:
    shutil.copy(EXAMPLES / "illegal-standard.txt", tmp_path / "hb.txt")
    shutil.copy(EXAMPLES / "standard-zahya.txt", tmp_path / "zahya.txt")
    # Alice filed the Corp list under Runner; Bob registered the same list as his Corp deck
    roster = "player,corp,runner\nAlice,zahya.txt,hb.txt\nBob,hb.txt,zahya.txt\n"
    (tmp_path / "roster.csv").write_text(roster, encoding="utf-8")
    page = run(
        "event", str(tmp_path / "roster.csv"), "--offline", "--as-of", "2025-10-04",
        "--output-format", "markdown", "--audience", "organiser",
    )  # fmt: skip
    assert "Alice's Runner list" in page.stdout and "Alice's Corp list" in page.stdout
    document = run(
        "event", str(tmp_path / "roster.csv"), "--offline", "--as-of", "2025-10-04",
        "--output-format", "json",
    )  # fmt: skip
    bob = next(p for p in json.loads(document.stdout)["players"] if p["player"] == "Bob")
    assert bob["corp"]["same_list_as"] == ["Alice"]
    assert bob["runner"]["same_list_columns"] == ["corp"]  # the side Alice registered it on
    assert bob["corp"]["same_list_columns"] == ["runner"]


def test_an_exact_solve_keeps_to_its_budget_on_a_10000_card_deck(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    from nrdeck.cards.bundled import BundledSource

    db = BundledSource().load()
    runner = sorted(
        (c for c in db.cards.values() if c.side == "runner" and not c.is_identity),
        key=lambda c: c.title,
    )
    lines, total = ["Zahya Sadeghi: Versatile Smuggler"], 0
    for card in runner:
        if total >= 10_000:
            break
        lines.append(f"12 {card.title}")
        total += 12
    deck = tmp_path / "huge.txt"
    deck.write_text("\n".join(lines) + "\n", encoding="utf-8")
    start = time.perf_counter()
    result = run("simulate", str(deck), "econ>=1", "--exact-budget", "0.5", "--offline")
    elapsed = time.perf_counter() - start
    assert result.exit_code == ExitCode.OK, result.output
    # the closed form's big binomials took 6-15 s here, chosen at an estimate of 3 ms
    assert "closed form" not in result.stdout
    assert elapsed < 60, f"{elapsed:.1f} s for a 0.5 s budget"  # a guard: the method tells
