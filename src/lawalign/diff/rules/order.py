"""Order differences: body units printed in another order than the reference's.

The reference order is the skeleton's (then the other editions'). Units on a longest increasing
subsequence of reference positions are in order; each unit off it is one finding. Headings,
footnotes and debris are left out: where a footnote is printed is typography.
"""

from __future__ import annotations

from bisect import bisect_left

from lawalign.diff.context import NON_BODY_ROLES, DiffContext
from lawalign.diff.findings import finding
from lawalign.models import Finding, Unit


def _lis(values: list[int]) -> set[int]:
    """Indices of one longest strictly increasing subsequence of ``values``."""
    tails: list[int] = []
    tails_idx: list[int] = []
    prev = [-1] * len(values)
    for i, v in enumerate(values):
        k = bisect_left(tails, v)
        if k == len(tails):
            tails.append(v)
            tails_idx.append(i)
        else:
            tails[k] = v
            tails_idx[k] = i
        prev[i] = tails_idx[k - 1] if k else -1
    keep: set[int] = set()
    i = tails_idx[-1] if tails_idx else -1
    while i >= 0:
        keep.add(i)
        i = prev[i]
    return keep


def rule(ctx: DiffContext) -> list[Finding]:
    """One finding per out-of-order unit."""
    out: list[Finding] = []
    for edition in ctx.editions:
        order: dict[str, int] = {}
        for law in ctx.laws_of(edition):
            for uid in ctx.reference_ids(law):
                order.setdefault(uid, len(order))
        body: list[Unit] = [u for u in edition.law_units if u.role not in NON_BODY_ROLES and u.id in order]
        keep = _lis([order[u.id] for u in body])
        for i, unit in enumerate(body):
            if i in keep:
                continue
            before = body[i - 1].id if i else ""
            out.append(
                finding(
                    "order",
                    "warning",
                    edition.lang,
                    unit.id,
                    f"{unit.id} is printed out of order" + (f" (after {before})" if before else " (first)"),
                    [ctx.quote(edition, unit)],
                    suggestion=f"move {unit.id} to its place in the reference order"
                    + (f" (after {before})" if before else ""),
                    key="order",
                )
            )
    return out
