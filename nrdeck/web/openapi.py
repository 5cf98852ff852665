"""The OpenAPI description the server gives at /openapi.json."""

from __future__ import annotations

from fastapi import FastAPI


def describe(app: FastAPI) -> None:
    """Give the app its description (built once, on the first request for it)."""
