"""The HTTP API: ``POST /api/v1/check`` (the document ``check --output-format json`` gives),
``GET /api/v1/in-force`` (``data periods``' entry), NetrunnerDB v3's ``POST
/api/v3/public/validate_deck`` and ``GET /healthz``."""

from __future__ import annotations

import asyncio
import datetime as dt
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from nrdeck.app.serving import MAX_DECK_CHARS, CheckService, DeckRequest
from nrdeck.errors import UsageError
from nrdeck.report.check.json import document
from nrdeck.report.periods import period_document
from nrdeck.web import nrdb_api
from nrdeck.web.safety import CHECK_SECONDS, bug

router = APIRouter()


class CheckBody(BaseModel):
    """One deck to check: decklist text in any shape nrdeck reads, NetrunnerDB JSON, or a
    NetrunnerDB link; and what to check it against (an event's server fixes those)."""

    model_config = ConfigDict(extra="forbid")

    deck: str = Field(max_length=MAX_DECK_CHARS, description="decklist text, JSON or a link")
    format: str = Field("standard", max_length=64, description="a format id, as --format")
    as_of: dt.date | None = Field(None, description="the date checked (default: today)")
    tier: Literal["casual", "competitive"] = "casual"
    banlist: str | None = Field(None, max_length=128, description="a list's name, as --banlist")
    input_format: str | None = Field(None, max_length=32, description="as --input-format")
    name: str = Field("pasted decklist", max_length=200, description="how reports name it")


class Health(BaseModel):
    status: Literal["ok"]
    card_data: str


async def timed(service: CheckService, request: DeckRequest) -> Any:
    """The service's check in a worker thread, within the time a check may take."""
    try:
        return await asyncio.wait_for(
            run_in_threadpool(service.check, request, _bug_logger), timeout=CHECK_SECONDS
        )
    except asyncio.TimeoutError:
        raise UsageError(
            f"the check took longer than {CHECK_SECONDS:.0f} s and was abandoned",
            hint="check a smaller deck",
        ) from None


def _bug_logger(source: str, exc: BaseException) -> None:
    bug(exc, source)


@router.post(
    "/api/v1/check",
    summary="Check one deck",
    response_description="the document `nrdeck check --output-format json` gives "
    "(check-v1.schema.json)",
)
async def check(body: CheckBody, request: Request) -> JSONResponse:
    """What `check` says about the deck: verdict, every problem with its code and line, the
    figures, what was in force."""
    service: CheckService = request.app.state.service
    asked = DeckRequest(
        deck=body.deck,
        format_id=body.format,
        as_of=body.as_of,
        tier=body.tier,
        banlist_id=body.banlist,
        input_format=body.input_format,
        name=body.name,
    )
    report = await timed(service, asked)
    return JSONResponse(document(report))


@router.get("/api/v1/in-force", summary="What is in force in a format on a date")
async def in_force(
    request: Request,
    format: Annotated[str, Query(max_length=64)] = "standard",
    as_of: dt.date | None = None,
) -> JSONResponse:
    """The period in force, as `nrdeck data periods` gives its entry (periods-v1.schema.json's
    period), with what it changed from the period before."""
    service: CheckService = request.app.state.service
    period = await run_in_threadpool(service.period, format, as_of)
    return JSONResponse(period_document(period, in_force=True))


router.include_router(nrdb_api.router)


@router.get("/healthz", summary="The server is up, and which card data it uses")
async def healthz(request: Request) -> Health:
    service: CheckService = request.app.state.service
    return Health(status="ok", card_data=service.cards.current().info.describe())
