"""NetrunnerDB v3's ``POST /api/v3/public/validate_deck`` over HTTP: the body read as v3's
server reads it, and its status codes and error bodies (docs/http-api.md)."""

from __future__ import annotations

from typing import Any

import msgspec
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from nrdeck.app.serve.nrdb_validation import InvalidRequest, reference, validate_deck
from nrdeck.app.serve.service import CheckService
from nrdeck.jsondepth import depth_passed
from nrdeck.report.safe import one_line
from nrdeck.web.answers import bounded
from nrdeck.web.nrdb_openapi import V3_OPENAPI
from nrdeck.web.safety import LOG, accepted

router = APIRouter()
JSON_TYPES = frozenset({"application/json", "text/x-json", "application/jsonrequest"})
JSONAPI = "application/vnd.api+json"
MAX_NESTING = 100  # NetrunnerDB's JSON reader refuses a document nested deeper
BAD_REQUEST_JSONAPI = {"errors": [{"code": "bad_request", "status": "400", "title": "Bad Request"}]}
BAD_REQUEST_JSON = {"status": 400, "error": "Bad Request"}


class Malformed(Exception):
    """A body that is not JSON as v3 reads it (answered 400 Bad Request)."""


@router.post(
    "/api/v3/public/validate_deck",
    summary="NetrunnerDB v3's deck validation",
    openapi_extra=V3_OPENAPI,
)
async def validate(request: Request) -> JSONResponse:
    """NetrunnerDB v3's request and answer (``is_valid``, ``validation_errors``, each
    validation's ids and ``errors``), checked by nrdeck; what differs is in docs/http-api.md."""
    service: CheckService = request.app.state.service
    try:
        body = _body(request.headers.get("content-type"), await request.body())
    except Malformed as err:
        LOG.warning("validate_deck: 400 Bad Request: %s", err)
        return _bad_request(request.headers.get("accept"))
    try:
        answer = await bounded(request, lambda: validate_deck(body, reference(service)), "api")
    except InvalidRequest as err:
        LOG.warning("validate_deck: 400 Invalid request: %s", one_line(err.detail)[:300])
        return JSONResponse(err.document(), status_code=400)
    return JSONResponse(answer)


def _body(content_type: str | None, raw: bytes) -> Any:
    """The request's JSON (None: a body v3 does not read as JSON: no data, so Invalid
    request). A JSON:API body must be an object, as v3's reader of that type requires."""
    kind = (content_type or "").split(";", 1)[0].strip().lower()
    if not raw or kind not in JSON_TYPES | {JSONAPI}:
        return None
    where = depth_passed(raw, MAX_NESTING)
    if where is not None:
        raise Malformed(f"JSON nested deeper than {MAX_NESTING} levels at byte {where}")
    try:
        body = msgspec.json.decode(raw)
    except (msgspec.DecodeError, ValueError, RecursionError) as err:
        raise Malformed(one_line(str(err))[:200]) from None
    if kind == JSONAPI and not isinstance(body, dict):
        raise Malformed("a JSON:API body that is not an object")
    return body


def _bad_request(accept: str | None) -> JSONResponse:
    """v3's 400 for a body it cannot read: a JSON:API error document to a client that
    prefers JSON:API, the plain JSON one otherwise."""
    if _preferred(accept) == JSONAPI:
        return JSONResponse(BAD_REQUEST_JSONAPI, status_code=400, media_type=JSONAPI)
    return JSONResponse(BAD_REQUEST_JSON, status_code=400)


def _preferred(accept: str | None) -> str | None:
    """The media type an Accept header ranks first (highest q, then the first written)."""
    ranked = [(-quality, index, media) for index, (media, quality) in enumerate(accepted(accept))]
    return min(ranked)[2] if ranked else None
