"""The dependency rule, read from every import of the package (docs/design/layout.md).

cli, web -> app -> {cards, decklist, resolve, rules, report, sim} -> {results, catalog, ...}.
Each check names the offending module and line. Then the rules of fronts, names and rooms:
every package has a front, one class per name, at most sixteen modules a folder, no private
API of a dependency.
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from tests.paths import ROOT
from tests.startup import PAGE, broken, rules

PACKAGE = Path(__file__).resolve().parent.parent / "nrdeck"
SERVICES = ("cards", "cobra", "decklist", "resolve", "roster", "rules", "report", "sim")
PURE = ("rules", "resolve", "sim", "report")
# The libraries a function-level import may be the gateway to: each saves a check at least 1%
# of its instructions by staying out of it (docs/design/startup.md, "Function-level imports
# are gateways"; the figures are in benchmarks/README.md)
HEAVY = (
    "requests", "urllib3", "numpy", "rich", "rapidfuzz", "pydantic", "matplotlib",
    "tomllib", "tomli", "platformdirs", "filelock", "defusedxml", "hashlib", "xml",
    "concurrent", "fractions", "uvicorn", "fastapi", "starlette", "jinja2", "multipart",
)  # fmt: skip
# Modules of the standard library only some paths need, which a local check never runs: one
# measure with the nrdeck modules of NOT_RUN_BY_A_CHECK (the same page, "A check imports what
# it runs")
STDLIB_NOT_RUN = ("glob", "shlex", "tempfile")
IO_CALLS = frozenset(
    {"open", "read_text", "read_bytes", "write_text", "write_bytes", "iterdir", "glob", "rglob",
     "unlink", "mkdir", "touch", "stat", "exists", "is_file", "is_dir", "getenv", "today",
     "now", "utcnow", "time", "monotonic", "perf_counter"}
)  # fmt: skip


class Import:
    """One import statement: where it is, what it names, and when it runs: at module top
    (``top``), inside a function (``function``), or never (``type``: under ``TYPE_CHECKING``,
    for annotations only; a cycle through it is a cycle all the same)."""

    def __init__(self, module: str, line: int, target: str, when: str) -> None:
        self.module, self.line, self.target, self.when = module, line, target, when

    @property
    def top(self) -> bool:
        return self.when == "top"

    def __repr__(self) -> str:
        where = {"top": "module top", "function": "inside a function", "type": "type only"}
        return f"{self.module}:{self.line} imports {self.target} ({where[self.when]})"


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


def _walk(node: ast.AST, when: str) -> Iterator[tuple[ast.AST, str]]:
    """Every node under ``node``, with when it runs (see ``Import``)."""
    for child in ast.iter_child_nodes(node):
        inner = when
        if isinstance(child, ast.If) and _is_type_checking(child):
            inner = "type"  # its body never runs; its ``else`` does, as ``when`` says
            for part in child.body:
                yield part, inner
                yield from _walk(part, inner)
            for part in child.orelse:
                yield part, when
                yield from _walk(part, when)
            continue
        if when == "top" and isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            inner = "function"
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
    """Every import of the package: at module top, inside functions, and type-only ones."""
    found = []
    names = set(modules())
    for module, tree in modules().items():
        for node, when in _walk(tree, "top"):
            if isinstance(node, ast.Import):
                found += [Import(module, node.lineno, a.name, when) for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = _resolve(module, node)
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    found.append(Import(module, node.lineno, sub if sub in names else base, when))
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
    # and the web front door, whose request shapes FastAPI reads with pydantic
    readers = ("cards", "web")
    assert (
        offending(
            lambda i: i.target.split(".")[0] == "pydantic" and not in_package(i.module, *readers)
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


# nrdeck modules a local check never runs, imported where they are needed (module -> target)
NOT_RUN_BY_A_CHECK = {
    ("nrdeck.app.inputs.decks", "nrdeck.decklist.nrdb_url"),  # a NetrunnerDB link
    ("nrdeck.app.inputs.remote", "nrdeck.http.workers"),  # links fetched side by side
    ("nrdeck.app.inputs.cobra", "nrdeck.http.workers"),
    ("nrdeck.decklist.nrdb_url", "nrdeck.http.workers"),
    ("nrdeck.cli.check", "nrdeck.app.stats"),  # nrdeck stats
    ("nrdeck.cards.document", "nrdeck.cards.consistency"),  # card data not shipped with nrdeck
    ("nrdeck.rules.deckbuilding.check", "nrdeck.rules.deckbuilding.collisions"),  # a title
    # naming several cards
    ("nrdeck.app.data", "nrdeck.cards.nrdb_v3"),  # data update
}
# simulate's default report: the what-if questions, the table by title, sample hands, the
# dynamic programme and the comparison report load only when asked for (the same page)
SIMULATE_ON_DEMAND = {
    ("nrdeck.sim.answers", "nrdeck.sim.answers.questions"),
    ("nrdeck.sim.answers", "nrdeck.sim.answers.variants"),
    ("nrdeck.sim.answers.tables", "nrdeck.sim.answers.sample"),
    ("nrdeck.sim.answers.tables", "nrdeck.sim.answers.cards"),
    ("nrdeck.sim.solvers.choice", "nrdeck.sim.solvers.exact"),
    ("nrdeck.report.simulation.text", "nrdeck.report.simulation.questions"),
    ("nrdeck.report.simulation.text", "nrdeck.report.simulation.compare"),
}
# the console script imports the CLI inside main() to pause the garbage collector meanwhile
CONSOLE_SCRIPT = {("nrdeck.__main__", "nrdeck.cli"), ("nrdeck.__main__", "msgspec")}
# a format file's machinery (house and community formats), the shell's completion (which reads
# them), the web front door and its settings: each only for what needs it
FEATURE_GATEWAYS = {
    ("nrdeck.rules.selection", "nrdeck.rules.formatfiles"),
    ("nrdeck.cli.options", "nrdeck.app.choices"),
    ("nrdeck.cli.serve", "nrdeck.app.serve.service"),
    ("nrdeck.cli.serve", "nrdeck.app.event.cobra"),
    ("nrdeck.cli.serve", "nrdeck.web.app"),
}


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

    documented = NOT_RUN_BY_A_CHECK | SIMULATE_ON_DEMAND | CONSOLE_SCRIPT | FEATURE_GATEWAYS

    def gateway(i: Import) -> bool:
        if (i.module, i.target) in documented:
            return True
        if i.target.startswith("nrdeck"):
            return heavy(i.target)
        return i.target.split(".")[0] in (*HEAVY, *STDLIB_NOT_RUN)

    lazy = offending(lambda i: i.when == "function" and not gateway(i))
    assert lazy == [], f"{broken('Function-level imports are gateways')}: {lazy}"


def test_the_cli_keeps_its_annotations_evaluated() -> None:
    """Typer resolves every parameter's annotation when it builds a command: a string
    annotation costs an ``eval`` each."""
    postponed = [
        name
        for name, tree in modules().items()
        if in_package(name, "cli")
        for node in tree.body
        if isinstance(node, ast.ImportFrom)
        and node.module == "__future__"
        and any(a.name == "annotations" for a in node.names)
    ]
    assert postponed == [], f"{broken('The CLI keeps its annotations evaluated')}: {postponed}"


def test_every_start_up_rule_is_held_by_a_test_or_the_project_file() -> None:
    """A test holds a rule by naming it in its failure message (tests/startup.py); a pin
    holds one by naming its anchor in pyproject.toml."""
    tests = "".join(
        path.read_text("utf-8")
        for path in (ROOT / "tests").rglob("*.py")
        if "broken" in path.read_text("utf-8")
    )
    pyproject = (ROOT / "pyproject.toml").read_text("utf-8")
    unheld = [
        rule
        for rule in rules()
        if f"{rule!r}" not in tests
        and f'"{rule}"' not in tests
        and f"startup.md#{rules()[rule]}" not in pyproject
    ]
    assert unheld == [], f"rules of {PAGE.relative_to(ROOT)} that nothing holds: {unheld}"


def test_no_import_cycle_between_modules() -> None:
    # every import counts: type-only ones, those inside functions, a front's own (a module
    # importing its own wing's front is a circle that only __init__ order makes work)
    graph: dict[str, set[str]] = {m: set() for m in modules()}
    for i in imports():
        if i.target in graph and i.target != i.module:
            graph[i.module].add(i.target)
    cycles = []
    state: dict[str, int] = {}

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
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


# who may send a request (network and cache I/O): the HTTP layer, the card sources, the deck
# fetcher and the Cobra client; the rest of the app reaches them only through their functions
NETWORK_LIBRARIES = ("requests", "urllib3", "http", "socket")
NETWORK_GATEWAYS = ("nrdeck.http.client", "nrdeck.http.conditional", "nrdeck.http.tracking")
NETWORK_IO = ("nrdeck.http", "nrdeck.cards", "nrdeck.decklist.nrdb_url", "nrdeck.cobra")


def test_only_http_cards_the_deck_fetcher_and_cobra_do_network_io() -> None:
    def sends(i: Import) -> bool:
        library = i.target.split(".")[0] in NETWORK_LIBRARIES
        return (library or i.target in NETWORK_GATEWAYS) and not any(
            i.module == m or i.module.startswith(f"{m}.") for m in NETWORK_IO
        )

    assert offending(sends) == []


VALIDATOR_WORDS = re.compile(r"\b(etag|if-none-match|if-modified-since)\b", re.IGNORECASE)


def test_only_the_http_layer_speaks_of_validators() -> None:
    """Conditional requests have one home (nrdeck.http.conditional): no module outside
    nrdeck/http/ names an ETag or the headers that send one back."""
    found = [
        f"{path.relative_to(PACKAGE.parent)}:{n}"
        for path in PACKAGE.rglob("*.py")
        if "http" not in path.relative_to(PACKAGE).parts[:1]
        for n, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if VALIDATOR_WORDS.search(line)
    ]
    assert found == []


def test_only_app_inputs_and_format_files_read_local_files_in_app() -> None:
    readers = ("nrdeck.app.inputs.", "nrdeck.app.formatfiles.")
    found = [call for call in _calls("app", READ_CALLS) if not call.startswith(readers)]
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


# The wings inside the layers, bottom first (docs/design/layout.md draws the arrows): a wing
# imports only wings of a lower rank, never one of its own rank, and never the modules at its
# layer's root (the chooser, the entry points), which sit above every wing of the layer.
WING_RANKS = {
    "nrdeck.rules.calendar": 0,
    "nrdeck.rules.deckbuilding": 1,
    "nrdeck.rules.formatfiles": 1,
    "nrdeck.rules.event": 1,
    "nrdeck.rules.history": 2,
    "nrdeck.rules.datahealth": 3,
    "nrdeck.sim.ask": 0,
    "nrdeck.sim.solvers": 1,
    "nrdeck.sim.answers": 2,
}
CATALOG = "nrdeck.catalog"  # the card catalogue: imports nothing else of nrdeck
COBRA = "nrdeck.cobra"  # the Cobra client: a service behind its front
WINGS = (*WING_RANKS, CATALOG, COBRA)
ROOT_RANK = len(WING_RANKS)  # the layer's own root modules: above every wing
# what a default check (a plain decklist, Standard, no format file) never imports
NOT_IN_A_DEFAULT_CHECK = (
    "nrdeck.rules.formatfiles",
    "nrdeck.rules.history",
    "nrdeck.rules.event",
    "nrdeck.rules.datahealth",
)
DECK = PACKAGE.parent / "data" / "examples" / "standard-zahya.txt"


def wing_of(module: str) -> str | None:
    """The wing ``module`` belongs to (its front included), or None."""
    return next((w for w in WINGS if module == w or module.startswith(f"{w}.")), None)


def _rank(module: str) -> tuple[str, str, int] | None:
    """(layer, wing or the layer's root, rank) of a module of a layer with wings."""
    wing = wing_of(module)
    if wing in WING_RANKS:
        return wing.rsplit(".", 1)[0], wing, WING_RANKS[wing]
    layers = {w.rsplit(".", 1)[0] for w in WING_RANKS}
    layer = next((x for x in layers if module == x or module.startswith(f"{x}.")), None)
    return None if layer is None else (layer, layer, ROOT_RANK)


def test_the_wings_import_only_downward() -> None:
    def upward(i: Import) -> bool:
        source, target = _rank(i.module), _rank(i.target)
        if source is None or target is None or source[0] != target[0] or source[1] == target[1]:
            return False
        return target[2] >= source[2]

    assert offending(upward) == []


def test_outside_a_wing_import_its_front() -> None:
    def past_the_front(i: Import) -> bool:
        wing = wing_of(i.target)
        return wing is not None and wing_of(i.module) != wing and i.target != wing

    assert offending(past_the_front) == []


def test_the_catalog_imports_nothing_else_of_nrdeck() -> None:
    assert (
        offending(
            lambda i: (
                in_package(i.module, "catalog")
                and i.target.split(".")[0] == "nrdeck"
                and not in_package(i.target, "catalog")
            )
        )
        == []
    )


def _exported(tree: ast.Module) -> list[str]:
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        ):
            return [e.value for e in getattr(node.value, "elts", []) if isinstance(e, ast.Constant)]
    return []


def _imported_from(module: str, tree: ast.Module) -> dict[str, str]:
    """Name -> the module it is imported from, for every ``from … import`` of the module."""
    found = {}
    for node, _ in _walk(tree, "top"):
        if isinstance(node, ast.ImportFrom):
            base = _resolve(module, node)
            for alias in node.names:
                found[alias.asname or alias.name] = base
    return found


def test_one_home_per_name_only_a_front_re_exports() -> None:
    """A name lives in one module; only a package's front (``__init__``) offers names of
    other modules, and only of its own package."""
    found = []
    for module, tree in modules().items():
        is_front = (PACKAGE.parent / module.replace(".", "/") / "__init__.py").exists()
        imported = _imported_from(module, tree)
        for name in _exported(tree):
            source = imported.get(name)
            if source is None:
                continue  # defined here
            if not is_front or not (source == module or source.startswith(f"{module}.")):
                found.append(f"{module} re-exports {name} from {source}")
        if not is_front:
            found += [
                f"{module} re-exports {alias.name} (import … as {alias.name})"
                for node, _ in _walk(tree, "top")
                if isinstance(node, (ast.Import, ast.ImportFrom))
                for alias in node.names
                if alias.asname is not None and alias.asname == alias.name.rsplit(".", 1)[-1]
            ]
    assert found == []


def test_a_default_check_imports_no_format_file_history_event_or_data_health_module() -> None:
    script = (
        "import runpy, sys\n"
        f"sys.argv = ['nrdeck', 'check', {str(DECK)!r}, '--offline']\n"
        "try:\n"
        "    runpy.run_module('nrdeck', run_name='__main__')\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('nrdeck'))))\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("NRDECK_") or k.endswith("DIR")}
    proc = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env=env,
    )
    loaded = proc.stdout.split()
    assert "nrdeck.rules.deckbuilding.check" in loaded, proc.stderr[-2000:]  # the check ran
    wings = [m for m in loaded if in_package(m, *(w[7:] for w in NOT_IN_A_DEFAULT_CHECK))]
    rule = "No format-file, history, event or data-health module on a default check"
    assert wings == [], f"{broken(rule)}: {wings}"


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
    assert outside == [], f"{broken('The web libraries stay behind nrdeck serve')}: {outside}"


# No private API of a dependency (docs/design/layout.md): a name that starts with one
# underscore (``rich._wrap``, ``Table._collapse_widths``) may change in any release.
OWN_AND_FUTURE = ("nrdeck", "__future__")


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _dependency(module: str) -> bool:
    """A module of a third-party package (not nrdeck's, not the standard library's)."""
    top = module.split(".")[0]
    return top not in OWN_AND_FUTURE and top not in sys.stdlib_module_names


def _root(node: ast.AST) -> str | None:
    """The name an expression starts from (``a`` of ``a.b(c).d``, of ``a[0]``, of "a.B")."""
    while True:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            try:
                node = ast.parse(node.value, mode="eval").body  # a string annotation
            except SyntaxError:
                return None
        elif isinstance(node, (ast.Attribute, ast.Subscript)):
            node = node.value
        elif isinstance(node, ast.Call):
            node = node.func
        else:
            return node.id if isinstance(node, ast.Name) else None


def _dependency_names(tree: ast.Module) -> set[str]:
    """Names that hold a dependency's module, class, function or object anywhere in the
    module: imported from it, a parameter annotated with one of its types, a variable given
    what it made (followed until nothing is added)."""
    bound: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            bound |= {(a.asname or a.name).split(".")[0] for a in node.names if _dependency(a.name)}
        elif isinstance(node, ast.ImportFrom) and not node.level and _dependency(node.module or ""):
            bound |= {a.asname or a.name for a in node.names}
    while True:
        found = set(bound)
        for node in ast.walk(tree):
            if isinstance(node, ast.arg) and node.annotation is not None:
                if _root(node.annotation) in bound:
                    found.add(node.arg)
            elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if _root(node.value) in bound:
                    found |= {t.id for t in targets if isinstance(t, ast.Name)}
            elif isinstance(node, (ast.With, ast.AsyncWith)):
                for item in node.items:
                    var = item.optional_vars
                    if isinstance(var, ast.Name) and _root(item.context_expr) in bound:
                        found.add(var.id)
        if found == bound:
            return bound
        bound = found


def private_uses(module: str, tree: ast.Module) -> list[str]:
    """Each import of a dependency's private module or name, and each private attribute of
    something a dependency gave, as 'module:line what'."""
    found = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names if _dependency(a.name)]
        elif isinstance(node, ast.ImportFrom) and not node.level and _dependency(node.module or ""):
            names = [f"{node.module}.{a.name}" for a in node.names]
        found += [
            f"{module}:{node.lineno} imports {n}"
            for n in names
            if any(_private(part) for part in n.split("."))
        ]
    bound = _dependency_names(tree)
    for node in ast.walk(tree):
        attribute = None
        if isinstance(node, ast.Attribute) and _root(node.value) in bound:
            attribute = node.attr
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "setattr", "hasattr", "delattr")
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and _root(node.args[0]) in bound
        ):
            attribute = str(node.args[1].value)
        if attribute is not None and _private(attribute):
            found.append(f"{module}:{node.lineno} uses {attribute} of a dependency's object")
    return found


def test_no_private_api_of_a_dependency() -> None:
    assert [use for m, tree in modules().items() for use in private_uses(m, tree)] == []


def test_private_uses_are_found() -> None:
    """What the rule above reads: imports, attributes of what a dependency gave."""
    source = (
        "import rich._ratio\n"
        "from rich._wrap import divide_line\n"
        "from rich import _loop\n"
        "from rich.table import Table\n"
        "import typer\n"
        "from __future__ import annotations\n"
        "from nrdeck._version import __version__\n"
        "def f(ctx: typer.Context, console: 'Console') -> None:\n"
        "    Table._collapse_widths\n"
        "    ctx._meta\n"
        "    table = Table(title='t')\n"
        "    columns = table.columns\n"
        "    columns._x\n"
        "    getattr(table, '_y')\n"
        "    os._exit(0)\n"
        "    own._key(0)\n"
    )
    found = [use.split(" ", 1)[0] for use in private_uses("m", ast.parse(source))]
    assert found == ["m:1", "m:2", "m:3", "m:9", "m:10", "m:13", "m:14"]


def test_no_class_name_is_defined_twice() -> None:
    """One class per name across the package, nested classes included: 'go to X' has one
    answer (docs/design/layout.md)."""
    homes: dict[str, list[str]] = {}
    for module, tree in modules().items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                homes.setdefault(node.name, []).append(f"{module}:{node.lineno}")
    assert {name: where for name, where in homes.items() if len(where) > 1} == {}


MAX_MODULES = 16  # in one folder, its __init__ aside


def test_no_folder_holds_more_than_sixteen_modules() -> None:
    """A folder past that is several rooms in one: split it into wings (docs/design/layout.md)."""
    crowded = {
        str(folder.relative_to(PACKAGE.parent)): count
        for folder in [PACKAGE, *(p for p in PACKAGE.rglob("*") if p.is_dir())]
        if (count := len([f for f in folder.glob("*.py") if f.name != "__init__.py"])) > MAX_MODULES
    }
    assert crowded == {}


def _packages() -> list[str]:
    return sorted(m for m in modules() if (PACKAGE.parent / m.replace(".", "/")).is_dir())


def _declares_all(tree: ast.Module) -> bool:
    return any(
        isinstance(node, ast.Assign)
        and any(getattr(t, "id", None) == "__all__" for t in node.targets)
        for node in tree.body
    )


@pytest.mark.parametrize("package", _packages())
def test_every_package_has_a_front(package: str) -> None:
    """Its ``__init__``: a docstring that says what the package is, and ``__all__``: what
    outsiders use, names or submodules (docs/design/layout.md)."""
    import importlib
    import importlib.util

    tree = modules()[package]
    assert ast.get_docstring(tree), f"{package}: its __init__ has no docstring"
    assert _declares_all(tree), f"{package}: its __init__ has no __all__"
    front = importlib.import_module(package)
    missing = [
        name
        for name in _exported(tree)
        if not hasattr(front, name) and importlib.util.find_spec(f"{package}.{name}") is None
    ]
    assert missing == [], f"{package}.__all__ names what it does not have"
