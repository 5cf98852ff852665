"""The page and the API give one answer: the same request through both says the same facts
(verdict, problems, figures, when the deck was legal, what the list in force changed, the
warnings); the form never guesses between a paste and a file; an event's rules and warnings
reach the page, the API and ``in-force`` alike; errors speak the web's words."""

from __future__ import annotations

import datetime as dt
import html
import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from nrdeck.app.inputs.cards import DataSettings
from nrdeck.app.inputs.options import SelectionOptions
from nrdeck.app.serve.service import ServeSettings, event_settings
from tests.acceptance.serve.conftest import Serving
from tests.ids import STARTUP_BALANCE_26_09
from tests.paths import EXAMPLES, FIXTURES, assert_golden, assert_golden_cases

ILLEGAL = (EXAMPLES / "illegal-standard.txt").read_text("utf-8")
LEGAL = (EXAMPLES / "standard-zahya.txt").read_text("utf-8")
REALITY_PLUS = (FIXTURES / "legality" / "startup-reality-plus-2026.txt").read_text("utf-8")
PAGE = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}


def api(url: str, body: dict[str, Any]) -> dict[str, Any]:
    answer = httpx.post(f"{url}/api/v1/check", json=body, timeout=30)
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def page(url: str, fields: dict[str, str], files: Any = None) -> httpx.Response:
    """The form as a browser sends it: multipart, with an empty file part when none is chosen."""
    files = files or {"file": ("", b"", "application/octet-stream")}
    return httpx.post(f"{url}/", data=fields, files=files, headers=PAGE, timeout=30)


def texts(markup: str, pattern: str) -> list[str]:
    """The text of every match of ``pattern``'s group, its tags dropped, unescaped."""
    found = re.findall(pattern, markup, flags=re.S)
    return [html.unescape(re.sub(r"<[^>]+>", "", f)).strip() for f in found]


def shown(markup: str) -> dict[str, Any]:
    """What the page shows of its answer, read from its markup."""
    section = markup.split('<section class="answer', 1)[1].split("</section>", 1)[0]
    heading = section.split("<h3>")
    by_heading = {texts(h, r"^([^<]*)</h3>")[0]: h for h in heading[1:]}
    changed = by_heading.get("What the list in force changed", "")
    return {
        "legal": "✓ Legal" in texts(section, r'<h2 id="verdict">(.*?)</h2>')[0],
        "codes": texts(section, r'<ol class="problems">.*?</ol>')
        and re.findall(r"<code>([^<]+)</code>", section),
        "figures": texts(section, r'<ul class="figures">(.*?)</ul>')
        and texts(by_heading.get("Figures", ""), r"<li>(.*?)</li>"),
        "legal_dates": (texts(by_heading["When this deck was legal"], r"<p>(.*?)</p>") or [None])[0]
        if "When this deck was legal" in by_heading
        else None,
        "said": texts(changed, r"<li>(.*?)</li>"),
        "warnings": re.findall(r'<p class="note[^"]*" data-code="([^"]+)"', markup),
    }


def told(doc: dict[str, Any]) -> dict[str, Any]:
    """The same facts, read from the API's answer."""
    deck, details = doc["decks"][0], doc["details"]
    return {
        "legal": deck["legal"],
        "codes": [p["code"] for p in deck["problems"]],
        "figures": details["figures"],
        "legal_dates": details["legal_dates"]["summary"] if details["legal_dates"] else None,
        "said": details["in_force"]["said"] if details["in_force"] else [],
        "warnings": [w["code"] for w in details["warnings"]],
    }


@pytest.mark.parametrize(
    ("deck", "fields"),
    [
        (ILLEGAL, {}),
        (LEGAL, {"format": "standard", "as_of": "2026-10-01"}),
        (REALITY_PLUS, {"format": "startup", "as_of": "2026-10-01", "tier": "competitive"}),
        (LEGAL, {"format": "standard", "as_of": "2027-06-01"}),  # past the data: stale
    ],
    ids=["illegal", "legal", "startup", "stale"],
)
def test_the_page_and_the_api_say_the_same(
    base_url: str, deck: str, fields: dict[str, str]
) -> None:
    body = {"deck": deck, **fields}
    doc = api(base_url, body)
    answer = page(base_url, {"deck": deck, **fields})
    assert answer.status_code == 200
    assert shown(answer.text) == told(doc)
    assert told(doc)["figures"] and not any("snapshot" in f for f in told(doc)["figures"])


def test_the_api_carries_when_the_deck_was_legal_and_what_changed(base_url: str) -> None:
    doc = api(base_url, {"deck": REALITY_PLUS, "format": "startup", "as_of": "2026-10-01"})
    details = doc["details"]
    assert details["version"] == 1 and details["event"] is None
    assert details["legal_dates"]["summary"] == "legal from 2026-09-21 on"
    assert details["legal_dates"]["periods"][-1]["legal"] is True
    in_force = details["in_force"]
    assert in_force["restriction"]["id"] == doc["decks"][0]["restriction"]["id"]
    assert in_force["changes"][0]["change"] == "unbanned" and in_force["said"]


def test_a_paste_and_a_file_together_are_refused_naming_both(base_url: str) -> None:
    upload = {"file": ("my-deck.txt", LEGAL.encode(), "text/plain")}
    answer = page(base_url, {"deck": ILLEGAL}, files=upload)
    assert answer.status_code == 400
    assert '<section class="answer' not in answer.text  # no verdict for either deck
    error = texts(answer.text, r'<section class="error".*?<p>(.*?)</p>')[0]
    assert "pasted" in error and "my-deck.txt" in error
    assert "Hedge Fnd" in html.unescape(answer.text)  # the paste is kept in the form
    assert_golden("serve/paste-and-file.txt", error + "\n", __file__)


def test_a_crlf_paste_is_counted_as_pasted(base_url: str) -> None:
    """A paste under 1 MiB goes over it once the browser sends CRLF: still checked."""
    lines = LEGAL.rstrip("\n").split("\n")
    filler = ["#"] * 400_000
    text = "\r\n".join([*lines, *filler]) + "\r\n"
    assert len(text.replace("\r\n", "\n")) < 1024 * 1024 < len(text.encode())
    answer = page(base_url, {"deck": text})
    assert answer.status_code == 200, answer.text[:500]
    too_big = page(base_url, {"deck": "x" * (1024 * 1024 + 10)})
    assert too_big.status_code == 413
    assert 'class="error"' in too_big.text and too_big.headers["content-type"].startswith(
        "text/html"
    )


def test_a_browser_gets_pages_and_a_client_json(base_url: str) -> None:
    for path in ("/nowhere", "/api/v1/nowhere"):
        browsed = httpx.get(f"{base_url}{path}", headers=PAGE)
        assert browsed.status_code == 404
        assert browsed.headers["content-type"].startswith("text/html")
        assert 'class="error"' in browsed.text and "<form" in browsed.text
        asked = httpx.get(f"{base_url}{path}")
        assert asked.status_code == 404 and asked.json()["error"]["kind"] == "usage"
    big = httpx.post(f"{base_url}/api/v1/check", content=b"x" * (2 * 1024 * 1024), headers=PAGE)
    assert big.status_code == 413 and big.headers["content-type"].startswith("text/html")
    wrong = httpx.get(f"{base_url}/api/v1/check")
    assert wrong.status_code == 405 and wrong.headers["allow"] == "POST"


def test_messages_name_the_webs_fields_not_the_clis_options(base_url: str) -> None:
    early = {"deck": LEGAL, "as_of": "2010-01-01"}
    error = httpx.post(f"{base_url}/api/v1/check", json=early).json()["error"]
    assert error["hint"] and "--" not in error["hint"] and "`as_of`" in error["hint"]
    shown_page = page(base_url, {"deck": LEGAL, "as_of": "2010-01-01"})
    said = texts(shown_page.text, r'<section class="error".*?<p>(.*?)</p>')[0]
    assert "--" not in said and "Date field" in said
    assert_golden("serve/date-before-format.txt", f"{error['hint']}\n{said}\n", __file__)
    assert httpx.get(f"{base_url}/healthz").json().get("problem") is None


def test_a_bare_number_is_not_a_link(base_url: str) -> None:
    """'45' is a decklist of no card, not NetrunnerDB's deck 45: nothing is fetched."""
    doc = api(base_url, {"deck": "45"})
    assert doc["decks"][0]["origin"] == "text" and not doc["decks"][0]["legal"]


@pytest.mark.shared
def test_an_event_servers_warnings_on_the_page_and_in_the_api(
    server: Serving, tmp_path: Path
) -> None:
    from nrdeck.app.event.cobra import CobraRequest
    from nrdeck.cobra import CobraSettings
    from tests.fakes.cobra import cobra_double

    data = DataSettings(no_cache=True, cache_dir=tmp_path / "cache")
    with cobra_double() as cobra:
        request = CobraRequest(CobraSettings("6012", cobra))
        event, line = event_settings(data, SelectionOptions(), request, dt.date(2025, 11, 1))
    with server(ServeSettings(data, event=event), event_line=line) as url:
        front = httpx.get(f"{url}/", headers=PAGE).text
        assert "list-superseded" in re.findall(r'data-code="([^"]+)"', front)
        doc = api(url, {"deck": LEGAL})
        codes = [w["code"] for w in doc["details"]["warnings"]]
        assert "list-superseded" in codes
        assert doc["details"]["event"]["line"] == line
        assert shown(page(url, {"deck": LEGAL}).text)["warnings"] == told(doc)["warnings"]


def test_the_lines_of_event_servers_read_as_the_golden_file_says() -> None:
    data, day = DataSettings(no_cache=True), dt.date(2026, 10, 1)
    cases = [
        ("named, on a date", SelectionOptions(format_id="startup", as_of=day), "Worlds 2026"),
        ("named, the day of the check", SelectionOptions(format_id="startup"), "Store Champs"),
        ("unnamed, a tier", SelectionOptions(format_id="startup", tier="competitive"), None),
    ]
    lines = [
        (label, event_settings(data, chosen, None, day, name)[1]) for label, chosen, name in cases
    ]
    assert_golden_cases("messages/serve-event-lines.txt", lines, __file__)


def test_in_force_on_an_events_server_is_the_events(server: Serving) -> None:
    data = DataSettings(no_cache=True)
    selection = SelectionOptions(format_id="startup", as_of=dt.date(2026, 10, 1))
    event, line = event_settings(data, selection, None, name="Worlds 2026 Startup")
    named, settings = line.split(": ", 1)  # its words: messages/serve-event-lines.txt
    assert "Worlds 2026 Startup" in named and "2026-10-01" in named
    assert settings.startswith("Startup, ")  # the format, then its list
    with server(ServeSettings(data, event=event)) as url:
        answer = httpx.get(f"{url}/api/v1/in-force")
        assert answer.status_code == 200
        assert answer.json()["restriction"]["id"] == STARTUP_BALANCE_26_09
        refused = httpx.get(f"{url}/api/v1/in-force", params={"format": "eternal"})
        assert refused.status_code == 400
        assert "`format`" in refused.json()["error"]["hint"]
        assert "Worlds 2026 Startup" in httpx.get(f"{url}/").text


def test_warnings_name_no_command_and_no_file(base_url: str) -> None:
    doc = api(base_url, {"deck": LEGAL, "as_of": "2027-06-01"})
    (stale,) = [w for w in doc["details"]["warnings"] if w["code"] == "stale-data"]
    assert "nrdeck " not in stale["message"] and "--" not in stale["message"]
    assert doc["card_data"]["warning"] == stale["message"]
    assert doc["card_data"]["path"] is None
    assert not any("snapshot" in line for line in doc["details"]["figures"])
