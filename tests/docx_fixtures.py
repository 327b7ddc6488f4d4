"""Typeset the seeds as Word files, the way federations write them (test-only, python-docx).

Points ("1. ..."), section letters ("A. ...") and dashes ("- ...") become automatic list items: the
label is *not* in the text, only in ``numbering.xml`` (a list restarts where the seed's numbering
restarts). Law headings are set in ``Heading 1``, section headings in ``Heading 2``. A footnote whose
marker stands in an earlier paragraph becomes a real Word footnote at that marker (a custom mark such
as "<*>" or "*", or an automatically numbered one for "[1]"); the separator rule before it is dropped,
as Word draws its own.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, ClassVar

import docx
from docx.opc.constants import CONTENT_TYPE as CT
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.opc.packuri import PackURI
from docx.opc.part import Part
from docx.oxml.ns import qn
from lxml import etree

from pdf_fixtures import EPOCH, paragraphs, style_of

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
_POINT = re.compile(r"^(\d{1,2})\.\s+")
_LETTER = re.compile(r"^([A-H])\.\s+")
_DASH = re.compile(r"^-\s+")
_FOOTNOTE = re.compile(r"^(<\*>|\*|\[(\d+)\])\s+")
_SEPARATOR = re.compile(r"^-{4,}$")


def _el(tag: str, **attrs: str) -> Any:
    el = etree.Element(qn(tag))
    for k, v in attrs.items():
        el.set(qn(f"w:{k}"), v)
    return el


def _sub(parent: Any, tag: str, **attrs: str) -> Any:
    el = _el(tag, **attrs)
    parent.append(el)
    return el


class _Lists:
    """Abstract lists (decimal, upper letter, dash bullet) and one ``w:num`` per run of a list."""

    FORMATS: ClassVar[dict[str, tuple[str, str]]] = {
        "point": ("decimal", "%1."),
        "letter": ("upperLetter", "%1."),
        "dash": ("bullet", "-"),
    }

    def __init__(self, document: Any) -> None:
        self.root = document.part.numbering_part.element
        self.abstract: dict[str, str] = {}
        self.current: dict[str, tuple[str, int]] = {}  # kind → (numId, last number)
        for n, (kind, (fmt, text)) in enumerate(self.FORMATS.items(), start=90):
            absn = _el("w:abstractNum", abstractNumId=str(n))
            lvl = _sub(absn, "w:lvl", ilvl="0")
            _sub(lvl, "w:start", val="1")
            _sub(lvl, "w:numFmt", val=fmt)
            _sub(lvl, "w:lvlText", val=text)
            _sub(lvl, "w:lvlJc", val="left")
            first_num = self.root.find(qn("w:num"))
            if first_num is not None:
                first_num.addprevious(absn)
            else:
                self.root.append(absn)
            self.abstract[kind] = str(n)
        self.next_id = 900

    def num_for(self, kind: str, number: int, *, run_on: bool = False) -> str:
        """The list a paragraph numbered ``number`` belongs to: the running one, or a restart.

        With ``run_on``, a list is never restarted (as Word does when nobody restarts it): the
        numbers run on across sections.
        """
        running = self.current.get(kind)
        if running is not None and (kind == "dash" or run_on or running[1] + 1 == number):
            self.current[kind] = (running[0], number)
            return running[0]
        self.next_id += 1
        num = _sub(self.root, "w:num", numId=str(self.next_id))
        _sub(num, "w:abstractNumId", val=self.abstract[kind])
        override = _sub(num, "w:lvlOverride", ilvl="0")
        _sub(override, "w:startOverride", val=str(number))
        self.current[kind] = (str(self.next_id), number)
        return str(self.next_id)


def _number(paragraph: Any, num_id: str) -> None:
    ppr = paragraph._p.get_or_add_pPr()
    numpr = _sub(ppr, "w:numPr")
    _sub(numpr, "w:ilvl", val="0")
    _sub(numpr, "w:numId", val=num_id)


class _Footnotes:
    def __init__(self, document: Any) -> None:
        self.root = etree.fromstring(
            f'<w:footnotes xmlns:w="{W_NS}">'
            '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>'
            '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/>'
            "</w:r></w:p></w:footnote></w:footnotes>".encode()
        )
        self.document = document
        self.count = 0

    def add(self, paragraph: Any, mark: str, text: str) -> None:
        """A footnote reference at the end of ``paragraph``'s next run, and the footnote's body."""
        self.count += 1
        fid = str(self.count)
        run = paragraph.add_run()
        ref = _sub(run._r, "w:footnoteReference", id=fid)
        custom = not mark.startswith("[")
        if custom:
            ref.set(qn("w:customMarkFollows"), "1")
            run.add_text(mark)
        note = _sub(self.root, "w:footnote", id=fid)
        p = _sub(note, "w:p")
        r = _sub(p, "w:r")
        if custom:
            _sub(r, "w:t").text = mark + " "
        else:
            _sub(r, "w:footnoteRef")
        r2 = _sub(p, "w:r")
        t = _sub(r2, "w:t")
        t.text = (" " if not custom else "") + text
        t.set("{http://www.w3.org/XML/1998/namespace}space", "preserve")

    def save(self) -> None:
        if not self.count:
            return
        part = Part(
            PackURI("/word/footnotes.xml"),
            CT.WML_FOOTNOTES,
            etree.tostring(self.root),
            self.document.part.package,
        )
        self.document.part.relate_to(part, RT.FOOTNOTES)


def _anchored(paras: list[str]) -> dict[int, tuple[int, str, str]]:
    """Footnote paragraph index → (anchor paragraph index, mark, footnote text)."""
    out: dict[int, tuple[int, str, str]] = {}
    used: set[int] = set()
    for i, para in enumerate(paras):
        m = _FOOTNOTE.match(para)
        if not m:
            continue
        mark = m.group(1)
        pattern = re.escape(mark) if mark != "*" else r"(?<=\w)\*"
        for j in range(i):
            if (
                j not in used
                and j not in out
                and re.search(pattern, paras[j])
                and not _FOOTNOTE.match(paras[j])
            ):
                out[i] = (j, mark, para[m.end() :])
                used.add(j)
                break
    return out


def word(text: str, path: Path, *, revisions: bool = False, run_on: bool = False) -> Path:
    """Write ``text`` as a .docx with automatic numbering, heading styles and real footnotes.

    With ``revisions``, the first body paragraph also carries a tracked deletion and a comment. With
    ``run_on``, no list is ever restarted: point numbers run on across sections, as Word numbers a
    list nobody restarted.
    """
    document = docx.Document()
    lists = _Lists(document)
    notes = _Footnotes(document)
    paras = paragraphs(text)
    anchored = _anchored(paras)
    skip = {i for i in anchored}
    skip |= {i - 1 for i in anchored if i > 0 and _SEPARATOR.match(paras[i - 1])}
    placed: dict[int, Any] = {}
    first_body = True
    for i, para in enumerate(paras):
        if i in skip:
            continue
        kind = style_of(para)
        num: tuple[str, int] | None = None
        body = para
        if m := _POINT.match(para):
            num, body = ("point", int(m.group(1))), para[m.end() :]
        elif m := _LETTER.match(para):
            num, body = ("letter", ord(m.group(1)) - 64), para[m.end() :]
        elif m := _DASH.match(para):
            num, body = ("dash", 0), para[m.end() :]
        if re.match(r"^\w+ \d{1,3}\.", para) and kind == "heading" and num is None:
            style = "Heading 1"
        elif kind == "heading":
            style = "Heading 2"
        else:
            style = None
        # The marker of a real footnote is printed by the reference, not typed in the text.
        refs = [(j, mark, note) for j, (a, mark, note) in sorted(anchored.items()) if a == i]
        for _, mark, _ in refs:
            pattern = re.escape(mark) if mark != "*" else r"(?<=\w)\*"
            body = re.sub(pattern, "\x00", body, count=1)
        paragraph = document.add_paragraph(style=style)
        pieces = body.split("\x00")
        for k, piece in enumerate(pieces):
            if piece:
                paragraph.add_run(piece)
            if k < len(refs):
                notes.add(paragraph, refs[k][1], refs[k][2])
        if num is not None:
            _number(paragraph, lists.num_for(*num, run_on=run_on))
        if revisions and first_body and kind == "body" and num is None:
            first_body = False
            run = paragraph.add_run()
            deleted = _el("w:del", id="77", author="Editor", date="2007-01-01T00:00:00Z")
            run._r.addprevious(deleted)
            deleted.append(run._r)
            _sub(run._r, "w:delText").text = " (wording withdrawn)"
            document.add_comment(paragraph.runs[0], text="check against the English text", author="Reviewer")
        placed[i] = paragraph
    notes.save()
    document.core_properties.created = EPOCH
    document.core_properties.modified = EPOCH
    document.save(str(path))
    return path


ODT_NS = {
    "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
    "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
    "style": "urn:oasis:names:tc:opendocument:xmlns:style:1.0",
}


def _o(tag: str) -> str:
    prefix, name = tag.split(":")
    return f"{{{ODT_NS[prefix]}}}{name}"


def odt(text: str, path: Path) -> Path:
    """Write ``text`` as an OpenDocument text file: numbered lists, ``text:h`` headings, inline notes."""
    import zipfile

    root = etree.Element(_o("office:document-content"), nsmap=ODT_NS)
    root.set(_o("office:version"), "1.3")
    auto = etree.SubElement(root, _o("office:automatic-styles"))
    for name, fmt in (("Points", "1"), ("Letters", "A"), ("Dashes", "")):
        ls = etree.SubElement(auto, _o("text:list-style"))
        ls.set(_o("style:name"), name)
        if fmt:
            lvl = etree.SubElement(ls, _o("text:list-level-style-number"))
            lvl.set(_o("style:num-format"), fmt)
            lvl.set(_o("style:num-suffix"), ".")
        else:
            lvl = etree.SubElement(ls, _o("text:list-level-style-bullet"))
            lvl.set(_o("text:bullet-char"), "-")
        lvl.set(_o("text:level"), "1")
    body = etree.SubElement(etree.SubElement(root, _o("office:body")), _o("office:text"))
    paras = paragraphs(text)
    anchored = _anchored(paras)
    skip = set(anchored) | {i - 1 for i in anchored if i > 0 and _SEPARATOR.match(paras[i - 1])}
    for i, para in enumerate(paras):
        if i in skip:
            continue
        kind = style_of(para)
        item: tuple[str, int] | None = None
        content = para
        if m := _POINT.match(para):
            item, content = ("Points", int(m.group(1))), para[m.end() :]
        elif m := _LETTER.match(para):
            item, content = ("Letters", ord(m.group(1)) - 64), para[m.end() :]
        elif m := _DASH.match(para):
            item, content = ("Dashes", 0), para[m.end() :]
        parent = body
        if item is not None:
            lst = etree.SubElement(body, _o("text:list"))
            lst.set(_o("text:style-name"), item[0])
            li = etree.SubElement(lst, _o("text:list-item"))
            if item[1]:
                li.set(_o("text:start-value"), str(item[1]))
            parent = li
        el = etree.SubElement(parent, _o("text:h") if kind == "heading" else _o("text:p"))
        if kind == "heading":
            el.set(_o("text:outline-level"), "1")
        refs = [(mark, note) for _, (a, mark, note) in sorted(anchored.items()) if a == i]
        for mark, _ in refs:
            pattern = re.escape(mark) if mark != "*" else r"(?<=\w)\*"
            content = re.sub(pattern, "\x00", content, count=1)
        pieces = content.split("\x00")
        el.text = pieces[0]
        for (mark, note), piece in zip(refs, pieces[1:], strict=True):
            n = etree.SubElement(el, _o("text:note"))
            n.set(_o("text:note-class"), "footnote")
            cite = etree.SubElement(n, _o("text:note-citation"))
            if not mark.startswith("["):
                cite.set(_o("text:label"), mark)
            cite.text = mark
            etree.SubElement(etree.SubElement(n, _o("text:note-body")), _o("text:p")).text = note
            n.tail = piece
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr(
            zipfile.ZipInfo("mimetype", (2007, 1, 1, 0, 0, 0)), "application/vnd.oasis.opendocument.text"
        )
        zf.writestr(
            zipfile.ZipInfo("content.xml", (2007, 1, 1, 0, 0, 0)),
            etree.tostring(root, xml_declaration=True, encoding="UTF-8"),
        )
    return path
