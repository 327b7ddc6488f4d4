"""Compare two editions of one translation (an old and a revised text in the same language).

Units are matched by id first, then (for units the revision relabelled or renumbered) by text
similarity; the result lists every unit that changed, was added, removed or moved, each with its
word-level differences. Debris (repeated headings, blog chrome) is not compared.

Matching, in order:

1. same id and similarity >= :data:`ID_MIN` -> the same unit (``changed`` when the text differs);
2. the remaining units, pairwise, similarity >= :data:`MOVE_MIN`, best pairs first -> ``moved``
   (the unit now stands under another id, e.g. ``71.1`` -> ``71A``, or ``70B3`` -> ``70B2`` after a
   deletion);
3. the remaining same-id pairs -> ``changed`` (rewritten);
4. the rest -> ``removed`` (old only) or ``added`` (new only).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Literal

from lawalign.editions.worddiff import WordOp, similarity, word_diff
from lawalign.errors import InputError
from lawalign.models import Edition, Unit

log = logging.getLogger(__name__)

ID_MIN = 0.5
"""Least similarity for two units with the same id to count as the same unit before re-matching."""

MOVE_MIN = 0.6
"""Least similarity for two units with different ids to count as one unit that moved."""

Status = Literal["changed", "added", "removed", "moved"]


@dataclass(frozen=True, slots=True)
class UnitChange:
    """One difference between the two editions."""

    status: Status
    old_id: str | None
    new_id: str | None
    similarity: float
    ops: tuple[WordOp, ...] = ()
    old_text: str = ""
    new_text: str = ""
    old_line: int = 0
    new_line: int = 0

    @property
    def unit(self) -> str:
        """The id to show: the new id, or the old one for a removed unit."""
        return self.new_id or self.old_id or ""

    def as_dict(self) -> dict[str, object]:
        """JSON form (one row of ``changes`` in ``lawalign compare --format json``)."""
        out: dict[str, object] = {
            "id": self.unit,
            "status": self.status,
            "old_id": self.old_id,
            "new_id": self.new_id,
            "similarity": round(self.similarity, 3),
            "old_line": self.old_line,
            "new_line": self.new_line,
        }
        if self.status in ("changed", "moved"):
            out["ops"] = [op.as_dict() for op in self.ops if op.op != "equal"]
        if self.old_text:
            out["old_text"] = self.old_text
        if self.new_text:
            out["new_text"] = self.new_text
        return out


@dataclass(frozen=True, slots=True)
class Comparison:
    """The result of :func:`compare_editions`."""

    lang: str
    old_name: str
    new_name: str
    old_path: str
    new_path: str
    changes: tuple[UnitChange, ...]
    unchanged: tuple[str, ...]  # ids (in the new edition) of units identical in both

    def count(self, status: Status) -> int:
        """How many changes have ``status``."""
        return sum(1 for c in self.changes if c.status == status)

    def as_dict(self) -> dict[str, object]:
        """JSON form of ``lawalign compare --format json``."""
        return {
            "lang": self.lang,
            "old": {"name": self.old_name, "path": self.old_path},
            "new": {"name": self.new_name, "path": self.new_path},
            "summary": {s: self.count(s) for s in ("changed", "added", "removed", "moved")}
            | {"unchanged": len(self.unchanged)},
            "changes": [c.as_dict() for c in self.changes],
            "unchanged": list(self.unchanged),
        }


def _same_text(a: str, b: str) -> bool:
    return " ".join(a.split()) == " ".join(b.split())


def _match(old: list[Unit], new: list[Unit]) -> dict[int, int]:
    """old index -> new index for units that are the same unit in both editions."""
    sims: dict[tuple[int, int], float] = {}

    def sim(i: int, j: int) -> float:
        if (i, j) not in sims:
            sims[(i, j)] = similarity(old[i].text, new[j].text)
        return sims[(i, j)]

    new_by_id = {u.id: j for j, u in enumerate(new)}
    pairs: dict[int, int] = {}
    for i, u in enumerate(old):
        j = new_by_id.get(u.id)
        if j is not None and sim(i, j) >= ID_MIN:
            pairs[i] = j
    left_old = [i for i in range(len(old)) if i not in pairs]
    taken = set(pairs.values())
    left_new = [j for j in range(len(new)) if j not in taken]
    candidates = sorted(
        (
            (-sim(i, j), i, j)
            for i in left_old
            for j in left_new
            if old[i].kind == new[j].kind and sim(i, j) >= MOVE_MIN
        ),
    )
    for _, i, j in candidates:
        if i in pairs or j in taken:
            continue
        pairs[i] = j
        taken.add(j)
    for i, u in enumerate(old):  # rewritten beyond recognition but still under its id
        j = new_by_id.get(u.id)
        if i not in pairs and j is not None and j not in taken:
            pairs[i] = j
            taken.add(j)
    return pairs


def compare_editions(old: Edition, new: Edition) -> Comparison:
    """Every difference between an old and a new edition of one translation.

    Args:
        old: the earlier edition.
        new: the revised edition (same language).

    Returns:
        The changes in reading order of the new edition (removed units where they stood).

    Raises:
        InputError: the two editions are in different languages.
    """
    if old.lang != new.lang:
        raise InputError(
            new.path, f"compare needs two editions of one language; got {old.lang} and {new.lang}"
        )
    a, b = list(old.law_units), list(new.law_units)
    pairs = _match(a, b)
    by_new = {j: i for i, j in pairs.items()}
    changes: list[UnitChange] = []
    unchanged: list[str] = []
    emitted: set[int] = set()

    def flush_removed(upto: int) -> None:
        for i in range(upto):
            if i not in pairs and i not in emitted:
                emitted.add(i)
                u = a[i]
                changes.append(
                    UnitChange("removed", u.id, None, 0.0, old_text=u.text, old_line=u.source.line_start)
                )

    for j, nu in enumerate(b):
        i = by_new.get(j)
        if i is None:
            changes.append(
                UnitChange("added", None, nu.id, 0.0, new_text=nu.text, new_line=nu.source.line_start)
            )
            continue
        flush_removed(i)
        emitted.add(i)
        ou = a[i]
        same = _same_text(ou.text, nu.text)
        if same and ou.id == nu.id:
            unchanged.append(nu.id)
            continue
        changes.append(
            UnitChange(
                status="moved" if ou.id != nu.id else "changed",
                old_id=ou.id,
                new_id=nu.id,
                similarity=similarity(ou.text, nu.text),
                ops=word_diff(ou.text, nu.text),
                old_text=ou.text,
                new_text=nu.text,
                old_line=ou.source.line_start,
                new_line=nu.source.line_start,
            )
        )
    flush_removed(len(a))
    log.debug("compare %s -> %s: %d changes, %d unchanged", old.name, new.name, len(changes), len(unchanged))
    return Comparison(
        lang=new.lang,
        old_name=old.name,
        new_name=new.name,
        old_path=old.path,
        new_path=new.path,
        changes=tuple(changes),
        unchanged=tuple(unchanged),
    )
