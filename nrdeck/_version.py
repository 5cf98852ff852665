"""nrdeck's version: the one source (pyproject.toml reads it; imported without the package's
API, so nothing below ``nrdeck`` imports back up to the package root)."""

__version__ = "0.1.0"
