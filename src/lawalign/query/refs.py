"""References as data: what each unit cites, who cites a unit, and "every clause citing Law 16".

The parsing is :func:`lawalign.structure.refs.find_refs` (one parser for the whole project); this
module resolves each reference against its citing unit (law and section, so "point 1 above" in 68B2
becomes ``68B1``), locates it (file and raw line), and indexes it both ways.

A query names a law, a section or a unit ("16", "70D", "70D3", "Law 16", "Điều 70D3"); a reference
*falls under* it when its target is that id or lies inside it: ``16D`` and ``16D3`` fall under ``16``,
``70D3`` under ``70D``, but ``160`` does not fall under ``16`` and the whole law ``70`` does not fall
under ``70D3``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lawalign.errors import ConfigError
from lawalign.ingest.profiles import Profile
from lawalign.models import Edition, Unit, UnitId
from lawalign.query.ids import parse_unit_query
from lawalign.structure.refs import Ref, find_refs

if TYPE_CHECKING:
    import pandas as pd

REF_COLUMNS: tuple[str, ...] = (
    "id",
    "lang",
    "edition",
    "target",
    "kind",
    "surface",
    "start",
    "end",
    "path",
    "line",
)
"""One row per reference: ``id`` cites ``target``; ``surface`` as printed at ``start:end`` of its text."""


@dataclass(frozen=True, slots=True)
class UnitRef:
    """One reference of one unit of one edition, located.

    Attributes:
        id: The citing unit's canonical id ("68B2").
        lang: The citing edition's language.
        edition: The citing edition's name.
        target: The canonical id cited ("16D", "68B1").
        kind: "external" (a law cited by number) or "internal" (a section or point of the same law).
        surface: The reference as printed ("Правило 16D", "mục 1 ở trên").
        start: Offset of ``surface`` in the unit's text.
        end: Offset just past ``surface``.
        path: The raw file of the citing edition.
        line: The 1-based raw line the reference starts on.
    """

    id: str
    lang: str
    edition: str
    target: str
    kind: str
    surface: str
    start: int
    end: int
    path: str
    line: int

    def as_dict(self) -> dict[str, object]:
        """The row of ``lawalign refs`` (keys of :data:`REF_COLUMNS`)."""
        return {name: getattr(self, name) for name in REF_COLUMNS}


def unit_section(unit: Unit) -> str:
    """The section letter a unit's internal references resolve against ("68B2" → "B", "68.fn1" → "").

    >>> from lawalign.models import Source
    >>> unit_section(Unit("69B.wrap", "text", "wrap", "en", "69", "", Source("x", 1, 1)))
    'B'
    """
    uid = unit.uid
    return uid.section if uid is not None else ""


def refs_of(unit: Unit, profile: Profile | None = None) -> list[Ref]:
    """The references in a unit's text, internal ones resolved against its law and section.

    Args:
        unit: A law unit (debris has no references: an empty list).
        profile: the run's profile of the unit's language (None: the bundled one).

    Returns:
        The references, in text order.

    >>> from lawalign.models import Source
    >>> text = "вопреки пункту 1 выше, см. Правило 16D"
    >>> u = Unit("68B2", "text", "point", "ru", "68", text, Source("x", 1, 1))
    >>> [(r.target, r.kind) for r in refs_of(u)]
    [('68B1', 'internal'), ('16D', 'external')]
    """
    if unit.kind == "debris":
        return []
    return find_refs(unit.text, unit.lang, law=unit.law, section=unit_section(unit), profile=profile)


def unit_refs(edition: Edition, unit: Unit, profile: Profile | None = None) -> list[UnitRef]:
    """The located references of one unit of an edition, in text order (none for debris), read with
    the run's ``profile`` of the edition's language (None: the bundled one)."""
    return [
        UnitRef(
            id=unit.id,
            lang=edition.lang,
            edition=edition.name,
            target=ref.target,
            kind=ref.kind,
            surface=ref.surface,
            start=ref.start,
            end=ref.end,
            path=unit.source.path,
            line=unit.source.line_start + unit.text.count("\n", 0, ref.start),
        )
        for ref in refs_of(unit, profile)
    ]


def edition_refs(edition: Edition, profile: Profile | None = None) -> list[UnitRef]:
    """Every reference of every law unit of an edition, in source order.

    Args:
        edition: The edition.
        profile: the run's profile of its language (None: the bundled one).

    Returns:
        The located references.
    """
    return [ref for unit in edition.law_units for ref in unit_refs(edition, unit, profile)]


def corpus_refs(
    editions: Iterable[Edition], profile: Callable[[str], Profile] | None = None
) -> list[UnitRef]:
    """Every reference of every edition, in edition then source order; ``profile``: language → the
    run's profile (None: the bundled ones)."""
    return [
        ref
        for edition in editions
        for ref in edition_refs(edition, profile(edition.lang) if profile is not None else None)
    ]


def canonical_target(query: str) -> str:
    """The canonical id a ``--cites`` query names: "Law 16" → "16", "Điều 70D3" → "70D3".

    Raises:
        ConfigError: The query is not a citation (the message shows accepted forms).

    >>> canonical_target("Điều 70 D 3"), canonical_target("16")
    ('70D3', '16')
    """
    return parse_unit_query(query).id


def falls_under(target: str, query_id: str) -> bool:
    """True when the reference target ``target`` is ``query_id`` or lies inside it.

    >>> falls_under("16D", "16"), falls_under("16D3", "16D"), falls_under("160", "16")
    (True, True, False)
    >>> falls_under("70", "70D3"), falls_under("71.1", "71"), falls_under("68B10", "68B1")
    (False, True, False)
    """
    if target == query_id:
        return True
    if not target.startswith(query_id):
        return False
    nxt = target[len(query_id)]
    if query_id[-1].isdigit():
        return not nxt.isdigit()
    return nxt.isdigit() or nxt == "."


def citing(refs: Iterable[UnitRef], query: str) -> list[UnitRef]:
    """The references that fall under a cited law, section or unit.

    Args:
        refs: References (from :func:`corpus_refs`).
        query: What is cited, in any citation form ("16", "Law 16", "70D3", "Правило 70D3").

    Returns:
        The matching references, in the order given.
    """
    wanted = canonical_target(query)
    return [r for r in refs if falls_under(r.target, wanted)]


def reverse_index(refs: Iterable[UnitRef]) -> dict[str, list[UnitRef]]:
    """Target id → the references citing it, targets sorted, references in the order given."""
    index: dict[str, list[UnitRef]] = {}
    for ref in refs:
        index.setdefault(ref.target, []).append(ref)
    return dict(sorted(index.items(), key=lambda item: _id_key(item[0])))


def _id_key(unit_id: str) -> tuple[int, str, int, str]:
    """Sort key of canonical ids: numeric law, section, numeric point, suffix; unparsable ones last."""
    try:
        parts = UnitId(unit_id)
    except ConfigError:
        return (10**6, unit_id, 0, "")
    return (int(parts.law), parts.section, parts.point, parts.suffix)


def targets_by_unit(edition: Edition) -> dict[str, tuple[str, ...]]:
    """Unit id → the targets it cites (each once, in text order), for the frames' ``refs`` column."""
    out: dict[str, list[str]] = {}
    for ref in edition_refs(edition):
        targets = out.setdefault(ref.id, [])
        if ref.target not in targets:
            targets.append(ref.target)
    return {uid: tuple(targets) for uid, targets in out.items()}


def refs_frame(refs: Sequence[UnitRef]) -> pd.DataFrame:
    """References as a table with :data:`REF_COLUMNS`, in the order given."""
    import pandas as pd

    frame = pd.DataFrame([r.as_dict() for r in refs], columns=list(REF_COLUMNS))
    return frame.astype({"start": "int64", "end": "int64", "line": "int64"})
