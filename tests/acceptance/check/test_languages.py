"""Decklists in the languages of the card data, through the CLI: every shape nrdeck reads,
mixed languages, collisions, gaps in a language's titles, and hostile titles.

The lists are the example decks with their English titles replaced by the titles of the
bundled snapshot's titles document (``data/cards.titles.json``), where it has one.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from typer.testing import CliRunner, Result

import nrdeck.report
from nrdeck.cards.bundled import snapshot_path
from nrdeck.cards.document import titles_path
from nrdeck.cli import app
from tests.acceptance.check.words import lines_with, plain, said, suggested
from tests.ids import ZAHYA as ZAHYA_CARD
from tests.paths import ROOT, assert_golden_cases

EXAMPLES = ROOT / "data" / "examples"
ZAHYA = (EXAMPLES / "standard-zahya.txt").read_text(encoding="utf-8")
ILLEGAL = (EXAMPLES / "illegal-standard.txt").read_text(encoding="utf-8")
LANGUAGES = json.loads(titles_path(snapshot_path()).read_text(encoding="utf-8"))["languages"]
ENGLISH = {c["title"]: c["id"] for c in json.loads(snapshot_path().read_text("utf-8"))["cards"]}
SCHEMA = json.loads(
    (Path(nrdeck.report.__file__).parent / "check-v1.schema.json").read_text(encoding="utf-8")
)
HEADER = re.compile(r"^(\w[\w ]*?) \((\d+)\)$")
HEADER_TYPES = {"event": "event", "hardware": "hardware", "program": "program"}
HEADER_TYPES |= {"resource": "resource", "agenda": "agenda", "asset": "asset", "ice": "ice"}
HEADER_TYPES |= {"operation": "operation", "upgrade": "upgrade"}
SIX_AND_MORE = ("de", "fr", "es", "pl", "ja", "zh-hans", "ko", "it")


def title_in(language: str, english: str) -> str:
    """The card's title in ``language``, its English title where the data has none."""
    return str(LANGUAGES[language]["cards"].get(ENGLISH.get(english, ""), english))


def translated(text: str, language: str) -> str:
    """A plain-text list with its titles and section headers in ``language``."""
    out = []
    for line in text.splitlines():
        header = HEADER.match(line)
        quantity, _, title = line.partition(" ")
        if header and header.group(1).lower() in HEADER_TYPES:
            name = LANGUAGES[language]["types"][HEADER_TYPES[header.group(1).lower()]]
            out.append(f"{name} ({header.group(2)})")
        elif quantity.isdigit() and title:
            out.append(f"{quantity} {title_in(language, title)}")
        elif line in ENGLISH:
            out.append(title_in(language, line))
        else:
            out.append(line)
    return "\n".join(out) + "\n"


def check(tmp_path: Path, text: str, *args: str, name: str = "deck.txt") -> Result:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return CliRunner().invoke(app, ["check", str(path), "--offline", *args])


def report(tmp_path: Path, text: str, *args: str, name: str = "deck.txt") -> dict[str, Any]:
    result = check(tmp_path, text, "--output-format", "json", *args, name=name)
    assert result.exit_code in (0, 1), result.output
    doc: dict[str, Any] = json.loads(result.stdout)
    jsonschema.validate(doc, SCHEMA)
    deck: dict[str, Any] = doc["decks"][0]
    return deck


READING = ("unknown-card", "ambiguous-card", "parse-error")


def reading(deck: dict[str, Any]) -> list[dict[str, Any]]:
    """The problems met reading the list (not those of the deck's construction)."""
    return [p for p in deck["problems"] if p["code"] in READING]


def verdict(deck: dict[str, Any]) -> tuple[bool, list[tuple[str, int | None, list[str]]]]:
    """What a check decides: legal or not, and each problem's code, line and cards."""
    return deck["legal"], [(p["code"], p["line"], p["cards"]) for p in deck["problems"]]


# -- every language, the same verdict -----------------------------------------------
@pytest.mark.parametrize("language", SIX_AND_MORE)
def test_a_list_in_another_language_gets_the_english_verdict(tmp_path: Path, language: str) -> None:
    english = report(tmp_path, ZAHYA, name="en.txt")
    local = report(tmp_path, translated(ZAHYA, language), name=f"{language}.txt")
    assert english["legal"] and verdict(local) == verdict(english)
    assert local["languages"][language] >= 10
    assert local["identity"] == english["identity"]
    assert {t["language"] for t in local["translated_titles"]} <= {language, "zh-hant", "ja"}


@pytest.mark.parametrize("language", ("de", "ja", "zh-hans"))
def test_problems_and_codes_are_the_same_in_every_language(tmp_path: Path, language: str) -> None:
    english = report(tmp_path, ILLEGAL, name="en.txt")
    local = report(tmp_path, translated(ILLEGAL, language), name=f"{language}.txt")
    codes = [(code, line) for code, line, _ in verdict(english)[1]]
    assert not english["legal"] and [(c, n) for c, n, _ in verdict(local)[1]] == codes
    # the checks' messages name cards by their English titles whatever the list's language
    same = [p["message"] for p in english["problems"] if p["code"] != "unknown-card"]
    assert [p["message"] for p in local["problems"] if p["code"] != "unknown-card"] == same


def test_text_output_shows_the_english_title_beside_what_the_line_said(tmp_path: Path) -> None:
    result = check(tmp_path, translated(ZAHYA, "fr"), "-v")
    assert result.exit_code == 0, result.output
    assert "titles read in French (" in result.stdout
    [shown] = lines_with(result.stdout, "line 5: ")
    assert shown.split(" = ") == [f"line 5: {_fr('Sure Gamble')} (French)", "Sure Gamble"]
    quiet = check(tmp_path, translated(ILLEGAL, "fr"))
    line = next(x for x in quiet.stdout.splitlines() if "✗ banned" in x)
    assert "[the line says '" in line and ", French]" in line


# -- every shape nrdeck reads ---------------------------------------------------------
def _fr(english: str) -> str:
    return title_in("fr", english)


def _de(english: str) -> str:
    return title_in("de", english)


ZAHYA_ID = "Zahya Sadeghi: Versatile Smuggler"
RUNNER_CARDS = (("Sure Gamble", 3), ("Tread Lightly", 3), ("Mutual Favor", 3))


def _shape(shape: str) -> tuple[str, str]:
    """(input format, a Runner list in French or German written in that shape)."""
    lines = [(n, _fr(t)) for t, n in RUNNER_CARDS]
    if shape == "nrdb-text":
        body = "\n".join(f"{n}x {t} (Elevation)" for n, t in lines)
        return shape, (
            f"Mon deck\n\n{_fr(ZAHYA_ID)} (Elevation)\n\nÉvénement (9)\n{body}\n\n"
            "9 cards (min 40)\nDeck built on https://netrunnerdb.com.\n"
        )
    if shape == "markdown":
        body = "\n".join(f"* {n}x {t} _(Elevation)_" for n, t in lines)
        return shape, f"## Mon deck\n\n{_fr(ZAHYA_ID)} _(Elevation)_\n\n###Événement (9)\n{body}\n"
    if shape == "bbcode":
        body = "\n".join(f"{n}x {t} [i](Elevation)[/i]" for n, t in lines)
        return shape, f"[b]Mon deck[/b]\n\n{_fr(ZAHYA_ID)}\n\n[b]Événement (9)[/b]\n{body}\n"
    if shape == "jinteki":
        body = "\n".join(f"{n} {_de(t)}" for t, n in RUNNER_CARDS)
        return shape, f";; title: Mein Deck\n;; identity: {_de(ZAHYA_ID)}\n{body}\n"
    if shape == "o8d":
        cards = "".join(f'<card qty="{n}" id="">{t}</card>' for n, t in lines)
        return shape, (
            '<?xml version="1.0" encoding="utf-8"?><deck>'
            f'<section name="Identity"><card qty="1" id="">{_fr(ZAHYA_ID)}</card></section>'
            f'<section name="R&amp;D / Stack">{cards}</section></deck>'
        )
    raise AssertionError(shape)


@pytest.mark.parametrize("shape", ("nrdb-text", "markdown", "bbcode", "jinteki", "o8d"))
def test_every_decklist_shape_reads_titles_in_other_languages(tmp_path: Path, shape: str) -> None:
    fmt, text = _shape(shape)
    deck = report(tmp_path, text, "--input-format", fmt, "--format", "casual", name="deck.x")
    assert deck["identity"]["id"] == ZAHYA_CARD, deck["problems"]
    assert deck["stats"]["cards"] == 9
    codes = [p["code"] for p in deck["problems"]]
    assert "unknown-card" not in codes and "parse-error" not in codes, deck["problems"]
    assert {t["language"] for t in deck["translated_titles"]} in ({"fr"}, {"de"})


def test_an_o8d_deck_by_codes_still_reads_its_codes(tmp_path: Path) -> None:
    text = (
        '<?xml version="1.0"?><deck><section name="R&amp;D / Stack">'
        '<card qty="3" id="bc0f047c-01b1-427f-a439-d451eda01110">Fonds d\'Investissement</card>'
        "</section></deck>"
    )
    deck = report(tmp_path, text, "--input-format", "o8d", "--format", "casual", name="d.o8d")
    assert deck["translated_titles"] == [] and deck["stats"]["cards"] == 3


def _translate_roster(data: Any, language: str) -> Any:
    """Every English title in a roster (Cobra JSON) written in ``language``."""
    if isinstance(data, dict):
        return {k: _translate_roster(v, language) for k, v in data.items()}
    if isinstance(data, list):
        return [_translate_roster(v, language) for v in data]
    if isinstance(data, str) and data in ENGLISH:
        return title_in(language, data)
    return data


def _states(result: Result) -> dict[str, str]:
    assert result.exit_code in (0, 1), result.output
    return {p["player"]: p["status"] for p in json.loads(result.stdout)["players"]}


@pytest.mark.parametrize("roster", ("decks.json", "decks.csv"))
def test_cobra_rosters_in_another_language_get_the_same_states(tmp_path: Path, roster: str) -> None:
    source = ROOT / "tests" / "fixtures" / "event" / "cobra" / roster
    text = source.read_text(encoding="utf-8-sig")
    if roster.endswith(".json"):
        local = json.dumps(_translate_roster(json.loads(text), "de"), ensure_ascii=False)
    else:
        local = re.sub(r'"([^"]+)"', lambda m: f'"{_de(m.group(1))}"', text)
    (tmp_path / roster).write_text(local, encoding="utf-8")
    args = ("--format", "standard", "--as-of", "2025-10-01", "--output-format", "json")
    english = CliRunner().invoke(app, ["event", str(source), *args])
    german = CliRunner().invoke(app, ["event", str(tmp_path / roster), *args])
    assert local != text and _states(german) == _states(english)


def test_a_roster_cell_holding_a_list_in_another_language(tmp_path: Path) -> None:
    (tmp_path / "zahya-ko.txt").write_text(translated(ZAHYA, "ko"), encoding="utf-8")
    (tmp_path / "zahya.txt").write_text(ZAHYA, encoding="utf-8")
    roster = "player,corp,runner\nMin-jun,,zahya-ko.txt\nAda,,zahya.txt\n"
    (tmp_path / "roster.csv").write_text(roster, encoding="utf-8")
    result = CliRunner().invoke(
        app, ["event", str(tmp_path / "roster.csv"), "--offline", "--output-format", "json"]
    )
    korean, english = (
        {k: v for k, v in p["runner"].items() if k not in ("source", "same_list_as")}
        for p in json.loads(result.stdout)["players"]
    )
    assert korean == english and "unknown-card" not in result.stdout
    assert _states(result) == {"Min-jun": "missing", "Ada": "missing"}


# -- mixed languages, collisions, gaps -----------------------------------------------
def test_languages_mix_freely_in_one_list(tmp_path: Path) -> None:
    text = f"{ZAHYA_ID}\n3 {_de('Sure Gamble')}\n3 {_fr('Tread Lightly')}\n3 Mutual Favor\n"
    deck = report(tmp_path, text, "--format", "casual")
    assert reading(deck) == [] and deck["stats"]["cards"] == 9
    assert deck["languages"] == {"en": 2, "de": 1, "fr": 1}


def test_a_collision_is_decided_by_the_decks_side(tmp_path: Path) -> None:
    # 'Wiedergeburt' is the German title of Rebirth (Runner) and of Regenesis (Corp)
    text = f"{_de(ZAHYA_ID)}\n1 Wiedergeburt\n3 {_de('Sure Gamble')}\n"
    deck = report(tmp_path, text, "--format", "casual")
    assert reading(deck) == []
    said = {"line": 2, "written": "Wiedergeburt", "card": "rebirth", "title": "Rebirth"}
    said |= {"also_names": ["Regenesis"], "decided_by": "side"}
    assert said.items() <= deck["translated_titles"][1].items()
    # never silent: the text report says what was chosen, and why
    [shown] = lines_with(check(tmp_path, text, "--format", "casual").stdout, "line 2: ")
    assert "'Wiedergeburt' (German)" in shown and "Regenesis" in shown  # what else it names
    assert "read as Rebirth" in shown and shown.endswith("side")  # what was chosen, and why


def test_a_collision_is_decided_by_the_pool_in_force_else_named(tmp_path: Path) -> None:
    # 'Conducto' is the Spanish title of Conduit and of Pipeline, both Runner programs:
    # only Conduit is in Standard's pool; Eternal has both
    text = translated(ZAHYA, "es") + "1 Conducto\n"
    standard = report(tmp_path, text, "--format", "standard")
    assert [p["code"] for p in standard["problems"]] == []
    chosen = standard["translated_titles"][-1]
    assert chosen["card"] == "conduit" and chosen["decided_by"] == "pool"
    assert chosen["also_names"] == ["Pipeline"]
    eternal = report(tmp_path, text, "--format", "eternal")
    (ambiguous,) = [p for p in eternal["problems"] if p["code"] == "ambiguous-card"]
    assert ambiguous["cards"] == ["conduit", "pipeline"]
    assert ambiguous["line"] == len(text.splitlines())
    assert "Conduit, Pipeline" in ambiguous["message"] and not eternal["legal"]


def test_a_collision_nothing_decides_is_ambiguous_naming_the_cards(tmp_path: Path) -> None:
    # '劫2.0' is the Simplified Chinese title of Kakugo and of Zed 2.0 (both Corp ice, one set)
    text = "3 Hedge Fund\n2 劫2.0\n"
    result = check(tmp_path, text, "--format", "eternal")
    assert result.exit_code == 1
    (ambiguous,) = reading(report(tmp_path, text, "--format", "eternal"))
    assert (ambiguous["code"], ambiguous["line"]) == ("ambiguous-card", 2)
    assert ambiguous["cards"] == ["kakugo", "zed_2_0"]
    assert "Simplified Chinese" in ambiguous["message"]  # the language of the title
    assert "English title" in ambiguous["message"]  # what to write instead


@pytest.mark.parametrize(("language", "name"), (("ja", "Japanese"), ("zh-hans", "Chinese")))
def test_a_title_the_language_lacks_says_so_instead_of_english_noise(
    tmp_path: Path, language: str, name: str
) -> None:
    text = translated(ZAHYA, language) + "1 存在しない札\n"
    deck = report(tmp_path, text)
    (unknown,) = [p for p in deck["problems"] if p["code"] == "unknown-card"]
    assert f"{name} titles for " in unknown["message"] and "did you mean" not in unknown["message"]
    assert "write its English title" in unknown["message"]


def test_suggestions_come_in_the_lists_language(tmp_path: Path) -> None:
    text = translated(ZAHYA, "fr").replace("Pari Truqué", "Pari Truké")
    (unknown,) = reading(report(tmp_path, text))
    assert "English or French" in unknown["message"]  # the languages the list is read in
    assert suggested(unknown["message"])[0] == f"{_fr('Sure Gamble')} (Sure Gamble)"


def test_english_lists_keep_english_suggestions(tmp_path: Path) -> None:
    (unknown,) = reading(report(tmp_path, ZAHYA.replace("Sure Gamble", "Sure Gambel")))
    assert suggested(unknown["message"]) == ["Sure Gamble"]


# -- normalisation --------------------------------------------------------------------
def test_full_width_quantities_spaces_and_headers(tmp_path: Path) -> None:
    hedge, ops = title_in("ja", "Hedge Fund"), LANGUAGES["ja"]["types"]["operation"]
    scorch = title_in("ja", "Scorched Earth")
    text = f"{ops}（６）\n３ｘ　{hedge}\n{scorch}　×３\n"
    deck = report(tmp_path, text, "--format", "casual")
    assert reading(deck) == [] and deck["stats"]["cards"] == 6
    assert [t["card"] for t in deck["translated_titles"]] == ["hedge_fund", "scorched_earth"]


def _find(language: str, wanted: str) -> tuple[str, str]:
    """(card id, title) of the first card whose title in ``language`` holds ``wanted``."""
    cards = LANGUAGES[language]["cards"]
    return next((c, t) for c, t in sorted(cards.items()) if wanted in t)


@pytest.mark.parametrize(
    ("language", "letter", "typed"),
    (("pl", "ł", "l"), ("de", "ü", "ue"), ("de", "ö", "oe"), ("de", "ß", "ss")),
)
def test_letters_typed_without_their_marks(
    tmp_path: Path, language: str, letter: str, typed: str
) -> None:
    card, title = _find(language, letter)
    deck = report(tmp_path, f"1 {title.replace(letter, typed)}\n", "--format", "casual")
    assert reading(deck) == [] and deck["translated_titles"][0]["card"] == card


def test_japanese_voicing_marks_are_part_of_the_letter(tmp_path: Path) -> None:
    card, title = _find("ja", "ジ")
    deck = report(tmp_path, f"1 {title}\n1 {title.replace('ジ', 'シ')}\n", "--format", "casual")
    assert deck["translated_titles"][0]["card"] == card
    assert [p["code"] for p in reading(deck)] == ["unknown-card"]


# -- hostile titles -----------------------------------------------------------------
@pytest.mark.parametrize(
    ("line", "said"),
    (
        ("3 Hedge\u200bFund", "invisible character (U+200B)"),
        ("3 Hedge Fu\u2060nd", "invisible character (U+2060)"),
        (f"3 {_fr('Hedge Fund')}\u202e", "invisible character (U+202E)"),
        ("3 \u041dedge Fund", "mixes Cyrillic and Latin letters"),
        ("3 Fonds d'Inv\u0435stissement", "mixes Cyrillic and Latin letters"),
    ),
)
def test_hostile_titles_never_resolve_and_never_reach_the_terminal_raw(
    tmp_path: Path, line: str, said: str
) -> None:
    deck = report(tmp_path, f"{ZAHYA_ID}\n{line}\n", "--format", "casual")
    (problem,) = reading(deck)
    assert problem["code"] == "unknown-card" and said in problem["message"]
    assert deck["stats"]["cards"] == 0
    shown = check(tmp_path, f"{ZAHYA_ID}\n{line}\n", "--format", "casual")
    assert not any(c in shown.stdout for c in "\u200b\u2060\u202e")


# -- sheets in a language -----------------------------------------------------------
def test_a_sheet_prints_titles_in_the_language_asked(tmp_path: Path) -> None:
    path = tmp_path / "zahya.txt"
    path.write_text(ZAHYA, encoding="utf-8")
    args = ["convert", str(path), "--to", "sheet", "--offline"]
    result = CliRunner().invoke(app, [*args, "--lang", "fr"])
    assert result.exit_code == 0, result.output
    page = result.stdout
    assert '<html lang="fr">' in page and "<h2>Événement (14)</h2>" in page
    assert 'Pari Truqué <span class="en">Sure Gamble</span>' in page
    assert '<span class="title">Carmen</span>' in page  # no French title: the English one
    english = CliRunner().invoke(app, args).stdout
    assert "Pari Truqué" not in english and '<span class="en">' not in english


@pytest.mark.parametrize(
    ("typed", "code"),
    (
        ("FR", "fr"),
        ("zh_Hans", "zh-hans"),
        ("zh-CN", "zh-hans"),
        ("zh-TW", "zh-hant"),
        ("pt-BR", "pt"),
        ("en-GB", "en"),
    ),
)
def test_lang_takes_a_code_as_people_type_it(tmp_path: Path, typed: str, code: str) -> None:
    path = tmp_path / "zahya.txt"
    path.write_text(ZAHYA, encoding="utf-8")
    args = ["convert", str(path), "--to", "sheet", "--offline", "--lang", typed]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert f'<html lang="{code}">' in result.stdout


@pytest.mark.parametrize(
    ("args", "said"),
    (
        (["convert", "{deck}", "--to", "sheet", "--lang", "xx"], "no card titles in 'xx'"),
        (["convert", "{deck}", "--to", "text", "--lang", "fr"], "on sheets only"),
        (["event", "{roster}", "--lang", "fr"], "on sheets only"),
    ),
)
def test_lang_where_it_cannot_apply_is_a_usage_error(
    tmp_path: Path, args: list[str], said: str
) -> None:
    (tmp_path / "zahya.txt").write_text(ZAHYA, encoding="utf-8")
    (tmp_path / "roster.csv").write_text("player,corp,runner\nAda,,zahya.txt\n", "utf-8")
    names = {"deck": str(tmp_path / "zahya.txt"), "roster": str(tmp_path / "roster.csv")}
    result = CliRunner().invoke(app, [*(a.format(**names) for a in args), "--offline"])
    assert result.exit_code == 2 and said in result.stderr


def test_event_sheets_print_titles_in_the_language_asked(tmp_path: Path) -> None:
    (tmp_path / "zahya.txt").write_text(ZAHYA, encoding="utf-8")
    (tmp_path / "roster.csv").write_text("player,corp,runner\nAda,,zahya.txt\n", "utf-8")
    result = CliRunner().invoke(
        app,
        ["event", str(tmp_path / "roster.csv"), "--output-format", "sheets", "--lang", "de"],
    )
    assert result.exit_code in (0, 1), result.output
    assert f'{_de("Sure Gamble")} <span class="en">Sure Gamble</span>' in result.stdout


def test_what_check_says_of_titles_in_a_language_reads_as_the_golden_file_says(
    tmp_path: Path,
) -> None:
    on = ("--as-of", "2026-06-01")  # no warning that the data is old

    def shown(text: str, *args: str) -> str:
        return plain(check(tmp_path, text, *on, *args).stdout, tmp_path)

    def problems(text: str, *args: str) -> str:
        return said(reading(report(tmp_path, text, *on, *args)))

    cases = [
        ("the titles read, -v", shown(translated(ZAHYA, "fr"), "-v")),
        ("a problem on a line in French", shown(translated(ILLEGAL, "fr"))),
        (
            "a title of two cards, decided by the deck's side",
            shown(
                f"{_de(ZAHYA_ID)}\n1 Wiedergeburt\n3 {_de('Sure Gamble')}\n",
                "-v",
                "--format",
                "casual",
            ),
        ),
        (
            "a title of two cards, undecided",
            problems("3 Hedge Fund\n2 劫2.0\n", "--format", "eternal"),
        ),
        ("a title the language lacks", problems(translated(ZAHYA, "ja") + "1 存在しない札\n")),
        (
            "a typo in French",
            problems(translated(ZAHYA, "fr").replace("Pari Truqué", "Pari Truké")),
        ),
        ("a typo in English", problems(ZAHYA.replace("Sure Gamble", "Sure Gambel"))),
    ]
    assert_golden_cases("messages/check-languages.txt", cases, __file__)
