"""Garbled references: ids that text extraction ran together, read by a guess that must be checked.

Link text copied from a web page or a PDF can lose the space or the conjunction between two cited
laws: "przepisy 1657A" is Laws 16 and 57A. The reference reader splits such digits where exactly one
split gives two law numbers of the book (:func:`lawalign.structure.refs.split_glued`), so the
cross-reference rule compares the right laws; this rule reports each such reading once per unit, as a
warning, with the reading as the suggestion, so it is never resolved silently.
"""

from __future__ import annotations

from lawalign.diff.context import DiffContext
from lawalign.diff.findings import finding, join_ids
from lawalign.models import Finding


def rule(ctx: DiffContext) -> list[Finding]:
    """One finding per unit per glued reference."""
    out: list[Finding] = []
    for edition in ctx.editions:
        for unit in edition.law_units:
            groups: list[tuple[str, int, int, list[str]]] = []  # (printed, start, end, targets)
            for ref in ctx.refs(edition, unit):
                if not ref.garbled:
                    continue
                if groups and groups[-1][0] == ref.garbled and groups[-1][2] == ref.start:
                    printed, start, _, targets = groups[-1]
                    groups[-1] = (printed, start, ref.end, [*targets, ref.target])
                else:
                    groups.append((ref.garbled, ref.start, ref.end, [ref.target]))
            for printed, start, end, targets in groups:
                laws = join_ids(targets)
                out.append(
                    finding(
                        "garbled-reference",
                        "warning",
                        edition.lang,
                        unit.id,
                        f"“{printed}” runs cited ids together (garbled when the text was copied); "
                        f"read as Laws {laws}",
                        [ctx.quote(edition, unit, start, end)],
                        suggestion=f"check the printed reference; it most likely cites Laws {laws}",
                        key=printed,
                        targets=",".join(targets),
                    )
                )
    return out
