"""Fast start: checking a local file imports neither requests, numpy, nor (piped) Rich."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DECK = ROOT / "data" / "examples" / "standard-zahya.txt"


def _imported_modules(*args: str) -> set[str]:
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "nrdeck", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={k: v for k, v in os.environ.items() if k != "FORCE_COLOR"},
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
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


def test_piped_text_output_does_not_import_rich() -> None:
    for fmt in ("text", "json", "github"):
        top = _top_level(_imported_modules("check", str(DECK), "--output-format", fmt))
        assert "rich" not in top, fmt
