"""The JSON Schemas nrdeck ships (``nrdeck/report/*.schema.json``), for validating its output."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
from referencing import Registry, Resource

import nrdeck.report

SCHEMAS = Path(nrdeck.report.__file__).parent


def schema(name: str) -> dict[str, Any]:
    """One shipped schema, by file name."""
    loaded: dict[str, Any] = json.loads((SCHEMAS / name).read_text(encoding="utf-8"))
    return loaded


def registry() -> Registry:
    """Every shipped schema, so that one can refer to another by its ``$id``."""
    resources = [
        (found["$id"], Resource.from_contents(found))
        for found in map(schema, sorted(p.name for p in SCHEMAS.glob("*.schema.json")))
    ]
    return Registry().with_resources(resources)


def validate(document: Any, schema_name: str) -> None:
    """Raise unless the document fits the shipped schema ``schema_name``."""
    validator = jsonschema.Draft202012Validator(schema(schema_name), registry=registry())
    validator.validate(document)
