"""``nrdeck serve``'s front door: a deck-check page and an HTTP API over ``nrdeck.app``.

A second front door beside ``nrdeck.cli``, held to the same rule: it wires requests to the
use cases (``nrdeck.app.serve``) and renders their results with the reporters; it decides
nothing. Its libraries (FastAPI, Starlette, Jinja2, uvicorn) come with the ``serve`` extra
and are imported only by ``nrdeck serve``, through ``app`` (``create_app``), the one module
used outside.
"""

__all__ = ["app"]
