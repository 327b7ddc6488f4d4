"""Missing law heading: a law this edition contains has no heading ("ПРАВИЛО 68. …"); the law was inferred."""

from __future__ import annotations

from lawalign.diff.context import DiffContext
from lawalign.diff.findings import finding
from lawalign.models import Finding, UnitId


def rule(ctx: DiffContext) -> list[Finding]:
    """One finding per law without a law-title unit."""
    out: list[Finding] = []
    for edition in ctx.editions:
        for law in ctx.laws_of(edition):
            tid = UnitId.of(law, suffix="title")
            in_law = ctx.units_of_law(edition, law)
            if edition.unit(tid) is not None or not in_law:
                continue
            first = in_law[0]
            ev = [ctx.quote(edition, first)]
            ev += [
                ctx.quote(o, u) for o in ctx.editions if o is not edition and (u := o.unit(tid)) is not None
            ]
            how = f" (the law was inferred: {first.evidence})" if first.inferred and first.evidence else ""
            out.append(
                finding(
                    "law-heading",
                    "warning",
                    edition.lang,
                    tid,
                    f"Law {law} has no heading; its text starts directly with {first.id}{how}",
                    ev,
                    suggestion=f"add the heading of Law {law}",
                    key="missing",
                )
            )
    return out
