"""The GitHub Actions reporter: workflow commands that annotate files in pull requests.

Only a deck read from a file in the repository points at it (``file=``, ``line=``); a
remote deck, standard input or pasted text names itself in the message instead. The text
lands in a log that a browser shows like a terminal, so it goes through ``safe`` first,
then through GitHub's own escaping.
"""

from __future__ import annotations

from nrdeck.catalog import DataInfo
from nrdeck.problems import Problem, Severity
from nrdeck.report.check.common import ReportOptions, cached_note, problems_of, whole
from nrdeck.report.safe import block, one_line
from nrdeck.results.check import CheckReport, CheckTally, DeckOutcome, Period


class GithubReporter:
    """'::error file=…,line=…,title=CODE::message' per problem."""

    name = "github"

    def pieces(self, data: DataInfo, period: Period | None, options: ReportOptions) -> GithubPieces:
        """A deck's workflow commands, nothing around them."""
        return GithubPieces(options)

    def render(self, report: CheckReport, options: ReportOptions) -> str:
        """One workflow command per problem (and per cached copy); legal decks print nothing.

        ``quiet`` changes nothing: a machine format is the same with or without it.
        """
        return "".join(map(str, whole(self.pieces(report.data, report.period, options), report)))


class GithubPieces:
    """The workflow commands deck by deck."""

    counts_first = False

    def __init__(self, options: ReportOptions) -> None:
        self.options = options

    def opening(self, tally: CheckTally) -> str:
        """Nothing: only problems are annotated."""
        return ""

    def deck(self, outcome: DeckOutcome) -> str:
        """A warning for a cached copy, then one command per problem, one line each."""
        lines = []
        note = cached_note(outcome)
        if note:
            lines.append(
                f"::warning title=deck-cached::{escape_data(outcome.source + ': ' + note)}"
            )
        lines.extend(annotation(outcome, p, self.options) for p in problems_of(outcome))
        return "".join(line + "\n" for line in lines)

    def closing(self, tally: CheckTally) -> str:
        """Nothing."""
        return ""


def annotation(outcome: DeckOutcome, problem: Problem, options: ReportOptions | None = None) -> str:
    """The workflow command for one problem: a file in the repository is named relative to
    the workspace, without './' (GitHub puts an annotation on a pull request's file only so)."""
    command = "error" if problem.severity is Severity.ERROR else "warning"
    props = []
    in_repository = outcome.origin == "file"
    if in_repository:
        named = (options or ReportOptions()).file_name(problem.location.source or outcome.source)
        props.append(f"file={escape_property(named)}")
        if problem.line is not None:
            props.append(f"line={problem.line}")
    props.append(f"title={escape_property(problem.code)}")
    message = problem.message if in_repository else f"{outcome.source}: {problem.message}"
    return f"::{command} {','.join(props)}::{escape_data(message)}"


def escape_data(text: str) -> str:
    """A message made safe, then escaped as GitHub's toolkit does (% CR LF): a line break
    stays one (%0A); a carriage return, which would redraw the log, is shown escaped."""
    return _escape_toolkit(block(text))


def escape_property(text: str) -> str:
    """A property value escaped as GitHub's toolkit does (% CR LF : ,), so that a file name
    with a line break still names the file; other control characters are shown escaped."""
    return one_line(_escape_toolkit(text).replace(":", "%3A").replace(",", "%2C"))


def _escape_toolkit(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
