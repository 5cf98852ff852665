"""The GitHub Actions reporter: workflow commands that annotate files in pull requests."""

from __future__ import annotations

from nrdeck.problems import Problem, Severity
from nrdeck.report.model import ReportOptions, cached_note, problems_of
from nrdeck.results.check import CheckReport, DeckOutcome


class GithubReporter:
    """'::error file=…,line=…,title=CODE::message' per problem."""

    name = "github"

    def render(self, report: CheckReport, options: ReportOptions) -> str:
        """One workflow command per problem (and per cached copy); legal decks print nothing."""
        lines = []
        for outcome in report.outcomes:
            note = cached_note(outcome)
            if note:
                lines.append(
                    f"::warning title=deck-cached::{escape_data(outcome.source + ': ' + note)}"
                )
            lines.extend(annotation(outcome, p) for p in problems_of(outcome))
        return "".join(line + "\n" for line in lines)


def annotation(outcome: DeckOutcome, problem: Problem) -> str:
    """The workflow command for one problem."""
    command = "error" if problem.severity is Severity.ERROR else "warning"
    props = []
    source = problem.location.source or outcome.source
    if _is_file(source):
        props.append(f"file={escape_property(source)}")
        if problem.line is not None:
            props.append(f"line={problem.line}")
    props.append(f"title={escape_property(problem.code)}")
    message = problem.message if _is_file(source) else f"{source}: {problem.message}"
    return f"::{command} {','.join(props)}::{escape_data(message)}"


def _is_file(source: str) -> bool:
    return source != "-" and "://" not in source


def escape_data(text: str) -> str:
    """Escape a message as GitHub's toolkit does (% CR LF)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """Escape a property value (% CR LF : ,)."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")
