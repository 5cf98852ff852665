"""The OpenAPI description of NetrunnerDB v3's ``validate_deck`` as nrdeck answers it."""

from __future__ import annotations

from typing import Any

_ID = {"type": ["string", "null"]}
_VALIDATION_IN = {
    "type": "object",
    "properties": {
        "label": {"description": "echoed as given"},
        "basic_deckbuilding_rules": {
            "description": "the construction rules (side_id among them); as NetrunnerDB "
            "reads it, any value but false or null turns them on",
            "default": False,
        },
        "format_id": {**_ID, "description": "the period in force on the day checked"},
        "snapshot_id": {**_ID, "description": "a snapshot's pool and ban list"},
        "card_pool_id": {**_ID, "description": "this pool (alone: no ban list)"},
        "restriction_id": {**_ID, "description": "this ban list (alone: no pool)"},
    },
}
_ATTRIBUTES_IN = {
    "type": "object",
    "required": ["identity_card_id", "side_id", "cards", "validations"],
    "properties": {
        "identity_card_id": {"type": "string"},
        "side_id": {"type": "string", "description": "corp or runner (any case)"},
        "cards": {
            "type": "object",
            "additionalProperties": {"type": "integer", "minimum": 1, "maximum": 99},
        },
        "validations": {"type": "array", "maxItems": 16, "items": _VALIDATION_IN},
    },
}
_VALIDATION_OUT = {
    "type": "object",
    "required": [
        "label",
        "basic_deckbuilding_rules",
        "format_id",
        "restriction_id",
        "card_pool_id",
        "snapshot_id",
        "errors",
        "problems",
    ],
    "properties": {
        "label": {},
        "basic_deckbuilding_rules": {},
        "format_id": _ID,
        "restriction_id": _ID,
        "card_pool_id": _ID,
        "snapshot_id": _ID,
        "errors": {"type": "array", "items": {"type": "string"}},
        "problems": {
            "type": "array",
            "description": "nrdeck's addition: each error's stable code",
            "items": {
                "type": "object",
                "properties": {"code": {"type": "string"}, "message": {"type": "string"}},
            },
        },
        "eternal_points": {
            "type": "integer",
            "description": "nrdeck's addition: where the ban list counts points",
        },
    },
}
_ERRORS = {
    "type": "object",
    "properties": {
        "errors": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "title": {"type": "string"},
                    "detail": {"type": "string"},
                    "code": {"type": "string"},
                    "status": {"type": "string"},
                },
            },
        }
    },
}


def _json(schema: dict[str, Any]) -> dict[str, Any]:
    return {"application/json": {"schema": schema}}


V3_OPENAPI: dict[str, Any] = {
    "requestBody": {
        "required": True,
        "content": {
            media: {
                "schema": {
                    "type": "object",
                    "required": ["data"],
                    "properties": {
                        "data": {
                            "type": "object",
                            "required": ["attributes"],
                            "properties": {"attributes": _ATTRIBUTES_IN},
                        }
                    },
                }
            }
            for media in ("application/json", "application/vnd.api+json")
        },
    },
    "responses": {
        "200": {
            "description": "the request's data echoed with is_valid, validation_errors and "
            "each validation's filled-in ids and errors",
            "content": _json(
                {
                    "type": "object",
                    "properties": {
                        "data": {
                            "type": "object",
                            "properties": {
                                "attributes": {
                                    "type": "object",
                                    "properties": {
                                        "is_valid": {"type": "boolean"},
                                        "validation_errors": {
                                            "type": "array",
                                            "items": {"type": "string"},
                                        },
                                        "validations": {
                                            "type": "array",
                                            "items": _VALIDATION_OUT,
                                        },
                                    },
                                }
                            },
                        }
                    },
                }
            ),
        },
        "400": {
            "description": "Invalid request (no data.attributes with the four keys, or a shape "
            "NetrunnerDB cannot read), or Bad Request (a body that is not JSON)",
            "content": _json(_ERRORS),
        },
    },
}
