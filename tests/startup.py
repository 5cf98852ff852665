"""The start-up rules of docs/design/startup.md, as the tests that hold them name them.

Each rule is a heading under "The rules" on that page, with what it saves (the figures are in
benchmarks/README.md). A test that holds one opens its failure message with ``broken(rule)``:
the rule's name and where it is written, so that whoever breaks it learns why it is there.
"""

import re
from functools import cache

from tests.paths import ROOT

PAGE = ROOT / "docs" / "design" / "startup.md"
SECTION = "## The rules"


@cache
def rules() -> dict[str, str]:
    """Every rule on the page: its name -> its anchor there (as mkdocs makes it)."""
    text = PAGE.read_text(encoding="utf-8").split(SECTION, 1)[1].split("\n## ", 1)[0]
    names = re.findall(r"^### (.+?)\s*$", text, flags=re.MULTILINE)
    return {name: _anchor(name) for name in names}


def _anchor(heading: str) -> str:
    words = re.sub(r"[^\w\s-]", "", heading.replace("`", "")).strip().lower()
    return re.sub(r"[\s-]+", "-", words)


def broken(rule: str) -> str:
    """A failure message's opening for ``rule``, which must be written on the page."""
    assert rule in rules(), f"start-up rule {rule!r} is not written in {PAGE.relative_to(ROOT)}"
    return f"start-up rule {rule!r} (docs/design/startup.md#{rules()[rule]}) broken"
