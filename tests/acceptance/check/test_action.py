"""The GitHub Action (action.yml), run the way a runner runs it.

No runner is available here, so the composite action's check step is run as GitHub runs a
``shell: bash`` step: its ``run`` text, with the ``${{ … }}`` expressions substituted, through
``bash --noprofile --norc -eo pipefail``, with the step's ``env`` (the ``INPUT_*`` values from
the inputs, their defaults included), in a repository of decklists, with the installed nrdeck
where the install step puts it (``$RUNNER_TEMP/nrdeck-venv/bin/nrdeck``).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml  # installed with pre-commit (the test extra)

from tests.acceptance.check.words import annotations, summary, tally
from tests.paths import ROOT

EXAMPLES = ROOT / "data" / "examples"
ACTION: dict[str, Any] = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
INPUTS: dict[str, Any] = ACTION["inputs"]
STEPS: list[dict[str, Any]] = ACTION["runs"]["steps"]
EXPRESSION = re.compile(r"\$\{\{\s*([^}]*?)\s*\}\}")
DOCS = [ROOT / "README.md", ROOT / "docs" / "decklist-repositories.md"]

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="the action's steps are bash")


def _step(name: str) -> dict[str, Any]:
    return next(step for step in STEPS if step.get("name") == name)


def _expressions(text: str) -> list[str]:
    return EXPRESSION.findall(text)


def _evaluate(text: str, inputs: dict[str, str], runner_temp: Path) -> str:
    def value(match: re.Match[str]) -> str:
        expression = match.group(1)
        if expression == "github.action_path":
            return str(ROOT)
        if expression == "runner.temp":
            return str(runner_temp)
        if expression.startswith("inputs."):
            name = expression.removeprefix("inputs.")
            return inputs.get(name, str(INPUTS[name].get("default", "")))
        raise AssertionError(f"the test does not know the expression {expression!r}")

    return EXPRESSION.sub(value, text)


def _run_check_step(
    repo: Path, tmp_path: Path, cwd: Path | None = None, **inputs: str
) -> subprocess.CompletedProcess[str]:
    """The 'Check decks' step as a runner runs it, after 'Install nrdeck' made its venv: in
    the workspace (``repo``, the runner's ``GITHUB_WORKSPACE``) unless ``cwd`` says where."""
    runner_temp = tmp_path / "runner-temp"
    venv_bin = runner_temp / "nrdeck-venv" / "bin"
    venv_bin.mkdir(parents=True)
    installed = Path(sys.executable).with_name("nrdeck")  # the console script pip installed
    assert installed.is_file(), "nrdeck's console script is installed beside the interpreter"
    (venv_bin / "nrdeck").symlink_to(installed)
    unknown = set(inputs) - set(INPUTS)
    assert not unknown, unknown
    step = _step("Check decks")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("INPUT_", "NRDECK_DATA"))}
    env.update({k: _evaluate(str(v), inputs, runner_temp) for k, v in step["env"].items()})
    env.update(GITHUB_ACTION_PATH=str(ROOT), RUNNER_TEMP=str(runner_temp))
    env.update(GITHUB_WORKSPACE=str(repo))
    script = _evaluate(step["run"], inputs, runner_temp)
    return subprocess.run(
        ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script],
        cwd=cwd or repo,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A repository of decklists: a legal and an illegal Standard deck, a draft."""
    root = tmp_path / "decklists"
    (root / "decks" / "drafts").mkdir(parents=True)
    shutil.copy(EXAMPLES / "standard-zahya.txt", root / "decks" / "zahya.txt")
    shutil.copy(EXAMPLES / "illegal-standard.txt", root / "decks" / "drafts" / "hb.txt")
    (root / "README.md").write_text("# our decks\n", encoding="utf-8")
    return root


def _annotations(stdout: str) -> list[str]:
    return [line for line in stdout.splitlines() if line.startswith("::")]


def _command(result: subprocess.CompletedProcess[str]) -> list[str]:
    """The nrdeck command the step ran, as it echoes it first: its words, as bash reads them."""
    return shlex.split(result.stdout.splitlines()[0])


def _where(result: subprocess.CompletedProcess[str]) -> list[tuple[str, str, str, str]]:
    """The annotations' level, file, line and title (the problem's code)."""
    return [
        (level, at["file"], at.get("line", ""), at.get("title", ""))
        for level, at, _ in annotations(result.stdout)
    ]


# --- the action file -------------------------------------------------------------------


def test_the_action_is_a_composite_of_bash_steps_with_the_documented_inputs() -> None:
    assert ACTION["runs"]["using"] == "composite"
    assert {"paths", "format", "date", "tier", "data", "args"} <= set(INPUTS)
    for name, spec in INPUTS.items():
        assert spec.get("description"), name
        assert spec.get("required") is False, name  # every input has a default
    for step in STEPS:
        if "run" in step:
            assert step["shell"] == "bash", step["name"]


def test_every_expression_names_an_input_or_step_that_exists_and_every_input_is_used() -> None:
    text = (ROOT / "action.yml").read_text(encoding="utf-8")
    step_ids = {step["id"] for step in STEPS if "id" in step}
    used = set()
    for expression in _expressions(text):
        if expression.startswith("inputs."):
            name = expression.removeprefix("inputs.")
            assert name in INPUTS, expression
            used.add(name)
        elif expression.startswith("steps."):
            assert expression.split(".")[1] in step_ids, expression
        else:
            assert expression in ("github.action_path", "runner.temp"), expression
    assert used == set(INPUTS)


def test_the_install_step_installs_the_actions_own_checkout_where_the_check_step_looks() -> None:
    install = _step("Install nrdeck")
    [pip] = [shlex.split(line) for line in install["run"].splitlines() if "pip install" in line]
    assert _expressions(pip[-1]) == ["github.action_path"]  # the action's own checkout
    temp = Path("/runner-temp")
    venv = Path(_evaluate(install["env"]["NRDECK_VENV"], {}, temp))
    assert venv == temp / "nrdeck-venv"
    nrdeck = _evaluate(_step("Check decks")["env"]["NRDECK"], {}, temp)
    assert Path(nrdeck) == venv / "bin" / "nrdeck"
    python = _step("Set up Python")
    assert python["uses"].startswith("actions/setup-python@")
    assert python["with"]["update-environment"] is False  # the workflow's Python is untouched


def test_the_check_step_passes_every_nrdeck_input_to_the_script_that_reads_it() -> None:
    step = _step("Check decks")
    script_path = _evaluate(step["run"], {}, Path("/tmp")).strip().strip('"')
    script = Path(script_path)
    assert script.is_file() and os.access(script, os.X_OK), script
    read = set(re.findall(r"\bINPUT_[A-Z_]+", script.read_text(encoding="utf-8")))
    passed = {k for k in step["env"] if k.startswith("INPUT_")}
    assert read == passed
    for key in passed:
        name = key.removeprefix("INPUT_").lower()
        assert step["env"][key] == "${{ inputs." + name + " }}"


# --- the check step, run --------------------------------------------------------------


def test_problems_become_annotations_on_the_files_and_the_step_fails(
    repo: Path, tmp_path: Path
) -> None:
    result = _run_check_step(repo, tmp_path, paths="decks/")
    assert result.returncode == 1, result.stderr
    assert _command(result) == [
        *("nrdeck", "check", "--offline", "--no-cache", "--output-format", "github"),
        *("--format", "standard", "--tier", "casual", "--", "decks/"),
    ]
    assert ("error", "decks/drafts/hb.txt", "4", "copies") in _where(result)
    assert {file for _, file, _, _ in _where(result)} == {"decks/drafts/hb.txt"}  # zahya: legal
    assert tally(result.stderr) == (2, 1, 1)
    assert "Traceback" not in result.stderr


HB_COPIES = ("error", "decks/drafts/hb.txt", "4", "copies")


@pytest.mark.parametrize(
    "paths", [".", "./decks", "decks/", "./decks/**/*.txt", "decks/drafts/hb.txt"]
)
def test_annotations_name_files_from_the_workspace_without_dot_slash(
    repo: Path, tmp_path: Path, paths: str
) -> None:
    result = _run_check_step(repo, tmp_path, paths=paths)
    assert result.returncode == 1, result.stderr
    notes = _where(result)
    assert HB_COPIES in notes
    assert {(level, file) for level, file, _, _ in notes} == {("error", "decks/drafts/hb.txt")}


def test_annotations_from_a_sub_folder_and_outside_the_workspace(
    repo: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "elsewhere" / "hb.txt"
    outside.parent.mkdir()
    shutil.copy(EXAMPLES / "illegal-standard.txt", outside)
    # a step with another working-directory: the files are still named from the workspace
    result = _run_check_step(repo, tmp_path, cwd=repo / "decks", paths=f"drafts {outside}")
    assert result.returncode == 1, result.stderr
    notes = _where(result)
    assert HB_COPIES in notes
    # outside the workspace GitHub can put it on no file of the pull request: named in full
    assert ("error", str(outside), "4", "copies") in notes
    assert {file for _, file, _, _ in notes} == {"decks/drafts/hb.txt", str(outside)}


def test_legal_decks_pass_and_args_reach_nrdeck(repo: Path, tmp_path: Path) -> None:
    result = _run_check_step(repo, tmp_path, paths="decks", args="--extend-exclude drafts")
    assert result.returncode == 0, result.stdout + result.stderr
    assert _annotations(result.stdout) == []
    assert _command(result)[-4:] == ["--extend-exclude", "drafts", "--", "decks"]
    assert tally(result.stderr) == (1, 1, 0)


def test_paths_on_several_lines_and_globs_nrdeck_expands(repo: Path, tmp_path: Path) -> None:
    (repo / "other").mkdir()
    shutil.copy(EXAMPLES / "standard-zahya.txt", repo / "other" / "deck one.txt")
    result = _run_check_step(repo, tmp_path, paths="decks/*.txt\n  other/deck?one.txt\n")
    assert result.returncode == 0, result.stdout + result.stderr
    # quoted for the reader of the log: nrdeck, not the shell, expands them
    logged = result.stdout.splitlines()[0]
    assert r" decks/\*.txt " in logged and logged.endswith(r" other/deck\?one.txt")
    assert _command(result)[-3:] == ["--", "decks/*.txt", "other/deck?one.txt"]
    assert tally(result.stderr) == (2, 2, 0)


def test_the_date_input_checks_as_of_that_date(repo: Path, tmp_path: Path) -> None:
    result = _run_check_step(repo, tmp_path, paths="decks/zahya.txt", date="2016-01-01")
    assert result.returncode == 1
    assert "--as-of 2016-01-01" in result.stdout.splitlines()[0]
    assert ("error", "decks/zahya.txt", "2", "not-in-card-pool") in _where(result)
    assert any("2021-03-28" in said for _, at, said in annotations(result.stdout))  # released


def test_the_tier_input_chooses_when_new_sets_become_legal(repo: Path, tmp_path: Path) -> None:
    deck = (EXAMPLES / "standard-zahya.txt").read_text(encoding="utf-8")
    deck = deck.replace("2 Overclock", "1 Overclock\n1 Clean Getaway")  # Elevation, 2025-04-24
    (repo / "decks" / "zahya.txt").write_text(deck, encoding="utf-8")
    week = {"paths": "decks/zahya.txt", "date": "2025-04-28"}
    casual = _run_check_step(repo, tmp_path / "casual", **week)
    competitive = _run_check_step(repo, tmp_path / "competitive", tier="competitive", **week)
    assert casual.returncode == 0, casual.stdout + casual.stderr
    assert [(level, file, title) for level, file, _, title in _where(casual)] == [
        ("warning", "decks/zahya.txt", "competitive-delay")
    ]
    assert competitive.returncode == 1
    [(level, at, said)] = annotations(competitive.stdout)
    assert (level, at["title"]) == ("error", "not-in-card-pool")
    assert said.startswith("Clean Getaway") and "2025-05-02" in said  # competitive from then


def test_the_data_input_pins_a_committed_card_data_file(repo: Path, tmp_path: Path) -> None:
    (repo / ".nrdeck").mkdir()
    shutil.copy(ROOT / "data" / "cards.json", repo / ".nrdeck" / "cards.json")
    result = _run_check_step(repo, tmp_path, paths=".", data=".nrdeck/cards.json")
    assert result.returncode == 1  # decks/drafts/hb.txt; the pinned file is no deck
    command = _command(result)
    assert command[command.index("--data") + 1] == ".nrdeck/cards.json"
    data = summary(result.stderr)["card data"]
    assert data.startswith("pinned file ") and " .nrdeck/cards.json " in data  # as given
    assert "cards.json" not in "".join(_annotations(result.stdout))


def test_a_bad_input_is_nrdecks_usage_error(repo: Path, tmp_path: Path) -> None:
    result = _run_check_step(repo, tmp_path, paths="decks", tier="league")
    assert result.returncode == 2
    [said] = [line for line in result.stderr.splitlines() if "'league'" in line]
    assert "'--tier'" in said and "'casual'" in said and "'competitive'" in said
    assert "Traceback" not in result.stderr


# --- the workflows the docs give --------------------------------------------------------


def _workflow_snippets() -> list[tuple[Path, dict[str, Any]]]:
    found = []
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        for block in re.findall(r"```yaml\n(.*?)```", text, flags=re.DOTALL):
            if "nrdeck@" in block:
                found.append((path, yaml.safe_load(block)))
    return found


def test_the_documented_workflows_use_the_action_with_its_own_inputs() -> None:
    snippets = _workflow_snippets()
    assert {path.name for path, _ in snippets} == {p.name for p in DOCS}
    for path, workflow in snippets:
        steps = [s for job in workflow["jobs"].values() for s in job["steps"]]
        assert steps[0]["uses"].startswith("actions/checkout@"), path
        ours = [s for s in steps if "nrdeck@" in s.get("uses", "")]
        assert len(ours) == 1, path
        assert ours[0]["uses"].endswith("/nrdeck@<commit>"), path  # no release tags yet
        assert set(ours[0].get("with", {})) <= set(INPUTS), path
