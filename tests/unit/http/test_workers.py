"""Concurrent transfers: one session per worker, order and bound kept, the first error raised, a
Retry-After held by every worker."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

from nrdeck.http import HttpSettings, Pacing
from nrdeck.http.workers import map_concurrently, using_client

FAST = HttpSettings(retries=3, backoff=0.01)  # the default timeouts: generous on a busy machine


MiB = 2**20


def _status(url: str) -> int:
    with using_client(FAST) as client:
        return client.get(url, max_bytes=MiB).status


def test_each_worker_has_one_session(threaded: HTTPServer, monkeypatch: pytest.MonkeyPatch) -> None:
    import nrdeck.http.client as client_module

    made: list[object] = []
    real = client_module._new_session

    def counted() -> object:
        made.append(threading.current_thread().name)
        return real()

    monkeypatch.setattr(client_module, "_new_session", counted)
    threaded.expect_request("/x").respond_with_data("{}")
    statuses = map_concurrently([threaded.url_for("/x")] * 12, _status, jobs=3, settings=FAST)
    assert statuses == [200] * 12
    assert len(made) == len(set(made)) == 3


def test_map_concurrently_keeps_the_order_and_the_bound() -> None:
    running, most = [0], [0]
    lock = threading.Lock()
    done_in: list[str] = []
    first_three = threading.Barrier(3, timeout=60)  # broken unless three run at once

    def work(n: int) -> int:
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        if n < 3:
            first_three.wait()
        time.sleep(0.02)
        with lock:
            running[0] -= 1
        return n * n

    results = map_concurrently(
        list(range(20)),
        work,
        jobs=3,
        settings=FAST,
        on_done=lambda n, r: done_in.append(threading.current_thread().name),
    )
    assert results == [n * n for n in range(20)]
    assert most[0] == 3
    assert set(done_in) == {threading.current_thread().name}  # progress in the caller


def test_map_concurrently_raises_the_first_error_and_stops_taking_items() -> None:
    taken: list[int] = []

    def work(n: int) -> int:
        taken.append(n)
        if n == 2:
            raise ValueError("boom")
        time.sleep(0.01)
        return n

    with pytest.raises(ValueError, match="boom"):
        map_concurrently(list(range(50)), work, jobs=2, settings=FAST)
    assert len(taken) < 10


def test_a_retry_after_holds_every_worker(threaded: HTTPServer) -> None:
    arrivals: list[float] = []
    busy_at: list[float] = []

    def answer(request: Request) -> Response:
        if not busy_at:
            busy_at.append(time.monotonic())
            return Response("busy", status=429, headers={"Retry-After": "1"})
        arrivals.append(time.monotonic())
        return Response("{}")

    threaded.expect_request("/x").respond_with_handler(answer)
    time.sleep(0.01)
    statuses = map_concurrently(
        [threaded.url_for("/x")] * 6, _status, jobs=2, settings=FAST, pacing=Pacing()
    )
    assert statuses == [200] * 6
    later = [t for t in arrivals if t > busy_at[0] + 0.1]  # not in flight at the 429
    assert later and min(later) >= busy_at[0] + 0.9


SILENT_RUN = """
import sys
from nrdeck.http import HttpSettings
from nrdeck.http.workers import map_concurrently, using_client

SETTINGS = HttpSettings(connect_timeout=5, read_timeout=60, retries=0, deadline=120)

def fetch(url):
    with using_client(SETTINGS) as client:
        return client.get(url, max_bytes=1024).status

try:
    map_concurrently([sys.argv[1]] * 6, fetch, jobs=3, settings=SETTINGS)
except KeyboardInterrupt:
    sys.exit(130)
"""


def test_ctrl_c_ends_a_run_whose_server_never_answers_at_once(tmp_path: Path) -> None:
    """Each worker waits on a server that accepts and never answers (a 60 s read timeout):
    Ctrl-C cuts their connections, and the process ends long before any timeout."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    held: list[socket.socket] = []
    script = tmp_path / "run.py"
    script.write_text(SILENT_RUN)
    url = f"http://127.0.0.1:{listener.getsockname()[1]}/x"
    proc = subprocess.Popen([sys.executable, str(script), url], stderr=subprocess.PIPE)
    try:
        listener.settimeout(30)
        for _ in range(3):  # every worker is waiting for its answer
            conn, _ = listener.accept()
            held.append(conn)
        proc.send_signal(signal.SIGINT)
        _, stderr = proc.communicate(timeout=20)  # far less than the read timeout
        assert proc.returncode == 130, stderr.decode()[-2000:]
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for conn in held:
            conn.close()
        listener.close()
