"""``nrdeck serve``: the deck-check page and the HTTP API, served by uvicorn.

The web libraries come with the ``serve`` extra and are imported only when the server starts
(the other commands never pay for them). With ``--workers`` above 1, uvicorn starts each
worker from ``application`` below, which reads the settings this command resolved (the Cobra
tournament is asked once, here) from the environment it gives the workers. A worker ends
when its supervisor does, however the supervisor ended (``kill -9`` too), so that no orphan
keeps serving, and keeps the port, after it.
"""

import logging
import multiprocessing
import os
import signal
import threading
from pathlib import Path
from typing import Annotated, Any

import msgspec
import typer

from nrdeck.cli.errors import handles_errors
from nrdeck.cli.event import cobra_settings
from nrdeck.cli.options import (
    AsOfOpt,
    BanlistOpt,
    CacheDirOpt,
    DataOpt,
    FormatFileOpt,
    FormatOpt,
    OfflineOpt,
    TierOpt,
    given,
)
from nrdeck.cli.settings import data_settings, from_parent, pass_to_workers, selection_options
from nrdeck.errors import UsageError, extra_hint
from nrdeck.http.listening import require_free

SERVE_HELP = (
    "Serve a deck-check page and an HTTP API (the serve extra). With --cobra, or --format, "
    "--as-of, --tier, --banlist, --format-file or --event-name, every visitor is checked under "
    "the event's settings, which the page shows."
)


def register(app: typer.Typer, words: Any = ()) -> None:
    """Add `serve` to the app."""
    app.command("serve", help=SERVE_HELP)(serve)


@handles_errors
def serve(
    ctx: typer.Context,
    host: Annotated[
        str, typer.Option("--host", metavar="ADDRESS", help="Address to listen on.")
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", metavar="PORT", min=0, max=65535, help="Port.")
    ] = 8000,
    root_path: Annotated[
        str, typer.Option("--root-path", metavar="PATH", help="The prefix a reverse proxy adds.")
    ] = "",
    workers: Annotated[
        int, typer.Option("--workers", metavar="N", min=1, max=64, help="Worker processes.")
    ] = 1,
    cobra: Annotated[
        str | None,
        typer.Option(
            "--cobra", metavar="TOURNAMENT", help="Check under this Cobra event's settings."
        ),
    ] = None,
    cobra_url: Annotated[
        str | None, typer.Option("--cobra-url", metavar="URL", help="Cobra's address.")
    ] = None,
    event_name: Annotated[
        str | None,
        typer.Option(
            "--event-name", metavar="NAME", help="The event's name on the page (Cobra's: its own)."
        ),
    ] = None,
    format_id: FormatOpt = "standard",
    as_of: AsOfOpt = None,
    tier: TierOpt = "casual",
    banlist: BanlistOpt = None,
    format_file: FormatFileOpt = None,
    no_links: Annotated[
        bool, typer.Option("--no-links", help="Refuse NetrunnerDB links (no outgoing requests).")
    ] = False,
    offline: OfflineOpt = False,
    data: DataOpt = None,
    cache_dir: CacheDirOpt = None,
) -> None:
    """Serve the deck-check page and the HTTP API."""
    try:
        import uvicorn
    except ImportError:
        raise UsageError("nrdeck serve needs its extra", hint=extra_hint("serve")) from None
    from nrdeck.app.event.cobra import CobraRequest
    from nrdeck.app.serve.service import ServeSettings, event_settings
    from nrdeck.web.app import raise_file_limit, uvicorn_options

    settings = data_settings(offline=offline or no_links, data=data, cache_dir=cache_dir)
    fixed = [n for n in ("format_id", "as_of", "tier", "banlist", "format_file") if given(ctx, n)]
    event = line = None
    if cobra is not None or fixed or event_name is not None:
        selection = selection_options(
            format_id=format_id, as_of=as_of, banlist=banlist, format_file=format_file,
            tier=tier, format_given=given(ctx, "format_id"),
        )  # fmt: skip
        request = None
        if cobra is not None:
            request = CobraRequest(
                cobra_settings(cobra, cobra_url),
                format_given=given(ctx, "format_id"),
                tier_given=given(ctx, "tier"),
            )
        event, line = event_settings(settings, selection, request, name=event_name)
    resolved = ServeSettings(data=settings, event=event, links=not no_links)
    require_free(host, port)
    pass_to_workers(_encoded(resolved, line))
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    raise_file_limit()
    target: Any = "nrdeck.cli.serve:application" if workers > 1 else application()
    uvicorn.run(
        target,
        factory=workers > 1,
        host=host,
        port=port,
        root_path=root_path,
        workers=workers,
        proxy_headers=bool(root_path),
        server_header=False,
        access_log=False,  # a visitor's request is not logged; bugs are, with their id
        log_level="info",
        **uvicorn_options(),
    )


def application() -> Any:
    """The ASGI application a worker serves, from the settings ``serve`` resolved."""
    from nrdeck.app.serve.service import CheckService
    from nrdeck.web.app import create_app

    settings, line = _decoded(from_parent())
    end_with_supervisor()
    return create_app(CheckService(settings), event_line=line)


def end_with_supervisor() -> None:
    """In a worker process, stop serving (as on SIGTERM: uvicorn's own graceful stop) once
    the supervisor that started it is gone; in the one process of ``--workers 1``, nothing."""

    supervisor = multiprocessing.parent_process()
    if supervisor is None:
        return
    threading.Thread(
        target=_stop_after, args=(supervisor,), name="nrdeck-supervisor-watch", daemon=True
    ).start()


def _stop_after(supervisor: Any) -> None:
    supervisor.join()  # returns when the supervisor has ended, however it ended
    os.kill(os.getpid(), signal.SIGTERM)


def _encoded(settings: Any, line: str | None) -> str:
    return msgspec.json.encode({"settings": settings, "line": line}, enc_hook=str).decode()


def _decoded(text: str) -> tuple[Any, str | None]:
    from nrdeck.app.serve.service import ServeSettings

    class WorkerSettings(msgspec.Struct):
        """What ``serve`` hands each worker: the settings it resolved, the page's event line."""

        settings: ServeSettings
        line: str | None = None

    found = msgspec.json.decode(text, type=WorkerSettings, dec_hook=_path)
    return found.settings, found.line


def _path(kind: type, value: Any) -> Any:
    if kind is Path:
        return Path(value)
    raise NotImplementedError(kind)
