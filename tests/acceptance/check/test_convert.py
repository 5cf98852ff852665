"""`nrdeck convert` end to end: every output format, files, stdin, links, bad input."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import get_args

import pytest
from pytest_httpserver import HTTPServer
from typer.testing import CliRunner, Result

from nrdeck.catalog import CardDB
from nrdeck.cli import app
from nrdeck.cli.convert import OutputFormat
from nrdeck.decklist import INPUT_FORMATS, PARSER_BY_FORMAT
from nrdeck.decklist.writers import READER_OF_WRITER, WRITER_BY_FORMAT
from nrdeck.resolve import resolve
from tests.ids import CATALYST, PERSONAL_EVOLUTION

runner = CliRunner()
DECK = (
    "Tempo Glacier\n\nJinteki: Personal Evolution (Core Set)\n"
    "3x Nisei MK II\n2x Hedge Fund\n1 Hedge Fund\n3x Snare!\n2x Déjà Vu\n"
)
EXPECTED = {"nisei_mk_ii": 3, "hedge_fund": 3, "snare": 3, "deja_vu": 2}


@pytest.fixture(autouse=True)
def _fast_http(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NRDECK_HTTP_RETRIES", "0")


def nrdeck(*args: str, stdin: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=stdin)


def test_cli_choices_match_the_registries() -> None:
    assert set(get_args(OutputFormat)) - {"sheet"} == set(WRITER_BY_FORMAT) == set(READER_OF_WRITER)
    help_words = set(re.findall(r"[\w-]+", nrdeck("convert", "--help").stdout))
    assert set(INPUT_FORMATS) <= set(help_words)
    assert set(READER_OF_WRITER.values()) <= set(PARSER_BY_FORMAT)


@pytest.mark.parametrize("fmt", sorted(WRITER_BY_FORMAT))
def test_convert_to_every_format(fmt: str, tmp_path: Path, db: CardDB) -> None:
    source = tmp_path / "glacier.txt"
    source.write_text(DECK, encoding="utf-8")
    result = nrdeck("convert", str(source), "--to", fmt, "--offline")
    assert result.exit_code == 0, result.output
    deck = resolve(PARSER_BY_FORMAT[READER_OF_WRITER[fmt]].parse(result.stdout, "out"), db)
    assert deck.problems == ()
    assert deck.identity is not None and deck.identity.card_id == PERSONAL_EVOLUTION
    assert deck.counts() == EXPECTED
    if fmt != "o8d":
        assert deck.name == "Tempo Glacier"


def test_convert_output_file_and_back(tmp_path: Path, db: CardDB) -> None:
    source = tmp_path / "glacier.txt"
    source.write_text(DECK, encoding="utf-8")
    o8d = tmp_path / "glacier.o8d"
    assert nrdeck("convert", str(source), "--to", "o8d", "-o", str(o8d)).exit_code == 0
    assert o8d.read_text().startswith("<?xml")
    back = nrdeck("convert", str(o8d), "--to", "jinteki")
    assert back.exit_code == 0
    deck = resolve(PARSER_BY_FORMAT["jinteki"].parse(back.stdout, "back"), db)
    assert deck.identity is not None and deck.identity.card_id == PERSONAL_EVOLUTION
    assert "3 Hedge Fund" in back.stdout.splitlines()


def test_convert_stdin_with_forced_format() -> None:
    result = nrdeck("convert", "-", "--to", "json", "--input-format", "jinteki",
                    stdin=";; identity: Jinteki: Personal Evolution\n3 Hedge Fund\n")  # fmt: skip
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert sorted(doc["cards"].values()) == [1, 3]


def test_unknown_card_is_reported_with_its_line_and_exit_1(tmp_path: Path) -> None:
    source = tmp_path / "typo.txt"
    source.write_text("Jinteki: Personal Evolution\n3x Hedge Fnud\n3x Snare!\n")
    result = nrdeck("convert", str(source), "--to", "jinteki")
    assert result.exit_code == 1
    assert f"{source}:2: error: unknown-card" in result.stderr
    assert "did you mean Hedge Fund" in result.stderr
    assert "3 Snare!" in result.stdout


def test_missing_and_unreadable_files(tmp_path: Path) -> None:
    missing = nrdeck("convert", str(tmp_path / "nope.txt"), "--to", "text")
    assert missing.exit_code == 2
    [said] = missing.stderr.strip().splitlines()
    assert said.startswith(f"nrdeck: error: {tmp_path / 'nope.txt'}: ") and "no such" in said
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    result = nrdeck("convert", str(empty), "--to", "text")
    assert result.exit_code == 1 and "parse-error" in result.stderr and "empty" in result.stderr
    assert "Traceback" not in result.output


def test_unknown_output_format_is_a_usage_error(tmp_path: Path) -> None:
    assert nrdeck("convert", "x.txt", "--to", "pdf").exit_code == 2


def test_convert_a_netrunnerdb_link(
    httpserver: HTTPServer, monkeypatch: pytest.MonkeyPatch, db: CardDB
) -> None:
    uuid = "0b7c2a1e-1d2c-4a5b-9c8d-0123456789ab"
    monkeypatch.setenv("NRDECK_V2_URL", httpserver.url_for("/api/2.0/public"))
    httpserver.expect_request(f"/api/2.0/public/decklist/{uuid}").respond_with_json(
        {"data": [{"name": "Rush", "cards": {"30076": 1, "30030": 3}}], "success": True}
    )
    httpserver.expect_request(f"/api/2.0/public/deck/{uuid}").respond_with_data("", status=403)
    link = f"https://netrunnerdb.com/en/decklist/{uuid}/rush"
    result = nrdeck("convert", link, "--to", "jinteki")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == 3 and lines[0] == ";; title: Rush" and lines[2] == "3 Sure Gamble"
    deck = resolve(PARSER_BY_FORMAT["jinteki"].parse(result.stdout, "rush"), db)
    assert deck.identity is not None and deck.identity.card_id == CATALYST
    offline = nrdeck("convert", link, "--to", "jinteki", "--offline")
    assert offline.stdout == result.stdout
    private = nrdeck("convert", f"https://netrunnerdb.com/en/deck/view/{uuid}", "--to", "text")
    assert private.exit_code == 3
    assert "private" in private.stderr and len(private.stderr.strip().splitlines()) == 1
