"""What comparing two decks returns: identities and the cards added or removed."""

from __future__ import annotations

import msgspec


class CardDelta(msgspec.Struct, frozen=True):
    """Copies of one card more (added) or fewer (removed) in the second deck."""

    card: str
    title: str
    copies: int


class IdentityRef(msgspec.Struct, frozen=True):
    """A deck's identity: card id and title."""

    id: str
    title: str


class DeckDiff(msgspec.Struct, frozen=True):
    """Deck B against deck A, ignoring order and printings."""

    a: str  # where A came from
    b: str
    identity_a: IdentityRef | None
    identity_b: IdentityRef | None
    added: tuple[CardDelta, ...] = ()  # in B, not in A
    removed: tuple[CardDelta, ...] = ()  # in A, not in B
    # "a", "b": the decks that name no identity at all (Cobra's "copy to clipboard" lists)
    unnamed: tuple[str, ...] = ()

    @property
    def identities_compared(self) -> bool:
        """False when a deck names no identity: only the cards are compared."""
        return not self.unnamed

    @property
    def same_identity(self) -> bool:
        """True when both decks have the same identity, or a deck names none."""
        if self.unnamed:
            return True
        ids = (
            self.identity_a.id if self.identity_a else None,
            self.identity_b.id if self.identity_b else None,
        )
        return ids[0] == ids[1]

    @property
    def same(self) -> bool:
        """True when the identity and every card's copies match."""
        return self.same_identity and not self.added and not self.removed

    def summary(self, limit: int = 4) -> str:
        """'identity A → B; +2 Hedge Fund, −1 Sure Gamble, …' (or 'same list', 'same cards')."""
        if self.same:
            return f"same cards ({self.unnamed_note()})" if self.unnamed else "same list"
        parts = []
        if not self.same_identity:
            parts.append(f"identity {_title(self.identity_a)} → {_title(self.identity_b)}")
        changes = [f"+{d.copies} {d.title}" for d in self.added]
        changes += [f"−{d.copies} {d.title}" for d in self.removed]
        if changes:
            more = f", … ({len(changes) - limit} more)" if len(changes) > limit else ""
            parts.append(", ".join(changes[:limit]) + more)
        if self.unnamed:
            parts.append(self.unnamed_note())
        return "; ".join(parts)

    def unnamed_note(self) -> str:
        """'B names no identity: identities not compared' (empty when both name one)."""
        if not self.unnamed:
            return ""
        which = {"a": self.a, "b": self.b}
        names = " and ".join(which[side] for side in self.unnamed)
        verb = "name" if len(self.unnamed) > 1 else "names"
        return f"{names} {verb} no identity: identities not compared"


def _title(identity: IdentityRef | None) -> str:
    return identity.title if identity else "none"
