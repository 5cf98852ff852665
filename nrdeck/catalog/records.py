"""The card data's records and the document that holds them.

What every reader of the card data sees (cards, printings, sets, cycles, factions, types,
formats and their snapshots, card pools, ban lists, where the data came from, the keys of
the data nrdeck does not understand) and what ``nrdeck.cards`` builds and stores
(``FactsDocument``, ``TitlesDocument``). Frozen ``msgspec`` structs: defining one costs a
fraction of a dataclass, which keeps start-up fast, and a document decodes straight into
them, strictly (a missing, unknown or mistyped field is an error), in one C pass. Imports
nothing but the standard library and msgspec.
"""

import datetime as dt

import msgspec

IDENTITY_TYPES = frozenset({"corp_identity", "runner_identity"})
Cost = int | str | None  # an int, "X", or None (no cost)


def is_printing_code(text: str) -> bool:
    """Five ASCII digits, leading zeros kept: '01092' (a printing's code, NetrunnerDB's id)."""
    return len(text) == 5 and text.isascii() and text.isdigit()


class Record(msgspec.Struct, frozen=True, forbid_unknown_fields=True, gc=False, omit_defaults=True):
    """A record of the card document.

    Strict (an unknown field is an error), and written without the fields that hold their
    default, so a card says only what sets it apart: the document stays small and quick to
    read, and reads back the same. Records hold only strings, numbers, dates and collections
    of those, so no reference cycle runs through them and the garbage collector skips them.
    """


class RunnerPoints(Record, frozen=True):
    """What an agenda is worth in the Runner's score area, where its text says it differs."""

    points: int
    temporary: bool = False  # only while it has hosted counters (Project Vacheron)


class DrawFacts(Record, frozen=True):
    """How an identity's text changes the cards its side draws."""

    starting_hand: int | None = None  # "You draw a starting hand of 9 cards"
    turn_draws: int = 0  # drawn when each turn begins, whatever happens
    turn_mills: int = 0  # top cards of the stack trashed when each turn begins
    click_draws: int = 0  # drawn by a [click] ability: a click-draw, not an extra draw
    other_draws: bool = False  # drawn only when something happens (a run, a flip, …)


class Card(Record, frozen=True):
    """An abstract card (all its printings share these facts).

    ``economy``, ``runner_points`` and ``draws`` are read from the card's text when the
    document is built (``nrdeck.cards.textfacts``); the text itself is never kept.
    """

    id: str
    title: str
    stripped_title: str
    side: str
    faction: str
    type: str
    subtypes: tuple[str, ...] = ()
    cost: Cost = None
    influence_cost: int | None = None
    deck_limit: int = 3
    agenda_points: int | None = None
    advancement_requirement: Cost = None
    minimum_deck_size: int | None = None
    influence_limit: int | None = None
    base_link: int | None = None
    is_unique: bool = False
    layout: str = "normal"
    face_titles: tuple[str, ...] = ()
    economy: bool = False  # its job is credits for its controller
    runner_points: RunnerPoints | None = None  # agendas worth otherwise once stolen
    draws: DrawFacts | None = None  # identities that change the draws

    @property
    def is_identity(self) -> bool:
        """True for Corp and Runner identities."""
        return self.type in IDENTITY_TYPES

    def has_subtype(self, subtype: str) -> bool:
        """True when the card carries the subtype id (e.g. 'current', 'alliance')."""
        return subtype in self.subtypes


class Printing(Record, frozen=True):
    """One card in one set, keyed by its 5-digit code (a string: leading zeros matter)."""

    code: str  # five digits (is_printing_code, checked with the other consistency checks)
    card_id: str
    set_id: str
    position: int
    quantity: int


class CardSet(Record, frozen=True):
    """A pack, deluxe, core set or booster."""

    id: str
    name: str
    cycle_id: str
    type: str | None
    date_release: dt.date | None
    legacy_code: str | None = None
    position: int | None = None
    size: int | None = None


class Cycle(Record, frozen=True):
    """A card cycle (a group of sets)."""

    id: str
    name: str
    legacy_code: str | None = None
    position: int | None = None


class Faction(Record, frozen=True):
    """A faction of one side."""

    id: str
    name: str
    side: str
    is_mini: bool = False


class Named(Record, frozen=True):
    """A card type or subtype: an id and a display name (types carry a side)."""

    id: str
    name: str
    side: str | None = None


class FormatSnapshot(msgspec.Struct, frozen=True):
    """A dated snapshot of a format: a card pool and optionally a restriction."""

    id: str
    format_id: str
    card_pool_id: str
    restriction_id: str | None
    date_start: dt.date
    active: bool = False


class Format(msgspec.Struct, frozen=True):
    """A format and its snapshots, in the data's order."""

    id: str
    name: str
    snapshots: tuple[FormatSnapshot, ...]

    @property
    def active_snapshot(self) -> FormatSnapshot | None:
        """The snapshot the data marks active."""
        return next((s for s in self.snapshots if s.active), None)


class CardPool(Record, frozen=True):
    """The sets (and cycles, and explicit cards) a format's snapshot allows."""

    id: str
    name: str
    format_id: str
    card_cycle_ids: tuple[str, ...] = ()
    card_set_ids: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()


class Restriction(Record, frozen=True):
    """A ban list / MWL with every mechanic the data has used."""

    id: str
    name: str
    format_id: str
    date_start: dt.date
    banned: frozenset[str] = frozenset()
    restricted: frozenset[str] = frozenset()
    universal_faction_cost: dict[str, int] = {}
    global_penalty: dict[str, int] = {}
    points: dict[str, int] = {}
    point_limit: int | None = None
    banned_subtypes: frozenset[str] = frozenset()
    # at most this many agenda copies worth 3 or more points (Startup, from the 2026 data)
    max_3_point_agendas: int | None = None


class DataInfo(msgspec.Struct, frozen=True):
    """Where card data came from: named in every report."""

    kind: str  # "bundled", "cache", "file"
    source: str  # "netrunner-cards-json", "NetrunnerDB v3 API", ...
    dataset_date: str | None = None
    fetched_at: str | None = None
    url: str | None = None
    path: str | None = None
    warnings: tuple[str, ...] = ()  # fallbacks taken while loading (printed to stderr)
    hermetic: bool = False  # chosen without the cache (--no-cache: the hook, the Action)

    @property
    def downloaded(self) -> bool:
        """True for a cache of a NetrunnerDB download (not a local import)."""
        return self.kind == "cache" and (self.url or "").startswith(("http://", "https://"))

    def known_as_of(self) -> dt.date | None:
        """The last day the data can know about: a download's fetch day, else its own date.

        A download from NetrunnerDB knows every list published up to the day it was fetched,
        however old its newest record; a built or imported dataset knows its own date.
        """
        text = self.fetched_at if self.downloaded and self.fetched_at else self.dataset_date
        try:
            return dt.date.fromisoformat((text or "")[:10])
        except ValueError:
            return None

    def describe(self) -> str:
        """A short phrase: 'bundled snapshot of 2025-09-17', 'NetrunnerDB, fetched …'."""
        if self.kind == "bundled":
            return f"bundled snapshot of {self.dataset_date or 'unknown date'}"
        if self.kind == "cache" and self.fetched_at and self.downloaded:
            return f"{self.source}, fetched {self.fetched_at[:10]} (cache)"
        if self.kind == "cache" and self.fetched_at:
            return (
                f"{self.source} of {self.dataset_date or 'unknown date'}, imported "
                f"{self.fetched_at[:10]} (cache)"
            )
        if self.kind == "file":
            return f"pinned file {self.path} ({self.source} of {self.dataset_date or '?'})"
        return f"{self.source} of {self.dataset_date or 'unknown date'} ({self.kind})"


class UnknownRule(Record, frozen=True):
    """A key of a restriction, snapshot or format that nrdeck does not understand.

    NetrunnerDB's data may carry deckbuilding rules nrdeck does not know (it began to in
    2026). They are never ignored silently: the document records each one, loading warns,
    and every check under that list, snapshot or format says it has a rule not applied.
    """

    kind: str  # "restriction", "snapshot" or "format"
    id: str
    key: str  # the key as the data has it; nested keys joined with '.' ("verdicts.x")

    def describe(self) -> str:
        """ "restriction startup_ban_list_26_09 has a key nrdeck does not understand: x"."""
        return f"{self.kind} {self.id} has a key nrdeck does not understand: {self.key}"


class LanguageTitles(Record, frozen=True):
    """One language's names: card titles, face titles, the type and subtype names that head
    a decklist's sections, and set names (which lists put after a title). Names only: never
    card text."""

    cards: dict[str, str] = {}  # card id -> title
    faces: dict[str, tuple[str, ...]] = {}  # card id -> its faces' titles (where they differ)
    types: dict[str, str] = {}  # type id -> name
    subtypes: dict[str, str] = {}  # subtype id -> name
    sets: dict[str, str] = {}  # set id -> name, as the data spells it


class Origin(msgspec.Struct, frozen=True):
    """Where a card document's facts came from."""

    source: str = "unknown"
    dataset_date: str | None = None
    url: str | None = None


class SnapshotEntry(Record, frozen=True):
    """A format snapshot as the document stores it (inside its format)."""

    id: str
    card_pool_id: str
    date_start: dt.date
    restriction_id: str | None = None
    active: bool = False


class FormatEntry(Record, frozen=True):
    """A format as the document stores it."""

    id: str
    name: str
    snapshots: tuple[SnapshotEntry, ...]

    def record(self) -> Format:
        """The Format record, each snapshot knowing its format."""
        snaps = tuple(
            FormatSnapshot(
                id=s.id,
                format_id=self.id,
                card_pool_id=s.card_pool_id,
                restriction_id=s.restriction_id,
                date_start=s.date_start,
                active=s.active,
            )
            for s in self.snapshots
        )
        return Format(id=self.id, name=self.name, snapshots=snaps)


class FactsDocument(msgspec.Struct, frozen=True, omit_defaults=True):
    """nrdeck's facts-only card document, decoded straight into records (typed, strict).

    Empty optional lists are left out when written (``omit_defaults``), so a document with
    nothing to record in them keeps the shape older nrdeck versions read; a document written
    before a field existed reads with its default (``text_facts`` 0: no facts from text).
    """

    format: str
    schema_version: int
    cards: list[Card]
    printings: list[Printing]
    sets: list[CardSet]
    cycles: list[Cycle]
    factions: list[Faction]
    formats: list[FormatEntry]
    card_pools: list[CardPool]
    restrictions: list[Restriction]
    types: list[Named] = []
    subtypes: list[Named] = []
    origin: Origin = Origin()
    unknown_rules: list[UnknownRule] = []
    text_facts: int = 0  # the rule's version when the cards carry the facts read from text


class TitlesDocument(msgspec.Struct, frozen=True, omit_defaults=True):
    """The titles document written beside a card document (``<name>.titles.json``).

    Kept apart from the card document so that reading English lists never decodes it: it is
    read on the first title the English titles do not know. ``index`` holds every title
    already normalised (-> (language, card id) pairs), made with version ``keys`` of
    nrdeck's title normalisation (``nrdeck.catalog.indexed_titles`` makes it); with another
    version, or none, the titles are indexed again when read.
    """

    format: str
    schema_version: int
    languages: dict[str, LanguageTitles]
    origin: Origin = Origin()
    index: dict[str, tuple[tuple[str, str], ...]] = {}
    keys: int = 0


__all__ = [
    "Card",
    "CardPool",
    "CardSet",
    "Cycle",
    "DataInfo",
    "DrawFacts",
    "Faction",
    "FactsDocument",
    "Format",
    "FormatEntry",
    "FormatSnapshot",
    "LanguageTitles",
    "Named",
    "Origin",
    "Printing",
    "Restriction",
    "RunnerPoints",
    "SnapshotEntry",
    "TitlesDocument",
    "UnknownRule",
    "is_printing_code",
]
