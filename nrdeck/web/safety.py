"""What keeps the server safe on a network: response headers, request size caps, the memory
bodies in flight may take, the time a body may take to arrive, and errors without a trace of
the server's insides (a page to a browser, JSON to a client)."""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from nrdeck.errors import ExitCode, NrdeckError
from nrdeck.report.safe import one_line
from nrdeck.web.words import hint_of

MAX_BODY_BYTES = 1024 * 1024 + 64 * 1024  # a decklist file's cap, and room for the form
# the page's form: a paste of 1 MiB sent with CRLF line ends (counted after they are made LF)
MAX_FORM_BYTES = 2 * 1024 * 1024 + 64 * 1024
BODIES_IN_FLIGHT_BYTES = 48 * 1024 * 1024  # every request's body being read, together
BODY_SECONDS = 20.0  # a body must have arrived whole within this
CHECK_SECONDS = 10.0  # the longest a request's check may take
RETRY_AFTER = 5  # seconds, for a busy server
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
EXIT_OF_KIND = {
    "usage": ExitCode.USAGE,
    "unreadable": ExitCode.ILLEGAL,
    "unavailable": ExitCode.UNAVAILABLE,
    "busy": ExitCode.UNAVAILABLE,
    "too-slow": ExitCode.UNAVAILABLE,
    "upstream": ExitCode.UNAVAILABLE,
    "internal": ExitCode.INTERNAL,
}


class Failure(Exception):
    """An answer other than the one asked for: its status, kind, words and headers."""

    def __init__(
        self,
        status: int,
        kind: str,
        message: str,
        hint: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status, self.kind, self.message, self.hint = status, kind, message, hint
        self.headers = headers or {}


# how a failure is answered: a page to a browser, JSON to anyone else (set by the app)
Responder = Callable[[Scope, Failure], Response]


def accepted(accept: str | None) -> list[tuple[str, float]]:
    """The media types an Accept header names, lower-cased, each with its quality (``q``;
    1 when unsaid, 0 when unreadable), in the order written."""
    found = []
    for part in (accept or "").split(","):
        fields = [f.strip() for f in part.split(";")]
        quality = 1.0
        for field in fields[1:]:
            name, _, value = field.partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if fields[0]:
            found.append((fields[0].lower(), quality))
    return found


def wants_page(headers: Headers) -> bool:
    """True when the request's Accept ranks an HTML page above JSON (a browser's does)."""
    ranks: dict[str, float] = {}
    for media, quality in accepted(headers.get("accept")):
        ranks[media] = max(quality, ranks.get(media, 0.0))
    html = ranks.get("text/html", 0.0)
    json = max(ranks.get("application/json", 0.0), ranks.get("*/*", 0.0) * 0.99)
    return html > 0 and html > json


class BodyBudget:
    """The bytes of request bodies being read, every request's together."""

    def __init__(self) -> None:
        self.in_flight = 0


class Guard:
    """ASGI middleware: security headers on every answer; no body over its cap (413), none
    slower than ``BODY_SECONDS`` (408); no more bodies in flight than the memory set aside
    for them (503)."""

    def __init__(
        self, app: ASGIApp, respond: Responder, budget: BodyBudget, max_bytes: int = MAX_BODY_BYTES
    ) -> None:
        self.app = app
        self.respond = respond
        self.budget = budget
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def headed(message: Message) -> None:
            if message["type"] == "http.response.start":
                kept = message.get("headers", ())
                headers = [(k, v) for k, v in kept if k.decode() not in HEADERS]
                headers += [(k.encode(), v.encode()) for k, v in HEADERS.items()]
                message = {**message, "headers": headers}
            await send(message)

        cap = MAX_FORM_BYTES if scope.get("path") in ("/", "") else self.max_bytes
        declared = dict(scope.get("headers", ())).get(b"content-length")
        try:
            if declared is not None and (not declared.isdigit() or int(declared) > cap):
                raise _too_large()
            body = (
                await self._body(receive, cap) if scope.get("method") in ("POST", "PUT") else None
            )
        except Failure as failure:
            await self.respond(scope, failure)(scope, receive, headed)
            return
        await self.app(scope, _replay(body, receive) if body is not None else receive, headed)

    async def _body(self, receive: Receive, cap: int) -> bytes:
        """The whole body, read before the application sees it."""
        parts: list[bytes] = []
        seen = 0
        loop = asyncio.get_running_loop()
        deadline = loop.time() + BODY_SECONDS
        try:
            while True:
                message = await asyncio.wait_for(receive(), max(0.0, deadline - loop.time()))
                if message["type"] != "http.request":
                    return b"".join(parts)
                chunk = message.get("body", b"")
                seen += len(chunk)
                if seen > cap:
                    raise _too_large()
                if self.budget.in_flight + len(chunk) > BODIES_IN_FLIGHT_BYTES:
                    raise Failure(
                        503, "busy", "the server is receiving many requests at the moment",
                        "try again in a few seconds", {"retry-after": str(RETRY_AFTER)},
                    )  # fmt: skip
                self.budget.in_flight += len(chunk)
                parts.append(chunk)
                if not message.get("more_body", False):
                    return b"".join(parts)
        except asyncio.TimeoutError:
            raise Failure(
                408, "too-slow", f"the request did not arrive within {BODY_SECONDS:.0f} s", None,
                {"connection": "close"},
            ) from None  # fmt: skip
        finally:
            self.budget.in_flight -= sum(len(p) for p in parts)
            parts.clear()


def _too_large() -> Failure:
    return Failure(
        413, "too-large", "the request is larger than 1 MiB", None, {"connection": "close"}
    )


def _replay(body: bytes | None, receive: Receive) -> Receive:
    """A receive that gives the body read, then what the connection says next."""
    sent = False

    async def replayed() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body or b"", "more_body": False}
        return await receive()

    return replayed


def error_response(
    status: int, kind: str, message: str, hint: str | None, headers: dict[str, str] | None = None
) -> JSONResponse:
    """``{"error": {"kind", "exit_code", "message", "hint"}}``: what the CLI would say, in
    the API's words."""
    body = {
        "error": {
            "kind": kind,
            "exit_code": int(EXIT_OF_KIND.get(kind, ExitCode.USAGE)),
            "message": one_line(message),
            "hint": one_line(hint) if hint else None,
        }
    }
    return JSONResponse(body, status_code=status, headers=headers)


def failure_of(err: NrdeckError, front: str = "api") -> Failure:
    """An expected failure, with its HTTP status and what to do in the front door's words."""
    status = STATUS.get(err.exit_code, 500)
    hint = hint_of(err, "page" if front == "page" else "api")
    headers = {"retry-after": "30"} if status == 503 else None
    return Failure(status, KIND.get(err.exit_code, "usage"), err.message, hint, headers)


def bug(exc: BaseException, where: str) -> Failure:
    """A bug: logged with an id, answered 500 with the id and nothing of the server's inside."""
    found = uuid.uuid4().hex[:12]
    LOG.error("internal error %s on %s", found, where, exc_info=exc)
    message = (
        f"nrdeck failed on this request: a bug, logged as {found}; please report it with that id"
    )
    return Failure(500, "internal", message)


Handler = Callable[[Request, Any], Awaitable[Response]]
