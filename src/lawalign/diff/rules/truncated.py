"""Truncated: an edition that stops early (a page cut inside a unit, or ending on a heading).

One info finding per such edition, naming where it stops and what it cuts. The units it cuts are left
out of the omission, length and drift statistics (:meth:`lawalign.diff.context.DiffContext.cut`), so
a partial page neither reports its own missing end as omissions nor makes another edition's
counterpart look long.
"""

from __future__ import annotations

from lawalign.diff.context import DiffContext
from lawalign.diff.findings import finding, join_ids
from lawalign.models import Finding


def rule(ctx: DiffContext) -> list[Finding]:
    """One finding per edition that stops early."""
    out: list[Finding] = []
    for edition in ctx.editions:
        last, cut = ctx.truncation(edition)
        unit = edition.unit(last) if last is not None else None
        if last is None or not cut or unit is None:
            continue
        ids = [i for i in ctx.reference_ids(unit.law) if i in cut]
        inside = last in cut
        where = f"stops inside {last} (no sentence end)" if inside else f"ends on the heading {last}"
        out.append(
            finding(
                "truncated",
                "info",
                edition.lang,
                last,
                f"the text {where}: {join_ids(ids)} not compared for omissions, length or drift",
                [ctx.quote(edition, unit)],
                suggestion="nothing to do if the page is meant to be partial; else add the rest of the text",
                key="truncated",
                cut=",".join(ids),
            )
        )
    return out
