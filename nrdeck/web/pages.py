"""The deck-check page: a form (paste a decklist or a link, or upload a file; format, date,
tier) and the server-rendered answer, the same answer ``POST /api/v1/check`` gives. No
JavaScript: it works with a keyboard, a screen reader and a phone as plain HTML does.

A paste and a file together are refused, naming both: the page never guesses which deck
the player meant. The paste is counted as the player wrote it, its line ends made one.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.templating import Jinja2Templates
from starlette.datastructures import FormData, UploadFile
from starlette.exceptions import HTTPException

from nrdeck.app.choices import format_names
from nrdeck.app.serve.service import MAX_DECK_CHARS, CheckService, DeckRequest
from nrdeck.decklist.reading import decode_deck_bytes
from nrdeck.errors import NrdeckError
from nrdeck.quoting import shorten
from nrdeck.report.answer import answer_document
from nrdeck.report.safe import one_line
from nrdeck.web.answers import answered
from nrdeck.web.safety import MAX_FORM_BYTES, Failure, failure_of

router = APIRouter()
TEMPLATES = Jinja2Templates(directory=str(Path(__file__).parent / "templates"))
TEMPLATES.env.filters["safe_line"] = lambda text: one_line(str(text))  # still HTML-escaped after
TIERS = ("casual", "competitive")
TOO_LARGE = "the decklist is larger than 1 MiB"


@router.get("/", response_class=HTMLResponse, include_in_schema=False)
async def page(request: Request) -> Response:
    """The empty form (the event's settings fixed, when the server checks for one)."""
    return _render(request, _form_defaults(request), None, None)


@router.post("/", response_class=HTMLResponse, include_in_schema=False)
async def check_page(request: Request) -> Response:
    """The form again, with the answer above it (or what went wrong, in its error box)."""
    limits = {"max_files": 1, "max_fields": 12, "max_part_size": MAX_FORM_BYTES}
    values = _form_defaults(request)
    try:
        async with request.form(**limits) as form:  # closes an uploaded file's spool after
            values = _filled(form, request)
            asked = await _deck_request(form, request.app.state.service)
        answer = await answered(request, asked, "page")
    except HTTPException:  # the form itself could not be read: a part over its cap
        return _render(request, values, None, _said(TOO_LARGE, "paste one deck at a time"), 413)
    except NrdeckError as err:
        failure = failure_of(err, "page")
        return _render(request, values, None, _said(failure.message, failure.hint), failure.status)
    except Failure as failure:
        said = _said(failure.message, failure.hint)
        return _render(request, values, None, said, failure.status, failure.headers)
    return _render(request, values, answer_document(answer), None)


def error_page(request: Request, failure: Failure) -> Response:
    """A failure as the page shows it to a browser: the form, and the error box."""
    said = _said(failure.message, failure.hint)
    defaults = _form_defaults(request)
    title = None if request.url.path.rstrip("/") == "" else "The request could not be answered"
    return _render(request, defaults, None, said, failure.status, failure.headers, title)


async def _deck_request(form: FormData, service: CheckService) -> DeckRequest:
    text = _pasted(form)
    name = "pasted decklist"
    upload = form.get("file")
    if isinstance(upload, UploadFile) and upload.filename:
        if text.strip():
            raise Failure(
                400, "usage",
                f"a decklist was pasted and a file was chosen ({shorten(upload.filename, 60)}): "
                "which one is the deck?",
                "clear the pasted text to check the file, or choose no file to check the paste",
            )  # fmt: skip
        data = await upload.read(MAX_DECK_CHARS + 1)
        name = upload.filename[:200]
        decoded = decode_deck_bytes(data, name)
        if decoded.text is None:
            raise Failure(400, "unreadable", decoded.problems[0].message, "choose a text file")
        text = decoded.text
    day = str(form.get("as_of") or "").strip()
    try:
        as_of = dt.date.fromisoformat(day) if day else None
    except ValueError:
        raise Failure(
            400, "usage", f"the date {day[:40]!r} is not a date", "choose one in the Date field"
        ) from None
    if service.settings.event is not None:
        return DeckRequest(deck=text, as_of=None, name=name)
    return DeckRequest(
        deck=text,
        format_id=str(form.get("format") or "standard")[:64],
        as_of=as_of,
        tier=str(form.get("tier") or "casual")[:16],
        name=name,
    )


def _pasted(form: FormData) -> str:
    """The paste as the player wrote it: a browser sends its line ends as CRLF."""
    text = str(form.get("deck") or "").replace("\r\n", "\n").replace("\r", "\n")
    if len(text) > MAX_DECK_CHARS:
        raise Failure(413, "too-large", TOO_LARGE, "paste one deck at a time")
    return text


def _said(message: str, hint: str | None) -> str:
    return f"{message} ({hint})" if hint else message


def _form_defaults(request: Request) -> dict[str, Any]:
    service: CheckService = request.app.state.service
    return {
        "deck": "",
        "format": "standard",
        "as_of": service.today().isoformat(),
        "tier": "casual",
    }


def _filled(form: FormData, request: Request) -> dict[str, Any]:
    values = _form_defaults(request)
    for key in ("deck", "format", "as_of", "tier"):
        found = form.get(key)
        if isinstance(found, str) and found:
            kept = found.replace("\r\n", "\n") if key == "deck" else found
            values[key] = kept[: MAX_DECK_CHARS if key == "deck" else 64]
    return values


def _render(
    request: Request,
    values: dict[str, Any],
    answer: dict[str, Any] | None,
    error: str | None,
    status: int = 200,
    headers: dict[str, str] | None = None,
    error_title: str | None = None,
) -> Response:
    service: CheckService = request.app.state.service
    context = {
        "values": values,
        "answer": answer,
        "error": error,
        "error_title": error_title,
        "formats": _format_choices(service),
        "tiers": TIERS,
        "event": request.app.state.event_line,
        "event_warnings": _event_warnings(service),
        "root": request.scope.get("root_path", ""),
    }
    return TEMPLATES.TemplateResponse(
        request, "page.html", context, status_code=status, headers=headers
    )


def _event_warnings(service: CheckService) -> list[dict[str, str]]:
    """What the event's settings are warned of (as ``event --cobra`` warns), under its line."""
    event = service.settings.event
    return [{"code": w.code, "message": w.message} for w in (event.warnings if event else ())]


def format_ids(service: CheckService) -> list[str]:
    """The format ids a visitor can pick."""
    return [format_id for format_id, _ in _format_choices(service)]


def _format_choices(service: CheckService) -> list[tuple[str, str]]:
    """(id, name) of every format a visitor can pick: the card data's, then the shipped."""
    db = service.cards.current()
    found = []
    for format_id in format_names(""):
        known = db.formats.get(format_id)
        found.append((format_id, known.name if known else format_id.replace("_", " ").title()))
    return found
