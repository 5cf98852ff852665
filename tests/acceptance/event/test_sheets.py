"""Printable decklists: `nrdeck event --output-format sheets` and `nrdeck convert --to sheet`.

The page is printed to PDF by headless Chromium (Debian's package; the test skips where it
is absent, and .ci/run installs it) and the PDF's pages and text are checked.
"""

from __future__ import annotations

import html
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nrdeck.catalog import CardDB
from nrdeck.cli import app
from tests.ids import PRECISION_DESIGN, ZAHYA
from tests.paths import EXAMPLES, FIXTURES

FIXTURES = FIXTURES / "event"
EXAMPLES = EXAMPLES
STANDARD = ("--format", "standard", "--as-of", "2025-10-01")
runner = CliRunner()


def chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    pytest.skip("headless Chromium is not installed (Debian: apt-get install chromium)")


def print_to_pdf(page: Path, pdf: Path, paper: str) -> None:
    """Chromium's print of the page on A4 or Letter paper (as a printer's setting would)."""
    sized = pdf.with_suffix(f".{paper}.html")
    text = page.read_text(encoding="utf-8")
    sized.write_text(text.replace("</head>", f"<style>@page {{ size: {paper}; }}</style></head>"))
    command = [
        chromium(),
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={pdf.parent / ('profile-' + paper)}",
        "--no-pdf-header-footer",
        f"--print-to-pdf={pdf}",
        sized.as_uri(),
    ]
    subprocess.run(command, capture_output=True, timeout=120, check=True)


def test_event_sheets_one_printed_page_per_deck(db: CardDB, tmp_path: Path) -> None:
    pypdf = pytest.importorskip("pypdf")
    page = tmp_path / "decklists.html"
    event_name = "Store Champs <Berlin>"
    result = runner.invoke(
        app,
        [
            "event",
            str(FIXTURES / "cobra" / "decks.json"),
            *STANDARD,
            "--output-format",
            "sheets",
            "--event-name",
            event_name,
            "-o",
            str(page),
        ],
    )
    assert result.exit_code == 1, result.stderr
    printed = page.read_text(encoding="utf-8")
    assert printed.count('<div class="sheet">') == 9  # Dan registered one deck
    assert html.escape(event_name) in printed and "<Berlin>" not in printed
    for paper in ("A4", "letter"):
        pdf = tmp_path / f"decklists-{paper}.pdf"
        print_to_pdf(page, pdf, paper)
        reader = pypdf.PdfReader(str(pdf))
        assert len(reader.pages) == 9, paper  # every deck fits its page, on both papers
    first = reader.pages[0].extract_text()
    assert db.cards[PRECISION_DESIGN].title in first and "Ana Lima" in first
    assert event_name in first and "2025-10-01" in first
    assert "Agenda (" in first and "Hedge Fund" in first
    cleo_runner = reader.pages[3].extract_text()
    assert "Cleo Martin" in cleo_runner and "not legal for the event" in cleo_runner


def test_convert_to_sheet_prints_one_deck(db: CardDB, tmp_path: Path) -> None:
    pypdf = pytest.importorskip("pypdf")
    page = tmp_path / "zahya.html"
    deck = EXAMPLES / "standard-zahya.txt"
    result = runner.invoke(app, ["convert", str(deck), "--to", "sheet", "-o", str(page)])
    assert result.exit_code == 0, result.stderr
    printed = page.read_text(encoding="utf-8")
    assert printed.count('<div class="sheet">') == 1
    assert db.cards[ZAHYA].title in printed and "influence" in printed
    pdf = tmp_path / "zahya.pdf"
    print_to_pdf(page, pdf, "A4")
    reader = pypdf.PdfReader(str(pdf))
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    assert "Zahya Sadeghi" in text and "40 cards (minimum 40)" in text and "6/15" in text


def test_sheet_sections_are_by_type_then_alphabetical() -> None:
    result = runner.invoke(
        app, ["convert", str(FIXTURES / "decks" / "std-hb-precision.txt"), "--to", "sheet"]
    )
    html = result.stdout
    sections = [part.split(" (")[0] for part in html.split("<h2>")[1:]]
    assert sections == ["Agenda", "Asset", "Upgrade", "Operation", "Barrier", "Code Gate", "Sentry"]
    agenda = html.split("<h2>Agenda")[1].split("</ul>")[0]
    titles = [t.split("</span>")[0] for t in agenda.split('class="title">')[1:]]
    assert titles == sorted(titles)
