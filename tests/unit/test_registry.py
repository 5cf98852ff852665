"""A registry names every implementation and imports each only when first looked up."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from nrdeck.registry import LazyRegistry


def test_an_entry_is_made_on_first_use_and_kept() -> None:
    registry: LazyRegistry[object] = LazyRegistry(
        {"counter": "collections:Counter", "odict": "collections:OrderedDict"}
    )
    assert list(registry) == ["counter", "odict"] and len(registry) == 2
    assert "counter" in registry and "list" not in registry
    first = registry["counter"]
    assert registry["counter"] is first and type(first).__name__ == "Counter"


def test_a_module_is_imported_only_when_its_entry_is_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "lazy_probe.py").write_text("class Made:\n    pass\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "lazy_probe", raising=False)
    registry: LazyRegistry[object] = LazyRegistry({"made": "lazy_probe:Made"})
    assert "made" in registry and list(registry) == ["made"]
    assert "lazy_probe" not in sys.modules
    assert type(registry["made"]).__name__ == "Made" and "lazy_probe" in sys.modules


def test_an_unknown_name_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        LazyRegistry({"a": "collections:Counter"})["b"]
