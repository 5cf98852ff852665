"""A check reads the same from the catalogue as from the JSON document: every deck under
tests/fixtures and data/examples, under every format the data has and every shipped community
format, today and on dates their rules changed; and the periods of every format alike."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nrdeck.app.inputs.cards import DataSettings, load_database
from nrdeck.catalog import catalogue_path
from tests.acceptance.data.catalogue_cases import DECKS, check, pinned, run

# (format, as-of date): each format, today and at dates its rules changed
CHECKS = [
    ("standard", None),
    ("standard", "2016-08-01"),
    ("standard", "2019-03-01"),
    ("standard", "2024-09-01"),
    ("startup", None),
    ("startup", "2023-06-01"),
    ("eternal", None),
    ("eternal", "2021-01-01"),
    ("ram", None),
    ("ram", "2022-01-15"),
    ("snapshot", None),
    ("system_gateway", None),
    ("core", None),
    ("astro", None),
    ("throwback", None),
]
FORMATS = sorted({f for f, _ in CHECKS})


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A pinned copy of the bundled snapshot, with its titles and catalogue."""
    return pinned(tmp_path_factory.mktemp("equivalence") / "pinned")


def _without_catalogue(data: Path) -> Path:
    """A copy of the pinned data with no catalogue beside it."""
    other = data.parent.parent / "json-only"
    if not other.exists():
        other.mkdir()
        for path in data.parent.iterdir():
            if path != catalogue_path(data):
                (other / path.name).write_bytes(path.read_bytes())
    return other / data.name


def test_the_copies_are_read_as_they_should(data: Path) -> None:
    assert load_database(DataSettings(data_file=data)).catalogue is not None
    assert load_database(DataSettings(data_file=_without_catalogue(data))).catalogue is None


@pytest.mark.parametrize(("format_id", "as_of"), CHECKS)
def test_a_check_reads_the_same_from_the_catalogue_as_from_the_json(
    data: Path, format_id: str, as_of: str | None
) -> None:
    args = [*DECKS, "--format", format_id, *(["--as-of", as_of] if as_of else [])]
    catalogued = check(*args, "--data", str(data))
    code, document, err = check(*args, "--data", str(_without_catalogue(data)))
    assert catalogued[0] == code
    assert catalogued[2].replace(str(data), "DATA") == err.replace(
        str(_without_catalogue(data)), "DATA"
    )
    assert _relabelled(catalogued[1], data) == _relabelled(document, _without_catalogue(data))
    assert len(document["decks"]) == len(DECKS) > 30


@pytest.mark.parametrize("format_id", FORMATS)
def test_the_periods_read_the_same_from_the_catalogue_as_from_the_json(
    data: Path, format_id: str
) -> None:
    args = ["data", "periods", "--format", format_id, "--output-format", "json"]
    catalogued = run(*args, "--data", str(data))
    document = run(*args, "--data", str(_without_catalogue(data)))
    assert catalogued[0] == document[0] == 0, catalogued[2]
    assert json.loads(catalogued[1].replace(str(data), "DATA")) == json.loads(
        document[1].replace(str(_without_catalogue(data)), "DATA")
    )


def _relabelled(found: dict[str, object], data: Path) -> dict[str, object]:
    """The JSON with the data file's path written as DATA (the copies differ in it)."""
    return dict(json.loads(json.dumps(found).replace(str(data), "DATA")))
