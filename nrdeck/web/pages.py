"""The deck-check page: a form (paste a decklist or a link, or upload a file; format, date,
tier) and the server-rendered answer. No JavaScript: it works with a keyboard, a screen
reader and a phone as plain HTML does."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.templating import Jinja2Templates
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData, UploadFile

from nrdeck.app.choices import format_names
from nrdeck.app.serving import MAX_DECK_CHARS, CheckService, DeckRequest
from nrdeck.decklist.reading import decode_deck_bytes
from nrdeck.errors import NrdeckError, UsageError
from nrdeck.report.check.json import deck_entry
from nrdeck.report.check.text import figure_lines
from nrdeck.report.history import summary
from nrdeck.report.periods import change_phrases
from nrdeck.report.safe import one_line
from nrdeck.web.api import timed

router = APIRouter()
TEMPLATES = Jinja2Templates(directory=str(Path(__file__).parent / "templates"))
TEMPLATES.env.filters["safe_line"] = lambda text: one_line(str(text))  # still HTML-escaped after
TIERS = ("casual", "competitive")


@router.get("/", response_class=HTMLResponse, include_in_schema=False)
async def page(request: Request) -> Response:
    """The empty form (the event's settings fixed, when the server checks for one)."""
    return _render(request, _form_defaults(request), None, None)


@router.post("/", response_class=HTMLResponse, include_in_schema=False)
async def check_page(request: Request) -> Response:
    """The form again, with the answer above it."""
    service: CheckService = request.app.state.service
    limits = {"max_files": 1, "max_fields": 12, "max_part_size": MAX_DECK_CHARS + 1024}
    async with request.form(**limits) as form:  # closes an uploaded file's spool after
        values = _filled(form, request)
        try:
            asked = await _deck_request(form, service)
        except NrdeckError as err:
            return _render(request, values, None, err.one_line(), status=400)
    try:
        report = await timed(service, asked)
    except NrdeckError as err:
        return _render(request, values, None, err.one_line(), status=400)
    answer = await run_in_threadpool(_answer, service, report, asked)
    return _render(request, values, answer, None)


async def _deck_request(form: FormData, service: CheckService) -> DeckRequest:
    text = str(form.get("deck") or "")
    name = "pasted decklist"
    upload = form.get("file")
    if isinstance(upload, UploadFile) and upload.filename:
        data = await upload.read(MAX_DECK_CHARS + 1)
        name = upload.filename[:200]
        decoded = decode_deck_bytes(data, name)
        if decoded.text is None:
            raise UsageError(decoded.problems[0].message, hint="upload a decklist's text file")
        text = decoded.text
    day = str(form.get("as_of") or "").strip()
    try:
        as_of = dt.date.fromisoformat(day) if day else None
    except ValueError:
        raise UsageError(f"the date {day[:40]!r} is not a date", hint="use YYYY-MM-DD") from None
    if service.settings.event is not None:
        return DeckRequest(deck=text, as_of=None, name=name)
    return DeckRequest(
        deck=text,
        format_id=str(form.get("format") or "standard")[:64],
        as_of=as_of,
        tier=str(form.get("tier") or "casual")[:16],
        name=name,
    )


def _answer(service: CheckService, report: Any, asked: DeckRequest) -> dict[str, Any]:
    """What the page shows: the deck's entry of the JSON document, its figures, when it was
    legal, and what the list in force changed."""
    outcome = report.outcomes[0]
    entry = deck_entry(outcome, report.period)
    result = outcome.result
    timeline = service.timeline(report, asked) if result is not None else None
    period = service.changes(report)
    return {
        "deck": entry,
        "figures": figure_lines(result) if result is not None else [],
        "timeline": summary(timeline) if timeline is not None else None,
        "changes": change_phrases(period.changes) if period is not None else [],
        "period": period,
        "card_data": report.data.describe(),
        "warnings": [w for w in (report.period.stale_data if report.period else None,) if w],
    }


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
            values[key] = found[: MAX_DECK_CHARS if key == "deck" else 64]
    return values


def _render(
    request: Request,
    values: dict[str, Any],
    answer: dict[str, Any] | None,
    error: str | None,
    *,
    status: int = 200,
) -> Response:
    service: CheckService = request.app.state.service
    context = {
        "values": values,
        "answer": answer,
        "error": error,
        "formats": _format_choices(service),
        "tiers": TIERS,
        "event": request.app.state.event_line,
        "root": request.scope.get("root_path", ""),
    }
    return TEMPLATES.TemplateResponse(request, "page.html", context, status_code=status)


def _format_choices(service: CheckService) -> list[tuple[str, str]]:
    """(id, name) of every format a visitor can pick: the card data's, then the shipped."""
    db = service.cards.current()
    found = []
    for format_id in format_names(""):
        known = db.formats.get(format_id)
        found.append((format_id, known.name if known else format_id.replace("_", " ").title()))
    return found
