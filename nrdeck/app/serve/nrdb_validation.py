"""NetrunnerDB v3's ``POST /api/v3/public/validate_deck``, answered by nrdeck's own checks.

A client written for NetrunnerDB can point at ``nrdeck serve``. The request is v3's
(``data.attributes``: ``identity_card_id``, ``side_id``, ``cards`` as card id → copies,
``validations``), and so are the answer (the request's ``data`` echoed with ``is_valid``,
``validation_errors`` and each validation as v3 reports it), the request-level errors and the
400 ``Invalid request`` document. Each validation applies what v3 applies: the construction
rules when ``basic_deckbuilding_rules`` is on (the deck's ``side_id`` among them), the card pool
and the ban list of its ids as v3 fills them in (``nrdeck.app.serve.nrdb_ids``), and nothing else. A
validation naming no id checks no pool and no list. docs/http-api.md lists what nrdeck does
differently, and why.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from nrdeck.app.serve.nrdb_ids import ID_KEYS, Ids, Reference, expanded, in_force
from nrdeck.app.serve.service import CheckService, DeckRequest
from nrdeck.cancel import checkpoint
from nrdeck.catalog import CardDB
from nrdeck.deck import RawDeck, RawLine
from nrdeck.problems import Problem, Severity
from nrdeck.resolve import resolve
from nrdeck.rules import InForce, check_deck

REQUIRED = ("identity_card_id", "side_id", "cards", "validations")
# NetrunnerDB's own words for a request without those keys (its indentation included)
FORM = (
    "Valid requests must be of the form `{'data': { 'attributes': { 'identity_card_id': 'foo', "
    "              'side_id': 'bar', 'cards': { }, 'validations': [] } }}`. "
    "Extra fields are allowed."
)
SIDES = ("corp", "runner")
# the problems each part of a validation checks; every other error is a construction rule
POOL_CODES = frozenset({"not-in-card-pool", "identity-not-in-format", "one-box"})
LIST_CODES = frozenset({"banned", "restricted", "points", "startup-agenda-cap"})
READING_CODES = frozenset({"unknown-card", "ambiguous-card", "parse-error"})
MAX_COPIES = 99  # as a decklist's line
MAX_CARDS = 2000  # distinct cards in one request
MAX_VALIDATIONS = 16


class InvalidRequest(Exception):
    """A request v3 refuses (or would fail on): answered 400 with v3's error document."""

    def __init__(self, detail: str = FORM, pointer: str | None = None) -> None:
        super().__init__(detail)
        self.detail = detail
        self.pointer = pointer

    def document(self) -> dict[str, Any]:
        """``{"errors": [{"title", "detail", "code", "status"}]}`` (and where, when known)."""
        error: dict[str, Any] = {
            "title": "Invalid request",
            "detail": self.detail,
            "code": "400",
            "status": "400",
        }
        if self.pointer is not None:
            error["source"] = {"pointer": self.pointer}
        return {"errors": [error]}


def reference(service: CheckService) -> Reference:
    """What the server checks against: today and today's periods, or an event's settings."""
    db = service.cards.current()
    event = service.settings.event

    def period_of(format_id: str) -> InForce:
        if event is not None:  # the event's settings, whatever the format asked
            return service.in_force(db, DeckRequest(deck=""))
        return service.in_force(db, DeckRequest(deck="", format_id=format_id))

    if event is None:
        return Reference(db, service.today(), "casual", period_of)
    fixed = period_of("")
    return Reference(db, fixed.date, fixed.tier, period_of, event=fixed)


def validate_deck(body: Any, ref: Reference) -> dict[str, Any]:
    """The v3 answer to a validate_deck request (InvalidRequest: a 400)."""
    data = _data(body)
    attributes = data["attributes"]
    deck = _deck(attributes)
    validations = _validations(attributes["validations"])
    named = [Ids.named(v) for v in validations]
    _agrees_with_event(named, ref)
    errors = _request_errors(deck, validations, ref.db)
    answered = []
    for validation, ids in zip(validations, named, strict=True):
        checkpoint()  # a server stops a request past its time here
        filled = expanded(ids, ref)
        outcome = Outcome() if errors else _checked(validation, deck, ids, filled, ref)
        answered.append(_answer(validation, filled, outcome))
    valid = not errors and all(not v["errors"] for v in answered)
    echoed = dict(attributes)
    echoed.update(validations=answered, is_valid=valid, validation_errors=errors)
    return {"data": {**data, "attributes": echoed}}


# -- the request's shape ----------------------------------------------------------------
def _data(body: Any) -> dict[str, Any]:
    """``data``, with ``attributes`` holding v3's four keys (InvalidRequest otherwise)."""
    data = body.get("data") if isinstance(body, dict) else None
    if data is None:
        raise InvalidRequest
    if not isinstance(data, dict):
        raise InvalidRequest("`data` must be an object. " + FORM, "/data")
    if "attributes" not in data:
        raise InvalidRequest
    attributes = data["attributes"]
    if not isinstance(attributes, dict):
        raise InvalidRequest("`data.attributes` must be an object. " + FORM, "/data/attributes")
    if any(key not in attributes for key in REQUIRED):
        raise InvalidRequest
    return data


class V3Deck:
    """The deck as v3 reads it: ids and card ids lower-cased."""

    def __init__(self, identity: str, side: str, cards: dict[str, int]) -> None:
        self.identity = identity
        self.side = side
        self.cards = cards

    def raw(self) -> RawDeck:
        identity = RawLine(1, None, card_id=self.identity, identity=True)
        lines = [RawLine(q, None, card_id=c) for c, q in self.cards.items()]
        return RawDeck("validate_deck", "nrdb-v3", (identity, *lines))


def _deck(attributes: Mapping[str, Any]) -> V3Deck:
    for key in ("identity_card_id", "side_id"):
        if not isinstance(attributes[key], str):
            raise InvalidRequest(f"`{key}` must be a string.", f"/data/attributes/{key}")
    cards = attributes["cards"]
    if cards == []:
        cards = {}
    if not isinstance(cards, dict):
        raise InvalidRequest(
            "`cards` must be an object of card id to number of copies.", "/data/attributes/cards"
        )
    if len(cards) > MAX_CARDS:
        where = "/data/attributes/cards"
        raise InvalidRequest(f"`cards` names more than {MAX_CARDS} cards.", where)
    lowered: dict[str, int] = {}
    for card_id, copies in cards.items():
        if not isinstance(copies, int) or isinstance(copies, bool) or not 0 < copies <= MAX_COPIES:
            raise InvalidRequest(
                f"`cards` `{_shown(card_id)}`: the number of copies must be a whole number "
                f"from 1 to {MAX_COPIES}.",
                "/data/attributes/cards/" + _pointer_part(card_id),
            )
        lowered[card_id.lower()] = copies  # as v3: a later spelling of the same id wins
    identity, side = attributes["identity_card_id"], attributes["side_id"]
    return V3Deck(identity.lower(), side.lower(), lowered)


def _validations(validations: Any) -> list[dict[str, Any]]:
    where = "/data/attributes/validations"
    if not isinstance(validations, list):
        raise InvalidRequest("`validations` must be a list of objects.", where)
    if len(validations) > MAX_VALIDATIONS:
        raise InvalidRequest(f"`validations` asks for more than {MAX_VALIDATIONS}.", where)
    for index, validation in enumerate(validations):
        if not isinstance(validation, dict):
            raise InvalidRequest(
                f"`validations` must be a list of objects: item {index} is not one.",
                f"{where}/{index}",
            )
        for key in ID_KEYS:
            if validation.get(key) is not None and not isinstance(validation[key], str):
                raise InvalidRequest(
                    f"`{key}` of validation {index} must be a string (or null).",
                    f"{where}/{index}/{key}",
                )
    return validations


# -- what stops every validation -----------------------------------------------------------
def _request_errors(deck: V3Deck, validations: list[dict[str, Any]], db: CardDB) -> list[str]:
    """v3's top-level errors, in its order: what is missing, then ids that do not exist."""
    missing = []
    if not deck.cards:
        missing.append("Deck must specify some cards.")
    if not validations:
        missing.append("Validation request must specify at least one validation to perform.")
    if missing:
        return missing
    errors = []
    if deck.identity not in db.cards:
        errors.append(f"`identity_card_id` `{_shown(deck.identity)}` does not exist.")
    if deck.side not in SIDES:
        errors.append(f"`side_id` `{_shown(deck.side)}` does not exist.")
    errors += [f"Card `{_shown(c)}` does not exist." for c in deck.cards if c not in db.cards]
    for validation in validations:
        errors += _id_errors(validation, db)
    return errors


LABELS = {
    "format_id": "Format",
    "card_pool_id": "Card Pool",
    "restriction_id": "Restriction",
    "snapshot_id": "Snapshot",
}  # v3's order of its "does not exist" errors


def _records(db: CardDB) -> dict[str, Mapping[str, object]]:
    return {
        "format_id": db.formats,
        "card_pool_id": db.card_pools,
        "restriction_id": db.restrictions,
        "snapshot_id": db.snapshots,
    }


def _id_errors(validation: Mapping[str, Any], db: CardDB) -> list[str]:
    records = _records(db)
    return [
        f"{label} `{_shown(validation[key])}` does not exist."
        for key, label in LABELS.items()
        if validation.get(key) is not None and validation[key] not in records[key]
    ]


def _agrees_with_event(named: list[Ids], ref: Reference) -> None:
    """On an event's server, every id a validation names (of a record that exists) must be
    the event's."""
    event = ref.event
    if event is None:
        return
    period = event.period
    fixed = Ids(period.format_id, period.restriction_id, event.card_pool_id, period.snapshot_id)
    records = _records(ref.db)
    for index, ids in enumerate(named):
        for key in ID_KEYS:
            asked, theirs = getattr(ids, key), getattr(fixed, key)
            if asked is not None and asked in records[key] and asked != theirs:
                raise InvalidRequest(
                    f"This server checks decks for an event: its {key} is fixed "
                    f"({theirs or 'none'}), and validation {index} asks for {_shown(asked)}. "
                    "Leave it out, or validate the deck elsewhere.",
                    f"/data/attributes/validations/{index}/{key}",
                )


# -- one validation -------------------------------------------------------------------------
class Outcome(NamedTuple):
    """What one validation found: the errors it asked for, and the deck's Eternal points
    where its ban list counts points."""

    problems: tuple[Problem, ...] = ()
    points: int | None = None


def _checked(
    validation: Mapping[str, Any], deck: V3Deck, named: Ids, ids: Ids, ref: Reference
) -> Outcome:
    """The errors the validation asked for, as nrdeck finds them."""
    basic = validation.get("basic_deckbuilding_rules") not in (None, False)  # as v3 reads it
    if not basic and ids.card_pool_id is None and ids.restriction_id is None:
        return Outcome()
    db = ref.db
    result = check_deck(resolve(deck.raw(), db), db, in_force(named, ids, ref))
    kept = [p for p in result.problems if p.severity is Severity.ERROR]
    if basic:
        kept = [*_side_problem(deck, db), *kept]
    points = result.stats.points if ids.restriction_id is not None else None
    return Outcome(tuple(p for p in kept if _asked(p.code, basic, ids)), points)


def _asked(code: str, basic: bool, ids: Ids) -> bool:
    if code in READING_CODES:
        return True
    if code in POOL_CODES:
        return ids.card_pool_id is not None
    if code in LIST_CODES:
        return ids.restriction_id is not None
    return basic


def _side_problem(deck: V3Deck, db: CardDB) -> list[Problem]:
    """side-mismatch: the identity is not of the side the request gives."""
    identity = db.cards[deck.identity]
    if identity.side == deck.side:
        return []
    message = (
        f"{identity.title} is a {identity.side.title()} identity; "
        f"the request's side_id is {deck.side}"
    )
    return [Problem("side-mismatch", message, "side_id", (identity.id,))]


def _answer(validation: Mapping[str, Any], ids: Ids, outcome: Outcome) -> dict[str, Any]:
    """The validation as v3 reports it (its label and switch as given, its ids filled in,
    its errors), with nrdeck's ``problems`` (stable codes) and ``eternal_points``."""
    answer: dict[str, Any] = {
        "label": validation.get("label"),
        "basic_deckbuilding_rules": validation.get("basic_deckbuilding_rules", False),
        **ids.answer(),
        "errors": [p.message for p in outcome.problems],
        "problems": [{"code": p.code, "message": p.message} for p in outcome.problems],
    }
    if outcome.points is not None:
        answer["eternal_points"] = outcome.points
    return answer


def _shown(value: Any) -> str:
    """A value from the request as an error message quotes it: text, at most 100 characters."""
    text = value if isinstance(value, str) else repr(value)
    return text[:100]


def _pointer_part(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")
