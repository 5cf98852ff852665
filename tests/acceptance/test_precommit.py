"""The shipped pre-commit hook, run by the real pre-commit on a repository of decklists.

pre-commit clones this checkout at its HEAD commit and pip-installs it (from the package
index only), so the hook must be committed. The card data is the bundled snapshot:
``--offline`` never touches the network.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
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

pytestmark = pytest.mark.slow


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


def test_hook_passes_legal_decks_and_fails_illegal_ones(tmp_path: Path) -> None:
    head = _head_with_hook()
    repo = tmp_path / "decks"
    repo.mkdir()
    _git(repo, "init", "-q")
    (repo / ".pre-commit-config.yaml").write_text(
        f"repos:\n- repo: {ROOT}\n  rev: {head}\n  hooks:\n  - id: nrdeck-check\n"
        "    args: [--format, system_gateway]\n",
        encoding="utf-8",
    )
    shutil.copy(SG, repo / "catalyst.txt")
    (repo / "too-many.txt").write_text(ILLEGAL_SG, encoding="utf-8")
    (repo / "notes.pdf").write_bytes(b"%PDF-1.4")  # not a decklist: never passed to the hook
    _git(repo, "add", ".")

    passing = _pre_commit(repo, tmp_path / "home", "catalyst.txt", "notes.pdf")
    assert passing.returncode == 0, passing.stdout + passing.stderr
    assert "nrdeck (Netrunner deck legality)" in passing.stdout
    assert "Passed" in passing.stdout

    failing = _pre_commit(repo, tmp_path / "home", "catalyst.txt", "too-many.txt")
    assert failing.returncode == 1, failing.stdout + failing.stderr
    out = failing.stdout
    assert "Failed" in out and "exit code: 1" in out
    assert "✗ too-many.txt" in out
    assert "one-box (line 2)" in out
    assert "side-mismatch" in out
    assert "2 decks: 1 legal, 1 illegal" in out
    assert "\x1b[" not in out
