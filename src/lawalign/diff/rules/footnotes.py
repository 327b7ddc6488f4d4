"""Footnote problems: missing, orphaned, or a marker in the text with no note.

* orphaned: a footnote whose marker stands nowhere in the text (``Unit.anchor is None``);
* marker without note: a unit printing a footnote marker that is tied to no footnote;
* missing: a footnote the other editions (or the skeleton) have, absent here in a law it contains.

Duplicated footnotes are reported by the ``duplicate`` rule.
"""

from __future__ import annotations

from lawalign.diff.context import DiffContext
from lawalign.diff.findings import finding
from lawalign.models import Finding, UnitId


def rule(ctx: DiffContext) -> list[Finding]:
    """Footnote findings of every edition."""
    out: list[Finding] = []
    for edition in ctx.editions:
        # a page cut inside a law also cut the footnotes printed after the law's last clause
        stop = ctx.truncation(edition)[0]
        cut_law = stop.law if stop is not None and ctx.cut(edition) else ""
        for unit in edition.law_units:
            if unit.kind == "footnote" and unit.anchor is None:
                expected = ""
                if ctx.skeleton is not None:
                    expected = next((s.id for s in ctx.skeleton.units if unit.id in s.footnotes), "")
                why = ""
                if expected and edition.unit(expected) is None:
                    why = f" (its anchor, {expected}, is missing from this edition)"
                elif expected:
                    why = f" (the reference structure anchors it in {expected})"
                out.append(
                    finding(
                        "footnote",
                        "warning",
                        edition.lang,
                        unit.id,
                        f"footnote {unit.id} is orphaned: no marker in the text points to it{why}",
                        [ctx.quote(edition, unit)],
                        suggestion=f"restore the marker in {expected}"
                        if expected
                        else "put its marker where the footnote belongs",
                        key="orphaned",
                        problem="orphaned",
                    )
                )
            if unit.kind != "footnote" and unit.markers and not unit.footnotes and unit.law != cut_law:
                out.append(
                    finding(
                        "footnote",
                        "error",
                        edition.lang,
                        unit.id,
                        f"{unit.id} prints the footnote marker {unit.markers[0]} but no footnote follows",
                        [ctx.quote(edition, unit)],
                        suggestion=f"add the footnote of {unit.markers[0]} or remove the marker",
                        key="marker-without-note",
                        problem="marker-without-note",
                    )
                )
        present = {u.id for u in edition.law_units if u.kind == "footnote"}
        for law in ctx.laws_of(edition):
            if law == cut_law:
                continue
            wanted: dict[UnitId, list[str]] = {}
            for other in ctx.editions:
                if other is not edition:
                    for u in ctx.units_of_law(other, law):
                        if u.kind == "footnote":
                            wanted.setdefault(u.unit_id, []).append(other.lang)
            if ctx.skeleton is not None:
                for s in ctx.skeleton_law_units(law):
                    if s.role == "footnote":
                        wanted.setdefault(s.id, []).append("reference structure")
            for fid, who in sorted(wanted.items()):
                if fid in present:
                    continue
                ev = [
                    ctx.quote(o, fu)
                    for o in ctx.editions
                    if o is not edition and (fu := o.unit(fid)) is not None
                ]
                out.append(
                    finding(
                        "footnote",
                        "error",
                        edition.lang,
                        fid,
                        f"footnote {fid} is missing; {', '.join(who)} ha{'ve' if len(who) > 1 else 's'} it",
                        ev or [ctx.location(edition)],
                        suggestion=f"translate footnote {fid} and put its marker in the text",
                        key="missing",
                        problem="missing",
                    )
                )
    return out
