"""The files of an update package (:mod:`lawalign.editions.package`): XLIFF 2.0 and 1.2, TMX, summary.

Written into one folder (``lawalign update-package … -o DIR``):

================================  ==============================================================
``<name>.<to>.xlf``               XLIFF 2.0: one ``unit`` per unit of the new edition (``id`` and
                                  ``name`` = its id), one ``segment`` per sentence (``s1``, …)
``<name>.<to>.xliff12.xlf``       XLIFF 1.2: one ``group`` per unit (``id``/``resname`` = its id),
                                  one ``trans-unit`` per sentence (``68B2`` when the unit has one,
                                  else ``68B2.s1``, …; ``resname`` the same)
``<name>.<from>.tmx``             TMX 1.4b: the old translation aligned to the old English at
                                  sentence level, as reference memory
``summary.txt``, ``summary.html`` units and words unchanged / changed / new / deleted, the changed
                                  clauses with their notes
``summary.json``                  the same as data
================================  ==============================================================

States by status (the unit's notes say why):

==============================  ===================================  ======================================
unit                            XLIFF 2.0 ``segment``                XLIFF 1.2 ``target``
==============================  ===================================  ======================================
unchanged, pre-filled           ``translated``,                      ``state="translated"``,
                                ``subState="lawalign:id-match"``     ``state-qualifier="id-match"``,
                                                                     ``approved="yes"``
changed, pre-filled             ``initial``, ``subState`` =          ``state="needs-review-translation"``,
                                ``lawalign:needs-review-translation``  ``state-qualifier="fuzzy-match"``
new, or no old sentence found   ``initial`` (empty target)           ``state="needs-translation"``
==============================  ===================================  ======================================

In XLIFF 2.0 each unit carries ``la:role``, ``la:law``, ``la:kind``, ``la:status`` (and
``la:label``, ``la:footnotes``) attributes in the project namespace (the 2.0 core schema admits
foreign attributes on ``unit`` and ``file``, laxly), and the file its editions (``la:edition``,
``la:from``). The XLIFF 1.2 strict schema admits a foreign attribute only when a schema declares
it, so there the facts go in 1.2's own attributes: ``group/@restype`` ``x-<role>``,
``group/@extradata`` ``lawalign law=68 kind=text status=changed footnotes=…``,
``file/@product-version`` the WBF edition. Either way a completed package reads back as an edition
of the new WBF edition (:mod:`lawalign.ingest.xliff`). Deleted units are file-level notes and
notes of the unit that took their place; they never become a translatable unit.
"""

from __future__ import annotations

import html
from pathlib import Path

from lxml import etree

from lawalign.editions.package import PackageUnit, UpdatePackage
from lawalign.errors import ConfigError
from lawalign.export.tmx import TranslationUnit, tmx_document
from lawalign.export.xliff import NEEDS_REVIEW, NS, NS12, XML_SPACE
from lawalign.output import write_atomic

LA = "https://lawalign.dev/ns/1.0"
"""The project namespace: unit facts (role, law, kind, status) and the package's editions."""

PRODUCT = "Laws of Duplicate Bridge"
"""XLIFF 1.2 ``file/@product-name``; ``product-version`` is the WBF edition of the package."""
SUMMARY_FILES = ("summary.txt", "summary.html", "summary.json")
_PRIORITY_12 = {1: "1", 3: "3", 5: "5", 9: "9"}


def file_names(package: UpdatePackage) -> dict[str, str]:
    """The package's file names: ``xliff20``, ``xliff12``, ``tmx``, ``summary.txt``, ...

    >>> from lawalign.editions.package import UpdatePackage
    >>> p = UpdatePackage("ru", "en", "ru", "2007", "2017", "ru.txt", "en.txt", "", (), (), ())
    >>> file_names(p)["xliff20"], file_names(p)["tmx"]
    ('ru.2017.xlf', 'ru.2007.tmx')
    """
    base = package.name
    return {
        "xliff20": f"{base}.{package.target}.xlf",
        "xliff12": f"{base}.{package.target}.xliff12.xlf",
        "tmx": f"{base}.{package.source}.tmx",
        **{name: name for name in SUMMARY_FILES},
    }


def _set(el: etree._Element, text: str, where: str) -> None:
    try:
        el.text = text
    except ValueError as exc:
        raise ConfigError(f"{where}: {exc}") from None


def _state_20(unit: PackageUnit, target: str) -> tuple[str, str]:
    if not target:
        return "initial", ""
    if unit.status == "unchanged":
        return "translated", f"lawalign:{'id-match' if unit.match == 'id' else unit.match}"
    return "initial", f"lawalign:{NEEDS_REVIEW}"


def _state_12(unit: PackageUnit, target: str) -> tuple[str, str]:
    if not target:
        return "needs-translation", ""
    if unit.status == "unchanged":
        return "translated", "id-match" if unit.match == "id" else "x-renumbered"
    return NEEDS_REVIEW, "fuzzy-match"


def _file_notes(package: UpdatePackage) -> list[str]:
    notes = [
        f"{package.target} edition of Laws {', '.join(package.laws)}, pre-filled from the {package.source}"
        f" translation {package.translation} (lawalign update-package)"
    ]
    notes += [
        f"deleted in {package.target}: {d.id} ({d.change}): {d.detail}"
        + (f". Its old translation: {d.text}" if d.text else "")
        for d in package.deleted
    ]
    notes += list(package.notes)
    return notes


def _unit_attrs(unit: PackageUnit) -> dict[str, str]:
    return {
        f"{{{LA}}}role": unit.role,
        f"{{{LA}}}law": unit.law,
        f"{{{LA}}}kind": unit.kind,
        f"{{{LA}}}status": unit.status,
        **({f"{{{LA}}}label": unit.label} if unit.label else {}),
        **({f"{{{LA}}}footnotes": " ".join(unit.footnotes)} if unit.footnotes else {}),
    }


def _extradata(unit: PackageUnit) -> str:
    """The unit facts of a 1.2 ``group`` (whose strict schema admits no undeclared foreign attribute).

    >>> from lawalign.editions.package import PackageUnit
    >>> u = PackageUnit("70C3", "text", "point", "70", "3.", "unchanged", "id", (), (), (), (), ("70.fn1",))
    >>> _extradata(u)
    'lawalign law=70 kind=text status=unchanged footnotes=70.fn1'
    """
    out = f"lawalign law={unit.law} kind={unit.kind} status={unit.status}"
    return out + (f" footnotes={','.join(unit.footnotes)}" if unit.footnotes else "")


def xliff20(package: UpdatePackage) -> bytes:
    """The package as XLIFF 2.0."""
    root = etree.Element(
        f"{{{NS}}}xliff",
        nsmap={None: NS, "la": LA},
        version="2.0",
        srcLang=package.src_lang,
        trgLang=package.tgt_lang,
    )
    file_el = etree.SubElement(
        root,
        f"{{{NS}}}file",
        id=f"{package.name}.{package.target}",
        original=package.original,
        attrib={f"{{{LA}}}edition": package.target, f"{{{LA}}}from": package.source},
    )
    notes_el = etree.SubElement(file_el, f"{{{NS}}}notes")
    for k, text in enumerate(_file_notes(package), 1):
        _set(etree.SubElement(notes_el, f"{{{NS}}}note", id=f"n{k}", category="package"), text, "file")
    for unit in package.units:
        unit_el = etree.SubElement(
            file_el, f"{{{NS}}}unit", id=unit.id, name=unit.id, attrib=_unit_attrs(unit)
        )
        if unit.notes:
            notes = etree.SubElement(unit_el, f"{{{NS}}}notes")
            for note in unit.notes:
                attrs = {"category": note.category, "priority": str(note.priority)}
                _set(etree.SubElement(notes, f"{{{NS}}}note", attrib=attrs), note.text, unit.id)
        for seg in unit.segments:
            state, sub = _state_20(unit, seg.target)
            attrs = {"id": seg.id, "state": state, **({"subState": sub} if sub else {})}
            seg_el = etree.SubElement(unit_el, f"{{{NS}}}segment", attrib=attrs)
            _set(etree.SubElement(seg_el, f"{{{NS}}}source"), seg.source, f"{unit.id} {seg.id}")
            if seg.target:
                _set(etree.SubElement(seg_el, f"{{{NS}}}target"), seg.target, f"{unit.id} {seg.id}")
    return bytes(etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True))


def xliff12(package: UpdatePackage) -> bytes:
    """The package as XLIFF 1.2 (one ``group`` per unit, one ``trans-unit`` per sentence)."""
    root = etree.Element(f"{{{NS12}}}xliff", nsmap={None: NS12}, version="1.2")
    file_el = etree.SubElement(
        root,
        f"{{{NS12}}}file",
        original=package.original,
        datatype="plaintext",
        attrib={
            "source-language": package.src_lang,
            "target-language": package.tgt_lang,
            "product-name": PRODUCT,
            "product-version": package.target,
        },
    )
    header = etree.SubElement(file_el, f"{{{NS12}}}header")
    for text in _file_notes(package):
        _set(etree.SubElement(header, f"{{{NS12}}}note", attrib={"from": "lawalign-package"}), text, "file")
    body = etree.SubElement(file_el, f"{{{NS12}}}body")
    for unit in package.units:
        group = etree.SubElement(
            body,
            f"{{{NS12}}}group",
            id=unit.id,
            resname=unit.id,
            restype=f"x-{unit.role}",
            extradata=_extradata(unit),
        )
        for seg in unit.segments:
            tu_id = unit.id if len(unit.segments) == 1 else f"{unit.id}.{seg.id}"
            tu = etree.SubElement(group, f"{{{NS12}}}trans-unit", id=tu_id, resname=tu_id)
            if unit.status == "unchanged" and seg.target:
                tu.set("approved", "yes")  # carried over unchanged: confirmed, as a CAT tool's exact match
            tu.set(XML_SPACE, "preserve")
            _set(etree.SubElement(tu, f"{{{NS12}}}source"), seg.source, tu_id)
            state, qualifier = _state_12(unit, seg.target)
            attrs = {"state": state, **({"state-qualifier": qualifier} if qualifier else {})}
            _set(etree.SubElement(tu, f"{{{NS12}}}target", attrib=attrs), seg.target, tu_id)
            for note in unit.notes:  # 1.2 tools show a trans-unit's notes, not its group's
                attrs = {
                    "from": f"lawalign-{note.category}",
                    "priority": _PRIORITY_12.get(note.priority, "5"),
                }
                _set(etree.SubElement(tu, f"{{{NS12}}}note", attrib=attrs), note.text, tu_id)
    return bytes(etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True))


def tmx(package: UpdatePackage) -> bytes:
    """The reference memory: the old translation's sentences with the old English."""
    units = [
        TranslationUnit(
            pair.id,
            ((package.src_lang, pair.source), (package.tgt_lang, pair.target)),
            (("x-unit", pair.unit), ("x-edition", package.source)),
        )
        for pair in package.memory
    ]
    return tmx_document(package.src_lang, "sentence", units)


# -- summary -----------------------------------------------------------------------------------


def _count_rows(package: UpdatePackage) -> list[tuple[str, int, int]]:
    counts = package.counts()
    return [(status, counts[status]["units"], counts[status]["words"]) for status in counts]


def summary_text(package: UpdatePackage) -> str:
    """The summary as plain text."""
    out = [
        f"Update package: {package.name} ({package.tgt_lang}) {package.source} -> {package.target},"
        f" Laws {', '.join(package.laws)}",
        f"translation: {package.translation}",
        f"{package.target} original: {package.original}",
    ]
    if package.old_original:
        out.append(f"{package.source} original: {package.old_original}")
    out.append("")
    out.append(f"{'':12}{'units':>7}{'words':>8}")
    total_units = total_words = 0
    for status, units, words in _count_rows(package):
        out.append(f"{status:12}{units:7}{words:8}")
        if status != "deleted":
            total_units += units
            total_words += words
    out.append(f"{'in package':12}{total_units:7}{total_words:8}")
    filled = sum(1 for u in package.units for s in u.segments if s.target)
    segments = sum(len(u.segments) for u in package.units)
    out.append(f"segments pre-filled: {filled} of {segments}")
    out.extend(package.notes)
    changed = [u for u in package.units if u.status != "unchanged"]
    if changed:
        out += ["", "Changed and new units:"]
        for unit in changed:
            out.append(f"  {unit.id} [{unit.status}] {', '.join(unit.changes) or ''}".rstrip())
            for note in unit.notes:
                if note.category in ("change", "diff", "unplaced", "missing", "deleted", "moved"):
                    out.append(f"      {note.category}: {note.text}")
    if package.deleted:
        out += ["", "Deleted units:"]
        for d in package.deleted:
            out.append(f"  {d.id} ({d.change}): {d.detail}")
    return "\n".join(out) + "\n"


def summary_html(package: UpdatePackage) -> str:
    """The summary as a self-contained HTML page (all text escaped)."""

    def e(text: str) -> str:
        return html.escape(text, quote=True)

    rows = "".join(
        f"<tr><th>{e(status)}</th><td>{units}</td><td>{words}</td></tr>"
        for status, units, words in _count_rows(package)
    )
    items = []
    for unit in package.units:
        if unit.status == "unchanged":
            continue
        notes = "".join(
            f"<li><b>{e(n.category)}</b>: {e(n.text)}</li>"
            for n in unit.notes
            if n.category in ("change", "diff", "unplaced", "missing", "deleted", "moved")
        )
        items.append(f'<li id="{e(unit.id)}"><b>{e(unit.id)}</b> [{e(unit.status)}]<ul>{notes}</ul></li>')
    deleted = "".join(f"<li><b>{e(d.id)}</b> ({e(d.change)}): {e(d.detail)}</li>" for d in package.deleted)
    remarks = "".join(f"<p>{e(n)}</p>" for n in package.notes)
    title = f"Update package {package.name} {package.source} → {package.target}"
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{e(title)}</title>"
        "<style>body{font-family:sans-serif;max-width:60em;margin:2em auto}"
        "td,th{padding:.2em .8em;text-align:right}th{text-align:left}</style></head><body>"
        f"<h1>{e(title)}</h1><p>Translation: {e(package.translation)}<br>Original: {e(package.original)}</p>"
        f"<table><tr><th></th><th>units</th><th>words</th></tr>{rows}</table>{remarks}"
        f"<h2>Changed and new units</h2><ul>{''.join(items)}</ul>"
        f"<h2>Deleted units</h2><ul>{deleted}</ul></body></html>\n"
    )


def render_files(package: UpdatePackage) -> dict[str, bytes]:
    """Every file of the package, by name, rendered (nothing written)."""
    import json

    names = file_names(package)
    return {
        names["xliff20"]: xliff20(package),
        names["xliff12"]: xliff12(package),
        names["tmx"]: tmx(package),
        "summary.txt": summary_text(package).encode("utf-8"),
        "summary.html": summary_html(package).encode("utf-8"),
        "summary.json": (json.dumps(package.as_dict(), ensure_ascii=False, indent=2) + "\n").encode("utf-8"),
    }


def write_package(package: UpdatePackage, folder: str | Path) -> list[Path]:
    """Render every file, then write each atomically into ``folder`` (created when missing).

    Raises:
        ConfigError: ``folder``'s parent does not exist, or ``folder`` is a file.
    """
    out = Path(folder)
    files = render_files(package)  # everything rendered first: a failure writes nothing
    if out.exists() and not out.is_dir():
        raise ConfigError(f"{out}: not a folder")
    parent = out.parent if str(out.parent) else Path(".")
    if not parent.is_dir():
        raise ConfigError(f"{out}: folder {parent} does not exist")
    out.mkdir(exist_ok=True)
    written = []
    for name, data in files.items():
        write_atomic(out / name, data)
        written.append(out / name)
    return written
