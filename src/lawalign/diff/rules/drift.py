"""Semantic drift: an aligned pair whose similarity is an outlier (low) for this corpus's language pair.

Needs an alignment (unit similarities from the embedder); without one the rule reports nothing.
Calibrated per language pair with a robust z-score (median/MAD): see :mod:`lawalign.diff.calibrate`.
"""

from __future__ import annotations

from lawalign.diff.context import NON_BODY_ROLES, DiffContext
from lawalign.diff.findings import finding
from lawalign.diff.rules.pairstats import pair_outliers
from lawalign.models import Finding, UnitId


def rule(ctx: DiffContext) -> list[Finding]:
    """Units whose cross-lingual similarity is unusually low."""
    if ctx.alignment is None:
        return []
    scores: dict[tuple[str, str], dict[UnitId, float]] = {}
    roles = {u.id: u.role for e in ctx.editions for u in e.law_units}
    cut = {e.lang: ctx.cut(e) for e in ctx.editions}
    for link in ctx.alignment.links:
        if roles.get(link.id, "") in NON_BODY_ROLES:
            continue
        if link.id in cut.get(link.src_lang, frozenset()) | cut.get(link.tgt_lang, frozenset()):
            continue  # a unit a truncated page cuts is not a translation to compare
        a, b = sorted((link.src_lang, link.tgt_lang))
        scores.setdefault((a, b), {})[link.id] = float(link.score)
    out: list[Finding] = []
    for o in pair_outliers(ctx, scores, lambda z: z < 0):
        edition = ctx.edition_of(o.lang)
        unit = edition.unit(o.unit) if edition is not None else None
        if edition is None or unit is None:
            continue
        ev = [ctx.quote(edition, unit)]
        ev += [
            ctx.quote(p, pu) for lang in o.partners if (p := ctx.edition_of(lang)) and (pu := p.unit(o.unit))
        ]
        out.append(
            finding(
                "drift",
                "warning",
                o.lang,
                o.unit,
                f"{o.unit} reads unlike its {', '.join(o.partners)} counterpart (similarity {o.value:.3f}, "
                f"robust z {o.z:.1f} for this language pair)",
                ev,
                suggestion=f"compare {o.unit} sentence by sentence with its "
                f"{', '.join(o.partners)} counterpart",
                key="drift",
                z=f"{o.z:.2f}",
                similarity=f"{o.value:.4f}",
            )
        )
    return out
