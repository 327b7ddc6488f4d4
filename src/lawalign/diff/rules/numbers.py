"""Number mismatch: a numeral the counterparts print and this unit does not (or the reverse).

Numerals inside cross-references ("Law 16D", "1’deki") and labels are the references' business and
are left out; what remains are quantities ("13 tricks", "two boards" written in digits).
"""

from __future__ import annotations

import re
from collections import Counter

from lawalign.diff.context import DiffContext
from lawalign.diff.findings import finding, join_ids
from lawalign.models import Edition, Finding, Unit

# A numeral: "13", "1.5", "1,5". Example: "13" in "all 13 tricks".
_NUMBER = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)?(?![\w])")


def numbers_in(ctx: DiffContext, edition: Edition, unit: Unit) -> list[tuple[str, int]]:
    """Numerals of a unit's text outside its references, with their offsets."""
    spans = [(r.start, r.end) for r in ctx.refs(edition, unit)]
    for marker in set(unit.markers):  # "[1]", "(1)": footnote marks, not quantities
        start = unit.text.find(marker)
        while start >= 0:
            spans.append((start, start + len(marker)))
            start = unit.text.find(marker, start + 1)
    out = []
    for m in _NUMBER.finditer(unit.text):
        if not any(a <= m.start() < b for a, b in spans):
            out.append((m.group(0).replace(",", "."), m.start()))
    return out


def rule(ctx: DiffContext) -> list[Finding]:
    """Numerals that differ from the counterparts' majority."""
    out: list[Finding] = []
    for edition in ctx.editions:
        for unit in edition.law_units:
            others = ctx.counterparts(edition, unit.id)
            if not others or unit.role in ("law-title", "heading"):
                continue
            here = Counter(n for n, _ in numbers_in(ctx, edition, unit))
            votes = [Counter(n for n, _ in numbers_in(ctx, e, u)) for e, u in others]
            expected: Counter[str] = Counter()
            for n in {n for v in votes for n in v}:
                counts = sorted(v[n] for v in votes)
                expected[n] = counts[len(counts) // 2] if len(counts) % 2 else counts[len(counts) // 2 - 1]
            missing = sorted((expected - here).elements())
            extra = sorted(n for n in (here - expected).elements() if all(v[n] < here[n] for v in votes))
            if not missing and not extra:
                continue
            ev = [ctx.quote(edition, unit)] + [ctx.quote(e, u) for e, u in others]
            msg = []
            if missing:
                msg.append(f"lacks the number{'s' if len(missing) > 1 else ''} {join_ids(missing)}")
            if extra:
                msg.append(f"has {join_ids(extra)} that the others lack")
            out.append(
                finding(
                    "number",
                    "warning",
                    edition.lang,
                    unit.id,
                    f"{unit.id} {' and '.join(msg)}",
                    ev,
                    suggestion="use the numbers the other editions print",
                    key="missing:" + ",".join(missing) + "|extra:" + ",".join(extra),
                )
            )
    return out
