"""One Markdown message per player who must act: only their problems, and how to fix them.

Ready to paste into a direct message. File names are made from the player's name with
only ``a-z 0-9 -`` kept, so a name can never lead outside the messages folder.
"""

from __future__ import annotations

import re
import unicodedata

from nrdeck.report.event.common import describe_period, where
from nrdeck.report.event.markdown import escape_message
from nrdeck.results.event import SIDE_NAMES, EventReport, PlayerReport, PlayerState

FIXES = {
    "deck-private": "In NetrunnerDB, turn on “Share your decks” in your account settings, "
    "or publish the deck as a decklist, then send the link again.",
    "deck-not-found": "Check the link: NetrunnerDB has no deck with this id.",
    "not-a-deck-link": "Send a NetrunnerDB deck link (netrunnerdb.com/en/decklist/… or "
    "/en/deck/view/…).",
    "event-deck-missing": "Register a deck for this side.",
    "event-side-swapped": "Your Corp and Runner decks are in each other's places: register "
    "them the other way round.",
    "event-wrong-side": "Register one Corp deck and one Runner deck.",
    "event-duplicate-player": "You are registered twice: tell the organiser which "
    "registration to keep.",
    "not-in-card-pool": "Replace these cards with cards of the event's card pool.",
    "banned": "Remove the banned cards.",
    "restricted": "Keep at most one restricted card.",
    "unknown-card": "Check the spelling of these cards.",
    "identity-missing": "Name an identity card as your deck's identity.",
    "identity-copies": "List your identity once (1 copy).",
    "deck-size": "Add cards up to the identity's minimum deck size.",
    "influence": "Spend no more influence than your identity allows.",
    "agenda-points": "Adjust the agendas to the points your deck size needs.",
    "copies": "Keep at most the allowed copies of each card.",
    "event-path-refused": "Send your deck as a NetrunnerDB link or a file for the organiser.",
    "parse-error": "Send your deck again as a NetrunnerDB link.",
}
_SLUG = re.compile(r"[^a-z0-9]+")


def render_messages(report: EventReport) -> dict[str, str]:
    """File name -> message, for every player who must fix or register a deck."""
    messages: dict[str, str] = {}
    for player in report.to_act:
        if player.state is PlayerState.NOT_FETCHED:  # the organiser's to retry
            continue
        messages[_file_name(player.player, messages)] = render_message(report, player)
    return messages


def _file_name(name: str, taken: dict[str, str]) -> str:
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    stem = _SLUG.sub("-", folded).strip("-")[:60] or "player"
    candidate, number = f"{stem}.md", 2
    while candidate in taken:
        candidate, number = f"{stem}-{number}.md", number + 1
    return candidate


def render_message(report: EventReport, player: PlayerReport) -> str:
    """'Hi NAME, your decks for the event (Standard …) need …': problems, then fixes."""
    lines = [f"Hi {escape_message(player.player)},", ""]
    period = escape_message(describe_period(report))
    lines.append(f"your deck registration for {period} {_state(player)}.")
    lines.append("")
    fixes: dict[str, None] = {}
    for problem in player.problems:
        lines.append(f"- {escape_message(problem.message)}")
        fixes.setdefault(FIXES.get(problem.code, ""))
    for deck in player.decks:
        for group in deck.groups:
            single = group.problems[0] if len(group.problems) == 1 else None
            suffix = where(single, report.roster) if single else ""
            said = escape_message(group.describe(shown=10) + suffix)
            lines.append(f"- **{SIDE_NAMES[deck.column]}**: {said}")
            fixes.setdefault(FIXES.get(group.code, ""))
    hints = [f for f in fixes if f]
    if hints:
        lines += ["", "How to fix it:", ""] + [f"- {h}" for h in hints]
    lines += ["", "Thank you!"]
    return "\n".join(lines) + "\n"


def _state(player: PlayerReport) -> str:
    return {
        PlayerState.NEEDS_FIXING: "needs fixing",
        PlayerState.MISSING: "is missing a deck",
    }.get(player.state, "is ready")
