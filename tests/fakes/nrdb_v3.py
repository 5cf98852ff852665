# ruff: noqa: E501
"""A small NetrunnerDB v3 lookalike on pytest-httpserver: JSON:API pages, ETag and 304."""

from __future__ import annotations

import hashlib
import json
import urllib.request
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

PREFIX = "/api/v3/public"
FOREIGN_HOST = "http://nrdb.invalid:3100"  # links are built from the server's own HOST
STAMP = "2026-10-01T12:00:00+00:00"


def _card(
    cid: str, title: str, side: str, faction: str, ctype: str, **extra: Any
) -> dict[str, Any]:
    base: dict[str, Any] = {
        "id": cid,
        "title": title,
        "stripped_title": extra.pop("stripped_title", title),
        "side_id": side,
        "faction_id": faction,
        "card_type_id": ctype,
        "card_subtype_ids": extra.pop("subtypes", []),
        "cost": None,
        "deck_limit": 3,
        "is_unique": False,
        "layout_id": "normal",
        "faces": [],
        "text": "ignored text",
        "updated_at": STAMP,
    }
    base.update(extra)
    return base


def dataset() -> dict[str, list[dict[str, Any]]]:
    """Every resource nrdeck fetches, as flat records (id + attributes)."""
    cards = [
        _card(
            "hedge_fund",
            "Hedge Fund",
            "corp",
            "neutral_corp",
            "operation",
            cost="5",
            influence_cost=0,
            subtypes=["transaction"],
            card_pool_ids=["pool_a"],
        ),
        _card(
            "deja_vu",
            "Déjà Vu",
            "runner",
            "anarch",
            "event",
            stripped_title="Deja Vu",
            cost="2",
            influence_cost=2,
            card_pool_ids=["pool_a"],
        ),
        _card(
            "darwin",
            "Darwin",
            "runner",
            "shaper",
            "program",
            cost="X",
            strength=-1,
            influence_cost=3,
            card_pool_ids=[],
        ),
        _card(
            "project_x",
            "Project X",
            "corp",
            "neutral_corp",
            "agenda",
            cost=None,
            advancement_requirement="X",
            agenda_points=2,
            card_pool_ids=["pool_a"],
        ),
        _card(
            "hoshiko_shiro_untold_protagonist",
            "Hoshiko Shiro: Untold Protagonist",
            "runner",
            "anarch",
            "runner_identity",
            deck_limit=1,
            minimum_deck_size=40,
            influence_limit=None,
            base_link=0,
            layout_id="flip",
            faces=[{"index": 1, "title": "Hoshiko Shiro: Mahou Shoujo", "images": {}}],
            card_pool_ids=["pool_a"],
        ),
        _card(
            "the_news_now_hour",
            "The News Now Hour",
            "corp",
            "nbn",
            "operation",
            cost="2",
            influence_cost=2,
            subtypes=["current"],
            card_pool_ids=["pool_a"],
        ),
        _card(
            "promo_card",
            "Promo Card",
            "corp",
            "nbn",
            "asset",
            cost="1",
            influence_cost=1,
            card_pool_ids=["pool_a"],
        ),
    ]
    printings = [
        {"id": "01110", "card_id": "hedge_fund", "card_set_id": "core_set", "position": 110, "quantity": 3},
        {"id": "30075", "card_id": "hedge_fund", "card_set_id": "system_gateway", "position": 75, "quantity": 3},
        {"id": "02091", "card_id": "deja_vu", "card_set_id": "core_set", "position": 91, "quantity": 3},
        {"id": "01047", "card_id": "darwin", "card_set_id": "old_pack", "position": 47, "quantity": 3},
        {"id": "30020", "card_id": "project_x", "card_set_id": "system_gateway", "position": 20, "quantity": 3},
        {"id": "30001", "card_id": "hoshiko_shiro_untold_protagonist", "card_set_id": "system_gateway", "position": 1, "quantity": 1},
        {"id": "30050", "card_id": "the_news_now_hour", "card_set_id": "system_gateway", "position": 50, "quantity": 3},
        {"id": "99001", "card_id": "promo_card", "card_set_id": "promos", "position": 1, "quantity": 1},
    ]  # fmt: skip
    for p in printings:
        p["updated_at"] = STAMP
    sets = [
        {"id": "core_set", "name": "Core Set", "card_cycle_id": "core", "card_set_type_id": "core",
         "date_release": "2012-09-06", "updated_at": STAMP},
        {"id": "old_pack", "name": "Old Pack", "card_cycle_id": "genesis",
         "card_set_type_id": "data_pack", "date_release": "2013-01-01"},
        {"id": "system_gateway", "name": "System Gateway", "card_cycle_id": "system_gateway",
         "card_set_type_id": "core", "date_release": "2021-03-05"},
        {"id": "promos", "name": "Promos", "card_cycle_id": "promos", "date_release": None},
    ]  # fmt: skip
    cycles = [
        {"id": "core", "name": "Core", "card_set_ids": ["core_set"]},
        {"id": "genesis", "name": "Genesis", "card_set_ids": ["old_pack"]},
        {"id": "system_gateway", "name": "System Gateway", "card_set_ids": ["system_gateway"]},
        {"id": "promos", "name": "Promos", "card_set_ids": ["promos"]},
    ]
    factions = [
        {"id": f, "name": f.title(), "side_id": side, "is_mini": False}
        for f, side in (("neutral_corp", "corp"), ("nbn", "corp"), ("anarch", "runner"), ("shaper", "runner"))
    ]  # fmt: skip
    types = [
        {"id": t, "name": t.title()}
        for t in ("operation", "event", "program", "agenda", "runner_identity", "asset")
    ]
    subtypes = [{"id": s, "name": s.title()} for s in ("transaction", "current")]
    formats = [
        {"id": "standard", "name": "Standard", "active_snapshot_id": "standard_1",
         "snapshot_ids": ["standard_1", "standard_2"], "updated_at": STAMP},
    ]  # fmt: skip
    snapshots = [
        {"id": "standard_1", "format_id": "standard", "card_pool_id": "pool_a",
         "card_cycle_ids": ["system_gateway"], "card_set_ids": ["core_set", "system_gateway"],
         "restriction_id": "ban_a", "date_start": "2021-03-05", "active": True},
        {"id": "standard_2", "format_id": "standard", "card_pool_id": "pool_a",
         "card_cycle_ids": ["system_gateway"], "card_set_ids": ["core_set", "system_gateway"],
         "restriction_id": "ban_b", "date_start": "2022-01-01", "active": False},
    ]  # fmt: skip
    pools = [
        {"id": "pool_a", "name": "Pool A", "format_id": "standard",
         "card_cycle_ids": ["system_gateway"], "num_cards": 6},
    ]  # fmt: skip
    restrictions = [
        {"id": "ban_a", "name": "Ban A", "format_id": "standard", "date_start": "2021-03-05",
         "point_limit": None, "banned_subtypes": [],
         "verdicts": {"banned": ["deja_vu"], "restricted": [], "universal_faction_cost": {"hedge_fund": 1},
                      "global_penalty": ["project_x"], "points": {}}},
        {"id": "ban_b", "name": "Ban B", "format_id": "standard", "date_start": "2022-01-01",
         "point_limit": 7, "banned_subtypes": ["current"],
         "verdicts": {"banned": [], "restricted": ["hedge_fund"], "universal_faction_cost": {},
                      "global_penalty": [], "points": {"darwin": 2}}},
    ]  # fmt: skip
    return {
        "cards": cards,
        "printings": printings,
        "card_sets": sets,
        "card_cycles": cycles,
        "factions": factions,
        "card_types": types,
        "card_subtypes": subtypes,
        "formats": formats,
        "snapshots": snapshots,
        "card_pools": pools,
        "restrictions": restrictions,
    }


def page_body(resource: str, rows: list[dict[str, Any]], number: int, size: int) -> dict[str, Any]:
    """One JSON:API index page; links only when data is non-empty, on a foreign host."""
    chunk = rows[(number - 1) * size : number * size]
    body: dict[str, Any] = {
        "data": [
            {
                "id": r["id"],
                "type": resource,
                "attributes": {k: v for k, v in r.items() if k != "id"},
                "links": {"self": f"{FOREIGN_HOST}{PREFIX}/{resource}/{r['id']}"},
            }
            for r in chunk
        ],
        "meta": {"stats": {"total": {"count": len(rows)}}},
    }
    if chunk:
        last = max(1, -(-len(rows) // size))

        def link(n: int) -> str:
            query = urlencode(
                {"page[number]": n, "page[size]": size, "sort": "id", "stats[total]": "count"}
            )
            return f"{FOREIGN_HOST}{PREFIX}/{resource}?{query}"

        body["links"] = {"self": link(number), "first": link(1), "last": link(last)}
        if number < last:
            body["links"]["next"] = link(number + 1)
    return body


Hook = Callable[[str, Request], Response | None]


class FakeNrdb:
    """Serve a dataset on an HTTPServer; ``hook`` may answer a request instead (faults)."""

    def __init__(
        self, server: HTTPServer, data: dict[str, list[dict[str, Any]]] | None = None
    ) -> None:
        self.server = server
        self.data = data if data is not None else dataset()
        self.hook: Hook | None = None
        self.requests: list[tuple[str, int]] = []
        for resource in self.data:
            server.expect_request(f"{PREFIX}/{resource}").respond_with_handler(
                self._handler(resource)
            )

    @property
    def base_url(self) -> str:
        """The API base URL to give nrdeck."""
        return self.server.url_for(PREFIX)

    def _handler(self, resource: str) -> Callable[[Request], Response]:
        def handle(request: Request) -> Response:
            if self.hook is not None:
                answer = self.hook(resource, request)
                if answer is not None:
                    self.requests.append((resource, answer.status_code))
                    return answer
            size = int(request.args.get("page[size]", "20"))
            number = int(request.args.get("page[number]", "1"))
            raw = json.dumps(page_body(resource, self.data[resource], number, size)).encode()
            etag = 'W/"' + hashlib.sha256(raw).hexdigest()[:20] + '"'
            if request.headers.get("If-None-Match") == etag:
                self.requests.append((resource, 304))
                return Response(status=304, headers={"ETag": etag})
            self.requests.append((resource, 200))
            return Response(
                raw, status=200, content_type="application/vnd.api+json", headers={"ETag": etag}
            )

        return handle

    def settle(self) -> None:
        """Wait until the server has answered every request already sent: it answers one at a
        time in the order they came (not threaded), so one more request is answered last."""
        assert not self.server.threaded
        self.server.expect_request("/__settled").respond_with_data("")
        with urllib.request.urlopen(self.server.url_for("/__settled"), timeout=120) as answer:
            answer.read()

    def downloads(self) -> int:
        """How many 200 answers were sent."""
        return sum(1 for _, status in self.requests if status == 200)
