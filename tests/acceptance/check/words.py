"""What the check tests put in their golden files: problems as a reader sees them, and text
with the paths of one run (a temporary folder) named as the golden file names them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any


def said(problems: Iterable[Mapping[str, Any]]) -> str:
    """Problems of a JSON report, one line each: code, line, rule and message."""
    return "\n".join(_one(p) for p in problems)


def _one(problem: Mapping[str, Any]) -> str:
    line = f" (line {problem['line']})" if problem.get("line") else ""
    rule = f" [{problem['rule']}]" if problem.get("rule") else ""
    return f"{problem['code']}{line}{rule}: {problem['message']}"


def plain(text: str, tmp_path: Path) -> str:
    """``text`` with the run's temporary folder named ``<tmp>`` (the same on every run)."""
    return text.replace(str(tmp_path), "<tmp>")


def lines_with(text: str, start: str) -> list[str]:
    """The lines of ``text`` that start with ``start`` once unindented (the notes or warnings
    of a stderr, a line of a report)."""
    return [line.strip() for line in text.splitlines() if line.strip().startswith(start)]


def suggested(message: str) -> list[str]:
    """The names a message's "did you mean" offers, in its order ([] when it offers none)."""
    if "did you mean " not in message:
        return []
    return message.split("did you mean ", 1)[1].split("?", 1)[0].split(", ")


def valid_names(message: str) -> list[str]:
    """The names the hint of an unknown-name error lists: '(valid formats: a, b (c))'."""
    listed = message.rsplit("(valid ", 1)[1].split(": ", 1)[1]
    return listed.removesuffix(")").split(", ")
