"""Fast start: checking a local file imports neither requests, numpy, pydantic, rapidfuzz,
the TOML parser, typing_extensions nor (piped) Rich, and builds no dataclasses (each costs
about a millisecond to define)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.paths import ROOT

DECK = ROOT / "data" / "examples" / "standard-zahya.txt"


def _imported_modules(*args: str, home: Path | None = None, illegal: bool = False) -> set[str]:
    """The modules a run imports; with ``home``, as a user whose cache folder is not set;
    ``illegal``: the deck is checked and found illegal (exit 1)."""
    env = {k: v for k, v in os.environ.items() if k != "FORCE_COLOR"}
    if home is not None:
        env = {k: v for k, v in env.items() if k not in ("NRDECK_CACHE_DIR", "XDG_CACHE_HOME")}
        env["HOME"] = str(home)
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "nrdeck", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=60,
        check=False,
    )
    assert proc.returncode == (1 if illegal else 0), proc.stderr[-2000:]
    names = set()
    for line in proc.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            names.add(line.rsplit("|", 1)[1].strip())
    assert "nrdeck.app.check" in names  # the check path really ran
    return names


def _top_level(names: set[str]) -> set[str]:
    return {n.split(".")[0] for n in names}


def test_checking_a_local_file_imports_no_network_or_simulation_stack() -> None:
    top = _top_level(_imported_modules("check", str(DECK), "--offline"))
    assert "requests" not in top
    assert "urllib3" not in top
    assert "numpy" not in top
    assert "pydantic" not in top
    assert "rapidfuzz" not in top
    assert "tomllib" not in top and "tomli" not in top  # read only with a format file


def test_checking_under_a_shipped_format_parses_no_toml() -> None:
    """Astro, Throwback and Core are read from their compiled catalogue."""
    top = _top_level(
        _imported_modules("check", str(DECK), "--offline", "--format", "astro", illegal=True)
    )
    assert "tomllib" not in top and "tomli" not in top


def test_checking_a_local_file_defines_no_nrdeck_dataclass() -> None:
    script = (
        "import dataclasses, runpy, sys\n"
        "made = []\n"
        "real = dataclasses._process_class\n"
        "def spy(cls, *a, **k):\n"
        "    made.append(cls.__module__ + '.' + cls.__qualname__)\n"
        "    return real(cls, *a, **k)\n"
        "dataclasses._process_class = spy\n"
        f"sys.argv = ['nrdeck', 'check', {str(DECK)!r}, '--offline']\n"
        "try:\n"
        "    runpy.run_module('nrdeck', run_name='__main__')\n"
        "except SystemExit:\n"
        "    pass\n"
        "print([m for m in made if m.startswith('nrdeck')])\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    assert proc.stdout.strip().splitlines()[-1] == "[]", proc.stderr[-2000:]


def _run_then_print(expression: str, *args: str) -> str:
    """Run the console script's main in this interpreter, then print ``expression``."""
    script = (
        "import runpy, sys\n"
        f"sys.argv = ['nrdeck', *{list(args)!r}]\n"
        "try:\n"
        "    runpy.run_module('nrdeck', run_name='__main__')\n"
        "except SystemExit:\n"
        "    pass\n"
        f"print({expression})\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    assert proc.stdout.strip(), proc.stderr[-2000:]
    return proc.stdout.strip().splitlines()[-1]


@pytest.mark.skipif(
    sys.version_info < (3, 11),
    reason="measures Python 3.11+ only: there msgspec does without typing_extensions, as "
    "nrdeck.__main__.OPTIONAL_MODULES says; on 3.10 msgspec needs it",
)
def test_checking_a_local_file_does_without_typing_extensions() -> None:
    # msgspec only tries it; -X importtime would list the refused attempt, so ask sys.modules
    loaded = "sys.modules.get('typing_extensions') is not None"
    assert _run_then_print(loaded, "check", str(DECK), "--offline") == "False"


def test_typing_extensions_is_still_importable_after_the_cli_started() -> None:
    # pydantic needs it for the commands that read NetrunnerDB's own files
    imported = "__import__('typing_extensions').__name__"
    assert _run_then_print(imported, "check", str(DECK), "--offline") == "typing_extensions"


def test_a_dependency_that_needs_typing_extensions_still_starts() -> None:
    # as if msgspec imported it outright: the CLI is imported again with it allowed
    script = (
        "import builtins, runpy, sys\n"
        "real = builtins.__import__\n"
        "def needy(name, *args, **kwargs):\n"
        "    if name == 'msgspec':\n"
        "        real('typing_extensions')\n"
        "    return real(name, *args, **kwargs)\n"
        "builtins.__import__ = needy\n"
        f"sys.argv = ['nrdeck', 'check', {str(DECK)!r}, '--offline']\n"
        "runpy.run_module('nrdeck', run_name='__main__')\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "1 legal" in proc.stderr + proc.stdout


def test_piped_text_output_does_not_import_rich() -> None:
    for fmt in ("text", "json", "github"):
        top = _top_level(_imported_modules("check", str(DECK), "--output-format", fmt))
        assert "rich" not in top, fmt


def test_a_hermetic_check_does_not_look_for_the_cache_folder(tmp_path: Path) -> None:
    # --no-cache (and a pre-commit hook) reads no cache: platformdirs is never imported
    hermetic = _imported_modules("check", str(DECK), "--no-cache", home=tmp_path)
    usual = _imported_modules("check", str(DECK), "--offline", home=tmp_path)
    assert "platformdirs" not in _top_level(hermetic)
    assert "platformdirs" in _top_level(usual)


def test_the_version_imports_no_command() -> None:
    """``nrdeck --version`` answers without importing any command's module (it imported
    every one, with the simulation and the web front door, for one line)."""
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "nrdeck", "--version"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0 and proc.stdout.startswith("nrdeck ")
    loaded = {
        line.rsplit("|", 1)[1].strip()
        for line in proc.stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    }
    assert "nrdeck.cli" in loaded
    assert {m for m in loaded if m.startswith(("nrdeck.cli.", "nrdeck.app"))} == {
        "nrdeck.cli.state",
        "nrdeck.cli.streams",  # how the run ends when a stream fails: every command's
    }
