"""The deck as the solvers see it: atoms of cards sharing one group-membership signature."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from nrdeck.results.simulation import QueryOdds
from nrdeck.sim.ask import Group, Query


class Atoms(msgspec.Struct, frozen=True):
    """The deck split into atoms: cards with the same weight in every group.

    ``sizes[a]`` copies of atom ``a``, each weighing ``weights[a][g]`` in group ``g``;
    the remaining ``rest`` cards belong to no group.
    """

    deck_size: int
    sizes: tuple[int, ...]
    weights: tuple[tuple[int, ...], ...]
    groups: int = 0

    @property
    def rest(self) -> int:
        """Cards in no group."""
        return self.deck_size - sum(self.sizes)

    def group_values(self, counts: Sequence[int]) -> list[int]:
        """Each group's value for a count of cards seen per atom."""
        values = [0] * self.groups
        for a, c in enumerate(counts):
            if c:
                for g, w in enumerate(self.weights[a]):
                    if w:
                        values[g] += w * c
        return values


def build_atoms(
    deck_counts: Mapping[str, int], groups: Sequence[Group], deck_size: int | None = None
) -> Atoms:
    """Partition a deck (card id -> copies) by group signature.

    ``deck_size`` (default: the copies counted) may differ from the copies counted when
    cards in no group were added or taken out (a padded deck, a swept title).
    """
    by_sig: dict[tuple[int, ...], int] = {}
    for card_id, copies in deck_counts.items():
        sig = tuple(g.weight(card_id) for g in groups)
        if any(sig) and copies > 0:
            by_sig[sig] = by_sig.get(sig, 0) + copies
    sigs = sorted(by_sig)
    size = sum(deck_counts.values()) if deck_size is None else deck_size
    return Atoms(
        deck_size=size,
        sizes=tuple(by_sig[s] for s in sigs),
        weights=tuple(sigs),
        groups=len(groups),
    )


class OddsProblem(msgspec.Struct, frozen=True):
    """What a solver computes: queries over atoms, a mulligan rule, and cards seen per turn.

    ``leaf_groups[q][i]`` is the group index of query ``q``'s i-th leaf. The mulligan is
    taken when ``mulligan`` holds on the first hand (``mulligan_if=True``) or when it
    does not hold (a keep rule, ``mulligan_if=False``).
    """

    atoms: Atoms
    queries: tuple[Query, ...]
    leaf_groups: tuple[tuple[int, ...], ...]
    seen: tuple[int, ...]
    mulligan: Query | None = None
    mulligan_groups: tuple[int, ...] = ()
    mulligan_if: bool = True


class Odds(msgspec.Struct, frozen=True):
    """A solver's answer for every query, and how often the mulligan is taken."""

    queries: tuple[QueryOdds, ...]
    mulligan_rate: Any  # a float, or a Fraction from an exact run
    method: str
    samples: int | None = None
    seed: int | None = None
    states: int | None = None
