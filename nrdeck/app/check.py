"""Use case: check decks. Expand DECK arguments, load card data once, check every deck.

One unreadable, unreachable or hostile deck never stops the others: whatever happens while
one deck is read or checked becomes that deck's outcome. An unexpected exception is a bug:
it becomes that deck's ``internal-error`` problem (and the run's exit code 4), and every
other deck is still checked and reported. No Typer, no console here.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path

import msgspec
from msgspec.structs import replace

from nrdeck.app.inputs.cards import DataSettings, load_database
from nrdeck.app.inputs.decks import DeckSettings, LoadedDeck, obtain_deck
from nrdeck.app.inputs.folders import DECK_SUFFIXES, DEFAULT_EXCLUDE
from nrdeck.app.inputs.options import SelectionOptions
from nrdeck.app.inputs.remote import DEFAULT_JOBS, Fetched, prefetch
from nrdeck.app.inputs.selection import chosen
from nrdeck.app.inputs.sources import ReadableSource, RemoteSource, TextSource, expand
from nrdeck.catalog import CardDB, DamagedCatalog, catalogue_path
from nrdeck.catalog.records import DataInfo
from nrdeck.deck import relabelled
from nrdeck.decklist import INPUT_FORMATS
from nrdeck.decklist.deck_ref import DeckRef
from nrdeck.errors import (
    DeckNotFoundError,
    DeckPrivateError,
    NrdeckError,
    RemoteDeckError,
    UsageError,
    damaged_catalog,
)
from nrdeck.problems import INTERNAL_ERROR, Location, Problem
from nrdeck.results.check import CheckReport, DeckOutcome, Origin
from nrdeck.rules import InForce, Selection, check_deck, select

UNAVAILABLE_CODE = "deck-unavailable"
_MESSAGE_CHARS = 200
# Told each time nrdeck fails on a deck: the deck's name and the exception (for --debug).
BugHook = Callable[[str, BaseException], None]


class CheckOptions(msgspec.Struct, frozen=True):
    """What to check against (the selection), where card data comes from, how to read decks.

    ``exclude``: the globs a folder search skips (``--exclude`` / ``--extend-exclude``).
    """

    data: DataSettings
    selection: Selection | SelectionOptions
    input_format: str | None = None
    stdin_text: str | None = None
    stdin_bytes: bytes | None = None
    exclude: tuple[str, ...] = DEFAULT_EXCLUDE
    jobs: int = DEFAULT_JOBS  # remote decks fetched at once

    def deck_settings(self) -> DeckSettings:
        """The decklist loader's settings."""
        return DeckSettings.from_data(
            self.data,
            input_format=self.input_format,
            stdin_text=self.stdin_text,
            stdin_bytes=self.stdin_bytes,
        )


class CheckRun(msgspec.Struct, frozen=True):
    """The report of one run, the warnings met loading card data, and what was skipped.

    ``notes``: files a folder search found that hold no card line, or that are no file to
    read (a dangling link, a FIFO…): skipped, with why; ``failures``: the traceback of each
    deck nrdeck failed on (shown with --debug).
    """

    report: CheckReport
    warnings: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    failures: tuple[str, ...] = ()

    def require_decks(self, specs: Sequence[str]) -> None:
        """A usage error when the paths held no deck at all (see ``require_decks``)."""
        require_decks(specs, len(self.report.outcomes), len(self.notes))


class Skipped(msgspec.Struct, frozen=True):
    """A file a folder search found that is no decklist: left out of the report."""

    note: str  # 'skipped decks/notes.txt: no line reads as a card line'


class Warned(msgspec.Struct, frozen=True):
    """A warning met while checking: about the card data (the titles in other languages, read
    on first use, came from elsewhere) or fetching (a damaged cached copy of a remote deck,
    fetched again): told before the deck that met it."""

    warning: str


class CheckStream:
    """A check run deck by deck: what it is checked against, known before the first deck,
    then each deck's outcome as it is checked (``decks``), so that a run of any size is
    reported without holding its outcomes. ``check_decks`` holds them for a ``CheckReport``.
    """

    def __init__(
        self, specs: Sequence[str], options: CheckOptions, db: CardDB | None = None
    ) -> None:
        validate_input_format(options.input_format)
        self.specs = tuple(specs)
        self._expansion = expand(specs, exclude=options.data.data_file, patterns=options.exclude)
        self._db = db if db is not None else load_database(options.data)
        self._in_force = select(self._db, chosen(options.selection))
        self._settings = options.deck_settings()
        self._jobs = options.jobs
        self._failures = Failures()
        self.period = self._in_force.period
        self.warnings = self._db.info.warnings  # met loading card data (later ones: Warned)
        self.skipped = self._expansion.skipped  # notes: files a folder search left unopened

    def decks(self) -> Iterator[DeckOutcome | Skipped | Warned]:
        """Each deck's outcome in the order given, where a file a folder search found is no
        decklist why it is left out, and each warning about the card data as it is met (remote
        decks are fetched first, all at once)."""
        sources, from_folders = self._expansion.sources, self._expansion.from_folders
        db, in_force, settings = self._db, self._in_force, self._settings
        told = [len(self.warnings), len(settings.warnings)]
        fetched = prefetch(sources, db, settings, jobs=self._jobs)
        for source in sources:
            outcome, loaded = read_and_check(
                source, db, in_force, settings, self._failures.keep, fetched
            )
            yield from self._met(told)
            reason = not_a_deck(outcome, loaded) if source.label in from_folders else None
            if reason is None:
                yield outcome
            else:
                yield Skipped(f"skipped {source.label}: {reason}")

    def _met(self, told: list[int]) -> Iterator[Warned]:
        """The warnings met since ``told`` (how many of the data's and the fetches' were told),
        which it then counts: both kinds grow only at their end."""
        data, fetches = self._db.info.warnings[told[0] :], self._settings.warnings.since(told[1])
        told[0], told[1] = told[0] + len(data), told[1] + len(fetches)
        return (Warned(w) for w in (*fetches, *data))

    @property
    def data(self) -> DataInfo:
        """Where the card data came from."""
        return self._db.info

    @property
    def failures(self) -> tuple[str, ...]:
        """The traceback of each deck nrdeck failed on so far (shown with --debug)."""
        return self._failures.tracebacks


def check_decks(specs: Sequence[str], options: CheckOptions, db: CardDB | None = None) -> CheckRun:
    """Check every deck the arguments name, against what is in force.

    ``db``: card data already loaded (the Python API); by default it is loaded as
    ``options.data`` says.
    """
    stream = CheckStream(specs, options, db)
    outcomes: list[DeckOutcome] = []
    warnings: list[str] = list(stream.warnings)
    notes: list[str] = list(stream.skipped)
    for item in stream.decks():
        if isinstance(item, Skipped):
            notes.append(item.note)
        elif isinstance(item, Warned):
            warnings.append(item.warning)
        else:
            outcomes.append(item)
    report = CheckReport(outcomes=tuple(outcomes), data=stream.data, period=stream.period)
    return CheckRun(report, tuple(warnings), tuple(notes), stream.failures)


def require_decks(specs: Sequence[str], decks: int, skipped: int) -> None:
    """A usage error when the paths held no deck at all (every file found was skipped, ``skipped``
    of them): a misconfigured workflow must not pass green on "0 decks"."""
    if decks:
        return
    named = " ".join(specs)
    files = f"{skipped} file{'s' if skipped != 1 else ''}"
    why = f": the {files} found skipped (the notes above say why)" if skipped else ""
    raise UsageError(
        f"no decklist in {named}{why}",
        hint="check the paths, or --exclude; deck files end in " + ", ".join(sorted(DECK_SUFFIXES)),
    )


class Failures:
    """The tracebacks of the decks nrdeck failed on in one run (shown with --debug)."""

    def __init__(self) -> None:
        self._found: list[str] = []

    def keep(self, source: str, exc: BaseException) -> None:
        """A ``BugHook``: keep the deck's name and the exception's traceback."""
        self._found.append(f"{source}:\n" + "".join(traceback.format_exception(exc)))

    @property
    def tracebacks(self) -> tuple[str, ...]:
        """Every traceback kept, in the order met."""
        return tuple(self._found)


def prepare(data: DataSettings, selection: Selection | SelectionOptions) -> tuple[CardDB, InForce]:
    """Load card data once and select what is in force once."""
    db = load_database(data)
    return db, select(db, chosen(selection))


def check_source(
    source: ReadableSource,
    db: CardDB,
    in_force: InForce,
    settings: DeckSettings,
    *,
    on_bug: BugHook | None = None,
) -> DeckOutcome:
    """Read and check one deck; never raises for anything the deck holds (see
    ``read_and_check``)."""
    return read_and_check(source, db, in_force, settings, on_bug)[0]


def read_and_check(
    source: ReadableSource,
    db: CardDB,
    in_force: InForce,
    settings: DeckSettings,
    on_bug: BugHook | None,
    fetched: Mapping[DeckRef, Fetched] | None = None,
) -> tuple[DeckOutcome, LoadedDeck | None]:
    """Read one deck (a remote one from ``fetched`` when there) and check it: the one guarded
    path from a source to its outcome, for every command that checks decks.

    Whatever goes wrong is this deck's outcome, never the run's: a remote deck that cannot
    be had is unavailable (or the player's to fix: private, unknown), input that cannot be
    read is a ``parse-error``, and an unexpected exception anywhere (a reader, the rules) is
    a bug: ``internal-error``, told to ``on_bug``. Returns the deck as read (None if not).
    """
    label = source.label
    try:
        loaded = _prefetched(fetched, source) or obtain_deck(source, db, settings)
        if not loaded.read:  # why is the deck's one problem: no rule has a card to check
            outcome = DeckOutcome(source=label, problems=loaded.deck.problems, origin=source.origin)
            return outcome, loaded
        result = check_deck(loaded.deck, db, in_force)
    except DamagedCatalog as exc:  # the card data's, not this deck's: the run stops (exit 3)
        where = catalogue_path(Path(db.info.path)) if db.info.path else None
        raise damaged_catalog(exc, where) from exc
    except RemoteDeckError as err:
        return remote_failure(label, err), None
    except NrdeckError as err:  # e.g. the file went away after the arguments were expanded
        problem = Problem("parse-error", err.one_line(), location=Location(label))
        return DeckOutcome(source=label, problems=(problem,), origin=source.origin), None
    except Exception as exc:  # the one place a bug on one deck is kept to that deck
        if on_bug is not None:
            on_bug(label, exc)
        return failed(label, exc, source.origin), None
    outcome = DeckOutcome(source=label, result=result, cached=loaded.cached, origin=source.origin)
    return outcome, loaded


def _prefetched(
    fetched: Mapping[DeckRef, Fetched] | None, source: ReadableSource
) -> LoadedDeck | None:
    """The deck prefetched for a remote source (raising why it could not be had), or None."""
    if not isinstance(source, RemoteSource):
        return None
    found = (fetched or {}).get(source.ref)
    if isinstance(found, RemoteDeckError):
        raise found
    if found is not None and found.deck.source != source.label:  # the same deck named otherwise
        found = replace(found, deck=relabelled(found.deck, source.label))
    return found


def check_text(
    text: str,
    name: str,
    db: CardDB,
    in_force: InForce,
    input_format: str | None = None,
    on_bug: BugHook | None = None,
) -> DeckOutcome:
    """Check decklist text known by ``name``; never raises for anything the text holds."""
    settings = DeckSettings(input_format=input_format)
    return read_and_check(TextSource(text, name), db, in_force, settings, on_bug)[0]


def remote_failure(source: str, err: RemoteDeckError) -> DeckOutcome:
    """A private or unknown deck is the player's to fix (illegal); anything else unavailable."""
    code = {DeckPrivateError: "deck-private", DeckNotFoundError: "deck-not-found"}.get(type(err))
    if code is None:
        return unavailable(source, err.one_line())
    problem = Problem(code, err.one_line(), location=Location(source))
    return DeckOutcome(source=source, problems=(problem,), origin="remote")


def unavailable(source: str, message: str) -> DeckOutcome:
    """The outcome of a deck that could not be obtained (exit 3 unless another is illegal)."""
    problem = Problem(UNAVAILABLE_CODE, message, location=Location(source))
    return DeckOutcome(source=source, problems=(problem,), unavailable=True, origin="remote")


def failed(label: str, exc: BaseException, origin: Origin = "file") -> DeckOutcome:
    """The outcome of a deck nrdeck failed on: one line asking for a report."""
    what = f"{type(exc).__name__}: {exc}"
    if len(what) > _MESSAGE_CHARS:
        what = what[:_MESSAGE_CHARS] + "…"
    message = (
        f"nrdeck failed on this deck ({what}). This is a bug: please report it with the "
        "command you ran (re-run with --debug for the traceback)."
    )
    problem = Problem(INTERNAL_ERROR, message, location=Location(label))
    return DeckOutcome(source=label, problems=(problem,), origin=origin)


def not_a_deck(outcome: DeckOutcome, loaded: LoadedDeck | None) -> str | None:
    """Why a file a folder search found is no decklist (empty, past the size limit, or text
    with no card line in it), else None.

    A file that could not be read (binary, in no encoding nrdeck reads, not readable) may be
    a decklist saved wrongly: it is reported, that deck's problem, never skipped.
    """
    if loaded is None or loaded.reads_as_deck or loaded.unreadable:
        return None  # a deck, or one nrdeck could not read or failed on: reported
    whole_file = next((p.message for p in loaded.deck.problems if p.line is None), None)
    return whole_file or "no line reads as a card line"


def validate_input_format(input_format: str | None) -> None:
    """A usage error for an input format no parser reads."""
    if input_format is not None and input_format not in INPUT_FORMATS:
        raise UsageError(
            f"unknown input format {input_format!r}",
            hint="valid: " + ", ".join(INPUT_FORMATS),
        )
