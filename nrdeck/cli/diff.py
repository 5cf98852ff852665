"""The `diff` command: are two decks the same list? (order and printings ignored)"""

from collections.abc import Sequence
from typing import Annotated, Literal

import typer

from nrdeck.app.diff import diff_run
from nrdeck.app.inputs.sources import FileSource, deck_source
from nrdeck.cli.console import print_notes, print_warnings
from nrdeck.cli.errors import handles_errors
from nrdeck.cli.options import CacheDirOpt, DataOpt, OfflineOpt, OutputOpt, choices, read_stdin
from nrdeck.cli.output import emit, refuse_onto_inputs
from nrdeck.cli.settings import data_settings
from nrdeck.report.diff import render_diff_json, render_diff_text

DIFF_HELP = (
    "Compare two decks from any sources nrdeck reads (files, NetrunnerDB links, '-', or "
    "ROSTER#PLAYER[:corp|:runner] for one registration of a roster such as Cobra's export), "
    "ignoring order and printings; a jinteki.net paste alone is compared with the NetrunnerDB "
    "deck its notes name. Exit 0 when identical, 1 when not."
)


DiffOutput = Literal["text", "json"]  # --output-format choices for `nrdeck diff`


def register(app: typer.Typer, words: Sequence[str] = ()) -> None:
    """Add this module's commands to the app."""
    app.command("diff", help=DIFF_HELP)(diff)


@handles_errors
def diff(
    a: Annotated[str, typer.Argument(metavar="DECK_A", help="The first deck (the reference).")],
    b: Annotated[
        str | None,
        typer.Argument(
            metavar="DECK_B",
            help="The second deck (compared with the first). Without it, DECK_A is a "
            "jinteki.net paste compared with the NetrunnerDB deck its ';; notes:' line names.",
            show_default=False,
        ),
    ] = None,
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
    refuse_onto_inputs(output, [s for s in (a, b, data) if s is not None and s != "-"])
    stdin = read_stdin(required=False) if "-" in (a, b) else None
    run = diff_run(a, b, data_settings(offline=offline, data=data, cache_dir=cache_dir), stdin)
    print_notes(run.notes)
    print_warnings(run.warnings)
    json_out = output_format == "json"
    rendered = render_diff_json(run.result) if json_out else render_diff_text(run.result)
    inputs = [s for s in (a, b, data) if s is not None and _is_file(str(s))]
    emit(rendered, output, machine=json_out, inputs=inputs)
    raise typer.Exit(0 if run.result.same else 1)


def _is_file(spec: str) -> bool:
    return isinstance(deck_source(spec), FileSource)
