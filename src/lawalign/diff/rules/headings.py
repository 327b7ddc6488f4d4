"""Missing section headings: ONE finding per edition listing every section heading it lacks.

Why one per edition rather than one per unit: a translation that drops section headings does so
throughout (the Vietnamese seed keeps only two of eleven); a translator fixes that in one pass and
wants one list, not eleven findings that bury the few that matter. ``detail["units"]`` lists them.
"""

from __future__ import annotations

from lawalign.diff.context import DiffContext
from lawalign.diff.findings import finding
from lawalign.models import Edition, Finding, UnitId


def _section(heading_id: str) -> str:
    """The section a heading id heads ("68B.title" → "68B"; an extra heading "68B.x1" names itself)."""
    uid = UnitId.maybe(heading_id)
    return uid.section_id if uid is not None and uid.is_title else heading_id


def _expected_headings(ctx: DiffContext, law: str) -> list[str]:
    ids: list[str] = []
    ids.extend(s.id for s in ctx.skeleton_law_units(law) if s.role == "heading")
    for e in ctx.editions:
        ids.extend(u.id for u in ctx.units_of_law(e, law) if u.role == "heading" and u.id not in ids)
    return ids


def _has_section(ctx: DiffContext, edition: Edition, section_id: str) -> bool:
    """Whether the edition has any body text of a section ("68B" → 68B, 68B1, 69B.wrap…)."""
    return ctx.section_body(edition, section_id) is not None


def rule(ctx: DiffContext) -> list[Finding]:
    """One finding per edition that lacks section headings others (or the skeleton) have."""
    out: list[Finding] = []
    for edition in ctx.editions:
        lacking = [
            hid
            for law in ctx.laws_of(edition)
            for hid in _expected_headings(ctx, law)
            if edition.unit(hid) is None and _has_section(ctx, edition, _section(hid))
        ]
        if not lacking:
            continue
        have = [u.id for u in edition.law_units if u.role == "heading"]
        # Evidence: where each heading should stand (the first text of its section), then the others'.
        ev = []
        for hid in lacking:
            first = ctx.section_body(edition, _section(hid))
            if first is not None:
                ev.append(ctx.quote(edition, first))
        ev = ev or [ctx.location(edition)]
        for other in ctx.editions:
            if other is not edition:
                u = other.unit(lacking[0])
                if u is not None:
                    ev.append(ctx.quote(other, u))
        out.append(
            finding(
                "missing-heading",
                "warning",
                edition.lang,
                None,
                f"{len(lacking)} section heading{'s' if len(lacking) > 1 else ''} missing: "
                + ", ".join(_section(h) for h in lacking)
                + (f" (present: {', '.join(_section(h) for h in have)})" if have else ""),
                ev,
                suggestion="add the section letters and headings",
                key="headings",
                units=",".join(lacking),
            )
        )
    return out
