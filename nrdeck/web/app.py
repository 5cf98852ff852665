"""The ASGI application: the page, the API, the static files, and the guards around them;
and the limits ``nrdeck serve`` gives uvicorn, by its public options, so that one client
cannot take the server down. What uvicorn cannot bound (how long a client may take to send
its headers, how large they may be, how many sockets it may hold open) is the reverse
proxy's (docs/event-check-page.md). uvicorn's h11 parser would bound the headers' size, at a
cost in throughput the server's load goal cannot pay (benchmarks/README.md): its default
parser (httptools) is kept."""

from __future__ import annotations

try:
    import resource
except ImportError:  # not on Windows
    resource = None  # type: ignore[assignment]

from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.types import Scope

from nrdeck._version import __version__
from nrdeck.app.serve.service import CheckService
from nrdeck.catalog import DamagedCatalog
from nrdeck.errors import NrdeckError, damaged_catalog
from nrdeck.web import api, openapi, pages
from nrdeck.web.answers import Limits, damaged
from nrdeck.web.safety import (
    BodyBudget,
    Failure,
    Guard,
    bug,
    error_response,
    failure_of,
    wants_page,
)

STATIC = Path(__file__).parent / "static"
KEEP_ALIVE_SECONDS = 5  # an idle connection between requests
GRACE_SECONDS = 15  # SIGTERM: what is being answered is given this long, then cut
MAX_CONNECTIONS = 900  # requests beyond answered 503 (below a service's usual 1,024 files)
WANTED_FILES = 8192  # sockets a worker may hold, where the hard limit allows
NOT_FOUND = "there is nothing at this address"


def create_app(service: CheckService, *, event_line: str | None = None) -> FastAPI:
    """The server's application around one check service (its card data loaded once)."""
    app = FastAPI(
        title="nrdeck",
        version=__version__,
        summary="Android: Netrunner deck legality: every problem, with its code, on any date.",
        docs_url=None,
        redoc_url=None,
    )
    app.state.service = service
    event = service.settings.event
    app.state.event_line = event_line or (event.line if event is not None else None)
    app.state.limits = Limits()
    app.include_router(api.router)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_exception_handler(Failure, _failure)
    app.add_exception_handler(NrdeckError, _nrdeck_error)
    app.add_exception_handler(DamagedCatalog, _damaged)
    app.add_exception_handler(RequestValidationError, _invalid)
    app.add_exception_handler(HTTPException, _http_error)
    app.add_exception_handler(Exception, _bug)
    app.state.bodies = BodyBudget()
    app.add_middleware(Guard, respond=respond, budget=app.state.bodies)
    openapi.describe(app, pages.format_ids(service))
    return app


def respond(scope: Scope, failure: Failure) -> Response:
    """A failure as a page to a browser (by its Accept), as JSON to anyone else."""
    request = Request(scope)
    if wants_page(request.headers):
        return pages.error_page(request, failure)
    return error_response(
        failure.status, failure.kind, failure.message, failure.hint, failure.headers
    )


async def _failure(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, Failure)
    return respond(request.scope, exc)


async def _nrdeck_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, NrdeckError)
    front = "page" if wants_page(request.headers) else "api"
    return respond(request.scope, failure_of(exc, front))


async def _damaged(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, DamagedCatalog)
    service: CheckService = request.app.state.service
    return respond(request.scope, damaged(service, damaged_catalog(exc)))


async def _invalid(request: Request, exc: Exception) -> Response:
    """A request the API's shape refuses: a usage error naming the field."""
    assert isinstance(exc, RequestValidationError)
    first = exc.errors()[0] if exc.errors() else {}
    where = ".".join(str(p) for p in first.get("loc", ()) if p != "body") or "the request"
    message = f"{where}: {first.get('msg', 'not valid')}"
    failure = Failure(400, "usage", message, "see /openapi.json for the request's shape")
    return respond(request.scope, failure)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    message = NOT_FOUND if exc.status_code == 404 else str(exc.detail)
    headers = dict(exc.headers or {})
    return respond(request.scope, Failure(exc.status_code, "usage", message, None, headers))


async def _bug(request: Request, exc: Exception) -> Response:
    return respond(request.scope, bug(exc, f"{request.method} {request.url.path}"))


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
    if resource is None:  # not on Windows
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = WANTED_FILES if hard == resource.RLIM_INFINITY else min(WANTED_FILES, hard)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
