"""The documentation holds together: every page is in the site's navigation, every relative
link of the README, the docs and the benchmarks' README leads to a file (and a heading) that
exists, and the reference names every environment variable nrdeck reads.

CI also builds the site with ``mkdocs build --strict``; these checks run with the tests, so a
broken link fails before that.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml  # installed with pre-commit (the test extra)

from tests.paths import ROOT

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

DOCS = ROOT / "docs"
MKDOCS: dict[str, Any] = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
PAGES = sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md"))
LINKED = [ROOT / "README.md", ROOT / "benchmarks" / "README.md", *sorted(DOCS.rglob("*.md"))]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", flags=re.MULTILINE | re.DOTALL)


def _nav_pages(entries: list[Any]) -> Iterator[str]:
    for entry in entries:
        if isinstance(entry, str):
            yield entry
        else:
            for value in entry.values():
                yield from _nav_pages(value) if isinstance(value, list) else [value]


def _slug(heading: str) -> str:
    """A heading's anchor, as MkDocs and GitHub both make it for plain headings."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    return {_slug(h) for h in re.findall(r"^#{1,6} (.+)$", text, flags=re.MULTILINE)}


def _links(page: Path) -> list[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    text = re.sub(r"`[^`\n]*`", "", text)  # code spans hold no links
    return LINK.findall(text)


def test_every_docs_page_is_in_the_navigation_and_every_entry_is_a_page() -> None:
    nav = list(_nav_pages(MKDOCS["nav"]))
    assert sorted(nav) == PAGES
    assert len(nav) == len(set(nav)), "a page is listed twice"


def test_the_site_builds_strictly_from_docs() -> None:
    assert MKDOCS["strict"] is True
    assert MKDOCS.get("docs_dir", "docs") == "docs"
    validation = MKDOCS["validation"]
    assert validation["nav"]["omitted_files"] == "warn"  # a page missing from nav fails
    assert validation["links"]["not_found"] == "warn"
    assert validation["links"]["anchors"] == "warn"


@pytest.mark.parametrize("page", LINKED, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_resolves(page: Path) -> None:
    broken = []
    for target in _links(page):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto:
            continue
        path, _, anchor = target.partition("#")
        resolved = (page.parent / path).resolve() if path else page
        if not resolved.exists() or (
            anchor and resolved.suffix == ".md" and anchor not in _anchors(resolved)
        ):
            broken.append(target)
        elif page.is_relative_to(DOCS) and not resolved.is_relative_to(DOCS):
            broken.append(f"{target} (outside docs/: the site cannot link it)")
    assert broken == []


def test_the_readme_stays_short_and_links_every_docs_page() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 200
    linked = {target.partition("#")[0] for target in _links(ROOT / "README.md")}
    unlinked = [page for page in PAGES if page != "index.md" and f"docs/{page}" not in linked]
    assert unlinked == []


def test_the_environment_reference_names_every_variable_nrdeck_reads() -> None:
    code = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "nrdeck").rglob("*.py"))
    names = set(re.findall(r"\bNRDECK_[A-Z0-9_]*[A-Z0-9]\b", code))
    assert {"NRDECK_DEBUG", "NRDECK_V2_URL", "NRDECK_HTTP_DEADLINE"} <= names
    reference = (DOCS / "reference" / "environment.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\| `(NRDECK_[A-Z0-9_]+)(?:=\S+)?` \|", reference, re.M))
    assert names - documented == set()


def test_ci_installs_the_docs_extra_and_builds_the_site_strictly() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    docs_extra = pyproject["project"]["optional-dependencies"]["docs"]
    assert any(re.fullmatch(r"mkdocs>=1\.6(\.\d+)?", req) for req in docs_extra)
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert '".[docs]"' in ci
    assert re.search(r"^mkdocs build --strict\b", ci, flags=re.MULTILINE)
