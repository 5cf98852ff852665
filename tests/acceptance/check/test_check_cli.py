"""`nrdeck check` and `nrdeck stats` through Typer's CliRunner: options, outputs, exit codes."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from nrdeck.cli import app
from nrdeck.errors import ExitCode
from tests.acceptance.check.words import plain, summary, tally
from tests.paths import ROOT, SNAPSHOT_DATE, assert_golden_cases

EXAMPLES = ROOT / "data" / "examples"
SG = str(EXAMPLES / "sg-catalyst.txt")
LEGAL = str(EXAMPLES / "standard-zahya.txt")
ILLEGAL = str(EXAMPLES / "illegal-standard.txt")
REMOTE = "7a6b0d6e-1111-4000-8000-000000000000"


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(app, ["check", *args], input=input)


def verdict(result: Result) -> list[str]:
    """A deck's first line, by its parts: mark and source, identity, format, list."""
    return result.stdout.splitlines()[0].split(" · ")


def usage_error(result: Result) -> str:
    """The one line of a usage error (exit 2); its words are in the golden file."""
    assert result.exit_code == ExitCode.USAGE, result.stdout
    [line] = result.stderr.splitlines()
    assert line.startswith("nrdeck: error: ")
    return line


def test_legal_deck_exits_0_with_a_verdict_line() -> None:
    result = run(SG, "--format", "system_gateway", "--offline")
    assert result.exit_code == ExitCode.OK, result.stderr
    mark, identity, fmt = verdict(result)[:3]
    assert (mark, fmt) == (f"✓ {SG}", "System Gateway") and identity.startswith("The Catalyst")
    # the last line; before it, today, a warning that the bundled card data is old
    assert result.stderr.splitlines()[-1].startswith("1 deck: ")
    assert tally(result.stderr) == (1, 1, 0)
    assert summary(result.stderr)["card data"] == f"bundled snapshot of {SNAPSHOT_DATE}"


def test_illegal_deck_exits_1_with_every_problem_and_its_line() -> None:
    result = run(ILLEGAL, "--offline")
    assert result.exit_code == ExitCode.ILLEGAL
    out = result.stdout
    mark, identity, fmt = verdict(result)[:3]
    assert (mark, fmt) == (f"✗ {ILLEGAL}", "Standard") and identity.startswith("Haas-Bioroid")
    for code in ("copies", "banned", "unknown-card", "influence", "deck-size", "agenda-points"):
        assert f"✗ {code}" in out
    for code, line in (("copies", 4), ("unknown-card", 9)):
        assert f"✗ {code} (line {line}): " in out


def test_summary_counts_every_deck_and_one_illegal_deck_gives_1() -> None:
    result = run(SG, LEGAL, ILLEGAL, "--offline")
    assert result.exit_code == ExitCode.ILLEGAL
    assert result.stderr.splitlines()[-1].startswith("3 decks: ")
    assert tally(result.stderr) == (3, 1, 2)


def test_quiet_prints_only_illegal_decks_and_no_summary() -> None:
    result = run(LEGAL, ILLEGAL, "--offline", "-q")
    assert result.exit_code == ExitCode.ILLEGAL
    assert LEGAL not in result.stdout and ILLEGAL in result.stdout
    assert result.stderr == ""
    assert run(LEGAL, "--offline", "--quiet").stdout == ""


def test_verbose_adds_figures() -> None:
    result = run(LEGAL, "--offline", "-v")
    assert "cards 40/40" in result.stdout and "influence 6/15" in result.stdout
    [spent] = [line.strip() for line in result.stdout.splitlines() if "× Leech" in line]
    assert spent.removeprefix("influence: ").split(", ") == ["3× Leech 3", "1× Botulus 3"]


def test_directory_is_searched_recursively_for_deck_files_only(tmp_path: Path) -> None:
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / ".git").mkdir()
    shutil.copy(LEGAL, tmp_path / "a" / "b" / "zahya.txt")
    shutil.copy(ILLEGAL, tmp_path / "a" / "bad.deck")
    shutil.copy(ILLEGAL, tmp_path / ".git" / "hidden.txt")
    (tmp_path / "README.md").write_text("# my decks\n", encoding="utf-8")
    (tmp_path / "notes.pdf").write_bytes(b"%PDF")
    result = run(str(tmp_path), "--offline")
    assert result.exit_code == ExitCode.ILLEGAL
    assert tally(result.stderr) == (2, 1, 1)
    assert "hidden" not in result.stdout and "README" not in result.stdout


def test_glob_is_expanded(tmp_path: Path) -> None:
    shutil.copy(LEGAL, tmp_path / "one.txt")
    shutil.copy(LEGAL, tmp_path / "two.txt")
    result = run(str(tmp_path / "*.txt"), "--offline")
    assert result.exit_code == ExitCode.OK
    assert tally(result.stderr) == (2, 2, 0)


def test_a_glob_that_matches_nothing_is_a_usage_error(tmp_path: Path) -> None:
    result = run(str(tmp_path / "*.txt"), "--offline")
    assert result.exit_code == ExitCode.USAGE
    assert "no file matches" in result.stderr


def test_stdin_with_dash_and_by_default() -> None:
    text = Path(SG).read_text(encoding="utf-8")
    for args in (["-"], []):
        result = run(*args, "--format", "system_gateway", "--offline", input=text)
        assert result.exit_code == ExitCode.OK, result.stderr
        assert result.stdout.startswith("✓ - · The Catalyst")


def test_no_decks_and_nothing_on_stdin_is_a_usage_error() -> None:
    said = usage_error(run("--offline", input=""))
    assert "no decks" in said and "standard input" in said


def test_missing_file_is_a_usage_error() -> None:
    result = run("no/such/deck.txt", SG, "--offline")
    assert "no/such/deck.txt" in usage_error(result)
    assert result.stdout == ""


@pytest.mark.parametrize(
    ("option", "value", "listed"),
    [
        ("--format", "standrd", "standard"),
        ("--snapshot", "standard_999", "standard_31"),
        ("--banlist", "no_such_list", "standard_ban_list_25_08"),
    ],
)
def test_unknown_ids_are_usage_errors_listing_valid_ids(
    option: str, value: str, listed: str
) -> None:
    result = run(LEGAL, option, value, "--offline")
    assert result.exit_code == ExitCode.USAGE
    assert value in result.stderr and listed in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_bad_date_and_bad_choice_are_usage_errors() -> None:
    assert run(LEGAL, "--as-of", "yesterday", "--offline").exit_code == ExitCode.USAGE
    assert run(LEGAL, "--output-format", "xml").exit_code == ExitCode.USAGE
    result = run(LEGAL, "--input-format", "pdf", "--offline")
    assert "'pdf'" in usage_error(result)


def test_as_of_checks_against_that_date() -> None:
    result = run(LEGAL, "--as-of", "2020-01-01", "--offline")
    assert result.exit_code == ExitCode.ILLEGAL
    assert "not-in-card-pool" in result.stdout
    doc = json.loads(run(LEGAL, "--as-of", "2025-09-17", "--output-format", "json").stdout)
    assert doc["decks"][0]["as_of"] == "2025-09-17"


def test_snapshot_and_banlist_are_used_and_named() -> None:
    result = run(LEGAL, "--snapshot", "standard_31", "--offline", "--output-format", "json")
    assert json.loads(result.stdout)["decks"][0]["snapshot"] == "standard_31"
    result = run(LEGAL, "--banlist", "standard_ban_list_25_08", "--offline")
    assert result.exit_code == ExitCode.OK
    assert "Standard Ban List 25.08" in result.stdout


def test_format_file_applies_house_rules(tmp_path: Path) -> None:
    league = tmp_path / "league.toml"
    league.write_text('name = "League"\nbase = "standard"\nbanned = ["Leech"]\n', "utf-8")
    result = run(LEGAL, "--format-file", str(league), "--offline")
    assert result.exit_code == ExitCode.ILLEGAL
    assert "✗ banned" in result.stdout and "Leech" in result.stdout


def test_input_format_is_passed_to_the_parser() -> None:
    result = run(SG, "--input-format", "text", "--format", "system_gateway", "--offline")
    assert result.exit_code == ExitCode.OK


@pytest.mark.parametrize("fmt", ["json", "github", "junit"])
def test_output_to_a_file_is_written_whole(tmp_path: Path, fmt: str) -> None:
    target = tmp_path / f"report.{fmt}"
    result = run(ILLEGAL, "--offline", "--output-format", fmt, "--output", str(target))
    assert result.exit_code == ExitCode.ILLEGAL
    assert result.stdout == ""
    text = target.read_text(encoding="utf-8")
    assert "banned" in text
    assert [p.name for p in tmp_path.iterdir()] == [target.name]  # no temp file left


def test_output_into_a_missing_folder_is_a_usage_error(tmp_path: Path) -> None:
    result = run(LEGAL, "--offline", "--output", str(tmp_path / "nope" / "r.txt"))
    assert result.exit_code == ExitCode.USAGE
    assert "cannot write the report" in result.stderr


def test_pinned_data_file_is_named_and_never_taken_for_a_deck(tmp_path: Path) -> None:
    pinned = tmp_path / "cards.json"
    shutil.copy(ROOT / "data" / "cards.json", pinned)
    shutil.copy(LEGAL, tmp_path / "zahya.txt")
    result = run(str(tmp_path), "--data", str(pinned))
    assert result.exit_code == ExitCode.OK, result.stdout + result.stderr
    assert tally(result.stderr) == (1, 1, 0)
    assert summary(result.stderr)["card data"].startswith(f"pinned file {pinned} ")


def test_missing_data_file_is_a_usage_error_like_a_missing_deck(tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    said = usage_error(run(LEGAL, "--data", str(missing)))
    assert str(missing) in said and "--data" in said  # what is missing, which option named it


def test_unreachable_remote_deck_is_reported_and_the_others_checked(tmp_path: Path) -> None:
    result = run(
        REMOTE, SG, "--format", "system_gateway", "--offline", "--cache-dir", str(tmp_path)
    )
    assert result.exit_code == ExitCode.UNAVAILABLE
    assert "✗ deck-unavailable" in result.stdout
    assert f"✓ {SG}" in result.stdout
    assert "1 unavailable" in result.stderr
    both = run(REMOTE, ILLEGAL, "--offline")
    assert both.exit_code == ExitCode.ILLEGAL  # findings outrank an unavailable deck


def test_api_url_belongs_to_data_update_only() -> None:
    # checking never downloads card data: an --api-url here would silently do nothing
    result = run(LEGAL, "--offline", "--api-url", "http://127.0.0.1:9/api/v3/public")
    assert result.exit_code == ExitCode.USAGE
    assert "--api-url" in result.stderr


def test_color_always_and_never() -> None:
    coloured = run(ILLEGAL, "--offline", "--color", "always")
    assert "\x1b[" in coloured.stdout
    assert "banned" in coloured.stdout
    plain = run(ILLEGAL, "--offline", "--color", "never")
    assert "\x1b[" not in plain.stdout


@pytest.mark.parametrize(("name", "value"), [("NO_COLOR", "1"), ("PRE_COMMIT", "1")])
def test_no_colour_under_no_color_and_pre_commit(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str
) -> None:
    monkeypatch.setenv(name, value)
    monkeypatch.setenv("FORCE_COLOR", "1")
    result = run(ILLEGAL, "--offline")
    assert "\x1b[" not in result.stdout


def test_internal_error_is_one_line_and_exit_4_with_traceback_under_debug(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import nrdeck.cli.check

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(nrdeck.cli.check, "CheckStream", broken)
    result = run(LEGAL, "--offline")
    assert result.exit_code == ExitCode.INTERNAL
    [said] = result.stderr.splitlines()
    assert said.startswith("nrdeck: internal error") and "RuntimeError: boom" in said
    assert "--debug" in said  # how to see the traceback
    debug = run(LEGAL, "--offline", "--debug")
    assert debug.exit_code == ExitCode.INTERNAL
    assert "Traceback" in debug.stderr


def test_interrupt_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    import nrdeck.cli.check

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(nrdeck.cli.check, "CheckStream", interrupted)
    result = run(LEGAL, "--offline")
    assert result.exit_code == ExitCode.INTERRUPTED
    assert result.stderr == "nrdeck: interrupted\n"


def test_stats_table_and_json() -> None:
    runner = CliRunner()
    table = runner.invoke(app, ["stats", LEGAL, "--offline"])
    assert table.exit_code == 0, table.stderr
    for heading in ("By type", "By subtype", "Influence by faction", "Influence by card"):
        assert heading in table.stdout
    assert "By cost" in table.stdout
    doc = json.loads(runner.invoke(app, ["stats", ILLEGAL, "--output-format", "json"]).stdout)
    assert doc["by_type"]["Agenda"] == 3
    assert doc["agendas"] == 3 and doc["agenda_density"] == round(3 * 10 / 22, 2)
    assert doc["influence_by_faction"] and doc["legal"] is False
    # 3 Snare! (0), 3 Ice Wall + 3 Mumba Temple (1), 3 Enigma + 3 Cayambe Grid (3), 4 Hedge Fund
    assert doc["cost_curve"] == {"0": 3, "1": 6, "3": 6, "5": 4}
    assert doc["influence_by_faction"]["Weyland Consortium"] == 12


def test_input_format_help_names_every_parser() -> None:
    from nrdeck.decklist import INPUT_FORMATS

    help_text = " ".join(CliRunner().invoke(app, ["check", "--help"]).stdout.split())
    for name in INPUT_FORMATS:
        assert name in help_text, name


def test_real_json_output_validates_against_the_shipped_schema() -> None:
    import jsonschema

    import nrdeck.report

    schema_path = Path(nrdeck.report.__file__).parent / "check-v1.schema.json"
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    result = run(SG, LEGAL, ILLEGAL, REMOTE, "--offline", "--output-format", "json")
    assert result.exit_code == ExitCode.ILLEGAL
    doc = json.loads(result.stdout)
    jsonschema.validate(doc, schema)
    assert [d["legal"] for d in doc["decks"]] == [False, True, False, False]
    assert doc["summary"] == {
        "decks": 4,
        "legal": 1,
        "illegal": 2,
        "unavailable": 1,
        "internal_errors": 0,
    }


def test_stats_on_an_unreachable_remote_deck_exits_3(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["stats", REMOTE, "--offline", "--cache-dir", str(tmp_path)])
    assert result.exit_code == ExitCode.UNAVAILABLE
    assert result.stderr.startswith("nrdeck: error: ") and REMOTE in result.stderr


def test_stats_of_a_folder_of_several_decks_is_a_usage_error() -> None:
    result = CliRunner().invoke(app, ["stats", str(EXAMPLES), "--offline"])
    assert result.exit_code == ExitCode.USAGE
    assert "give one deck to 'stats'" in result.stderr


WARNING = "the cache is damaged; using bundled"  # a warning of the card data, made up


def test_card_data_warnings_go_to_stderr(monkeypatch: pytest.MonkeyPatch) -> None:
    import msgspec

    import nrdeck.app.check
    import nrdeck.app.inputs.cards
    from nrdeck.catalog import CardDB

    real = nrdeck.app.inputs.cards.load_database

    def with_warning(settings: object) -> CardDB:
        db = real(settings)  # type: ignore[arg-type]
        db.info = msgspec.structs.replace(db.info, warnings=(WARNING,))
        return db

    monkeypatch.setattr(nrdeck.app.check, "load_database", with_warning)
    result = run(LEGAL, "--offline", "--output-format", "json")
    assert result.exit_code == ExitCode.OK
    assert result.stderr.startswith(f"nrdeck: warning: {WARNING}\n")
    json.loads(result.stdout)  # stdout stays clean JSON


def test_what_check_says_reads_as_the_golden_file_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)  # the decks named as a user in the repository names them

    def said(*args: str, input: str | None = None) -> str:
        result = run(*args, input=input)
        return plain(result.stdout + result.stderr, tmp_path)

    on = ("--offline", "--as-of", "2026-06-01")  # no warning that the data is old
    examples = "data/examples"
    cases = [
        ("a legal deck", said(f"{examples}/sg-catalyst.txt", "--format", "system_gateway", *on)),
        ("an illegal deck", said(f"{examples}/illegal-standard.txt", *on)),
        ("a legal deck, -v", said(f"{examples}/standard-zahya.txt", "-v", *on)),
        ("no decks", said("--offline", input="")),
        ("a missing file", said("no/such/deck.txt", *on)),
        ("a glob that matches nothing", said(str(tmp_path / "*.txt"), *on)),
        (
            "an unknown input format",
            said(f"{examples}/standard-zahya.txt", "--input-format", "pdf", *on),
        ),
        (
            "a missing card data file",
            said(f"{examples}/standard-zahya.txt", "--data", str(tmp_path / "missing.json")),
        ),
        (
            "a report over one of the decks",
            said(f"{examples}/standard-zahya.txt", *on, "-o", f"{examples}/standard-zahya.txt"),
        ),
    ]
    assert_golden_cases("messages/check-cli.txt", cases, __file__)
