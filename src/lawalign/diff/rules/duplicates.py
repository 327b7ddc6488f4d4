"""Duplicated text: a heading, paragraph or footnote printed twice.

Reported once per repeated unit (``unit`` is the id of the text that was repeated), from the
structure stage's ``debris`` units with ``duplicate_of`` and from law units whose texts are the same
after whitespace, case and final punctuation are set aside.
"""

from __future__ import annotations

import re

from lawalign.diff.context import DiffContext
from lawalign.diff.findings import finding
from lawalign.models import Finding, Unit, UnitId

_SPACE = re.compile(r"\s+")


def _norm(unit: Unit) -> str:
    return _SPACE.sub(" ", (unit.label + " " + unit.text).casefold()).strip().rstrip(".;:")


def rule(ctx: DiffContext) -> list[Finding]:
    """One finding per repeated unit per edition."""
    out: list[Finding] = []
    for edition in ctx.editions:
        seen: dict[str, Unit] = {}
        repeats: dict[UnitId, list[Unit]] = {}
        for unit in edition.units:
            if unit.kind == "debris" and unit.duplicate_of:
                repeats.setdefault(unit.duplicate_of, []).append(unit)
                continue
            if unit.kind == "debris" or len(unit.text.strip()) < 12:
                continue
            key = _norm(unit)
            if key in seen:
                repeats.setdefault(seen[key].unit_id, []).append(unit)
            else:
                seen[key] = unit
        for original_id, copies in repeats.items():
            original = edition.unit(original_id)
            ev = ([ctx.quote(edition, original)] if original is not None else []) + [
                ctx.quote(edition, c) for c in copies
            ]
            lines = ", ".join(str(c.source.line_start) for c in copies)
            out.append(
                finding(
                    "duplicate",
                    "warning",
                    edition.lang,
                    original_id,
                    f"{original_id} is printed {len(copies) + 1} times (repeat at line {lines})",
                    ev,
                    suggestion="delete the repeat",
                    key="repeat",
                    copies=",".join(c.id for c in copies),
                )
            )
    return out
