"""A database read from its catalogue: what is read is checked (rows, counts, a key's
absence), and a catalogue found damaged in the middle of a run is passed over for the JSON
document, said once, the answers unchanged."""

from __future__ import annotations

import shutil
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from nrdeck.cards.bundled import snapshot_path
from nrdeck.cards.document import decode
from nrdeck.catalog import CardDB, DamagedCatalog, catalogue_path
from nrdeck.catalog.reading import open_catalogue
from nrdeck.catalog.sqlitefile import row_checksum
from tests.fakes.catalogue import set_meta


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """A copy of the bundled catalogue."""
    path = tmp_path / "cards.sqlite"
    shutil.copy(catalogue_path(snapshot_path()), path)
    return path


def _document() -> CardDB:
    return CardDB.from_document(decode(snapshot_path().read_bytes(), "the bundled snapshot"))


class Opened:
    """A database read from a catalogue file, falling back to the bundled document."""

    def __init__(self, path: Path) -> None:
        catalogue = open_catalogue(path)
        assert catalogue is not None
        self.catalogue = catalogue
        self.fallbacks: list[str] = []
        self.db = CardDB.from_catalogue(catalogue, self._fallback)

    def _fallback(self, exc: DamagedCatalog) -> tuple[CardDB, str]:
        self.fallbacks.append(str(exc))
        return _document(), f"damaged: {exc}"


@pytest.fixture
def opened(copy: Path) -> Iterator[Opened]:
    found = Opened(copy)
    yield found
    found.catalogue.close()


def _sql(path: Path, statement: str, *parameters: object) -> None:
    with sqlite3.connect(path) as connection:
        connection.execute(statement, parameters)
    connection.close()


def test_a_missing_row_of_a_listed_key_is_damage_not_absence(copy: Path, opened: Opened) -> None:
    _sql(copy, "DELETE FROM cards WHERE id = 'hedge_fund'")
    assert opened.db.cards["hedge_fund"].title == "Hedge Fund"  # from the JSON document
    assert opened.db.card_by_title("Hedge Fund") is not None
    assert "no_such_card" not in opened.db.cards
    assert len(opened.fallbacks) == 1 and "missing" in opened.fallbacks[0]
    assert opened.db.info.warnings == (f"damaged: {opened.fallbacks[0]}",)


def test_a_key_nobody_wrote_is_simply_absent(opened: Opened) -> None:
    assert opened.db.cards.get("no_such_card") is None
    assert opened.db.printings.get("99999") is None
    assert opened.db.card_by_title("No Such Card") is None
    assert "no_such_list" not in opened.db.restrictions
    assert opened.db.restrictions.get("no_such_list") is None
    assert opened.fallbacks == []


def test_a_record_damaged_mid_run_is_read_from_the_json_said_once(
    copy: Path, opened: Opened
) -> None:
    expected = _document()
    assert opened.db.cards["sure_gamble"] == expected.cards["sure_gamble"]
    _sql(copy, "UPDATE cards SET record = 'damaged' WHERE id = 'hedge_fund'")
    for card_id in ("hedge_fund", "hedge_fund", "ice_wall"):
        assert opened.db.cards[card_id] == expected.cards[card_id]
    assert opened.db.sets_of("hedge_fund") == expected.sets_of("hedge_fund")
    assert len(opened.fallbacks) == 1 and len(opened.db.info.warnings) == 1


def test_a_fallback_that_fails_stops_the_run(copy: Path) -> None:
    catalogue = open_catalogue(copy)
    assert catalogue is not None

    def failing(exc: DamagedCatalog) -> tuple[CardDB, str]:
        raise DamagedCatalog(f"{exc}; and the document is gone")

    db = CardDB.from_catalogue(catalogue, failing)
    _sql(copy, "DELETE FROM cards WHERE id = 'hedge_fund'")
    with pytest.raises(DamagedCatalog, match="the document is gone"):
        db.printings_of("hedge_fund")
    catalogue.close()


@pytest.mark.parametrize("name", ["sets", "formats", "card_pools"])
def test_a_list_missing_is_damage_when_the_database_is_read(copy: Path, name: str) -> None:
    _sql(copy, "DELETE FROM lists WHERE name = ?", name)
    catalogue = open_catalogue(copy)
    assert catalogue is not None
    with pytest.raises(DamagedCatalog, match="lists"):
        CardDB.from_catalogue(catalogue, _never)
    catalogue.close()


@pytest.mark.parametrize("name", ["types", "subtypes"])
@pytest.mark.parametrize("damage", ["deleted", "changed"])
def test_a_kind_list_is_read_when_first_asked_for_and_its_damage_said_once(
    copy: Path, name: str, damage: str
) -> None:
    """A check never reads the card types and subtypes: their list is read, and found
    damaged, only when something asks for one (the JSON document's answers then)."""
    if damage == "deleted":
        _sql(copy, "DELETE FROM lists WHERE name = ?", name)
    else:
        _sql(copy, "UPDATE lists SET records = replace(records, 'a', 'e') WHERE name = ?", name)
    found = Opened(copy)
    assert found.fallbacks == []  # nothing asked for them yet
    expected = getattr(_document(), name)
    kinds = getattr(found.db, name)
    assert dict(kinds) == dict(expected) and sorted(kinds) == sorted(expected)
    assert len(found.fallbacks) == 1 and len(found.db.info.warnings) == 1
    found.catalogue.close()


def _never(exc: DamagedCatalog) -> tuple[CardDB, str]:
    raise AssertionError(f"no fallback while the database is read: {exc}")


def test_a_table_walked_with_a_row_missing_is_damage(copy: Path, opened: Opened) -> None:
    _sql(copy, "DELETE FROM restrictions WHERE id = (SELECT min(id) FROM restrictions)")
    assert sorted(opened.db.restrictions) == sorted(_document().restrictions)
    assert len(opened.fallbacks) == 1 and "rows" in opened.fallbacks[0]


LAST_STANDARD = "SELECT max(id) FROM restrictions WHERE format_id = 'standard'"
FIRST_STANDARD = "SELECT min(id) FROM restrictions WHERE format_id = 'standard'"


@pytest.mark.parametrize("damage", ["deleted", "filed elsewhere"])
@pytest.mark.parametrize("asked", ["by format", "by id"])
def test_a_format_missing_one_of_its_ban_lists_is_damage(
    copy: Path, opened: Opened, damage: str, asked: str
) -> None:
    with sqlite3.connect(copy) as connection:
        first = connection.execute(FIRST_STANDARD).fetchone()[0]
        last = connection.execute(f"SELECT * FROM restrictions WHERE id = ({LAST_STANDARD})")
        row = last.fetchone()[:-1]
    connection.close()
    _sql(copy, "DELETE FROM restrictions WHERE id = ?", row[0])
    if damage == "filed elsewhere":  # a whole row under another format, its checksum matching
        moved = (*row[:2], "eternal", *row[3:])
        _sql(
            copy, "INSERT INTO restrictions VALUES (?, ?, ?, ?, ?, ?)", *moved, row_checksum(moved)
        )
    expected = _document()
    if asked == "by id":
        assert opened.db.restrictions[first] == expected.restrictions[first]
    assert opened.db.restrictions_filed_under("standard") == expected.restrictions_filed_under(
        "standard"
    )
    assert len(opened.fallbacks) == 1 and "not all there" in opened.fallbacks[0]


def test_one_ban_list_asked_for_reads_its_format_s(opened: Opened) -> None:
    expected = _document()
    standard = expected.restrictions_filed_under("standard")
    assert opened.db.restrictions[standard[0].id] == standard[0]
    assert opened.db.restrictions_filed_under("standard") == standard
    assert opened.db.restrictions_filed_under("no_such_format") == ()
    assert opened.fallbacks == []


def test_another_schema_is_not_opened_as_a_catalogue(copy: Path) -> None:
    set_meta(copy, "schema_version", "2")
    assert open_catalogue(copy) is None


def test_threads_share_a_catalogue(opened: Opened) -> None:
    expected = _document()
    ids = sorted(expected.cards)[:400]
    failures: list[BaseException] = []

    def read(part: list[str]) -> None:
        try:
            for card_id in part:
                assert opened.db.cards[card_id] == expected.cards[card_id]
                assert opened.db.sets_of(card_id) == expected.sets_of(card_id)
        except BaseException as exc:  # handed to the test, which says what it was
            failures.append(exc)

    threads = [threading.Thread(target=read, args=(ids[n::4],)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == [] and opened.fallbacks == []
