"""Coverage: laws of the reference (or of the other editions) that an edition does not contain.

ONE finding per edition, listing the laws; the omission rule never reports units of those laws.
"""

from __future__ import annotations

from lawalign.diff.context import DiffContext
from lawalign.diff.findings import finding, join_ids
from lawalign.models import Finding


def rule(ctx: DiffContext) -> list[Finding]:
    """One finding per edition that lacks laws."""
    laws: list[str] = list(ctx.skeleton.laws) if ctx.skeleton is not None else []
    for e in ctx.editions:
        laws.extend(law for law in ctx.laws_of(e) if law not in laws)
    out: list[Finding] = []
    for edition in ctx.editions:
        have = ctx.laws_of(edition)
        lacking = [law for law in laws if law not in have]
        if not lacking:
            continue
        out.append(
            finding(
                "coverage",
                "info",
                edition.lang,
                "",
                f"contains Law{'s' if len(have) > 1 else ''} {join_ids(have)} only; "
                f"Law{'s' if len(lacking) > 1 else ''} {join_ids(lacking)} not covered",
                [ctx.location(edition)],
                suggestion=f"nothing to do if the edition is meant to be partial; else translate "
                f"Law{'s' if len(lacking) > 1 else ''} {join_ids(lacking)}",
                key="laws",
                laws=",".join(have),
                missing=",".join(lacking),
            )
        )
    return out
