"""nrdeck's own limit on how deeply untrusted JSON nests: the same on every Python, naming
where it is first passed, never fooled by brackets inside strings."""

from __future__ import annotations

import pytest

from nrdeck.jsondepth import MAX_JSON_DEPTH, JsonTooDeep, depth_passed, require_shallow


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("kind", [str, bytes])
def test_nesting_up_to_the_limit_is_read(kind: type) -> None:
    text = nested(MAX_JSON_DEPTH)
    assert depth_passed(text if kind is str else text.encode()) is None


@pytest.mark.parametrize("kind", [str, bytes])
def test_nesting_past_the_limit_names_where(kind: type) -> None:
    text = '{"a": ' + nested(MAX_JSON_DEPTH)[:MAX_JSON_DEPTH] + "[]"
    found = depth_passed(text if kind is str else text.encode())
    assert found == len('{"a": ') + MAX_JSON_DEPTH - 1  # the bracket one level too deep


def test_brackets_in_strings_do_not_count() -> None:
    text = '["' + "[" * 500 + '", "\\"[[[", {"k": "{{{{"}]'
    assert depth_passed(text) is None
    assert depth_passed('"' + "[" * 500) is None  # an unclosed string holds the rest


def test_siblings_do_not_add_up() -> None:
    assert depth_passed("[" + "[], " * 1000 + "[]]") is None


def test_a_limit_of_ones_own() -> None:
    assert depth_passed(nested(3), limit=2) == 2
    assert depth_passed(nested(3), limit=3) is None


def test_too_deep_is_a_recursion_error_with_its_position() -> None:
    with pytest.raises(RecursionError) as caught:
        require_shallow(nested(MAX_JSON_DEPTH + 1))
    assert isinstance(caught.value, JsonTooDeep) and caught.value.position == MAX_JSON_DEPTH
    require_shallow(nested(MAX_JSON_DEPTH))
