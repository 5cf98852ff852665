"""Every document the code cites is in the repository (docs/design/layout.md, "Where the cited
documents are").

A citation is a path ending in ``.md`` in a docstring or a comment of the package, the tests
or the benchmarks, or in a JSON schema the package ships (``docs/reference/legality.md §4``),
written from the repository's root;
an example inside double backticks (``notes.md``) or a web address is not one. A cited
section (``§4``, ``§1-§3``) must be a numbered heading of the page.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TREES = ("nrdeck", "tests", "benchmarks")
CITATION = re.compile(r"(?<![\w/.:-])((?:[\w.-]+/)*[\w.-]+\.md)\b((?:\s*[,-]?\s*§\s*\d+)*)")
CODE = re.compile(r"``.*?``", re.S)


def _texts(path: Path) -> Iterator[tuple[int, str]]:
    """(line, text) of each comment and docstring of a Python file."""
    source = path.read_text("utf-8")
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            doc = ast.get_docstring(node, clean=False)
            if doc is not None:
                yield node.body[0].lineno, doc


def _schemas() -> Iterator[tuple[Path, int, str]]:
    """(file, line, text) of each line of the JSON schemas the package ships."""
    for path in sorted((ROOT / "nrdeck").rglob("*.json")):
        for line, text in enumerate(path.read_text("utf-8").splitlines(), start=1):
            yield path, line, text


def citations() -> list[tuple[str, str, tuple[int, ...]]]:
    """('file:line', cited path, cited sections) for every citation."""
    found = []
    texts = [
        (path, line, text)
        for tree in TREES
        for path in sorted((ROOT / tree).rglob("*.py"))
        for line, text in _texts(path)
    ]
    for path, line, text in [*texts, *_schemas()]:
        for match in CITATION.finditer(CODE.sub("", text)):
            sections = tuple(int(n) for n in re.findall(r"\d+", match.group(2)))
            found.append((f"{path.relative_to(ROOT)}:{line}", match.group(1), sections))
    return found


def _headings(page: Path) -> set[int]:
    """The numbers of a page's numbered headings ('## 4. Formats, dates …' -> 4)."""
    text = page.read_text("utf-8")
    return {int(n) for n in re.findall(r"^#+\s+(\d+)[.\s]", text, re.M)}


def test_the_code_cites_documents() -> None:
    cited = {path for _, path, _ in citations()}
    assert {"docs/reference/legality.md", "docs/design/layout.md"} <= cited


@pytest.mark.parametrize(
    ("where", "path", "sections"), citations(), ids=lambda v: v if isinstance(v, str) else ""
)
def test_every_cited_document_and_section_exists(
    where: str, path: str, sections: tuple[int, ...]
) -> None:
    page = ROOT / path
    assert page.is_file(), f"{where} cites {path}, which the repository does not hold"
    missing = sorted(set(sections) - _headings(page))
    assert missing == [], f"{where} cites {path} §{missing}, which has no such section"
