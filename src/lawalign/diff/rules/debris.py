"""Debris: text in a law file that is not law text (blog chrome, page furniture).

One finding per edition and kind of debris, listing every piece. Repeats are the ``duplicate`` rule's;
a rule of dashes before footnotes (``separator``) and a PDF's running headers, footers and page numbers
(``page-furniture``) are typography, not debris worth a finding.
"""

from __future__ import annotations

from lawalign.diff.context import DiffContext
from lawalign.diff.findings import finding
from lawalign.models import Finding, Unit

QUIET_REASONS = frozenset({"separator", "blank", "page-furniture"})


def rule(ctx: DiffContext) -> list[Finding]:
    """One finding per edition per debris reason."""
    out: list[Finding] = []
    for edition in ctx.editions:
        groups: dict[str, list[Unit]] = {}
        for unit in edition.debris:
            if unit.duplicate_of or unit.reason in QUIET_REASONS:
                continue
            groups.setdefault(unit.reason or "debris", []).append(unit)
        for reason, units in sorted(groups.items()):
            lines = ", ".join(str(u.source.line_start) for u in units)
            out.append(
                finding(
                    "debris",
                    "warning",
                    edition.lang,
                    None,
                    f"{len(units)} line{'s' if len(units) > 1 else ''} of non-law text ({reason}) "
                    f"at line {lines}",
                    [ctx.quote(edition, u) for u in units],
                    suggestion="remove it from the published text",
                    key=reason,
                    units=",".join(u.id for u in units),
                )
            )
    return out
