"""Benchmark ``nrdeck serve`` under load: open-loop clients checking one deck each.

    python benchmarks/bench_serve.py [--clients 50] [--rate 500] [--seconds 60] [--workers 2]
                                     [--page] [--search]

Starts ``nrdeck serve --workers N`` on 127.0.0.1 (the bundled card data, a fresh cache
folder) and has ``--clients`` keep-alive HTTP/1.1 connections offer ``--rate`` one-deck
checks per second in all (``POST /api/v1/check`` with a 45-card Standard list) for
``--seconds``. Open loop: each client sends on its own schedule (its first request at a
random offset, then every clients/rate seconds), never waiting for the last answer to plan
the next; a request's latency runs from the moment it was due, so a slow answer delays and
counts against the requests queued behind it. Prints the requests offered and answered, the
failures (an error status, a broken connection, a wrong document) and the latency
percentiles. ``--page`` sends the page's form instead (``POST /`` as a browser sends it,
multipart, the answer a whole HTML page with when the deck was legal and what the list in
force changed). ``--search`` then raises the rate by 10% steps (20 s each) and prints the highest
rate still served at p95 <= 50 ms. Goals (issue 34): 0 failed, p95 <= 25 ms at 500/s.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DECK = (ROOT / "data" / "examples" / "standard-zahya.txt").read_text("utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--rate", type=float, default=500.0)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--page", action="store_true", help="the page's form, not the API")
    parser.add_argument("--search", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as cache, server(args.workers, cache) as port:
        request = page_request(port) if args.page else api_request(port)
        asyncio.run(load(port, request, args.clients, args.rate / 4, 5.0))  # warm up
        result = asyncio.run(load(port, request, args.clients, args.rate, args.seconds))
        report(args.rate, args.seconds, result)
        if args.search:
            search(port, request, args.clients, args.rate)


def api_request(port: int) -> bytes:
    """``POST /api/v1/check`` with the deck."""
    body = json.dumps({"deck": DECK}).encode()
    return (
        f"POST /api/v1/check HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    ).encode() + body


def page_request(port: int) -> bytes:
    """``POST /`` with the deck pasted, as a browser sends the form (CRLF line ends)."""
    boundary = "----nrdeckbench"
    fields = {"deck": DECK.replace("\n", "\r\n"), "format": "standard", "tier": "casual"}
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'
        for name, value in fields.items()
    ]
    parts.append(
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename=""\r\n'
        "Content-Type: application/octet-stream\r\n\r\n\r\n"
    )
    body = ("".join(parts) + f"--{boundary}--\r\n").encode()
    return (
        f"POST / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/html\r\n"
        f"Content-Type: multipart/form-data; boundary={boundary}\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    ).encode() + body


class server:
    """``nrdeck serve`` in its own process, for the length of a ``with``."""

    def __init__(self, workers: int, cache: str) -> None:
        self.workers, self.cache = workers, cache

    def __enter__(self) -> int:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port: int = sock.getsockname()[1]
        command = [sys.executable, "-m", "nrdeck", "serve", "--port", str(port)]
        command += ["--workers", str(self.workers)]
        env = {**os.environ, "NRDECK_CACHE_DIR": self.cache}
        self.proc = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
                    sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                    if b"200 OK" in sock.recv(200):
                        return port
            except OSError:
                time.sleep(0.2)
        self.proc.kill()
        raise SystemExit("nrdeck serve did not start (is the serve extra installed?)")

    def __exit__(self, *exc: object) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=30)


async def load(
    port: int, request: bytes, clients: int, rate: float, seconds: float
) -> tuple[int, int, list[float]]:
    """(offered, failed, latencies in ms) of one open-loop run."""
    interval = clients / rate
    count = max(1, int(seconds / interval))
    start = time.monotonic() + 0.5
    runs = [
        client(port, request, start + random.uniform(0, interval), interval, count)
        for _ in range(clients)
    ]
    results = await asyncio.gather(*runs)
    latencies = [ms for done, _ in results for ms in done]
    failed = sum(f for _, f in results)
    return clients * count, failed, latencies


async def client(
    port: int, request: bytes, first: float, interval: float, count: int
) -> tuple[list[float], int]:
    """One keep-alive connection sending ``count`` requests on its schedule."""
    latencies: list[float] = []
    failed = 0
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    for k in range(count):
        due = first + k * interval
        wait = due - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)
        try:
            writer.write(request)
            ok = await answer(reader)
        except (OSError, asyncio.IncompleteReadError):
            ok = False
            writer.close()
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        if ok:
            latencies.append((time.monotonic() - due) * 1000)
        else:
            failed += 1
    writer.close()
    return latencies, failed


async def answer(reader: asyncio.StreamReader) -> bool:
    """Read one response; True for a 200 whose document (or page) says the deck is legal."""
    head = await reader.readuntil(b"\r\n\r\n")
    status = head.split(b" ", 2)[1]
    length = 0
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":", 1)[1])
    body = await reader.readexactly(length)
    return status == b"200" and (b'"legal":true' in body or "✓ Legal".encode() in body)


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def report(rate: float, seconds: float, result: tuple[int, int, list[float]]) -> None:
    offered, failed, latencies = result
    print(
        f"offered {offered} requests at {rate:.0f}/s for {seconds:.0f} s: answered "
        f"{len(latencies)}, failed {failed}"
    )
    print(
        f"latency ms: p50 {percentile(latencies, 0.5):.1f}  p95 {percentile(latencies, 0.95):.1f}"
        f"  p99 {percentile(latencies, 0.99):.1f}  max {max(latencies, default=float('nan')):.1f}"
        f"  mean {statistics.fmean(latencies) if latencies else float('nan'):.1f}"
        "  (goals: 0 failed, p95 <= 25 ms)"
    )


def search(port: int, request: bytes, clients: int, rate: float) -> None:
    """Raise the rate by 10% steps until p95 passes 50 ms (or a request fails)."""
    best = None
    while True:
        _, failed, latencies = asyncio.run(load(port, request, clients, rate, 20.0))
        p95 = percentile(latencies, 0.95)
        print(f"  {rate:7.0f}/s: p95 {p95:6.1f} ms, failed {failed}")
        if failed or p95 > 50:
            break
        best = rate
        rate *= 1.1
    print(f"highest rate served at p95 <= 50 ms: {best:.0f}/s" if best else "none")


if __name__ == "__main__":
    main()
