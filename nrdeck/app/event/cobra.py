"""``event --cobra``: the event's settings from its Cobra tournament, and its players compared.

The date, format, ban list, card pool limit and tier come from the tournament (the format
and the tier by name). An explicit option that contradicts Cobra is a usage error naming
both values; an equal one is fine; a setting Cobra leaves empty falls back to the option or
nrdeck's default, with a note. The calendar then says where the tournament's settings and
the corrected timeline disagree (``nrdeck.rules.event.tournament``); the roster's players are
compared with Cobra's list in ``nrdeck.app.event.cobra_players``.
"""

from __future__ import annotations

import datetime as dt

import msgspec
from msgspec.structs import replace

from nrdeck.app.formatfiles.shipped import format_source
from nrdeck.app.inputs.cards import DataSettings
from nrdeck.app.inputs.options import SelectionOptions
from nrdeck.app.inputs.selection import chosen
from nrdeck.catalog import CardDB
from nrdeck.cobra import CobraAccess, CobraSettings, CobraTournament
from nrdeck.errors import UsageError
from nrdeck.results.event import (
    CalendarWarning,
    CobraEvent,
    SettingSource,
)
from nrdeck.rules import select
from nrdeck.rules.calendar import format_named, restriction_named
from nrdeck.rules.event import (
    TournamentSettings,
    calendar_warnings,
    find_set,
    format_of_name,
    tier_of_type,
    usable_list,
    usable_set,
)
from nrdeck.rules.formatfiles import (
    CommunityFormat,
    HouseFormat,
    file_format,
    found_path,
    read_format_file,
)

_FIX = "drop the option to use Cobra's setting, or correct the tournament's settings in Cobra"
_UPDATE = "run 'nrdeck data update': Cobra may name a list or set newer than nrdeck's card data"


class CobraRequest(msgspec.Struct, frozen=True):
    """``--cobra``: the tournament, and which defaulted options were given explicitly."""

    settings: CobraSettings
    format_given: bool = False
    tier_given: bool = False


def cobra_access(data: DataSettings) -> CobraAccess:
    """How to reach Cobra: the card data's cache (none when it is off), offline mode, HTTP."""
    cache_dir = None if data.no_cache else data.cache_dir
    return CobraAccess(cache_dir=cache_dir, offline=data.offline, http=data.http)


class CobraChoice(msgspec.Struct, frozen=True):
    """The selection and pool limit the tournament gives, and what to say about them."""

    selection: SelectionOptions
    cardpool_up_to: str | None
    event: CobraEvent


class _Settings:
    """The settings as they are decided, one after the other, with their sources."""

    def __init__(self, tournament: CobraTournament) -> None:
        self.tournament = tournament
        self.sources: list[SettingSource] = []
        self.warnings: list[CalendarWarning] = []

    def said(self, setting: str, value: str | None, source: str, note: str = "") -> None:
        self.sources.append(SettingSource(setting, value, source, note))

    def redo(self, setting: str, value: str | None, source: str, note: str = "") -> None:
        """Say the setting again (what was first said of it is replaced)."""
        self.sources = [x for x in self.sources if x.setting != setting]
        self.said(setting, value, source, note)

    def source_of(self, setting: str) -> str:
        return next((x.source for x in self.sources if x.setting == setting), "default")

    def note_of(self, setting: str) -> str:
        return next((x.note for x in self.sources if x.setting == setting), "")

    @property
    def format_name(self) -> str | None:
        """The tournament's format as Cobra names it ('Standard', 'Other'), if it has one."""
        return self.tournament.included.format_name or self.tournament.format_name

    def contradiction(self, option: str, given: object, what: str, cobra: str) -> UsageError:
        t = self.tournament
        return UsageError(
            f"{option} {given} contradicts Cobra: tournament {t.id} ({t.name}) has {what} {cobra}",
            hint=_FIX,
        )


def cobra_choice(
    tournament: CobraTournament,
    request: CobraRequest,
    options: SelectionOptions,
    cardpool_up_to: str | None,
    db: CardDB,
    today: dt.date,
) -> CobraChoice:
    """Merge the tournament's settings with the explicit options (contradictions refused)."""
    if options.snapshot_id is not None:
        raise UsageError(
            "--snapshot cannot be used with --cobra: the tournament's settings choose what is "
            "in force",
            hint="drop --snapshot (or --cobra)",
        )
    s = _Settings(tournament)
    day = _date(s, options.as_of, today)
    found = _format_file(options, db)
    if isinstance(found, CommunityFormat):
        dated = replace(options, as_of=day)
        return _community_choice(s, found, request, dated, cardpool_up_to, db, today)
    format_id = _house_or_given_format(s, found, options, request, db)
    tier = _tier(s, options.tier, request.tier_given)
    restriction = _restriction(s, options.banlist_id, format_id, db)
    selection = replace(options, as_of=day, format_id=format_id, tier=tier, banlist_id=restriction)
    in_force = select(db, chosen(replace(selection, banlist_id=None), today))
    limit = _card_set(s, cardpool_up_to, db)
    # Cobra's own list and set (the card data has both, or _restriction and _card_set refused)
    cobra = TournamentSettings(
        format_id, day, tier, tournament.restriction_id, tournament.card_set_id
    )
    s.warnings += calendar_warnings(db, cobra, in_force)
    if limit is not None and limit == cobra.set_id and not usable_set(db, in_force, limit):
        limit = None  # the calendar's warning says why
        s.redo("card pool", None, "default", "the tournament's limit is not applied")
    if restriction is None:
        in_force_list = in_force.restriction.name if in_force.restriction else None
        s.redo("ban list", in_force_list, s.source_of("ban list"), s.note_of("ban list"))
    return CobraChoice(selection, limit, _event(s))


def _event(s: _Settings) -> CobraEvent:
    t = s.tournament
    order = ("date", "format", "card pool", "ban list", "tier")
    sources = sorted(s.sources, key=lambda x: order.index(x.setting))
    return CobraEvent(
        url=t.url,
        tournament_id=t.id,
        name=t.name,
        type=t.included.type_name,
        settings=tuple(sources),
        warnings=tuple(s.warnings),
        cached=t.cached.isoformat() if t.cached else None,
    )


def _date(s: _Settings, given: dt.date | None, today: dt.date) -> dt.date:
    cobra = s.tournament.date
    if cobra is None:
        day = given or today
        s.said("date", day.isoformat(), "option" if given else "default", "Cobra gives no date")
        return day
    if given is not None and given != cobra:
        raise s.contradiction("--as-of", given, "the date", cobra.isoformat())
    s.said("date", cobra.isoformat(), "cobra")
    return cobra


def _format_file(options: SelectionOptions, db: CardDB) -> HouseFormat | CommunityFormat | None:
    """The format file the options name (``--format-file``, or a shipped community format),
    read and checked; None for a built-in format."""
    source = format_source(options.format_id, options.format_file, db)
    return read_format_file(db, source) if source is not None else None


def _house_or_given_format(
    s: _Settings,
    found: HouseFormat | None,
    options: SelectionOptions,
    request: CobraRequest,
    db: CardDB,
) -> str:
    """The format to check: a house file's own (its base or pool's), which Cobra's must be,
    else the one ``--format`` gives or Cobra's."""
    own = file_format(db, found) if found is not None else None
    if found is None or own is None:
        return _format(s, options.format_id, request.format_given, db)
    option = f"--format-file {found_path(found)}"
    return _format(s, own, True, db, option=option, shown=f"(format {own})")


def _community_choice(
    s: _Settings,
    found: CommunityFormat,
    request: CobraRequest,
    options: SelectionOptions,
    cardpool_up_to: str | None,
    db: CardDB,
    today: dt.date,
) -> CobraChoice:
    """A community format (its file decides the format and its lists) at a Cobra event: the
    date, tier and pool limit are Cobra's; Cobra's format must be none it names as its own."""
    name = s.format_name
    if name is not None and format_of_name(name) is not None:
        raise s.contradiction(
            _community_option(options), f"(format {found.name})", "the format", name
        )
    cobra_said = f"Cobra's format is {name!r}" if name else "Cobra gives no format"
    s.said("format", found.name, "option", f"a community format; {cobra_said}")
    tier = _tier(s, options.tier, request.tier_given)
    selection = replace(options, tier=tier)
    in_force = select(db, chosen(selection, today))
    listed = s.tournament.restriction_id
    in_force_list = in_force.restriction.name if in_force.restriction else None
    note = f"{found.name}'s list in force" + (
        f"; Cobra's {listed} is not one of {found.name}'s lists" if listed else ""
    )
    s.said("ban list", in_force_list, "option" if options.banlist_id else "default", note)
    limit = _card_set(s, cardpool_up_to, db)
    if (
        limit is not None
        and limit == s.tournament.card_set_id
        and not usable_set(db, in_force, limit)
    ):
        limit = None
        s.redo("card pool", None, "default", f"the tournament's limit is outside {found.name}")
    return CobraChoice(selection, limit, _event(s))


def _community_option(options: SelectionOptions) -> str:
    if options.format_file is not None:
        return f"--format-file {options.format_file}"
    return f"--format {options.format_id}"


def _format(
    s: _Settings,
    given: str,
    explicit: bool,
    db: CardDB,
    option: str = "--format",
    shown: str | None = None,
) -> str:
    name = s.format_name
    mine = format_named(db, given)
    if name is None:
        note = "Cobra gives no format"
        s.said("format", db_name(db, mine), "option" if explicit else "default", note)
        return mine
    cobra = format_of_name(name)
    if cobra is None:
        if not explicit:
            raise UsageError(
                f"tournament {s.tournament.id}'s format on Cobra is {name!r}, not a format "
                "nrdeck checks",
                hint="give the format to check with --format",
            )
        said = f"Cobra's format {name!r} is not one nrdeck checks: checked as {db_name(db, mine)}"
        s.warnings.append(CalendarWarning("format-unchecked", said))
        s.said("format", db_name(db, mine), "option", f"Cobra's format is {name!r}")
        return mine
    if explicit and mine != cobra:
        raise s.contradiction(option, shown or given, "the format", name)
    s.said("format", db_name(db, cobra), "cobra")
    return cobra


def db_name(db: CardDB, format_id: str) -> str:
    """A format's name in the card data ('Standard'), else its id."""
    found = db.formats.get(format_id)
    return found.name if found else format_id


def _tier(s: _Settings, given: str, explicit: bool) -> str:
    type_name = s.tournament.included.type_name
    cobra = tier_of_type(type_name)
    if cobra is None:
        source = "option" if explicit else "default"
        if type_name is None:
            s.said("tier", given, source, "Cobra gives no tournament type")
            return given
        how = "--tier" if explicit else "nrdeck's default for events; --tier casual otherwise"
        said = f"the tournament's type, {type_name}, has no NSG tier: checked at the {given} tier"
        s.warnings.append(CalendarWarning("no-tier", f"{said} ({how})"))
        s.said("tier", given, source, f"{type_name} has no NSG tier")
        return given
    if explicit and given != cobra:
        raise s.contradiction("--tier", given, f"the type {type_name} (tier", f"{cobra})")
    s.said("tier", cobra, "cobra", f"from its type, {type_name}")
    return cobra


def _restriction(s: _Settings, given: str | None, format_id: str, db: CardDB) -> str | None:
    cobra = s.tournament.restriction_id
    mine = restriction_named(db, format_id, given) if given is not None else None
    if cobra is None:
        if mine is not None:
            s.said("ban list", mine.name, "option", "Cobra gives no ban list")
        else:
            s.said("ban list", None, "default", "Cobra gives no ban list: the list in force")
        return mine.id if mine else None
    listed = db.restrictions.get(cobra)
    if listed is None:
        raise UsageError(
            f"tournament {s.tournament.id} names ban list {cobra!r}, which the card data "
            "does not have",
            hint=_UPDATE,
        )
    if mine is not None and mine.id != listed.id:
        raise s.contradiction("--banlist", given, "the ban list", f"{listed.name} ({listed.id})")
    if not usable_list(db, format_id, listed.id):  # the calendar's warning says why
        s.said("ban list", None, "default", f"the list in force, not the tournament's {cobra}")
        return None
    s.said("ban list", listed.name, "cobra")
    return listed.id


def _card_set(s: _Settings, given: str | None, db: CardDB) -> str | None:
    cobra = s.tournament.card_set_id
    mine = find_set(db, given) if given is not None else None
    if given is not None and mine is None:
        raise UsageError(f"--cardpool-up-to {given!r} is not a set of the card data")
    if cobra is None:
        note = "Cobra gives no Legal Cardpool Up To"
        s.said("card pool", mine.name if mine else None, "option" if mine else "default", note)
        return mine.id if mine else None
    if cobra not in db.sets:
        raise UsageError(
            f"tournament {s.tournament.id}'s Legal Cardpool Up To is {cobra!r}, a set the card "
            "data does not have",
            hint=_UPDATE,
        )
    if mine is not None and mine.id != cobra:
        raise s.contradiction(
            "--cardpool-up-to", given, "Legal Cardpool Up To", db.sets[cobra].name
        )
    s.said("card pool", db.sets[cobra].name, "cobra", "Legal Cardpool Up To")
    return cobra
