"""NetrunnerDB v3's ``POST /api/v3/public/validate_deck``, answered by nrdeck's own checks.

A client written for NetrunnerDB can point at ``nrdeck serve``: the request is v3's
(``data.attributes``: ``identity_card_id``, ``side_id``, ``cards`` as card id → copies,
``validations``), the answer v3's shape (the request echoed with ``is_valid``,
``validation_errors`` and, per validation, the ids it was checked against and its ``errors``;
``eternal_points`` where the list in force has points). What differs, on purpose:

- a validation naming only ``format_id`` is checked against the period in force today on
  nrdeck's corrected timeline, not the snapshot NetrunnerDB marks active (which lags);
- every problem is reported, each error with nrdeck's message, and ``problems`` beside
  ``errors`` gives their stable codes;
- ``basic_deckbuilding_rules: false`` leaves out the construction rules; a validation naming
  only a card pool leaves out the ban list, one naming only a ban list leaves out the pool.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from nrdeck.app.inputs.options import SelectionOptions
from nrdeck.app.inputs.selection import chosen
from nrdeck.catalog import CardDB
from nrdeck.deck import RawDeck, RawLine
from nrdeck.errors import NrdeckError
from nrdeck.problems import Severity
from nrdeck.resolve import resolve
from nrdeck.results.check import CheckResult
from nrdeck.rules import InForce, check_deck, select

REQUIRED = ("identity_card_id", "side_id", "cards", "validations")
INVALID = {
    "title": "Invalid request",
    "detail": "Valid requests must be of the form { 'data': { 'attributes': { "
    "'identity_card_id': 'card_id', 'side_id': 'corp|runner', 'cards': { 'card_id': qty }, "
    "'validations': [ { 'label': '…', 'basic_deckbuilding_rules': true, 'format_id': '…' } ] "
    "} } }",
    "code": "400",
    "status": "400",
}
# the problems each part of a validation checks (the rest are the construction rules)
POOL_CODES = frozenset({"not-in-card-pool", "identity-not-in-format"})
LIST_CODES = frozenset({"banned", "restricted", "points", "startup-agenda-cap", "one-box"})
READING_CODES = frozenset({"unknown-card", "ambiguous-card", "parse-error"})
MAX_CARDS = 2000  # distinct cards in one request
MAX_VALIDATIONS = 16


class InvalidRequest(Exception):
    """The request lacks what v3 requires: answered 400 with v3's error document."""


def validate_deck(body: Any, db: CardDB, today: dt.date) -> dict[str, Any]:
    """The v3 answer to a validate_deck request (InvalidRequest: a 400)."""
    attributes = _attributes(body)
    echoed = {str(k).lower(): v for k, v in attributes.items()}
    for key in ("identity_card_id", "side_id"):
        if isinstance(echoed[key], str):
            echoed[key] = echoed[key].lower()
    errors = _request_errors(echoed, db)
    validations = [dict(v) for v in echoed["validations"]]
    if not errors:
        deck = _deck(echoed)
        validations = [_validated(v, deck, db, today, errors) for v in validations]
    valid = not errors and all(not v.get("errors") for v in validations)
    echoed.update(is_valid=valid, validation_errors=errors, validations=validations)
    return {"data": {**_data_of(body), "attributes": echoed}}


def _attributes(body: Any) -> dict[str, Any]:
    data = body.get("data") if isinstance(body, dict) else None
    attributes = data.get("attributes") if isinstance(data, dict) else None
    if not isinstance(attributes, dict):
        raise InvalidRequest
    lowered = {str(k).lower(): v for k, v in attributes.items()}
    if any(key not in lowered for key in REQUIRED):
        raise InvalidRequest
    return attributes


def _data_of(body: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in body["data"].items() if k != "attributes"}


def _request_errors(attributes: dict[str, Any], db: CardDB) -> list[str]:
    """v3's top-level errors: what stops every validation."""
    errors: list[str] = []
    identity, side = attributes["identity_card_id"], attributes["side_id"]
    cards, validations = attributes["cards"], attributes["validations"]
    if not isinstance(identity, str) or not identity:
        errors.append("Deck is missing `identity_card_id` field.")
    elif identity not in db.cards:
        errors.append(f"`identity_card_id` `{_shown(identity)}` does not exist.")
    if side not in ("corp", "runner"):
        errors.append(f"`side_id` `{_shown(side)}` does not exist.")
    if not isinstance(cards, dict) or not cards:
        errors.append("Deck must specify some cards.")
    elif len(cards) > MAX_CARDS:
        errors.append(f"Deck names more than {MAX_CARDS} different cards.")
    else:
        errors += _card_errors(cards, db)
    if not isinstance(validations, list) or not validations:
        errors.append("Validation request must specify at least one validation to perform.")
    elif len(validations) > MAX_VALIDATIONS:
        errors.append(f"Validation request asks for more than {MAX_VALIDATIONS} validations.")
    elif not all(isinstance(v, dict) for v in validations):
        errors.append("Each validation must be an object.")
    else:
        errors += [e for v in validations for e in _id_errors(v, db)]
    return errors


def _card_errors(cards: Mapping[str, Any], db: CardDB) -> list[str]:
    errors = []
    for card_id, quantity in cards.items():
        if card_id not in db.cards:
            errors.append(f"Card `{_shown(card_id)}` does not exist.")
        elif not isinstance(quantity, int) or isinstance(quantity, bool) or not 0 < quantity < 1000:
            errors.append(f"Card `{_shown(card_id)}` has a quantity that is not a count of copies.")
    return errors


def _id_errors(validation: Mapping[str, Any], db: CardDB) -> list[str]:
    known: dict[str, tuple[str, Mapping[str, object]]] = {
        "format_id": ("Format", db.formats),
        "card_pool_id": ("Card Pool", db.card_pools),
        "restriction_id": ("Restriction", db.restrictions),
        "snapshot_id": ("Snapshot", db.snapshots),
    }
    errors = []
    for key, (label, records) in known.items():
        value = validation.get(key)
        if value is not None and (not isinstance(value, str) or value not in records):
            errors.append(f"{label} `{_shown(value)}` does not exist.")
    return errors


def _deck(attributes: Mapping[str, Any]) -> RawDeck:
    identity = RawLine(1, None, card_id=attributes["identity_card_id"], identity=True)
    lines = [RawLine(q, None, card_id=c) for c, q in sorted(attributes["cards"].items())]
    return RawDeck("validate_deck", "nrdb-v3", (identity, *lines))


def _validated(
    validation: dict[str, Any], raw: RawDeck, db: CardDB, today: dt.date, errors: list[str]
) -> dict[str, Any]:
    """One validation: the ids it was checked against, its errors, its Eternal points."""
    try:
        in_force, filled = _in_force(validation, db, today)
    except NrdeckError as err:
        return {**validation, "errors": [err.one_line()], "problems": []}
    result = check_deck(resolve(raw, db), db, in_force)
    kept = [
        p for p in result.problems if _counts(p.code, validation) and p.severity is Severity.ERROR
    ]
    answer = {**validation, **filled}
    answer["errors"] = [p.message for p in kept]
    answer["problems"] = [{"code": p.code, "message": p.message} for p in kept]
    if in_force.restriction is not None and in_force.restriction.points:
        answer["eternal_points"] = _points(result)
    return answer


def _in_force(
    validation: Mapping[str, Any], db: CardDB, today: dt.date
) -> tuple[InForce, dict[str, Any]]:
    """What the validation asks for, as v3 fills the ids in: a snapshot (the newest using a
    card pool named alone), else the period in force today in the format named; on today."""
    restriction = validation.get("restriction_id")
    pool = validation.get("card_pool_id")
    snapshot = validation.get("snapshot_id") or (_snapshot_of_pool(db, pool) if pool else None)
    format_id = validation.get("format_id")
    if snapshot:
        format_id = db.snapshots[snapshot].format_id
    elif format_id is None and restriction:
        format_id = db.restrictions[restriction].format_id
    options = SelectionOptions(
        format_id=format_id or "standard",
        as_of=today,
        snapshot_id=snapshot,
        banlist_id=restriction,
    )
    in_force = select(db, chosen(options, today))
    period = in_force.period
    filled = {
        "format_id": period.format_id,
        "snapshot_id": period.snapshot_id,
        "card_pool_id": period.card_pool_id,
        "restriction_id": period.restriction_id,
    }
    return in_force, filled


def _snapshot_of_pool(db: CardDB, pool: str) -> str | None:
    """The newest snapshot whose card pool is ``pool``."""
    using = [s for s in db.snapshots.values() if s.card_pool_id == pool]
    return max(using, key=lambda s: (s.date_start, s.id)).id if using else None


def _counts(code: str, validation: Mapping[str, Any]) -> bool:
    """Whether a problem is one the validation asked for."""
    if code in READING_CODES:
        return True
    only_pool = bool(validation.get("card_pool_id")) and not _names_a_list(validation)
    only_list = bool(validation.get("restriction_id")) and not _names_a_pool(validation)
    if code in POOL_CODES:
        return not only_list
    if code in LIST_CODES:
        return not only_pool
    return bool(validation.get("basic_deckbuilding_rules", False))


def _names_a_list(validation: Mapping[str, Any]) -> bool:
    return any(validation.get(k) for k in ("restriction_id", "snapshot_id", "format_id"))


def _names_a_pool(validation: Mapping[str, Any]) -> bool:
    return any(validation.get(k) for k in ("card_pool_id", "snapshot_id", "format_id"))


def _points(result: CheckResult) -> int:
    return result.stats.points or 0


def _shown(value: Any) -> str:
    """A value from the request as an error message quotes it: text, at most 100 characters."""
    text = value if isinstance(value, str) else repr(value)
    return text[:100]
