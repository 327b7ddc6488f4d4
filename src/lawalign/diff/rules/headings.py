"""Missing section headings: ONE finding per edition listing every section heading it lacks.

Why one per edition rather than one per unit: a translation that drops section headings does so
throughout (the Vietnamese seed keeps only two of eleven); a translator fixes that in one pass and
wants one list, not eleven findings that bury the few that matter. ``detail["units"]`` lists them.
"""

from __future__ import annotations

from lawalign.diff.context import DiffContext
from lawalign.diff.findings import finding
from lawalign.models import Edition, Finding


def _expected_headings(ctx: DiffContext, law: str) -> list[str]:
    ids: list[str] = []
    if ctx.skeleton is not None:
        ids.extend(s.id for s in ctx.skeleton.law_units(law) if s.role == "heading")
    for e in ctx.editions:
        ids.extend(u.id for u in e.law_units if u.law == law and u.role == "heading" and u.id not in ids)
    return ids


def _has_section_id(unit_id: str, section_id: str) -> bool:
    """Whether ``unit_id`` is in section ``section_id`` ("68B1", "69B.wrap" in "68B"/"69B")."""
    if not unit_id.startswith(section_id):
        return False
    rest = unit_id[len(section_id) :]
    return not rest or rest[0].isdigit() or rest.startswith(".")


def _has_section(edition: Edition, section_id: str) -> bool:
    """Whether the edition has any body text of a section ("68B" → 68B, 68B1, 69B.wrap…)."""
    return any(
        u.role not in ("heading", "law-title", "footnote") and _has_section_id(u.id, section_id)
        for u in edition.law_units
    )


def rule(ctx: DiffContext) -> list[Finding]:
    """One finding per edition that lacks section headings others (or the skeleton) have."""
    out: list[Finding] = []
    for edition in ctx.editions:
        lacking = [
            hid
            for law in ctx.laws_of(edition)
            for hid in _expected_headings(ctx, law)
            if edition.unit(hid) is None and _has_section(edition, hid.removesuffix(".title"))
        ]
        if not lacking:
            continue
        have = [u.id for u in edition.law_units if u.role == "heading"]
        # Evidence: where each heading should stand (the first text of its section), then the others'.
        ev = []
        for hid in lacking:
            sec = hid.removesuffix(".title")
            first = next(
                (
                    u
                    for u in edition.law_units
                    if u.role not in ("heading", "law-title", "footnote")
                    and u.id.startswith(sec)
                    and _has_section_id(u.id, sec)
                ),
                None,
            )
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
                "",
                f"{len(lacking)} section heading{'s' if len(lacking) > 1 else ''} missing: "
                + ", ".join(h.removesuffix(".title") for h in lacking)
                + (f" (present: {', '.join(h.removesuffix('.title') for h in have)})" if have else ""),
                ev,
                suggestion="add the section letters and headings",
                key="headings",
                units=",".join(lacking),
            )
        )
    return out
