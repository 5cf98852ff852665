"""The deck-check page as rendered: an answer and an error whose text comes from strangers
(a deck's name, a problem's message) are shown as text, never as markup or control codes."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="nrdeck[serve] is not installed")

from msgspec.structs import replace

from nrdeck.report.check.json import deck_entry
from nrdeck.web.pages import TEMPLATES, TIERS
from tests.builders import checked_outcome, illegal_result

SCRIPT = "<script>alert(1)</script>"
HOSTILE = f"</textarea>{SCRIPT}<img src=x onerror=alert(2)>\x1b[2J\u202e"


class Page(HTMLParser):
    """The tags and the text of a page, as a browser parses them."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.attributes: list[str] = []
        self.text = ""
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attributes.extend(name for name, _ in attrs)

    def handle_data(self, data: str) -> None:
        self.text += data


def render(**context: Any) -> Page:
    base = {
        "values": {"deck": "", "format": "standard", "as_of": "2025-09-01", "tier": "casual"},
        "answer": None,
        "error": None,
        "formats": [("standard", "Standard")],
        "tiers": TIERS,
        "event": None,
        "root": "",
    }
    return Page(TEMPLATES.env.get_template("page.html").render(**{**base, **context}))


def answer(text: str) -> dict[str, Any]:
    """A checked deck as the page reads it: the check document's entry of the deck (as
    ``answer.deck`` and as ``answer.decks[0]``) and its figures (beside it and under
    ``details``), its identity, a problem and a figure from a stranger."""
    result = illegal_result()
    hostile = replace(
        result,
        identity_title=text,
        problems=(replace(result.problems[0], message=text),),
    )
    entry = deck_entry(checked_outcome(hostile), hostile.period)
    figures = {"figures": [text], "warnings": []}
    return {"deck": entry, "decks": [entry], **figures, "details": figures, "card_data": text}


def test_the_empty_form_has_no_script() -> None:
    page = render()
    assert "script" not in page.tags and "form" in page.tags
    assert not [a for a in page.attributes if a.startswith("on")]


@pytest.mark.parametrize(
    "context",
    [
        {"error": HOSTILE},
        {"answer": answer(HOSTILE)},
        {"event": HOSTILE},
        {"values": {"deck": HOSTILE, "format": "standard", "as_of": "", "tier": "casual"}},
    ],
    ids=["error", "answer", "event", "pasted-deck"],
)
def test_a_strangers_text_is_shown_as_text(context: dict[str, Any]) -> None:
    page = render(**context)
    assert "script" not in page.tags and "img" not in page.tags
    assert "onerror" not in page.attributes
    assert SCRIPT in page.text  # shown, as the stranger wrote it


@pytest.mark.parametrize("where", ["error", "answer", "event"])
def test_control_characters_are_shown_escaped_on_the_page(where: str) -> None:
    page = render(**{where: answer(HOSTILE) if where == "answer" else HOSTILE})
    assert "\x1b" not in page.text and "\u202e" not in page.text
    assert "\\x1b[2J" in page.text and "\\u202e" in page.text


def test_an_answer_lists_each_problem_with_its_code() -> None:
    page = render(answer=answer("Info Bounty"))
    assert "ol" in page.tags and "code" in page.tags
    assert "copies" in page.text and "(line 3)" in page.text
