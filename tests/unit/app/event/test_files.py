"""An event's roster mapping (``--columns``), the render options its flags choose, and the
printable decklists it makes."""

from __future__ import annotations

import pytest

from nrdeck.app.event.files import parse_columns, render_options, sheets_document
from nrdeck.catalog import CardDB
from nrdeck.errors import ExitCode, UsageError
from tests.builders import checked_deck, event_report, player_report

REPORT = event_report(player_report("Ana", checked_deck("corp"), checked_deck("runner")))


@pytest.mark.parametrize(
    ("text", "mapping"),
    [
        (None, {}),
        ("", {}),
        ('player="Name"', {"player": "Name"}),
        ("PLAYER='Nom, prénom' , corp=Corp", {"player": "Nom, prénom", "corp": "Corp"}),
        (
            'player="A",corp="B deck",runner="C deck",',
            {"player": "A", "corp": "B deck", "runner": "C deck"},
        ),
    ],
)
def test_columns_map_each_role_to_a_header(text: str | None, mapping: dict[str, str]) -> None:
    assert parse_columns(text) == mapping


@pytest.mark.parametrize(
    "text", ['table="4"', 'player=""', "player", 'player="Name" corp="x"', '"Name"']
)
def test_columns_that_cannot_be_read_are_a_usage_error(text: str) -> None:
    with pytest.raises(UsageError) as caught:
        parse_columns(text)
    assert caught.value.exit_code is ExitCode.USAGE and caught.value.hint


@pytest.mark.parametrize(
    ("output_format", "audience"),
    [("markdown", "public"), ("html", "public"), ("table", "organiser"), ("json", "organiser")],
)
def test_pages_to_publish_default_to_the_public(output_format: str, audience: str) -> None:
    assert render_options(REPORT, output_format).audience == audience
    assert render_options(REPORT, output_format, audience="organiser").audience == "organiser"


def test_the_flags_are_kept() -> None:
    options = render_options(REPORT, "csv", quiet=True, excel=True, public_columns=["Table"])
    assert (options.quiet, options.excel, options.public_columns) == (True, True, ("Table",))


@pytest.mark.parametrize(
    ("output_format", "flags"),
    [
        ("table", {"audience": "everyone"}),
        ("json", {"audience": "public"}),  # not a page to publish
        ("markdown", {"public_columns": ["Pronouns"]}),  # not a column of the roster
    ],
)
def test_flags_that_do_not_fit_are_usage_errors(
    output_format: str, flags: dict[str, object]
) -> None:
    with pytest.raises(UsageError) as caught:
        render_options(REPORT, output_format, **flags)  # type: ignore[arg-type]
    assert caught.value.exit_code is ExitCode.USAGE and caught.value.hint


def test_sheets_are_one_document_named_after_the_event(db: CardDB) -> None:
    named = sheets_document(REPORT, db, "GNK <Paris>")
    assert named.lstrip().lower().startswith("<!doctype html")
    assert "GNK &lt;Paris&gt;" in named and "GNK <Paris>" not in named
    assert sheets_document(REPORT, db).count("<title>Decklists</title>") == 1
