"""Card data is committed only when whole, consistent and plausible; the data in use survives.

Each refused update is exit 3 with one line, and the cache in use afterwards is the one
before it (its files unchanged, `data status` naming it).
"""

from __future__ import annotations

import copy
import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from typer.testing import Result
from werkzeug import Request, Response

from tests.acceptance.data.data_cli import nrdeck, snapshot, status_said, update
from tests.fakes.nrdb_v3 import FakeNrdb, page_body
from tests.paths import SNAPSHOT_DATE, assert_golden_cases

pytestmark = pytest.mark.usefixtures("fast_http")


def assert_refused(result: Result, cache: Path, before: dict[str, bytes], *named: str) -> str:
    """Exit 3 with one line saying so (naming what is wrong: its words are in
    tests/golden/messages/data-update-unsaved.txt), and the previous cache still in use."""
    assert result.exit_code == 3, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("nrdeck: error: ") and " from http://" in lines[0]  # the URL
    assert "not saved" in lines[0] and "in use is unchanged" in lines[0]
    for word in named:
        assert word in lines[0]
    assert snapshot(cache) == before
    status = nrdeck("data", "status", "--cache-dir", str(cache))
    assert status.exit_code == 0 and "damaged" not in status.stderr
    said = status_said(status.stdout)
    assert said["card data"].startswith("NetrunnerDB v3 API") and said["cards"] == "7"
    return lines[0]


def empty_pages(resources: set[str] | None = None):  # type: ignore[no-untyped-def]
    """A hook answering ``data: []`` and count 0 for the resources named (every one: None)."""

    def hook(resource: str, request: Request) -> Response | None:
        if resources is not None and resource not in resources:
            return None
        body = page_body(resource, [], 1, 10)
        return Response(_json(body), content_type="application/vnd.api+json")

    return hook


def _json(body: Any) -> str:
    import json

    return json.dumps(body)


def test_every_resource_empty_is_refused(warm: Path, nrdb: FakeNrdb) -> None:
    before = snapshot(warm)
    nrdb.hook = empty_pages()
    line = assert_refused(update(warm, nrdb.base_url), warm, before, "it has no cards")
    assert "more problems" in line


def test_only_cards_empty_is_refused(warm: Path, nrdb: FakeNrdb) -> None:
    before = snapshot(warm)
    nrdb.hook = empty_pages({"cards"})
    assert_refused(
        update(warm, nrdb.base_url, "--force"),  # --force never saves an inconsistent dataset
        warm,
        before,
        "inconsistent",
        "no cards",
    )


def test_printings_naming_an_unknown_set_are_refused(warm: Path, nrdb: FakeNrdb) -> None:
    before = snapshot(warm)
    nrdb.data["printings"][0]["card_set_id"] = "nowhere"
    assert_refused(update(warm, nrdb.base_url), warm, before, "'01110'", "the set 'nowhere'")


def test_printings_naming_an_unknown_card_are_refused(warm: Path, nrdb: FakeNrdb) -> None:
    before = snapshot(warm)
    nrdb.data["printings"].append(
        {"id": "99999", "card_id": "ghost", "card_set_id": "core_set", "position": 1, "quantity": 1}
    )
    assert_refused(update(warm, nrdb.base_url), warm, before, "names the card 'ghost'")


def test_a_snapshot_naming_an_unknown_ban_list_is_refused(warm: Path, nrdb: FakeNrdb) -> None:
    before = snapshot(warm)
    nrdb.data["snapshots"][0]["restriction_id"] = "ban_z"
    assert_refused(update(warm, nrdb.base_url), warm, before, "names the ban list 'ban_z'")


def test_losing_more_than_half_the_cards_needs_force(warm: Path, nrdb: FakeNrdb) -> None:
    before = snapshot(warm)
    kept = {"hedge_fund", "project_x", "the_news_now_hour"}
    _keep_cards(nrdb, kept)
    line = assert_refused(update(warm, nrdb.base_url), warm, before, "3 cards instead of 7")
    assert "--force" in line  # what to do
    forced = update(warm, nrdb.base_url, "--force")
    assert forced.exit_code == 0, forced.output
    status = nrdeck("data", "status", "--cache-dir", str(warm))
    assert status_said(status.stdout)["cards"] == "3"


def test_losing_a_format_needs_force(tmp_path: Path, nrdb: FakeNrdb) -> None:
    nrdb.data["formats"].append(
        {"id": "startup", "name": "Startup", "active_snapshot_id": None, "snapshot_ids": []}
    )
    cache = tmp_path / "cache"
    assert update(cache, nrdb.base_url, "--force").exit_code == 0
    before = snapshot(cache)
    nrdb.data["formats"].pop()
    assert_refused(update(cache, nrdb.base_url), cache, before, "the format startup")
    assert update(cache, nrdb.base_url, "--force").exit_code == 0


def test_an_empty_cache_is_compared_with_the_bundled_snapshot(
    tmp_path: Path, nrdb: FakeNrdb
) -> None:
    cache = tmp_path / "cache"
    result = update(cache, nrdb.base_url)
    assert result.exit_code == 3
    line = result.stderr.strip()
    assert f"(bundled snapshot of {SNAPSHOT_DATE})" in line  # what it was compared with
    assert "7 cards instead of 2054" in line and "formats core, eternal" in line
    assert not (cache / "v1" / "meta.json").exists()
    status = nrdeck("data", "status", "--cache-dir", str(cache))
    assert status_said(status.stdout)["card data"] == f"bundled snapshot of {SNAPSHOT_DATE}"


def test_a_refused_update_leaves_checks_working(warm: Path, nrdb: FakeNrdb, tmp_path: Path) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text("Hoshiko Shiro: Untold Protagonist\n3 Deja Vu\n")
    nrdb.hook = empty_pages({"formats", "cards"})
    assert update(warm, nrdb.base_url).exit_code == 3
    checked = nrdeck("check", str(deck), "--cache-dir", str(warm), "--format", "standard")
    assert checked.exit_code == 1, checked.output  # judged (illegal), not "unknown format"
    assert "NetrunnerDB v3 API" in checked.stderr  # the data it was judged with, named


def _keep_cards(nrdb: FakeNrdb, kept: set[str]) -> None:
    """Drop every other card and what names it (a consistent, much smaller dataset)."""
    data = nrdb.data
    data["cards"] = [c for c in data["cards"] if c["id"] in kept]
    data["printings"] = [p for p in data["printings"] if p["card_id"] in kept]
    for r in data["restrictions"]:
        verdicts = copy.deepcopy(r["verdicts"])
        for key, value in verdicts.items():
            if isinstance(value, list):
                verdicts[key] = [c for c in value if c in kept]
            else:
                verdicts[key] = {c: n for c, n in value.items() if c in kept}
        r["verdicts"] = verdicts


def test_what_an_unsaved_update_says_reads_as_the_golden_file_says(
    warm: Path, nrdb: FakeNrdb, tmp_path: Path
) -> None:
    def said(label: str, result: Result) -> tuple[str, str]:
        shown = result.stderr.replace(nrdb.base_url, "<nrdb>").replace(str(tmp_path), "<tmp>")
        return label, shown.replace(dt.date.today().isoformat(), "<today>")

    cases = [said("nothing cached yet: compared with the bundled data",
                  update(tmp_path / "empty", nrdb.base_url))]  # fmt: skip
    for label, hook in [("every resource empty", empty_pages()),
                        ("no cards, with --force", empty_pages({"cards"}))]:  # fmt: skip
        nrdb.hook = hook
        cases.append(said(label, update(warm, nrdb.base_url, "--force")))
    nrdb.hook = None
    pristine = copy.deepcopy(nrdb.data)
    nrdb.data["printings"][0]["card_set_id"] = "nowhere"
    nrdb.data["snapshots"][0]["restriction_id"] = "ban_z"
    cases.append(said("a set and a ban list the data lacks", update(warm, nrdb.base_url)))
    nrdb.data = copy.deepcopy(pristine)
    _keep_cards(nrdb, {"hedge_fund", "project_x", "the_news_now_hour"})
    cases.append(said("more than half the cards lost", update(warm, nrdb.base_url)))
    assert_golden_cases("messages/data-update-unsaved.txt", cases, __file__)
