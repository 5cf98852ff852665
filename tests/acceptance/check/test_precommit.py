"""The shipped pre-commit hook, run by the real pre-commit on a repository of decklists.

pre-commit clones this checkout at its HEAD commit and pip-installs it (from the package
index only), so the hook must be committed. The hook is hermetic: ``--offline`` never
touches the network, and neither the hook nor ``PRE_COMMIT=1`` ever reads the user's
card-data cache, so the same commit gets the same verdict on every machine.
"""

from __future__ import annotations

import datetime as dt
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from nrdeck.cards.bundled import snapshot_path
from nrdeck.cards.cache import Cache, CacheMeta
from nrdeck.cli import app
from tests.acceptance.check.words import summary, tally
from tests.paths import ROOT, SNAPSHOT_DATE

SG = ROOT / "data" / "examples" / "sg-catalyst.txt"
ILLEGAL_SG = """\
The Catalyst: Convention Breaker
4 Sure Gamble
3 Jailbreak
3 Overclock
3 Mayfly
3 Smartware Distributor
3 Verbal Plasticity
1 Hedge Fund
"""

NEWER_CACHE = "fetched 2099-01-02 (cache)"
BUNDLED = f"card data: bundled snapshot of {SNAPSHOT_DATE}"


@pytest.fixture
def user_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user's card-data cache, newer than the bundled snapshot (a laptop that ran update)."""
    cache = Cache(tmp_path / "user-cache")
    meta = CacheMeta(
        source="test",
        url="http://127.0.0.1:9/api",
        fetched_at="2099-01-02T00:00:00+00:00",
        sha256="",
        document="",
        dataset_date="2099-01-01",
    )
    with cache.refresh_lock():
        cache.store(snapshot_path().read_bytes(), meta)
    monkeypatch.setenv("NRDECK_CACHE_DIR", str(cache.root))
    return cache.root


def test_without_the_hook_the_newer_cache_is_used(user_cache: Path) -> None:
    result = CliRunner().invoke(app, ["check", str(SG), "--format", "system_gateway"])
    assert result.exit_code == 0, result.stderr
    assert NEWER_CACHE in result.stderr


@pytest.mark.parametrize(
    ("args", "env"), [(["--no-cache"], {}), ([], {"PRE_COMMIT": "1"})], ids=["no-cache", "hook"]
)
def test_no_cache_and_the_hook_use_only_the_bundled_snapshot(
    user_cache: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], env: dict[str, str]
) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    result = CliRunner().invoke(app, ["check", str(SG), "--format", "system_gateway", *args])
    assert result.exit_code == 0, result.stderr
    assert BUNDLED in result.stderr and NEWER_CACHE not in result.stderr


def test_no_cache_still_uses_a_pinned_data_file(user_cache: Path, tmp_path: Path) -> None:
    pinned = tmp_path / "cards.json"
    shutil.copy(snapshot_path(), pinned)
    result = CliRunner().invoke(
        app, ["check", str(SG), "--format", "system_gateway", "--no-cache", "--data", str(pinned)]
    )
    assert result.exit_code == 0, result.stderr
    assert f"card data: pinned file {pinned}" in result.stderr


def _git(cwd: Path, *args: str) -> str:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.invalid",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.invalid",
    }
    proc = subprocess.run(
        ["git", *args], cwd=cwd, capture_output=True, text=True, env=env, check=True
    )
    return proc.stdout.strip()


def _head_with_hook() -> str:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    head = _git(ROOT, "rev-parse", "HEAD")
    try:
        _git(ROOT, "cat-file", "-e", f"{head}:.pre-commit-hooks.yaml")
    except subprocess.CalledProcessError:
        pytest.skip("HEAD has no .pre-commit-hooks.yaml yet")
    return head


@pytest.fixture(scope="module")
def hook_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """pre-commit's folder, shared by the tests of the hook: it installs the hook once."""
    return tmp_path_factory.mktemp("pre-commit-home")


def _pre_commit(repo: Path, home: Path, *files: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PRE_COMMIT_HOME": str(home), "NO_COLOR": "1"}
    env.pop("NRDECK_DATA", None)
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", "run", "--color", "never", "--files", *files],
        cwd=repo,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=600,
        check=False,
    )


@pytest.mark.slow
def test_hook_passes_legal_decks_and_fails_illegal_ones(
    tmp_path: Path, user_cache: Path, hook_home: Path
) -> None:
    head = _head_with_hook()
    repo = tmp_path / "decks"
    repo.mkdir()
    _git(repo, "init", "-q")
    (repo / ".pre-commit-config.yaml").write_text(
        f"repos:\n- repo: {ROOT}\n  rev: {head}\n  hooks:\n  - id: nrdeck-check\n"
        "    args: [--format, system_gateway]\n    files: ^decks/\n",
        encoding="utf-8",
    )
    (repo / "decks").mkdir()
    shutil.copy(SG, repo / "decks" / "catalyst.txt")
    (repo / "decks" / "too-many.txt").write_text(ILLEGAL_SG, encoding="utf-8")
    (repo / "notes.pdf").write_bytes(b"%PDF-1.4")  # not a decklist: never passed to the hook
    # files: ^decks/ keeps the repository's other text files away from the hook
    (repo / "renovate.json").write_text('{"extends": ["config:base"]}\n', encoding="utf-8")
    (repo / "requirements.txt").write_text("nrdeck\n", encoding="utf-8")
    _git(repo, "add", ".")

    everything = ("renovate.json", "requirements.txt", "notes.pdf")
    passing = _pre_commit(repo, hook_home, "decks/catalyst.txt", *everything)
    assert passing.returncode == 0, passing.stdout + passing.stderr
    assert _hook()["name"] in passing.stdout
    assert "Passed" in passing.stdout

    failing = _pre_commit(repo, hook_home, "decks/catalyst.txt", "decks/too-many.txt")
    assert failing.returncode == 1, failing.stdout + failing.stderr
    out = failing.stdout
    assert "Failed" in out and "exit code: 1" in out
    assert "✗ decks/too-many.txt" in out
    assert "one-box (line 2)" in out
    assert "side-mismatch" in out
    assert tally(out) == (2, 1, 1)
    assert summary(out)["card data"] == f"bundled snapshot of {SNAPSHOT_DATE}"  # not the cache
    assert "\x1b[" not in out


@pytest.mark.slow
def test_the_hook_gives_hermetic_advice_and_no_stale_warning_leaves_it_out(
    tmp_path: Path, hook_home: Path
) -> None:
    head = _head_with_hook()
    late = (dt.date.fromisoformat(SNAPSHOT_DATE) + dt.timedelta(days=116)).isoformat()
    repo = tmp_path / "decks"
    (repo / "decks").mkdir(parents=True)
    _git(repo, "init", "-q")
    (repo / "decks" / "too-many.txt").write_text(ILLEGAL_SG, encoding="utf-8")
    _git(repo, "add", ".")
    said = {}
    for extra in ("", ", --no-stale-warning"):
        (repo / ".pre-commit-config.yaml").write_text(
            f"repos:\n- repo: {ROOT}\n  rev: {head}\n  hooks:\n  - id: nrdeck-check\n"
            f"    args: [--format, system_gateway, --as-of, '{late}'{extra}]\n",
            encoding="utf-8",
        )
        ran = _pre_commit(repo, hook_home, "decks/too-many.txt")
        assert ran.returncode == 1, ran.stdout + ran.stderr
        said[extra] = ran.stdout
    assert " 116 days older " in said[""] and f"({late})" in said[""]  # the stale warning
    assert "pre-commit hook's rev" in said[""]  # the advice of a run without the cache
    assert "run 'nrdeck data update'" not in said[""]
    assert "days older than" not in said[", --no-stale-warning"]
    assert "✗ decks/too-many.txt" in said[", --no-stale-warning"]


def test_the_hook_leaves_out_a_pinned_data_file_and_its_titles() -> None:
    """pre-commit passes the hook every committed file its pattern matches: the titles a
    `data build` writes beside the pinned file would be checked as a deck and fail."""
    import re

    hook = _hook()
    files, exclude = re.compile(hook["files"]), re.compile(hook["exclude"])

    def checked(path: str) -> bool:
        return bool(files.search(path)) and not exclude.search(path)

    for pinned in (".nrdeck/cards.json", ".nrdeck/cards.titles.json", "cards.titles.json"):
        assert not checked(pinned), pinned
    for deck in ("decks/zahya.txt", "decks/hb.json", "decks/my-cards.json", "cards.txt"):
        assert checked(deck), deck


def _hook() -> dict[str, Any]:
    """The hook as .pre-commit-hooks.yaml declares it."""
    import yaml  # installed with pre-commit (the test extra)

    [hook] = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    return dict(hook)
