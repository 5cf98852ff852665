"""The HTTP API of ``nrdeck serve``, against a live server: the same documents, codes and
messages as the CLI, NetrunnerDB v3's validation shape, and the guards of a public server."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

import nrdeck
from nrdeck.cli import app
from nrdeck.web import api
from tests.acceptance.serve.conftest import Serving
from tests.ids import STARTUP_BALANCE_26_05, STARTUP_BALANCE_26_09
from tests.paths import EXAMPLES, FIXTURES
from tests.schemas import validate

DECKS = sorted(EXAMPLES.glob("*.txt"))
REALITY_PLUS = FIXTURES / "legality" / "startup-reality-plus-2026.txt"
VALIDATE = "/api/v3/public/validate_deck"  # NetrunnerDB v3's address, served alike
runner = CliRunner()


def post(base_url: str, path: str, body: Any, **kwargs: Any) -> httpx.Response:
    return httpx.post(f"{base_url}{path}", json=body, timeout=30, **kwargs)


def cli_json(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, [*args, "--offline", "--no-cache", "--output-format", "json"])
    assert result.exit_code in (0, 1), result.output
    doc: dict[str, Any] = json.loads(result.stdout)
    return doc


@pytest.mark.parametrize("deck", DECKS, ids=lambda p: p.name)
@pytest.mark.parametrize("fmt", ["standard", "startup", "system_gateway"])
def test_api_check_is_the_documents_check_gives(base_url: str, deck: Path, fmt: str) -> None:
    answer = post(
        base_url,
        "/api/v1/check",
        {"deck": deck.read_text("utf-8"), "format": fmt, "name": str(deck)},
    )
    assert answer.status_code == 200, answer.text
    served = answer.json()
    validate(served, "check-v1.schema.json")
    expected = cli_json("check", str(deck), "--format", fmt)
    assert served["decks"][0].pop("origin") == "text"
    assert expected["decks"][0].pop("origin") == "file"
    assert served.pop("details")["version"] == 1  # what the page shows beside it
    assert served["card_data"].pop("path") is None  # no file of the server's is named
    expected["card_data"].pop("path")
    assert served == expected


def test_api_check_takes_the_date_tier_and_list(base_url: str) -> None:
    text = REALITY_PLUS.read_text("utf-8")
    body = {"deck": text, "format": "startup", "as_of": "2026-09-20"}
    before = post(base_url, "/api/v1/check", body).json()["decks"][0]
    assert [p["code"] for p in before["problems"]] == ["banned"]
    after = post(base_url, "/api/v1/check", {**body, "as_of": "2026-10-01"}).json()["decks"][0]
    assert after["legal"] and after["restriction"]["id"] == STARTUP_BALANCE_26_09
    named = post(base_url, "/api/v1/check", {**body, "as_of": "2026-10-01", "banlist": "26.04"})
    assert named.json()["decks"][0]["restriction"]["id"] == STARTUP_BALANCE_26_05
    tiered = post(base_url, "/api/v1/check", {**body, "tier": "competitive"}).json()
    assert tiered["decks"][0]["tier"] == "competitive"


@pytest.mark.parametrize(
    ("body", "args"),
    [
        ({"format": "standrd"}, ["--format", "standrd"]),
        ({"banlist": "sbl-25.11"}, ["--banlist", "sbl-25.11"]),
        ({"format": "casual", "banlist": "x"}, ["--format", "casual", "--banlist", "x"]),
    ],
)
def test_errors_have_the_clis_message(base_url: str, body: dict[str, str], args: list[str]) -> None:
    """The CLI's message; its hint where it names no option, else said with the API's fields."""
    deck = str(EXAMPLES / "standard-zahya.txt")
    said = runner.invoke(app, ["check", deck, "--offline", *args])
    assert said.exit_code == 2
    line = said.stderr.strip().removeprefix("nrdeck: error: ")
    answer = post(base_url, "/api/v1/check", {"deck": "Hedge Fund", **body})
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert (error["kind"], error["exit_code"]) == ("usage", 2)
    assert line.startswith(f"{error['message']} (")
    cli_hint = line.removeprefix(f"{error['message']} (").removesuffix(")")
    if "--" in cli_hint:
        assert error["hint"] and "--" not in error["hint"] and "`format`" in error["hint"]
    else:
        assert error["hint"] == cli_hint


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ({"deck": ""}, "the decklist is empty"),
        ({"deck": "x", "tier": "weekly"}, "tier: Input should be 'casual' or 'competitive'"),
        ({"deck": "x", "extra": 1}, "extra: Extra inputs are not permitted"),
        ({"deck": 3}, "deck: Input should be a valid string"),
        ({"deck": "x", "input_format": "yaml"}, "unknown input format 'yaml'"),
    ],
)
def test_a_bad_request_is_a_usage_error(base_url: str, body: Any, said: str) -> None:
    answer = post(base_url, "/api/v1/check", body)
    assert answer.status_code == 400
    assert said in answer.json()["error"]["message"]


def test_in_force_is_data_periods_entry(base_url: str) -> None:
    answer = httpx.get(
        f"{base_url}/api/v1/in-force", params={"format": "startup", "as_of": "2026-10-01"}
    )
    assert answer.status_code == 200
    periods = runner.invoke(
        app, ["data", "periods", "--format", "startup", "--as-of", "2026-10-01", "--offline",
              "--output-format", "json"],
    )  # fmt: skip
    assert answer.json() == json.loads(periods.stdout)["in_force"]
    assert answer.json()["changes"] == [
        {"change": "unbanned", "card": {"id": "nbn_reality_plus", "title": "NBN: Reality Plus"}}
    ]
    unknown = httpx.get(f"{base_url}/api/v1/in-force", params={"format": "nope"})
    assert (
        unknown.status_code == 400 and "unknown format 'nope'" in unknown.json()["error"]["message"]
    )


def v3_request(deck: Path, fmt: str) -> dict[str, Any]:
    """A v3 validate_deck request for a decklist: card ids and copies, as NetrunnerDB sends."""
    outcome = nrdeck.check_text(deck.read_text("utf-8"), format=fmt)
    assert outcome.result is not None
    resolved = outcome.result.deck
    cards: dict[str, int] = {}
    for entry in resolved.entries:
        cards[entry.card_id] = cards.get(entry.card_id, 0) + entry.quantity
    assert resolved.identity is not None
    side = outcome.result.side
    validations = [{"label": fmt, "basic_deckbuilding_rules": True, "format_id": fmt}]
    attributes = {"identity_card_id": resolved.identity.card_id, "side_id": side, "cards": cards}
    return {"data": {"type": "decks", "attributes": {**attributes, "validations": validations}}}


# the example decks whose every line names a card (a v3 request sends card ids)
READABLE = [EXAMPLES / "sg-catalyst.txt", EXAMPLES / "standard-zahya.txt", REALITY_PLUS]


@pytest.mark.parametrize("deck", READABLE, ids=lambda p: p.name)
@pytest.mark.parametrize("fmt", ["standard", "startup", "system_gateway"])
def test_validate_deck_agrees_with_check(base_url: str, deck: Path, fmt: str) -> None:
    outcome = nrdeck.check_text(deck.read_text("utf-8"), format=fmt)
    assert outcome.result is not None
    answer = post(base_url, VALIDATE, v3_request(deck, fmt))
    assert answer.status_code == 200, answer.text
    attributes = answer.json()["data"]["attributes"]
    assert attributes["validation_errors"] == []
    assert attributes["is_valid"] is outcome.result.legal
    (validation,) = attributes["validations"]
    codes = sorted({p["code"] for p in validation["problems"]})
    assert codes == sorted({p.code for p in outcome.result.problems if p.severity.value == "error"})
    assert validation["snapshot_id"] == outcome.result.period.snapshot_id
    assert answer.json()["data"]["type"] == "decks"


def test_validate_deck_eternal_points_and_partial_validations(base_url: str) -> None:
    deck = v3_request(EXAMPLES / "standard-zahya.txt", "standard")
    deck["data"]["attributes"]["cards"]["zer0"] = 1
    deck["data"]["attributes"]["validations"] = [
        {"label": "eternal", "basic_deckbuilding_rules": True, "format_id": "eternal"},
        {"label": "pool only", "card_pool_id": "startup_vantage_point"},
        {"label": "list only", "restriction_id": "standard_balance_update_26_08"},
    ]
    attributes = post(base_url, VALIDATE, deck).json()["data"]["attributes"]
    eternal, pool, banlist = attributes["validations"]
    assert eternal["eternal_points"] == 0 and eternal["snapshot_id"].startswith("eternal_")
    assert {p["code"] for p in pool["problems"]} <= {"not-in-card-pool", "identity-not-in-format"}
    assert pool["problems"] and pool["format_id"] == "startup"
    assert {p["code"] for p in banlist["problems"]} <= {"banned", "restricted", "points"}


@pytest.mark.parametrize(
    ("change", "error"),
    [
        (lambda a: a.update(identity_card_id="no_such_id"),
         "`identity_card_id` `no_such_id` does not exist."),
        (lambda a: a["cards"].update(nope=1), "Card `nope` does not exist."),
        (lambda a: a.update(validations=[]),
         "Validation request must specify at least one validation to perform."),
        (lambda a: a["validations"][0].update(format_id="nope"), "Format `nope` does not exist."),
        (lambda a: a.update(side_id="both"), "`side_id` `both` does not exist."),
    ],
)  # fmt: skip
def test_validate_deck_request_errors_are_v3s(base_url: str, change: Any, error: str) -> None:
    body = v3_request(EXAMPLES / "standard-zahya.txt", "standard")
    change(body["data"]["attributes"])
    attributes = post(base_url, VALIDATE, body).json()["data"]["attributes"]
    assert error in attributes["validation_errors"] and attributes["is_valid"] is False


@pytest.mark.parametrize(
    "body", [{}, {"data": {}}, {"data": {"attributes": {"side_id": "corp"}}}, [1], "x"]
)
def test_validate_deck_without_its_keys_is_v3s_400(base_url: str, body: Any) -> None:
    answer = post(base_url, VALIDATE, body)
    assert answer.status_code == 400
    assert answer.json()["errors"][0]["title"] == "Invalid request"
    broken = httpx.post(f"{base_url}{VALIDATE}", content=b"{not json", timeout=10)
    assert broken.status_code == 400


def test_openapi_describes_every_endpoint_and_healthz_answers(base_url: str) -> None:
    spec = httpx.get(f"{base_url}/openapi.json").json()
    assert {"/api/v1/check", "/api/v1/in-force", VALIDATE, "/healthz"} <= set(spec["paths"])
    assert "requestBody" in spec["paths"][VALIDATE]["post"]
    health = httpx.get(f"{base_url}/healthz").json()
    assert health["status"] == "ok" and isinstance(health.get("card_data"), str)


def test_every_answer_carries_the_security_headers(base_url: str) -> None:
    for answer in (
        httpx.get(f"{base_url}/"),
        httpx.get(f"{base_url}/healthz"),
        post(base_url, "/api/v1/check", {"deck": ""}),
        httpx.get(f"{base_url}/nowhere"),
    ):
        headers = answer.headers
        assert "script-src" not in headers["content-security-policy"]
        assert "default-src 'none'" in headers["content-security-policy"]
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert headers["x-content-type-options"] == "nosniff"


def test_a_body_over_the_cap_is_refused_unread(base_url: str) -> None:
    big = {"deck": "1 Hedge Fund\n" * 100_000}
    answer = post(base_url, "/api/v1/check", big)
    assert answer.status_code == 413
    error = answer.json()["error"]
    assert error["kind"] == "too-large" and "1 MiB" in error["message"]  # the cap, named

    def chunks() -> Any:
        for _ in range(200):
            yield b"x" * 8192  # no Content-Length: counted as it arrives

    streamed = httpx.post(f"{base_url}/api/v1/check", content=chunks(), timeout=30)
    assert streamed.status_code == 413


def test_a_bug_is_a_500_with_an_id_and_no_trace(
    server: Serving, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise ZeroDivisionError("secret detail of the server")

    monkeypatch.setattr(api.CheckService, "period", broken)
    with server() as url:
        answer = httpx.get(f"{url}/api/v1/in-force")
    assert answer.status_code == 500
    error = answer.json()["error"]
    assert (
        error["kind"] == "internal"
        and "secret" not in answer.text
        and "Traceback" not in answer.text
    )
    logged = error["message"].split("logged as ")[1].split(";")[0]
    assert any(logged in r.getMessage() for r in caplog.records)


def test_no_links_refuses_a_netrunnerdb_link(server: Serving) -> None:
    from nrdeck.app.inputs.cards import DataSettings
    from nrdeck.app.serve.service import ServeSettings

    with server(ServeSettings(DataSettings(no_cache=True), links=False)) as url:
        answer = post(url, "/api/v1/check", {"deck": "https://netrunnerdb.com/en/decklist/1234"})
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error["kind"] == "usage" and "NetrunnerDB links" in error["message"]


def test_a_pasted_link_that_is_no_netrunnerdb_deck_has_the_clis_message(base_url: str) -> None:
    link = "https://jinteki.net/deckbuilder"
    said = runner.invoke(app, ["check", link, "--offline"])
    assert said.exit_code == 2
    answer = post(base_url, "/api/v1/check", {"deck": link})
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert f"nrdeck: error: {error['message']} ({error['hint']})\n" == said.stderr
