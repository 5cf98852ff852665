"""The one memory policy (docs/design/memory.md), read from the code of ``rules/`` and ``sim/``.

What is derived from a card database lives in its ``derived`` object; what depends on a
question too is a bounded ``functools.lru_cache`` on a pure function. So ``rules/`` and
``sim/`` write nothing they were given (a database, an InForce, a deck) and keep no state of
their own at module level. Each check names the module and line.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

import pytest

from tests.test_architecture import in_package, modules

PURE = ("rules", "sim")
MUTATORS = frozenset(
    {"append", "extend", "insert", "update", "setdefault", "add", "discard", "remove", "pop",
     "popitem", "clear", "sort", "reverse"}
)  # fmt: skip
Function = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda


def _root(node: ast.expr) -> ast.expr:
    """``db`` of ``db.derived.titles[key]``."""
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node


def _targets(node: ast.AST) -> Iterator[ast.expr]:
    """What an assignment, a deletion or a call to a mutating method writes into."""
    if isinstance(node, ast.Assign):
        yield from node.targets
    elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        yield node.target
    elif isinstance(node, ast.Delete):
        yield from node.targets
    elif isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in MUTATORS:
            yield ast.Subscript(value=func.value, slice=ast.Constant(None))
        elif isinstance(func, ast.Name) and func.id in {"setattr", "delattr"} and node.args:
            yield ast.Attribute(value=node.args[0], attr="?")


def _written(target: ast.expr) -> str | None:
    """The name whose object a target writes into (None: it binds a name)."""
    if isinstance(target, (ast.Tuple, ast.List)):
        return next(filter(None, map(_written, target.elts)), None)
    if not isinstance(target, (ast.Attribute, ast.Subscript)):
        return None
    root = _root(target)
    return root.id if isinstance(root, ast.Name) else None


def _parameters(function: Function, only: frozenset[str] | None = None) -> set[str]:
    args = function.args
    every = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]
    found = [a for a in every if a is not None and a.arg not in {"self", "cls"}]
    if only is not None:
        found = [a for a in found if a.arg == "db" or ast.unparse(a.annotation or a) in only]
    return {a.arg for a in found}


def _functions(tree: ast.Module) -> Iterator[Function]:
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            yield node


def _pure_modules(*packages: str) -> Iterator[tuple[str, ast.Module]]:
    for module, tree in sorted(modules().items()):
        if in_package(module, *(packages or PURE)):
            yield module, tree


def _module_names(tree: ast.Module) -> set[str]:
    """The names a module binds at its top."""
    found = set()
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        if isinstance(node, ast.AnnAssign):
            targets = [node.target]
        found |= {t.id for t in targets if isinstance(t, ast.Name)}
    return found


def _writes_into_given(package: str, only: frozenset[str] | None = None) -> list[str]:
    """Every write of the package's functions into one of their parameters (``only``: the
    parameters of these annotations, and those named ``db``)."""
    found = []
    for module, tree in _pure_modules(package):
        for function in _functions(tree):
            given = _parameters(function, only)
            for node in ast.walk(function):
                for target in _targets(node):
                    name = _written(target)
                    if name in given:
                        found.append(f"{module}:{node.lineno} writes into {name}")
    return found


def test_rules_write_into_nothing_they_were_given() -> None:
    assert _writes_into_given("rules") == []


def test_sim_writes_into_no_card_database() -> None:
    """A simulation fills scratch of its own run (its tallies, its solver's memo), never the
    card database it reads."""
    assert _writes_into_given("sim", only=frozenset({"CardDB"})) == []


def test_rules_and_sim_keep_nothing_at_module_level() -> None:
    found = []
    for module, tree in _pure_modules():
        names = _module_names(tree)
        for node in ast.walk(tree):
            for target in _targets(node):
                name = _written(target)
                if name in names:
                    found.append(f"{module}:{node.lineno} writes into module-level {name}")
            if isinstance(node, ast.Global):
                found.append(f"{module}:{node.lineno} rebinds module-level {node.names}")
    assert found == []


@pytest.mark.parametrize("package", [*PURE, "catalog"])
def test_what_is_remembered_is_bounded(package: str) -> None:
    """No ``functools.cache``, no ``lru_cache`` without a size, and no database ``memo``."""
    found = []
    for module, tree in sorted(modules().items()):
        if not in_package(module, package):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "memo":
                found.append(f"{module}:{node.lineno} .memo(...)")
            elif isinstance(node, ast.Attribute) and ast.unparse(node) == "functools.cache":
                found.append(f"{module}:{node.lineno} functools.cache")
            elif isinstance(node, ast.ImportFrom) and node.module == "functools":
                found += [f"{module}:{node.lineno} cache" for a in node.names if a.name == "cache"]
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "lru_cache":
                size = next((k.value for k in node.keywords if k.arg == "maxsize"), None)
                bounded = node.args or (
                    size is not None and not (isinstance(size, ast.Constant) and size.value is None)
                )
                if not bounded:
                    found.append(f"{module}:{node.lineno} lru_cache without a size")
    assert found == []
