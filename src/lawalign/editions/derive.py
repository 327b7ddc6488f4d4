"""Derive the data files of a new edition from its text: the skeleton, and the change map from the last one.

A new edition of the Laws (2027) arrives as a book. :func:`derive_skeleton` reads a text of it that
prints its labels (the English original, or a labelled translation), with every law keeping the ids
its printed labels give (it is segmented against no skeleton), and writes the skeleton data file:
laws, sections, points, headings as printed, sentence counts, footnotes with the unit carrying each
marker, cross-references (internal ones resolved), lettered parts ``(a)``/``(b)`` inside a point.

:func:`derive_changes` compares the texts of two editions unit by unit and writes the change map:

* a unit of both editions whose words differ is ``heading-changed`` (a heading),
  ``reference-changed`` (its cross-references differ), ``sentence-added`` / ``sentence-removed``
  (its sentence count differs), ``clause-removed`` (words only taken out) or ``wording-changed``,
  the word diff in ``detail``;
* a section that gains points is ``split`` into itself and its points (68D → 68D, 68D1, 68D2);
* an old unit whose id is gone is ``renumbered`` to the new unit with the same words (71.1 → 71A,
  word similarity ≥ :data:`RENUMBERED`), ``moved`` to a new unit like it (similarity ≥
  :data:`lawalign.editions.compare.MOVED`), ``content-moved`` into the unit holding most of its words
  (≥ :data:`CONTAINED` of them: 68.fn1 → 68.intro), ``merged`` when another old unit went there too,
  else ``removed``;
* a new unit nothing leads to is ``added``.

Both files are written in the format the tool validates on load (the output is loaded back before
it is written), so ``--data DIR`` with ``skeletons/<new>.toml`` and ``changes/<old>-<new>.toml`` makes
``update-plan``, ``fingerprint``, ``update-package`` and ``diff`` work for that edition. Signals (how
to tell a translation's edition from its content) are knowledge a person adds; none is derived.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from lawalign.editions.worddiff import render_text, similarity, tokenize, word_diff
from lawalign.models import Edition, Unit, UnitId

RENUMBERED = 0.9
"""Word similarity at or above which a unit under a new id is the same text renumbered."""
MOVED = 0.6
"""Word similarity at or above which a unit under a new id is the old one moved (as ``compare``)."""
CONTAINED = 0.5
"""Share of an old unit's words found in one new unit for its content to have moved there."""

_PART = re.compile(r"\(([a-z])\)")
_SUFFIXES = ("title", "intro", "wrap")


@dataclass(frozen=True, slots=True)
class DerivedUnit:
    """One unit of a derived skeleton."""

    id: str
    role: str
    law: str
    sentences: int
    refs: tuple[str, ...] = ()
    footnotes: tuple[str, ...] = ()
    heading: str = ""
    parts: tuple[str, ...] = ()
    text: str = ""  # the unit's text (kept for the change map; never written to the skeleton)


def _toml_str(text: str) -> str:
    r"""A TOML basic string.

    >>> _toml_str('He said "no"\\')
    '"He said \\"no\\"\\\\"'
    """
    out = text.replace("\\", "\\\\").replace('"', '\\"')
    out = "".join(c if c >= " " or c == "\t" else f"\\u{ord(c):04x}" for c in out)
    return f'"{out}"'


def _toml_list(items: Sequence[str]) -> str:
    return "[" + ", ".join(_toml_str(i) for i in items) + "]"


def _roles(units: list[Unit]) -> dict[str, str]:
    """Role of each unit; a section followed by points of its own is their chapeau, and a section
    text after them is the wrap."""
    roles: dict[str, str] = {u.id: u.role for u in units}
    for k, unit in enumerate(units):
        uid = unit.uid
        if uid is None or unit.role != "section" or uid.point or uid.suffix:
            continue
        later = [u.uid for u in units[k + 1 :]]
        if any(v is not None and v.law == uid.law and v.section == uid.section and v.point for v in later):
            roles[unit.id] = "chapeau"
    return roles


def _wraps(units: list[Unit]) -> list[Unit]:
    """Text after a law's last item as the law's wrap (``71.wrap``): a unit read as ``71.x1`` (no
    place under points straight under the law) or ``71B.wrap`` (a section without points of its own,
    which is an item of the law's list)."""
    ids = {u.id for u in units}
    out = []
    for unit in units:
        uid = unit.uid
        if uid is not None and unit.kind == "text":
            law_wrap = UnitId.of(uid.law, suffix="wrap")
            stray = uid.suffix.startswith("x") and not uid.section
            item_wrap = (
                uid.suffix == "wrap"
                and uid.section
                and not uid.point
                and not any(
                    i.startswith(f"{uid.law}{uid.section}") and i[len(uid.law) + 1 :][:1].isdigit()
                    for i in ids
                )
            )
            if (stray or item_wrap) and law_wrap not in ids:
                unit = replace(unit, id=law_wrap, role="wrap")
                ids.add(law_wrap)
        out.append(unit)
    return out


def units_of(edition: Edition, split: dict[str, int] | None = None) -> list[DerivedUnit]:
    """The derived units of a segmented text (ids as printed), in reading order.

    Args:
        edition: the text, segmented against no skeleton (every id from its printed labels).
        split: sentence count per unit id (default: counted by the sentence splitter).
    """
    from lawalign.structure.refs import find_refs

    printed = [u for u in edition.law_units if u.uid is not None]
    units = _wraps(printed)
    counts = {new.id: (split or {}).get(old.id, 0) for old, new in zip(printed, units, strict=True)}
    roles = _roles(units)
    out: list[DerivedUnit] = []
    seen: set[str] = set()
    for unit in units:
        if unit.id in seen:
            continue  # a repeated heading: the first stands
        seen.add(unit.id)
        uid = unit.uid
        assert uid is not None
        refs: list[str] = []
        if unit.kind != "title":
            for ref in find_refs(unit.text, edition.lang, law=uid.law, section=uid.section):
                if ref.target and ref.target != unit.id and ref.target not in refs:
                    refs.append(ref.target)
        heading = (unit.heading or unit.text).strip() if unit.kind == "title" else ""
        count = counts.get(unit.id, 0) if unit.kind != "title" else 0
        parts = tuple(dict.fromkeys(_PART.findall(unit.text))) if roles[unit.id] == "point" else ()
        out.append(
            DerivedUnit(
                id=unit.id,
                role=roles[unit.id],
                law=uid.law,
                sentences=count,
                refs=tuple(refs),
                footnotes=tuple(f for f in unit.footnotes if f),
                heading=heading,
                parts=parts if len(parts) > 1 else (),
                text=heading or unit.text.strip(),
            )
        )
    return out


def skeleton_toml(units: Sequence[DerivedUnit], edition: str, *, date: str = "", source: str = "") -> str:
    """The skeleton data file of ``units`` (the format :func:`lawalign.structure.skeleton.load_skeleton`
    reads)."""
    laws = list(dict.fromkeys(u.law for u in units))
    lines = [
        f"# Reference skeleton of the {edition} edition, derived by `lawalign skeleton`"
        f" from {source or 'a text'}",
        "# (structure facts only, no law text). Check it against the book before relying on it.",
        "",
        f"edition = {_toml_str(edition)}",
        f"date = {_toml_str(date or f'{edition}-01-01')}",
        f"title = {_toml_str('Laws of Duplicate Bridge')}",
        f"laws = {_toml_list(laws)}",
        f"inferable = {_toml_list(laws)}",
    ]
    for unit in units:
        lines += ["", "[[unit]]", f"id = {_toml_str(unit.id)}", f"role = {_toml_str(unit.role)}"]
        if unit.heading:
            lines.append(f"heading = {_toml_str(unit.heading)}")
        if unit.sentences:
            lines.append(f"sentences = {unit.sentences}")
        if unit.refs:
            lines.append(f"refs = {_toml_list(unit.refs)}")
        if unit.footnotes:
            lines.append(f"footnotes = {_toml_list(unit.footnotes)}")
        if unit.parts:
            lines.append(f"parts = {_toml_list(unit.parts)}")
    return "\n".join(lines) + "\n"


# -- change maps -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DerivedChange:
    """One entry of a derived change map."""

    unit: str
    change: str
    to: tuple[str, ...]
    detail: str


def contained(part: str, whole: str) -> float:
    """Share of the words of ``part`` found, in order, in ``whole``.

    >>> contained("play proceeds; Laws 16 and 57A apply", "So play proceeds; but Laws 16 and 57A apply.")
    1.0
    """
    a = [t.lower() for t, _ in tokenize(part)[1]]
    b = [t.lower() for t, _ in tokenize(whole)[1]]
    if not a:
        return 0.0
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    return sum(block.size for block in matcher.get_matching_blocks()) / len(a)


def _norm(text: str) -> str:
    return " ".join(text.split())


def _short(text: str, limit: int = 240) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _in_place(old: DerivedUnit, new: DerivedUnit) -> DerivedChange | None:
    if _norm(old.text) == _norm(new.text):
        return None
    diff = render_text(word_diff(_norm(old.text), _norm(new.text)))
    ops = word_diff(_norm(old.text), _norm(new.text))
    if old.role in ("heading", "law-title"):
        kind = "heading-changed"
        detail = f"heading '{old.text}' becomes '{new.text}'"
    elif set(old.refs) != set(new.refs):
        kind = "reference-changed"
        gone = [r for r in old.refs if r not in new.refs]
        came = [r for r in new.refs if r not in old.refs]
        detail = f"references {', '.join(gone) or '-'} become {', '.join(came) or '-'}; words: {_short(diff)}"
    elif new.sentences > old.sentences:
        kind, detail = "sentence-added", f"{old.sentences} → {new.sentences} sentences; words: {_short(diff)}"
    elif new.sentences < old.sentences:
        kind, detail = (
            "sentence-removed",
            f"{old.sentences} → {new.sentences} sentences; words: {_short(diff)}",
        )
    elif all(op.op in ("equal", "delete") for op in ops):
        taken = "; ".join(f"'{_norm(op.old)}'" for op in ops if op.op == "delete")
        kind, detail = "clause-removed", f"words taken out: {_short(taken)}"
    else:
        kind, detail = "wording-changed", f"words: {_short(diff)}"
    return DerivedChange(old.id, kind, (new.id,), detail)


def derive_changes(
    old: Sequence[DerivedUnit], new: Sequence[DerivedUnit], *, old_known: Sequence[str] = ()
) -> list[DerivedChange]:
    """The change map from the units of the old edition to those of the new one (old reading order;
    added units after, in new reading order).

    Only what both texts cover is compared, so an extract gives a correct partial map: ``old_known``
    are the ids of the old edition's skeleton (when known): a new unit with one of those ids that the
    old text lacks is not "added"; an old unit is judged gone only when the new text prints its
    section (for a unit directly under a law, its law).
    """
    old_by = {u.id: u for u in old}
    new_by = {u.id: u for u in new}
    known = set(old_known)
    # new ids nothing has claimed yet (ids the old edition has but its text lacks are not compared)
    fresh = [u.id for u in new if u.id not in old_by and u.id not in known]
    printed_sections = {(v.law, v.section) for u in new if (v := UnitId.maybe(u.id)) is not None}
    changes: dict[str, DerivedChange] = {}

    # a section that gains points is split into itself and its points
    for u in old:
        uid = UnitId.maybe(u.id)
        if uid is None or uid.point or uid.suffix or u.id not in new_by:
            continue
        points = [
            f
            for f in fresh
            if (v := UnitId.maybe(f)) is not None
            and v.law == uid.law
            and v.section == uid.section
            and uid.section
            and v.point
            and not v.suffix
        ]
        had_points = any(
            (v := UnitId.maybe(x)) is not None and v.law == uid.law and v.section == uid.section and v.point
            for x in old_by
        )
        if points and not had_points:
            texts = " ".join(new_by[p].text for p in [u.id, *points])
            diff = render_text(word_diff(_norm(u.text), _norm(texts)))
            changes[u.id] = DerivedChange(
                u.id,
                "split",
                (u.id, *points),
                f"split into {u.id} + {', '.join(points)}; words: {_short(diff)}",
            )
            fresh = [f for f in fresh if f not in points]

    # old ids that are gone: renumbered, moved, content moved or merged, removed
    gone = [
        u
        for u in old
        if u.id not in new_by
        and u.id not in changes
        and (v := UnitId.maybe(u.id)) is not None
        and (v.law, v.section) in printed_sections
    ]
    for u in gone:
        best = max(fresh, key=lambda f: (similarity(u.text, new_by[f].text), -fresh.index(f)), default="")
        score = similarity(u.text, new_by[best].text) if best else 0.0
        if best and score >= RENUMBERED:
            changes[u.id] = DerivedChange(
                u.id, "renumbered", (best,), f"{u.id} becomes {best}; text otherwise the same"
            )
            fresh.remove(best)
            continue
        if best and score >= MOVED:
            diff = render_text(word_diff(_norm(u.text), _norm(new_by[best].text)))
            changes[u.id] = DerivedChange(
                u.id, "moved", (best,), f"{u.id} moves to {best}; words: {_short(diff)}"
            )
            fresh.remove(best)
            continue
        host = max(new, key=lambda n: (contained(u.text, n.text), -new.index(n)), default=None)
        share = contained(u.text, host.text) if host is not None else 0.0
        if host is not None and share >= CONTAINED:
            changes[u.id] = DerivedChange(
                u.id,
                "content-moved",
                (host.id,),
                f"its content ({share:.0%} of its words) moves into {host.id}",
            )
        else:
            changes[u.id] = DerivedChange(u.id, "removed", (), f"{u.id} is removed")
    # two old units whose content went to one new unit: merged
    into: dict[str, list[str]] = {}
    for c in changes.values():
        if c.change in ("content-moved", "moved") and len(c.to) == 1:
            into.setdefault(c.to[0], []).append(c.unit)
    for target, sources in into.items():
        if len(sources) > 1 or (target in old_by and target not in new_by):
            for s in sources:
                c = changes[s]
                changes[s] = DerivedChange(
                    s,
                    "merged",
                    c.to,
                    f"merged into {target} with {', '.join(x for x in sources if x != s) or target};"
                    f" {c.detail}",
                )

    # units in both: changed in place (a unit that took in moved content is also listed)
    for u in old:
        if u.id in new_by and u.id not in changes:
            found = _in_place(u, new_by[u.id])
            if found is not None:
                changes[u.id] = found
    ordered = [changes[u.id] for u in old if u.id in changes]
    ordered += [
        DerivedChange(f, "added", (f,), f"new in this edition: {_short(new_by[f].text)}") for f in fresh
    ]
    return ordered


def changes_toml(changes: Sequence[DerivedChange], source: str, target: str, *, sources: str = "") -> str:
    """The change map data file (the format :func:`lawalign.editions.changes.load_change_map` reads)."""
    lines = [
        f"# What changed from the {source} to the {target} edition, derived by `lawalign changes`"
        f" from {sources or 'the two texts'}.",
        "# Units not listed are unchanged. No signals are derived: add them by hand (docs/editions.md).",
        "",
        f"from = {_toml_str(source)}",
        f"to = {_toml_str(target)}",
    ]
    for c in changes:
        lines += [
            "",
            "[[change]]",
            f"unit = {_toml_str(c.unit)}",
            f"change = {_toml_str(c.change)}",
            f"to = {_toml_list(c.to)}",
            f"detail = {_toml_str(c.detail)}",
        ]
    return "\n".join(lines) + "\n"
