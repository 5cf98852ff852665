"""The dependency rule, read from every import of the package (style.md, "The shape").

cli -> app -> {cards, decklist, resolve, rules, report, sim} -> {results, carddb, ...}.
Each check names the offending module and line.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "nrdeck"
SERVICES = ("cards", "decklist", "resolve", "roster", "rules", "report", "sim")
PURE = ("rules", "resolve", "sim", "report")
HEAVY = (
    "requests", "urllib3", "numpy", "rich", "rapidfuzz", "pydantic", "matplotlib",
    "tomllib", "tomli",  # the TOML parser: about 3.5 ms, for format files only
)  # fmt: skip
IO_CALLS = frozenset(
    {"open", "read_text", "read_bytes", "write_text", "write_bytes", "iterdir", "glob", "rglob",
     "unlink", "mkdir", "touch", "stat", "exists", "is_file", "is_dir", "getenv", "today",
     "now", "utcnow", "time", "monotonic", "perf_counter"}
)  # fmt: skip


class Import:
    """One import statement: where it is, what it names, whether it runs at module top."""

    def __init__(self, module: str, line: int, target: str, top: bool) -> None:
        self.module, self.line, self.target, self.top = module, line, target, top

    def __repr__(self) -> str:
        where = "module top" if self.top else "inside a function"
        return f"{self.module}:{self.line} imports {self.target} ({where})"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> dict[str, ast.Module]:
    return {module_name(p): ast.parse(p.read_text("utf-8")) for p in PACKAGE.rglob("*.py")}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _walk(node: ast.AST, top: bool) -> Iterator[tuple[ast.AST, bool]]:
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _is_type_checking(child):
            continue  # never runs
        inner = top and not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        yield child, inner
        yield from _walk(child, inner)


def _resolve(module: str, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    is_package = (PACKAGE.parent / module.replace(".", "/") / "__init__.py").exists()
    base = module.split(".")[: len(module.split(".")) - node.level + (1 if is_package else 0)]
    return ".".join([*base, node.module] if node.module else base)


@cache
def imports() -> tuple[Import, ...]:
    found = []
    names = set(modules())
    for module, tree in modules().items():
        for node, top in _walk(tree, True):
            if isinstance(node, ast.Import):
                found += [Import(module, node.lineno, a.name, top) for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = _resolve(module, node)
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    found.append(Import(module, node.lineno, sub if sub in names else base, top))
    return tuple(found)


def in_package(name: str, *packages: str) -> bool:
    return any(name == f"nrdeck.{p}" or name.startswith(f"nrdeck.{p}.") for p in packages)


def offending(rule: object) -> list[Import]:
    return [i for i in imports() if rule(i)]  # type: ignore[operator]


def test_nothing_imports_the_cli_but_the_console_script() -> None:
    assert (
        offending(
            lambda i: (
                in_package(i.target, "cli")
                and not in_package(i.module, "cli")
                and i.module != "nrdeck.__main__"
            )
        )
        == []
    )


def test_services_import_neither_app_nor_cli() -> None:
    assert (
        offending(lambda i: in_package(i.module, *SERVICES) and in_package(i.target, "app", "cli"))
        == []
    )


def test_the_core_imports_no_service() -> None:
    layers = ("cli", "web", "app", *SERVICES)
    assert (
        offending(
            lambda i: (
                i.module.startswith("nrdeck")
                and not in_package(i.module, *layers)
                and i.module not in ("nrdeck", "nrdeck.__main__")
                and in_package(i.target, *layers)
            )
        )
        == []
    )


def test_reporters_import_neither_app_rules_nor_cards() -> None:
    assert (
        offending(
            lambda i: (
                in_package(i.module, "report") and in_package(i.target, "app", "rules", "cards")
            )
        )
        == []
    )


def test_rules_resolve_and_sim_stay_out_of_io_layers() -> None:
    assert (
        offending(
            lambda i: (
                in_package(i.module, "rules", "resolve", "sim")
                and in_package(i.target, "cli", "app", "report", "cards")
            )
        )
        == []
    )


def test_only_the_cli_imports_typer_and_only_cards_import_pydantic() -> None:
    assert (
        offending(lambda i: i.target.split(".")[0] == "typer" and not in_package(i.module, "cli"))
        == []
    )
    assert (
        offending(  # and the web front door, whose request shapes FastAPI reads with pydantic
            lambda i: (
                i.target.split(".")[0] == "pydantic" and not in_package(i.module, "cards", "web")
            )
        )
        == []
    )


@pytest.mark.parametrize("package", PURE)
def test_the_pure_core_does_no_io_reads_no_environment_and_no_clock(package: str) -> None:
    found = []
    for module, tree in modules().items():
        if not in_package(module, package):
            continue
        for node in ast.walk(tree):
            name = None
            if isinstance(node, ast.Call):
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            elif isinstance(node, ast.Attribute) and node.attr == "environ":
                name = "environ"
            if name in IO_CALLS or name == "environ":
                found.append(f"{module}:{node.lineno} {name}")
    assert found == []


def test_only_the_cli_reads_the_environment() -> None:
    found = [
        f"{module}:{node.lineno}"
        for module, tree in modules().items()
        if not in_package(module, "cli")
        for node in ast.walk(tree)
        if (isinstance(node, ast.Attribute) and node.attr in ("environ", "getenv"))
    ]
    assert found == []


def _top_closure() -> dict[str, set[str]]:
    """Each module's imports at module top, followed through nrdeck's own modules."""
    direct: dict[str, set[str]] = {m: set() for m in modules()}
    for i in imports():
        if i.top:
            direct[i.module].add(i.target)
    closure: dict[str, set[str]] = {}

    def visit(module: str, seen: set[str]) -> set[str]:
        if module in closure:
            return closure[module]
        out: set[str] = set()
        for target in direct.get(module, ()):
            out.add(target)
            if target in direct and target not in seen:
                out |= visit(target, seen | {target})
        closure[module] = out
        return out

    for module in direct:
        visit(module, {module})
    return closure


def test_lazy_imports_are_only_gateways_to_heavy_libraries() -> None:
    closure = _top_closure()

    anywhere: dict[str, set[str]] = {}
    for i in imports():
        anywhere.setdefault(i.module, set()).add(i.target)

    def heavy(target: str) -> bool:
        """The module is a gateway: what it imports, at its top or inside the function that
        needs it, followed through nrdeck's modules, reaches a heavy library."""
        reached, todo = set(), [target, *closure.get(target, set())]
        while todo:
            name = todo.pop()
            if name not in reached:
                reached.add(name)
                todo.extend(anywhere.get(name, ()))
        return any(n.split(".")[0] in HEAVY for n in reached)

    # the console script imports the CLI inside main() to pause the garbage collector meanwhile
    console_script = ("nrdeck.__main__", "nrdeck.cli")
    # a format file's machinery (house and community formats), about 3 ms that a check under
    # a built-in format never needs (benchmarks/bench_check.py measures check --format astro)
    feature_gateways = {("nrdeck.rules.selection", "nrdeck.rules.fileselection")}
    lazy = offending(
        lambda i: (
            not i.top
            and i.target.startswith("nrdeck")
            and not heavy(i.target)
            and (i.module, i.target) != console_script
            and (i.module, i.target) not in feature_gateways
        )
    )
    assert lazy == []


def test_no_import_cycle_between_modules() -> None:
    graph: dict[str, set[str]] = {m: set() for m in modules()}
    for i in imports():
        if i.target in graph and i.target != i.module:
            graph[i.module].add(i.target)
    cycles = []
    state: dict[str, int] = {}

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if nxt == node.rsplit(".", 1)[0] or node == nxt.rsplit(".", 1)[0]:
                continue  # a package and its own modules (__init__ re-exports)
            if state.get(nxt) == 1:
                cycles.append(" -> ".join([*path[path.index(nxt) :], nxt]))
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module, [module])
    assert cycles == []


CLOCK_CALLS = frozenset({"today", "now", "utcnow"})
READ_CALLS = frozenset(
    {"open", "read_text", "read_bytes", "iterdir", "glob", "rglob", "walk", "lstat", "stat",
     "exists", "lexists", "is_file", "is_dir", "read_regular_file"}
)  # fmt: skip


def _calls(package: str, names: frozenset[str]) -> list[str]:
    """Every call to one of ``names`` in the modules of ``package``, as 'module:line name'."""
    found = []
    for module, tree in modules().items():
        if not in_package(module, package):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
                if name in names:
                    found.append(f"{module}:{node.lineno} {name}")
    return found


def test_only_the_app_reads_the_clock() -> None:
    # the core never does (the test above); the CLI passes no date: each use case reads it
    assert _calls("cli", CLOCK_CALLS) == []


def test_only_app_inputs_reads_local_files_in_app() -> None:
    found = [
        call for call in _calls("app", READ_CALLS) if not call.startswith("nrdeck.app.inputs.")
    ]
    assert found == []


def test_only_cli_settings_reads_the_environment_in_the_cli() -> None:
    found = [
        f"{module}:{node.lineno}"
        for module, tree in modules().items()
        if in_package(module, "cli") and module != "nrdeck.cli.settings"
        for node in ast.walk(tree)
        if (isinstance(node, ast.Attribute) and node.attr in ("environ", "getenv"))
    ]
    assert found == []


WEB_LIBRARIES = ("fastapi", "starlette", "uvicorn", "jinja2", "multipart")


def test_the_web_front_door_is_a_leaf_beside_the_cli() -> None:
    """``nrdeck.web`` (nrdeck serve) is imported only by the command that starts it, and
    imports no part of the CLI: like ``cli``, a front door over ``app``."""
    assert (
        offending(
            lambda i: (
                in_package(i.target, "web")
                and not in_package(i.module, "web")
                and i.module != "nrdeck.cli.serve"
            )
        )
        == []
    )
    assert offending(lambda i: in_package(i.module, "web") and in_package(i.target, "cli")) == []


def test_the_web_libraries_stay_behind_nrdeck_serve() -> None:
    """FastAPI, Starlette, uvicorn and Jinja2 (the serve extra) are imported by the web front
    door alone, and by ``nrdeck serve`` only inside the command: no other command pays."""

    def web_library(target: str) -> bool:
        return target.split(".")[0] in WEB_LIBRARIES

    outside = offending(
        lambda i: (
            web_library(i.target)
            and not in_package(i.module, "web")
            and not (i.module == "nrdeck.cli.serve" and not i.top)
        )
    )
    assert outside == []
