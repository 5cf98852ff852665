"""The start-up rules a run of the console script holds (docs/design/startup.md, "The
rules"): checking a local file imports neither the HTTP stack, NumPy, pydantic, rapidfuzz, the
TOML parser, typing_extensions nor (piped) Rich, and defines no dataclass; ``--version``
imports no command; the CLI is imported with the collector paused. Each failure names the
rule it breaks and where the rule and its saving are written."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.paths import ROOT
from tests.startup import broken

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


def _none_of(rule: str, loaded: set[str], *names: str) -> None:
    assert not {*names} & loaded, f"{broken(rule)}: {sorted({*names} & loaded)} imported"


def test_checking_a_local_file_imports_no_network_or_simulation_stack() -> None:
    top = _top_level(_imported_modules("check", str(DECK), "--offline"))
    _none_of("No HTTP stack on a local check", top, "requests", "urllib3")
    _none_of("No NumPy or simulator on a check", top, "numpy")
    _none_of("No pydantic on a check", top, "pydantic")
    _none_of("No rapidfuzz for titles that match", top, "rapidfuzz")
    _none_of("No TOML parser under a built-in format", top, "tomllib", "tomli")


def test_checking_under_a_shipped_format_parses_no_toml() -> None:
    """Astro, Throwback and Core are read from their compiled catalogue."""
    top = _top_level(
        _imported_modules("check", str(DECK), "--offline", "--format", "astro", illegal=True)
    )
    _none_of("No TOML parser under a built-in format", top, "tomllib", "tomli")


def test_checking_a_local_file_defines_no_nrdeck_dataclass() -> None:
    found = (
        "[f'{v.__module__}.{v.__qualname__}' for m in list(sys.modules.values()) "
        "if getattr(m, '__name__', '').startswith('nrdeck') for v in vars(m).values() "
        "if isinstance(v, type) and __import__('dataclasses').is_dataclass(v)]"
    )
    made = _run_then_print(found, "check", str(DECK), "--offline")
    assert made == "[]", f"{broken('Records are msgspec structs')}: {made}"


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
    assert _run_then_print(loaded, "check", str(DECK), "--offline") == "False", broken(
        "msgspec starts without typing_extensions"
    )


def test_typing_extensions_is_still_importable_after_the_cli_started() -> None:
    # pydantic needs it for the commands that read NetrunnerDB's own files
    imported = "__import__('typing_extensions').__name__"
    assert _run_then_print(imported, "check", str(DECK), "--offline") == "typing_extensions", (
        f"{broken('msgspec starts without typing_extensions')}: the name stayed blocked"
    )


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
    rule = broken("msgspec starts without typing_extensions")
    assert proc.returncode == 0, f"{rule}: {proc.stderr[-2000:]}"
    assert "1 legal" in proc.stderr + proc.stdout, rule


def test_piped_text_output_does_not_import_rich() -> None:
    for fmt in ("text", "json", "github"):
        top = _top_level(_imported_modules("check", str(DECK), "--output-format", fmt))
        _none_of("No Rich for a plain report", top, "rich")


def test_a_hermetic_check_does_not_look_for_the_cache_folder(tmp_path: Path) -> None:
    # --no-cache (and a pre-commit hook) reads no cache: platformdirs is never imported
    hermetic = _imported_modules("check", str(DECK), "--no-cache", home=tmp_path)
    usual = _imported_modules("check", str(DECK), "--offline", home=tmp_path)
    _none_of("No cache-folder lookup without a cache", _top_level(hermetic), "platformdirs")
    assert "platformdirs" in _top_level(usual)


def test_the_cli_and_its_command_are_imported_with_the_collector_paused_then_frozen() -> None:
    """What the imports of Typer, the CLI and the command's own modules made is frozen: out of
    the collector's reach (``gc.get_objects`` does not list a frozen object)."""
    rule = "The CLI and its command are imported with the collector paused"
    frozen = "__import__('gc').get_freeze_count()"
    count = int(_run_then_print(frozen, "check", str(DECK), "--offline"))
    assert count > 10_000, f"{broken(rule)}: {count}"
    modules = ("typer.main", "nrdeck.cli", "nrdeck.cli.check", "nrdeck.app.check")
    reachable = (
        "(lambda gc: (lambda ids: [m for m in " + repr(modules) + " if id(vars(sys.modules[m])) "
        "in ids])({id(o) for o in gc.get_objects()}))(__import__('gc'))"
    )
    found = _run_then_print(reachable, "check", str(DECK), "--offline")
    assert found == "[]", f"{broken(rule)}: not frozen: {found}"


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
    commands = {m for m in loaded if m.startswith(("nrdeck.cli.", "nrdeck.app"))} - {
        "nrdeck.cli.state",
        "nrdeck.cli.streams",  # how the run ends when a stream fails: every command's
    }
    assert commands == set(), f"{broken('nrdeck --version imports no command')}: {commands}"


def test_a_plain_deck_compiles_none_of_the_rarer_line_patterns() -> None:
    """A decklist without brackets, bullets, labels, footers or negative numbers (most of
    them) never asks ``re`` for those patterns."""
    script = (
        "import re, runpy, sys\n"
        "asked = set()\n"
        "def spying(real):\n"
        "    def spy(pattern, *args, **kwargs):\n"
        "        asked.add(getattr(pattern, 'pattern', pattern))\n"
        "        return real(pattern, *args, **kwargs)\n"
        "    return spy\n"
        "for name in ('search', 'sub', 'match', 'fullmatch', 'compile'):\n"
        "    setattr(re, name, spying(getattr(re, name)))\n"
        f"sys.argv = ['nrdeck', 'check', {str(DECK)!r}, '--offline']\n"
        "try:\n"
        "    runpy.run_module('nrdeck', run_name='__main__')\n"
        "except SystemExit:\n"
        "    pass\n"
        "from nrdeck.decklist import lines\n"
        "rare = ('_BRACKETS', '_BULLET', '_ID_LABEL', '_FOOTER', '_NEGATIVE')\n"
        "print([name for name in rare if getattr(lines, name) in asked])\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    compiled = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else proc.stderr
    assert compiled == "[]", f"{broken('Patterns are compiled on first use')}: {compiled}"


def test_a_check_builds_and_imports_its_command_alone() -> None:
    shared = ("console", "errors", "options", "output", "settings", "state", "stdin", "streams")
    loaded = "sorted(m for m in sys.modules if m.startswith('nrdeck.cli.'))"
    commands = set(ast.literal_eval(_run_then_print(loaded, "check", str(DECK), "--offline")))
    others = commands - {f"nrdeck.cli.{name}" for name in ("check", *shared)}
    assert others == set(), f"{broken('Only the command being run is built')}: {others}"


def test_a_check_imports_what_it_runs() -> None:
    """What only a link, ``stats``, card data from elsewhere, a title naming several cards, a
    pattern, one error message or a file written need stays out of a hermetic local check."""
    never = (
        "nrdeck.decklist.nrdb_url", "nrdeck.http.workers", "nrdeck.app.stats",
        "nrdeck.cards.consistency", "nrdeck.rules.deckbuilding.collisions",
        "nrdeck.cards.nrdb_v3", "glob", "shlex", "tempfile",
    )  # fmt: skip
    ours = [m for m in never if m not in _loaded_by_pathlib()]
    loaded = f"[m for m in {ours!r} if m in sys.modules]"
    found = _run_then_print(loaded, "check", str(DECK), "--no-cache")
    assert found == "[]", f"{broken('A check imports what it runs')}: {found}"


def _loaded_by_pathlib() -> set[str]:
    """The modules this interpreter's own ``pathlib`` brings (``glob`` from Python 3.13 on):
    every run needs ``pathlib``, so what it loads is not the check's to keep out."""
    script = "import pathlib, sys; print(*sys.modules)"
    proc = subprocess.run(
        [sys.executable, "-I", "-c", script], capture_output=True, text=True, timeout=60, check=True
    )
    return set(proc.stdout.split())
