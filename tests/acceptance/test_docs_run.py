"""Every command the README and the docs show runs as written, and the output a page shows is
the output nrdeck gives.

Sybil collects the fenced blocks of each page: a ``bash`` block is commands (a line each, `\\`
continuing one); a ``console`` or ``text`` block is ``$ command`` lines, each followed by the
output the page shows for it. Each page's commands run in order, in bash, from a scratch
folder holding the files the pages name (``deck.txt``, ``decks/``, ``decks.json``,
``../netrunner-cards-json``…, made from the example decks in ``data/examples/``), with
NetrunnerDB and Cobra served by the shared doubles on 127.0.0.1 (never the network). A
command must end in a verdict (0 or 1); one that cannot run as written is in ``NOT_RUNNABLE``
with the reason, which is checked.

Output is compared line by line after normalising what moves by itself: the staleness warning
(it depends on today), the scratch folder, and the width of the gaps that align a table's
columns (rows a page leaves out set them). The card data's date is compared as written
(``bundled snapshot of 2026-09-21``): a page that shows another date than nrdeck prints is
wrong, so a refresh of the bundled data fails here until the pages say its date. A line
``…`` on a page stands for any lines, a line ending in ``…`` for any line it begins. When
the card data is refreshed and a page's output moves, the failure shows what nrdeck now
prints, normalised, ready to paste over the page's block.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from itertools import pairwise
from pathlib import Path

import pytest
from sybil import Document
from sybil.parsers.markdown.lexers import FencedCodeBlockLexer

from nrdeck.app.data import built_files
from nrdeck.catalog import CardDB
from tests.fakes.cobra import cobra_double, export
from tests.paths import EXAMPLES, FIXTURES, ROOT, SHARED

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
LEXER = FencedCodeBlockLexer(language=r"bash|console|text")
CARDS_JSON = SHARED / "netrunner-cards-json"
NRDB_MOCK = SHARED / "tools" / "nrdb_mock.py"
PLACEHOLDERS = ("<uuid>", "…", "OWNER/REPO")
INSTALL = "python3 -m venv .venv && . .venv/bin/activate && pip install"
# command as a page writes it -> why the suite does not run it (each reason is checked)
NOT_RUNNABLE: dict[str, str] = {
    "nrdeck check decks/ deck.o8d https://netrunnerdb.com/en/decklist/<uuid>": "placeholder",
    "nrdeck diff deck.txt https://netrunnerdb.com/en/decklist/<uuid>": "placeholder",
    "nrdeck check https://netrunnerdb.com/en/decklist/7a6b0d6e-…": "placeholder",
    "nrdeck convert https://netrunnerdb.com/en/decklist/<uuid>/my-deck --to jinteki": "placeholder",
    "curl -fLO https://raw.githubusercontent.com/OWNER/REPO/COMMIT/astro.toml": "placeholder",
    f'{INSTALL} -e ".[test]" && python -m pytest': "ci",
    f"{INSTALL} . && nrdeck check data/examples/sg-catalyst.txt --format system_gateway "
    "--offline": "ci",
    f"{INSTALL} .": "ci",
    "python scripts/refresh_card_data.py ../netrunner-cards-json changes.md --run-tests": (
        "maintainer"
    ),
    'pip install ".[serve]"': "extra",
}
REASONS = {
    "extra": "installs an extra of nrdeck: the test extra, which .ci/run installs, holds it",
    "maintainer": "rebuilds this repository's snapshot and runs its whole suite: "
    "tests/acceptance/data/test_data_refresh.py runs the script on a copy of the project",
    "placeholder": "a placeholder the reader fills in (a deck's id, a repository)",
    "ci": "installs nrdeck (a venv, pip): .ci/run runs the README's Quick start as written",
}
# where the work of the shared folder is needed, and by which commands
NEEDS_CARDS_JSON = re.compile(r"\bdata (import|build)\b")
NEEDS_NRDB = re.compile(r"\bdata update\b")
NEEDS_COBRA = re.compile(r"--cobra\b")
SERVE = "nrdeck serve"  # runs until stopped: started in the background, stopped after the page
SERVER = "http://127.0.0.1:8000"  # where a page that talks to nrdeck serve finds it


@dataclass
class Shown:
    """A command a page shows, where, and the output it shows for it (None: none shown)."""

    page: str
    line: int
    command: str
    output: list[str] | None = None
    block: int = 0  # the page's block it is in

    @property
    def bare(self) -> str:
        """The command without the comment a page writes after it (two spaces, then '# ')."""
        return re.sub(r"\s{2,}#\s.*$", "", self.command)


@dataclass
class Outcome:
    """What running a page's commands found."""

    failures: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


def shown_commands(page: Path) -> list[Shown]:
    """The commands of the page's ``bash``, ``console`` and ``text`` blocks, in order."""
    text = page.read_text(encoding="utf-8")
    name = page.relative_to(ROOT).as_posix()
    found: list[Shown] = []
    for block, region in enumerate(LEXER(Document(text, str(page)))):
        first = text.count("\n", 0, region.start) + 2  # the line after the opening fence
        source = str(region.lexemes["source"])
        if region.lexemes["language"] == "bash":
            shown = list(_bash(name, first, source))
        else:
            shown = list(_console(name, first, source))
        found += [replace(s, block=block) for s in shown]
    return found


def _bash(page: str, first: int, source: str) -> Iterator[Shown]:
    pending, start = "", first
    for number, line in enumerate(source.splitlines(), start=first):
        if not pending:
            start = number
        if line.endswith("\\"):
            pending += line + "\n"
            continue
        command, pending = pending + line, ""
        if command.strip() and not command.lstrip().startswith("#"):
            yield Shown(page, start, command.strip())


def _console(page: str, first: int, source: str) -> Iterator[Shown]:
    current: Shown | None = None
    for number, line in enumerate(source.splitlines(), start=first):
        if line.startswith("$ "):
            if current is not None:
                yield current
            current = Shown(page, number, line[2:].strip(), [])
        elif current is not None and current.output is not None:
            current.output.append(line)
    if current is not None:
        yield current


EVERY_COMMAND = [shown for page in PAGES for shown in shown_commands(page)]


def test_the_pages_show_commands_and_outputs() -> None:
    assert len(EVERY_COMMAND) >= 60
    assert sum(1 for s in EVERY_COMMAND if s.output) >= 7


def test_each_command_not_run_is_on_a_page_with_a_reason_that_holds() -> None:
    commands = {s.bare for s in EVERY_COMMAND}
    for command, reason in NOT_RUNNABLE.items():
        assert command in commands, f"{command!r} is on no page any more"
        assert reason in REASONS
        if reason == "placeholder":
            assert any(p in command for p in PLACEHOLDERS), command
        if reason == "ci":  # an install: the README's Quick start, which .ci/run runs
            quick = (ROOT / "README.md").read_text(encoding="utf-8").split("## Quick start")[1]
            assert command.startswith(INSTALL) and command.split(" && ")[2] in quick
        if reason == "extra":  # the extra the page installs is one the test extra holds
            extra = command.split("[")[1].split("]")[0]
            test = (ROOT / "pyproject.toml").read_text(encoding="utf-8").split("test = [")[1]
            assert f'"nrdeck[{extra}]"' in test.split("]\n")[0]


def test_a_page_showing_another_card_data_date_than_nrdeck_prints_fails() -> None:
    """Two pages showed 'bundled snapshot of 2026-07-23' while nrdeck printed 2026-09-21."""
    printed = ["1 deck: 1 legal, 0 illegal · card data: bundled snapshot of 2026-09-21"]
    shown = [printed[0].replace("2026-09-21", "2026-07-23")]
    assert matches(normalised(printed), normalised(printed))
    assert not matches(normalised(shown), normalised(printed))


def test_a_workflow_checks_one_date_throughout() -> None:
    """The organiser's steps on one roster check the same date: step 1 on the event's date and
    steps 2 and 3 on today sent players ready on the day "needs fixing" messages."""
    dates: dict[tuple[str, int, str], set[str | None]] = {}
    for shown in EVERY_COMMAND:
        words = shown.bare.split()
        if words[:2] != ["nrdeck", "event"] or "--cobra" in words:
            continue  # (with --cobra, the date is the tournament's)
        as_of = words[words.index("--as-of") + 1] if "--as-of" in words else None
        dates.setdefault((shown.page, shown.block, words[2]), set()).add(as_of)
    mixed = {key: found for key, found in dates.items() if len(found) > 1}
    assert mixed == {}


# -- the scratch folder -------------------------------------------------------------------
def _scratch(root: Path, db: CardDB) -> Path:
    """The folder the commands run from, holding the files the pages name."""
    work = root / "work"
    (work / "data").mkdir(parents=True)
    (work / "data" / "examples").symlink_to(EXAMPLES)
    for name in ("decks", "other", "docs", "bin", ".nrdeck"):
        (work / name).mkdir()
    zahya, hb = EXAMPLES / "standard-zahya.txt", EXAMPLES / "illegal-standard.txt"
    for name, deck in (("deck.txt", zahya), ("runner.txt", zahya), ("corp.txt", hb)):
        shutil.copy(deck, work / name)
    (work / "runner-v2.txt").write_text(
        zahya.read_text(encoding="utf-8").replace(
            "3 Sure Gamble", "2 Sure Gamble\n1 Dirty Laundry"
        ),
        encoding="utf-8",
    )
    for deck in EXAMPLES.glob("*.txt"):
        shutil.copy(deck, work / "decks" / deck.name)
    shutil.copy(FIXTURES / "event" / "decks" / "std-zahya.txt", work / "decks" / "drafts.txt")
    shutil.copy(ROOT / "data" / "formats" / "astro.toml", work / "astro.toml")  # as curl saves it
    shutil.copy(ROOT / "data" / "cards.json", work / "old-cards.json")  # an older pinned file
    (work / "roster.csv").write_text(
        "player,corp,runner\nAna Lima,corp.txt,runner.txt\n", encoding="utf-8"
    )
    precision, runner = (
        FIXTURES / "event" / "decks" / f for f in ("std-hb-precision.txt", "std-zahya.txt")
    )
    london = [(11, "Ana Souza", precision, runner), (12, "Ben Okafor", precision, None),
              (99, "Zed Stale", precision, runner)]  # fmt: skip
    shutil.move(export(db, root, london), work / "decks.json")
    pbpaste = work / "bin" / "pbpaste"  # macOS's clipboard, as these Linux tests have it
    pbpaste.write_text(f'#!/bin/sh\ncat "{work / "deck.txt"}"\n', encoding="utf-8")
    pbpaste.chmod(0o755)
    if (CARDS_JSON / "v2").is_dir():
        (root / "netrunner-cards-json").symlink_to(CARDS_JSON)
        (work / "path" / "to").mkdir(parents=True)
        (work / "path" / "to" / "netrunner-cards-json").symlink_to(CARDS_JSON)
    subprocess.run(["git", "init", "-q", str(work)], check=True)
    return work


def _o8d(work: Path, env: dict[str, str]) -> None:
    """deck.o8d and other/zahya.o8d, written by nrdeck from deck.txt."""
    for target in (work / "deck.o8d", work / "other" / "zahya.o8d"):
        made = _run(f"nrdeck convert deck.txt --to o8d -o {target}", work, env)
        assert made.returncode == 0, made.stdout


@pytest.fixture(scope="module")
def nrdb() -> Iterator[str | None]:
    """The shared NetrunnerDB double's base URL (None when ../shared has none)."""
    if not NRDB_MOCK.is_file() or not (CARDS_JSON / "v2").is_dir():
        yield None
        return
    command = [sys.executable, str(NRDB_MOCK), "--port", "0", "--data", str(CARDS_JSON)]
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    ) as proc:
        try:
            assert proc.stdout is not None
            line = proc.stdout.readline()
            found = re.search(r"https?://127\.0\.0\.1:\d+", line)
            yield found.group(0) if found else None
        finally:
            proc.terminate()
            proc.wait(timeout=10)


@pytest.fixture(scope="module")
def cobra() -> Iterator[str | None]:
    """The shared Cobra double's base URL (None when ../shared has none)."""
    try:
        with cobra_double() as base:
            yield base
    except pytest.skip.Exception:
        yield None


def _environment(work: Path, nrdb: str | None, cobra: str | None) -> dict[str, str]:
    venv = Path(sys.executable).parent  # nrdeck's console script is installed beside it
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NRDECK_", "GITHUB_"))}
    nowhere = "http://127.0.0.1:9"
    env.update(
        PATH=os.pathsep.join([str(work / "bin"), str(venv), env.get("PATH", "")]),
        NRDECK_CACHE_DIR=str(work.parent / "cache"),
        NRDECK_API_URL=f"{nrdb or nowhere}/api/v3/public",
        NRDECK_V2_URL=f"{nrdb or nowhere}/api/2.0/public",
        NRDECK_COBRA_URL=cobra or nowhere,
        NRDECK_HTTP_RETRIES="0",
        NO_COLOR="1",
        GIT_AUTHOR_NAME="docs",
        GIT_AUTHOR_EMAIL="docs@example.invalid",
    )
    return env


def _run(command: str, work: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "--noprofile", "--norc", "-o", "pipefail", "-c", command],
        cwd=work,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        text=True,
        encoding="utf-8",
        errors="replace",
        timeout=300,
        check=False,
    )


# -- comparing outputs --------------------------------------------------------------------
_STALE = re.compile(r"^nrdeck: warning: the card data \(.*\) is \d+ days older than")


def normalised(lines: list[str], work: Path | None = None) -> list[str]:
    """The lines with what moves by itself made still, and the staleness warning left out."""
    out = []
    for line in lines:
        if work is not None:
            line = line.replace(f"{work}/", "").replace(str(ROOT), "…")
        if not _STALE.match(line):  # columns aligned on rows a page leaves out: one gap
            out.append(re.sub(r"(?<=\S) {2,}", "  ", line.rstrip()))
    while out and not out[-1]:
        out.pop()
    return out


def matches(shown: list[str], actual: list[str]) -> bool:
    """Whether the page's lines are the output: '…' alone is any lines, a line ending in '…'
    any line it begins; every other line as it is, in order, nothing else between."""
    if not shown:
        return not actual
    head, rest = shown[0], shown[1:]
    if head.strip() == "…":
        return any(matches(rest, actual[i:]) for i in range(len(actual) + 1))
    if not actual:
        return False
    line = actual[0]
    same = line.startswith(head[:-1]) if head.endswith("…") else line == head
    return same and matches(rest, actual[1:])


# -- running every page -------------------------------------------------------------------
def _why_not(shown: Shown, work: Path, nrdb: str | None, cobra: str | None) -> str | None:
    if (
        NEEDS_CARDS_JSON.search(shown.command)
        and not (work.parent / "netrunner-cards-json").exists()
    ):
        return "../shared/netrunner-cards-json is absent"
    if NEEDS_NRDB.search(shown.command) and nrdb is None:
        return "../shared/tools/nrdb_mock.py is absent"
    if NEEDS_COBRA.search(shown.command) and cobra is None:
        return "../shared/tools/cobra_mock.py is absent"
    return None


def _written_by(shown: Shown) -> list[str]:
    """The files a command writes: its ``--out``/``-o``/``--output`` file, and for a card data
    file the titles and catalogue its build writes beside it."""
    words = shlex.split(shown.bare)
    outs = [after for word, after in pairwise(words) if word in ("--out", "-o", "--output")]
    built = [built_files(Path(out)) for out in outs if out.endswith(".json")]
    beside = [str(path) for paths in built for path in paths[1:]]
    return [*outs, *beside]


def _needs_unwritten(shown: Shown, unwritten: dict[str, str]) -> str | None:
    """Why a command cannot run: it names a file that a skipped command would have written."""
    for word in shlex.split(shown.bare):
        if word in unwritten:
            return f"{word} is written by a command skipped before it ({unwritten[word]})"
    return None


def _wait_until_free(port: int) -> None:
    """Return once nothing listens on ``port`` (a minute at most: then the server says why)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                pass
        except OSError:
            return
        time.sleep(0.5)


def _serve(command: str, work: Path, env: dict[str, str]) -> subprocess.Popen[bytes]:
    """``nrdeck serve`` as a page shows it, in the background, once it answers (it listens on
    its --port, 8000 by default)."""
    words = command.split()
    port = words[words.index("--port") + 1] if "--port" in words else "8000"
    _wait_until_free(int(port))  # a page's server before it, or another run on this machine
    server = subprocess.Popen(
        ["bash", "--noprofile", "--norc", "-c", f"exec {command}"],
        cwd=work,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and server.poll() is None:
        try:
            with socket.create_connection(("127.0.0.1", int(port)), timeout=1):
                return server
        except OSError:
            time.sleep(0.2)
    server.kill()
    raise AssertionError(f"{command!r} did not answer on port {port}")


def _check(shown: Shown, work: Path, env: dict[str, str], outcome: Outcome) -> None:
    where = f"{shown.page}:{shown.line}: {shown.command}"
    proc = _run(shown.command, work, env)
    said = proc.stdout.splitlines()
    verdicts = (0, 1) if shown.bare.startswith("nrdeck ") else (0,)  # 1: an illegal deck
    if proc.returncode not in verdicts:
        outcome.failures.append(f"{where}\n  exit {proc.returncode}:\n" + "\n".join(said[-15:]))
        return
    if shown.output is None:
        return
    expected, actual = normalised(shown.output), normalised(said, work)
    if not matches(expected, actual):
        outcome.failures.append(
            f"{where}\n  the page shows:\n    "
            + "\n    ".join(expected)
            + "\n  nrdeck prints (normalised):\n    "
            + "\n    ".join(actual)
        )


def _added_all(shown: Shown, work: Path, env: dict[str, str], outcome: Outcome) -> None:
    """A `git add` a page shows leaves nothing out of the folders it adds to (the pinned-data
    recipe added cards.json, not the cards.titles.json the build writes beside it)."""
    words = shown.bare.split()
    if words[:2] != ["git", "add"]:
        return
    folders = sorted({str(Path(w).parent) for w in words[2:] if not w.startswith("-")})
    left = _run(f"git ls-files --others --exclude-standard -- {' '.join(folders)}", work, env)
    if left.stdout.strip():
        outcome.failures.append(
            f"{shown.page}:{shown.line}: {shown.command}\n  leaves out: {left.stdout.strip()}"
        )


RUN = {p: [s for s in shown_commands(p) if s.bare not in NOT_RUNNABLE] for p in PAGES}


@pytest.mark.parametrize(
    "page", [p for p in PAGES if RUN[p]], ids=lambda p: p.relative_to(ROOT).as_posix()
)
def test_every_command_of_the_page_runs_as_written(
    page: Path, tmp_path: Path, db: CardDB, nrdb: str | None, cobra: str | None
) -> None:
    commands = RUN[page]
    work = _scratch(tmp_path, db)
    env = _environment(work, nrdb, cobra)
    _o8d(work, env)
    outcome = Outcome()
    servers: list[subprocess.Popen[bytes]] = []
    if any(SERVER in s.command for s in commands) and not any(
        s.bare.startswith(SERVE) for s in commands
    ):
        servers.append(_serve(f"{SERVE} --offline", work, env))  # what the page talks to
    unwritten: dict[str, str] = {}  # files a skipped command would have written: by whom
    try:
        for shown in commands:
            why = _why_not(shown, work, nrdb, cobra) or _needs_unwritten(shown, unwritten)
            if why is not None:
                outcome.skipped.append(f"{shown.page}:{shown.line}: {why}")
                unwritten |= dict.fromkeys(_written_by(shown), shown.bare)
            elif shown.bare.startswith(SERVE):
                for running in servers:
                    running.terminate()
                    running.wait(timeout=30)
                servers = [_serve(shown.bare, work, env)]
            else:
                _check(shown, work, env, outcome)
                _added_all(shown, work, env, outcome)
    finally:
        for running in servers:
            running.terminate()
            running.wait(timeout=30)
    assert outcome.failures == [], "\n\n".join(outcome.failures)
    if outcome.skipped:
        pytest.skip("; ".join(outcome.skipped))
