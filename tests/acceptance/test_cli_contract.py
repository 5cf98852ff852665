"""The CLI's contract: exit codes as the README and the reference document them, help text,
README coverage."""

from __future__ import annotations

import importlib
import re

import pytest
import typer
from typer.testing import CliRunner

import nrdeck.cli
from nrdeck.errors import ExitCode
from tests.paths import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
EXIT_CODES_PAGE = (ROOT / "docs" / "reference" / "exit-codes.md").read_text(encoding="utf-8")
# the modules every command shares (errors, consoles, settings, state, options, output, streams,
# standard input)
SHARED_MODULES = (
    "__init__", "errors", "console", "settings", "state", "options", "output", "streams", "stdin"
)  # fmt: skip
COMMAND_MODULES = sorted(
    p.stem for p in (ROOT / "nrdeck" / "cli").glob("*.py") if p.stem not in SHARED_MODULES
)
EXPECTED_MEANINGS = {
    0: "every deck checked is legal",
    1: "at least one deck is illegal",
    2: "usage error",
    3: "card data or a remote deck could not be obtained",
    4: "internal error",
    5: "the output could not be written",
    130: "interrupted",
    141: "standard output closed by its reader",
    143: "terminated",
}


def _exit_codes(text: str) -> dict[int, str]:
    section = text.split("# Exit codes", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\|\s*(\d+)\s*\|\s*(.+?)\s*\|\s*$", section, flags=re.MULTILINE)
    return {int(code): meaning for code, meaning in rows}


@pytest.mark.parametrize("text", [README, EXIT_CODES_PAGE], ids=["README", "reference"])
def test_readme_exit_code_table_matches_exitcode(text: str) -> None:
    table = _exit_codes(text)
    assert set(table) == {int(c) for c in ExitCode}
    for code, meaning in EXPECTED_MEANINGS.items():
        assert table[code].startswith(meaning), (code, table[code])


def test_exit_code_values_are_pinned() -> None:
    assert {c.name: int(c) for c in ExitCode} == {
        "OK": 0,
        "ILLEGAL": 1,
        "USAGE": 2,
        "UNAVAILABLE": 3,
        "INTERNAL": 4,
        "WRITE_FAILED": 5,
        "INTERRUPTED": 130,
        "BROKEN_PIPE": 141,
        "TERMINATED": 143,
    }


def _command_objects() -> dict[tuple[str, ...], object]:
    """Every command by path: ('check',), ('data', 'update'), ..."""
    root = typer.main.get_command(nrdeck.cli.app)
    found: dict[tuple[str, ...], object] = {}

    def walk(group: object, prefix: tuple[str, ...]) -> None:
        for name, cmd in sorted(getattr(group, "commands", {}).items()):
            if getattr(cmd, "hidden", False):
                continue
            found[(*prefix, name)] = cmd
            walk(cmd, (*prefix, name))

    walk(root, ())
    return found


def _commands() -> list[tuple[str, ...]]:
    return list(_command_objects())


def test_every_command_module_registers_into_the_app() -> None:
    for stem in COMMAND_MODULES:
        module = importlib.import_module(f"nrdeck.cli.{stem}")
        assert callable(getattr(module, "register", None)), stem
        probe = typer.Typer()
        module.register(probe)
        registered = {c.name or c.callback.__name__ for c in probe.registered_commands}  # type: ignore[union-attr]
        registered |= {g.name for g in probe.registered_groups if g.name}
        top = {path[0] for path in _commands()}
        assert registered <= top, (stem, registered - top)


@pytest.mark.parametrize("path", _commands(), ids=" ".join)
def test_the_app_built_for_one_command_behaves_as_the_full_app(path: tuple[str, ...]) -> None:
    """The console script builds only the command it runs; its help must not differ."""
    full = CliRunner().invoke(nrdeck.cli.app, [*path, "--help"])
    one = nrdeck.cli.build_app(nrdeck.cli.command_words([*path, "--help"]))
    alone = CliRunner().invoke(one, [*path, "--help"])
    assert alone.exit_code == full.exit_code == 0
    assert alone.stdout == full.stdout


@pytest.mark.parametrize(
    ("argv", "suggestion"),
    [(["data", "stauts"], "Did you mean 'status'?"), (["chek", "x.txt"], "Did you mean 'check'?")],
)
def test_a_mistyped_command_still_gets_a_suggestion(argv: list[str], suggestion: str) -> None:
    app = nrdeck.cli.build_app(nrdeck.cli.command_words(argv))
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 2
    assert suggestion in result.stderr


@pytest.mark.parametrize("path", _commands(), ids=" ".join)
def test_every_command_has_help_text(path: tuple[str, ...]) -> None:
    result = CliRunner().invoke(nrdeck.cli.app, [*path, "--help"])
    assert result.exit_code == 0, result.stdout
    assert "Usage:" in result.stdout
    text = getattr(_command_objects()[path], "help", None) or ""
    assert text.strip(), f"'nrdeck {' '.join(path)}' has no help text"
    first_words = " ".join(text.split()[:3])
    assert first_words in " ".join(result.stdout.split())


@pytest.mark.parametrize("path", _commands(), ids=" ".join)
def test_every_command_appears_in_the_readme(path: tuple[str, ...]) -> None:
    assert f"nrdeck {' '.join(path)}" in README, f"'nrdeck {' '.join(path)}' is not in README.md"


# One metavar style, as click prints it: a VALUE in capitals (with its syntax, as in
# NAME=TITLES or QUERY@Tk), choices as [a|b]; never Typer's <str> nor a bare parameter name.
METAVAR = re.compile(r"[A-Z][A-Z0-9_]*\S*|\[[a-z0-9_|-]+\](\.\.\.)?")


def _value_parameters() -> list[tuple[str, str, str]]:
    found = []
    for path, command in _command_objects().items():
        ctx = typer._click.Context(command, info_name=" ".join(path))  # type: ignore[attr-defined]
        for param in getattr(command, "params", []):
            if getattr(param, "is_flag", False) or param.name == "help":
                continue
            name = param.opts[0]
            found.append((" ".join(path), name, param.make_metavar(ctx)))
    return found


def test_one_metavar_style_everywhere() -> None:
    odd = [p for p in _value_parameters() if not METAVAR.fullmatch(p[2])]
    assert odd == []


def test_an_argument_that_takes_several_says_so_in_the_usage_line() -> None:
    """`check --help` showed `[DECK]` for an argument that takes any number of decks."""
    unsaid = []
    for path, command in _command_objects().items():
        ctx = typer._click.Context(command, info_name=" ".join(path))  # type: ignore[attr-defined]
        for param in getattr(command, "params", []):
            several = param.param_type_name == "argument" and param.nargs == -1
            if several and "..." not in " ".join(param.get_usage_pieces(ctx)):
                unsaid.append((" ".join(path), param.name))
    assert unsaid == []


def test_a_choice_options_help_names_every_choice_it_takes() -> None:
    """`simulate --help` said `--report [corp|runner|rnd]` and took `cards` too."""
    drift = []
    for path, command in _command_objects().items():
        ctx = typer._click.Context(command, info_name=" ".join(path))  # type: ignore[attr-defined]
        for param in getattr(command, "params", []):
            taken = getattr(param.type, "choices", None)
            if taken is None:
                continue
            shown = param.make_metavar(ctx).strip("[].").split("|")
            if sorted(shown) != sorted(str(c) for c in taken):
                drift.append((" ".join(path), param.opts[0], shown, list(taken)))
    assert drift == []


@pytest.mark.parametrize("path", _commands(), ids=" ".join)
def test_dash_h_is_help(path: tuple[str, ...]) -> None:
    short = CliRunner().invoke(nrdeck.cli.app, [*path, "-h"])
    long = CliRunner().invoke(nrdeck.cli.app, [*path, "--help"])
    assert short.exit_code == long.exit_code == 0
    assert short.stdout == long.stdout and "Usage: " in short.stdout


def test_dash_capital_v_is_the_version() -> None:
    from nrdeck._version import __version__

    for flag in ("-V", "--version"):
        result = CliRunner().invoke(nrdeck.cli.app, [flag])
        assert result.exit_code == 0
        assert result.stdout == f"nrdeck {__version__}\n"


def test_check_help_lists_every_exit_code() -> None:
    text = " ".join(CliRunner().invoke(nrdeck.cli.app, ["check", "--help"]).stdout.split())
    status = "; " + text.split("Exit status:", 1)[1].split("Arguments:", 1)[0].strip()
    listed = {int(code) for code in re.findall(r"(?:^|; )(\d+) ", status)}
    assert listed == {int(c) for c in ExitCode}
    for code, meaning in ((0, "every deck is legal"), (1, "illegal"), (4, "internal error")):
        assert re.search(rf"{code} [^;]*{meaning}", status), code


def test_help_is_plain_text_without_boxes() -> None:
    out = CliRunner().invoke(nrdeck.cli.app, ["check", "--help"]).stdout
    assert "╭" not in out and "│" not in out
    assert "  -o, --output FILE" in out


@pytest.mark.parametrize(
    ("name", "value"),
    [("NRDECK_HTTP_RETRIES", "abc"), ("NRDECK_HTTP_READ_TIMEOUT", "-1"),
     ("NRDECK_HTTP_DEADLINE", "nan"), ("NRDECK_HTTP_RETRIES", "2.5")],
)  # fmt: skip
def test_a_bad_http_variable_is_a_usage_error_naming_it(
    name: str, value: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(name, value)
    result = CliRunner().invoke(nrdeck.cli.app, ["data", "status"])
    assert result.exit_code == ExitCode.USAGE
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith(f"nrdeck: error: {name}={value!r} is not")
