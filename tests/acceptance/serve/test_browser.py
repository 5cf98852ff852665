"""The deck-check page in a real browser (Debian's Chromium, driven by Playwright): paste a
deck and read the verdict, with and without JavaScript, a hostile title shown as text, an
event's settings, and the keyboard alone."""

from __future__ import annotations

import datetime as dt
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from nrdeck.app.inputs.cards import DataSettings
from nrdeck.app.serve.service import ServeSettings, event_settings
from nrdeck.catalog import CardDB
from tests.acceptance.serve.conftest import Serving
from tests.ids import STANDARD_BALANCE_26_08, ZAHYA
from tests.paths import EXAMPLES, FIXTURES

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="headless Chromium is not installed (Debian: apt-get install chromium)"
)
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ILLEGAL = (EXAMPLES / "illegal-standard.txt").read_text("utf-8")
# how long the page may take to show an answer: generous on a busy machine (a page that never
# answers still fails, after it)
ANSWER_MS = 60_000
sync_api.expect.set_options(timeout=ANSWER_MS)
LEGAL = (EXAMPLES / "standard-zahya.txt").read_text("utf-8")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


def open_page(browser: Any, url: str, *, javascript: bool = True) -> Any:
    context = browser.new_context(java_script_enabled=javascript)
    page = context.new_page()
    page.set_default_timeout(ANSWER_MS)
    page.goto(url)
    return page


def test_paste_a_deck_and_read_the_verdict(browser: Any, base_url: str) -> None:
    page = open_page(browser, base_url)
    assert page.title().startswith("nrdeck: ")
    page.get_by_label("Decklist or NetrunnerDB link").fill(ILLEGAL)
    page.get_by_role("button", name="Check").click()
    sync_api.expect(page.get_by_role("heading", level=2, name="✗ Not legal")).to_be_visible()
    problems = page.locator("ol.problems li").all_inner_texts()
    unknown = next(p for p in problems if p.startswith("unknown-card (line 9): "))
    assert "'Hedge Fnd'" in unknown and unknown.endswith("did you mean Hedge Fund?")
    assert any(p.startswith("banned (line 5): ") and "Cayambe Grid" in p for p in problems)
    sync_api.expect(page.get_by_role("heading", name="When this deck was legal")).to_be_visible()
    assert ILLEGAL.strip() in page.locator("#deck").input_value()  # the list stays to edit


def test_without_javascript_the_form_still_checks(browser: Any, base_url: str, db: CardDB) -> None:
    page = open_page(browser, base_url, javascript=False)
    page.get_by_label("Decklist or NetrunnerDB link").fill(LEGAL)
    page.get_by_label("Format").select_option("standard")
    page.get_by_label("Date").fill("2026-10-01")
    page.get_by_role("button", name="Check").click()
    sync_api.expect(page.get_by_role("heading", level=2, name="✓ Legal")).to_be_visible()
    what = page.locator("section.answer p.what").inner_text()  # what was checked against
    assert what.startswith(f"{db.cards[ZAHYA].title} · Standard · ")
    assert db.restrictions[STANDARD_BALANCE_26_08].name in what
    changed = page.locator("section.answer ul:not(.figures) li").all_inner_texts()
    unbanned = next(item for item in changed if item.startswith("unbanned "))  # the list in force
    assert db.cards["nbn_reality_plus"].title in unbanned
    assert "influence" in page.locator("section.answer").inner_text()  # the figures


def test_a_script_in_a_title_is_shown_as_text_and_runs_nothing(browser: Any, base_url: str) -> None:
    page = open_page(browser, base_url)
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    script = "<script>window.pwned=1;alert(1)</script>"
    page.get_by_label("Decklist or NetrunnerDB link").fill(
        f"{LEGAL}1 {script}<img src=x onerror=alert(2)>\n"
    )
    page.get_by_role("button", name="Check").click()
    shown = page.locator("ol.problems").inner_text()
    assert script in shown  # as the text typed
    assert page.evaluate("window.pwned") is None and dialogs == []
    assert page.locator("section.answer script, section.answer img").count() == 0


def test_an_uploaded_file_is_checked(browser: Any, base_url: str, tmp_path: Path) -> None:
    upload = tmp_path / "deck.txt"
    upload.write_text(ILLEGAL, encoding="utf-16")  # what Windows Notepad saves as "Unicode"
    page = open_page(browser, base_url)
    page.get_by_label("Or upload a decklist file").set_input_files(str(upload))
    page.get_by_role("button", name="Check").click()
    sync_api.expect(page.get_by_role("heading", level=2, name="✗ Not legal")).to_be_visible()
    problems = page.locator("ol.problems").inner_text()
    assert "unknown-card" in problems and "'Hedge Fnd'" in problems  # read as UTF-16


def test_the_keyboard_alone_reaches_every_field_in_order(browser: Any, base_url: str) -> None:
    page = open_page(browser, base_url)
    order: list[str] = []
    while not order or order[-1] != "submit":
        page.keyboard.press("Tab")
        found = page.evaluate(
            "document.activeElement.type === 'submit' ? 'submit' : document.activeElement.id"
            " || document.activeElement.name"
        )
        if not order or order[-1] != found:  # a date field takes a Tab per part
            order.append(found)
        assert len(order) < 12, order
    assert order == ["deck", "file", "format", "as_of", "tier", "submit"]
    page.focus("#deck")
    page.keyboard.type("Zahya Sadeghi: Versatile Smuggler\n3 Sure Gamble\n")
    page.focus("button[type=submit]")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    sync_api.expect(page.get_by_role("heading", level=2, name="✗ Not legal")).to_be_visible()
    assert "deck-size" in page.locator("ol.problems").inner_text()


def test_the_page_reads_on_a_phone(browser: Any, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(ANSWER_MS)
    page.goto(base_url)
    page.get_by_label("Decklist or NetrunnerDB link").fill(ILLEGAL)
    page.get_by_role("button", name="Check").click()
    sync_api.expect(page.get_by_role("heading", level=2, name="✗ Not legal")).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360  # nothing wider than the screen


@pytest.mark.shared
def test_an_event_server_fixes_and_shows_its_settings(
    browser: Any, server: Serving, tmp_path: Path
) -> None:
    from nrdeck.app.event.cobra import CobraRequest
    from nrdeck.app.inputs.options import SelectionOptions
    from nrdeck.cobra import CobraSettings
    from tests.fakes.cobra import cobra_double

    data = DataSettings(no_cache=True, cache_dir=tmp_path / "cache")
    with cobra_double() as cobra:
        request = CobraRequest(CobraSettings("5871", cobra))
        event, line = event_settings(data, SelectionOptions(), request, dt.date(2026, 11, 27))
    assert line.startswith("Checking for ")
    with server(ServeSettings(data, event=event), event_line=line) as url:
        page = open_page(browser, url)
        assert page.locator("#event").inner_text() == line
        assert page.get_by_label("Format").count() == 0  # fixed: nothing to choose
        page.get_by_label("Decklist or NetrunnerDB link").fill(LEGAL)
        page.get_by_role("button", name="Check").click()
        text = page.locator("section.answer").inner_text()
        assert event.selection.tier in text and (event.selection.as_of or "").__str__() in text
        import httpx

        other = httpx.post(f"{url}/api/v1/check", json={"deck": LEGAL, "format": "eternal"})
        assert other.status_code == 400
        assert "the format is fixed" in other.json()["error"]["message"]


def test_a_reality_plus_startup_deck_on_the_page(browser: Any, base_url: str) -> None:
    page = open_page(browser, base_url)
    page.get_by_label("Decklist or NetrunnerDB link").fill(
        (FIXTURES / "legality" / "startup-reality-plus-2026.txt").read_text("utf-8")
    )
    page.get_by_label("Format").select_option("startup")
    page.get_by_label("Date").fill("2026-10-01")
    page.get_by_role("button", name="Check").click()
    sync_api.expect(page.get_by_role("heading", level=2, name="✓ Legal")).to_be_visible()
    assert "legal from 2026-09-21 on" in page.locator("section.answer").inner_text()
