"""The JSON documents of check, stats, simulate and event validate against the shipped schemas,
every schema lets fields be added (docs/reference/json-output.md promises it), and
``card_data`` has one shape in every document.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from typer.testing import CliRunner

from nrdeck.cli import app
from tests.paths import ROOT
from tests.schemas import SCHEMAS, validate
from tests.schemas import schema as _schema

EXAMPLES = ROOT / "data" / "examples"
LEGAL = str(EXAMPLES / "standard-zahya.txt")
ILLEGAL = str(EXAMPLES / "illegal-standard.txt")


def _json(*args: str) -> Any:
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code in (0, 1), result.stderr
    return json.loads(result.stdout)


def test_the_shipped_schemas_are_valid_schemas() -> None:
    names = sorted(p.name for p in SCHEMAS.glob("*.schema.json"))
    assert names == [
        "check-v1.schema.json",
        "event-v2.schema.json",
        "periods-v1.schema.json",
        "simulate-v2.schema.json",
        "stats-v1.schema.json",
    ]
    for name in names:
        jsonschema.Draft202012Validator.check_schema(_schema(name))


def _objects(node: Any) -> Iterator[dict[str, Any]]:
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _objects(value)
    elif isinstance(node, list):
        for value in node:
            yield from _objects(value)


@pytest.mark.parametrize("name", sorted(p.name for p in SCHEMAS.glob("*.schema.json")))
def test_every_schema_allows_added_fields(name: str) -> None:
    closed = [o for o in _objects(_schema(name)) if o.get("additionalProperties") is False]
    assert closed == []
    assert _schema(name)["additionalProperties"] is True


def test_stats_json_validates_and_rejects_a_broken_document() -> None:
    doc = _json("stats", ILLEGAL, "--offline", "--output-format", "json")
    validate(doc, "stats-v1.schema.json")
    doc["extra_field"] = {"added": "later"}  # fields may be added within version 1
    validate(doc, "stats-v1.schema.json")
    del doc["by_type"]
    with pytest.raises(jsonschema.ValidationError):
        validate(doc, "stats-v1.schema.json")


@pytest.mark.parametrize(
    "args",
    [
        ("--format", "startup", "--as-of", "2026-03-20"),
        ("--format", "standard", "--as-of", "2030-01-01"),  # stale data: a warning
        ("--format", "eternal", "--as-of", "2010-01-01"),  # before its first period
    ],
)
def test_data_periods_json_validates_and_rejects_a_broken_document(args: tuple[str, ...]) -> None:
    doc = _json("data", "periods", *args, "--offline", "--output-format", "json")
    validate(doc, "periods-v1.schema.json")
    doc["extra_field"] = {"added": "later"}
    validate(doc, "periods-v1.schema.json")
    broken = {**doc, "periods": [{**doc["periods"][0], "start": None}]}
    with pytest.raises(jsonschema.ValidationError):
        validate(broken, "periods-v1.schema.json")
    del doc["in_force"]
    with pytest.raises(jsonschema.ValidationError):
        validate(doc, "periods-v1.schema.json")


@pytest.mark.parametrize(
    "args",
    [
        ("--mulligan", "breaker==0", "--sample", "2"),
        ("econ>=1", "--method", "mc", "--games", "2000"),
        ("--report", "rnd"),
        ("breaker>=1", "--sweep", "Carmen=2..3"),
        ("breaker>=1", "--pad", "5"),
        ("--target", "breaker>=1>=90%@T2", "--sweep", "Carmen=2..3"),
        ("--optimal-mulligan", "econ>=1 & breaker>=1@T2"),
    ],
    ids=["exact-mulligan-hands", "monte-carlo", "rnd", "sweep", "pad", "target", "optimal"],
)
def test_simulate_json_validates(args: tuple[str, ...]) -> None:
    deck = ILLEGAL if "rnd" in args else LEGAL  # R&D odds are for Corp decks
    doc = _json("simulate", deck, *args, "--offline", "--seed", "7", "--output-format", "json")
    validate(doc, "simulate-v2.schema.json")
    broken = {**doc, "card_data": "bundled snapshot"}  # one card_data shape everywhere
    with pytest.raises(jsonschema.ValidationError):
        validate(broken, "simulate-v2.schema.json")


def test_card_data_has_one_shape_in_every_document(tmp_path: Path) -> None:
    shutil.copy(LEGAL, tmp_path / "runner.txt")
    roster = tmp_path / "roster.csv"
    roster.write_text("player,corp,runner\nAna,,runner.txt\n", encoding="utf-8")
    fresh = ("--as-of", "2025-09-17")  # the same values too: no stale-data warning
    documents = {
        "check": _json("check", LEGAL, "--offline", *fresh, "--output-format", "json"),
        "stats": _json("stats", LEGAL, "--offline", *fresh, "--output-format", "json"),
        "simulate": _json("simulate", LEGAL, "--offline", "--seed", "1", "--output-format", "json"),
        "event": _json("event", str(roster), "--offline", *fresh, "--output-format", "json"),
    }
    shapes = {name: doc["card_data"] for name, doc in documents.items()}
    assert len({json.dumps(shape, sort_keys=True) for shape in shapes.values()}) == 1, shapes
    validate(documents["check"], "check-v1.schema.json")
    validate(documents["event"], "event-v2.schema.json")
