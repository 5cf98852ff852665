"""Groups of cards named in queries: titles, types, subtypes, agendas by points, user groups.

A group gives each card a weight: 1 for a member (0 otherwise), or the agenda points
for the ``points`` group. A query compares the summed weight of the cards seen.
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from nrdeck.carddb import Card, CardDB
from nrdeck.errors import UsageError

# Credit engines that carry no economy subtype: a named, documented heuristic.
ECONOMY_CARDS = frozenset(
    {
        # Runner: credit events, resources and programs
        "sure_gamble", "easy_mark", "dirty_laundry", "creative_commission", "bravado",
        "career_fair", "day_job", "lucky_find", "daily_casts", "liberated_account",
        "telework_contract", "smartware_distributor", "red_team", "kati_jones",
        "miss_bones", "magnum_opus", "rezeki", "fermenter",
        # Corp: credit assets
        "pad_campaign", "marilyn_campaign", "nico_campaign", "regolith_mining_license",
        "mumbad_construction_co", "sandburg", "daily_quest", "team_sponsorship",
    }
)  # fmt: skip
ECONOMY_SUBTYPES = frozenset({"transaction"})
BREAKER_ALIASES = {"breaker": "icebreaker", "breakers": "icebreaker"}
PLURALS = {
    "agendas": "agenda",
    "assets": "asset",
    "upgrades": "upgrade",
    "operations": "operation",
    "events": "event",
    "programs": "program",
    "resources": "resource",
}
BUILTIN_HELP = (
    "card types (agenda, ice, asset, upgrade, operation, event, hardware, program, "
    "resource), subtypes (icebreaker or breaker, fracter, decoder, killer, barrier, "
    "code_gate, sentry, transaction, …), econ, agenda1/agenda2/agenda3 (agendas by "
    'points), points (agenda points), a quoted title ("Sure Gamble"), or --group names'
)


class Group(msgspec.Struct, frozen=True):
    """A named group: weight per card id (cards absent weigh 0)."""

    name: str
    weights: Mapping[str, int]
    description: str

    def weight(self, card_id: str) -> int:
        """The card's weight in this group (1 for a member, points for ``points``)."""
        return self.weights.get(card_id, 0)


def _members(name: str, ids: list[str], description: str) -> Group:
    return Group(name, {i: 1 for i in ids}, description)


def parse_user_group(spec: str) -> tuple[str, list[str]]:
    """``econ="Sure Gamble,Liberated Account"`` -> ("econ", ["Sure Gamble", ...])."""
    name, sep, titles = spec.partition("=")
    name = name.strip()
    items = [t.strip().strip('"').strip("'").strip() for t in titles.strip("\"'").split(",")]
    items = [t for t in items if t]
    if not sep or not name.replace("_", "a").replace("-", "a").isalnum() or not items:
        raise UsageError(
            f'--group {spec!r}: expected NAME="Title A,Title B"',
            hint='e.g. --group econ="Sure Gamble,Liberated Account"',
        )
    return name, items


class GroupResolver:
    """Turns names in queries into groups, for one deck's cards."""

    def __init__(self, db: CardDB, deck_cards: Mapping[str, int], user: Mapping[str, list[str]]):
        self._db = db
        self._deck = deck_cards
        self._user = user
        self._cache: dict[str, Group] = {}

    def resolve(self, name: str, quoted: bool = False) -> Group | None:
        """The group a name denotes, or None when nothing by that name exists."""
        key = ("\0" if quoted else "") + name
        if key not in self._cache:
            group = self._title_group(name) if quoted else self._named(name)
            if group is None:
                return None
            self._cache[key] = group
        return self._cache[key]

    def _cards(self) -> list[Card]:
        return [self._db.card(i) for i in self._deck if i in self._db.cards]

    def _named(self, raw: str) -> Group | None:
        if raw in self._user:
            return self._user_group(raw, self._user[raw])
        name = raw.lower().replace("-", "_")
        name = PLURALS.get(name, BREAKER_ALIASES.get(name, name))
        if name == "codegate":
            name = "code_gate"
        cards = self._cards()
        if name == "econ":
            ids = [c.id for c in cards if _is_economy(c)]
            return _members(raw, ids, "economy: transaction subtype + known credit engines")
        if name == "points":
            weights = {c.id: c.agenda_points or 0 for c in cards if c.type == "agenda"}
            return Group(raw, weights, "agenda points")
        if name.startswith("agenda") and name[6:].isdigit():
            pts = int(name[6:])
            ids = [c.id for c in cards if c.type == "agenda" and c.agenda_points == pts]
            return _members(raw, ids, f"{pts}-point agendas")
        if name in self._db.types:
            return _members(raw, [c.id for c in cards if c.type == name], f"type {name}")
        if name in self._db.subtypes:
            ids = [c.id for c in cards if name in c.subtypes]
            return _members(raw, ids, f"subtype {name}")
        if name in self._db.cards:
            return _members(raw, [name], self._db.card(name).title)
        return None

    def _title_group(self, title: str) -> Group | None:
        titles = [t.strip() for t in title.split(",") if t.strip()]
        ids = []
        for t in titles:
            card = self._db.card_by_title(t) or self._db.cards.get(t)
            if card is None:
                return None
            ids.append(card.id)
        return _members(title, ids, ", ".join(self._db.card(i).title for i in ids))

    def _user_group(self, name: str, titles: list[str]) -> Group:
        ids = []
        for t in titles:
            card = self._db.card_by_title(t) or self._db.cards.get(t)
            if card is None:
                raise UsageError(
                    f"--group {name}: unknown card {t!r}", hint="check the spelling of the title"
                )
            ids.append(card.id)
        return _members(name, ids, ", ".join(self._db.card(i).title for i in ids))


def _is_economy(card: Card) -> bool:
    return card.id in ECONOMY_CARDS or any(s in ECONOMY_SUBTYPES for s in card.subtypes)
