"""Format files a community writes (--format-file), through the CLI: the rule kinds the
shipped formats do not use (a NetrunnerDB pool, a restricted list, a copy limit above 1, the
same rules in a house file), a list newer than the card data, and every kind of bad file:
exit 2, one line naming the file, the line and the key, nothing of the format used.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from nrdeck.cli import app
from nrdeck.errors import ExitCode

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

from tests.acceptance.check.words import lines_with, plain, said
from tests.paths import ROOT, SNAPSHOT_DATE, assert_golden_cases

FIXTURES = ROOT / "tests" / "fixtures"
PE_2024 = FIXTURES / "legality" / "pe-loud-2024.txt"  # 3 Hedge Fund, 2 Regolith, Sting!
HOSHIKO = FIXTURES / "simulate" / "hoshiko-2025.txt"
ASTRO = ROOT / "data" / "formats" / "astro.toml"
runner = CliRunner()

LEAGUE = """\
id = "league"
name = "Sixth Rotation League"
source = "https://example.org/league"

[pools.sixth]
card_pool = "rotation_2023"

[lists.league_1]
name = "League List 1.0"
source = "https://example.org/league/list-1.md"
commit = "abc1234"
restricted = ["Hedge Fund", "regolith_mining_license"]
banned_subtypes = ["Current"]

[[periods]]
from = 2024-01-01
pool = "sixth"
list = "league_1"
max_copies = 2
"""


def write(tmp_path: Path, text: str, name: str = "league.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def check(deck: Path, fmt: Path, *args: str) -> Result:
    return runner.invoke(app, ["check", str(deck), "--offline", "--format-file", str(fmt), *args])


def problems(deck: Path, fmt: Path, *args: str) -> list[dict[str, Any]]:
    result = check(deck, fmt, *args, "--output-format", "json")
    assert result.exit_code in (0, 1), result.stderr
    found: list[dict[str, Any]] = json.loads(result.stdout)["decks"][0]["problems"]
    return found


def test_a_netrunnerdb_pool_a_restricted_list_and_a_copy_limit(tmp_path: Path) -> None:
    league = write(tmp_path, LEAGUE)
    found = problems(PE_2024, league, "--as-of", "2024-10-01")
    assert sorted({p["code"] for p in found}) == ["copies", "restricted"]
    copies = [p for p in found if p["code"] == "copies"]
    assert (6, ["sting"]) in [(p["line"], p["cards"]) for p in copies]  # 3 Sting!, 2 allowed
    assert ["regolith_mining_license"] not in [p["cards"] for p in copies]  # 2 of it: allowed
    assert {p["rule"] for p in copies} == {"Sixth Rotation League"}  # the file's own limit
    restricted = next(p for p in found if p["code"] == "restricted")
    assert restricted["cards"] == ["hedge_fund", "regolith_mining_license"]
    assert restricted["rule"] == "League List 1.0"
    doc = json.loads(
        check(PE_2024, league, "--as-of", "2024-10-01", "--output-format", "json").stdout
    )
    deck = doc["decks"][0]
    assert deck["format"] == {"id": "league", "name": "Sixth Rotation League"}
    assert deck["card_pool"] == {"id": "sixth", "name": "Sixth Rotation"}
    listed = tomllib.loads(LEAGUE)["lists"]["league_1"]
    assert deck["restriction"]["source"] == f"{listed['source']} at {listed['commit']}"


def test_a_period_can_name_a_netrunnerdb_pool_and_list_directly(tmp_path: Path) -> None:
    text = 'name = "Sixth again"\n[[periods]]\nfrom = 2024-01-01\npool = "rotation_2023"\n'
    text += 'list = "standard_ban_list_24_09"\n'
    found = problems(PE_2024, write(tmp_path, text), "--as-of", "2024-10-01")
    assert found == []  # Sting! was banned only from 25.10
    later = text.replace("standard_ban_list_24_09", "standard_ban_list_25_10")
    banned = problems(PE_2024, write(tmp_path, later), "--as-of", "2025-11-01")
    assert [(p["code"], p["cards"]) for p in banned if p["code"] == "banned"] == [
        ("banned", ["sting"])
    ]


def test_a_house_file_takes_the_new_rules_too(tmp_path: Path) -> None:
    house = write(
        tmp_path,
        'name = "Highlander"\nbase = "standard"\nmax_copies = 1\nbanned_subtypes = ["current"]\n',
    )
    deck = tmp_path / "deck.txt"
    deck.write_text(HOSHIKO.read_text("utf-8") + "1 Hacktivist Meeting\n", "utf-8")
    found = problems(deck, house, "--as-of", "2025-11-01")
    assert {p["code"] for p in found} == {"singleton", "banned", "not-in-card-pool"}
    [banned] = [p for p in found if p["code"] == "banned"]
    assert banned["cards"] == ["hacktivist_meeting"]
    assert banned["rule"].startswith("Highlander")  # the house file's rule:
    assert banned["rule"].endswith("(every current)")  # it bans every current


def test_timeline_follows_a_format_file(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        ["timeline", str(PE_2024), "--offline", "--format-file", str(write(tmp_path, LEAGUE))],
    )
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[0].split(" · ")[-1].startswith("Sixth Rotation League")
    assert "2024-01-01 → …" in result.stdout and "League List 1.0" in result.stdout


def test_the_worked_example_of_the_docs_is_the_shipped_astro_file(tmp_path: Path) -> None:
    deck = ROOT / "data" / "examples" / "astro-weyland.txt"
    shipped = runner.invoke(app, ["check", str(deck), "--offline", "--format", "astro"])
    published = check(deck, ASTRO)
    assert (shipped.exit_code, shipped.stdout) == (published.exit_code, published.stdout)
    docs = (ROOT / "docs" / "community-formats.md").read_text("utf-8")
    assert ASTRO.read_text("utf-8") in docs  # the page shows the file as nrdeck ships it


def test_a_list_newer_than_the_card_data_names_the_card_it_does_not_know(
    tmp_path: Path,
) -> None:
    text = LEAGUE.replace('restricted = ["Hedge Fund", "regolith_mining_license"]', "")
    text += '\n[lists.league_2]\nname = "League List 2.0"\ndate = 2026-12-01\n'
    text += 'banned = ["Sting!", "brand_new_card"]\n'
    text += '\n[[periods]]\nfrom = 2026-12-01\npool = "sixth"\nlist = "league_2"\n'
    league = write(tmp_path, text)
    result = check(PE_2024, league, "--as-of", "2026-12-05")
    assert result.exit_code == ExitCode.ILLEGAL  # Sting! is banned: the rest of the list holds
    line = next(n for n, t in enumerate(text.splitlines(), 1) if "brand_new_card" in t)
    [warning] = [w for w in lines_with(result.stderr, "nrdeck: warning: ") if "brand_new" in w]
    assert warning.startswith(f"nrdeck: warning: {league}:{line}: ")  # where
    assert "'brand_new_card'" in warning  # the card it does not know
    assert "lists.league_2.banned" in warning  # the key
    assert SNAPSHOT_DATE in warning and "2026-12-01" in warning  # the data's date, the list's
    assert warning.endswith("run 'nrdeck data update'")  # what to do
    older = text.replace("2026-12-01", "2026-06-01")
    refused = check(PE_2024, write(tmp_path, older), "--as-of", "2026-06-05")
    assert refused.exit_code == ExitCode.USAGE
    assert "'brand_new_card'" in refused.stderr and "lists.league_2.banned" in refused.stderr


def _line(text: str, needle: str) -> int:
    return next(n for n, t in enumerate(text.splitlines(), 1) if needle in t)


BAD = [
    ("colour = 1\n" + LEAGUE, "colour = 1", "unknown key 'colour'"),
    (
        LEAGUE.replace('name = "League List 1.0"', 'name = "League List 1.0"\nbaned = []'),
        "baned",
        "unknown key 'baned' in lists",
    ),
    (
        LEAGUE.replace("max_copies = 2", "max_copies = 2\nmax_copy = 1"),
        "max_copy",
        "unknown key 'max_copy' in periods",
    ),
    (
        LEAGUE.replace('"Hedge Fund", ', '"Hedge Fnud", '),
        "Hedge Fnud",
        "unknown card 'Hedge Fnud' in lists.league_1.restricted",
    ),
    (
        LEAGUE.replace('banned_subtypes = ["Current"]', 'banned_subtypes = ["curent"]'),
        "curent",
        "unknown subtype 'curent' in lists.league_1.banned_subtypes",
    ),
    (
        LEAGUE.replace('card_pool = "rotation_2023"', 'sets = ["system_gateway", "elevaton"]'),
        "elevaton",
        "unknown set id 'elevaton' in pools.sixth.sets",
    ),
    (
        LEAGUE.replace('card_pool = "rotation_2023"', 'cycles = ["ashes", "borealiss"]'),
        "borealiss",
        "unknown cycle id 'borealiss' in pools.sixth.cycles",
    ),
    (
        'exclude_sets = ["draftt"]\n' + LEAGUE,
        "draftt",
        "unknown set id 'draftt' in exclude_sets",
    ),
    (
        LEAGUE + '\n[[periods]]\nfrom = 2023-06-01\npool = "sixth"\n',
        "2023-06-01",
        "periods[2].from is 2023-06-01, not after the period before it (2024-01-01)",
    ),
    (
        LEAGUE.replace('pool = "sixth"', 'pool = "seventh"'),
        "seventh",
        "unknown pool 'seventh' in periods[1].pool",
    ),
    (
        LEAGUE.replace('list = "league_1"', 'list = "league_9"'),
        "league_9",
        "unknown ban list 'league_9' in periods[1].list",
    ),
    (
        LEAGUE.replace("from = 2024-01-01", 'from = "January"'),
        "January",
        "periods[1].from must be a date",
    ),
    (
        LEAGUE.replace("max_copies = 2", "max_copies = 0"),
        "max_copies = 0",
        "periods[1].max_copies must be a whole number ≥ 1",
    ),
    (
        LEAGUE.replace('card_pool = "rotation_2023"', 'card_pool = "rotation_2023"\nsets = []'),
        "[pools.sixth]",
        "pools.sixth needs one of legal_in, sets and cycles, or card_pool",
    ),
    (
        'base = "standard"\n' + LEAGUE,
        'base = "standard"',
        "base: a format with [[periods]] has its own pools and lists",
    ),
    (
        LEAGUE.replace('id = "league"', 'id = "My League"'),
        "My League",
        "id 'My League' is not an id",
    ),
    ('outside_pool = "yes"\n' + LEAGUE, "outside_pool", "outside_pool must be one of"),
    (
        LEAGUE.replace('card_pool = "rotation_2023"', "legal_in = 'modern'"),
        "modern",
        "unknown format 'modern'",
    ),
    (LEAGUE.replace("[[periods]]", "[[periods]\n"), "[[periods]", "not valid TOML"),
]


@pytest.mark.parametrize(("text", "needle", "said"), BAD)
def test_a_bad_format_file_is_one_line_naming_the_file_the_line_and_the_key(
    tmp_path: Path, text: str, needle: str, said: str
) -> None:
    league = write(tmp_path, text)
    result = check(HOSHIKO, league)
    assert result.exit_code == ExitCode.USAGE
    assert result.stdout == ""  # never half a format: nothing is checked
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith(f"nrdeck: error: {league}:{_line(text, needle)}: ")
    assert said in result.stderr


def test_a_ten_megabyte_format_file_is_refused_unread(tmp_path: Path) -> None:
    big = write(tmp_path, LEAGUE + "# " + "x" * (10 * 1024 * 1024) + "\n")
    result = check(HOSHIKO, big)
    assert result.exit_code == ExitCode.USAGE
    [error] = result.stderr.splitlines()
    assert error.startswith(f"nrdeck: error: {big}: ") and error.endswith("larger than 1 MiB")


@pytest.mark.parametrize(
    ("bomb", "key", "what"),
    [
        ("banned = " + "[" * 100_000, "banned", "nested"),
        ("points = " + "{a = " * 20_000, "points", "nested"),
        ("max_copies = " + "1" * 100_000, "max_copies", "digits"),
    ],
)
def test_a_toml_bomb_is_refused_before_it_is_parsed(
    tmp_path: Path, bomb: str, key: str, what: str
) -> None:
    league = write(tmp_path, LEAGUE.replace("[pools.sixth]", f"{bomb}\n[pools.sixth]"))
    result = check(HOSHIKO, league)
    assert result.exit_code == ExitCode.USAGE
    line = _line(LEAGUE, "[pools.sixth]")
    [error] = result.stderr.splitlines()
    assert error.startswith(f"nrdeck: error: {league}:{line}: ")  # where
    assert f": {key} " in error and what in error  # what is wrong there


def test_a_format_file_url_is_refused_with_what_to_do_instead() -> None:
    url = "https://raw.githubusercontent.com/example/astro/main/astro.toml"
    result = check(HOSHIKO, Path(url))
    assert result.exit_code == ExitCode.USAGE
    said = " ".join(result.stderr.split())  # as one line, however the terminal wraps it
    assert "from disk" in said and "not from the network" in said  # why
    assert "(curl -fLO URL)" in said and "its path" in said  # what to do instead


def _dates_as_text(value: Any) -> Any:
    """A parsed TOML table as JSON Schema sees TOML: dates as ISO text."""
    if isinstance(value, dict):
        return {k: _dates_as_text(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_dates_as_text(v) for v in value]
    return value.isoformat() if hasattr(value, "isoformat") else value


@pytest.mark.parametrize("name", ["astro.toml", "throwback.toml", "core.toml"])
def test_the_shipped_files_fit_the_published_schema(name: str) -> None:
    import jsonschema

    schema = json.loads((ROOT / "docs" / "format-file.schema.json").read_text("utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    table = tomllib.loads((ROOT / "data" / "formats" / name).read_text("utf-8"))
    jsonschema.Draft202012Validator(schema).validate(_dates_as_text(table))
    assert table["id"] == name.removesuffix(".toml")  # --format names a file by its id


def test_the_schema_knows_the_keys_the_reader_knows() -> None:
    from nrdeck.rules.formatfiles.community_file import LIST_KEYS, PERIOD_KEYS, POOL_KEYS
    from nrdeck.rules.formatfiles.toplevel import TOP_KEYS

    schema = json.loads((ROOT / "docs" / "format-file.schema.json").read_text("utf-8"))
    defs = schema["$defs"]
    assert set(schema["properties"]) == TOP_KEYS
    assert set(defs["pool"]["properties"]) == POOL_KEYS
    assert set(defs["list"]["properties"]) == LIST_KEYS
    assert set(defs["period"]["properties"]) == PERIOD_KEYS


def test_a_house_file_of_every_era_fits_the_schema_too(tmp_path: Path) -> None:
    import jsonschema

    schema = json.loads((ROOT / "docs" / "format-file.schema.json").read_text("utf-8"))
    page = (ROOT / "docs" / "formats-and-dates.md").read_text("utf-8")
    house = page.split("## House formats", 1)[1].split("```toml\n", 1)[1].split("```", 1)[0]
    jsonschema.Draft202012Validator(schema).validate(tomllib.loads(house))
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft202012Validator(schema).validate({"name": "X", "colour": "red"})


HOUSE_ON_STANDARD = 'name = "Team League"\nbase = "standard"\nbanned = ["Hedge Fund"]\n'
HOUSE_ON_A_POOL = 'name = "Pool League"\ncard_pool = "startup_vantage_point"\n'
HOUSE_ON_FORMAT = 'name = "Any League"\nbanned = ["Hedge Fund"]\n'


OWN_FORMATS = [  # the file, --format given, the file's own format, the line that names it
    (LEAGUE, "standard", "league", ""),
    (HOUSE_ON_STANDARD, "startup", "standard", ":2"),
    (HOUSE_ON_A_POOL, "eternal", "startup", ":2"),
]
COMMANDS = ["check", "stats", "timeline", "event"]


@pytest.mark.parametrize(
    ("command", "text", "given", "own", "line"),
    [
        (command, *case)
        for command in COMMANDS
        for case in OWN_FORMATS
        # a history needs dated periods: a house file on a pool has none (exit 2 already)
        if not (command == "timeline" and case[0] is HOUSE_ON_A_POOL)
    ],
)
def test_format_given_on_purpose_must_be_the_format_files_own(
    tmp_path: Path, command: str, text: str, given: str, own: str, line: str
) -> None:
    # a silent choice between the two would judge every deck by the other format's rules
    fmt = write(tmp_path, text)
    target = str(HOSHIKO)
    if command == "event":
        roster = tmp_path / "roster.csv"
        roster.write_text(f"player,corp,runner\nAda,,{HOSHIKO}\n", encoding="utf-8")
        target = str(roster)
    args = [command, target, "--offline", "--format-file", str(fmt), "--allow-paths-outside"]
    args = args if command == "event" else args[:-1]
    result = runner.invoke(app, [*args, "--format", given])
    assert result.exit_code == ExitCode.USAGE, result.output
    [error] = result.stderr.strip().splitlines()
    assert f"{fmt}{line}: " in error  # where
    assert f"format '{own}'" in error and f"--format says '{given}'" in error  # the two
    # the same file without --format, or with its own format named, is read as before
    for agreeing in ([], ["--format", own.upper()]):
        assert runner.invoke(app, [*args, *agreeing]).exit_code in (0, 1)


def test_a_house_file_without_base_or_pool_builds_on_the_format_given(tmp_path: Path) -> None:
    fmt = write(tmp_path, HOUSE_ON_FORMAT)
    startup = check(HOSHIKO, fmt, "--format", "startup", "--output-format", "json")
    assert startup.exit_code in (0, 1), startup.stderr
    assert json.loads(startup.stdout)["decks"][0]["snapshot"].startswith("startup_")


def test_what_a_format_file_makes_check_say_reads_as_the_golden_file_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # the file named as a user names it, in any checkout

    def of(deck: Path, text: str, *args: str, code: str = "") -> str:
        found = problems(deck, write(tmp_path, text), *args)
        return said(p for p in found if code in ("", p["code"]))

    def error(deck: Path, text: str, *args: str) -> str:
        write(tmp_path, text)
        result = runner.invoke(
            app, ["check", str(deck), "--offline", "--format-file", "league.toml", *args]
        )
        return plain(result.stderr, tmp_path)

    newer = LEAGUE.replace('restricted = ["Hedge Fund", "regolith_mining_license"]', "")
    newer += '\n[lists.league_2]\nname = "League List 2.0"\ndate = 2026-12-01\n'
    newer += 'banned = ["Sting!", "brand_new_card"]\n'
    newer += '\n[[periods]]\nfrom = 2026-12-01\npool = "sixth"\nlist = "league_2"\n'
    house = (
        'name = "Highlander"\nbase = "standard"\nmax_copies = 1\nbanned_subtypes = ["current"]\n'
    )
    hacktivist = tmp_path / "deck.txt"
    hacktivist.write_text(HOSHIKO.read_text("utf-8") + "1 Hacktivist Meeting\n", "utf-8")
    cases = [
        ("a copy limit of 2", of(PE_2024, LEAGUE, "--as-of", "2024-10-01", code="copies")),
        ("a restricted list", of(PE_2024, LEAGUE, "--as-of", "2024-10-01", code="restricted")),
        ("every current banned", of(hacktivist, house, "--as-of", "2025-11-01", code="banned")),
        ("a list newer than the card data", error(PE_2024, newer, "--as-of", "2026-12-05")),
        ("the same list, older than the card data",
         error(PE_2024, newer.replace("2026-12-01", "2026-06-01"), "--as-of", "2026-06-05")),
        ("larger than 1 MiB", error(HOSHIKO, LEAGUE + "# " + "x" * (1 << 20) + "\n")),
        ("--format given, another format's file", error(HOSHIKO, HOUSE_ON_STANDARD, "--format",
                                                        "startup")),
        *(
            (f"bad: {needle}", error(HOSHIKO, text))
            for text, needle, _ in BAD
            if needle != "[[periods]"  # TOML's own syntax error: the TOML library's words
        ),
    ]  # fmt: skip
    assert_golden_cases("messages/check-format-files.txt", cases, __file__)
