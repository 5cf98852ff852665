"""The OpenAPI description at /openapi.json: every operation's answers with their schemas
(the report schemas nrdeck ships, under components), every status the server gives, and no
422 (a request the API's shape refuses is a 400, as any other usage error)."""

from __future__ import annotations

import copy
import json
from functools import cache
from importlib import resources
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

from nrdeck.decklist import INPUT_FORMATS
from nrdeck.report.answer import DETAILS_VERSION

_REFS = "#/components/schemas/"
_SHIPPED = {"check-v1": "CheckV1", "periods-v1": "PeriodsV1"}

_KINDS = ["usage", "unreadable", "unavailable", "busy", "too-slow", "too-large", "upstream"]
_ERROR = {
    "type": "object",
    "required": ["error"],
    "properties": {
        "error": {
            "type": "object",
            "required": ["kind", "exit_code", "message", "hint"],
            "properties": {
                "kind": {"enum": [*_KINDS, "internal"]},
                "exit_code": {"type": "integer"},
                "message": {"type": "string"},
                "hint": {"type": ["string", "null"]},
            },
        }
    },
}
_WHY = {
    "400": "a request the API refuses: its shape, or what it asks for (kind usage)",
    "404": "no such address",
    "405": "not a method of this address (Allow names those that are)",
    "408": "the body did not arrive in time",
    "413": "a body over 1 MiB",
    "500": "a bug, logged under the id the message gives",
    "503": "busy (Retry-After), a check past its time, or the card data damaged",
    "504": "NetrunnerDB did not answer a link in time",
}
_RETRY = {"Retry-After": {"schema": {"type": "string"}, "description": "seconds to wait"}}


def describe(app: FastAPI, formats: list[str]) -> None:
    """Give the app its description (built once, on the first request for it); ``formats``:
    the format ids a request may name."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            found = get_openapi(
                title=app.title, version=app.version, summary=app.summary, routes=app.routes
            )
            app.openapi_schema = completed(found, formats)
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def completed(spec: dict[str, Any], formats: list[str]) -> dict[str, Any]:
    """The spec FastAPI builds, with the answers' schemas, every status documented, and the
    values a request may give (the server's own checks say more than a schema's refusal)."""
    schemas = spec.setdefault("components", {}).setdefault("schemas", {})
    asked = schemas["CheckBody"]["properties"]
    asked["deck"]["pattern"] = r"\S"  # not blank
    asked["format"]["enum"] = formats
    asked["input_format"]["anyOf"][0]["enum"] = list(INPUT_FORMATS)
    for parameter in spec["paths"]["/api/v1/in-force"]["get"]["parameters"]:
        if parameter["name"] == "format":
            dated = [f for f in formats if f != "casual"]
            parameter["schema"]["anyOf"][0]["enum"] = dated
    for name in ("HTTPValidationError", "ValidationError"):
        schemas.pop(name, None)
    schemas.update(_shipped_components())
    schemas["Error"] = _ERROR
    schemas["Answer"] = _answer_schema()
    operations = spec.get("paths", {})
    _answers(operations, "/api/v1/check", "post", {"$ref": _REFS + "Answer"}, "400 413 500 503 504")
    _answers(
        operations, "/api/v1/in-force", "get", {"$ref": _REFS + "PeriodsV1_period"}, "400 500 503"
    )
    _answers(operations, "/healthz", "get", {"$ref": _REFS + "Health"}, "500")
    operations["/healthz"]["get"]["responses"]["503"] = {
        "description": "the card data in use is damaged",
        "content": {"application/json": {"schema": {"$ref": _REFS + "Health"}}},
    }
    validate = operations["/api/v3/public/validate_deck"]["post"]["responses"]
    for status in ("413", "500", "503"):
        validate[status] = _error(status)
    for path in operations.values():
        for operation in path.values():
            operation["responses"].pop("422", None)
    return spec


def _answers(
    operations: dict[str, Any], path: str, method: str, schema: dict[str, Any], errors: str
) -> None:
    responses = operations[path][method]["responses"]
    ok = responses.setdefault("200", {"description": "the answer"})
    ok["content"] = {"application/json": {"schema": schema}}
    for status in errors.split():
        responses[status] = _error(status)


def _error(status: str) -> dict[str, Any]:
    answer: dict[str, Any] = {
        "description": _WHY[status],
        "content": {"application/json": {"schema": {"$ref": _REFS + "Error"}}},
    }
    if status == "503":
        answer["headers"] = _RETRY
    return answer


@cache
def _shipped_components() -> dict[str, Any]:
    """The report schemas nrdeck ships, each of their definitions a component."""
    found: dict[str, Any] = {}
    for stem, prefix in _SHIPPED.items():
        text = resources.files("nrdeck.report").joinpath(f"{stem}.schema.json").read_text("utf-8")
        schema = _rewritten(json.loads(text), prefix)
        for name, definition in schema.pop("$defs", {}).items():
            found[f"{prefix}_{name}"] = definition
        found[prefix] = schema
    return found


def _rewritten(node: Any, prefix: str) -> Any:
    """The schema with its references pointing at components (and no $schema, $id)."""
    if isinstance(node, list):
        return [_rewritten(n, prefix) for n in node]
    if not isinstance(node, dict):
        return node
    found = {}
    for key, value in node.items():
        if key in ("$schema", "$id"):
            continue
        if key == "$ref" and isinstance(value, str):
            where, _, name = value.rpartition("/$defs/")
            owner = _SHIPPED.get(where.removeprefix("urn:nrdeck:report:").rstrip("#"), prefix)
            found[key] = f"{_REFS}{owner}_{name}"
            continue
        found[key] = _rewritten(value, prefix)
    return found


def _answer_schema() -> dict[str, Any]:
    """check-v1's document with ``details``: what the page shows beside it."""
    answer: dict[str, Any] = copy.deepcopy(_shipped_components()["CheckV1"])
    answer["title"] = "nrdeck serve's answer: check-v1 with details"
    answer["required"] = [*answer["required"], "details"]
    answer["properties"]["details"] = _DETAILS
    return answer


_TEXTS = {"type": "array", "items": {"type": "string"}}
_DETAILS = {
    "type": "object",
    "description": "what the page shows beside the check's document",
    "required": ["version", "figures", "legal_dates", "in_force", "warnings", "event"],
    "properties": {
        "version": {"const": DETAILS_VERSION},
        "figures": {**_TEXTS, "description": "the deck's figures in words, one topic a line"},
        "legal_dates": {
            "description": "when the deck was legal in the format (null: no deck read, or a "
            "format without dated lists)",
            "anyOf": [
                {"type": "null"},
                {
                    "type": "object",
                    "required": ["summary", "periods"],
                    "properties": {
                        "summary": {"type": "string"},
                        "periods": {
                            "type": "array",
                            "description": "as `nrdeck timeline --output-format json`",
                            "items": {"type": "object"},
                        },
                    },
                },
            ],
        },
        "in_force": {
            "description": "the period checked under, with what it changed (`said`: in "
            "words); null for casual or a format file's own rules",
            "anyOf": [
                {"type": "null"},
                {
                    "allOf": [
                        {"$ref": _REFS + "PeriodsV1_period"},
                        {"type": "object", "required": ["said"], "properties": {"said": _TEXTS}},
                    ]
                },
            ],
        },
        "warnings": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["code", "message"],
                "properties": {"code": {"type": "string"}, "message": {"type": "string"}},
            },
        },
        "event": {
            "anyOf": [
                {"type": "null"},
                {
                    "type": "object",
                    "required": ["name", "url", "line"],
                    "properties": {
                        "name": {"type": ["string", "null"]},
                        "url": {"type": ["string", "null"]},
                        "line": {"type": "string"},
                    },
                },
            ]
        },
    },
}
