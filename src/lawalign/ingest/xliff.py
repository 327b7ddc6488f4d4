"""Read a completed XLIFF 2.0 or 1.2 file back as an edition: the targets are the text, ids kept.

A translator returns the update package (:mod:`lawalign.export.package`) filled in; every command
then reads it as the federation's new edition before it is published. A unit's id is the XLIFF
unit id (2.0 ``unit/@id``, 1.2 ``group/@id``, or a lone 1.2 ``trans-unit/@id`` without its
``.s1`` sentence suffix); its text is its segments' targets joined by a space; role, law and kind
come from the package's ``la:`` attributes (2.0) or ``restype``/``extradata`` (1.2), else from the
id. The edition is the WBF edition the file names (2.0 ``la:edition``, 1.2 ``product-version``),
else the caller's default (the ids are settled: the text is not segmented again).

What is not finished is reported (a warning on stderr and a notice of the edition, with the line):
a unit whose targets are all empty is left out as **untranslated**; a unit with some empty targets
keeps the translated part and is reported **partly translated**; a segment still marked for review
(2.0 ``subState`` ending ``needs-review-translation``, 1.2 ``state="needs-review-*"`` or a state
before ``translated``) is reported **to review**.
"""

from __future__ import annotations

import logging
import os
import re
from dataclasses import dataclass
from pathlib import Path

from lxml import etree

from lawalign.errors import InputError
from lawalign.models import DEFAULT_REFERENCE, Edition, Notice, Source, Unit, UnitId

log = logging.getLogger(__name__)

NS20 = "urn:oasis:names:tc:xliff:document:2.0"
NS12 = "urn:oasis:names:tc:xliff:document:1.2"
LA = "https://lawalign.dev/ns/1.0"
MEDIA_TYPE = "application/xliff+xml"
_SENTENCE = re.compile(r"\.s\d+$")
_REPEAT = re.compile(r"_\d+$")  # a repeated id made unique in a package: 68B2_2 (editions.package)
_REVIEW_12 = ("needs-review-translation", "needs-review-l10n", "needs-review-adaptation")
_OPEN_12 = ("new", "needs-translation", "needs-adaptation", "needs-l10n")
_REPORTED: set[tuple[str, int, int]] = set()


@dataclass(frozen=True, slots=True)
class _Segment:
    target: str
    line: int
    review: bool


def is_xliff(head: bytes) -> bool:
    """True when the first bytes of a file are an XLIFF 1.2 or 2.0 document.

    >>> is_xliff(b'<?xml version="1.0"?><xliff xmlns="urn:oasis:names:tc:xliff:document:2.0">')
    True
    """
    return b"<xliff" in head and (NS20.encode() in head or NS12.encode() in head)


def _extradata(text: str) -> dict[str, str]:
    """The ``key=value`` facts of a package's 1.2 ``group/@extradata``.

    >>> _extradata("lawalign law=70 kind=text footnotes=70.fn1")
    {'law': '70', 'kind': 'text', 'footnotes': '70.fn1'}
    >>> _extradata("something else")
    {}
    """
    parts = text.split()
    if not parts or parts[0] != "lawalign":
        return {}
    return dict(p.split("=", 1) for p in parts[1:] if "=" in p)


def parse_xml(data: bytes, path: str) -> etree._Element:
    """Parse XML safely (:func:`lawalign.ingest.xmlsafe.parse_xml`: no entities, no DTD, no network,
    bounded), and no document type declaration at all.

    Raises:
        InputError: malformed XML, entities, a limit passed, or a document type declaration.
    """
    from lawalign.ingest.xmlsafe import parse_xml as parse_safe

    root = parse_safe(data, path)  # the one hardened, bounded parser; entities refused at their line
    docinfo = root.getroottree().docinfo
    if docinfo.doctype or docinfo.internalDTD is not None:
        raise InputError(path, "document type declarations (and so entities) are not accepted", 1)
    return root


def _role_of(uid: UnitId) -> tuple[str, str, str]:
    """(role, kind, law) from an id alone: ``68.title`` law-title, ``68A.title`` heading, ..."""
    suffix = uid.suffix
    if suffix == "title":
        return ("heading" if uid.section or uid.point else "law-title"), "title", uid.law
    if suffix.startswith("fn"):
        return "footnote", "footnote", uid.law
    if suffix in ("intro", "wrap"):
        return suffix, "text", uid.law
    return ("point" if uid.point else "section"), "text", uid.law


def _segments_20(unit: etree._Element) -> list[_Segment]:
    out = []
    for seg in unit.iter(f"{{{NS20}}}segment"):
        target = seg.find(f"{{{NS20}}}target")
        text = "".join(target.itertext()).strip() if target is not None else ""
        state = seg.get("state", "initial")
        review = seg.get("subState", "").endswith("needs-review-translation") or (
            bool(text) and state == "initial"
        )
        out.append(_Segment(text, seg.sourceline or 0, review))
    return out


def _segments_12(units: list[etree._Element]) -> list[_Segment]:
    out = []
    for tu in units:
        target = tu.find(f"{{{NS12}}}target")
        text = "".join(target.itertext()).strip() if target is not None else ""
        state = target.get("state", "") if target is not None else ""
        review = state in _REVIEW_12 or (bool(text) and state in _OPEN_12)
        out.append(_Segment(text, tu.sourceline or 0, review))
    return out


def read_xliff_edition(
    path: str | os.PathLike[str], default: str = DEFAULT_REFERENCE, *, shown: str | None = None
) -> Edition | None:
    """The edition a completed XLIFF file holds (targets as text), or None when it is not XLIFF.

    ``default`` is the WBF edition of a file that names none (``la:edition``); ``shown`` how
    messages and outputs name the file (default ``path``).

    Raises:
        InputError: it is XLIFF but malformed, has no target language, or holds no translated unit.
    """
    from lawalign.fsafe import read_regular, special_kind

    p = Path(path)
    try:
        if special_kind(p.stat().st_mode):
            return None  # not opened here (a FIFO would block): ``read_source`` refuses it
        with p.open("rb") as fh:
            head = fh.read(4096)
    except OSError:
        return None
    if not is_xliff(head):
        return None
    from lawalign.ingest.read import MAX_BYTES

    shown = shown or os.fspath(path)
    if p.stat().st_size > MAX_BYTES:
        raise InputError(shown, f"file is over the {MAX_BYTES / 1048576:.0f} MB limit for one law text")
    root = parse_xml(read_regular(p, shown, limit=MAX_BYTES), shown)
    version = "2.0" if root.tag == f"{{{NS20}}}xliff" else "1.2" if root.tag == f"{{{NS12}}}xliff" else ""
    if not version:
        raise InputError(shown, f"not an XLIFF 1.2 or 2.0 document (root {root.tag})", root.sourceline or 1)
    if version == "2.0":
        lang = root.get("trgLang", "")
        file_el = root.find(f"{{{NS20}}}file")
        blocks = [(u, _segments_20(u)) for u in root.iter(f"{{{NS20}}}unit")]
    else:
        file_el = root.find(f"{{{NS12}}}file")
        lang = file_el.get("target-language", "") if file_el is not None else ""
        blocks = []
        for group in root.iter(f"{{{NS12}}}group"):
            tus = group.findall(f"{{{NS12}}}trans-unit")
            if tus:
                blocks.append((group, _segments_12(tus)))
        for tu in root.iter(f"{{{NS12}}}trans-unit"):
            parent = tu.getparent()
            if parent is None or parent.tag != f"{{{NS12}}}group":
                blocks.append((tu, _segments_12([tu])))
    if not lang:
        raise InputError(shown, "the XLIFF file names no target language", root.sourceline or 1)
    lang = lang.split("-")[0].lower()
    edition_name = ""
    if file_el is not None:
        edition_name = file_el.get(f"{{{LA}}}edition", "") or file_el.get("product-version", "")
    units: list[Unit] = []
    notices: list[Notice] = []
    for el, segments in blocks:
        raw_id = el.get("id", "")
        unit_id = _SENTENCE.sub("", raw_id) if el.tag == f"{{{NS12}}}trans-unit" else raw_id
        line = el.sourceline or 0
        uid = UnitId.maybe(_REPEAT.sub("", unit_id))
        if uid is None:
            raise InputError(
                shown, f"unit id {unit_id!r} is not a canonical unit id (e.g. 68B2, 68.title)", line
            )
        role, kind, law = _role_of(uid)
        facts = _extradata(el.get("extradata", ""))  # XLIFF 1.2 (strict: no foreign attributes)
        restype = el.get("restype", "")
        role = el.get(f"{{{LA}}}role", restype[2:] if restype.startswith("x-") else role)
        kind = el.get(f"{{{LA}}}kind", facts.get("kind", kind))
        law = el.get(f"{{{LA}}}law", facts.get("law", law))
        done = [s for s in segments if s.target]
        if not done:
            notices.append(
                Notice("xliff-untranslated", f"{unit_id}: untranslated (every target is empty)", shown, line)
            )
            continue
        if len(done) < len(segments):
            open_ = len(segments) - len(done)
            notices.append(
                Notice(
                    "xliff-partial",
                    f"{unit_id}: partly translated ({open_} of {len(segments)} empty)",
                    shown,
                    line,
                )
            )
        if any(s.review for s in segments):
            notices.append(Notice("xliff-review", f"{unit_id}: still marked for review", shown, line))
        text = " ".join(s.target for s in done)
        listed = el.get(f"{{{LA}}}footnotes", "").split() or facts.get("footnotes", "").split(",")
        footnotes = tuple(f for f in map(UnitId.maybe, listed) if f is not None)
        end = max([line, *(s.line for s in segments)])
        units.append(
            Unit(
                id=uid,
                kind=kind,
                role=role,
                lang=lang,
                law=law,
                text=text,
                source=Source(shown, line, end),
                heading=text if kind == "title" else "",
                evidence="read back from an XLIFF file",
                footnotes=footnotes,
            )
        )
    if not units:
        raise InputError(
            shown, "the XLIFF file holds no translated unit (every target is empty)", root.sourceline or 1
        )
    units = _anchor_footnotes(units, {u.unit_id for u in units})
    key = (shown, p.stat().st_mtime_ns, p.stat().st_size)
    if key not in _REPORTED:  # a command may read one file more than once: say it once
        _REPORTED.add(key)
        for notice in notices:
            log.warning("%s:%d: %s", notice.path, notice.line, notice.message)
    laws = tuple(dict.fromkeys(u.law for u in units if u.law))
    return Edition(
        name=p.stem.split(".")[0] or p.stem,
        path=shown,
        lang=lang,
        units=tuple(units),
        source_edition=edition_name or default,
        media_type=MEDIA_TYPE,
        laws=laws,
        notices=tuple(notices),
    )


def _anchor_footnotes(units: list[Unit], ids: set[UnitId]) -> list[Unit]:
    """Each footnote's anchor: the first unit listing it in ``la:footnotes`` (markers are not in XLIFF)."""
    from dataclasses import replace

    anchor: dict[UnitId, UnitId] = {}
    for unit in units:
        for fn in unit.footnotes:
            anchor.setdefault(fn, unit.unit_id)
    out = []
    for unit in units:
        if unit.footnotes:
            unit = replace(unit, footnotes=tuple(f for f in unit.footnotes if f in ids))
        if unit.kind == "footnote":
            unit = replace(unit, anchor=anchor.get(unit.unit_id))
        out.append(unit)
    return out
