"""What keeps the server safe: every answer's security headers, and errors as one JSON shape
(kind, the CLI's exit code, one line of message) that carries no control character."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("starlette", reason="nrdeck[serve] is not installed")

from nrdeck.errors import ExitCode
from nrdeck.web.safety import HEADERS, KIND, STATUS, error_response


def body(status: int, kind: str, message: str, hint: str | None) -> dict[str, object]:
    response = error_response(status, kind, message, hint)
    assert response.status_code == status and response.media_type == "application/json"
    found: dict[str, object] = json.loads(bytes(response.body))["error"]
    return found


@pytest.mark.parametrize(
    ("kind", "code"),
    [
        ("usage", ExitCode.USAGE),
        ("unreadable", ExitCode.ILLEGAL),
        ("unavailable", ExitCode.UNAVAILABLE),
        ("internal", ExitCode.INTERNAL),
        ("too-large", ExitCode.USAGE),  # a kind of its own, a usage error to the CLI
    ],
)
def test_an_error_names_its_kind_and_the_clis_exit_code(kind: str, code: ExitCode) -> None:
    error = body(400, kind, "m", "h")
    assert error == {"kind": kind, "exit_code": int(code), "message": "m", "hint": "h"}


def test_an_error_without_a_hint_has_a_null_hint() -> None:
    assert body(503, "unavailable", "m", None)["hint"] is None


def test_hostile_text_in_an_error_is_one_line_with_controls_shown_escaped() -> None:
    hostile = "bad\n\x1b]52;c;cm0gLXJm\x07\u202eevil"
    error = body(400, "usage", hostile, hostile)
    for said in (error["message"], error["hint"]):
        assert isinstance(said, str)
        assert said.isprintable() and "\\x1b" in said and "\\u202e" in said


def test_every_status_an_expected_failure_gets_has_a_kind() -> None:
    assert set(STATUS) <= set(KIND)
    assert all(400 <= status < 600 for status in STATUS.values())
    assert len(set(KIND.values())) == len(KIND)


def test_the_security_headers_forbid_framing_sniffing_scripts_and_referrers() -> None:
    policy = dict(
        part.strip().split(" ", 1) for part in HEADERS["content-security-policy"].split(";")
    )
    assert policy["default-src"] == "'none'"  # no script can run, from anywhere
    assert policy["frame-ancestors"] == "'none'" and policy["form-action"] == "'self'"
    assert HEADERS["x-content-type-options"] == "nosniff"
    assert HEADERS["x-frame-options"] == "DENY"
    assert HEADERS["referrer-policy"] == "no-referrer"
    assert all(name == name.lower() for name in HEADERS)
