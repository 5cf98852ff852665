"""`nrdeck data …`: card data commands (wiring only: the logic is in nrdeck.app.data)."""

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Literal

import typer

from nrdeck.app.data import (
    build_snapshot,
    cache_folder,
    clear_cache,
    import_folder,
    status_run,
    update_cache,
)
from nrdeck.app.datachanges import build_with_report, compare_documents
from nrdeck.app.periods import PeriodsOptions, list_periods
from nrdeck.cli.console import live_widgets_allowed, make_console, print_info, print_warnings
from nrdeck.cli.errors import handles_errors
from nrdeck.cli.options import (
    ApiUrlOpt,
    CacheDirOpt,
    DataOpt,
    FormatOpt,
    OfflineOpt,
    QuietOpt,
    choices,
)
from nrdeck.cli.output import emit, refuse_onto_inputs
from nrdeck.cli.settings import data_settings, parse_as_of
from nrdeck.report.datachanges import changes_markdown
from nrdeck.report.periods import periods_json, periods_text
from nrdeck.report.status import status_text

DATA_HELP = "Card data: build, import, update, status, periods, path, clear."
data_app = typer.Typer(help=DATA_HELP)
ForceOpt = Annotated[
    bool,
    typer.Option(
        "--force",
        help="Save a dataset that has lost more than half of the cards, or a format, of the "
        "data in use (an inconsistent one is never saved).",
    ),
]


@contextmanager
def _progress(quiet: bool) -> Iterator[Callable[[str, int, int], None] | None]:
    """A Rich progress bar on stderr, only on a terminal (not -q, not under pre-commit)."""
    if not live_widgets_allowed(quiet):
        yield None
        return
    from rich.progress import Progress, TaskID

    with Progress(console=make_console(stderr=True), transient=True) as bar:
        tasks: dict[str, TaskID] = {}

        def advance(resource: str, done: int, total: int) -> None:
            if resource not in tasks:
                tasks[resource] = bar.add_task(resource, total=max(total, 1))
            bar.update(tasks[resource], completed=done, total=max(total, 1))

        yield advance


@data_app.command("update")
@handles_errors
def update(
    offline: OfflineOpt = False,
    cache_dir: CacheDirOpt = None,
    api_url: ApiUrlOpt = None,
    force: ForceOpt = False,
    quiet: QuietOpt = False,
) -> None:
    """Fetch card data from NetrunnerDB into the cache (a 304 downloads nothing)."""
    settings = data_settings(offline=offline, cache_dir=cache_dir, api_url=api_url)
    with _progress(quiet) as progress:
        outcome = update_cache(settings, http=settings.http, progress=progress, force=force)
    print_warnings(outcome.warnings)
    if not quiet:
        words = {
            "updated": "card data updated",
            "unchanged": "card data unchanged (NetrunnerDB answered 304 Not Modified)",
            "refreshed-elsewhere": "card data was just refreshed by another nrdeck",
        }
        print_info(f"{words[outcome.action]}{_repaired(outcome.repaired)}: {outcome.path}")


@data_app.command("import")
@handles_errors
def import_(
    folder: Annotated[
        Path, typer.Argument(metavar="DIR", help="A netrunner-cards-json folder.", file_okay=False)
    ],
    cache_dir: CacheDirOpt = None,
    force: ForceOpt = False,
) -> None:
    """Import a local netrunner-cards-json folder into the cache."""
    settings = data_settings(cache_dir=cache_dir)
    outcome = import_folder(settings, folder, force=force)
    print_warnings(outcome.warnings)
    print_info(f"card data imported from {folder}{_repaired(outcome.repaired)}: {outcome.path}")


@data_app.command("build")
@handles_errors
def build(
    source: Annotated[
        Path,
        typer.Option(
            "--from", metavar="DIR", help="A netrunner-cards-json folder.", file_okay=False
        ),
    ],
    out: Annotated[
        Path, typer.Option("--out", metavar="FILE", help="Where to write the snapshot.")
    ],
    date: Annotated[
        str | None,
        typer.Option("--date", metavar="DATE", help="Dataset date, if the folder does not say."),
    ] = None,
    report: Annotated[
        Path | None,
        typer.Option(
            "--report",
            metavar="FILE",
            help="Also write a Markdown report of what changed from the document --out held "
            "before ('-': standard output).",
        ),
    ] = None,
) -> None:
    """Build a deterministic facts-only card snapshot from a netrunner-cards-json folder."""
    if report is None:
        built = build_snapshot(source, out, date)
    else:
        refuse_onto_inputs(report, [out, source])
        built, changes = build_with_report(source, out, date)
        emit(changes_markdown(changes), report)
    print_warnings(built.warnings)
    print_info(
        f"wrote {out} ({built.size:,} bytes), the titles beside it, {built.titles} "
        f"({built.titles_size:,} bytes), and its catalogue for lookup, {built.catalog}: "
        "commit all three"
    )


@data_app.command("compare")
@handles_errors
def compare(
    before: Annotated[Path, typer.Argument(metavar="OLD", help="The older card document.")],
    after: Annotated[Path, typer.Argument(metavar="NEW", help="The newer card document.")],
) -> None:
    """Show in Markdown what changed between two card documents (from 'nrdeck data build')."""
    emit(changes_markdown(compare_documents(before, after)))


@data_app.command("status")
@handles_errors
def status(data: DataOpt = None, cache_dir: CacheDirOpt = None) -> None:
    """Show which card data is in use, its source, date, counts and what is in force today."""
    report = status_run(data_settings(data=data, cache_dir=cache_dir))
    emit(status_text(report))
    print_warnings(report.warnings)


PeriodsFormat = Literal["text", "json"]  # --output-format choices of `data periods`


@data_app.command("periods")
@handles_errors
def periods(
    format_id: FormatOpt = "standard",
    as_of: Annotated[
        str | None,
        typer.Option(
            "--as-of",
            metavar="DATE",
            help="Mark the period in force on this date (YYYY-MM-DD; default: today); every "
            "period is shown.",
        ),
    ] = None,
    output_format: Annotated[
        PeriodsFormat,
        typer.Option(
            "--output-format",
            metavar=choices(PeriodsFormat),
            help="Text or a JSON document (nrdeck/report/periods-v1.schema.json).",
        ),
    ] = "text",
    offline: OfflineOpt = False,
    data: DataOpt = None,
    cache_dir: CacheDirOpt = None,
) -> None:
    """Show what is in force, as data: each period of a format on nrdeck's corrected timeline
    (start, end, snapshot, card pool, ban list with Null Signal Games' name, Startup agenda cap,
    corrections, new sets and their competitive dates), marking the one in force on the date."""
    options = PeriodsOptions(
        data=data_settings(offline=offline, data=data, cache_dir=cache_dir),
        format_id=format_id,
        as_of=parse_as_of(as_of),
    )
    report = list_periods(options)
    print_warnings(report.data.warnings)
    print_warnings(report.warnings)
    if report.stale_data:
        print_warnings([report.stale_data])
    if output_format == "json":
        emit(periods_json(report), machine=True)
    else:
        emit(periods_text(report))


@data_app.command("path")
@handles_errors
def path(cache_dir: CacheDirOpt = None) -> None:
    """Print the cache folder."""
    emit(f"{cache_folder(data_settings(cache_dir=cache_dir))}\n")


@data_app.command("clear")
@handles_errors
def clear(cache_dir: CacheDirOpt = None) -> None:
    """Remove everything cached: card data and remote decks (the bundled snapshot stays)."""
    settings = data_settings(cache_dir=cache_dir)
    outcome = clear_cache(settings)
    where = cache_folder(settings)
    nouns = {"card data": "card data file", "cached decks": "cached deck", "other": "other file"}
    counts = [f"{n} {nouns[kind]}{'s' * (n != 1)}" for kind, n in outcome.removed.items() if n]
    said = f"removed {_and(counts)} from {where}" if counts else f"nothing cached in {where}"
    if outcome.kept:
        said += f"; kept {', '.join(outcome.kept)} (the empty lock file other nrdeck runs wait on)"
    print_info(said)


def _and(items: list[str]) -> str:
    return ", ".join(items[:-1]) + f" and {items[-1]}" if len(items) > 1 else items[0]


def _repaired(reason: str | None) -> str:
    return f", replacing a damaged cache ({reason})" if reason else ""


def register(app: typer.Typer, words: Sequence[str] = ()) -> None:
    """Add `data` to the app: only the subcommand ``words`` names, when it is a known one."""
    named = words[1] if len(words) > 1 else None
    info = next((c for c in data_app.registered_commands if c.name == named), None)
    if info is None:
        app.add_typer(data_app, name="data")
        return
    one = typer.Typer(help=DATA_HELP)
    one.registered_commands.append(info)
    app.add_typer(one, name="data")
