"""The ASGI application: the page, the API, the static files, and the guards around them."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from nrdeck._version import __version__
from nrdeck.app.serving import CheckService
from nrdeck.errors import NrdeckError
from nrdeck.web import api, pages
from nrdeck.web.safety import Guard, bug, error_response, nrdeck_error

STATIC = Path(__file__).parent / "static"


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
    app.state.event_line = event_line
    app.include_router(api.router)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_exception_handler(NrdeckError, _nrdeck_error)
    app.add_exception_handler(RequestValidationError, _invalid)
    app.add_exception_handler(HTTPException, _http_error)
    app.add_exception_handler(Exception, _bug)
    app.add_middleware(Guard)
    return app


async def _nrdeck_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, NrdeckError)
    return nrdeck_error(exc)


async def _invalid(request: Request, exc: Exception) -> JSONResponse:
    """A request the API's shape refuses: a usage error naming the field."""
    assert isinstance(exc, RequestValidationError)
    first = exc.errors()[0] if exc.errors() else {}
    where = ".".join(str(p) for p in first.get("loc", ()) if p != "body") or "the request"
    message = f"{where}: {first.get('msg', 'not valid')}"
    return error_response(400, "usage", message, "see /openapi.json for the request's shape")


async def _http_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, HTTPException)
    return error_response(exc.status_code, "usage", str(exc.detail), None)


async def _bug(request: Request, exc: Exception) -> JSONResponse:
    return bug(exc, f"{request.method} {request.url.path}")[1]
