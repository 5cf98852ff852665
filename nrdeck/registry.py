"""Explicit name -> implementation registries whose modules load on first use.

A seam's registry names every implementation in one place (a test checks each CLI choice
has an entry), while a run imports only the ones it uses: start-up stays fast.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class LazyRegistry(Mapping[str, T], Generic[T]):
    """name -> an instance of ``"package.module:ClassName"``, created when first looked up."""

    def __init__(self, specs: Mapping[str, str]) -> None:
        self._specs = dict(specs)
        self._made: dict[str, T] = {}

    def __getitem__(self, name: str) -> T:
        if name not in self._made:
            module, _, attr = self._specs[name].partition(":")
            factory: Any = getattr(importlib.import_module(module), attr)
            self._made[name] = factory()
        return self._made[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._specs)

    def __len__(self) -> int:
        return len(self._specs)

    def __contains__(self, name: object) -> bool:
        return name in self._specs
