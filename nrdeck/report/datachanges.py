"""The Markdown report of what changed between two card documents: the body of a refresh
pull request, and what ``nrdeck data compare`` prints."""

from __future__ import annotations

from collections.abc import Iterable

from nrdeck.report.periods import change_phrases
from nrdeck.report.safe import one_line
from nrdeck.results.datachanges import DataChanges, NamedId
from nrdeck.results.periods import FormatPeriod


def changes_markdown(report: DataChanges) -> str:
    """Sections for what changed; a document that changed nothing says so in one line."""
    head = [
        "# Card data: what changed",
        "",
        f"- before: {_md(report.before)}",
        f"- after: {_md(report.after)}",
        "",
    ]
    if not report.changed:
        body = ["Nothing changed but the documents' dates.", ""]
    else:
        body = [
            *_section("Formats", _formats(report)),
            *_section("New periods and what each changed", _periods(report.periods_added)),
            *_section("Ban lists", _lists(report)),
            *_section("Startup caps", _caps(report)),
            *_section("Snapshots NetrunnerDB marks active", _active(report)),
            *_section("Sets", _sets(report)),
            *_section("Cards", _cards(report)),
            *_section("Keys nrdeck does not apply", [f"- {_md(k)}" for k in report.unknown_keys]),
        ]
    tail = _section("nrdeck's own tables", [f"- {_md(w)}" for w in report.warnings])
    return "\n".join([*head, *body, *tail]).rstrip("\n") + "\n"


def _section(title: str, lines: list[str]) -> list[str]:
    return [f"## {title}", "", *lines, ""] if lines else []


def _formats(report: DataChanges) -> list[str]:
    return [
        *(f"- new format: {_item(n)}" for n in report.formats_added),
        *(f"- format removed: {_item(n)}" for n in report.formats_removed),
    ]


def _periods(periods: Iterable[FormatPeriod]) -> list[str]:
    lines = []
    for period in periods:
        named = period.restriction_name or "no ban list"
        what = "; ".join(change_phrases(period.changes)) or "the format's first period"
        lines.append(
            f"- **{_md(period.format_name)}** from {period.start}: {_md(named)}, pool "
            f"{_md(period.card_pool_name)}: {_md(what)}"
        )
    return lines


def _lists(report: DataChanges) -> list[str]:
    return [
        *(f"- new list: {_item(n)}" for n in report.lists_added),
        *(f"- list removed: {_item(n)}" for n in report.lists_removed),
        *(
            f"- {_md(e.name)} (`{e.id}`) changed: {_md('; '.join(e.what))}"
            for e in report.lists_changed
        ),
    ]


def _caps(report: DataChanges) -> list[str]:
    lines = []
    for cap in report.startup_caps:
        table = "no entry" if cap.table is None else f"{cap.table}"
        advice = ""
        if cap.table is None:
            advice = ": add it to `data/agenda_caps.json` (the v3 API does not carry the cap)"
        elif cap.data is not None and cap.data != cap.table:
            advice = ": the data and the table disagree (the data's is used)"
        lines.append(
            f"- {_md(cap.name)} (`{cap.id}`): the data says {cap.data}, "
            f"`data/agenda_caps.json` {table}{advice}"
        )
    return lines


def _active(report: DataChanges) -> list[str]:
    return [
        f"- {m.format_id}: `{m.after}` (was `{m.before}`); nrdeck goes by dates, not this mark"
        for m in report.active_marks
    ]


def _sets(report: DataChanges) -> list[str]:
    return [
        *(f"- new set: {_item(n)}" for n in report.sets_added),
        *(f"- set removed: {_item(n)}" for n in report.sets_removed),
        *(
            f"- {_md(d.name)} (`{d.id}`) released {d.after} (was {d.before})"
            for d in report.set_dates
        ),
    ]


def _cards(report: DataChanges) -> list[str]:
    lines = [f"- new card: {_item(n)}" for n in report.cards_added]
    lines += [f"- card removed: {_item(n)}" for n in report.cards_removed]
    lines += [
        f"- retitled (`{r.id}`): {_md(r.before)} → {_md(r.after)}" for r in report.cards_retitled
    ]
    lines += [
        f"- new id: `{r.before}` → `{r.after}` ({_md(r.title)}): add it to "
        "`data/moved_ids.json` where nrdeck's tables name the old id"
        for r in report.ids_renamed
    ]
    if report.printings_added:
        lines.append(f"- {report.printings_added} new printings")
    return lines


def _item(named: NamedId) -> str:
    return f"{_md(named.name)} (`{named.id}`)"


def _md(text: str) -> str:
    """Text from card data as Markdown shows it: one line, controls escaped, no markup."""
    out = one_line(" ".join(str(text).split()))
    for char in "\\`*_[]<>|#":
        out = out.replace(char, "\\" + char)
    return out
