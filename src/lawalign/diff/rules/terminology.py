"""Terminology: renderings the language's termbase lists as ones to avoid (one finding per concept).

The termbase (``lawalign/data/termbase/<lang>.toml``) lists for each concept (claim, concession,
trick, Director, declarer, defender, dummy, penalty card, unauthorized information, …) the accepted
renderings and the ones to avoid; an edition using an avoided one gets one finding per concept listing
every unit where it does.
"""

from __future__ import annotations

from lawalign.diff.context import DiffContext
from lawalign.diff.findings import finding
from lawalign.diff.termbase import find_terms
from lawalign.models import Evidence, Finding, UnitId


def rule(ctx: DiffContext) -> list[Finding]:
    """Avoided renderings per edition and concept."""
    out: list[Finding] = []
    for edition in ctx.editions:
        tb = ctx.termbase(edition.lang)
        hits: dict[str, list[tuple[UnitId, Evidence, str]]] = {}
        for unit in edition.law_units:
            for h in find_terms(unit.text, edition.lang, tb):
                if h.avoided:
                    ev = ctx.quote_sentence(edition, unit, h.start)
                    hits.setdefault(h.concept, []).append((unit.unit_id, ev, unit.text[h.start : h.end]))
        for concept, found in sorted(hits.items()):
            c = tb.concept(concept)
            accepted = " / ".join(c.terms) if c is not None else ""
            units = list(dict.fromkeys(u for u, _, _ in found))
            used = ", ".join(sorted({s for _, _, s in found}))
            out.append(
                finding(
                    "terminology",
                    "warning",
                    edition.lang,
                    units[0],
                    f"“{used}” renders {concept.replace('-', ' ')} in {', '.join(units)}; "
                    f"the termbase has “{accepted}”",
                    [ev for _, ev, _ in found],
                    suggestion=f"use “{c.terms[0]}”" if c is not None else "use the termbase's rendering",
                    key=concept,
                    units=",".join(units),
                )
            )
    return out
