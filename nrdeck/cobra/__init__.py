"""COBRA: a tournament's settings and players from Cobra's public API.

``fetch_tournament`` asks Cobra (``nrdeck.cobra.client``) through nrdeck's HTTP layer and its
conditional cache; ``tournament_ref`` reads what ``--cobra`` names (``nrdeck.cobra.ref``);
Cobra's answers are validated at the edge and made into plain values
(``nrdeck.cobra.answers``).
"""

from nrdeck.cobra.answers import CobraPlayer, CobraTournament, Included
from nrdeck.cobra.client import CobraAccess, fetch_tournament, players_url, tournament_url
from nrdeck.cobra.ref import (
    DEFAULT_COBRA_URL,
    CobraSettings,
    TournamentRef,
    base_url,
    tournament_ref,
)

__all__ = [
    "DEFAULT_COBRA_URL",
    "CobraAccess",
    "CobraPlayer",
    "CobraSettings",
    "CobraTournament",
    "Included",
    "TournamentRef",
    "base_url",
    "fetch_tournament",
    "players_url",
    "tournament_ref",
    "tournament_url",
]
