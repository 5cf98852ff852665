"""Which of nrdeck's corrections to the format data the card data in use still needs."""

from __future__ import annotations

from nrdeck.catalog import CardDB
from nrdeck.rules.datahealth.corrections import correction_states
from tests.builders import with_format_faults_of_2025


def test_corrections_are_applied_to_the_2025_data_and_fixed_upstream_in_2026(db: CardDB) -> None:
    def states(data: CardDB) -> dict[str, str]:
        return {f"{c.kind} {c.target}": c.state for c in correction_states(data)}

    now, then = states(db), states(with_format_faults_of_2025(db))
    for snapshot in ("standard_30", "standard_31", "standard_32", "startup_7"):
        assert now[f"snapshot date {snapshot}"] == "fixed-upstream"
        assert then[f"snapshot date {snapshot}"] == "applied"
    assert now["pool addition eternal + liberation"] == "fixed-upstream"
    assert then["pool addition eternal + liberation"] == "applied"
    for still in ("excluded snapshot sunset_01", "set release revised_core_set"):
        assert now[still] == then[still] == "applied"
