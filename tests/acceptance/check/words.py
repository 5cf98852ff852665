"""How the check tests read what nrdeck says: problems as a golden file holds them, text with
the paths of one run named as the golden file names them, and the values inside a message (the
suggestions and valid names of an error, the counts of a summary, GitHub annotations), so
that the tests assert values and the golden files hold the words."""

from __future__ import annotations

import re
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


def summary(stderr: str) -> dict[str, Any]:
    """The counts of a run's summary line, by what they count ('decks', 'legal', 'illegal',
    'unavailable', 'from cached copies', 'internal errors'), and the card data it names."""
    [line] = [line for line in stderr.splitlines() if re.match(r"\d+ decks?: \d+ legal", line)]
    counts, _, data = line.partition(" · card data: ")
    decks, _, rest = counts.partition(": ")
    failed = re.search(r"\((\d+) internal errors?", rest)
    found: dict[str, Any] = {"decks": int(decks.split()[0]), "card data": data}
    found["internal errors"] = int(failed.group(1)) if failed else 0
    for item in re.sub(r" \(.*?\)", "", rest).split(", "):
        number, label = item.split(" ", 1)
        found[label] = int(number)
    return found


def tally(stderr: str) -> tuple[int, int, int]:
    """Decks, legal and illegal, as a run's summary line counts them."""
    said = summary(stderr)
    return said["decks"], said["legal"], said["illegal"]


def annotations(stdout: str) -> list[tuple[str, dict[str, str], str]]:
    """GitHub workflow commands, read: ('error', {'file': 'a.txt', 'line': '4', 'title':
    'copies'}, the message)."""
    found = []
    for line in stdout.splitlines():
        if line.startswith("::"):
            head, _, message = line[2:].partition("::")
            level, _, properties = head.partition(" ")
            where = dict(p.split("=", 1) for p in properties.split(",") if p)
            found.append((level, where, message))
    return found


def skipped(stderr: str) -> dict[str, str]:
    """The notes of a folder search: each path skipped -> why."""
    found = {}
    for line in lines_with(stderr, "nrdeck: note: skipped "):
        path, why = line.removeprefix("nrdeck: note: skipped ").split(": ", 1)
        found[path] = why
    return found


def warning_naming(stderr: str, *names: str) -> str:
    """The first warning of a stderr that names all of ``names`` ('' when none does)."""
    warnings = lines_with(stderr, "nrdeck: warning: ")
    return next((w for w in warnings if all(name in w for name in names)), "")
