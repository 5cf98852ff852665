"""The HTTP API: ``POST /api/v1/check`` (the document ``check --output-format json`` gives,
with what the page shows beside it under ``details``), ``GET /api/v1/in-force`` (``data
periods``' entry), NetrunnerDB v3's ``POST /api/v3/public/validate_deck`` and ``GET
/healthz``."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from nrdeck.app.serve.service import MAX_DECK_CHARS, CheckService, DeckRequest
from nrdeck.report.answer import answer_document, served_description
from nrdeck.report.periods import period_document
from nrdeck.web import nrdb_api, words
from nrdeck.web.answers import answered, bounded

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
    status: Literal["ok", "damaged"]
    card_data: str
    problem: str | None = None


@router.post("/api/v1/check", summary="Check one deck")
async def check(body: CheckBody, request: Request) -> JSONResponse:
    """What `check` says about the deck (verdict, every problem with its code and line, the
    figures, what was in force) and, under `details`, what the page shows beside it: the
    figures in words, when the deck was legal, what the list in force changed, the warnings
    and the event."""
    asked = DeckRequest(
        deck=body.deck,
        format_id=body.format,
        as_of=body.as_of,
        tier=body.tier,
        banlist_id=body.banlist,
        input_format=body.input_format,
        name=body.name,
    )
    answer = await answered(request, asked, "api")
    return JSONResponse(answer_document(answer))


@router.get("/api/v1/in-force", summary="What is in force in a format on a date")
async def in_force(
    request: Request,
    format: Annotated[str | None, Query(max_length=64)] = None,
    as_of: dt.date | None = None,
) -> JSONResponse:
    """The period in force, as `nrdeck data periods` gives its entry (periods-v1.schema.json's
    period), with what it changed from the period before. On an event's server: the event's
    format and date (asking for others is refused)."""
    service: CheckService = request.app.state.service
    period = await bounded(request, lambda: service.period(format, as_of), "api")
    return JSONResponse(period_document(period, in_force=True))


router.include_router(nrdb_api.router)


@router.get(
    "/healthz",
    summary="The server is up, and which card data it uses",
    responses={200: {"model": Health}},
)
async def healthz(request: Request) -> JSONResponse:
    """`ok` with the card data's description; 503 `damaged` when the card data in use is
    (every check then fails until it is rebuilt)."""
    service: CheckService = request.app.state.service
    described = served_description(service.cards.current().info)
    damage = service.cards.damage
    if damage is not None:
        health = Health(status="damaged", card_data=described, problem=words.DAMAGED)
        return JSONResponse(health.model_dump(), status_code=503)
    return JSONResponse(Health(status="ok", card_data=described).model_dump(exclude_none=True))
