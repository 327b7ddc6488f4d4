"""Coverage: laws of the reference (or of the other editions) that an edition does not contain.

ONE finding per edition, listing the laws; the omission rule never reports units of those laws.
Coverage follows the manifest: an edition whose ``laws`` the manifest declares covers those laws by
definition (a Russian edition of Law 68 alone is not missing Laws 69–71), and is reported only when
it holds no text of a law it declares.
"""

from __future__ import annotations

from lawalign.diff.context import DiffContext
from lawalign.diff.findings import finding, join_ids
from lawalign.models import Edition, Finding


def rule(ctx: DiffContext) -> list[Finding]:
    """One finding per edition that lacks laws."""
    laws: list[str] = list(ctx.skeleton.laws) if ctx.skeleton is not None else []
    for e in ctx.editions:
        laws.extend(law for law in ctx.laws_of(e) if law not in laws)
    out: list[Finding] = []
    for edition in ctx.editions:
        if edition.laws_declared:
            out.extend(_declared(ctx, edition))
            continue
        have = ctx.laws_of(edition)
        lacking = [law for law in laws if law not in have]
        if not lacking:
            continue
        out.append(
            finding(
                "coverage",
                "info",
                edition.lang,
                None,
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


def _declared(ctx: DiffContext, edition: Edition) -> list[Finding]:
    """A manifest edition: the declared laws it holds no text of (none, usually)."""
    held = {u.law for u in edition.law_units if u.law}
    lacking = [law for law in edition.laws if law not in held]
    if not lacking:
        return []
    plural = "s" if len(lacking) > 1 else ""
    return [
        finding(
            "coverage",
            "info",
            edition.lang,
            None,
            f"the manifest declares Law{plural} {join_ids(lacking)}, which the text does not hold",
            [ctx.location(edition)],
            suggestion=f"add the text of Law{plural} {join_ids(lacking)}, or drop "
            f"{'them' if plural else 'it'} from the manifest's laws",
            key="declared",
            laws=",".join(edition.laws),
            missing=",".join(lacking),
        )
    ]
