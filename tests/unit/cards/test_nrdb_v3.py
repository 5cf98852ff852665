"""The v3 client: pagination, JSON:API checks, quirks, conditional requests (127.0.0.1 only)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

from nrdeck.cards.nrdb_v3 import NrdbV3Source
from nrdeck.cards.nrdb_v3_facts import number_or_x
from nrdeck.catalog import CardDB
from nrdeck.errors import DataUnavailableError
from nrdeck.http import HttpSettings
from tests.fakes.nrdb_v3 import FakeNrdb

FAST = HttpSettings(retries=2, backoff=0.01)  # the default timeouts: generous on a busy machine


@pytest.fixture
def nrdb(httpserver: HTTPServer) -> FakeNrdb:
    return FakeNrdb(httpserver)


def source(nrdb: FakeNrdb, size: int = 2, **kw: Any) -> NrdbV3Source:
    sizes = dict.fromkeys(nrdb.data, size)
    return NrdbV3Source(nrdb.base_url, http=FAST, page_sizes=sizes, **kw)


def test_multi_page_resources_follow_next_links_rebased_on_the_base_url(nrdb: FakeNrdb) -> None:
    seen: list[tuple[str, int, int]] = []
    records = source(nrdb, progress=lambda r, d, t: seen.append((r, d, t))).fetch_all("printings")
    assert [r["id"] for r in records] == [p["id"] for p in nrdb.data["printings"]]
    assert nrdb.requests == [("printings", 200)] * 4  # 8 printings, 2 per page
    assert seen[-1] == ("printings", 8, 8)


def test_first_page_asks_for_sort_by_id_within_the_maximum_page_size(nrdb: FakeNrdb) -> None:
    client = NrdbV3Source(nrdb.base_url, http=FAST)
    assert client.first_page_url("cards").endswith("/cards?page%5Bsize%5D=10000&sort=id")
    assert "page%5Bsize%5D=1000&" in client.first_page_url("restrictions")


def test_an_empty_page_without_links_is_an_empty_resource(nrdb: FakeNrdb) -> None:
    nrdb.data["restrictions"] = []
    assert source(nrdb).fetch_all("restrictions") == []


def test_a_count_that_does_not_match_names_the_url(nrdb: FakeNrdb) -> None:
    def lying(resource: str, request: Request) -> Response:
        body = {"data": [], "meta": {"stats": {"total": {"count": 3}}}}
        return Response(json.dumps(body), content_type="application/vnd.api+json")

    nrdb.hook = lying
    with pytest.raises(DataUnavailableError) as err:
        source(nrdb).fetch_all("formats")
    assert "/api/v3/public/formats?" in err.value.message
    assert "got 0 formats but the server announced 3" in err.value.message


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"errors": [{"status": "500"}]}, "no 'data' list"),
        (
            {"data": [{"id": "x", "type": "cards"}], "meta": {"stats": {"total": {"count": 1}}}},
            "record 1",
        ),
        ({"data": []}, "meta.stats.total.count"),
        ({"data": [], "meta": {"stats": {"total": {"count": 0}}}, "links": []}, "'links'"),
    ],
)
def test_a_page_breaking_the_jsonapi_shape_is_refused(
    nrdb: FakeNrdb, body: Any, words: str
) -> None:
    nrdb.hook = lambda r, q: Response(json.dumps(body), content_type="application/json")
    with pytest.raises(DataUnavailableError, match=words) as err:
        source(nrdb).fetch_all("cards")
    assert err.value.message.startswith(nrdb.base_url + "/cards?")


def test_truncated_json_is_refused(nrdb: FakeNrdb) -> None:
    nrdb.hook = lambda r, q: Response('{"data": [{"id": "hedge', content_type="application/json")
    with pytest.raises(DataUnavailableError, match="not valid JSON"):
        source(nrdb).fetch_all("cards")


def test_v3_quirks_become_the_same_facts_as_the_v2_data(nrdb: FakeNrdb) -> None:
    doc = source(nrdb).read()
    db = CardDB.from_document(doc)
    assert db.card("hedge_fund").cost == 5
    assert db.card("darwin").cost == "X"
    assert db.card("project_x").advancement_requirement == "X"
    assert db.card("project_x").cost is None
    hoshiko = db.card("hoshiko_shiro_untold_protagonist")
    assert hoshiko.influence_limit is None and hoshiko.layout == "flip"
    assert db.card_by_title("hoshiko shiro: mahou shoujo") == hoshiko
    assert db.card_by_title("Deja Vu") == db.card("deja_vu")
    ban_a, ban_b = db.restrictions["ban_a"], db.restrictions["ban_b"]
    assert ban_a.global_penalty == {"project_x": 1}
    assert ban_a.universal_faction_cost == {"hedge_fund": 1} and ban_a.banned == {"deja_vu"}
    assert ban_b.banned_subtypes == {"current"} and ban_b.points == {"darwin": 2}
    assert ban_b.point_limit == 7
    assert db.types["agenda"].side == "corp"
    assert doc.origin.dataset_date == "2026-10-01" and doc.origin.url == nrdb.base_url


def test_pools_get_their_sets_from_snapshots_and_explicit_cards_from_card_pool_ids(
    nrdb: FakeNrdb,
) -> None:
    db = CardDB.from_document(source(nrdb).read())
    assert db.card_pools["pool_a"].card_set_ids == ("core_set",)  # system_gateway via its cycle
    assert db.pool_sets("pool_a") == {"core_set", "system_gateway"}
    assert db.pool_cards("pool_a") == {
        "hedge_fund",
        "deja_vu",
        "project_x",
        "hoshiko_shiro_untold_protagonist",
        "the_news_now_hour",
        "promo_card",  # listed by card_pool_ids without a printing in the pool's sets
    }
    assert [s.id for s in db.snapshots_of("standard")] == ["standard_1", "standard_2"]
    assert db.formats["standard"].active_snapshot.id == "standard_1"  # type: ignore[union-attr]


def test_a_record_with_a_wrong_attribute_names_resource_and_id(nrdb: FakeNrdb) -> None:
    nrdb.data["cards"][0]["deck_limit"] = "many"
    with pytest.raises(DataUnavailableError, match=r"/cards: hedge_fund: deck_limit"):
        source(nrdb).read()


def test_every_page_answering_304_downloads_nothing(nrdb: FakeNrdb) -> None:
    first = source(nrdb)
    first.read()
    assert len(first.validators) == nrdb.downloads() == 22
    nrdb.requests.clear()
    assert source(nrdb).unchanged(first.validators)
    assert nrdb.downloads() == 0 and len(nrdb.requests) == 22


def test_one_changed_page_means_changed(nrdb: FakeNrdb) -> None:
    first = source(nrdb)
    first.read()
    nrdb.data["formats"][0]["name"] = "Standard (renamed)"
    assert not source(nrdb).unchanged(first.validators)


def test_validators_for_another_base_url_are_not_trusted(nrdb: FakeNrdb) -> None:
    first = source(nrdb)
    first.read()
    other = NrdbV3Source("http://127.0.0.1:9/api", http=FAST)
    assert not other.unchanged(first.validators)


@pytest.mark.parametrize(
    ("raw", "value"), [("5", 5), ("0", 0), ("X", "X"), ("x", "X"), (None, None)]
)
def test_costs_arrive_as_strings(raw: str | None, value: int | str | None) -> None:
    assert number_or_x(raw) == value


def test_a_page_that_changed_is_not_downloaded_twice(nrdb: FakeNrdb) -> None:
    first = source(nrdb)
    first.read()
    nrdb.data["formats"][0]["name"] = "Standard (renamed)"
    nrdb.requests.clear()
    second = source(nrdb)
    assert not second.unchanged(first.validators)
    doc = second.read()
    assert [s for r, s in nrdb.requests if r == "formats"] == [200]  # had while revalidating
    assert nrdb.downloads() == 1 + (len(first.validators) - 1)  # every other page once, in full
    assert doc.formats[0].name == "Standard (renamed)"
