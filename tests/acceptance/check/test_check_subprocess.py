"""`nrdeck check` as a real process: every exit code, output format and option."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.paths import ROOT, SNAPSHOT_DATE

EXAMPLES = ROOT / "data" / "examples"
SG = str(EXAMPLES / "sg-catalyst.txt")
LEGAL = str(EXAMPLES / "standard-zahya.txt")
ILLEGAL = str(EXAMPLES / "illegal-standard.txt")
REMOTE = "7a6b0d6e-1111-4000-8000-000000000000"


def nrdeck(*args: str, stdin: str = "", **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "nrdeck", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**os.environ, **env},
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize(
    ("args", "code", "stdout_has", "stderr_has"),
    [
        ((SG, "--format", "system_gateway", "--offline"), 0, "✓", "1 deck: 1 legal"),
        ((LEGAL, ILLEGAL, "--offline", "-v"), 1, "influence 6/15", "2 decks: 1 legal, 1 illegal"),
        ((LEGAL, "--format", "nope", "--offline"), 2, "", "valid formats"),
        (("missing.txt", "--offline"), 2, "", "missing.txt: no such file"),
        ((LEGAL, "--as-of", "2025-13-01"), 2, "", "--as-of '2025-13-01' is not a date"),
        ((LEGAL, "--snapshot", "standard_31", "--banlist", "standard_ban_list_25_08"), 0, "✓", ""),
        ((LEGAL, "--data", "/nonexistent/cards.json"), 2, "", "no such card data file"),
        ((REMOTE, LEGAL, "--offline"), 3, "deck-unavailable", "1 unavailable"),
        ((LEGAL, ILLEGAL, "-q", "--offline"), 1, "✗", ""),
        ((SG, "--input-format", "text", "--format", "system_gateway"), 0, "✓", ""),
    ],
)
def test_exit_codes_and_streams(
    args: tuple[str, ...], code: int, stdout_has: str, stderr_has: str
) -> None:
    proc = nrdeck("check", *args)
    assert proc.returncode == code, proc.stderr
    assert stdout_has in proc.stdout
    assert stderr_has in proc.stderr
    assert "Traceback" not in proc.stderr


def test_stdin_is_read_when_no_deck_is_named() -> None:
    proc = nrdeck("check", "--format", "system_gateway", "--offline", stdin=Path(SG).read_text())
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("✓ - · The Catalyst")
    empty = nrdeck("check", "--offline", stdin="")
    assert empty.returncode == 2 and "standard input" in empty.stderr  # what is missing


def test_json_output_is_clean_json_on_stdout() -> None:
    proc = nrdeck("check", LEGAL, ILLEGAL, "--offline", "--output-format", "json")
    assert proc.returncode == 1
    doc = json.loads(proc.stdout)
    assert doc["summary"] == {
        "decks": 2,
        "legal": 1,
        "illegal": 1,
        "unavailable": 0,
        "internal_errors": 0,
    }
    assert doc["card_data"]["description"] == f"bundled snapshot of {SNAPSHOT_DATE}"
    assert proc.stderr.splitlines()[-1].startswith("2 decks:")


def test_github_output() -> None:
    # an absolute path inside the workspace is named from the workspace (GitHub's own naming)
    proc = nrdeck(
        "check", ILLEGAL, "--offline", "--output-format", "github", GITHUB_WORKSPACE=str(ROOT)
    )
    assert proc.returncode == 1
    lines = proc.stdout.splitlines()
    banned = "::error file=data/examples/illegal-standard.txt,line=5,title=banned::"
    assert banned in "\n".join(lines)
    assert all(line.startswith("::error ") for line in lines)


def test_junit_output_to_file(tmp_path: Path) -> None:
    target = tmp_path / "junit.xml"
    proc = nrdeck(
        "check", LEGAL, ILLEGAL, "--offline", "--output-format", "junit", "-o", str(target)
    )
    assert proc.returncode == 1 and proc.stdout == ""
    suite = ET.parse(target).getroot().find("testsuite")
    assert suite is not None and suite.attrib["tests"] == "2" and suite.attrib["failures"] == "1"


def test_no_colour_when_piped_unless_forced() -> None:
    assert "\x1b[" not in nrdeck("check", ILLEGAL, "--offline").stdout
    assert "\x1b[" in nrdeck("check", ILLEGAL, "--offline", FORCE_COLOR="1").stdout
    assert "\x1b[" in nrdeck("check", ILLEGAL, "--offline", "--color", "always").stdout
    forced_but_hook = nrdeck("check", ILLEGAL, "--offline", FORCE_COLOR="1", PRE_COMMIT="1")
    assert "\x1b[" not in forced_but_hook.stdout


def test_cache_dir_option_is_accepted(tmp_path: Path) -> None:
    proc = nrdeck("check", LEGAL, "--offline", "--cache-dir", str(tmp_path), "--debug")
    assert proc.returncode == 0, proc.stderr


def test_format_file(tmp_path: Path) -> None:
    league = tmp_path / "league.toml"
    league.write_text('name = "League"\nbase = "standard"\nbanned = ["Mayfly"]\n', "utf-8")
    proc = nrdeck("check", LEGAL, "--format-file", str(league), "--offline")
    assert proc.returncode == 1
    assert "Mayfly" in proc.stdout


def test_stats_command() -> None:
    proc = nrdeck("stats", LEGAL, "--offline")
    assert proc.returncode == 0, proc.stderr
    assert "By type" in proc.stdout and "\x1b[" not in proc.stdout
    doc = json.loads(nrdeck("stats", LEGAL, "--output-format", "json").stdout)
    assert doc["by_type"] == {"Event": 14, "Program": 13, "Resource": 8, "Hardware": 5}


@pytest.mark.parametrize(
    ("raised", "code", "message"),
    [
        ("RuntimeError('boom')", 4, "internal error: RuntimeError: boom"),
        ("KeyboardInterrupt()", 130, "nrdeck: interrupted"),
    ],
)
def test_internal_error_and_interrupt_exit_codes(raised: str, code: int, message: str) -> None:
    script = (
        "import sys, nrdeck.app.check as c\n"
        f"def fail(*a, **k): raise {raised}\n"
        "c.CheckStream = fail\n"
        "from nrdeck.cli import main\n"
        f"sys.argv = ['nrdeck', 'check', {LEGAL!r}, '--offline']\n"
        "main()\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    assert proc.returncode == code
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr


def test_readme_quick_start_check_exits_0() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = readme.split("## Quick start", 1)[1].split("## ", 1)[0]
    command = next(line for line in quick.splitlines() if "nrdeck check" in line)
    args = command.split("nrdeck check", 1)[1].split()
    proc = subprocess.run(
        [sys.executable, "-m", "nrdeck", "check", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.split(" · ")[0] == f"✓ {args[0]}"  # the path as the README gives it
