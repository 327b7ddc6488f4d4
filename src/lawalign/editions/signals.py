"""Evaluate change-map signals on an edition: which WBF edition does each observable trait point to.

A :class:`~lawalign.editions.changes.Signal` is an ordered list of conditions; the first condition
that holds on the edition is its *observation*. Conditions look only at unit ids and at the
cross-references each unit cites (:func:`lawalign.structure.refs.find_refs`), so they work in every
language with a profile.

A reference that differs from a wanted one in exactly one character ("Điều 73D3" where 2007 has
70D3) counts as that reference at half weight, and the evidence says it is a probable misprint.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from lawalign.editions.changes import Condition, Signal
from lawalign.models import Edition, Unit
from lawalign.structure.refs import Ref, find_refs

log = logging.getLogger(__name__)

MISPRINT_FACTOR = 0.5
"""Weight of an observation that rests on a probable misprint of a reference."""

QUOTE_CONTEXT = 30
"""Characters of context quoted on each side of a reference."""


@dataclass(frozen=True, slots=True)
class Observation:
    """What one signal saw in one edition."""

    signal: str
    weight: float  # the signal's weight, reduced for a misprint; 0.0 when nothing was observed
    editions: tuple[str, ...]  # editions the observation supports (empty: no observation)
    known: tuple[str, ...]  # editions the signal can speak for
    says: str
    unit: str = ""
    quote: str = ""
    line: int = 0  # in a paged file (PDF), the line on ``page``
    path: str = ""
    note: str = ""  # misprint, or why nothing could be observed
    page: int | None = None

    @property
    def observed(self) -> bool:
        """True when a condition held."""
        return bool(self.editions)

    def as_dict(self) -> dict[str, object]:
        """JSON form (the ``evidence`` rows of ``lawalign fingerprint``)."""
        out: dict[str, object] = {
            "signal": self.signal,
            "id": self.unit,
            "says": self.says,
            "supports": list(self.editions),
            "weight": round(self.weight, 3),
            "quote": self.quote,
            "line": self.line,
        }
        if self.page is not None:
            out["page"] = self.page
        if self.note:
            out["note"] = self.note
        return out


def unit_refs(unit: Unit) -> list[Ref]:
    """The cross-references a unit's text cites (internal ones resolved against the unit's law)."""
    uid = unit.uid
    section = uid.section if uid is not None and uid.law == unit.law else ""
    return find_refs(unit.text, unit.lang, law=unit.law, section=section)


def _one_off(a: str, b: str) -> bool:
    """Same length, exactly one character different ("73D3" vs "70D3")."""
    return len(a) == len(b) and sum(x != y for x, y in zip(a, b, strict=True)) == 1


def _quote(unit: Unit, ref: Ref | None) -> tuple[str, int]:
    """A short quote of ``unit`` around ``ref`` (or its opening) and the raw line it stands on."""
    text = unit.text
    if ref is None:
        snippet = text[: 2 * QUOTE_CONTEXT]
        if len(text) > len(snippet) and " " in snippet:
            snippet = snippet[: snippet.rindex(" ")]  # end on a word boundary
        snippet = snippet.rstrip()
        return (snippet + ("…" if len(text) > len(snippet) else ""), unit.source.line_start)
    start = max(0, ref.start - QUOTE_CONTEXT)
    end = min(len(text), ref.end + QUOTE_CONTEXT)
    # widen to word boundaries so no word is cut in half
    while start > 0 and not text[start - 1].isspace():
        start -= 1
    while end < len(text) and not text[end].isspace():
        end += 1
    snippet = text[start:end].strip()
    prefix = "…" if start > 0 else ""
    suffix = "…" if end < len(text) else ""
    line = unit.source.line_start + text[: ref.start].count("\n")
    return (prefix + snippet + suffix, line)


@dataclass(frozen=True, slots=True)
class _Match:
    ref: Ref | None
    misprint: str = ""  # "73D3 for 70D3"


def _holds(
    cond: Condition, edition: Edition, refs_of: dict[str, list[Ref]], wanted: set[str]
) -> _Match | None:
    ids = {u.id for u in edition.law_units}
    if any(r not in ids for r in cond.requires) or any(a in ids for a in cond.absent):
        return None
    unit = edition.unit(cond.unit)
    if unit is None or unit.kind == "debris":
        return None if cond.present else _Match(None)
    if not cond.present:
        return None
    refs = refs_of.setdefault(unit.id, unit_refs(unit))
    targets = {r.target: r for r in refs}
    first: Ref | None = None
    misprint = ""
    for want in cond.cites:
        if want in targets:
            first = first or targets[want]
            continue
        near = [r for r in refs if r.target not in wanted and _one_off(r.target, want)]
        if not near:
            return None
        first = first or near[0]
        misprint = f"{near[0].target} for {want}"
    if cond.lacks:
        if not all(c in targets for c in cond.context_refs):
            return None
        for lack in cond.lacks:
            if lack in targets or any(r.target not in wanted and _one_off(r.target, lack) for r in refs):
                return None
    return _Match(first, misprint)


def observe(signal: Signal, edition: Edition) -> Observation:
    """Evaluate one signal on an edition: the first condition that holds, or no observation."""
    refs_of: dict[str, list[Ref]] = {}
    wanted = {c for cond in signal.when for c in (*cond.cites, *cond.lacks, *cond.context_refs)}
    for cond in signal.when:
        match = _holds(cond, edition, refs_of, wanted)
        if match is None:
            continue
        unit = edition.unit(cond.unit)
        quote, line = _quote(unit, match.ref) if unit is not None else ("", 0)
        weight = signal.weight * (MISPRINT_FACTOR if match.misprint else 1.0)
        note = f"probable misprint: {match.misprint}" if match.misprint else ""
        return Observation(
            signal=signal.name,
            weight=weight,
            editions=cond.editions,
            known=signal.editions,
            says=cond.says,
            unit=cond.unit,
            quote=quote,
            line=line,
            path=edition.path,
            note=note,
            page=unit.source.page if unit is not None else None,
        )
    units = sorted({c.unit for c in signal.when})
    present = [u for u in units if edition.unit(u) is not None]
    why = (
        f"{', '.join(present)} present but shows none of the traits"
        if present
        else f"the edition lacks {', '.join(units)}"
    )
    return Observation(
        signal=signal.name,
        weight=0.0,
        editions=(),
        known=signal.editions,
        says="",
        unit=signal.unit,
        note=why,
    )
