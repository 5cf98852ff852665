"""One deck's answer for the page and the API alike: the service's answer, run within the
server's bounds (how many checks at once, how long each), its failures as the web says them."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from fastapi import Request

from nrdeck.app.serve.service import CheckService, DeckRequest
from nrdeck.catalog import DamagedCatalog
from nrdeck.errors import CatalogDamagedError, NrdeckError, damaged_catalog
from nrdeck.results.answer import CheckAnswer
from nrdeck.web import words
from nrdeck.web.limits import Bound, Busy, TooSlow
from nrdeck.web.safety import CHECK_SECONDS, RETRY_AFTER, Failure, bug, failure_of

T = TypeVar("T")
CHECKS_AT_ONCE = 4  # a worker's checks running together (more only share the same cores)
CHECKS_WAITING = 64
LINKS_AT_ONCE = 4  # NetrunnerDB links being fetched together, beside the checks
LINKS_WAITING = 8


class Limits:
    """A worker's bounds: checks, and link checks (which wait on NetrunnerDB, not the CPU)."""

    def __init__(self) -> None:
        self.checks = Bound("nrdeck-check", CHECKS_AT_ONCE, CHECKS_WAITING, 2.0, RETRY_AFTER)
        self.links = Bound("nrdeck-link", LINKS_AT_ONCE, LINKS_WAITING, 1.0, 2 * RETRY_AFTER)


async def answered(request: Request, asked: DeckRequest, front: words.Front) -> CheckAnswer:
    """The service's answer for the deck (a ``Failure`` when there is none to give)."""
    service: CheckService = request.app.state.service
    limits: Limits = request.app.state.limits
    link = service.link_of(asked.deck) is not None
    try:
        answer = await bounded(
            request,
            lambda: service.answer(asked, _bug_logger),
            front,
            bound=limits.links if link else limits.checks,
            link=link,
        )
    except TooSlow as slow:
        if link:
            message = words.LINK_SLOW.format(seconds=slow.seconds)
            raise Failure(504, "upstream", message, words.LINK_HINT) from None
        raise
    outcome = answer.report.outcomes[0]
    if outcome.unavailable:  # a link NetrunnerDB did not give: its problem says why
        said = outcome.problems[0].message if outcome.problems else "the deck was not obtained"
        raise Failure(503, "unavailable", said, words.LINK_HINT, {"retry-after": "30"})
    return answer


async def bounded(
    request: Request,
    work: Callable[[], T],
    front: words.Front,
    *,
    bound: Bound | None = None,
    link: bool = False,
) -> T:
    """``work()`` within a bound (the checks' by default): its expected failures as the web
    says them."""
    service: CheckService = request.app.state.service
    limits: Limits = request.app.state.limits
    try:
        return await (bound or limits.checks).run(work, CHECK_SECONDS)
    except Busy as busy:
        what = words.LINKS_BUSY if link else words.BUSY
        retry = {"retry-after": str(busy.retry_after)}
        raise Failure(503, "busy", what, words.BUSY_HINT, retry) from None
    except TooSlow as slow:
        if link:
            raise
        message = words.TOO_SLOW.format(seconds=slow.seconds)
        raise Failure(503, "too-slow", message, words.TOO_SLOW_HINT) from None
    except DamagedCatalog as exc:
        raise damaged(service, damaged_catalog(exc)) from None
    except CatalogDamagedError as err:
        raise damaged(service, err) from None
    except NrdeckError as err:
        raise failure_of(err, front) from None


def damaged(service: CheckService, err: CatalogDamagedError) -> Failure:
    """A damaged catalogue: the server's card data, not the deck (503; /healthz says so)."""
    service.cards.damaged(err)
    return Failure(503, "unavailable", words.DAMAGED, words.DAMAGED_HINT, {"retry-after": "60"})


def _bug_logger(source: str, exc: BaseException) -> None:
    bug(exc, source)
