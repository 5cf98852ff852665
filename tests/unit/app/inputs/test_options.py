"""The options that choose what is in force, as the command line gives them: Standard,
casual, on the date of the run, no file read."""

from __future__ import annotations

import subprocess
import sys

from nrdeck.app.inputs.options import SelectionOptions


def test_the_defaults_are_standard_casual_today() -> None:
    options = SelectionOptions()
    assert (options.format_id, options.tier, options.as_of) == ("standard", "casual", None)
    assert (options.snapshot_id, options.banlist_id, options.format_file) == (None, None, None)
    assert not options.format_given


def test_options_are_values() -> None:
    assert SelectionOptions(tier="competitive") == SelectionOptions(tier="competitive")
    assert hash(SelectionOptions()) == hash(SelectionOptions())


def test_making_options_reads_no_format_file_and_loads_no_rules() -> None:
    code = (
        "import sys; import nrdeck.app.inputs.options as o; o.SelectionOptions(); "
        "print(sorted(m for m in sys.modules if m.startswith(('nrdeck.rules', 'tomllib'))))"
    )
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "[]"
