"""``nrdeck serve`` as an organiser runs it: the command, its workers, a reverse proxy's
prefix, an event's settings, new card data while serving, and the other commands' start-up
untouched by the web libraries."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from nrdeck.app.inputs.cards import DataSettings
from nrdeck.app.serve import data as served_data
from nrdeck.app.serve.service import ServeSettings
from nrdeck.cli import app
from nrdeck.errors import ExitCode
from tests.acceptance.serve.conftest import Serving, free_port
from tests.paths import EXAMPLES, ROOT
from tests.startup import broken

runner = CliRunner()
LEGAL = (EXAMPLES / "standard-zahya.txt").read_text("utf-8")


@contextmanager
def nrdeck_serve(*args: str, env: dict[str, str] | None = None) -> Iterator[str]:
    """``nrdeck serve`` in its own process; yields its base URL once it answers."""
    with serve_process(*args, env=env) as (url, _):
        yield url


@contextmanager
def serve_process(
    *args: str, env: dict[str, str] | None = None
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``nrdeck serve`` in its own process; yields its base URL and the process once it
    answers, and stops it after."""
    port = free_port()
    command = [sys.executable, "-m", "nrdeck", "serve", "--port", str(port), *args]
    environment = {**os.environ, **(env or {})}
    proc = subprocess.Popen(
        command, cwd=ROOT, env=environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                output = proc.stdout.read().decode() if proc.stdout else ""
                pytest.fail(f"nrdeck serve stopped: {output}")
            try:
                if httpx.get(f"{url}/healthz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                pytest.fail("nrdeck serve did not answer within 60 s")
            time.sleep(0.2)
        yield url, proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
        if proc.stdout is not None:
            proc.stdout.close()


def test_help_names_every_option() -> None:
    result = runner.invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--root-path", "--workers", "--cobra", "--no-links"):
        assert option in result.stdout


@pytest.mark.slow
def test_two_workers_behind_a_prefix(tmp_path: Path) -> None:
    env = {"NRDECK_CACHE_DIR": str(tmp_path / "cache")}
    with nrdeck_serve("--workers", "2", "--root-path", "/decks", env=env) as url:
        page = httpx.get(f"{url}/").text
        assert "/decks/static/style.css" in re.findall(r'href="([^"]+)"', page)
        assert re.findall(r'action="([^"]+)"', page) == ["/decks/"]
        answers = [
            httpx.post(f"{url}/api/v1/check", json={"deck": LEGAL}, timeout=30) for _ in range(6)
        ]
        assert all(a.status_code == 200 and a.json()["decks"][0]["legal"] for a in answers)


@pytest.mark.slow
def test_event_options_fix_the_settings_for_every_visitor(tmp_path: Path) -> None:
    env = {"NRDECK_CACHE_DIR": str(tmp_path / "cache")}
    with nrdeck_serve("--format", "startup", "--tier", "competitive", env=env) as url:
        page = httpx.get(f"{url}/").text
        checked = httpx.post(f"{url}/api/v1/check", json={"deck": LEGAL}, timeout=30).json()
        line = checked["details"]["event"]["line"]  # its words: messages/serve-event-lines.txt
        assert line in page and line.endswith(", competitive")
        assert "Startup, " in line and checked["decks"][0]["tier"] == "competitive"
        default = httpx.post(f"{url}/api/v1/check", json={"deck": LEGAL, "format": "standard"})
        assert default.status_code == 200  # standard is the default, so it asks for nothing
        asked = httpx.post(f"{url}/api/v1/check", json={"deck": LEGAL, "tier": "casual"})
        assert asked.status_code == 200
        other = httpx.post(f"{url}/api/v1/check", json={"deck": LEGAL, "format": "eternal"})
        assert (
            other.status_code == 400 and "the format is fixed" in other.json()["error"]["message"]
        )
        checked = httpx.post(f"{url}/api/v1/check", json={"deck": LEGAL}).json()["decks"][0]
        assert (checked["format"]["id"], checked["tier"]) == ("startup", "competitive")


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="/proc names the workers")
def test_workers_end_with_their_supervisor_and_free_the_port(tmp_path: Path) -> None:
    env = {"NRDECK_CACHE_DIR": str(tmp_path / "cache")}
    with serve_process("--workers", "2", "--offline", env=env) as (url, supervisor):
        children = Path(f"/proc/{supervisor.pid}/task/{supervisor.pid}/children")
        workers = [int(pid) for pid in children.read_text().split()]
        assert len(workers) >= 2  # two workers (and multiprocessing's resource tracker)
        os.kill(supervisor.pid, signal.SIGKILL)
        supervisor.wait()
        try:
            port = int(url.rsplit(":", 1)[1])
            assert _freed(port), "the port is still held after the supervisor was killed"
            assert _ended(workers), "a worker still runs after its supervisor was killed"
        finally:
            for pid in workers:  # whatever the outcome, no worker outlives the test
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)


def _freed(port: int, within: float = 30.0) -> bool:
    """Whether the port can be listened on again, asked until ``within`` seconds pass."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            with socket.create_server(("127.0.0.1", port)):
                return True
        except OSError:
            time.sleep(0.2)
    return False


def _ended(pids: list[int], within: float = 30.0) -> bool:
    """Whether every process has ended (a zombie not yet reaped has ended)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if all(_gone(pid) for pid in pids):
            return True
        time.sleep(0.2)
    return False


def _gone(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return True
    return state in ("Z", "X")


def test_a_port_in_use_is_one_line_and_exit_2() -> None:
    with socket.create_server(("127.0.0.1", 0)) as holder:
        port = holder.getsockname()[1]
        for workers in ("1", "2"):
            result = runner.invoke(
                app, ["serve", "--port", str(port), "--offline", "--workers", workers]
            )
            assert result.exit_code == ExitCode.USAGE, result.output
            assert result.stderr.startswith("nrdeck: error: ") and result.stderr.count("\n") == 1
            assert f":{port}: the port is in use" in result.stderr


def test_a_usage_error_at_start_is_one_line_and_exit_2() -> None:
    result = runner.invoke(app, ["serve", "--format", "standrd", "--offline"])
    assert result.exit_code == 2
    [said] = result.stderr.splitlines()
    assert said.startswith("nrdeck: error: ") and "'standrd'" in said


def test_new_card_data_while_serving_is_taken_whole(
    server: Serving, cards_json: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(served_data, "RECHECK_SECONDS", 0.0)
    cache = tmp_path / "cache"
    settings = ServeSettings(DataSettings(cache_dir=cache, offline=True))
    failures: list[str] = []
    said: set[str] = set()
    stop = threading.Event()

    def visitor(url: str) -> None:
        while not stop.is_set():
            answer = httpx.post(f"{url}/api/v1/check", json={"deck": LEGAL}, timeout=30)
            if answer.status_code != 200 or not answer.json()["decks"][0]["legal"]:
                failures.append(answer.text[:200])
            said.add(answer.json()["card_data"]["description"])

    with server(settings) as url:
        assert httpx.get(f"{url}/healthz").json()["card_data"].startswith("bundled snapshot")
        threads = [threading.Thread(target=visitor, args=(url,)) for _ in range(3)]
        for thread in threads:
            thread.start()
        imported = runner.invoke(
            app, ["data", "import", str(cards_json), "--cache-dir", str(cache)]
        )
        assert imported.exit_code == 0, imported.output
        time.sleep(0.5)
        stop.set()
        for thread in threads:
            thread.join()
        now = httpx.get(f"{url}/healthz").json()["card_data"]
    assert failures == []
    assert "imported" in now and now.endswith("(cache)")
    assert any(s.startswith("bundled snapshot") for s in said) and any(
        "imported" in s for s in said
    )


def test_other_commands_import_no_web_library() -> None:
    probe = (
        "import sys, runpy; sys.argv = ['nrdeck', 'check', {deck!r}, '--offline'];\n"
        "try:\n    runpy.run_module('nrdeck', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('fastapi', 'starlette', 'uvicorn', 'jinja2', 'multipart') or m.startswith('nrdeck.web')))"
    ).format(deck=str(EXAMPLES / "standard-zahya.txt"))
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=False, cwd=ROOT
    )
    loaded = done.stdout.strip().splitlines()[-1]
    assert loaded == "[]", f"{broken('The web libraries stay behind nrdeck serve')}: {loaded}"


def test_without_its_extra_it_says_how_to_add_it_from_a_clone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if the extra were not installed
    result = runner.invoke(app, ["serve", "--offline"])
    assert result.exit_code == ExitCode.USAGE, result.output
    assert "pip install '.[serve]'" in result.stderr and "nrdeck[" not in result.stderr


@pytest.mark.slow
def test_an_event_named_without_cobra(tmp_path: Path) -> None:
    env = {"NRDECK_CACHE_DIR": str(tmp_path / "cache")}
    with nrdeck_serve("--event-name", "Store Championship", "--format", "startup", env=env) as url:
        page = httpx.get(f"{url}/").text
        answer = httpx.post(f"{url}/api/v1/check", json={"deck": LEGAL}, timeout=30).json()
        assert answer["details"]["event"]["name"] == "Store Championship"
        line = answer["details"]["event"]["line"]
        assert line in page and "Store Championship" in line and "Startup" in line


@pytest.mark.slow
def test_sigterm_ends_the_server_while_a_client_holds_a_half_sent_body(tmp_path: Path) -> None:
    import signal
    import socket

    port = free_port()
    command = [sys.executable, "-m", "nrdeck", "serve", "--port", str(port), "--offline"]
    env = {**os.environ, "NRDECK_CACHE_DIR": str(tmp_path / "cache")}
    proc = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                if time.monotonic() > deadline:
                    pytest.fail("nrdeck serve did not start")
                time.sleep(0.2)
        with socket.create_connection(("127.0.0.1", port)) as held:
            held.sendall(b"POST /api/v1/check HTTP/1.1\r\nHost: x\r\nContent-Length: 9999\r\n\r\n{")
            time.sleep(0.5)
            proc.send_signal(signal.SIGTERM)
            assert proc.wait(timeout=60) is not None  # within the body's time and the grace
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
