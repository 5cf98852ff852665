"""Cobra's JSON:API answers, validated at the edge (msgspec) and made into plain values.

Only what ``event --cobra`` reads is declared: the tournament's settings, the names of the
resources it includes (type, format, ban list, card set) and each player's name, id and
whether they are still active. Pronouns and user ids are never decoded. Every string is
bounded: a name past ``MAX_NAME_CHARS`` is cut, so a hostile answer cannot flood a report.
"""

from __future__ import annotations

import datetime as dt
from typing import TypeVar

import msgspec

from nrdeck.errors import TournamentUnavailableError
from nrdeck.jsondepth import require_shallow
from nrdeck.roster.limits import MAX_NAME_CHARS

T = TypeVar("T")


class _Resource(msgspec.Struct, frozen=True):
    id: str
    type: str
    attributes: msgspec.Raw = msgspec.Raw(b"{}")


class _Show(msgspec.Struct, frozen=True):
    data: _Resource
    included: list[_Resource] = []


class _Total(msgspec.Struct, frozen=True):
    count: int = 0


class _Stats(msgspec.Struct, frozen=True):
    total: _Total = _Total()


class _Meta(msgspec.Struct, frozen=True):
    stats: _Stats = _Stats()


class _Index(msgspec.Struct, frozen=True):
    data: list[_Resource]
    included: list[_Resource] = []
    links: dict[str, str | None] = {}
    meta: _Meta = _Meta()


class _TournamentFields(msgspec.Struct, frozen=True):
    name: str = ""
    slug: str | None = None
    date: str | None = None
    time_zone: str | None = None
    tournament_type_id: int | None = None
    format_id: int | None = None
    format_name: str | None = None
    deckbuilding_restriction_id: str | None = None
    deckbuilding_restriction_name: str | None = None
    card_set_id: str | None = None
    nrdb_deck_registration: bool | None = None


class _Named(msgspec.Struct, frozen=True):
    name: str | None = None


class _Restriction(msgspec.Struct, frozen=True):
    name: str | None = None
    play_format_id: str | None = None


class _PlayerFields(msgspec.Struct, frozen=True):
    name: str = ""
    active: bool | None = True


class Included(msgspec.Struct, frozen=True):
    """The names of the resources a tournament answer includes (None: not included)."""

    type_name: str | None = None
    format_name: str | None = None
    restriction_name: str | None = None
    restriction_format: str | None = None  # the list's play_format_id
    set_name: str | None = None


class CobraPlayer(msgspec.Struct, frozen=True):
    """One player on Cobra's list: Cobra's player id, the name, False once dropped."""

    id: str
    name: str
    active: bool = True


class CobraTournament(msgspec.Struct, frozen=True):
    """A public tournament as Cobra's API shows it: settings, included names, players.

    ``url`` is the tournament's page, ``base`` the Cobra it came from; ``cached`` the day
    its answers were cached when they were read from the cache (``--offline``).
    """

    base: str
    id: int
    name: str
    date: dt.date | None = None
    time_zone: str | None = None
    slug: str | None = None
    format_name: str | None = None
    restriction_id: str | None = None
    card_set_id: str | None = None
    type_id: int | None = None
    decks_registered: bool | None = None
    included: Included = Included()
    players: tuple[CobraPlayer, ...] = ()
    cached: dt.date | None = None

    @property
    def url(self) -> str:
        """The tournament's page on Cobra."""
        return f"{self.base}/tournaments/{self.id}"


def bounded(text: str | None, limit: int = MAX_NAME_CHARS) -> str | None:
    """Untrusted text cut to ``limit`` characters (None stays None)."""
    if text is None or len(text) <= limit:
        return text
    return text[:limit] + "…"


def _not_api(url: str, what: str) -> TournamentUnavailableError:
    return TournamentUnavailableError(
        f"Cobra's answer for {url} is not {what}: not read",
        hint="retry later; if it persists, check --cobra-url",
    )


def decode_show(body: bytes, url: str) -> tuple[_Resource, list[_Resource]]:
    """A ``show`` document's resource and what it includes."""
    try:
        require_shallow(body)
        doc = msgspec.json.decode(body, type=_Show)
    except (msgspec.DecodeError, RecursionError):
        raise _not_api(url, "a tournament document (cut short, or another shape)") from None
    return doc.data, doc.included


def decode_index(body: bytes, url: str) -> _Index:
    """An ``index`` document (a page of a list)."""
    try:
        require_shallow(body)
        return msgspec.json.decode(body, type=_Index)
    except (msgspec.DecodeError, RecursionError):
        raise _not_api(url, "a list document (cut short, or another shape)") from None


def tournament_of(
    base: str, resource: _Resource, included: list[_Resource], url: str
) -> CobraTournament:
    """The tournament's settings and the names of what it includes."""
    if resource.type != "tournaments" or not resource.id.isdigit() or len(resource.id) > 18:
        raise _not_api(url, "a tournament")
    fields = _attributes(resource, _TournamentFields, url)
    return CobraTournament(
        base=base,
        id=int(resource.id),
        name=bounded(fields.name) or f"tournament {resource.id}",
        date=_date(fields.date, url),
        time_zone=bounded(fields.time_zone, 100),
        slug=bounded(fields.slug, 16),
        format_name=bounded(fields.format_name),
        restriction_id=bounded(fields.deckbuilding_restriction_id, 200),
        card_set_id=bounded(fields.card_set_id, 200),
        type_id=fields.tournament_type_id,
        decks_registered=fields.nrdb_deck_registration,
        included=_included(included, fields, url),
    )


def _included(resources: list[_Resource], fields: _TournamentFields, url: str) -> Included:
    def named(kind: str, wanted: object) -> _Resource | None:
        return next((r for r in resources if r.type == kind and r.id == str(wanted)), None)

    kind = named("tournament_types", fields.tournament_type_id)
    fmt = named("formats", fields.format_id)
    listed = named("deckbuilding_restrictions", fields.deckbuilding_restriction_id)
    card_set = named("card_sets", fields.card_set_id)
    restriction = _attributes(listed, _Restriction, url) if listed else _Restriction()
    return Included(
        type_name=bounded(_attributes(kind, _Named, url).name) if kind else None,
        format_name=bounded(_attributes(fmt, _Named, url).name) if fmt else None,
        restriction_name=bounded(restriction.name or fields.deckbuilding_restriction_name),
        restriction_format=bounded(restriction.play_format_id, 100),
        set_name=bounded(_attributes(card_set, _Named, url).name) if card_set else None,
    )


def players_of(resources: list[_Resource], url: str) -> list[CobraPlayer]:
    """The players of one page of Cobra's list."""
    found = []
    for resource in resources:
        if resource.type != "players":
            raise _not_api(url, "a list of players")
        fields = _attributes(resource, _PlayerFields, url)
        name = bounded(" ".join(fields.name.split())) or f"player {bounded(resource.id, 20)}"
        found.append(CobraPlayer(bounded(resource.id, 40) or "", name, fields.active is not False))
    return found


def _attributes(resource: _Resource, kind: type[T], url: str) -> T:
    try:
        return msgspec.json.decode(resource.attributes, type=kind)
    except (msgspec.DecodeError, RecursionError):
        raise _not_api(url, f"what nrdeck expects of {resource.type[:40]!r}") from None


def _date(text: str | None, url: str) -> dt.date | None:
    if text is None:
        return None
    try:
        return dt.date.fromisoformat(text[:10]) if len(text) <= 40 else None
    except ValueError:
        raise _not_api(url, f"a tournament with a date ({text[:20]!r})") from None
