"""Length-ratio outliers: a unit much longer or shorter than its counterparts, for this language pair.

The statistic is ``log(len(a) / len(b))`` per unit both editions have, calibrated per language pair
with a robust z-score (median/MAD), so a language that is simply wordier is not flagged. Needs no model.
Units a truncated edition cuts (:meth:`~lawalign.diff.context.DiffContext.cut`) are left out of its
pairs' statistics: a page that stops inside 68D would otherwise shift every pair's calibration and
make another edition's 68D look long.
"""

from __future__ import annotations

import math

from lawalign.diff.context import NON_BODY_ROLES, DiffContext
from lawalign.diff.findings import finding
from lawalign.diff.rules.pairstats import pair_outliers
from lawalign.models import Finding, UnitId


def rule(ctx: DiffContext) -> list[Finding]:
    """Units whose length ratio to their counterparts is an outlier."""
    scores: dict[tuple[str, str], dict[UnitId, float]] = {}
    eds = sorted(ctx.editions, key=lambda e: e.lang)
    for i, a in enumerate(eds):
        for b in eds[i + 1 :]:
            cut = ctx.cut(a) | ctx.cut(b)  # a unit a truncated page cuts says nothing about lengths
            for ua in a.law_units:
                if ua.role in NON_BODY_ROLES or ua.id in cut:
                    continue
                ub = b.unit(ua.id)
                if ub is not None:
                    scores.setdefault((a.lang, b.lang), {})[ua.unit_id] = math.log(
                        (len(ua.text) + 1) / (len(ub.text) + 1)
                    )
    out: list[Finding] = []
    for o in pair_outliers(ctx, scores, lambda z: True):
        edition = ctx.edition_of(o.lang)
        unit = edition.unit(o.unit) if edition is not None else None
        if edition is None or unit is None:
            continue
        partners = [(p, pu) for lang in o.partners if (p := ctx.edition_of(lang)) and (pu := p.unit(o.unit))]
        shorter = all(len(unit.text) < len(pu.text) for _, pu in partners)
        out.append(
            finding(
                "length",
                "info",
                o.lang,
                o.unit,
                f"{o.unit} is unusually {'short' if shorter else 'long'} against its {', '.join(o.partners)} "
                f"counterpart (robust z {o.z:.1f} for this language pair)",
                [ctx.quote(edition, unit)] + [ctx.quote(p, pu) for p, pu in partners],
                suggestion=f"check {o.unit} for {'missing' if shorter else 'added'} text against "
                f"its {', '.join(o.partners)} counterpart",
                key="length",
                z=f"{o.z:.2f}",
            )
        )
    return out
