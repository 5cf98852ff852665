"""Printable decklists: one page per deck, in NetrunnerDB's default layout, as one HTML file.

Open it in a browser and print: each deck starts a new page; the layout fits both A4 and
US Letter (the printer's paper is used; margins 12 mm). Every value is HTML-escaped.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape as html_escape

from nrdeck.report.safe import one_line
from nrdeck.results.sheets import DeckSheet, SheetSection

STYLE = """
@page { margin: 12mm; }
* { box-sizing: border-box; }
body { font: 10pt/1.35 "DejaVu Sans", Arial, sans-serif; color: #000; margin: 0; }
.sheet { break-after: page; page-break-after: always; padding: 0; }
.sheet:last-child { break-after: auto; page-break-after: auto; }
header { border-bottom: 2px solid #000; margin-bottom: 3mm; }
h1 { font-size: 15pt; margin: 0 0 1mm 0; }
.deck-name { font-style: italic; margin: 0 0 1mm 0; }
table.details { border-collapse: collapse; width: 100%; margin-bottom: 1.5mm; }
table.details th { text-align: left; font-weight: normal; color: #444; width: 14%; }
table.details td { font-weight: bold; width: 36%; }
.cards { column-count: 2; column-gap: 8mm; }
section { break-inside: avoid; page-break-inside: avoid; margin-bottom: 2.5mm; }
h2 { font-size: 10.5pt; margin: 0 0 0.5mm 0; border-bottom: 1px solid #999; }
ul { list-style: none; margin: 0; padding: 0; }
li { display: flex; gap: 2mm; }
.qty { width: 6mm; text-align: right; }
.title { flex: 1; }
.inf { color: #444; letter-spacing: 0.5px; }
.en { color: #444; font-size: 8pt; }
footer { border-top: 2px solid #000; margin-top: 3mm; padding-top: 1.5mm; font-weight: bold; }
.illegal { color: #b00020; font-weight: bold; }
@media screen {
  body { background: #ddd; }
  .sheet { background: #fff; width: 186mm; min-height: 255mm; margin: 8mm auto; padding: 10mm; }
}
"""


def esc(text: str) -> str:
    """Text as inert HTML."""
    return html_escape(one_line(text), quote=True)


def render_sheets(sheets: Sequence[DeckSheet], title: str = "Decklists") -> str:
    """The HTML document: a page per deck."""
    pages = "\n".join(render_sheet(sheet) for sheet in sheets)
    if not sheets:
        pages = '<div class="sheet"><p>No deck could be read: nothing to print.</p></div>'
    language = sheets[0].language if sheets else "en"
    return (
        f'<!DOCTYPE html>\n<html lang="{esc(language)}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{esc(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
        f"{pages}\n</body>\n</html>\n"
    )


def render_sheet(sheet: DeckSheet) -> str:
    """One deck's page: details, the cards by type, the figures."""
    details = [
        ("Player", sheet.player),
        ("Event", sheet.event),
        ("Date", sheet.date),
        ("Format", sheet.format_name),
    ]
    cells = [f"<th>{esc(k)}</th><td>{esc(v) or '&nbsp;'}</td>" for k, v in details]
    rows = "".join(f"<tr>{cells[i]}{cells[i + 1]}</tr>" for i in range(0, len(cells), 2))
    name = f'<p class="deck-name">{esc(sheet.deck_name)}</p>' if sheet.deck_name else ""
    warning = "" if sheet.legal else '<p class="illegal">This deck is not legal for the event.</p>'
    sections = "\n".join(_section(s) for s in sheet.sections)
    identity = esc(sheet.identity) + _english(sheet.identity_english)
    return (
        f'<div class="sheet">\n<header>\n<h1>{identity}</h1>\n{name}\n'
        f'<table class="details">{rows}</table>\n</header>\n{warning}\n'
        f'<div class="cards">\n{sections}\n</div>\n<footer>{esc(_figures(sheet))}</footer>\n</div>'
    )


def _section(section: SheetSection) -> str:
    items = "".join(
        f'<li><span class="qty">{row.copies}</span>'
        f'<span class="title">{esc(row.title)}{_english(row.english)}</span>'
        f'<span class="inf">{"•" * row.influence}</span></li>'
        for row in section.rows
    )
    return f"<section><h2>{esc(section.name)} ({section.copies})</h2><ul>{items}</ul></section>"


def _english(title: str) -> str:
    """The English title beside one printed in another language."""
    return f' <span class="en">{esc(title)}</span>' if title else ""


def _figures(sheet: DeckSheet) -> str:
    minimum = f" (minimum {sheet.min_cards})" if sheet.min_cards is not None else ""
    limit = "∞" if sheet.influence_limit is None else str(sheet.influence_limit)
    parts = [f"{sheet.cards} cards{minimum}", f"influence {sheet.influence_spent}/{limit}"]
    if sheet.agenda_points is not None:
        parts.append(f"{sheet.agenda_points} agenda points")
    return " · ".join(parts)
