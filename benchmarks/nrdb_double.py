"""The NetrunnerDB double (../shared/tools/nrdb_mock.py) as a benchmark fixture."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("NRDECK_TEST_SHARED") or ROOT.parent / "shared")  # as tests.paths
MOCK = SHARED / "tools" / "nrdb_mock.py"
CARDS_JSON = SHARED / "netrunner-cards-json"


def require_shared() -> None:
    """Stop with a clear line when ../shared (the double and its data) is absent."""
    if not MOCK.is_file() or not (CARDS_JSON / "v2").is_dir():
        raise SystemExit(f"needs {MOCK} and {CARDS_JSON}")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serving(*options: str) -> Iterator[str]:
    """Run the double with ``options``; yield its root URL (http://127.0.0.1:PORT)."""
    port = _free_port()
    cmd = [sys.executable, str(MOCK), "--port", str(port), "--data", str(CARDS_JSON), *options]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert proc.stdout is not None
        if "serving" not in proc.stdout.readline():
            raise SystemExit("the NetrunnerDB double did not start")
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def stats(root: str) -> dict[str, int]:
    """The double's request counters."""
    with urllib.request.urlopen(f"{root}/__stats", timeout=10) as answer:
        return dict(json.loads(answer.read()))


def wall(cmd: list[str], env: dict[str, str], accept: tuple[int, ...] = (0,)) -> float:
    """Seconds one run of ``cmd`` takes (its exit status must be one of ``accept``)."""
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    seconds = time.perf_counter() - start
    if done.returncode not in accept:
        raise SystemExit(f"{' '.join(cmd[:4])} … exited {done.returncode}: {done.stderr[-500:]!r}")
    return seconds
