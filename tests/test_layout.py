"""Tests mirror the code (docs/design/layout.md, "Tests mirror the code"): every package of
nrdeck has its folder under tests/unit/, holding its unit tests, and every folder there is a
package's."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "nrdeck"
UNIT = ROOT / "tests" / "unit"
RULE = 'the rule "Tests mirror the code" (docs/design/layout.md)'


def packages() -> list[Path]:
    """Each package of nrdeck, as a path inside it ('.' for nrdeck itself)."""
    return sorted(p.parent.relative_to(PACKAGE) for p in PACKAGE.rglob("__init__.py"))


def test_every_package_has_a_folder_of_unit_tests() -> None:
    bare = [
        f"nrdeck/{package}/ has no test file in tests/unit/{package}/"
        for package in packages()
        if not any((UNIT / package).glob("test_*.py"))
    ]
    assert not bare, f"{RULE}: each package's unit tests sit in tests/unit/<package>/, " + (
        "named after the modules they test:\n  " + "\n  ".join(bare)
    )


def test_every_folder_of_unit_tests_is_a_packages() -> None:
    folders = {
        p.relative_to(UNIT)
        for p in UNIT.rglob("*")
        if p.is_dir() and p.name != "__pycache__" and any(p.glob("*.py"))
    }
    strays = sorted(str(f) for f in folders - set(packages()))
    assert not strays, (
        f"{RULE}: tests/unit/ holds the packages' folders only; these name no package of "
        "nrdeck (moved or removed: move their tests with the code):\n  " + "\n  ".join(strays)
    )


def test_every_folder_of_unit_tests_is_a_test_package() -> None:
    missing = sorted(
        str(p.parent.relative_to(ROOT))
        for p in UNIT.rglob("test_*.py")
        if not (p.parent / "__init__.py").exists()
    )
    assert not missing, (
        f"{RULE}: a folder of unit tests is a package (an __init__.py), so that test files of "
        "one name in two folders do not collide:\n  " + "\n  ".join(missing)
    )
