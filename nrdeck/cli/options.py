"""The options commands share, declared once (Typer ``Annotated`` aliases), and completion."""

import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, Literal, get_args

import typer

from nrdeck.app.inputs.cards import DataSettings
from nrdeck.cli.console import ColorMode
from nrdeck.cli.settings import data_settings
from nrdeck.decklist.reading import MAX_BYTES
from nrdeck.errors import UsageError


def given(ctx: typer.Context, name: str) -> bool:
    """True when the option was on the command line or in the environment (not its default)."""
    source = ctx.get_parameter_source(name)
    return source is not None and source.name not in ("DEFAULT", "DEFAULT_MAP")


def choices(options: Any) -> str:
    """The metavar of a choice option (a ``Literal`` type), in click's style: '[text|json]'."""
    return "[" + "|".join(get_args(options)) + "]"


def local_file(
    what: str, *, folder_ok: bool = False, hint: str = "download it (curl -fLO URL)"
) -> Callable[[str], Path]:
    """The parser of an option naming a local file (``what``: 'format files'), which refuses
    a URL as the user wrote it (a ``Path`` would fold its '//' into '/') and, unless
    ``folder_ok``, a folder."""

    def parse(text: str) -> Path:
        if isinstance(text, Path):  # a default, already a path
            return text
        if re.match(r"(?i)[a-z][a-z0-9+.-]*://", text):
            raise typer.BadParameter(
                f"{text}: nrdeck reads {what} from disk, not from the network; {hint} and "
                "give its path"
            )
        path = Path(text)
        if not folder_ok and path.is_dir():
            raise typer.BadParameter(f"{text} is a folder, not a file")
        return path

    return parse


# --- shell completion -------------------------------------------------------------------
# Completion runs only when the shell asks: its module (rules, decklist formats, card data)
# is imported then, not at every start.


def _complete_formats(incomplete: str) -> list[str]:
    from nrdeck.app import choices

    return choices.format_names(incomplete)


def _complete_input_formats(incomplete: str) -> list[str]:
    from nrdeck.app import choices

    return choices.input_format_names(incomplete)


def _complete_snapshots(ctx: typer.Context, incomplete: str) -> list[str]:
    from nrdeck.app import choices

    fmt = ctx.params.get("format_id")
    return choices.snapshot_names(_completion_data(ctx), fmt, incomplete)


def _complete_banlists(ctx: typer.Context, incomplete: str) -> list[str]:
    from nrdeck.app import choices

    fmt = ctx.params.get("format_id")
    return choices.banlist_names(_completion_data(ctx), fmt, incomplete)


def _completion_data(ctx: typer.Context) -> DataSettings:
    """The card data the command line names so far (--data, --cache-dir; maybe unconverted)."""
    data, cache_dir = ctx.params.get("data"), ctx.params.get("cache_dir")
    return data_settings(
        data=Path(data) if data else None, cache_dir=Path(cache_dir) if cache_dir else None
    )


Tier = Literal["casual", "competitive"]  # --tier choices (docs/reference/legality.md §4)


# --- common options -------------------------------------------------------------------
InputFormatOpt = Annotated[
    str | None,
    typer.Option(
        "--input-format",
        metavar="NAME",
        help="Decklist format: auto (detected per file, the default), text, nrdb-text, "
        "markdown, bbcode, jinteki, o8d or json.",
        autocompletion=_complete_input_formats,
    ),
]
OfflineOpt = Annotated[
    bool, typer.Option("--offline", help="Never touch the network: cache or bundled data only.")
]
DataOpt = Annotated[
    Path | None,
    typer.Option(
        "--data",
        metavar="FILE",
        help="Use a pinned card data file (from 'nrdeck data build').",
        envvar="NRDECK_DATA",
        parser=local_file("card data files"),
    ),
]
CacheDirOpt = Annotated[
    Path | None,
    typer.Option(
        "--cache-dir",
        metavar="DIR",
        help="Cache folder.",
        envvar="NRDECK_CACHE_DIR",
        file_okay=False,
    ),
]
NoCacheOpt = Annotated[
    bool,
    typer.Option(
        "--no-cache",
        help="Hermetic: card data from --data or the bundled snapshot only, never the cache "
        "(always so under pre-commit).",
    ),
]
ApiUrlOpt = Annotated[
    str | None,
    typer.Option(
        "--api-url", metavar="URL", help="NetrunnerDB v3 API base URL.", envvar="NRDECK_API_URL"
    ),
]
FormatOpt = Annotated[
    str,
    typer.Option(
        "--format",
        metavar="FORMAT",
        help="Format id: standard, startup, eternal, system_gateway, snapshot, ram, casual, "
        "or a community format: astro, throwback, core (case and dashes do not matter).",
        autocompletion=_complete_formats,
    ),
]
AsOfOpt = Annotated[
    str | None,
    typer.Option(
        "--as-of", metavar="DATE", help="Check as of this date (YYYY-MM-DD; default: today)."
    ),
]
SnapshotOpt = Annotated[
    str | None,
    typer.Option(
        "--snapshot",
        metavar="ID",
        help="Use this format snapshot: its id, or the number of the ban list it brought in.",
        autocompletion=_complete_snapshots,
    ),
]
BanlistOpt = Annotated[
    str | None,
    typer.Option(
        "--banlist",
        metavar="NAME",
        help="Use this ban list: its id, its number (25.10, sbl-25.10, sbu-26.08), the name "
        "Null Signal Games publishes (26.04), latest or active.",
        autocompletion=_complete_banlists,
    ),
]
TierOpt = Annotated[
    Tier,
    typer.Option(
        "--tier",
        metavar=choices(Tier),
        help="casual: new sets legal on release; competitive: from the second Friday after.",
    ),
]
FormatFileOpt = Annotated[
    Path | None,
    typer.Option(
        "--format-file",
        metavar="FILE",
        parser=local_file("format files"),
        help="A format file (TOML): a house format, or a community format's own.",
    ),
]
LangOpt = Annotated[
    str | None,
    typer.Option(
        "--lang",
        metavar="LANG",
        help="Print card titles on sheets in this language where the card data has them "
        "(de, fr, ja, zh-hans, …), the English title beside each.",
    ),
]
DebugOpt = Annotated[bool, typer.Option("--debug", help="Show tracebacks for internal errors.")]
QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help="Print less.")]
JobsOpt = Annotated[
    int,
    typer.Option("--jobs", metavar="N", min=1, max=32, help="NetrunnerDB fetches at a time."),
]
ColorOpt = Annotated[
    ColorMode,
    typer.Option("--color", metavar=choices(ColorMode), help="Colour."),
]
OutputOpt = Annotated[
    Path | None,
    typer.Option(
        "--output",
        "-o",
        metavar="FILE",
        parser=local_file("reports", folder_ok=True),  # a folder: refused when written
        help="Write to FILE instead of standard output ('-': standard output): atomically, "
        "keeping its mode; never onto an input.",
    ),
]
ExcludeOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--exclude",
        metavar="GLOB",
        help="Skip what this glob matches when searching folders, instead of the defaults "
        "('.*', 'README*'); repeatable.",
        show_default=False,
    ),
]
ExtendExcludeOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--extend-exclude",
        metavar="GLOB",
        help="Skip what this glob matches too when searching folders; repeatable.",
        show_default=False,
    ),
]


def read_stdin(required: bool) -> bytes:
    """Standard input's bytes, at most one past the decklist size limit (never endless).

    ``required``: no DECK was named, so a terminal or an empty pipe is a usage error.
    """
    stream = sys.stdin
    if required and (stream is None or stream.isatty()):
        raise UsageError(
            "no decks given", hint="name deck files, folders or links, or pipe a decklist in"
        )
    if stream is None:
        return b""
    buffer = getattr(stream, "buffer", None)
    if buffer is not None:
        data: bytes = buffer.read(MAX_BYTES + 1)
    else:
        data = stream.read(MAX_BYTES + 1).encode("utf-8", "surrogateescape")
    if required and not data.strip():
        raise UsageError("no decks given and nothing on standard input")
    return data
