"""Names and typos: a ban list of another format says whose it is and the --format to use; a
line read in another language never takes English suggestions away from the other lines; an
invisible character NetrunnerDB's own data spells a set name with is read, one a user wrote
in a title stays refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from nrdeck.cli import app
from nrdeck.errors import ExitCode
from tests.acceptance.check.words import said, suggested
from tests.paths import EXAMPLES, assert_golden_cases

SG = str(EXAMPLES / "sg-catalyst.txt")


def check(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(app, ["check", "--offline", *args], input=stdin)


def deck_of(text: str, *args: str) -> dict[str, Any]:
    """The JSON report of the decklist ``text``, read from standard input."""
    result = check("-", "--output-format", "json", *args, stdin=text)
    assert result.exit_code in (0, 1), result.output
    found: dict[str, Any] = json.loads(result.stdout)["decks"][0]
    return found


def unknown(deck: dict[str, Any]) -> list[tuple[int, str]]:
    """The unknown-card problems of a report: line and message."""
    return [(p["line"], p["message"]) for p in deck["problems"] if p["code"] == "unknown-card"]


# the options; the format asked, the list's name and format; the options that would name it
OTHER_FORMATS_LISTS = [
    (("--banlist", "26.04"), "Standard's", "Startup Balance Update 26.05", "startup"),
    (
        ("--format", "eternal", "--banlist", "standard_ban_list_25_08"),
        "Eternal's",
        "Standard Ban List 25.08",
        "standard",
    ),
    (
        ("--format", "astro", "--banlist", "26.08"),
        "Astro's",
        "Standard Balance Update 26.08",
        "standard",
    ),
]


@pytest.mark.parametrize(
    ("args", "asked", "named", "whose"),
    OTHER_FORMATS_LISTS,
    ids=["nsg-name", "id", "community-format"],
)
def test_a_ban_list_of_another_format_says_whose_and_the_format_to_use(
    args: tuple[str, ...], asked: str, named: str, whose: str
) -> None:
    result = check(SG, *args)
    assert result.exit_code == ExitCode.USAGE
    [line] = result.stderr.splitlines()
    assert line.startswith("nrdeck: error: ") and f"'{args[-1]}' is not {asked}: " in line
    assert named in line  # the list it is
    assert f"use --format {whose} --banlist {args[-1]}" in line  # what to do
    assert "did you mean" not in line  # no look-alike of this format's lists


def test_an_unknown_list_of_no_format_still_gets_the_formats_own_suggestions() -> None:
    result = check(SG, "--banlist", "26.06")
    assert result.exit_code == ExitCode.USAGE
    assert "'26.06'" in result.stderr and suggested(result.stderr)[0] == "26.08"


def test_a_line_read_in_another_language_leaves_english_suggestions_to_the_others() -> None:
    text = "Weyland Consortium: Built to Last\n3 Hedge Fnd\n2 Balista\n"
    assert check("-", stdin=text).exit_code == ExitCode.ILLEGAL
    deck = deck_of(text)
    assert deck["languages"] == {"en": 1, "es": 1}
    [(line, message)] = unknown(deck)
    assert line == 2 and "Spanish" in message and suggested(message) == ["Hedge Fund"]
    [(_, alone)] = unknown(deck_of("Weyland Consortium: Built to Last\n3 Hedge Fnd\n"))
    assert "Spanish" not in alone and suggested(alone) == ["Hedge Fund"]


def test_a_title_in_the_lists_language_comes_first_and_the_same_card_once() -> None:
    text = "Haas-Bioroid: Precision Design\n3 Hedgefonds\n3 Eisbarriere\n2 Hedge Fnd\n"
    [(_, message)] = unknown(deck_of(text))
    assert "German" in message and suggested(message) == ["Hedgefonds (Hedge Fund)"]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, cards_json: Path) -> Path:
    """The card data built from ../shared's checkout, its titles beside it."""
    out = tmp_path_factory.mktemp("built") / "cards.json"
    result = CliRunner().invoke(
        app, ["data", "build", "--from", str(cards_json), "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    return out


def _french(sets: str) -> str:
    return (
        "Zahya Sadeghi : Contrebandière Versatile\n"
        f"3x Serrure{sets}\n"
        f"2x Soutien aux Activistes{sets}\n"
    )


def test_a_set_name_spelt_as_the_data_spells_it_is_read(built: Path) -> None:
    # NetrunnerDB's French name of True Colors ends in an invisible U+FEFF
    deck = deck_of(_french(" (Vrai visage\ufeff)"), "--data", str(built))
    assert unknown(deck) == [], deck["problems"]
    assert deck["languages"] == {"fr": 3}  # the identity too


@pytest.mark.parametrize(
    "sets", [" (Vrai\u200b visage)", "\u200b (Vrai visage\ufeff)", " (Mon set\ufeff)"]
)
def test_an_invisible_character_a_user_wrote_stays_refused(built: Path, sets: str) -> None:
    result = check("-", "--data", str(built), stdin=_french(sets))
    assert result.exit_code == ExitCode.ILLEGAL
    refused = unknown(deck_of(_french(sets), "--data", str(built)))
    assert refused and all("invisible character (U+" in message for _, message in refused)


def test_what_check_says_of_names_reads_as_the_golden_file_says(tmp_path: Path) -> None:
    from tests.acceptance.check.test_list_names import ZAHYA, without_startup_26_05

    def error(*args: str) -> str:
        return check(ZAHYA, *args).stderr.replace(str(tmp_path), "<tmp>")

    def problems(text: str) -> str:
        return said(p for p in deck_of(text)["problems"] if p["code"] == "unknown-card")

    data = str(without_startup_26_05(tmp_path))
    cases = [
        *((f"another format's list: {' '.join(args)}", error(*args))
          for args, *_ in OTHER_FORMATS_LISTS),
        ("an unknown list", error("--banlist", "26.06")),
        ("an unknown list of Startup", error("--format", "startup", "--banlist", "sbu-26.10")),
        ("a name two snapshots share", error("--snapshot", "20.09")),
        ("Null Signal Games' name of a list the data lacks",
         error("--data", data, "--format", "startup", "--banlist", "26.04")),
        ("a typo in a list in Spanish",
         problems("Weyland Consortium: Built to Last\n3 Hedge Fnd\n2 Balista\n")),
        ("a typo in a list in German",
         problems("Haas-Bioroid: Precision Design\n3 Hedgefonds\n3 Eisbarriere\n2 Hedge Fnd\n")),
        ("an invisible character", problems("3 Hedge\u200b Fund\n")),
    ]  # fmt: skip
    assert_golden_cases("messages/check-names.txt", cases, __file__)
