"""What keeps the server safe on a network: response headers, request size caps, the time a
check may take, and errors as JSON without a trace of the server's insides."""

from __future__ import annotations

import logging
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from nrdeck.errors import ExitCode, NrdeckError
from nrdeck.report.safe import one_line

MAX_BODY_BYTES = 1024 * 1024 + 64 * 1024  # a decklist file's cap, and room for the form
CHECK_SECONDS = 10.0  # the longest a request's check may take
LOG = logging.getLogger("nrdeck.serve")
HEADERS = {
    "content-security-policy": (
        "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; "
        "frame-ancestors 'none'; base-uri 'none'"
    ),
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
    "cross-origin-opener-policy": "same-origin",
}
STATUS = {ExitCode.USAGE: 400, ExitCode.UNAVAILABLE: 503, ExitCode.ILLEGAL: 400}
KIND = {
    ExitCode.USAGE: "usage",
    ExitCode.UNAVAILABLE: "unavailable",
    ExitCode.ILLEGAL: "unreadable",
    ExitCode.INTERNAL: "internal",
}


class Guard:
    """ASGI middleware: security headers on every answer, and no body over the cap (413)."""

    def __init__(self, app: ASGIApp, max_bytes: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", ())).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_bytes):
            await _too_large(scope, receive, send)
            return

        async def headed(message: Message) -> None:
            if message["type"] == "http.response.start":
                kept = message.get("headers", ())
                headers = [(k, v) for k, v in kept if k.decode() not in HEADERS]
                headers += [(k.encode(), v.encode()) for k, v in HEADERS.items()]
                message = {**message, "headers": headers}
            await send(message)

        body = await self._body(receive) if scope.get("method") in ("POST", "PUT") else None
        if body is TOO_LARGE:
            await _too_large(scope, receive, headed)
            return
        await self.app(scope, _replay(body, receive) if body is not None else receive, headed)

    async def _body(self, receive: Receive) -> bytes | object:
        """The whole body, read before the application sees it (TOO_LARGE over the cap)."""
        parts: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return b"".join(parts)
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > self.max_bytes:
                return TOO_LARGE
            parts.append(chunk)
            if not message.get("more_body", False):
                return b"".join(parts)


TOO_LARGE = object()


def _replay(body: bytes | object, receive: Receive) -> Receive:
    """A receive that gives the body read, then what the connection says next."""
    sent = False

    async def replayed() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replayed


async def _too_large(scope: Scope, receive: Receive, send: Send) -> None:
    response = error_response(413, "too-large", "the request is larger than 1 MiB", None)
    await response(scope, receive, send)


def error_response(status: int, kind: str, message: str, hint: str | None) -> JSONResponse:
    """``{"error": {"kind", "exit_code", "message", "hint"}}``: what the CLI would say."""
    codes = {v: k for k, v in KIND.items()}
    body = {
        "error": {
            "kind": kind,
            "exit_code": int(codes.get(kind, ExitCode.USAGE)),
            "message": one_line(message),
            "hint": one_line(hint) if hint else None,
        }
    }
    return JSONResponse(body, status_code=status)


def nrdeck_error(err: NrdeckError) -> JSONResponse:
    """An expected failure, as the CLI's one line says it, with its HTTP status."""
    status = STATUS.get(err.exit_code, 500)
    return error_response(status, KIND.get(err.exit_code, "usage"), err.message, err.hint)


def bug(exc: BaseException, where: str) -> tuple[str, JSONResponse]:
    """A bug: logged with an id, answered 500 with the id and nothing of the server's inside."""
    found = uuid.uuid4().hex[:12]
    LOG.error("internal error %s on %s", found, where, exc_info=exc)
    message = (
        f"nrdeck failed on this request: a bug, logged as {found}; please report it with that id"
    )
    return found, error_response(500, "internal", message, None)


Handler = Callable[[Request, Any], Awaitable[Response]]
