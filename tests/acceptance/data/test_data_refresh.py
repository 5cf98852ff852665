"""Refreshing the card data (issue 30, point 6): `data build --report` and `data compare` say in
Markdown what changed; scripts/refresh_card_data.py adds the golden files and the suite; the
weekly workflow runs it with pinned actions and least permissions.

Tested on the real change: the data of 2026-07-23 is the shared checkout of 2026-09-21 with
the changes its ``SOURCE.md`` lists undone (the official Core, Startup Balance Update 26.09 and its
classic copy, the straight quotes of netrunner-cards-json #874); built, it is byte for byte
the snapshot nrdeck bundled from the data of July.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner, Result

from nrdeck.catalog import CardDB
from nrdeck.cli import app
from tests.ids import STARTUP_BALANCE_26_09
from tests.paths import ROOT, assert_golden_cases

RESPELT = (  # the files of netrunner-cards-json #874 (its ``SOURCE.md``)
    "ayla_bios_rahim_simulant_specialist",
    "baklan_bochkin",
    "janaina_jk_dumont_kindelan",
    "ken_express_tenma_disappeared_clone",
    "pretty_mary_da_silva",
    "project_vacheron",
    "rene_loup_arcemont_party_animal",
    "rielle_kit_peddler_transhuman",
    "thunderbolt_armaments_peace_through_power",
    "winchester",
)
REFRESH = "scripts/refresh_card_data.py"
# the refresh regenerates every test's golden files; these tests of its mechanism regenerate
# those of the commands that show the card changed (the check of the example decks)
SOME_GOLDEN_TESTS = ("--golden-test", "tests/acceptance/check/test_check_golden.py")
REALITY = "nbn_reality_plus"  # unbanned in Startup by the September data
runner = CliRunner()


def nrdeck(*args: str) -> Result:
    return runner.invoke(app, list(args))


def curly(title: str) -> str:
    parts = title.split('"')
    return "".join(p + ("“" if i % 2 == 0 else "”") for i, p in enumerate(parts[:-1])) + parts[-1]


@pytest.fixture(scope="module")
def july(cards_json: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """netrunner-cards-json as of 2026-07-23: the shared checkout with its ``SOURCE.md``'s changes
    undone."""
    root = tmp_path_factory.mktemp("cards-json-2026-07")
    shutil.copytree(cards_json / "v2", root / "v2")
    (root / "SOURCE.md").write_text("NetrunnerDB's card dataset as of 2026-07-23.\n", "utf-8")
    v2 = root / "v2"
    for gone in (
        "formats/core.json",
        "card_pools/core.json",
        "restrictions/startup/startup_balance_update_26_09.json",
        "restrictions/standard/startup_balance_update_26_09_for_classic_only.json",
    ):
        (v2 / gone).unlink()
    startup_file = v2 / "formats" / "startup.json"
    startup = json.loads(startup_file.read_text("utf-8"))
    startup["snapshots"] = [s for s in startup["snapshots"] if s["id"] != "startup_11"]
    for snapshot in startup["snapshots"]:
        if snapshot["id"] == "startup_9":
            snapshot["active"] = True  # the mark NetrunnerDB moved to startup_11
    startup_file.write_text(json.dumps(startup, indent=2), "utf-8")
    for card_id in RESPELT:
        path = v2 / "cards" / f"{card_id}.json"
        card = json.loads(path.read_text("utf-8"))
        card["title"] = curly(card["title"])
        path.write_text(json.dumps(card, ensure_ascii=False), "utf-8")
    return root


@pytest.fixture(scope="module")
def refreshed(
    july: Path, cards_json: Path, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, str]:
    """A pinned file built from the July data, rebuilt from September's with --report."""
    folder = tmp_path_factory.mktemp("pinned")
    out, report = folder / "cards.json", folder / "changes.md"
    first = nrdeck("data", "build", "--from", str(july), "--out", str(out))
    assert first.exit_code == 0, first.output
    (folder / "july.json").write_bytes(out.read_bytes())
    again = nrdeck(
        "data", "build", "--from", str(cards_json), "--out", str(out), "--report", str(report)
    )
    assert again.exit_code == 0, again.output
    return folder, report.read_text("utf-8")


def test_the_july_data_rebuilt_is_the_snapshot_of_july(refreshed: tuple[Path, str]) -> None:
    folder, _ = refreshed
    doc = json.loads((folder / "july.json").read_text("utf-8"))
    assert doc["origin"]["dataset_date"] == "2026-07-23"
    assert "core" not in {f["id"] for f in doc["formats"]}
    assert (folder / "cards.json").read_bytes() == (ROOT / "data" / "cards.json").read_bytes()


def test_the_report_names_the_unban_the_core_format_and_the_retitled_cards(
    db: CardDB, refreshed: tuple[Path, str]
) -> None:
    folder, report = refreshed
    shown = report.replace(str(folder), "<folder>")
    assert_golden_cases("messages/data-changes.txt", [("July's data, then September's", shown)],
                        __file__)  # fmt: skip
    assert report.startswith("# ") and "2026-07-23" in report and "2026-09-21" in report
    sections: dict[str, list[str]] = {}
    for part in report.split("\n## ")[1:]:
        title, *lines = part.splitlines()
        sections[title] = [line[2:] for line in lines if line.startswith("- ")]
    [new] = sections["Formats"]
    assert new.startswith("new format: ") and new.endswith("(`core`)")
    [periods] = [lines for title, lines in sections.items() if title.startswith("New periods")]
    startup = next(line for line in periods if line.startswith("**Startup** "))
    assert "from 2026-09-21" in startup and startup.endswith(f"unbanned {db.cards[REALITY].title}")
    assert any(line.startswith("**Core** from 2025-04-24") for line in periods)
    said = "\n".join(line for lines in sections.values() for line in lines)
    for named in (f"(`{STARTUP_BALANCE_26_09}`)", "`startup_11` (was `startup_9`)"):
        assert named in said
    retitled = [line for line in said.splitlines() if line.startswith("retitled (")]
    assert len(retitled) == 7  # the other three files changed only in text
    rene = next(line for line in retitled if "(`rene_loup_arcemont_party_animal`)" in line)
    assert "“Loup”" in rene.split(" → ")[0] and '"Loup"' in rene.split(" → ")[1]
    assert "new card" not in report and "new id" not in report


def test_compare_gives_the_same_report_and_an_unchanged_build_says_so(
    refreshed: tuple[Path, str], cards_json: Path
) -> None:
    folder, report = refreshed
    compared = nrdeck("data", "compare", str(folder / "july.json"), str(folder / "cards.json"))
    assert compared.exit_code == 0, compared.output
    body = report.split("\n## ", 1)[1]
    assert compared.stdout.split("\n## ", 1)[1] == body
    same = folder / "same.md"
    again = nrdeck(
        "data", "build", "--from", str(cards_json), "--out", str(folder / "cards.json"),
        "--report", str(same),
    )  # fmt: skip
    assert again.exit_code == 0
    unchanged = same.read_text("utf-8")
    assert "Nothing changed" in unchanged and "\n## " not in unchanged  # no section to show


def test_card_data_text_reaches_the_report_escaped(refreshed: tuple[Path, str]) -> None:
    folder, _ = refreshed
    doc = json.loads((folder / "cards.json").read_text("utf-8"))
    card = next(c for c in doc["cards"] if c["id"] == "hedge_fund")
    card["title"] = "Hedge <script>x</script> **Fund** \x1b]0;owned\x07 | `tick` [l](u)"
    hostile = folder / "hostile.json"
    hostile.write_text(json.dumps(doc), "utf-8")
    shown = nrdeck("data", "compare", str(folder / "cards.json"), str(hostile)).stdout
    line = next(ln for ln in shown.splitlines() if "(`hedge_fund`)" in ln)
    assert "\x1b" not in line and "\x07" not in line and "<script>" not in line
    assert "\\<script\\>" in line and "\\*\\*Fund\\*\\*" in line and "\\|" in line


def test_compare_names_a_missing_file(tmp_path: Path) -> None:
    result = nrdeck(
        "data", "compare", str(tmp_path / "old.json"), str(ROOT / "data" / "cards.json")
    )
    assert result.exit_code == 2
    [said] = result.stderr.splitlines()
    assert f"{tmp_path / 'old.json'}: no such file" in said and "'nrdeck data build'" in said


def test_report_onto_its_own_output_is_refused(tmp_path: Path, cards_json: Path) -> None:
    out = tmp_path / "cards.json"
    result = nrdeck(
        "data", "build", "--from", str(cards_json), "--out", str(out), "--report", str(out)
    )
    assert result.exit_code == 2 and not out.exists()


def _project_copy(folder: Path) -> Path:
    """The project's tracked files in a git repository of their own."""
    files = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    for name in filter(None, files):
        source, target = ROOT / name.decode(), folder / name.decode()
        if source.is_file():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    env = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t", "PATH": "/usr/bin:/bin",
           "GIT_CONFIG_NOSYSTEM": "1"}  # fmt: skip
    for step in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "copy"]):
        subprocess.run(["git", *step], cwd=folder, check=True, env=env, capture_output=True)
    return folder


@pytest.mark.slow
def test_the_refresh_script_reports_the_data_and_the_golden_files(
    july: Path, cards_json: Path, tmp_path: Path
) -> None:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    project = _project_copy(tmp_path / "nrdeck")
    script = [sys.executable, REFRESH, *SOME_GOLDEN_TESTS]
    done = subprocess.run(
        [*script, str(cards_json), str(tmp_path / "unchanged.md")],
        cwd=project, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert done.stdout.strip().splitlines()[-1] == "changed=false"
    back = subprocess.run(
        [*script, str(july), str(tmp_path / "back.md")],
        cwd=project, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert back.stdout.strip().splitlines()[-1] == "changed=true"
    report = (tmp_path / "back.md").read_text("utf-8")
    [removed] = [line for line in report.splitlines() if line.startswith("- format removed: ")]
    assert removed.endswith("(`core`)")
    headings = [line for line in report.splitlines() if line.startswith("## ")]
    assert any("golden files" in heading for heading in headings)  # a section of its own
    assert "tests/golden/check.json" in report and '"date": "2026-07-23"' in report


@pytest.fixture
def one_cost_changed(cards_json: Path, tmp_path: Path) -> Path:
    """The shared netrunner-cards-json with one card's cost changed (a card the golden files
    show): what a week's upstream change looks like."""
    root = tmp_path / "cards-json"
    shutil.copytree(cards_json / "v2", root / "v2")
    shutil.copy(cards_json / "SOURCE.md", root / "SOURCE.md")
    path = root / "v2" / "cards" / "hedge_fund.json"
    card = json.loads(path.read_text("utf-8"))
    card["cost"] = card["cost"] + 1
    path.write_text(json.dumps(card, ensure_ascii=False), "utf-8")
    return root


@pytest.mark.slow
def test_the_workflow_commits_every_file_the_refresh_changes(
    one_cost_changed: Path, tmp_path: Path
) -> None:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    project = _project_copy(tmp_path / "nrdeck")
    output = tmp_path / "github-output"
    env = {**os.environ, "GITHUB_OUTPUT": str(output)}
    arguments = [*SOME_GOLDEN_TESTS, str(one_cost_changed), str(tmp_path / "report.md")]
    done = subprocess.run(
        [sys.executable, REFRESH, *arguments],
        cwd=project, capture_output=True, text=True, check=True, env=env,
    )  # fmt: skip
    assert done.stdout.strip().splitlines()[-1] == "changed=true"
    committed = _output_list(output.read_text("utf-8"), "paths")
    status = subprocess.run(
        ["git", "status", "--porcelain", "-z", "--untracked-files=all"],
        cwd=project, capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    changed = sorted(entry[3:] for entry in status.split("\0") if entry)
    assert any(path.startswith("data/") for path in changed), changed
    assert any(path.startswith("tests/golden/") for path in changed), changed
    uncommitted = [path for path in changed if not _under_any(path, committed)]
    assert uncommitted == [], f"the workflow would leave these out: {uncommitted}"


def _output_list(text: str, name: str) -> list[str]:
    """A multi-line value of a $GITHUB_OUTPUT file (``name<<DELIMITER`` ... ``DELIMITER``)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{name}<<"))
    delimiter = lines[start].split("<<", 1)[1]
    end = lines.index(delimiter, start + 1)
    return lines[start + 1 : end]


def _under_any(path: str, committed: list[str]) -> bool:
    return any(path == c or path.startswith(c.rstrip("/") + "/") for c in committed)


def test_the_weekly_workflow_pins_every_action_and_asks_for_little() -> None:
    path = ROOT / ".github" / "workflows" / "refresh-card-data.yml"
    workflow = yaml.safe_load(path.read_text("utf-8"))
    assert workflow["permissions"] == {}
    triggers = workflow[True]  # YAML 1.1 reads the key "on" as true
    assert "schedule" in triggers and "workflow_dispatch" in triggers
    (job,) = workflow["jobs"].values()
    assert job["permissions"] == {"contents": "write", "pull-requests": "write"}
    uses = [step["uses"] for step in job["steps"] if "uses" in step]
    assert uses and all(re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", u) for u in uses), uses
    for step in job["steps"]:
        if step.get("uses", "").startswith("actions/checkout@"):
            assert step["with"]["persist-credentials"] is False
    run = "\n".join(step.get("run", "") for step in job["steps"])
    assert REFRESH in run and "--run-tests" in run
    opened = next(s for s in job["steps"] if "create-pull-request" in s.get("uses", ""))
    assert opened["if"] == "steps.refresh.outputs.changed == 'true'"
    assert opened["with"]["body-path"].endswith("report.md")
    # what it commits is what the script lists (the build's files and the golden files)
    assert opened["with"]["add-paths"] == "${{ steps.refresh.outputs.paths }}"
