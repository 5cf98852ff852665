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

from nrdeck.catalog import Card, CardDB
from nrdeck.errors import UsageError
from nrdeck.quoting import excerpt
from nrdeck.sim.ask.scoring import card_runner_value

# card data built before nrdeck read facts from card text: econ falls back to this subtype
FALLBACK_ECONOMY_SUBTYPE = "transaction"
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
    "code_gate, sentry, transaction, …), econ (cards whose job is credits), "
    "agenda1/agenda2/agenda3 (agendas by points), points (agenda points), runner_points "
    '(agenda points once stolen), a quoted title ("Sure Gamble"), or --group names'
)
ECON_HINT = 'define it for this deck: --group econ="Title A,Title B"'
ECONOMY = "cards whose job is credits, read from their text"
NO_TEXT_FACTS = "the card data carries no facts read from card text"


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
    text (left whole: ``find_titles`` splits them, longest titles first).

    One pass over the text, so a long list costs time in proportion to its length.
    """
    items: list[str] = []
    bare: list[str] = []
    text = text.strip()
    i, n = 0, len(text)
    while i < n:
        if text[i] in "\"'":
            end = text.find(text[i], i + 1)
            if end < 0:
                raise UsageError(f"{what}: the quote before {excerpt(text[i:])} is not closed")
            items.extend([",".join(bare)] if bare else [])
            bare = []
            items.append(text[i + 1 : end])
            i = _after_spaces(text, end + 1)
            if i < n and text[i] != ",":
                raise UsageError(f"{what}: expected a comma after the quoted {excerpt(items[-1])}")
        else:
            end = text.find(",", i)
            end = n if end < 0 else end
            bare.append(text[i:end])
            i = end
        if i < n and text[i] == ",":
            i = _after_spaces(text, i + 1)
    items.extend([",".join(bare)] if bare else [])
    return [t.strip() for t in items if t.strip()]


def _after_spaces(text: str, i: int) -> int:
    while i < len(text) and text[i].isspace():
        i += 1
    return i


def parse_user_group(spec: str) -> tuple[str, list[str]]:
    """``econ="Sure Gamble,Liberated Account"`` -> ("econ", ["Sure Gamble", ...])."""
    name, sep, titles = spec.partition("=")
    name = name.strip()
    valid = bool(name) and name.replace("_", "a").replace("-", "a").isalnum()
    items = split_titles(titles, f"--group {name}") if sep and valid else []
    if not items:
        raise UsageError(
            f'--group {excerpt(spec)}: expected NAME="Title A,Title B"',
            hint='e.g. --group econ="Sure Gamble,Liberated Account"; quote a title with a '
            "comma: pay='\"Another Day, Another Paycheck\",Sure Gamble'",
        )
    return name, items


def find_titles(db: CardDB, text: str) -> list[Card] | None:
    """The card titled ``text``, else the cards its comma-separated parts name, else None."""
    found, unknown = match_titles(db, text)
    return None if unknown is not None else found or None


def match_titles(db: CardDB, text: str) -> tuple[list[Card], str | None]:
    """The cards ``text`` names (one title, or comma-separated titles, longest first), and
    the first part that names none (None when every part names a card).

    Parts are joined only as far as the most commas a title has, so the time taken grows
    with the text's length, not with its square.
    """
    card = _lookup(db, text)
    if card is not None:
        return [card], None
    parts = text.split(",")
    span = _most_commas(db) + 1
    found: list[Card] = []
    i = 0
    while i < len(parts):
        for j in range(min(len(parts), i + span), i, -1):
            card = _lookup(db, ",".join(parts[i:j])) or _lookup(db, ", ".join(parts[i:j]))
            if card is not None:
                found.append(card)
                i = j
                break
        else:
            return found, parts[i].strip()
    return found, None if found else text


def _most_commas(db: CardDB) -> int:
    """The most commas in any title the data knows (titles, stripped titles, faces)."""
    return db.derived.most_commas_in_a_title()


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
            return self._economy(raw, cards)
        if name in ("points", "runner_points"):
            return _points(raw, cards, self._db.text_facts, runner=name == "runner_points")
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

    def _economy(self, name: str, cards: list[Card]) -> Group:
        """Cards whose job is credits, read from their text when the data was built."""
        if self._db.text_facts:
            ids = [c.id for c in cards if c.economy]
            what = ECONOMY
        else:
            ids = [c.id for c in cards if FALLBACK_ECONOMY_SUBTYPE in c.subtypes]
            what = f"the {FALLBACK_ECONOMY_SUBTYPE} subtype only: {NO_TEXT_FACTS}"
        titles = ", ".join(sorted(self._db.card(i).title for i in ids))
        return _members(name, ids, what + (f": {titles}" if titles else ""), ECON_HINT)

    def _title_group(self, title: str) -> Group | None:
        cards = find_titles(self._db, title)
        if cards is None:
            return None
        return _members(title, [c.id for c in cards], ", ".join(c.title for c in cards))

    def _user_group(self, name: str, titles: list[str]) -> Group:
        ids: list[str] = []
        for t in titles:
            cards, unknown = match_titles(self._db, t)
            if unknown is not None:
                raise UsageError(
                    f"--group {name}: unknown card {excerpt(unknown)}",
                    hint="check the spelling; quote a title that contains a comma",
                )
            ids.extend(c.id for c in cards)
        ids = list(dict.fromkeys(ids))  # a title named twice is one member
        return _members(name, ids, ", ".join(self._db.card(i).title for i in ids))


def _points(name: str, cards: list[Card], text_facts: int, runner: bool) -> Group:
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
    what = "agenda points once stolen" + ("" if text_facts else f" (as printed: {NO_TEXT_FACTS})")
    return Group(name, weights, what + (": " + ", ".join(changed) if changed else ""))
