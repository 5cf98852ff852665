"""The limits ``nrdeck serve`` gives uvicorn, by its public options, so that one client cannot
take the server down; what uvicorn cannot bound (how long a client may take to send its
headers, how large they may be, how many sockets it may hold open) is the reverse proxy's
(docs/event-check-page.md). uvicorn's h11 parser would bound the headers' size, at a cost in
throughput the server's load goal cannot pay (benchmarks/README.md): its default parser
(httptools) is kept.
"""

from __future__ import annotations

from typing import Any

KEEP_ALIVE_SECONDS = 5  # an idle connection between requests
GRACE_SECONDS = 15  # SIGTERM: what is being answered is given this long, then cut
MAX_CONNECTIONS = 900  # requests beyond answered 503 (below a service's usual 1,024 files)
WANTED_FILES = 8192  # sockets a worker may hold, where the hard limit allows


def uvicorn_options() -> dict[str, Any]:
    """uvicorn.run's keyword arguments that bound what a client can take."""
    return {
        "timeout_keep_alive": KEEP_ALIVE_SECONDS,
        "timeout_graceful_shutdown": GRACE_SECONDS,
        "limit_concurrency": MAX_CONNECTIONS,
    }


def raise_file_limit() -> None:
    """Let the process hold more sockets than a service manager's default 1,024 (up to the
    hard limit), so that slow sockets from one client do not leave none for the page."""
    try:
        import resource
    except ImportError:  # not on Windows
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = WANTED_FILES if hard == resource.RLIM_INFINITY else min(WANTED_FILES, hard)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
