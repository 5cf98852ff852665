"""Options and environment variables made into settings: the CLI's only environment reads.

``NRDECK_*`` variables (card data, Cobra, HTTP tuning, debug), the colour and hook conventions
(``NO_COLOR``, ``FORCE_COLOR``, ``PRE_COMMIT``) and GitHub's ``GITHUB_WORKSPACE`` are read
here and nowhere else.
"""

import datetime as dt
import os
from pathlib import Path

from nrdeck.app.inputs.cards import DataSettings, default_cache_dir
from nrdeck.app.inputs.options import SelectionOptions
from nrdeck.cli.state import RunState
from nrdeck.errors import UsageError
from nrdeck.http import HttpSettings
from nrdeck.http.values import DEFAULT_API_URL, DEFAULT_V2_URL, http_base_url


def plain_output() -> bool:
    """True when output must carry no colour or live widgets (NO_COLOR, PRE_COMMIT=1)."""
    return bool(os.environ.get("NO_COLOR")) or under_pre_commit()


def under_pre_commit() -> bool:
    """PRE_COMMIT=1: run as a pre-commit hook (hermetic, plain)."""
    return os.environ.get("PRE_COMMIT") == "1"


def force_colour() -> bool:
    """FORCE_COLOR is set."""
    return bool(os.environ.get("FORCE_COLOR"))


def report_places() -> dict[str, str | None]:
    """Where the run started and the CI workspace (``GITHUB_WORKSPACE``, else None: the
    current folder): what a machine report names deck files relative to."""
    try:
        cwd: str | None = os.getcwd()
    except OSError:  # the current folder was removed
        cwd = None
    workspace = os.environ.get("GITHUB_WORKSPACE") or None
    if workspace is not None and cwd is not None:
        workspace = os.path.realpath(os.path.join(cwd, workspace))
    return {"cwd": cwd, "workspace": workspace}


def debug_wanted() -> bool:
    """--debug, or NRDECK_DEBUG in the environment."""
    return RunState.debug or bool(os.environ.get("NRDECK_DEBUG"))


def data_settings(
    *,
    offline: bool = False,
    data: Path | None = None,
    cache_dir: Path | None = None,
    api_url: str | None = None,
    v2_url: str | None = None,
    no_cache: bool = False,
) -> DataSettings:
    """Normalise the card-data options (and their environment variables) into settings.

    Under pre-commit (``PRE_COMMIT=1``) the cache is never read: a hook gives the same
    verdict on every machine. A ``--data`` file that is not there is a usage error.
    """
    if data is not None and not data.exists():
        raise UsageError(f"{data}: no such card data file", hint="check the --data path")
    if api_url is not None:
        api_url = http_base_url(api_url, "--api-url (or NRDECK_API_URL)", DEFAULT_API_URL)
    v2_url = v2_url or os.environ.get("NRDECK_V2_URL")
    if v2_url:
        v2_url = http_base_url(v2_url, "NRDECK_V2_URL", DEFAULT_V2_URL)
    hermetic = no_cache or under_pre_commit()
    return DataSettings(
        offline=offline,
        no_cache=hermetic,
        data_file=data,
        # a hermetic run reads no cache: the folder is found only when a command needs it
        cache_dir=cache_dir or (None if hermetic else default_cache_dir()),
        api_url=api_url,
        v2_url=v2_url or None,
        http=http_settings(),
    )


def http_settings() -> HttpSettings:
    """Timeouts and retries, tunable by NRDECK_HTTP_* variables (tests keep them tiny)."""
    base = HttpSettings()
    return HttpSettings(
        connect_timeout=_number("NRDECK_HTTP_CONNECT_TIMEOUT", base.connect_timeout),
        read_timeout=_number("NRDECK_HTTP_READ_TIMEOUT", base.read_timeout),
        retries=int(_number("NRDECK_HTTP_RETRIES", base.retries, whole=True)),
        backoff=_number("NRDECK_HTTP_BACKOFF", base.backoff),
        max_retry_after=_number("NRDECK_HTTP_MAX_RETRY_AFTER", base.max_retry_after),
        deadline=_number("NRDECK_HTTP_DEADLINE", base.deadline),
    )


def _number(name: str, default: float, *, whole: bool = False) -> float:
    """A numeric environment variable: a usage error naming it when it is not a number >= 0."""
    text = os.environ.get(name)
    if text is None:
        return default
    try:
        value = int(text) if whole else float(text)
    except ValueError:
        value = -1
    if not value >= 0 or value == float("inf"):
        kind = "a whole number" if whole else "a number of seconds"
        raise UsageError(
            f"{name}={text!r} is not {kind} (0 or more)",
            hint=f"set {name} to {kind}, or unset it",
        )
    return value


def parse_as_of(text: str | None) -> dt.date | None:
    """--as-of as a date (a usage error naming the value when it is not YYYY-MM-DD)."""
    if text is None:
        return None
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise UsageError(f"--as-of {text!r} is not a date", hint="use YYYY-MM-DD") from None


def selection_options(
    *,
    format_id: str = "standard",
    as_of: str | None = None,
    snapshot: str | None = None,
    banlist: str | None = None,
    format_file: Path | None = None,
    tier: str = "casual",
    format_given: bool = False,
) -> SelectionOptions:
    """The options that choose what is in force (the same for every command that checks);
    ``format_given``: --format was on the command line, not its default."""
    return SelectionOptions(
        format_id=format_id,
        as_of=parse_as_of(as_of),
        snapshot_id=snapshot,
        banlist_id=banlist,
        format_file=format_file,
        tier=tier,
        format_given=format_given,
    )


def cobra_url(option: str | None = None) -> str | None:
    """The Cobra to ask: ``--cobra-url``, else NRDECK_COBRA_URL (None: Cobra's public host)."""
    return option or os.environ.get("NRDECK_COBRA_URL") or None


SERVE_SETTINGS = "NRDECK_SERVE_SETTINGS"  # nrdeck serve's resolved settings, for its workers


def pass_to_workers(encoded: str) -> None:
    """Give ``nrdeck serve``'s worker processes the settings it resolved."""
    os.environ[SERVE_SETTINGS] = encoded


def from_parent() -> str:
    """The settings ``nrdeck serve`` gave this worker process."""
    return os.environ[SERVE_SETTINGS]
