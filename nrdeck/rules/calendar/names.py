"""The names players use for formats, snapshots and ban lists, and "did you mean" on a miss.

Format ids are case- and dash-insensitive (``System-Gateway`` = ``system_gateway``). A ban
list is named by its id, its name, or its short name as players and tournament tools write
it (``25.10``, ``sbl-25.10``, ``Ban-List-25.10``, ``sbu-26.08``, any case), by the name Null
Signal Games publishes where NetrunnerDB's differs (nrdeck's table ``data/list_names.json``:
``26.04`` is NetrunnerDB's Startup Balance Update 26.05), by ``latest`` (the newest list of
the format's periods) or ``active`` (the list of the snapshot the data marks active).

Numbers, completion, did-you-mean and the valid names of an error are those of the format's
own lists (``nrdeck.rules.calendar.lists``); an exact id or name of any list filed under the format
(a copy filed there for NetrunnerDB's classic site too) still names it.
"""

from __future__ import annotations

from collections.abc import Iterable

from nrdeck.catalog import CardDB, Restriction
from nrdeck.errors import Fix, UsageError
from nrdeck.rules.calendar.lists import (
    aliases_of,
    nsg_name,
    number_in,
    own_lists,
    period_lists,
    short_name,
)

CASUAL = "casual"
# the formats NetrunnerDB's card data defines (core since the data of 2026-09), and casual
BUILTIN_FORMATS = (
    "standard",
    "startup",
    "eternal",
    "system_gateway",
    "core",
    "snapshot",
    "ram",
    CASUAL,
)
LATEST = "latest"
ACTIVE = "active"
_SEPARATORS = str.maketrans("._-", "   ")  # folded like white space
# what players write before a list's number: "SBL 25.10", "ban list 24.09", "MWL 3.4",
# "SBU 26.08" and "balance update 26.08" (Null Signal Games' word since 2025)
_PREFIXES = (
    "sbl.",
    "sbu.",
    "ban.list.",
    "banlist.",
    "balance.update.",
    "mwl.",
    "epl.",
    "points.list.",
)


def key_of(text: str) -> str:
    """Case, dots, dashes, underscores and spaces folded: 'Ban-List 25.10' -> 'ban.list.25.10'."""
    return ".".join(text.casefold().translate(_SEPARATORS).split())


def did_you_mean(text: str, choices: Iterable[str], limit: int = 3) -> list[str]:
    """Up to ``limit`` choices spelt like ``text``, best first (rapidfuzz, imported here).

    Similarity is ``fuzz.ratio`` on lower-cased text, from 60 up and within 10 of the best,
    as for card titles: 'sbl-25.11' suggests 25.10, not every list with a 1 in it.
    """
    from rapidfuzz import fuzz, process, utils

    found = process.extract(
        text,
        list(dict.fromkeys(choices)),
        scorer=fuzz.ratio,
        processor=utils.default_process,
        limit=limit,
        score_cutoff=60,
    )
    floor = found[0][1] - 10 if found else 0
    return [choice for choice, score, _ in found if score >= floor]


def unknown_name(
    what: str,
    text: str,
    choices: list[str],
    valid: list[str],
    where: str = "",
    typed: str | None = None,
) -> UsageError:
    """'unknown format 'standrd'; did you mean standard?' with the valid names as the hint.

    ``typed`` is what to compare with the choices, when not the text as given.
    """
    hints = did_you_mean(typed or text, choices)
    guess = f"; did you mean {', '.join(hints)}?" if hints else ""
    return UsageError(
        f"unknown {what} {text!r}{where}{guess}", hint=f"valid {what}s: {', '.join(valid)}"
    )


def format_named(db: CardDB, text: str, community_ids: Iterable[str] = ()) -> str:
    """The format id ``text`` names (case and dashes do not matter); ``community_ids`` (the
    community formats nrdeck ships) are among the valid names of the error when it names none."""
    ids = [f for f in BUILTIN_FORMATS if f in db.formats or f == CASUAL]
    ids += sorted(f for f in db.formats if f not in ids)
    wanted = key_of(text)
    found = next((f for f in ids if key_of(f) == wanted), None)
    if found is None:
        valid = [*ids, *(c for c in community_ids if c not in ids)]
        raise unknown_name("format", text, valid, valid)
    return found


def snapshot_named(db: CardDB, format_id: str, text: str) -> str:
    """The id of the format's snapshot ``text`` names: its id (case and dashes do not matter),
    or a name of the ban list it brought in (``26.04``: the snapshot of that list)."""
    ids = [s.id for s in db.snapshots_of(format_id)]
    found = next((s for s in ids if key_of(s) == key_of(text)), None)
    if found is not None:
        return found
    listed = _list_named(db, format_id, text)
    fixes = db.tables.corrections
    snaps = [
        s.id
        for s in db.snapshots_of(format_id)
        if listed is not None and s.restriction_id == listed.id and fixes.excluded(s.id) is None
    ]
    if len(snaps) == 1:
        return snaps[0]
    if snaps and listed is not None:
        raise UsageError(
            f"snapshot {text!r}: {listed.name} is the ban list of {len(snaps)} snapshots of "
            f"format {format_id}",
            hint=f"use an id: {', '.join(snaps)}",
        )
    raise unknown_name("snapshot", text, ids, ids, f" for format {format_id}")


def restriction_named(db: CardDB, format_id: str, text: str) -> Restriction:
    """The format's ban list that ``text`` names: id, name, number, NSG's name, latest, active."""
    wanted = key_of(text)
    lists = period_lists(db, format_id)
    if wanted == LATEST and lists:
        return lists[-1]
    if wanted == ACTIVE:
        return _active_list(db, format_id)
    found = _list_named(db, format_id, text)
    if found is not None:
        return found
    _require_no_missing_alias(db, format_id, text)
    elsewhere = list_of_another_format(db, text, besides=format_id)
    if elsewhere is not None:
        raise elsewhere
    own = own_lists(db, format_id)
    bare = _bare(db, format_id, wanted)
    typed = bare if bare != wanted else text
    choices = [*list_numbers(db, format_id), *(r.id for r in reversed(own))]
    valid = [valid_lists(db, format_id)]
    raise unknown_name("ban list", text, choices, valid, f" for format {format_id}", typed)


def valid_lists(db: CardDB, format_id: str) -> str:
    """'latest, active, 26.05 or 26.04 (startup_balance_update_26_05), 26.03 (…), …'.

    Each of the format's own lists once, newest first: its number (where no other list of
    the format has it) and Null Signal Games' where it differs, with its id.
    """
    own = own_lists(db, format_id)
    counts = _number_counts(own)
    entries = []
    for r in reversed(own):
        number = short_name(r)
        said = [number] if number and counts[key_of(number)] == 1 else []
        said += [a for a in [_aliasnumber_in(db, r)] if a and a not in said]
        entries.append(f"{' or '.join(said)} ({r.id})" if said else r.id)
    return ", ".join([LATEST, ACTIVE, *entries])


def _list_named(db: CardDB, format_id: str, text: str) -> Restriction | None:
    """The list ``text`` names exactly, by number or by NSG's name (None: no list)."""
    wanted = key_of(text)
    own = own_lists(db, format_id)
    filed = db.restrictions_filed_under(format_id)
    exact = [r for r in (*own, *filed) if wanted in (key_of(r.id), key_of(r.name))]
    if exact:
        return exact[0]
    aliases = aliases_of(db, format_id)
    named = [r for alias, r in aliases if key_of(alias.name) == wanted]
    if named:
        return named[0]
    bare = _bare(db, format_id, wanted)
    short = [r for r in own if key_of(short_name(r) or "") == bare]
    if len(short) > 1:
        raise UsageError(
            f"ban list {text!r} names {len(short)} lists of format {format_id}",
            hint=f"use an id: {', '.join(r.id for r in short)}",
        )
    if short:
        return short[0]
    return next((r for alias, r in aliases if key_of(number_in(alias.name) or "") == bare), None)


def _require_no_missing_alias(db: CardDB, format_id: str, text: str) -> None:
    """A usage error when ``text`` is NSG's name for a list the card data does not have."""
    wanted = key_of(text)
    bare = _bare(db, format_id, wanted)
    kept = {a.restriction_id for a, _ in aliases_of(db, format_id)}
    for alias in db.tables.list_names.aliases:
        if alias.format_id != format_id or alias.restriction_id in kept:
            continue
        if wanted == key_of(alias.name) or bare == key_of(number_in(alias.name) or ""):
            raise UsageError(
                f"ban list {text!r} is Null Signal Games' name for {alias.restriction_id}, "
                "which the card data does not have",
                hint=f"run 'nrdeck data update', or name a list the data has: "
                f"{valid_lists(db, format_id)}",
                fix=Fix("newer-data"),
            )


def list_of_another_format(
    db: CardDB, text: str, besides: str, besides_name: str | None = None, valid: str = ""
) -> UsageError | None:
    """The error for a ban list name that belongs to another built-in format, saying whose it
    is and the --format to use ('26.04' is NSG's name for Startup Balance Update 26.05, one
    of Startup's lists), then ``valid`` (the lists of this format: a built-in format's by
    default); None when no other format has a list of that name."""
    for other in (f for f in (*BUILTIN_FORMATS, *db.formats) if f in db.formats and f != besides):
        try:
            found = _list_named(db, other, text)
        except UsageError:  # several lists of that format: it is that format's name all the same
            found = None
            named = f"a name of several {db.formats[other].name} lists"
        else:
            named = _how_named(db, other, text, found) if found is not None else ""
        if named:
            import shlex  # only this error needs it

            where = besides_name or (db.formats[besides].name if besides in db.formats else besides)
            valid = valid or (valid_lists(db, besides) if besides in db.formats else "")
            own = f"; {where}'s: {valid}" if valid else ""
            return UsageError(
                f"ban list {text!r} is not {where}'s: {text!r} is {named}",
                hint=f"to check under it, use --format {other} --banlist {shlex.quote(text)}{own}",
                fix=Fix("other-format", value=db.formats[other].name),
            )
    return None


def _how_named(db: CardDB, format_id: str, text: str, found: Restriction) -> str:
    """'Null Signal Games' name for Startup Balance Update 26.05, one of Startup's lists', or
    'Startup Ban List 25.08, one of …' when ``text`` is the data's own id, name or number."""
    kind = f"one of {db.formats[format_id].name}'s lists"
    wanted = _bare(db, format_id, key_of(text))
    own = {key_of(found.id), key_of(found.name), key_of(short_name(found) or "")}
    if key_of(text) in own or wanted in own:
        return f"{found.name}, {kind}"
    return f"Null Signal Games' name for {found.name}, {kind}"


def _aliasnumber_in(db: CardDB, restriction: Restriction) -> str | None:
    """NSG's number for the list, where its name differs from the data's ('26.04')."""
    name = nsg_name(db, restriction)
    return number_in(name) if name else None


def _number_counts(lists: Iterable[Restriction]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for r in lists:
        number = key_of(short_name(r) or "")
        counts[number] = counts.get(number, 0) + 1
    return counts


def list_numbers(db: CardDB, format_id: str) -> list[str]:
    """The numbers of the format's own lists, newest first, NSG's beside NetrunnerDB's."""
    out: list[str] = []
    for r in reversed(own_lists(db, format_id)):
        out += [n for n in (short_name(r), _aliasnumber_in(db, r)) if n]
    return list(dict.fromkeys(out))


def _bare(db: CardDB, format_id: str, key: str) -> str:
    """A list's key without the words players put before its number: the format's name,
    then 'sbl', 'ban list', 'balance update'… ('startup.balance.update.26.04' -> '26.04')."""
    fmt = db.formats.get(format_id)
    for word in dict.fromkeys((key_of(format_id), key_of(fmt.name) if fmt else "")):
        if word and key.startswith(word + "."):
            key = key[len(word) + 1 :]
            break
    return next((key[len(p) :] for p in _PREFIXES if key.startswith(p)), key)


def _active_list(db: CardDB, format_id: str) -> Restriction:
    active = db.formats[format_id].active_snapshot
    listed = active.restriction_id if active is not None else None
    if listed is None or listed not in db.restrictions:
        raise UsageError(
            f"format {format_id} has no ban list on the snapshot the data marks active",
            hint="name a list: its id, its number (25.10) or 'latest'",
        )
    return db.restrictions[listed]


def restriction_names(db: CardDB, format_id: str) -> list[str]:
    """What --banlist accepts for a format, newest first (shell completion)."""
    ids = [r.id for r in reversed(own_lists(db, format_id))]
    return [LATEST, ACTIVE, *list_numbers(db, format_id), *ids]
