"""The Python API: check decks from a bot, a site tracking the meta or a notebook.

``from nrdeck import check_text, check_paths, load_cards, in_force``. The results are the typed
values the reporters render (``nrdeck.results.check``): a ``DeckOutcome`` per deck (``.status``,
``.result`` with ``.legal``, ``.stats`` and ``.problems``, ``.all_problems``) and a
``CheckReport`` for a run (``.outcomes``, ``.exit_code``). Card data is loaded as the CLI does
(a pinned file, else the newest of the cache and the bundled snapshot) and can be loaded once
with ``load_cards`` and passed to every call. Nothing is printed; expected failures raise
``nrdeck.errors.NrdeckError`` subclasses (``UsageError`` for an unknown format or a missing
file, ``DataUnavailableError`` for card data that cannot be read). ``in_force`` answers what
is in force in a format on a date (a ``FormatPeriod``), on nrdeck's corrected timeline rather
than by the ``active`` flag of the data, which lags behind; ``periods`` gives every period of a
format, each with what it changed from the one before (``.changes``: ``Change`` values).
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterable
from pathlib import Path

from nrdeck.app.check import CheckOptions, check_decks, validate_input_format
from nrdeck.app.check import check_text as check_deck_text
from nrdeck.app.inputs.cards import DataSettings, default_cache_dir, load_database
from nrdeck.app.inputs.folders import DEFAULT_EXCLUDE
from nrdeck.app.inputs.selection import make_selection
from nrdeck.app.periods import PeriodsOptions, list_periods, period_in_force
from nrdeck.catalog import CardDB
from nrdeck.errors import UsageError
from nrdeck.results.check import CheckReport, DeckOutcome
from nrdeck.results.periods import FormatPeriod
from nrdeck.rules import Selection, select

__all__ = [
    "check_paths",
    "check_text",
    "in_force",
    "load_cards",
    "periods",
]


def load_cards(
    data: str | Path | None = None, *, cache_dir: str | Path | None = None, cache: bool = True
) -> CardDB:
    """The card database: ``data`` (a file from ``nrdeck data build``), else the newest of the
    cache and the bundled snapshot (only the bundled snapshot with ``cache=False``)."""
    return load_database(_data_settings(data, cache_dir, cache))


def check_text(
    text: str,
    *,
    name: str = "(decklist text)",
    format: str = "standard",
    as_of: dt.date | str | None = None,
    snapshot: str | None = None,
    banlist: str | None = None,
    tier: str = "casual",
    input_format: str | None = None,
    cards: CardDB | None = None,
) -> DeckOutcome:
    """Check one decklist given as text (any format nrdeck reads), against what is in force.

    ``name`` is how the deck is called in its problems. A deck that cannot be read gives an
    outcome with ``parse-error`` problems; nothing in the text makes this raise.
    """
    if not isinstance(text, str):
        raise TypeError(
            f"check_text takes the decklist as str, not {type(text).__name__} "
            "(decode bytes first, or give the file to check_paths)"
        )
    validate_input_format(input_format)
    db = cards if cards is not None else load_cards()
    in_force = select(db, _selection(format, as_of, snapshot, banlist, tier))
    return check_deck_text(text, name, db, in_force, input_format)


def check_paths(
    paths: str | Path | Iterable[str | Path],
    *,
    format: str = "standard",
    as_of: dt.date | str | None = None,
    snapshot: str | None = None,
    banlist: str | None = None,
    tier: str = "casual",
    input_format: str | None = None,
    exclude: Iterable[str] | None = None,
    offline: bool = False,
    cards: CardDB | None = None,
) -> CheckReport:
    """Check deck files, folders (searched recursively), globs, NetrunnerDB links or UUIDs
    (one, or several in an iterable).

    As ``nrdeck check`` does: one outcome per deck in order, files a folder search finds with
    no card line left out (when that leaves none, ``exit_code`` is 2: no deck at all),
    ``exclude`` replacing the folder-search globs. ``offline`` serves
    remote decks from the cache only.
    """
    settings = _data_settings(None, None, True, offline=offline)
    options = CheckOptions(
        data=settings,
        selection=_selection(format, as_of, snapshot, banlist, tier),
        input_format=input_format,
        exclude=tuple(exclude) if exclude is not None else DEFAULT_EXCLUDE,
    )
    specs = [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)
    return check_decks([str(p) for p in specs], options, db=cards).report


def in_force(
    format: str = "standard", date: dt.date | str | None = None, *, cards: CardDB | None = None
) -> FormatPeriod:
    """The period in force in the format on ``date`` (default: today), as ``nrdeck data
    periods`` shows it: start, end, snapshot, card pool, ban list (with Null Signal Games'
    name where it differs), Startup agenda cap, corrections, the sets released in it with
    their casual and competitive dates; ``stale_data`` says when the card data is too old to
    know the date. A usage error before the format's first period, or for ``casual``.
    """
    db = cards if cards is not None else load_cards()
    return period_in_force(db, format, _day(date) or dt.date.today())


def periods(format: str = "standard", *, cards: CardDB | None = None) -> tuple[FormatPeriod, ...]:
    """Every period of the format on nrdeck's corrected timeline, oldest first, each as
    ``in_force`` gives it and with ``.changes``: what it changed from the period before
    (cards banned, unbanned, restricted or unrestricted, Eternal points and influence
    penalties, sets in and out of the pool, Startup's agenda cap). A usage error for
    ``casual``."""
    db = cards if cards is not None else load_cards()
    options = PeriodsOptions(data=DataSettings(), format_id=format, today=dt.date.today())
    return list_periods(options, db).periods


def _selection(
    format_id: str,
    as_of: dt.date | str | None,
    snapshot: str | None,
    banlist: str | None,
    tier: str,
) -> Selection:
    return make_selection(
        format_id=format_id, as_of=_day(as_of), snapshot_id=snapshot, banlist_id=banlist, tier=tier
    )


def _day(value: dt.date | str | None) -> dt.date | None:
    """A date given as a date, a datetime (its day) or an ISO text ('2026-05-01')."""
    if value is None:
        return None
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value.strip())
        except ValueError:
            raise UsageError(f"{value!r} is not a date (use YYYY-MM-DD)") from None
    raise TypeError(f"a date must be a datetime.date or a 'YYYY-MM-DD' text, not {value!r}")


def _data_settings(
    data: str | Path | None, cache_dir: str | Path | None, cache: bool, *, offline: bool = False
) -> DataSettings:
    return DataSettings(
        offline=offline,
        no_cache=not cache,
        data_file=Path(data) if data is not None else None,
        cache_dir=Path(cache_dir) if cache_dir is not None else default_cache_dir(),
    )
