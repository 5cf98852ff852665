"""The server against its own OpenAPI description, by clients nobody here wrote: the spec
is valid OpenAPI (openapi-spec-validator), and Schemathesis calls every operation with data
it draws from the spec (a fixed number of examples, derandomized), checking that no answer is
a server error, that every status and content type is documented, that each answer matches
its schema, that schema-invalid requests are refused, and that a 405 names what is Allowed.

Not checked: that every schema-valid request is accepted. The spec cannot say which dates a
format has periods on, nor which ban list names a format knows; those are 400 with the
CLI's message, as documented.
"""

from __future__ import annotations

from typing import Any

import pytest

schemathesis = pytest.importorskip("schemathesis", reason="schemathesis is not installed")
from hypothesis import HealthCheck, settings  # noqa: E402
from openapi_spec_validator import validate as validate_spec  # noqa: E402
from schemathesis import checks  # noqa: E402

from nrdeck.app.inputs.cards import DataSettings  # noqa: E402
from nrdeck.app.serve.service import CheckService, ServeSettings  # noqa: E402
from nrdeck.web.app import create_app  # noqa: E402

APP = create_app(CheckService(ServeSettings(DataSettings(no_cache=True), links=False)))
SCHEMA = schemathesis.openapi.from_asgi("/openapi.json", APP)
CHECKS = [
    checks.not_a_server_error,
    checks.status_code_conformance,
    checks.content_type_conformance,
    checks.response_headers_conformance,
    checks.response_schema_conformance,
    checks.negative_data_rejection,
    checks.unsupported_method,
]


def test_the_spec_is_valid_openapi() -> None:
    spec: dict[str, Any] = APP.openapi()
    validate_spec(spec)  # type: ignore[arg-type]
    for path in spec["paths"].values():
        for operation in path.values():
            assert "422" not in operation["responses"]
            assert operation["responses"]["200"]["content"]["application/json"]["schema"]


@SCHEMA.parametrize()
@settings(
    max_examples=25,
    derandomize=True,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    database=None,
)
def test_every_operation_keeps_its_word(case: Any) -> None:
    case.call_and_validate(checks=CHECKS)
