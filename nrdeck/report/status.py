"""The ``data status`` reporter: the card data in use, what is in force, the corrections."""

from __future__ import annotations

from nrdeck.report.safe import one_line
from nrdeck.results.status import DataStatus, FormatStatus


def status_text(report: DataStatus) -> str:
    """The status as text lines (untrusted text made safe)."""
    lines = [f"card data: {report.description}", f"  source: {report.source}"]
    lines += [f"  dataset date: {report.dataset_date or 'unknown'}"]
    if report.fetched_at:
        lines.append(f"  fetched at: {report.fetched_at}")
    if report.path:
        lines.append(f"  file: {report.path}")
    lines += [f"  {name}: {count}" for name, count in report.counts.items()]
    lines.append(f"in force today ({report.today}, the corrected timeline):")
    lines += [f"  {f.format_id}: {_in_force(f)}" for f in report.formats]
    if report.corrections:
        lines.append("nrdeck's corrections to this data:")
        lines += [f"  {c.describe()}" for c in report.corrections]
    return "".join(one_line(line) + "\n" for line in lines)


def _in_force(f: FormatStatus) -> str:
    """'standard_32 (pool rotation_2025; standard_ban_list_25_10) since 2025-10-03 (…)'."""
    if f.snapshot_id is None:
        return "no period yet"
    restriction = f.restriction_id or "no restriction"
    text = f"{f.snapshot_id} (pool {f.card_pool_id}; {restriction}) since {f.since}"
    if f.active_snapshot_id and f.active_snapshot_id != f.snapshot_id:
        text += f"; NetrunnerDB marks {f.active_snapshot_id} active"
    return text
