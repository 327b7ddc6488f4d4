"""Write an ``Edition`` as one Akoma Ntoso 3.0 ``act`` (strict-schema valid, lossless, deterministic).

Staged like bluebell: units are first grouped into a neutral tree (law -> section -> point, by
canonical id), then turned into lxml elements, then indented by hand. lxml's own pretty printer is
not used because it would indent inside a ``<p>`` whose text starts with a footnote and so change
the law text.

Layout (see ``docs/akn.md``):

* ``article`` per law (``num`` = printed law label, ``heading`` = law title), ``paragraph`` per
  section, ``subparagraph`` per point; intro/chapeau text in ``intro``, wrap text in ``wrapUp``, a
  section's or point's own text in ``content``. Each unit's text is one ``<p>`` (or the ``heading``)
  carrying the unit's fields as ``la:`` attributes.
* A footnote is an ``authorialNote`` right after its printed marker in its anchor's text; further
  markers of the same footnote elsewhere become ``noteRef``. An orphaned footnote sits in an
  ``hcontainer name="orphanedNote"`` at its source position, marked ``la:orphaned="true"``.
* Debris, edition facts, notices and cross-language links go in ``meta/proprietary``.
"""

from __future__ import annotations

import json
import logging
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from lxml import etree

from lawalign.errors import ConfigError, InputError, LawalignError, StructureError
from lawalign.models import Edition, Unit, UnitLink
from lawalign.structure.akn_names import (
    NSMAP,
    akn,
    eid_part,
    la,
    lang_to_iso639_2b,
    locate,
    note_eid,
    unit_attributes,
)

log = logging.getLogger(__name__)

# Characters XML 1.0 cannot carry at all (not even as &#..;): C0 controls but TAB/LF/CR, surrogates,
# U+FFFE/U+FFFF. A unit holding one is refused rather than silently cleaned.
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_FULL_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")  # FRBRdate under the strict schema: "2007-01-01"
_YEAR = re.compile(r"\d{4}")

TEXT_TAGS = frozenset(
    {akn("p"), akn("heading"), akn("num")}
    | {la(n) for n in ("debris", "description", "notice", "src", "tgt")}
)
"""Elements whose content is text as published: never indented, never stripped."""

HEADING_ROLES = ("law-title", "heading")
NUMBERED_ROLES = ("section", "chapeau", "point")


@dataclass
class _Node:
    """A hierarchical element under construction (article, paragraph, subparagraph, hcontainer)."""

    tag: str
    eid: str
    number: str  # num when no unit prints a label ("B" for an unlabelled section B)
    name: str = ""  # hcontainer only
    seq: int = sys.maxsize  # earliest source position of anything inside, for ordering
    heading: tuple[int, Unit] | None = None
    texts: list[tuple[int, Unit]] = field(default_factory=list)
    children: dict[str, _Node] = field(default_factory=dict)
    note: tuple[int, Unit] | None = None  # an orphaned footnote (hcontainer only)

    def child(self, key: str, tag: str, eid: str, number: str) -> _Node:
        if key not in self.children:
            self.children[key] = _Node(tag=tag, eid=eid, number=number)
        return self.children[key]


class _Eids:
    """Hands out eIds, suffixing a repeat (``_2``) so the strict schema's uniqueness holds."""

    def __init__(self) -> None:
        self._used: set[str] = set()

    def claim(self, eid: str) -> str:
        out, n = eid, 1
        while out in self._used:
            n += 1
            out = f"{eid}_{n}"
        self._used.add(out)
        return out


def _is_footnote(unit: Unit) -> bool:
    return unit.kind == "footnote" or unit.role == "footnote"


def _check_text(value: str, unit_id: str, what: str) -> None:
    bad = _NOT_XML.search(value)
    if bad:
        raise StructureError(
            f"unit {unit_id}: {what} holds U+{ord(bad.group()):04X} at {bad.start()}, "
            "which XML 1.0 cannot carry; refusing to drop it"
        )


def _check_unit(unit: Unit) -> None:
    try:
        for what in ("id", "law", "label", "text", "heading", "evidence", "reason", "lang", "role", "kind"):
            _check_text(str(getattr(unit, what)), unit.id, what)
        _check_text(unit.source.path, unit.id, "path")
        for value in (unit.duplicate_of or "", unit.anchor or "", *unit.markers, *unit.footnotes):
            _check_text(value, unit.id, "a reference")
    except StructureError as exc:  # say where the unit came from: path:line
        raise InputError(
            unit.source.path.encode("unicode_escape").decode("ascii"), str(exc), unit.source.line_start
        ) from None


def source_date(source_edition: str) -> str:
    """A full date for FRBRdate: the reference skeleton's date, else ``<year>-01-01``.

    >>> source_date("2007"), source_date("2017-03-01")
    ('2007-01-01', '2017-03-01')
    """
    if _FULL_DATE.fullmatch(source_edition):
        return source_edition
    try:
        from lawalign.structure.skeleton import load_skeleton

        date = load_skeleton(source_edition).date
        if _FULL_DATE.fullmatch(date):
            return date
    except LawalignError:
        pass
    year = _YEAR.search(source_edition)
    if year:
        return f"{year.group()}-01-01"
    log.warning("source edition %r has no year; FRBRdate set to 0001-01-01", source_edition)
    return "0001-01-01"


class _Writer:
    def __init__(self, edition: Edition) -> None:
        self.edition = edition
        self.eids = _Eids()
        self.eid_of_note: dict[str, str] = {}  # footnote id -> eId of its (first) authorialNote
        self.seq_eid: dict[int, str] = {}  # footnote seq -> eId of its authorialNote
        self.hosted: dict[int, list[tuple[int, Unit]]] = {}  # host seq -> footnotes placed in it
        self.inline: set[int] = set()  # seqs of footnotes placed at their anchor

    # -- stage 1: neutral tree ----------------------------------------------------------------------
    def build_tree(self) -> list[_Node]:
        units = self.edition.units
        body = [(i, u) for i, u in enumerate(units) if u.kind != "debris"]
        hosts: dict[str, int] = {}
        for i, u in body:
            if not _is_footnote(u):
                hosts.setdefault(u.id, i)
        for i, u in body:
            if _is_footnote(u):
                eid = self.eids.claim(note_eid(u.law, u.id))
                self.eid_of_note.setdefault(u.id, eid)
                self.seq_eid[i] = eid
                if u.anchor is not None and u.anchor in hosts:
                    self.hosted.setdefault(hosts[u.anchor], []).append((i, u))
                    self.inline.add(i)
        laws: dict[str, _Node] = {}
        for i, u in body:
            law = laws.get(u.law)
            if law is None:
                if u.law:
                    law = _Node("article", f"art_{eid_part(u.law)}", u.law)
                else:
                    law = _Node("hcontainer", "hcontainer_nolaw", "", name="withoutLaw")
                laws[u.law] = law
            law.seq = min(law.seq, i)
            if _is_footnote(u):
                if i not in self.inline:
                    eid = self.seq_eid[i].replace("authorialNote_", "hcontainer_")
                    node = law.child(f"note:{i}", "hcontainer", eid, "")
                    node.name, node.note, node.seq = "orphanedNote", (i, u), i
                continue
            node = law
            section, point = locate(u)
            if section:
                key = section
                node = node.child(f"para:{key}", "paragraph", f"{node.eid}__para_{eid_part(key)}", key)
                node.seq = min(node.seq, i)
            if point:
                key = str(point)
                node = node.child(f"sub:{key}", "subparagraph", f"{node.eid}__subpara_{key}", key)
                node.seq = min(node.seq, i)
            if u.role in HEADING_ROLES and node.heading is None:
                node.heading = (i, u)
            else:
                node.texts.append((i, u))
        return sorted(laws.values(), key=lambda n: n.seq)

    # -- stage 2: lxml -------------------------------------------------------------------------------
    def _set_unit(self, el: etree._Element, seq: int, unit: Unit) -> None:
        for name, value in unit_attributes(unit, seq, self.edition.lang):
            el.set(name, value)

    def _fill_inline(self, el: etree._Element, seq: int, unit: Unit) -> None:
        """Put ``unit.text`` into ``el`` with its footnotes right after their printed markers."""
        text = unit.text
        items: list[tuple[int, etree._Element]] = []
        own = list(self.hosted.get(seq, []))
        cursor = 0
        for k, fid in enumerate(unit.footnotes):
            marker = unit.markers[k] if k < len(unit.markers) else ""
            at = text.find(marker, cursor) if marker else -1
            offset = at + len(marker) if at >= 0 else len(text)
            if at >= 0:
                cursor = offset
            match = next((p for p in own if p[1].id == fid), None)
            if match is not None:
                own.remove(match)
                items.append((offset, self._note(match[0], match[1], marker)))
            else:
                ref = etree.Element(akn("noteRef"))
                if marker:
                    ref.set("marker", marker)
                ref.set("href", "#" + self.eid_of_note.get(fid, note_eid(unit.law, fid)))
                ref.set(la("footnote"), fid)
                items.append((offset, ref))
        for fseq, note in own:  # anchored here but not listed in unit.footnotes
            marker = note.label.strip()
            at = text.find(marker) if marker else -1
            items.append((at + len(marker) if at >= 0 else len(text), self._note(fseq, note, marker)))
        items.sort(key=lambda item: item[0])  # stable: listing order among equal offsets
        el.text = text[: items[0][0]] if items else text
        for n, (offset, child) in enumerate(items):
            el.append(child)
            end = items[n + 1][0] if n + 1 < len(items) else len(text)
            child.tail = text[offset:end]

    def _note(self, seq: int, unit: Unit, marker: str) -> etree._Element:
        note = etree.Element(akn("authorialNote"))
        note.set("eId", self.seq_eid[seq])
        marker = marker or unit.label.strip()
        if marker:
            note.set("marker", marker)
        note.set("placement", "bottom")
        self._set_unit(note, seq, unit)
        p = etree.SubElement(note, akn("p"))
        p.text = unit.text
        return note

    def _p(self, parent: etree._Element, seq: int, unit: Unit) -> None:
        p = etree.SubElement(parent, akn("p"))
        self._set_unit(p, seq, unit)
        self._fill_inline(p, seq, unit)

    def render(self, parent: etree._Element, node: _Node) -> None:
        el = etree.SubElement(parent, akn(node.tag))
        el.set("eId", self.eids.claim(node.eid))
        if node.name:
            el.set("name", node.name)
        num = self._num(node)
        if num:
            etree.SubElement(el, akn("num")).text = num
        if node.heading is not None:
            heading = etree.SubElement(el, akn("heading"))
            self._set_unit(heading, *node.heading)
            self._fill_inline(heading, *node.heading)
        children = sorted(node.children.values(), key=lambda n: n.seq)
        if node.note is not None:
            p = etree.SubElement(etree.SubElement(el, akn("content")), akn("p"))
            p.append(self._note(node.note[0], node.note[1], node.note[1].label.strip()))
        elif not children:
            if node.texts:
                content = etree.SubElement(el, akn("content"))
                for seq, unit in node.texts:
                    self._p(content, seq, unit)
        else:
            first = children[0].seq
            before = [t for t in node.texts if t[0] < first]
            after = [t for t in node.texts if t[0] >= first]
            if before:
                intro = etree.SubElement(el, akn("intro"))
                for seq, unit in before:
                    self._p(intro, seq, unit)
            for child in children:
                self.render(el, child)
            if after:
                wrap = etree.SubElement(el, akn("wrapUp"))
                for seq, unit in after:
                    self._p(wrap, seq, unit)

    @staticmethod
    def _num(node: _Node) -> str:
        if node.tag == "hcontainer":
            return ""
        if node.heading is not None and node.heading[1].label:
            return node.heading[1].label
        for _, unit in node.texts:
            if unit.role in NUMBERED_ROLES and unit.label:
                return unit.label
        return node.number


def _meta(edition: Edition, generated: str) -> etree._Element:
    date = source_date(edition.source_edition)
    lang3 = lang_to_iso639_2b(edition.lang)
    work = f"/akn/int/act/{date[:4]}/wbf-laws"
    expr = f"{work}/{lang3}@{date}"
    meta = etree.Element(akn("meta"))
    ident = etree.SubElement(meta, akn("identification"), source="#lawalign")
    frbr = etree.SubElement(ident, akn("FRBRWork"))
    etree.SubElement(frbr, akn("FRBRthis"), value=f"{work}/!main")
    etree.SubElement(frbr, akn("FRBRuri"), value=work)
    etree.SubElement(frbr, akn("FRBRdate"), date=date, name="edition")
    etree.SubElement(frbr, akn("FRBRauthor"), href="#wbf")
    etree.SubElement(frbr, akn("FRBRcountry"), value="int")
    frbr = etree.SubElement(ident, akn("FRBRExpression"))
    etree.SubElement(frbr, akn("FRBRthis"), value=f"{expr}/!main")
    etree.SubElement(frbr, akn("FRBRuri"), value=expr)
    etree.SubElement(frbr, akn("FRBRalias"), value=edition.name, name="edition")
    etree.SubElement(frbr, akn("FRBRdate"), date=date, name="translation")
    etree.SubElement(frbr, akn("FRBRauthor"), href="#wbf")
    etree.SubElement(frbr, akn("FRBRlanguage"), language=lang3)
    frbr = etree.SubElement(ident, akn("FRBRManifestation"))
    etree.SubElement(frbr, akn("FRBRthis"), value=f"{expr}/!main.xml")
    etree.SubElement(frbr, akn("FRBRuri"), value=f"{expr}.akn")
    etree.SubElement(
        frbr, akn("FRBRdate"), date=generated or date, name="generation" if generated else "source"
    )
    etree.SubElement(frbr, akn("FRBRauthor"), href="#lawalign")
    refs = etree.SubElement(meta, akn("references"), source="#lawalign")
    etree.SubElement(refs, akn("TLCOrganization"), eId="wbf", href="/ontology/organization/int/wbf",
                     showAs="World Bridge Federation")  # fmt: skip
    etree.SubElement(refs, akn("TLCOrganization"), eId="lawalign", href="/ontology/organization/int/lawalign",
                     showAs="lawalign")  # fmt: skip
    return meta


def _proprietary(
    meta: etree._Element,
    edition: Edition,
    links: Sequence[UnitLink],
    build: Mapping[str, object] | None = None,
) -> None:
    prop = etree.SubElement(meta, akn("proprietary"), source="#lawalign")
    if build is not None:  # which build wrote this file, from which inputs (lawalign build)
        el = etree.SubElement(prop, la("build"), id=str(build.get("id", "")), tool=str(build.get("tool", "")))
        inputs = build.get("inputs", [])
        for item in inputs if isinstance(inputs, list) else []:
            etree.SubElement(
                el, la("input"), path=str(item.get("path", "")), sha256=str(item.get("sha256", ""))
            )
    ed = etree.SubElement(prop, la("edition"))
    for name in ("name", "path", "lang", "source_edition", "encoding", "media_type"):
        value = str(getattr(edition, name))
        _check_text(value, "(edition)", name)
        ed.set(name, value)
    ed.set("authoritative", "true" if edition.authoritative else "false")
    ed.set("laws", json.dumps(list(edition.laws), ensure_ascii=False))
    if edition.laws_declared:  # the laws are the manifest's declaration (coverage follows it)
        ed.set("laws_declared", "true")
    _check_text(edition.description, "(edition)", "description")
    etree.SubElement(ed, la("description")).text = edition.description
    for notice in edition.notices:
        for value in (notice.code, notice.message, notice.path):
            _check_text(value, "(edition)", "a notice")
        el = etree.SubElement(ed, la("notice"), code=notice.code, path=notice.path, line=str(notice.line))
        el.text = notice.message
    for seq, unit in enumerate(edition.units):
        if unit.kind == "debris":
            el = etree.SubElement(ed, la("debris"))
            for name, value in unit_attributes(unit, seq, edition.lang):
                el.set(name, value)
            el.text = unit.text
    if links:
        box = etree.SubElement(prop, la("links"))
        for link in links:
            for value in (link.id, link.src_lang, link.tgt_lang, *link.src_sentences, *link.tgt_sentences):
                _check_text(value, link.id, "a link")
            el = etree.SubElement(box, la("link"), id=link.id, src_lang=link.src_lang, tgt_lang=link.tgt_lang,
                                  score=repr(float(link.score)))  # fmt: skip
            for bead in link.beads:
                etree.SubElement(el, la("bead"), src=" ".join(map(str, bead.src)),
                                 tgt=" ".join(map(str, bead.tgt)), score=repr(float(bead.score)))  # fmt: skip
            for sentence in link.src_sentences:
                etree.SubElement(el, la("src")).text = sentence
            for sentence in link.tgt_sentences:
                etree.SubElement(el, la("tgt")).text = sentence


def _indent(el: etree._Element, level: int = 0) -> None:
    """Indent structure two spaces a level; elements in ``TEXT_TAGS`` are left exactly as they are."""
    if el.tag in TEXT_TAGS or len(el) == 0:
        return
    pad = "\n" + "  " * (level + 1)
    el.text = pad
    for child in el:
        _indent(child, level + 1)
        child.tail = pad
    el[-1].tail = "\n" + "  " * level


def to_akn(
    edition: Edition,
    *,
    links: Sequence[UnitLink] = (),
    generated: str = "",
    build: Mapping[str, object] | None = None,
) -> bytes:
    """One edition as an Akoma Ntoso 3.0 ``act``: UTF-8, indented, with an XML declaration.

    Args:
        edition: the segmented edition (units in source order, debris included).
        links: cross-language unit links to keep in ``meta/proprietary`` (``la:links``).
        generated: a full date (``2024-05-01``) for the manifestation's FRBRdate; empty (the
            default) uses the source edition's date so output never depends on the clock.
        build: the build identity (``id``, ``tool``, ``inputs``) to record in ``meta/proprietary``.

    Returns:
        The document bytes; the same edition always gives the same bytes.

    Raises:
        InputError: a unit field holds a character XML 1.0 cannot carry (nothing is dropped), at
            the unit's file and line.
        StructureError: an edition field holds such a character.
        ConfigError: ``generated`` is not a full date.
    """
    if generated and not _FULL_DATE.fullmatch(generated):
        raise ConfigError(f"generated date must look like 2024-05-01, not {generated!r}")
    for unit in edition.units:
        _check_unit(unit)
    _check_text(edition.lang, "(edition)", "lang")
    root = etree.Element(akn("akomaNtoso"), nsmap=NSMAP)
    act = etree.SubElement(root, akn("act"), name="act")
    meta = _meta(edition, generated)
    _proprietary(meta, edition, links, build)
    act.append(meta)
    body = etree.SubElement(act, akn("body"))
    writer = _Writer(edition)
    tree = writer.build_tree()
    for node in tree:
        writer.render(body, node)
    if not tree:  # the schema wants at least one element in body; say why it is empty
        box = etree.SubElement(body, akn("hcontainer"), eId="hcontainer_empty", name="noLawText")
        etree.SubElement(etree.SubElement(box, akn("content")), akn("p"))
    _indent(root)
    data: bytes = etree.tostring(root, xml_declaration=True, encoding="UTF-8")
    return data + b"\n"
