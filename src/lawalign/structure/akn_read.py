"""Read an Akoma Ntoso document written by ``to_akn`` back into an ``Edition``.

Every element with an ``la:id`` is a unit: a ``p`` or ``heading`` (its own text, footnotes left
out), an ``authorialNote`` (the text of its ``p``) or an ``la:debris`` in ``meta/proprietary``.
Units are put back in source order by ``la:seq``. XML is parsed with entity resolution, DTD loading
and network access off; a document type declaration is refused outright.
"""

from __future__ import annotations

import json
import re
from pathlib import PurePath
from typing import Literal, TypeVar, get_args

from lxml import etree

from lawalign.errors import ConfigError, InputError
from lawalign.models import (
    DEBRIS_REASONS,
    Bead,
    DebrisId,
    DebrisReason,
    Edition,
    Notice,
    Source,
    Unit,
    UnitId,
    UnitKind,
    UnitLink,
    UnitRole,
)
from lawalign.structure.akn_names import akn, la, lang_from_iso639_2b

_RANGE = re.compile(r"(\d+)-(\d+)")  # "5-7": la:lines and la:span
_NOTE_TAGS = frozenset({akn("authorialNote"), akn("noteRef")})


def parse_xml(data: bytes, path: str = "") -> etree._Element:
    """Parse XML safely: the one hardened, bounded parser (:func:`lawalign.ingest.xmlsafe.parse_xml`: no
    entities, no DTD, no network), and no document type declaration at all.

    Raises:
        InputError: malformed XML, entities, a limit passed, or a document type declaration.
    """
    from lawalign.ingest.xmlsafe import parse_xml as parse_safe

    root = parse_safe(data, path)
    docinfo = root.getroottree().docinfo
    if docinfo.doctype or docinfo.internalDTD is not None:
        raise InputError(path, "document type declarations (and so entities) are not accepted", 1)
    return root


def _own_text(el: etree._Element) -> str:
    """Text of ``el`` without the footnotes placed in it (their markers stay: they are in the text)."""
    parts = [el.text or ""]
    for child in el:
        if child.tag not in _NOTE_TAGS:
            parts.append("".join(child.itertext()))
        parts.append(child.tail or "")
    return "".join(parts)


def _unit_text(el: etree._Element) -> str:
    if el.tag == akn("authorialNote"):
        inner = el.find(akn("p"))
        return _own_text(inner) if inner is not None else ""
    if el.tag == la("debris"):
        return str(el.text or "")
    return _own_text(el)


def _attr(el: etree._Element, name: str, path: str, default: str | None = None) -> str:
    value = el.get(la(name))
    if value is None:
        if default is None:
            raise InputError(path, f"<{etree.QName(el).localname}> lacks la:{name}", el.sourceline or 0)
        return default
    return str(value)


_Choice = TypeVar("_Choice", bound=str)
_KINDS: tuple[UnitKind, ...] = get_args(UnitKind)
_ROLES: tuple[UnitRole, ...] = get_args(UnitRole)
_REASONS: tuple[DebrisReason | Literal[""], ...] = ("", *DEBRIS_REASONS)


def _choice(
    el: etree._Element, name: str, path: str, choices: tuple[_Choice, ...], default: str | None = None
) -> _Choice:
    value = _attr(el, name, path, default)
    for choice in choices:
        if choice == value:
            return choice
    valid = ", ".join(c for c in choices if c)
    raise InputError(path, f"la:{name}={value!r} is not one of {valid}", el.sourceline or 0)


def _range(el: etree._Element, name: str, path: str) -> tuple[int, int]:
    value = _attr(el, name, path)
    m = _RANGE.fullmatch(value)
    if not m:
        raise InputError(path, f"la:{name}={value!r} is not a range like 5-7", el.sourceline or 0)
    return int(m.group(1)), int(m.group(2))


def _pages(el: etree._Element, path: str) -> tuple[int | None, int | None]:
    """``la:pages`` ("3-4") of a unit read from a paged source, or ``(None, None)``."""
    if el.get(la("pages")) is None:
        return None, None
    return _range(el, "pages", path)


def _json_list(el: etree._Element, name: str, path: str, *, namespaced: bool = True) -> tuple[str, ...]:
    value = el.get(la(name) if namespaced else name)
    if value is None:
        return ()
    try:
        items = json.loads(value)
    except json.JSONDecodeError:
        items = None
    if not isinstance(items, list) or not all(isinstance(x, str) for x in items):
        raise InputError(path, f"la:{name} is not a JSON list of strings", el.sourceline or 0)
    return tuple(items)


def _number(el: etree._Element, name: str, path: str, cast: type[int] | type[float]) -> int | float:
    value = _attr(el, name, path)
    try:
        return cast(value)
    except ValueError:
        raise InputError(path, f"la:{name}={value!r} is not a number", el.sourceline or 0) from None


_Id = TypeVar("_Id", UnitId, DebrisId)


def _id(el: etree._Element, name: str, path: str, value: str, kind: type[_Id]) -> _Id:
    """``value`` of attribute ``la:name`` as an id of ``kind``; bad input at the element's line."""
    try:
        return kind(value)
    except ConfigError as exc:
        raise InputError(path, f"la:{name}: {exc}", el.sourceline or 0) from None


def _unit_id(el: etree._Element, path: str, kind: str) -> UnitId | DebrisId:
    value = _attr(el, "id", path)
    return _id(el, "id", path, value, DebrisId) if kind == "debris" else _id(el, "id", path, value, UnitId)


def _optional_id(el: etree._Element, name: str, path: str) -> UnitId | None:
    value = el.get(la(name))
    return None if value is None else _id(el, name, path, value, UnitId)


def _unit(el: etree._Element, lang: str, path: str) -> tuple[int, Unit]:
    line_start, line_end = _range(el, "lines", path)
    kind = _choice(el, "kind", path, _KINDS)
    unit = Unit(
        id=_unit_id(el, path, kind),
        kind=kind,
        role=_choice(el, "role", path, _ROLES),
        lang=_attr(el, "lang", path, lang),
        law=_attr(el, "law", path),
        text=_unit_text(el),
        source=Source(_attr(el, "path", path), line_start, line_end, *_pages(el, path)),
        label=_attr(el, "label", path),
        heading=_attr(el, "heading", path, ""),
        inferred=_attr(el, "inferred", path) == "true",
        confidence=float(_number(el, "confidence", path, float)),
        evidence=_attr(el, "evidence", path, ""),
        reason=_choice(el, "reason", path, _REASONS, ""),
        duplicate_of=_optional_id(el, "duplicate_of", path),
        markers=_json_list(el, "markers", path),
        footnotes=tuple(_id(el, "footnotes", path, x, UnitId) for x in _json_list(el, "footnotes", path)),
        anchor=_optional_id(el, "anchor", path),
        span=_range(el, "span", path),
    )
    return int(_number(el, "seq", path, int)), unit


def from_akn(data: bytes, path: str = "") -> Edition:
    """Read back an edition written by ``to_akn``.

    Args:
        data: the document bytes.
        path: where they came from, for error messages (and the edition name when the document
            carries none).

    Returns:
        The edition, units in source order, equal to the one written in every unit field.

    Raises:
        InputError: malformed XML, a DTD/entities, not an AKN act, or a unit attribute that does
            not read.
    """
    root = parse_xml(data, path)
    act = root.find(akn("act"))
    if root.tag != akn("akomaNtoso") or act is None:
        raise InputError(path, "not an Akoma Ntoso 3.0 act (akomaNtoso/act)", root.sourceline or 0)
    ed = act.find(f"{akn('meta')}/{akn('proprietary')}/{la('edition')}")
    language = act.find(f".//{akn('FRBRExpression')}/{akn('FRBRlanguage')}")
    lang = ed.get("lang", "") if ed is not None else ""
    if not lang and language is not None:
        lang = lang_from_iso639_2b(language.get("language", ""))
    seqs: list[tuple[int, Unit]] = []
    body = act.find(akn("body"))
    if body is not None:
        seqs.extend(_unit(el, lang, path) for el in body.iter() if el.get(la("id")) is not None)
    if ed is None:
        return Edition(
            name=PurePath(path).stem if path else "",
            path=path,
            lang=lang,
            units=tuple(u for _, u in sorted(seqs, key=lambda s: s[0])),
        )
    seqs.extend(_unit(el, lang, path) for el in ed.iter(la("debris")))
    seqs.sort(key=lambda s: s[0])
    description = ed.find(la("description"))
    notices = tuple(
        Notice(
            code=n.get("code", ""),
            message=n.text or "",
            path=n.get("path", ""),
            line=int(n.get("line", "0") or 0),
        )
        for n in ed.iter(la("notice"))
    )
    return Edition(
        name=ed.get("name", ""),
        path=ed.get("path", ""),
        lang=lang,
        units=tuple(u for _, u in seqs),
        source_edition=ed.get("source_edition", ""),
        authoritative=ed.get("authoritative") == "true",
        encoding=ed.get("encoding", ""),
        media_type=ed.get("media_type", ""),
        description=(description.text or "") if description is not None else "",
        laws=_json_list(ed, "laws", path, namespaced=False),
        notices=notices,
        laws_declared=ed.get("laws_declared") == "true",
    )


def _indices(value: str) -> tuple[int, ...]:
    return tuple(int(x) for x in value.split())


def links_from_akn(data: bytes, path: str = "") -> tuple[UnitLink, ...]:
    """The cross-language unit links kept in ``meta/proprietary/la:links`` (empty when none).

    Raises:
        InputError: malformed XML or a link that does not read.
    """
    root = parse_xml(data, path)
    out = []
    for el in root.iter(la("link")):
        try:
            beads = tuple(
                Bead(_indices(b.get("src", "")), _indices(b.get("tgt", "")), float(b.get("score", "0")))
                for b in el.iter(la("bead"))
            )
            score = float(el.get("score", "0"))
        except ValueError:
            raise InputError(path, "a link's score or bead does not read", el.sourceline or 0) from None
        out.append(
            UnitLink(
                id=el.get("id", ""),
                src_lang=el.get("src_lang", ""),
                tgt_lang=el.get("tgt_lang", ""),
                score=score,
                beads=beads,
                src_sentences=tuple(s.text or "" for s in el.iter(la("src"))),
                tgt_sentences=tuple(s.text or "" for s in el.iter(la("tgt"))),
            )
        )
    return tuple(out)
