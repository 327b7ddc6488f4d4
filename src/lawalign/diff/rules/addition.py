"""Addition: text here that neither the other editions nor the reference structure have.

* a whole unit whose id no other edition and no skeleton has (ids like ``68.x1``);
* sentences: more sentences than the counterparts' median (or the skeleton's count when the unit
  has no counterpart); with an alignment, this unit's sentences left in 1-0 beads are quoted.
"""

from __future__ import annotations

from lawalign.diff.context import DiffContext
from lawalign.diff.findings import finding
from lawalign.diff.rules.omission import expected_sentences, unmatched_sentences
from lawalign.models import Finding


def rule(ctx: DiffContext) -> list[Finding]:
    """Units and sentences added in each edition."""
    out: list[Finding] = []
    for edition in ctx.editions:
        for unit in edition.law_units:
            if unit.role in ("law-title", "heading"):
                continue
            in_skeleton = ctx.skeleton_unit(unit.id) is not None
            others = ctx.counterparts(edition, unit.id)
            if not in_skeleton and not others and ctx.skeleton is not None and unit.role != "footnote":
                out.append(
                    finding(
                        "addition",
                        "warning",
                        edition.lang,
                        unit.id,
                        f"{unit.id} has no counterpart in the other editions nor in the reference structure",
                        [ctx.quote(edition, unit)],
                        suggestion=f"check the source of {unit.id}: delete it if it is not in the Laws",
                        key="unit",
                        grain="unit",
                    )
                )
                continue
            _, want = expected_sentences(ctx, edition, unit)
            spans = ctx.sentences(edition, unit)
            if want and len(spans) > want:
                lonely = sorted(
                    {i for idx in unmatched_sentences(ctx, edition, unit.id, "here").values() for i in idx}
                )
                quoted = [ctx.quote(edition, unit, *spans[i]) for i in lonely if i < len(spans)]
                extra = len(spans) - want
                out.append(
                    finding(
                        "addition",
                        "warning",
                        edition.lang,
                        unit.id,
                        f"{unit.id} has {len(spans)} sentences where {want} are expected ({extra} added?)",
                        quoted or [ctx.quote(edition, unit)],
                        suggestion="delete the quoted sentences unless the source edition has them",
                        key="sentences",
                        grain="sentence",
                    )
                )
    return out
