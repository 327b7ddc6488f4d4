"""Names shared by the Akoma Ntoso writer and reader: namespaces, eIds, language codes, attributes.

eIds are built from canonical unit ids only, never from text, so the same unit gets the same eId in
every language (bluebell style, ``art_68__para_B__subpara_2``). Project facts that AKN has no place
for travel as attributes in the project namespace (``la:id``, ``la:lines``, ...); see ``docs/akn.md``.
"""

from __future__ import annotations

import json
import re

from lawalign.errors import ConfigError
from lawalign.ingest.langcodes import (  # the AKN writer and reader import them from here
    iso639_1_codes as iso639_1_codes,
)
from lawalign.ingest.langcodes import (
    lang_from_iso639_2b as lang_from_iso639_2b,
)
from lawalign.ingest.langcodes import (
    lang_to_iso639_2b as lang_to_iso639_2b,
)
from lawalign.models import Unit, UnitId

AKN_NS = "http://docs.oasis-open.org/legaldocml/ns/akn/3.0"
LA_NS = "https://lawalign.dev/ns/1.0"
NSMAP: dict[str | None, str] = {None: AKN_NS, "la": LA_NS}


def akn(tag: str) -> str:
    """The Clark name of an AKN element (``{ns}tag``)."""
    return f"{{{AKN_NS}}}{tag}"


def la(name: str) -> str:
    """The Clark name of a project element or attribute (``{ns}name``)."""
    return f"{{{LA_NS}}}{name}"


_SAFE = re.compile(r"[A-Za-z0-9]")


def eid_part(text: str) -> str:
    """An eId component: ASCII letters and digits kept, anything else spelled as ``-x<hex>-``.

    >>> eid_part("68"), eid_part("fn1"), eid_part("Б")
    ('68', 'fn1', '-x411-')
    """
    return "".join(ch if _SAFE.fullmatch(ch) else f"-x{ord(ch):x}-" for ch in text) or "-"


def locate(unit: Unit) -> tuple[str, int]:
    """Where a unit sits in its law's hierarchy: its section letter and point ("", 0 at law level).

    Debris, or an id that names another law than ``unit.law``, sits at law level (as text), so
    nothing is lost, only flattened.

    >>> from lawalign.models import Source
    >>> locate(Unit(UnitId("68B2"), "text", "point", "ru", "68", "...", Source("x", 1, 1)))
    ('B', 2)
    """
    uid = unit.uid
    if uid is None or uid.law != unit.law:
        return "", 0
    return uid.section, uid.point


def note_eid(law: str, footnote_id: str) -> str:
    """The eId of a footnote's ``authorialNote``: ``art_68__authorialNote_fn1`` for ``68.fn1``.

    >>> note_eid("68", "68.fn1"), note_eid("", "fn")
    ('art_68__authorialNote_fn1', 'authorialNote_fn')
    """
    try:
        parts = UnitId(footnote_id)
    except ConfigError:
        parts = None
    if parts and parts.law == law and parts.suffix.startswith("fn") and not parts.section and not parts.point:
        suffix = eid_part(parts.suffix)
    else:
        suffix = eid_part(footnote_id)
    return f"art_{eid_part(law)}__authorialNote_{suffix}" if law else f"authorialNote_{suffix}"


# --- unit fields <-> project attributes -------------------------------------------------------------

#: Attributes every unit element carries, in output order.
UNIT_ATTRS: tuple[str, ...] = (
    "id", "role", "kind", "law", "label", "lines", "path", "seq", "span", "inferred", "confidence",
)  # fmt: skip


def unit_attributes(unit: Unit, seq: int, edition_lang: str) -> list[tuple[str, str]]:
    """A unit's fields as ordered ``(la:name, value)`` pairs; defaults of optional fields omitted.

    ``seq`` is the unit's position in source order: the tree places footnotes at their anchors and
    debris in the metadata, so order is carried explicitly.
    """
    pairs = [
        ("id", unit.id),
        ("role", unit.role),
        ("kind", unit.kind),
        ("law", unit.law),
        ("label", unit.label),
        ("lines", f"{unit.source.line_start}-{unit.source.line_end}"),
        ("path", unit.source.path),
        ("seq", str(seq)),
        ("span", f"{unit.span[0]}-{unit.span[1]}"),
        ("inferred", "true" if unit.inferred else "false"),
        ("confidence", repr(float(unit.confidence))),
    ]
    if unit.source.page is not None:  # a paged source (PDF): the pages of the first and last line
        end = unit.source.page_end if unit.source.page_end is not None else unit.source.page
        pairs.append(("pages", f"{unit.source.page}-{end}"))
    if unit.lang != edition_lang:
        pairs.append(("lang", unit.lang))
    if unit.heading:
        pairs.append(("heading", unit.heading))
    if unit.evidence:
        pairs.append(("evidence", unit.evidence))
    if unit.reason:
        pairs.append(("reason", unit.reason))
    if unit.duplicate_of is not None:
        pairs.append(("duplicate_of", unit.duplicate_of))
    if unit.markers:
        pairs.append(("markers", json.dumps(list(unit.markers), ensure_ascii=False)))
    if unit.footnotes:
        pairs.append(("footnotes", json.dumps(list(unit.footnotes), ensure_ascii=False)))
    if unit.anchor is not None:
        pairs.append(("anchor", unit.anchor))
    if unit.role == "footnote" and unit.anchor is None:
        pairs.append(("orphaned", "true"))
    return [(la(name), value) for name, value in pairs]
