"""The `simulate` command: wiring only (options -> request -> app -> renderer)."""

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Literal

import typer

from nrdeck.app.simulate import SimulateOptions
from nrdeck.app.simulate import simulate as run_simulation
from nrdeck.atomic import write_atomic
from nrdeck.cli.console import print_info, print_warnings
from nrdeck.cli.errors import handles_errors
from nrdeck.cli.options import (
    CacheDirOpt,
    ColorOpt,
    DataOpt,
    DebugOpt,
    InputFormatOpt,
    OfflineOpt,
    choices,
    read_stdin,
)
from nrdeck.cli.output import emit
from nrdeck.cli.settings import data_settings
from nrdeck.cli.state import RunState
from nrdeck.errors import UsageError, full_disk
from nrdeck.report.simulation.plot import render_plot
from nrdeck.report.simulation.text import RENDERER_BY_NAME
from nrdeck.report.styled import Styled
from nrdeck.results.simulation import Comparison, Simulation
from nrdeck.sim import SimRequest

# --output-format choices of `simulate` (each has a renderer).
SimFormat = Literal["text", "json", "csv"]


Method = Literal["auto", "exact", "mc"]  # --method choices


# --report choices (each has a built-in report).
ReportName = Literal["corp", "runner", "rnd", "cards"]


Side = Literal["corp", "runner"]  # --side choices


def register(app: typer.Typer, words: Sequence[str] = ()) -> None:
    """Add this module's commands to the app."""
    app.command("simulate")(simulate)


@handles_errors
def simulate(
    deck: Annotated[
        str, typer.Argument(metavar="DECK", help="One deck: a file, link, UUID or '-'.")
    ],
    queries: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="QUERY...",
            help="Queries, e.g. 'econ>=1 & breaker>=1' 'agenda>=3' 'ice>=2@T1'.",
            show_default=False,
        ),
    ] = None,
    report: Annotated[
        ReportName | None,
        typer.Option("--report", metavar=choices(ReportName), help="A built-in report."),
    ] = None,
    group: Annotated[
        list[str] | None,
        typer.Option(
            "--group", metavar="NAME=TITLES", help='A group: econ="Sure Gamble,Daily Casts".'
        ),
    ] = None,
    mulligan: Annotated[
        str | None, typer.Option("--mulligan", metavar="QUERY", help="Mulligan when this holds.")
    ] = None,
    keep: Annotated[
        str | None, typer.Option("--keep", metavar="QUERY", help="Mulligan unless this holds.")
    ] = None,
    click_draws: Annotated[
        str | None,
        typer.Option(
            "--click-draws", metavar="N[,N…]", help="Click-draws per turn: 1, or per turn: 2,1,1."
        ),
    ] = None,
    turns: Annotated[int, typer.Option("--turns", metavar="N", help="Turns to show.")] = 11,
    side: Annotated[
        Side | None,
        typer.Option("--side", metavar=choices(Side), help="The side of a deck without identity."),
    ] = None,
    sweep: Annotated[
        str | None,
        typer.Option("--sweep", metavar="NAME=a..b", help="The tables for each copy count."),
    ] = None,
    compare: Annotated[
        str | None, typer.Option("--compare", metavar="DECK", help="Compare with another deck.")
    ] = None,
    pad: Annotated[
        int, typer.Option("--pad", metavar="N", help="Compare with N more blank cards.")
    ] = 0,
    target: Annotated[
        str | None,
        typer.Option("--target", metavar="QUERY>=P%@Tk", help="Fewest copies reaching it."),
    ] = None,
    optimal_mulligan: Annotated[
        str | None,
        typer.Option("--optimal-mulligan", metavar="QUERY@Tk", help="The best mulligan rule."),
    ] = None,
    plot: Annotated[
        Path | None,
        typer.Option("--plot", metavar="FILE", dir_okay=False, help="Chart: FILE.svg or .png."),
    ] = None,
    method: Annotated[
        Method, typer.Option("--method", metavar=choices(Method), help="exact, mc or auto.")
    ] = "auto",
    games: Annotated[
        int, typer.Option("--games", metavar="N", help="Monte Carlo games.")
    ] = 200_000,
    seed: Annotated[
        int | None,
        typer.Option("--seed", metavar="N", help="Random seed (drawn and printed when absent)."),
    ] = None,
    sample: Annotated[
        int, typer.Option("--sample", metavar="N", help="Show N seeded opening hands.")
    ] = 0,
    exact_budget: Annotated[
        float,
        typer.Option("--exact-budget", metavar="SECONDS", help="Longest exact solve under auto."),
    ] = 3.0,
    input_format: InputFormatOpt = None,
    output_format: Annotated[
        SimFormat,
        typer.Option("--output-format", metavar=choices(SimFormat), help="Output format."),
    ] = "text",
    offline: OfflineOpt = False,
    data: DataOpt = None,
    cache_dir: CacheDirOpt = None,
    color: ColorOpt = "auto",
    debug: DebugOpt = False,
) -> None:
    """Exact opening-hand and draw odds by turn, and what-if answers (sweep, compare, pad,
    target, optimal mulligan)."""
    RunState.debug = RunState.debug or debug
    chosen_seed = seed if seed is not None else int.from_bytes(os.urandom(4), "big")
    request = SimRequest(
        queries=tuple(queries or ()), groups=tuple(group or ()), mulligan=mulligan, keep=keep,
        side=side, click_draws=click_draws, turns=turns,
        method=method, games=games, seed=chosen_seed,
        report=report, sample=sample, exact_budget=exact_budget,
        sweep=sweep, pad=pad, compare=compare is not None, target=target,
        optimal_mulligan=optimal_mulligan,
    )  # fmt: skip
    reads_stdin = "-" in (deck, compare)
    options = SimulateOptions(
        data=data_settings(offline=offline, data=data, cache_dir=cache_dir),
        request=request,
        input_format=input_format,
        stdin_bytes=read_stdin(required=False) if reads_stdin else None,
        compare=compare,
    )
    run = run_simulation(deck, options)
    print_warnings(run.warnings)
    if plot is not None:
        _write_plot(plot, run.result)
    emit(_rendered(run.result, output_format), color=color, machine=output_format == "json")
    if seed is None and run.random:
        print_info(f"nrdeck: seed {chosen_seed} (pass --seed {chosen_seed} to repeat)")


def _rendered(result: Simulation | Comparison, output_format: SimFormat) -> "str | Styled":
    """The result in the chosen format."""
    renderer = RENDERER_BY_NAME[output_format]
    if isinstance(result, Comparison):
        return renderer.render_comparison(result)
    return renderer.render(result)


def _write_plot(path: Path, result: Simulation | Comparison) -> None:
    """Render the chart (the plotting extra) and write it atomically."""
    payload = render_plot(result, path.suffix.lower().lstrip("."))
    try:
        write_atomic(path, payload)
    except OSError as exc:
        raise full_disk(exc, str(path)) or UsageError(
            f"{path}: cannot write the plot ({exc.strerror or exc})",
            hint="check that the folder exists and is writable",
        ) from exc
