"""Update plans: what a federation must revisit in its translation to follow a newer WBF edition.

:func:`plan_update` walks the change maps from the edition the translation follows to the target
edition (2007 -> 2017, or 2007 -> 2017 -> 2027 when a later map exists), keeps only the laws the
translation contains, and sorts every unit of the source skeleton into

* ``items``: changed units (present or not), each with the kind of change, the concrete change,
  the new ids, and what the translation's own content says (it cites Law 16D, it has a 70D3, ...);
* ``keep``: units the translation has that need no change;
* ``missing``: units of the source skeleton the translation lacks;
* ``extra``: units of the translation the source skeleton does not know.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from lawalign.editions.changes import Change, ChangeMap, change_path, skeleton_for
from lawalign.editions.signals import observe
from lawalign.errors import ConfigError
from lawalign.models import UNKNOWN_EDITION, Edition, UnitId, at_line

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class PlanItem:
    """One unit to revisit."""

    unit: str
    change: str  # a change type; for a chain of maps the types joined by ", then "
    reason: str  # the concrete change, in plain English
    to: tuple[str, ...]  # ids carrying the content in the target edition
    present: bool  # the translation has this unit
    law: str
    text: str = ""  # the translation's text of the unit (when present)
    line: int = 0  # in a paged file (PDF), the line on ``page``
    state: str = "pending"  # pending | needed (content confirms the old wording) | done (already new)
    notes: tuple[str, ...] = ()  # what the translation's own content says
    page: int | None = None

    @property
    def where(self) -> str:
        """``line 17``, or ``page 2, line 17`` in a paged file."""
        return at_line(self.line, self.page)

    def as_dict(self) -> dict[str, object]:
        """JSON form (one row of ``items`` in ``lawalign update-plan --format json``)."""
        out: dict[str, object] = {
            "id": self.unit,
            "change": self.change,
            "reason": self.reason,
            "to": list(self.to),
            "present": self.present,
            "law": self.law,
            "state": self.state,
        }
        if self.present:
            out["text"] = self.text
            out["line"] = self.line
            if self.page is not None:
                out["page"] = self.page
        if self.notes:
            out["notes"] = list(self.notes)
        return out


@dataclass(frozen=True, slots=True)
class UpdatePlan:
    """The result of :func:`plan_update`."""

    name: str
    lang: str
    path: str
    source: str  # WBF edition the translation follows
    target: str  # WBF edition to update to
    laws: tuple[str, ...]
    items: tuple[PlanItem, ...]
    keep: tuple[str, ...]
    missing: tuple[str, ...]
    extra: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, object]:
        """JSON form of ``lawalign update-plan --format json``."""
        return {
            "name": self.name,
            "lang": self.lang,
            "path": self.path,
            "from": self.source,
            "to": self.target,
            "laws": list(self.laws),
            "items": [i.as_dict() for i in self.items],
            "keep": list(self.keep),
            "missing": list(self.missing),
            "extra": list(self.extra),
        }


def _edition_laws(edition: Edition) -> tuple[str, ...]:
    laws = edition.laws or tuple(dict.fromkeys(u.law for u in edition.law_units if u.law))
    return tuple(sorted(laws, key=lambda x: (len(x), x)))


def _law_of(unit_id: str) -> str:
    uid = UnitId.maybe(unit_id)
    return uid.law if uid is not None else ""


def _follow(
    unit_id: str, maps: tuple[ChangeMap, ...]
) -> tuple[list[tuple[ChangeMap, Change]], tuple[str, ...]]:
    """The changes a unit goes through along ``maps`` and the ids it ends up as."""
    steps: list[tuple[ChangeMap, Change]] = []
    current: tuple[str, ...] = (unit_id,)
    for cmap in maps:
        nxt: list[str] = []
        for cid in current:
            change = cmap.change(cid)
            if change is None:
                nxt.append(cid)
            else:
                steps.append((cmap, change))
                nxt.extend(change.to)
        current = tuple(dict.fromkeys(nxt))
    return steps, current


def _describe(steps: list[tuple[ChangeMap, Change]]) -> tuple[str, str]:
    if len(steps) == 1:
        return steps[0][1].change, steps[0][1].detail
    kinds = ", then ".join(dict.fromkeys(c.change for _, c in steps))
    reason = "; then ".join(f"{m.source}->{m.target} ({c.unit}): {c.detail}" for m, c in steps)
    return kinds, reason


def _content_notes(
    steps: list[tuple[ChangeMap, Change]], edition: Edition, source: str, target: str
) -> tuple[str, tuple[str, ...]]:
    """What the translation's content says about the change: ``(state, notes)``."""
    state = "pending"
    notes: list[str] = []
    for _, change in steps:
        for sig in change.signals:
            obs = observe(sig, edition)
            if not obs.observed:
                continue
            at = at_line(obs.line, obs.page)
            where = f"“{obs.quote}”, {at}" if obs.quote else at
            extra = f"; {obs.note}" if obs.note else ""
            if source in obs.editions and target not in obs.editions:
                notes.append(f"as in {source}: {obs.says} ({where}{extra}): change needed")
                state = "needed"
            elif target in obs.editions and source not in obs.editions:
                notes.append(f"already as in {target}: {obs.says} ({where}{extra})")
                if state == "pending":
                    state = "done"
    return state, tuple(notes)


def plan_update(
    edition: Edition,
    target: str = "2017",
    *,
    source: str | None = None,
    data_dir: Path | None = None,
) -> UpdatePlan:
    """Plan the update of a translation from the WBF edition it follows to ``target``.

    Args:
        edition: the segmented translation.
        target: the WBF edition to update to ("2017").
        source: the WBF edition the translation follows; default ``edition.source_edition``.
        data_dir: an extra data folder (``skeletons/``, ``changes/``) searched before the bundled one.

    Returns:
        The plan: changed units to revisit, units to keep, units missing, unknown units.

    Raises:
        ConfigError: no skeleton or no chain of complete change maps between the two editions.
    """
    src = source or edition.source_edition
    if src == UNKNOWN_EDITION:
        raise ConfigError(
            f"{edition.name} follows an edition the tool does not know (its printed structure contradicts "
            "every known skeleton): there is nothing to plan from; give --from EDITION to plan it as one"
        )
    maps = change_path(src, target, data_dir)
    partial = [f"{m.source}->{m.target}" for m in maps if m.partial]
    if partial:
        raise ConfigError(f"the change map {', '.join(partial)} is partial: it cannot drive an update plan")
    skeleton = skeleton_for(src, data_dir)
    laws = _edition_laws(edition)
    present = {u.id: u for u in edition.law_units}
    items: list[PlanItem] = []
    keep: list[str] = []
    missing: list[str] = []
    for sk in skeleton.units:
        if sk.law not in laws:
            continue
        unit = present.get(sk.id)
        if unit is None:
            missing.append(sk.id)
        steps, final = _follow(sk.id, maps)
        if not steps:
            if unit is not None:
                keep.append(sk.id)
            continue
        kind, reason = _describe(steps)
        state, notes = _content_notes(steps, edition, src, target)
        items.append(
            PlanItem(
                unit=sk.id,
                change=kind,
                reason=reason,
                to=final,
                present=unit is not None,
                law=sk.law,
                text=unit.text if unit is not None else "",
                line=unit.source.line_start if unit is not None else 0,
                state=state,
                notes=notes,
                page=unit.source.page if unit is not None else None,
            )
        )
    # units a later edition adds outright, for the laws the translation contains
    for cmap in maps:
        for change in cmap.changes:
            if change.change == "added" and _law_of(change.unit) in laws:
                items.append(
                    PlanItem(
                        unit=change.unit,
                        change="added",
                        reason=change.detail,
                        to=change.to or (change.unit,),
                        present=change.unit in present,
                        law=_law_of(change.unit),
                    )
                )
    known = set(skeleton.ids)
    extra = tuple(uid for uid in present if uid not in known)
    log.debug(
        "plan %s %s->%s: %d items, %d keep, %d missing",
        edition.name,
        src,
        target,
        len(items),
        len(keep),
        len(missing),
    )
    return UpdatePlan(
        name=edition.name,
        lang=edition.lang,
        path=edition.path,
        source=src,
        target=target,
        laws=laws,
        items=tuple(items),
        keep=tuple(keep),
        missing=tuple(missing),
        extra=extra,
    )
