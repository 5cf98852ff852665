"""The `diff` command: are two decks the same list? (order and printings ignored)"""

from collections.abc import Sequence
from typing import Annotated, Literal

import typer

from nrdeck.app.diff import diff_specs
from nrdeck.app.inputs.cards import load_database
from nrdeck.app.inputs.decks import DeckSettings
from nrdeck.app.inputs.sources import FileSource, deck_source
from nrdeck.atomic import refuse_inputs
from nrdeck.cli.console import print_warnings
from nrdeck.cli.errors import handles_errors
from nrdeck.cli.options import CacheDirOpt, DataOpt, OfflineOpt, OutputOpt, choices
from nrdeck.cli.settings import data_settings
from nrdeck.cli.streams import emit_output, is_stdout, read_stdin
from nrdeck.report.diff import render_diff_json, render_diff_text
from nrdeck.report.safe import one_line

DIFF_HELP = (
    "Compare two decks from any sources nrdeck reads (files, NetrunnerDB links, '-', or "
    "ROSTER#PLAYER[:corp|:runner] for one registration of a roster such as Cobra's export), "
    "ignoring order and printings. Exit 0 when identical, 1 when not."
)


DiffOutput = Literal["text", "json"]  # --output-format choices for `nrdeck diff`


def register(app: typer.Typer, words: Sequence[str] = ()) -> None:
    """Add this module's commands to the app."""
    app.command("diff", help=DIFF_HELP)(diff)


@handles_errors
def diff(
    a: Annotated[str, typer.Argument(metavar="DECK_A", help="The first deck (the reference).")],
    b: Annotated[
        str, typer.Argument(metavar="DECK_B", help="The second deck (compared with the first).")
    ],
    output_format: Annotated[
        DiffOutput,
        typer.Option("--output-format", metavar=choices(DiffOutput), help="text or json."),
    ] = "text",
    output: OutputOpt = None,
    offline: OfflineOpt = False,
    data: DataOpt = None,
    cache_dir: CacheDirOpt = None,
) -> None:
    """Compare two decks."""
    if output is not None and not is_stdout(output):
        refuse_inputs(output, [s for s in (a, b, data) if s is not None and s != "-"])
    data_opts = data_settings(offline=offline, data=data, cache_dir=cache_dir)
    db = load_database(data_opts)
    stdin = read_stdin(required=False) if "-" in (a, b) else None
    deck_settings = DeckSettings.from_data(data_opts, stdin_bytes=stdin)
    result, first, second = diff_specs(a, b, db, deck_settings)
    print_warnings(
        one_line(f"{p.location.source or name}: {p.code}: {p.message}")
        for name, deck in ((a, first), (b, second))
        for p in deck.problems
    )
    rendered = render_diff_json(result) if output_format == "json" else render_diff_text(result)
    inputs = [s for s in (a, b, data) if s is not None and _is_file(str(s))]
    emit_output(rendered, output, machine=output_format == "json", inputs=inputs)
    raise typer.Exit(0 if result.same else 1)


def _is_file(spec: str) -> bool:
    return isinstance(deck_source(spec), FileSource)
