"""`nrdeck event --cobra` against a loopback server of the test's own (always runs).

What the shared double cannot do (an HTML page, an empty date, an answer of another shape,
a players page pointing elsewhere, an answer too large) and the options nrdeck refuses
before asking anything.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pytest_httpserver import HTTPServer
from typer.testing import CliRunner, Result
from werkzeug import Response

from nrdeck.catalog import CardDB
from nrdeck.cli import app
from nrdeck.errors import ExitCode
from tests.fakes.cobra import API, JSONAPI, export, players_answer, tournament_answer
from tests.fakes.faults import redirect
from tests.paths import FIXTURES, assert_golden_cases

DECKS = FIXTURES / "event" / "decks"
HB, ZAHYA = DECKS / "std-hb-precision.txt", DECKS / "std-zahya.txt"
PLAYERS = [{"id": 11, "name": "Ana Souza"}, {"id": 12, "name": "Ben Okafor"}]
runner = CliRunner()


@pytest.fixture
def roster(db: CardDB, tmp_path: Path) -> Path:
    return export(db, tmp_path, [(11, "Ana Souza", HB, ZAHYA), (12, "Ben Okafor", HB, ZAHYA)])


def serve(
    server: HTTPServer,
    tournament: dict[str, Any] | Response | None = None,
    players: dict[str, Any] | None = None,
) -> None:
    """Tournament 5871 and its players, as given (5871's settings and two players if not)."""
    path = f"{API}/tournaments/5871"
    if isinstance(tournament, Response):
        server.expect_request(path).respond_with_response(tournament)
    else:
        server.expect_request(path).respond_with_json(
            tournament or tournament_answer(), content_type=JSONAPI
        )
    server.expect_request(f"{path}/players").respond_with_json(
        players or players_answer(PLAYERS), content_type=JSONAPI
    )


def event(server: HTTPServer, roster: Path, *more: str, ref: str = "5871") -> Result:
    base = server.url_for("").rstrip("/")
    args = ["event", str(roster), "--cobra", ref, "--cobra-url", base, *more]
    return runner.invoke(app, args)


def document(result: Result) -> dict[str, Any]:
    assert result.exit_code in (0, 1), result.stderr
    found: dict[str, Any] = json.loads(result.stdout)
    return found


def said(result: Result, server: HTTPServer, roster: Path) -> str:
    """What a run said on stderr, without the server's port or the test's folder."""
    base = server.url_for("").rstrip("/")
    return result.stderr.replace(base, "<cobra>").replace(str(roster.parent), "<tmp>")


def including(answer: dict[str, Any], kind: str, key: str, **attributes: Any) -> dict[str, Any]:
    """A tournament answer that includes one more resource (a format, a ban list)."""
    answer["included"].append({"id": key, "type": kind, "attributes": attributes})
    return answer


OTHER = including(tournament_answer(format_id=7, date="2026-05-01"), "formats", "7", name="Other")
REFUSED = [
    ("an HTML page", Response("<html>Oops</html>", content_type="text/html"), ()),
    ("a redirect to the error page", redirect("/error", 301), ()),
    ("a redirect elsewhere", redirect("/somewhere", 302), ()),
    ("HTTP 503", Response("busy", status=503), ()),
    ("HTTP 404: unknown or private", Response("{}", status=404), ()),
    ("an answer too large", tournament_answer(description="x" * (2 * 1024 * 1024)), ()),
    ("a date that is no date", tournament_answer(date="the 18th"), ()),
    ("a format nrdeck does not check",
     including(tournament_answer(format_id=6), "formats", "6", name="Cube Draft"), ()),
    ("a ban list the card data lacks",
     including(tournament_answer(deckbuilding_restriction_id="standard_ban_list_27_01"),
               "deckbuilding_restrictions", "standard_ban_list_27_01",
               name="Standard Ban List 27.01", date_start="2027-01-01",
               play_format_id="standard"), ()),
    *((f"contradicted by {option} {value}", None, (option, value))
      for option, value in [("--as-of", "2025-10-19"), ("--format", "startup"),
                            ("--banlist", "25.08"), ("--cardpool-up-to", "vantage_point"),
                            ("--tier", "casual"), ("--format", "astro"),
                            ("--format-file", "{league}"), ("--snapshot", "standard_32")]),
]  # fmt: skip
NOTED = [
    ("empty settings, the date given",
     tournament_answer(format_id=None, card_set_id=None, deckbuilding_restriction_id=None,
                       tournament_type_id=None), ("--as-of", "2025-10-18")),
    ("Astro at a tournament of format Other", OTHER, ("--format", "astro")),
    ("Core at a tournament of format Other", OTHER, ("--format", "core")),
    ("a type without an NSG tier",
     including(tournament_answer(tournament_type_id=11), "tournament_types", "11",
               name="Community", nsg_format=False), ()),
]  # fmt: skip


def test_what_nrdeck_says_of_cobras_settings_reads_as_the_golden_file_says(
    httpserver: HTTPServer, roster: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NRDECK_HTTP_RETRIES", "0")
    league = roster.parent / "league.toml"
    league.write_text('name = "League"\nbase = "startup"\n', encoding="utf-8")
    cases = []
    for label, answer, more in [*REFUSED, *NOTED]:
        httpserver.clear()
        serve(httpserver, answer)
        options = [m.format(league=league) for m in more]
        result = event(httpserver, roster, *options, "--output-format", "json")
        cases.append((label.format(league="league.toml"), said(result, httpserver, roster)))
    offline = event(httpserver, roster, "--offline", ref="7304")
    cases.append(("offline, nothing cached", said(offline, httpserver, roster)))
    # a short link: one request at a time, so the one refused is always the same
    refused = runner.invoke(app, ["event", str(roster), "--cobra", "K7QZ", "--cobra-url",
                                  "http://127.0.0.1:9"])  # fmt: skip
    cases.append(("a refused connection", refused.stderr))
    assert_golden_cases("messages/event-cobra.txt", cases, __file__)


def test_two_requests_to_cobras_public_api(httpserver: HTTPServer, roster: Path) -> None:
    serve(httpserver)
    result = event(httpserver, roster, "--output-format", "json")
    cobra = document(result)["cobra"]
    assert result.exit_code == ExitCode.OK
    assert cobra["settings_from_cobra"] == ["date", "format", "card pool", "ban list", "tier"]
    assert cobra["players"] == {"listed": 2, "not_listed": [], "missing": [], "dropped": []}
    asked = [request for request, _ in httpserver.log]
    assert len(asked) == 2
    [tournament] = [r for r in asked if not r.path.endswith("/players")]
    included = set(tournament.args["include"].split(","))
    assert included == {"tournament_type", "format", "deckbuilding_restriction", "card_set"}
    [players] = [r for r in asked if r.path.endswith("/players")]
    assert players.args["page[size]"] == "1000"
    assert all(r.headers["Accept"] == "application/vnd.api+json" for r in asked)
    assert all(r.headers["User-Agent"].startswith("nrdeck/") for r in asked)


def test_an_html_page_is_not_cobras_api(httpserver: HTTPServer, roster: Path) -> None:
    page = Response("<html>Something went wrong</html>", content_type="text/html")
    serve(httpserver, page)
    result = event(httpserver, roster)
    assert result.exit_code == ExitCode.USAGE
    [line] = result.stderr.strip().splitlines()
    assert "not Cobra's API" in line and "text/html" in line  # what it answered, named
    assert "check --cobra-url" in line and result.stdout == ""


def test_a_redirect_is_not_followed(httpserver: HTTPServer, roster: Path) -> None:
    serve(httpserver, redirect("/error", 301))
    httpserver.expect_request("/error").respond_with_data("<html>", content_type="text/html")
    result = event(httpserver, roster)
    assert result.exit_code == ExitCode.USAGE
    assert "not Cobra's API" in result.stderr and "error page" in result.stderr
    assert "/error" not in [request.path for request, _ in httpserver.log]


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        ({"data": [], "meta": {}}, "is not a tournament document"),
        (tournament_answer(date=20251018), "is not what nrdeck expects of 'tournaments'"),
        (tournament_answer(date="the 18th"), "is not a tournament with a date"),
        ({"data": {"id": "5871", "type": "users", "attributes": {}}}, "is not a tournament"),
    ],
)
def test_an_answer_of_another_shape_is_exit_3_and_not_read(
    httpserver: HTTPServer, roster: Path, answer: dict[str, Any], said: str
) -> None:
    serve(httpserver, answer)
    result = event(httpserver, roster)
    assert result.exit_code == ExitCode.UNAVAILABLE
    assert said in result.stderr and result.stdout == ""


def test_an_answer_too_large_is_not_read(httpserver: HTTPServer, roster: Path) -> None:
    serve(httpserver, tournament_answer(description="x" * (2 * 1024 * 1024)))
    result = event(httpserver, roster)
    assert result.exit_code == ExitCode.UNAVAILABLE
    assert "1 MiB" in result.stderr  # the limit, named


def test_an_error_answer_is_exit_3(httpserver: HTTPServer, roster: Path) -> None:
    body = {"errors": [{"status": "401", "title": "Unauthorized"}]}
    serve(httpserver, Response(json.dumps(body), status=401, content_type="application/json"))
    result = event(httpserver, roster)
    assert result.exit_code == ExitCode.UNAVAILABLE
    assert "Cobra answered HTTP 401" in result.stderr


@pytest.mark.parametrize(
    ("more", "expected"), [((), "default"), (("--as-of", "2025-10-18"), "option")]
)
def test_a_tournament_without_a_date_falls_back_with_a_note(
    httpserver: HTTPServer, roster: Path, more: tuple[str, ...], expected: str
) -> None:
    serve(httpserver, tournament_answer(date=None))
    result = event(httpserver, roster, "--output-format", "json", *more)
    found = {s["setting"]: s for s in document(result)["cobra"]["settings"]}
    assert (found["date"]["source"], found["date"]["note"]) == (expected, "Cobra gives no date")
    if expected == "option":
        assert found["date"]["value"] == "2025-10-18"
    assert "date" not in document(result)["cobra"]["settings_from_cobra"]


def test_a_next_page_elsewhere_is_not_followed(httpserver: HTTPServer, roster: Path) -> None:
    first = players_answer(PLAYERS, total=3, next_link="https://elsewhere.example/players?p=2")
    serve(httpserver, players=first)
    cobra = document(event(httpserver, roster, "--output-format", "json"))["cobra"]
    assert cobra["players"]["listed"] == 2
    assert len(httpserver.log) == 2


def test_what_players_cobra_lists_is_escaped_and_bounded(
    httpserver: HTTPServer, roster: Path
) -> None:
    hostile = "\x1b]52;c;cm0gLXJm\x07[bold]Mallory[/bold]\u202e"
    serve(httpserver, players=players_answer([*PLAYERS, {"id": 13, "name": hostile},
                                              {"id": 14, "name": "L" * 5000}]))  # fmt: skip
    for fmt in ("table", "csv", "markdown", "html"):
        result = event(httpserver, roster, "--output-format", fmt)
        assert result.exit_code == ExitCode.ILLEGAL, result.stderr  # two players without decks
        shown = result.stdout + result.stderr
        assert "\x1b" not in shown and "\x07" not in shown and "\u202e" not in shown
        assert "Mallory" in shown and "L" * 501 not in shown
        assert "she/her" not in shown and "913" not in shown  # pronouns, user ids


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--cobra", "https://elsewhere.example/tournaments/5871"],
         "is on elsewhere.example, not on Cobra"),
        (["--cobra", "hello world!"], "names no Cobra tournament"),
        (["--cobra", "5871", "--cobra-url", "ftp://cobra.example"], "is not an http(s) URL"),
        (["--cobra-url", "https://cobra.example"], "--cobra-url needs --cobra"),
    ],
)  # fmt: skip
def test_tournaments_and_urls_nrdeck_refuses_before_asking(
    roster: Path, args: list[str], said: str
) -> None:
    result = runner.invoke(app, ["event", str(roster), *args])
    assert result.exit_code == ExitCode.USAGE
    assert said in result.stderr


def test_options_fill_what_cobra_leaves_empty(httpserver: HTTPServer, roster: Path) -> None:
    serve(httpserver, tournament_answer(card_set_id=None, deckbuilding_restriction_id=None))
    result = event(
        httpserver, roster, "--cardpool-up-to", "Elevation", "--banlist", "25.08",
        "--output-format", "json",
    )  # fmt: skip
    found = document(result)
    settings = {s["setting"]: (s["value"], s["source"]) for s in found["cobra"]["settings"]}
    assert settings["card pool"] == ("Elevation", "option")
    assert settings["ban list"] == ("Standard Ban List 25.08", "option")
    assert found["cardpool_up_to"]["id"] == "elevation"
    assert found["period"]["restriction"]["id"] == "standard_ban_list_25_08"
    assert found["cobra"]["warnings"] == []  # the organiser's own choices are not warned about
