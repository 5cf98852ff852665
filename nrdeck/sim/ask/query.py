"""The query language: comparisons of group counts joined by & | ! and parentheses.

    econ>=1 & breaker>=1        agenda>=3        ice==0 | agenda>=3
    (fracter>=1 & decoder>=1) | "Sure Gamble">=2        ice>=2@T1

``@Tk`` is a deadline: the comparison is judged on the cards seen by turn k (on later
turns it keeps that verdict). A mistake is a one-line ``QueryError`` (a UsageError) quoting
the query and saying where: 'at character 11', counted in the query as written (without the
spaces around it), or 'at the end of the query'.
A query is bounded: at most ``MAX_QUERY_LENGTH`` characters, and parentheses and ``!``
nested at most ``MAX_DEPTH`` deep (every step after parsing follows the tree's depth).
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Sequence

import msgspec

from nrdeck.errors import UsageError
from nrdeck.quoting import excerpt

MAX_QUERY_LENGTH = 2_000  # characters: far more than any question a player asks
MAX_DEPTH = 32  # parentheses and '!' nested in one another
HINT = "write comparisons like econ>=1 & breaker>=1, ice==0 | agenda>=3, ice>=2@T1"

OPS: dict[str, Callable[[int, int], bool]] = {
    ">=": operator.ge,
    "<=": operator.le,
    "==": operator.eq,
    "!=": operator.ne,
    ">": operator.gt,
    "<": operator.lt,
    "=": operator.eq,
}
_TOKEN = re.compile(
    r"""\s*(?:
    (?P<str>"[^"]*"|'[^']*')
  | (?P<name>[A-Za-z_][A-Za-z0-9_\-]*)
  | (?P<op>>=|<=|==|!=|>|<|=)
  | (?P<num>\d+)
  | (?P<at>@[Tt]?\d+)
  | (?P<punct>[&|!()])
  | (?P<bad>\S)
)""",
    re.VERBOSE,
)


class Cmp(msgspec.Struct, frozen=True):
    """A leaf: ``group op n``, with an optional deadline turn."""

    group: str
    quoted: bool
    op: str
    n: int
    deadline: int | None = None
    col: int = 0  # where it starts: 0-based, in the query's text (``Query.text``)

    def holds(self, value: int) -> bool:
        """The comparison applied to the group's value."""
        return OPS[self.op](value, self.n)

    @property
    def monotone(self) -> bool:
        """True when drawing more cards can only turn it from false to true."""
        return self.op in (">=", ">")

    def text(self) -> str:
        """The leaf written back out."""
        name = f'"{self.group}"' if self.quoted else self.group
        at = f"@T{self.deadline}" if self.deadline is not None else ""
        return f"{name}{self.op}{self.n}{at}"


class Node(msgspec.Struct, frozen=True):
    """An inner node: 'and', 'or' (several children) or 'not' (one)."""

    kind: str
    children: tuple[Expr, ...]


Expr = Cmp | Node


class Query(msgspec.Struct, frozen=True):
    """A parsed query: the source text (without the spaces around it), its tree, its leaves in
    order, and what it is to the user ('query', '--target'…: how its errors name it)."""

    text: str
    tree: Expr
    leaves: tuple[Cmp, ...]
    what: str = "query"

    def evaluate(self, leaf_truth: Sequence[bool]) -> bool:
        """The query's verdict given each leaf's truth (in ``leaves`` order)."""
        index = {id(leaf): i for i, leaf in enumerate(self.leaves)}
        return _eval(self.tree, leaf_truth, index)

    @property
    def monotone(self) -> bool:
        """True when the verdict can only go from false to true as cards are drawn."""
        return _monotone(self.tree)


def _eval(expr: Expr, truth: Sequence[bool], index: dict[int, int]) -> bool:
    if isinstance(expr, Cmp):
        return truth[index[id(expr)]]
    if expr.kind == "not":
        return not _eval(expr.children[0], truth, index)
    values = (_eval(c, truth, index) for c in expr.children)
    return all(values) if expr.kind == "and" else any(values)


def _monotone(expr: Expr) -> bool:
    if isinstance(expr, Cmp):
        return expr.monotone
    return expr.kind != "not" and all(_monotone(c) for c in expr.children)


def compile_leaves(query: Query) -> Callable[[Sequence[bool]], bool]:
    """A fast evaluator of the query from leaf truths (leaves in order)."""
    index = {id(leaf): i for i, leaf in enumerate(query.leaves)}

    def build(expr: Expr) -> Callable[[Sequence[bool]], bool]:
        if isinstance(expr, Cmp):
            i = index[id(expr)]
            return lambda t: t[i]
        parts = [build(c) for c in expr.children]
        if expr.kind == "not":
            inner = parts[0]
            return lambda t: not inner(t)
        if expr.kind == "and":
            return lambda t: all(p(t) for p in parts)
        return lambda t: any(p(t) for p in parts)

    return build(query.tree)


class QueryError(UsageError):
    """A mistake in a query, and where it is: ``at`` counts characters from 1 in the query's
    text (``len(query) + 1``: at its end; None: the query as a whole)."""

    def __init__(
        self, what: str, query: str, problem: str, col: int | None, *, hint: str = HINT
    ) -> None:
        self.what, self.query, self.problem = what, query, problem
        self.at = None if col is None else min(col, len(query)) + 1
        super().__init__(f"{what} {excerpt(query)}: {problem}{_where(query, col)}", hint=hint)


def _where(query: str, col: int | None) -> str:
    """Where in ``query`` the 0-based ``col`` is, as the user counts."""
    if col is None:
        return ""
    return f", at character {col + 1}" if col < len(query) else ", at the end of the query"


class _Parser:
    def __init__(self, text: str, what: str) -> None:
        self.what = what
        if len(text) > MAX_QUERY_LENGTH:
            raise QueryError(
                what,
                text,
                f"longer than the limit of {MAX_QUERY_LENGTH:,} characters",
                None,
                hint="ask a shorter question, or name a set of cards once with --group",
            )
        self.text = text.strip()  # positions are counted in the query as it is quoted
        self.tokens = self._lex(self.text)
        self.pos = 0
        self.depth = 0
        self.leaves: list[Cmp] = []

    def error(self, col: int | None, message: str) -> QueryError:
        return QueryError(self.what, self.text, message, col)

    def deeper(self, col: int) -> None:
        """One more level of parentheses or '!' (a UsageError past the limit)."""
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.error(
                col, f"parentheses and '!' nested deeper than the limit of {MAX_DEPTH}"
            )

    def _lex(self, text: str) -> list[tuple[str, str, int]]:
        tokens = []
        for m in _TOKEN.finditer(text):
            kind = m.lastgroup or "bad"
            value = m.group(kind)
            col = m.start(kind)
            if kind == "bad":
                raise self.error(col, f"unexpected character {value!r}")
            tokens.append((kind, value, col))
        tokens.append(("end", "", len(text)))
        return tokens

    def peek(self) -> tuple[str, str, int]:
        return self.tokens[self.pos]

    def take(self) -> tuple[str, str, int]:
        tok = self.tokens[self.pos]
        self.pos += 1
        return tok

    def parse(self) -> Query:
        if self.peek()[0] == "end":
            raise self.error(None, "empty query")
        tree = self.disjunction()
        kind, value, col = self.peek()
        if kind != "end":
            raise self.error(col, f"unexpected {value!r} (expected & or |)")
        return Query(self.text, tree, tuple(self.leaves), self.what)

    def disjunction(self) -> Expr:
        parts = [self.conjunction()]
        while self.peek()[1] == "|":
            self.take()
            parts.append(self.conjunction())
        return parts[0] if len(parts) == 1 else Node("or", tuple(parts))

    def conjunction(self) -> Expr:
        parts = [self.negation()]
        while self.peek()[1] == "&":
            self.take()
            parts.append(self.negation())
        return parts[0] if len(parts) == 1 else Node("and", tuple(parts))

    def negation(self) -> Expr:
        if self.peek()[1] == "!":
            self.deeper(self.take()[2])
            node = Node("not", (self.negation(),))
            self.depth -= 1
            return node
        return self.atom()

    def atom(self) -> Expr:
        kind, value, col = self.take()
        if value == "(":
            self.deeper(col)
            inner = self.disjunction()
            _k2, v2, c2 = self.take()
            if v2 != ")":
                raise self.error(c2, f"expected ')' to close the '(' at character {col + 1}")
            self.depth -= 1
            return inner
        if kind not in ("name", "str"):
            found = "" if kind == "end" else f", found {value!r}"  # the end: said by where
            raise self.error(col, f"expected a group name{found}")
        return self.comparison(value, kind == "str", col)

    def comparison(self, name: str, quoted: bool, col: int) -> Cmp:
        group = name[1:-1] if quoted else name
        if not group.strip():
            raise self.error(col, "empty card title")
        kind, op, ocol = self.take()
        if kind != "op":
            raise self.error(ocol, f"expected a comparison (>=, ==, <=, >, <, !=) after {name}")
        kind, num, ncol = self.take()
        if kind != "num":
            raise self.error(ncol, f"expected a whole number after {op}")
        deadline = None
        if self.peek()[0] == "at":
            _, at, _acol = self.take()
            deadline = int(at.lstrip("@Tt"))
        leaf = Cmp(group, quoted, "==" if op == "=" else op, int(num), deadline, col)
        self.leaves.append(leaf)
        return leaf


def parse_query(text: str, what: str = "query") -> Query:
    """Parse a query; a mistake raises a QueryError saying where it is."""
    return _Parser(text, what).parse()


def map_leaves(query: Query, change: Callable[[int, Cmp], Cmp]) -> Query:
    """The query with each leaf replaced by ``change(index, leaf)`` (the tree rebuilt)."""
    leaves = tuple(change(i, leaf) for i, leaf in enumerate(query.leaves))
    swap = {id(old): new for old, new in zip(query.leaves, leaves, strict=True)}

    def rebuild(expr: Expr) -> Expr:
        if isinstance(expr, Cmp):
            return swap[id(expr)]
        return Node(expr.kind, tuple(rebuild(c) for c in expr.children))

    return Query(query.text, rebuild(query.tree), leaves, query.what)
