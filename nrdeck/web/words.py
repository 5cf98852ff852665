"""What an error tells a visitor to do, in the words of the page and of the API.

Errors say what to do as the CLI says it (options, commands), and carry a ``Fix``: what to
do, said by nobody yet. Here the server says it its own way: the page names its fields and
menus, the API its request fields. An error without a ``Fix`` keeps its hint, which then
names no option of the CLI; the server's own errors are said here too.
"""

from __future__ import annotations

from typing import Literal

from nrdeck.errors import Fix, NrdeckError

Front = Literal["page", "api"]

_FIELD = {
    "page": {"date": "the Date field", "format": "the Format menu"},
    "api": {"date": "`as_of`", "format": "`format`"},
}


_API_FIELD = {"format": "`format`", "tier": "`tier`", "date": "`as_of`", "ban list": "`banlist`"}


def hint_of(err: NrdeckError, front: Front) -> str | None:
    """What to do, for the front door (``page`` or ``api``)."""
    if err.fix is None:
        return err.hint
    return phrase(err.fix, front)


def phrase(fix: Fix, front: Front) -> str:
    """The fix in the front door's words."""
    field = _FIELD[front]
    action = fix.action
    if action == "later-date":
        since = f"on or after {fix.value}" if fix.value else "a later one"
        return f"choose a date {since} in {field['date']}"
    if action == "no-list":
        besides = "" if front == "page" else "leave `banlist` out, or "
        return f"{besides}choose another format in {field['format']}"
    if action == "other-format":
        return f"choose {fix.value} in {field['format']} to check under that list"
    if action == "newer-data":
        return "the server's card data does not have it yet: ask its organiser to update it"
    if action == "paste-text":
        return "paste the decklist's text instead (NetrunnerDB: Download, Text file)"
    if action == "event-fixed":
        named = _API_FIELD.get(fix.value or "", "it") if front == "api" else "it"
        return f"leave {named} out: every deck here is checked under the event's settings"
    return "see the page's help"


BUSY = "the server is checking many decks at the moment"
BUSY_HINT = "try again in a few seconds"
TOO_SLOW = "the check took longer than {seconds:.0f} s and was stopped"
TOO_SLOW_HINT = "try again; a list of one deck checks fastest"
LINK_SLOW = "NetrunnerDB did not answer within {seconds:.0f} s"
LINK_HINT = "try again later, or paste the decklist's text (NetrunnerDB: Download, Text file)"
LINKS_BUSY = "the server is fetching many NetrunnerDB links at the moment"
DAMAGED = "the server's card data is damaged"
DAMAGED_HINT = "tell the event's organiser: the server needs its card data rebuilt"
