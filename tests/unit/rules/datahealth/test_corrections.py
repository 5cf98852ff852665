"""Which of nrdeck's corrections to the format data the card data in use still needs."""

from __future__ import annotations

from nrdeck.catalog import CardDB
from nrdeck.rules.datahealth.corrections import correction_states
from tests.builders import with_format_faults_of_2025


def test_corrections_are_applied_to_the_2025_data_and_fixed_upstream_in_2026(db: CardDB) -> None:
    def states(data: CardDB) -> dict[tuple[str, str], str]:
        return {(c.kind, c.target): c.state for c in correction_states(data)}

    now, then = states(db), states(with_format_faults_of_2025(db))
    for snapshot in ("standard_30", "standard_31", "standard_32", "startup_7"):
        assert now["snapshot date", snapshot] == "fixed-upstream"
        assert then["snapshot date", snapshot] == "applied"
    liberation = ("pool addition", "eternal + liberation")
    assert now[liberation] == "fixed-upstream" and then[liberation] == "applied"
    for still in (("excluded snapshot", "sunset_01"), ("set release", "revised_core_set")):
        assert now[still] == then[still] == "applied"
