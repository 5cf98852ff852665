"""The `simulate` command: wiring only (options -> request -> app -> renderer)."""

import sys
from collections.abc import Sequence
from enum import Enum
from typing import Annotated

import typer

from nrdeck.app.simulate import SimulateOptions
from nrdeck.app.simulate import simulate as run_simulation
from nrdeck.cli.common import (
    CacheDirOpt,
    ColorMode,
    ColorOpt,
    DataOpt,
    DebugOpt,
    InputFormatOpt,
    OfflineOpt,
    RunState,
    data_settings,
    handles_errors,
    make_console,
    print_warnings,
)
from nrdeck.report.simulation import RENDERER_BY_NAME
from nrdeck.sim.request import SimRequest


class SimFormat(str, Enum):
    """--output-format choices of `simulate` (each has a renderer)."""

    text = "text"
    json = "json"
    csv = "csv"


class Method(str, Enum):
    """--method choices."""

    auto = "auto"
    exact = "exact"
    mc = "mc"


class ReportName(str, Enum):
    """--report choices (each has a built-in report)."""

    corp = "corp"
    runner = "runner"
    rnd = "rnd"


class Side(str, Enum):
    """--side choices."""

    corp = "corp"
    runner = "runner"


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
            metavar="QUERY",
            help="Queries, e.g. 'econ>=1 & breaker>=1' 'agenda>=3' 'ice>=2@T1'.",
            show_default=False,
        ),
    ] = None,
    report: Annotated[
        ReportName | None,
        typer.Option("--report", metavar="[corp|runner|rnd]", help="A built-in report."),
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
        typer.Option("--side", metavar="[corp|runner]", help="Override the deck's side."),
    ] = None,
    method: Annotated[
        Method, typer.Option("--method", metavar="[auto|exact|mc]", help="exact, mc or auto.")
    ] = Method.auto,
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
    state_cap: Annotated[
        int,
        typer.Option("--state-cap", metavar="N", help="Most states the exact method may track."),
    ] = 200_000,
    input_format: InputFormatOpt = None,
    output_format: Annotated[
        SimFormat, typer.Option("--output-format", metavar="[text|json|csv]", help="Output format.")
    ] = SimFormat.text,
    offline: OfflineOpt = False,
    data: DataOpt = None,
    cache_dir: CacheDirOpt = None,
    color: ColorOpt = ColorMode.auto,
    debug: DebugOpt = False,
) -> None:
    """Exact opening-hand and draw odds by turn (Monte Carlo only where it must)."""
    import secrets

    RunState.debug = RunState.debug or debug
    chosen_seed = seed if seed is not None else secrets.randbelow(2**32)
    request = SimRequest(
        queries=tuple(queries or ()), groups=tuple(group or ()), mulligan=mulligan, keep=keep,
        side=side.value if side else None, click_draws=click_draws, turns=turns,
        method=method.value, games=games, seed=chosen_seed,
        report=report.value if report else None, sample=sample, state_cap=state_cap,
    )  # fmt: skip
    stdin_text = sys.stdin.read() if deck == "-" and sys.stdin is not None else None
    options = SimulateOptions(
        data=data_settings(offline=offline, data=data, cache_dir=cache_dir),
        request=request,
        input_format=input_format,
        stdin_text=stdin_text,
    )
    run = run_simulation(deck, options)
    print_warnings(run.warnings)
    rendered = RENDERER_BY_NAME[output_format.value](run.simulation)
    if output_format is SimFormat.text:
        make_console(color=color).print(rendered, soft_wrap=False, highlight=False)
    else:
        sys.stdout.write(rendered)
    if seed is None:
        sys.stderr.write(f"nrdeck: seed {chosen_seed} (pass --seed {chosen_seed} to repeat)\n")
