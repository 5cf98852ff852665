"""Groups of cards named in queries: titles, types, subtypes, agendas by points, user groups.

A group gives each card a weight: 1 for a member (0 otherwise), or the agenda points for
the ``points`` and ``runner_points`` groups. A query compares the summed weight of the
cards seen.

Titles: in a query a quoted string (``"Sure Gamble"`` or ``'Sure Gamble'``) is one title,
commas included (``"Another Day, Another Paycheck">=1``). In ``--group NAME=TITLES`` the
titles are separated by commas, and a title containing a comma is quoted
(``pay='"Another Day, Another Paycheck",Sure Gamble'``). Where a text is not a title but
its comma-separated parts are (longest titles first), it names those titles.
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from nrdeck.carddb import Card, CardDB
from nrdeck.errors import UsageError
from nrdeck.sim.scoring import card_runner_value

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
    "resource), subtypes (icebreaker or breaker, fracter, decoder, killer, ai, barrier, "
    "code_gate, sentry, transaction, …), econ, agenda1/agenda2/agenda3 (agendas by "
    "points), points (agenda points), runner_points (agenda points once stolen), a quoted "
    'title ("Sure Gamble"), or --group names'
)
ECON_HINT = 'define it for this deck: --group econ="Title A,Title B"'


class Group(msgspec.Struct, frozen=True):
    """A named group: weight per card id (cards absent weigh 0)."""

    name: str
    weights: Mapping[str, int]
    description: str
    hint: str = ""  # what to do when the deck has none of it

    def weight(self, card_id: str) -> int:
        """The card's weight in this group (1 for a member, points for ``points``)."""
        return self.weights.get(card_id, 0)


def _members(name: str, ids: list[str], description: str, hint: str = "") -> Group:
    return Group(name, {i: 1 for i in ids}, description, hint)


def split_titles(text: str, what: str) -> list[str]:
    """Titles in quotes ("…" or '…', commas allowed) and runs of unquoted comma-separated
    text (left whole: ``find_titles`` splits them, longest titles first)."""
    items: list[str] = []
    bare: list[str] = []
    rest = text.strip()
    while rest:
        if rest[0] in "\"'":
            end = rest.find(rest[0], 1)
            if end < 0:
                raise UsageError(f"{what}: the quote before {rest!r} is not closed")
            items.extend([",".join(bare)] if bare else [])
            bare = []
            items.append(rest[1:end])
            rest = rest[end + 1 :].lstrip()
            if rest and not rest.startswith(","):
                raise UsageError(f"{what}: expected a comma after the quoted {items[-1]!r}")
        else:
            item, _, _ = rest.partition(",")
            bare.append(item)
            rest = rest[len(item) :]
        rest = rest[1:].lstrip() if rest.startswith(",") else rest
    items.extend([",".join(bare)] if bare else [])
    return [t.strip() for t in items if t.strip()]


def parse_user_group(spec: str) -> tuple[str, list[str]]:
    """``econ="Sure Gamble,Liberated Account"`` -> ("econ", ["Sure Gamble", ...])."""
    name, sep, titles = spec.partition("=")
    name = name.strip()
    valid = bool(name) and name.replace("_", "a").replace("-", "a").isalnum()
    items = split_titles(titles, f"--group {name}") if sep and valid else []
    if not items:
        raise UsageError(
            f'--group {spec!r}: expected NAME="Title A,Title B"',
            hint='e.g. --group econ="Sure Gamble,Liberated Account"; quote a title with a '
            "comma: pay='\"Another Day, Another Paycheck\",Sure Gamble'",
        )
    return name, items


def find_titles(db: CardDB, text: str) -> list[Card] | None:
    """The card titled ``text``, else the cards its comma-separated parts name, else None."""
    card = _lookup(db, text)
    if card is not None:
        return [card]
    parts = text.split(",")
    found: list[Card] = []
    i = 0
    while i < len(parts):
        for j in range(len(parts), i, -1):
            card = _lookup(db, ",".join(parts[i:j])) or _lookup(db, ", ".join(parts[i:j]))
            if card is not None:
                found.append(card)
                i = j
                break
        else:
            return None
    return found or None


def _lookup(db: CardDB, title: str) -> Card | None:
    title = title.strip()
    return db.card_by_title(title) or db.card_by_id(title) if title else None


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
            return _members(raw, ids, "transaction subtype + known credit cards", ECON_HINT)
        if name in ("points", "runner_points"):
            return _points(raw, cards, runner=name == "runner_points")
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
        cards = find_titles(self._db, title)
        if cards is None:
            return None
        return _members(title, [c.id for c in cards], ", ".join(c.title for c in cards))

    def _user_group(self, name: str, titles: list[str]) -> Group:
        ids: list[str] = []
        for t in titles:
            cards = find_titles(self._db, t)
            if cards is None:
                raise UsageError(
                    f"--group {name}: unknown card {t!r}",
                    hint="check the spelling; quote a title that contains a comma",
                )
            ids.extend(c.id for c in cards)
        return _members(name, ids, ", ".join(self._db.card(i).title for i in ids))


def _points(name: str, cards: list[Card], runner: bool) -> Group:
    """Agenda points: as printed, or as worth in the Runner's score area."""
    weights: dict[str, int] = {}
    changed = []
    for card in cards:
        if card.type != "agenda":
            continue
        weights[card.id] = card.agenda_points or 0
        value = card_runner_value(card) if runner else None
        if value is not None:
            weights[card.id] = value.points
            changed.append(f"{card.title} {value.points} ({value.reason})")
    if not runner:
        return Group(name, weights, "agenda points")
    what = "agenda points once stolen"
    return Group(name, weights, what + (": " + ", ".join(changed) if changed else ""))


def _is_economy(card: Card) -> bool:
    return card.id in ECONOMY_CARDS or any(s in ECONOMY_SUBTYPES for s in card.subtypes)
