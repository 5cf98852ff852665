"""The README and the docs as a newcomer meets them: install lines that work as written."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nrdeck.cli import app
from tests.paths import ROOT

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10
    import tomli as tomllib  # type: ignore[import-not-found, no-redef, unused-ignore]

README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS = sorted((ROOT / "docs").rglob("*.md"))
EVERY_PAGE = {"README.md": README} | {
    str(page.relative_to(ROOT)): page.read_text(encoding="utf-8") for page in DOCS
}
REPOSITORIES = (ROOT / "docs" / "decklist-repositories.md").read_text(encoding="utf-8")


def _tags() -> set[str]:
    proc = subprocess.run(
        ["git", "tag", "--list"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    return set(proc.stdout.split())


@pytest.mark.parametrize("name", sorted(EVERY_PAGE))
def test_no_install_from_an_index_nrdeck_is_not_published_on(name: str) -> None:
    text = EVERY_PAGE[name]
    bare = re.findall(r"(?:pip|pipx|uv tool) install +[\"']?nrdeck\b(?![ @\[])", text)
    assert bare == []
    assert "pip install nrdeck" not in text


SOURCES = {str(path.relative_to(ROOT)): path for path in sorted((ROOT / "nrdeck").rglob("*.py"))}


@pytest.mark.parametrize("name", sorted(EVERY_PAGE) + sorted(SOURCES))
def test_no_extra_is_installed_from_an_index_either(name: str) -> None:
    """'pip install nrdeck[serve]' fails: the extras come from the clone ('.[serve]')."""
    text = EVERY_PAGE[name] if name in EVERY_PAGE else SOURCES[name].read_text("utf-8")
    assert re.findall(r"(?:install|inject) +[\"']?nrdeck\[", text) == []


def test_the_quick_start_says_which_python_it_needs() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    found = re.search(r'^requires-python = ">=(\d+\.\d+)"', pyproject, flags=re.MULTILINE)
    assert found is not None
    quick = README.split("## Quick start", 1)[1].split("```", 1)[0]
    assert f"Python {found.group(1)} or newer" in quick


def test_every_rev_names_a_tag_that_exists_or_asks_for_a_commit() -> None:
    assert re.search(r"^\s*rev:", REPOSITORIES, flags=re.MULTILINE), "the hook snippet names a rev"
    for name, text in EVERY_PAGE.items():
        pins = re.findall(r"^\s*rev:\s*(\S+)", text, flags=re.MULTILINE)
        pins += re.findall(r"uses:\s*\S+/nrdeck@(\S+)", text)  # the GitHub Action
        for pin in pins:
            assert pin == "<commit>" or pin in _tags(), (name, pin)


def test_quick_start_uses_an_environment_and_its_command_runs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    quick = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```bash\n(.+)\n```", quick)
    assert len(commands) == 2  # exactly two: the main job, and the whole test suite
    main, tests = (command.split(" && ") for command in commands)
    venv = ["python3 -m venv .venv", ". .venv/bin/activate"]
    assert main[:3] == [*venv, "pip install ."] and len(main) == 4
    assert main[3].startswith("nrdeck check ") and "--offline" in main[3]
    assert tests == [*venv, 'pip install -e ".[test]"', "python -m pytest"]
    assert "pipx install ." in quick and "uv tool install ." in quick
    check = main[-1]
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(app, check.split()[1:])
    assert result.exit_code == 0, result.stdout + result.stderr


def test_the_hook_snippet_narrows_files_and_says_why() -> None:
    section = REPOSITORIES.split("## The pre-commit hook", 1)[1].split("\n## ", 1)[0]
    assert "files: ^decks/" in section
    [why] = [line for line in section.splitlines() if line.startswith("`files: ^decks/`")]
    assert "narrows the hook" in why


def test_license_changelog_and_one_version_source() -> None:
    import nrdeck

    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert "## Unreleased" in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in pyproject and "\nversion =" not in pyproject
    assert tomllib.loads(pyproject)["tool"]["hatch"]["version"]["path"] == "nrdeck/_version.py"
    version_file = Path(nrdeck.__file__).parent / "_version.py"
    assert re.search(r'^__version__ = "\d+\.\d+\.\d+"$', version_file.read_text(), re.M)
    assert nrdeck.__version__ == re.findall(r'"(.+)"', version_file.read_text())[-1]
    assert (ROOT / "nrdeck" / "py.typed").exists()


def test_the_readme_says_what_the_skipped_tests_need_and_the_variable_points_them(
    tmp_path: Path,
) -> None:
    import os
    import sys

    quick = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    [line] = [line for line in quick.splitlines() if "tests skip" in line]
    assert "netrunner-cards-json" in line and "test doubles" in line and "../shared" in line
    assert "NRDECK_TEST_SHARED=DIR" in line
    env = {**os.environ, "NRDECK_TEST_SHARED": str(tmp_path)}
    shown = subprocess.run(
        [sys.executable, "-c", "from tests.paths import SHARED; print(SHARED)"],
        cwd=ROOT, env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert shown.stdout.strip() == str(tmp_path.resolve())
