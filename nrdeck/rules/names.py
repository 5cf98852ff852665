"""The names players use for formats, snapshots and ban lists, and "did you mean" on a miss.

Format ids are case- and dash-insensitive (``System-Gateway`` = ``system_gateway``). A ban
list is named by its id, its name, or its short name as players and tournament tools write
it (``25.10``, ``sbl-25.10``, ``Ban-List-25.10``, any case), by ``latest`` (the newest list
of the format's periods) or ``active`` (the list of the snapshot the data marks active).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from nrdeck.carddb import CardDB, Restriction
from nrdeck.errors import UsageError

CASUAL = "casual"
BUILTIN_FORMATS = ("standard", "startup", "eternal", "system_gateway", "snapshot", "ram", CASUAL)
LATEST = "latest"
ACTIVE = "active"
_SEPARATORS = str.maketrans("._-", "   ")  # folded like white space
_SHORT = r"\d+\.\d+[a-z]?"  # a list's number
# what players write before a list's number: "SBL 25.10", "ban list 24.09", "MWL 3.4"
_PREFIXES = ("sbl.", "ban.list.", "banlist.", "mwl.", "epl.", "points.list.")


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


def unknown(
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


def format_named(db: CardDB, text: str) -> str:
    """The format id ``text`` names (case and dashes do not matter)."""
    ids = [f for f in BUILTIN_FORMATS if f in db.formats or f == CASUAL]
    ids += sorted(f for f in db.formats if f not in ids)
    wanted = key_of(text)
    found = next((f for f in ids if key_of(f) == wanted), None)
    if found is None:
        raise unknown("format", text, ids, ids)
    return found


def snapshot_named(db: CardDB, format_id: str, text: str) -> str:
    """The id of the format's snapshot ``text`` names (case and dashes do not matter)."""
    ids = [s.id for s in db.snapshots_of(format_id)]
    found = next((s for s in ids if key_of(s) == key_of(text)), None)
    if found is None:
        raise unknown("snapshot", text, ids, ids, f" for format {format_id}")
    return found


def short_name(restriction: Restriction) -> str | None:
    """'25.10' for Standard Ban List 25.10, '3.4b' for Standard MWL 3.4b (None without one)."""
    found = re.findall(_SHORT, restriction.name.casefold())
    return found[-1] if found else None


def period_lists(db: CardDB, format_id: str) -> list[Restriction]:
    """The ban lists the format's snapshots use, oldest first."""
    ids = {s.restriction_id for s in db.snapshots_of(format_id) if s.restriction_id}
    lists = [db.restrictions[i] for i in ids if i in db.restrictions]
    return sorted(lists, key=lambda r: (r.date_start, r.id))


def restriction_named(db: CardDB, format_id: str, text: str) -> Restriction:
    """The format's ban list that ``text`` names: id, name, short name, latest or active."""
    wanted = key_of(text)
    lists = period_lists(db, format_id)
    if wanted == LATEST and lists:
        return lists[-1]
    if wanted == ACTIVE:
        return _active_list(db, format_id)
    own = [r for r in db.restrictions.values() if r.format_id == format_id]
    exact = [r for r in own if wanted in (key_of(r.id), key_of(r.name))]
    if exact:
        return exact[0]
    short = [r for r in lists if key_of(short_name(r) or "") == _bare(wanted)]
    if len(short) == 1:
        return short[0]
    if len(short) > 1:
        raise UsageError(
            f"ban list {text!r} names {len(short)} lists of format {format_id}",
            hint=f"use an id: {', '.join(r.id for r in short)}",
        )
    shorts = [n for n in (short_name(r) for r in reversed(lists)) if n]
    ids = sorted(r.id for r in own)
    typed = _bare(wanted) if _bare(wanted) != wanted else text
    valid = [LATEST, ACTIVE, *dict.fromkeys(shorts), *ids]
    raise unknown("ban list", text, [*shorts, *ids], valid, f" for format {format_id}", typed)


def _bare(key: str) -> str:
    """A ban list's key without the words players put before its number ('sbl.25.10')."""
    return next((key[len(p) :] for p in _PREFIXES if key.startswith(p)), key)


def _active_list(db: CardDB, format_id: str) -> Restriction:
    active = db.formats[format_id].active_snapshot
    if active is None or active.restriction_id not in db.restrictions:
        raise UsageError(
            f"format {format_id} has no ban list on the snapshot the data marks active",
            hint="name a list: its id, its number (25.10) or 'latest'",
        )
    return db.restrictions[active.restriction_id]


def restriction_names(db: CardDB, format_id: str) -> list[str]:
    """What --banlist accepts for a format, newest first (shell completion)."""
    lists = list(reversed(period_lists(db, format_id)))
    names = [n for n in (short_name(r) for r in lists) if n]
    return [LATEST, ACTIVE, *dict.fromkeys(names), *(r.id for r in lists)]
