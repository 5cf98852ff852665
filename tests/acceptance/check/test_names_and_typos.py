"""Names and typos: a ban list of another format says whose it is and the --format to use; a
line read in another language never takes English suggestions away from the other lines; an
invisible character NetrunnerDB's own data spells a set name with is read, one a user wrote
in a title stays refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from nrdeck.cli import app
from nrdeck.errors import ExitCode
from tests.paths import EXAMPLES

SG = str(EXAMPLES / "sg-catalyst.txt")


def check(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(app, ["check", "--offline", *args], input=stdin)


@pytest.mark.parametrize(
    ("args", "said", "hint"),
    [
        (
            ("--banlist", "26.04"),
            "ban list '26.04' is not Standard's: '26.04' is Null Signal Games' name for "
            "Startup Balance Update 26.05, one of Startup's lists",
            "use --format startup --banlist 26.04",
        ),
        (
            ("--format", "eternal", "--banlist", "standard_ban_list_25_08"),
            "ban list 'standard_ban_list_25_08' is not Eternal's: 'standard_ban_list_25_08' is "
            "Standard Ban List 25.08, one of Standard's lists",
            "use --format standard --banlist standard_ban_list_25_08",
        ),
        (
            ("--format", "astro", "--banlist", "26.08"),
            "ban list '26.08' is not Astro's: '26.08' is Standard Balance Update 26.08",
            "use --format standard --banlist 26.08",
        ),
    ],
    ids=["nsg-name", "id", "community-format"],
)
def test_a_ban_list_of_another_format_says_whose_and_the_format_to_use(
    args: tuple[str, ...], said: str, hint: str
) -> None:
    result = check(SG, *args)
    assert result.exit_code == ExitCode.USAGE
    [line] = result.stderr.splitlines()
    assert line.startswith(f"nrdeck: error: {said}"), line
    assert hint in line
    assert "did you mean" not in line  # no look-alike of this format's lists


def test_an_unknown_list_of_no_format_still_gets_the_formats_own_suggestions() -> None:
    result = check(SG, "--banlist", "26.06")
    assert result.exit_code == ExitCode.USAGE
    assert "unknown ban list '26.06' for format standard; did you mean 26.08" in result.stderr


def test_a_line_read_in_another_language_leaves_english_suggestions_to_the_others() -> None:
    text = "Weyland Consortium: Built to Last\n3 Hedge Fnd\n2 Balista\n"
    result = check("-", stdin=text)
    assert result.exit_code == ExitCode.ILLEGAL
    assert "titles read in English (1), Spanish (1)" in result.stdout
    assert (
        "unknown-card (line 2): no card is called 'Hedge Fnd' in English or Spanish; "
        "did you mean Hedge Fund?"
    ) in result.stdout
    alone = check("-", stdin="Weyland Consortium: Built to Last\n3 Hedge Fnd\n")
    assert "no card is called 'Hedge Fnd'; did you mean Hedge Fund?" in alone.stdout


def test_a_title_in_the_lists_language_comes_first_and_the_same_card_once() -> None:
    text = "Haas-Bioroid: Precision Design\n3 Hedgefonds\n3 Eisbarriere\n2 Hedge Fnd\n"
    result = check("-", stdin=text)
    assert (
        "no card is called 'Hedge Fnd' in English or German; did you mean Hedgefonds (Hedge Fund)?"
    ) in result.stdout


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
    result = check("-", "--data", str(built), stdin=_french(" (Vrai visage\ufeff)"))
    assert "unknown-card" not in result.stdout, result.stdout
    assert "invisible" not in result.stdout
    assert "titles read in French (3)" in result.stdout  # the identity too


@pytest.mark.parametrize(
    "sets", [" (Vrai\u200b visage)", "\u200b (Vrai visage\ufeff)", " (Mon set\ufeff)"]
)
def test_an_invisible_character_a_user_wrote_stays_refused(built: Path, sets: str) -> None:
    result = check("-", "--data", str(built), stdin=_french(sets))
    assert result.exit_code == ExitCode.ILLEGAL
    assert "it holds an invisible character (U+" in result.stdout
