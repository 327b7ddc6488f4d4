"""Word (.docx) and OpenDocument (.odt) files → located paragraphs, with what the text shows.

Word files are opened with python-docx (the package and its parts); the WordprocessingML is read
here, in document order, body, tables and content controls included:

``numbering``
    Automatic list numbers are not in the text: each numbered paragraph gets the label Word prints,
    resolved from ``numbering.xml`` (the paragraph's or its style's ``numPr``, the level's start,
    format and ``lvlText`` such as ``"%1."``; counters per list, deeper levels restarting, a
    ``startOverride`` restarting a list). Formats: decimal, letters, roman, Cyrillic letters,
    bullets; any other is read as decimal, with a notice.
``headings``
    A paragraph in a heading style (``heading 1``–``9``, ``Title``, or any style or paragraph with an
    outline level) is marked as a heading (``Line.heading``).
``footnotes``
    A footnote reference prints its mark in the text (the custom mark that follows it, else "[n]"
    for the n-th numbered footnote); the footnote itself is read as a paragraph "mark text" placed
    right after the paragraph holding its reference, where the structure stage ties it to that
    anchor. Endnotes likewise.
``revisions``
    Tracked insertions read as accepted; tracked deletions (and moved-away text) are not law text
    and become debris ``tracked-deletion``; comments become debris ``comment``, located at the
    paragraph they annotate.

Field instructions, drawings and page breaks print no law text and are skipped; a manual line
break starts a new line of the same paragraph. The ``line`` of a paragraph is its number in the
document (1-based, table and content-control paragraphs included). A Word file has pages only as
Word laid them out when it last saved the file (``w:lastRenderedPageBreak``) or as its author broke
them (a page break, "page break before"): when it records any, each paragraph gets its ``page`` and
its ``line`` is its number on that page (Word's own layout first; the manual breaks when Word left
no layout), as for a PDF; a file recording none has no pages.

OpenDocument text is read from ``content.xml`` the same way: ``text:h`` headings, ``text:list``
numbering from the list style, inline ``text:note`` footnotes, tracked changes and annotations as
debris.
"""

from __future__ import annotations

import io
import logging
import re
import zipfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from lxml import etree

from lawalign.errors import InputError
from lawalign.ingest.document import Aside, Document, Paragraph
from lawalign.ingest.listmarks import roman
from lawalign.ingest.tables import row_lines
from lawalign.ingest.xmlsafe import parse_xml
from lawalign.limits import (
    LIST_MAX_LEVEL,
    LIST_MAX_START,
    MAX_PARAGRAPH_CHARS,
    SPACES_MAX,
    XML_MAX_BYTES,
    ZIP_MAX_MEMBERS,
    ZIP_MAX_RATIO,
    ZIP_MAX_TOTAL,
)
from lawalign.models import Notice

log = logging.getLogger(__name__)

DOCX_MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
ODT_MEDIA_TYPE = "application/vnd.oasis.opendocument.text"

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
_REL_FOOTNOTES = "/footnotes"
_REL_ENDNOTES = "/endnotes"
_REL_COMMENTS = "/comments"
# Symbol-font bullets Word stores in the private use area.
_BULLETS = {"\uf0b7": "•", "\uf0a7": "▪", "\uf0d8": "➢", "\uf0fc": "✓", "\uf02d": "-", "o": "o"}
_HEADING_STYLE = re.compile(r"^(heading\s*\d|title|subtitle|überschrift\s*\d|titre\s*\d)$", re.I)


def w(tag: str) -> str:
    """Clark name of a WordprocessingML element: ``w("p")`` → ``{…/main}p``."""
    return f"{{{W}}}{tag}"


def _val(el: Any, child: str, attr: str = "val") -> str | None:
    if el is None:
        return None
    found = el.find(w(child))
    return None if found is None else found.get(w(attr))


def _safe_xml(blob: bytes | Any, path: str, part: str, *, keep: bool = True) -> Any:
    """A part's XML through the one hardened, bounded parser (:func:`lawalign.ingest.xmlsafe.parse_xml`)."""
    return parse_xml(blob, path, part=part, keep=keep)


def open_archive(data: bytes, path: str, what: str) -> zipfile.ZipFile:
    """The ZIP archive of a Word or OpenDocument file, its members checked before any is inflated.

    Refused: more than :data:`~lawalign.limits.ZIP_MAX_MEMBERS` members, a member declaring more than
    :data:`~lawalign.limits.XML_MAX_BYTES`, all members together more than
    :data:`~lawalign.limits.ZIP_MAX_TOTAL`, or a member over 1 MiB inflating more than
    :data:`~lawalign.limits.ZIP_MAX_RATIO` times (a ZIP bomb). A member that inflates past what it
    declares is stopped by the ZIP reader (it reads no more than the declared size) and its check sum.

    Raises:
        InputError: not a ZIP archive, or a limit passed (naming the member).
    """
    try:
        zf = zipfile.ZipFile(io.BytesIO(data))
        infos = zf.infolist()
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise InputError(path, f"damaged {what} file: {exc}") from None
    if len(infos) > ZIP_MAX_MEMBERS:
        raise InputError(
            path, f"{what} file has {len(infos):,} ZIP members, over the limit of {ZIP_MAX_MEMBERS:,}"
        )
    total = 0
    for info in infos:
        total += info.file_size
        ratio = info.file_size / max(info.compress_size, 1)
        if info.file_size > XML_MAX_BYTES:
            raise InputError(
                path,
                f"{what} file part {info.filename}: inflates to {info.file_size:,} bytes, over the limit of "
                f"{XML_MAX_BYTES:,} for one part (refused before inflating)",
            )
        if info.file_size > 1 << 20 and ratio > ZIP_MAX_RATIO:
            raise InputError(
                path,
                f"{what} file part {info.filename}: inflates {ratio:,.0f} times ({info.compress_size:,} to "
                f"{info.file_size:,} bytes), over the limit of {ZIP_MAX_RATIO} (a ZIP bomb; refused before "
                "inflating)",
            )
        if total > ZIP_MAX_TOTAL:
            raise InputError(
                path,
                f"{what} file inflates to more than {ZIP_MAX_TOTAL:,} bytes in all (refused unread)",
            )
    return zf


def read_member(zf: zipfile.ZipFile, name: str, path: str, limit: int = XML_MAX_BYTES) -> bytes:
    """A member's bytes, read in chunks and never more than ``limit``.

    Raises:
        InputError: the member inflates past ``limit``, or is damaged.
    """
    out = bytearray()
    try:
        with zf.open(name) as fh:
            while True:
                chunk = fh.read(1 << 16)
                if not chunk:
                    break
                out += chunk
                if len(out) > limit:
                    raise InputError(path, f"{name}: inflates past {limit:,} bytes (refused)")
    except (zipfile.BadZipFile, OSError, RuntimeError, ValueError, EOFError) as exc:
        raise InputError(path, f"{name}: damaged member ({exc})") from None
    return bytes(out)


def _check_parts(zf: zipfile.ZipFile, path: str, what: str) -> None:
    """Run every XML part of a package through the hardened parser (entities refused, bounded)
    before python-docx, whose own parser drops entities silently, reads them."""
    for info in zf.infolist():
        if info.filename.endswith((".xml", ".rels")) and not info.is_dir():
            try:
                with zf.open(info) as fh:
                    _safe_xml(fh, path, f"{what} file part {info.filename}", keep=False)
            except (zipfile.BadZipFile, OSError, RuntimeError, EOFError) as exc:
                raise InputError(path, f"{info.filename}: damaged member ({exc})") from None


def _int(el: Any, attr: str, path: str, part: str, default: int, low: int, high: int, label: str = "") -> int:
    """A whole-number attribute, checked and capped.

    Raises:
        InputError: ``path: <part>, line L: w:start='abc' is not a whole number`` (or outside
            ``low``–``high``).
    """
    raw = el.get(attr)
    if raw is None:
        return default
    if not label:
        name = attr.rsplit("}", 1)[-1]
        label = ("w:" if attr.startswith(f"{{{W}}}") else "text:" if ":text:" in attr else "") + name
    where = f"{part}, line {el.sourceline}" if el.sourceline else part
    value = raw.strip()
    if not re.fullmatch(r"[+-]?\d{1,12}", value):
        raise InputError(path, f"{where}: {label}={raw[:20]!r} is not a whole number")
    number = int(value)
    if not low <= number <= high:
        raise InputError(path, f"{where}: {label}={number} is outside the supported range {low}-{high:,}")
    return number


def _wint(el: Any, child: str, path: str, part: str, default: int, low: int, high: int) -> int:
    """``_int`` of the ``w:val`` of ``el``'s child ``child`` (``default`` when absent)."""
    if el is None:
        return default
    found = el.find(w(child))
    return default if found is None else _int(found, w("val"), path, part, default, low, high, f"w:{child}")


# --- numbering ---------------------------------------------------------------------------------------

_RUSSIAN = "абвгдежзиклмнопрстуфхцчшщэюя"


def _letters(n: int, alphabet: str) -> str:
    """Word's letter numbering: a … z, aa … zz, aaa … (the letter repeated)."""
    k = len(alphabet)
    return alphabet[(n - 1) % k] * ((n - 1) // k + 1) if n > 0 else ""


def format_number(n: int, fmt: str) -> str:
    """A list counter in one of Word's number formats.

    >>> [format_number(3, f) for f in ("decimal", "upperLetter", "lowerRoman", "russianUpper")]
    ['3', 'C', 'iii', 'В']
    """
    if fmt in ("upperLetter", "lowerLetter"):
        s = _letters(n, "abcdefghijklmnopqrstuvwxyz")
        return s.upper() if fmt == "upperLetter" else s
    if fmt in ("upperRoman", "lowerRoman"):
        out = roman(n)
        return out.upper() if fmt == "upperRoman" else out
    if fmt in ("russianUpper", "russianLower"):
        s = _letters(n, _RUSSIAN)
        return s.upper() if fmt == "russianUpper" else s
    if fmt == "decimalZero":
        return f"{n:02d}"
    return str(n)


KNOWN_FORMATS = frozenset(
    {"decimal", "upperLetter", "lowerLetter", "upperRoman", "lowerRoman", "russianUpper", "russianLower",
     "decimalZero", "bullet", "none"}
)  # fmt: skip


@dataclass(slots=True)
class _Level:
    start: int = 1
    fmt: str = "decimal"
    text: str = "%1."
    suffix: str = " "
    legal: bool = False
    restart: int | None = None  # restart after this (1-based) level; None: after any higher level


@dataclass(slots=True)
class _Numbering:
    """Resolves ``(numId, ilvl)`` to printed labels, keeping Word's counters in document order."""

    levels: dict[str, dict[int, _Level]] = field(default_factory=dict)  # abstractNumId → levels
    nums: dict[str, str] = field(default_factory=dict)  # numId → abstractNumId
    overrides: dict[tuple[str, int], int] = field(default_factory=dict)  # (numId, ilvl) → start
    counters: dict[str, dict[int, int]] = field(default_factory=dict)
    unknown: set[str] = field(default_factory=set)

    @classmethod
    def parse(cls, root: Any, path: str = "") -> _Numbering:
        out = cls()
        if root is None:
            return out
        part = "Word file part word/numbering.xml"
        levels_max = LIST_MAX_LEVEL - 1
        for absn in root.iter(w("abstractNum")):
            levels: dict[int, _Level] = {}
            for lvl in absn.iter(w("lvl")):
                level = _Level()
                level.start = _wint(lvl, "start", path, part, 1, 0, LIST_MAX_START)
                level.fmt = _val(lvl, "numFmt") or "decimal"
                level.text = _val(lvl, "lvlText") if _val(lvl, "lvlText") is not None else ""  # type: ignore[assignment]
                level.suffix = {"tab": " ", "space": " ", "nothing": ""}.get(_val(lvl, "suff") or "tab", " ")
                level.legal = lvl.find(w("isLgl")) is not None
                restart = lvl.find(w("lvlRestart"))
                level.restart = (
                    _int(restart, w("val"), path, part, 0, 0, LIST_MAX_LEVEL, "w:lvlRestart")
                    if restart is not None
                    else None
                )
                levels[_int(lvl, w("ilvl"), path, part, 0, 0, levels_max)] = level
            out.levels[absn.get(w("abstractNumId"), "")] = levels
        for num in root.iter(w("num")):
            num_id = num.get(w("numId"), "")
            out.nums[num_id] = _val(num, "abstractNumId") or ""
            for ov in num.iter(w("lvlOverride")):
                if ov.find(w("startOverride")) is not None:
                    start = _wint(ov, "startOverride", path, part, 1, 0, LIST_MAX_START)
                    out.overrides[(num_id, _int(ov, w("ilvl"), path, part, 0, 0, levels_max))] = start
        return out

    def label(self, num_id: str, ilvl: int) -> str:
        """The label printed for the next paragraph of list ``num_id`` at level ``ilvl`` ("" if none)."""
        abstract = self.nums.get(num_id)
        if abstract is None or num_id == "0":
            return ""
        levels = self.levels.get(abstract, {})
        level = levels.get(ilvl)
        if level is None:
            return ""
        # Lists with their own start override count on their own; others share the abstract list.
        key = num_id if any(k[0] == num_id for k in self.overrides) else f"abstract:{abstract}"
        counters = self.counters.setdefault(key, {})
        if ilvl not in counters:
            counters[ilvl] = self.overrides.get((num_id, ilvl), level.start) - 1
        counters[ilvl] += 1
        for deeper in [k for k in counters if k > ilvl]:
            restart = levels.get(deeper, _Level()).restart
            if restart is None or restart - 1 >= ilvl:
                del counters[deeper]
        if level.fmt == "none":
            return ""
        if level.fmt == "bullet":
            return "".join(_BULLETS.get(ch, ch) for ch in level.text) + level.suffix if level.text else ""
        if level.fmt not in KNOWN_FORMATS:
            self.unknown.add(level.fmt)

        def fill(m: re.Match[str]) -> str:
            k = int(m.group(1)) - 1
            lv = levels.get(k, _Level())
            n = counters.get(k, self.overrides.get((num_id, k), lv.start))
            fmt = "decimal" if (level.legal and lv.fmt != "bullet") else lv.fmt
            return format_number(n, fmt)

        text = re.sub(r"%([1-9])", fill, level.text)
        return text + level.suffix if text else ""


# --- styles ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Style:
    heading: bool
    num_id: str | None
    ilvl: int | None


def _styles(root: Any, path: str = "") -> dict[str, _Style]:
    """Paragraph styles by id, with heading-ness and numbering resolved through ``basedOn``."""
    if root is None:
        return {}
    raw: dict[str, Any] = {s.get(w("styleId"), ""): s for s in root.iter(w("style"))}
    out: dict[str, _Style] = {}

    def resolve(sid: str, depth: int = 0) -> _Style:
        if sid in out:
            return out[sid]
        el = raw.get(sid)
        if el is None or depth > 20:
            return _Style(False, None, None)
        name = _val(el, "name") or ""
        ppr = el.find(w("pPr"))
        parent = resolve(_val(el, "basedOn") or "", depth + 1) if _val(el, "basedOn") else None
        outline = _val(ppr, "outlineLvl")
        heading = bool(_HEADING_STYLE.match(name) or (outline is not None and outline != "9"))
        if not heading and parent is not None and outline is None:
            heading = parent.heading
        numpr = ppr.find(w("numPr")) if ppr is not None else None
        num_id = _val(numpr, "numId") if numpr is not None else (parent.num_id if parent else None)
        ilvl_el = numpr.find(w("ilvl")) if numpr is not None else None
        ilvl = (
            _int(
                ilvl_el, w("val"), path, "Word file part word/styles.xml", 0, 0, LIST_MAX_LEVEL - 1, "w:ilvl"
            )
            if ilvl_el is not None
            else (parent.ilvl if parent else None)
        )
        style = _Style(heading, num_id, ilvl)
        out[sid] = style
        return style

    for sid in raw:
        resolve(sid)
    return out


# --- reading the body --------------------------------------------------------------------------------


@dataclass(slots=True)
class _Notes:
    """Footnote and endnote bodies by id, and the marks given to them as references are met."""

    bodies: dict[tuple[str, str], Any] = field(default_factory=dict)  # (kind, id) → element
    numbered: int = 0


@dataclass(slots=True)
class _Reader:
    path: str
    numbering: _Numbering
    styles: dict[str, _Style]
    notes: _Notes
    comments: dict[str, tuple[str, str]]  # id → (author, text)
    paragraphs: list[Paragraph] = field(default_factory=list)
    removed: list[Aside] = field(default_factory=list)
    number: int = 0
    insertions: int = 0
    pending_notes: list[tuple[str, str, Any]] = field(default_factory=list)  # (mark, kind, element)
    paging: str = ""  # "rendered" (Word's saved layout), "manual" (page breaks), "" (no pages)
    page: int = 1
    on_page: int = 0  # the paragraph's number on its page

    @property
    def where(self) -> tuple[int, int | None]:
        """(line, page) of the current paragraph: its number on its page, or in the document."""
        return (self.on_page, self.page) if self.paging else (self.number, None)

    def _breaks(self, p: Any) -> tuple[int, int]:
        """Page breaks in paragraph ``p``: (before any of its text, after some of it)."""
        if not self.paging:
            return (0, 0)
        before = after = 0
        seen_text = False
        for el in p.iter(w("t"), w("lastRenderedPageBreak"), w("br")):
            if el.tag == w("t"):
                seen_text = seen_text or bool((el.text or "").strip())
                continue
            if self.paging == "rendered" and el.tag != w("lastRenderedPageBreak"):
                continue
            if self.paging == "manual" and not (el.tag == w("br") and el.get(w("type")) == "page"):
                continue
            if seen_text:
                after += 1
            else:
                before += 1
        return (before, after)

    def body(self, container: Any) -> None:
        for el in container:
            tag = el.tag
            if tag == w("p"):
                self.paragraph(el)
            elif tag == w("tbl"):
                self.table(el)
            elif tag in (w("sdt"), w("customXml")):
                content = el.find(w("sdtContent")) if tag == w("sdt") else el
                if content is not None:
                    self.body(content)

    def table(self, tbl: Any) -> None:
        """A table as Word draws it: each row's cells side by side, the first paragraphs of its cells
        on one line, then the second ones, and so on ("A." beside "Claim Defined" reads "A.\tClaim
        Defined"). A nested table is read inside its cell, once (every cell of the document was
        walked, and a nested table's cells again inside their own cell: their text came twice)."""
        for row in _children(tbl, w("tr")):
            _read_row(self.paragraphs, _children(row, w("tc")), self.body)

    def paragraph(self, p: Any) -> None:
        self.number += 1
        ppr = p.find(w("pPr"))
        before, after = self._breaks(p)
        if self.paging == "manual" and ppr is not None and ppr.find(w("pageBreakBefore")) is not None:
            if _val(ppr, "pageBreakBefore") not in ("0", "false", "off"):
                before += 1
        if before and self.on_page:
            self.page += before
            self.on_page = 0
        self.on_page += 1
        style = self.styles.get(_val(ppr, "pStyle") or "", _Style(False, None, None))
        numpr = ppr.find(w("numPr")) if ppr is not None else None
        num_id = _val(numpr, "numId") if numpr is not None else None
        ilvl_el = numpr.find(w("ilvl")) if numpr is not None else None
        if num_id is None:
            num_id = style.num_id
        ilvl = (
            _int(
                ilvl_el,
                w("val"),
                self.path,
                "Word file part word/document.xml",
                0,
                0,
                LIST_MAX_LEVEL - 1,
                "w:ilvl",
            )
            if ilvl_el is not None
            else (style.ilvl or 0)
        )
        outline = _val(ppr, "outlineLvl")
        heading = style.heading if outline is None else outline != "9"
        label = self.numbering.label(num_id, ilvl) if num_id else ""
        parts: list[str] = [label]
        self.runs(p, parts)
        text = "".join(parts)
        line, page = self.where
        for k, piece in enumerate(text.split("\n")):
            if piece.strip() or (k == 0 and "\n" not in text):
                self.paragraphs.append(Paragraph(piece, line, line, page, page, heading=heading))
        anchor = self.number
        for mark, kind, body in self.pending_notes:
            note = self.note_text(mark, body)
            if note.strip():
                self.paragraphs.append(Paragraph(note, line, line, page, page))
            log.debug("%s: %s %s at paragraph %d", self.path, kind, mark, anchor)
        self.pending_notes.clear()
        if after:  # the paragraph runs onto a later page: the next one starts there
            self.page += after
            self.on_page = 0

    def note_text(self, mark: str, body: Any) -> str:
        parts: list[str] = []
        for p in body.iter(w("p")):
            if parts:
                parts.append(" ")
            self.runs(p, parts, in_note=True)
        text = " ".join("".join(parts).split("\n")).strip()
        return text if text.startswith(mark) else f"{mark} {text}"

    def runs(self, container: Any, parts: list[str], in_note: bool = False) -> None:
        """Append the visible text of ``container``'s runs to ``parts`` (document order)."""
        in_field = 0  # inside a complex field's instruction part
        custom_mark = False
        for el in _walk(container):
            tag = el.tag
            if tag == w("fldChar"):
                kind = el.get(w("fldCharType"))
                if kind == "begin":
                    in_field += 1
                elif kind in ("separate", "end") and in_field:
                    in_field -= 1
                continue
            if in_field:
                continue
            if tag == w("t"):
                text = el.text or ""
                if custom_mark:
                    custom_mark = False
                    self.pending_notes[-1] = (text.strip() or "*", *self.pending_notes[-1][1:])
                parts.append(text)
            elif tag in (w("tab"), w("ptab")):
                parts.append("\t")
            elif tag in (w("br"), w("cr")):
                if el.get(w("type")) in (None, "textWrapping"):
                    parts.append("\n")
            elif tag == w("noBreakHyphen"):
                parts.append("\u2011")
            elif tag == w("softHyphen"):
                parts.append("\u00ad")
            elif tag == w("sym"):
                code = el.get(w("char"), "")
                if re.fullmatch(r"[0-9A-Fa-f]{1,6}", code) and int(code, 16) <= 0x10FFFF:
                    ch = chr(int(code, 16))
                    parts.append(_BULLETS.get(ch, ch))
            elif tag in (w("footnoteReference"), w("endnoteReference")) and not in_note:
                kind = "footnote" if tag == w("footnoteReference") else "endnote"
                body = self.notes.bodies.get((kind, el.get(w("id"), "")))
                if el.get(w("customMarkFollows")) in ("1", "true", "on"):
                    custom_mark = True
                    self.pending_notes.append(("*", kind, body))
                else:
                    self.notes.numbered += 1
                    mark = f"[{self.notes.numbered}]"
                    parts.append(mark)
                    self.pending_notes.append((mark, kind, body))
                if body is None:
                    self.pending_notes.pop()
                    custom_mark = False
            elif tag == w("commentReference"):
                author, text = self.comments.get(el.get(w("id"), ""), ("", ""))
                if text.strip():
                    who = f"comment by {author}" if author else "comment"
                    self.removed.append(Aside(text, self.where[0], "comment", who, self.where[1]))
            elif tag in (w("del"), w("moveFrom")):
                deleted = "".join(t.text or "" for t in el.iter(w("delText"), w("t")))
                if deleted.strip():
                    author = el.get(w("author"), "")
                    why = "deleted text (tracked change" + (f" by {author})" if author else ")")
                    self.removed.append(
                        Aside(deleted.strip(), self.where[0], "tracked-deletion", why, self.where[1])
                    )
            elif tag in (w("ins"), w("moveTo")):
                self.insertions += 1


_SKIP = frozenset(
    {w("pPr"), w("rPr"), w("instrText"), w("delInstrText"), w("drawing"), w("pict"), w("object"),
     w("fldData"), w("footnoteRef"), w("endnoteRef"), w("annotationRef"), w("separator"),
     w("continuationSeparator"), w("sectPr"), w("commentRangeStart"), w("commentRangeEnd")}
)  # fmt: skip
_LEAVES = frozenset({w("del"), w("moveFrom")})


def _children(el: Any, tag: str) -> Iterator[Any]:
    """The ``tag`` children of ``el`` (a table's rows, a row's cells), also inside content controls
    and custom XML that wrap them."""
    for child in el:
        if child.tag == tag:
            yield child
        elif child.tag in (w("sdt"), w("sdtContent"), w("customXml")):
            yield from _children(child, tag)


def _side_by_side(cells: list[list[Paragraph]]) -> list[Paragraph]:
    r"""A table row's lines as Word draws it (:func:`lawalign.ingest.tables.row_lines`): cells side by
    side joined by a tab, the line spanning the paragraphs it joins; a layout in columns cell after
    cell.

    >>> cells = [[Paragraph("A.", 1, 1)], [Paragraph("Claim", 2, 2), Paragraph("Any", 3, 3)]]
    >>> [(p.text, p.line, p.line_end) for p in _side_by_side(cells)]
    [('A.\tClaim', 1, 2), ('Any', 3, 3)]
    >>> columns = [[Paragraph("Home", 1, 1), Paragraph("Laws", 2, 2)], [Paragraph("LAW 68", 3, 3)]]
    >>> [p.text for p in _side_by_side(columns)]
    ['Home', 'Laws', 'LAW 68']
    """
    drawn = row_lines(cells, lambda p: bool(p.text.strip()), _joined)
    return drawn if drawn is not None else [p for c in cells for p in c]


def _joined(pieces: list[Paragraph]) -> Paragraph:
    """Paragraphs side by side as one line, joined by a tab, spanning their lines and pages."""
    pages = [p.page for p in pieces if p.page is not None]
    ends = [p.page_end for p in pieces if p.page_end is not None]
    return Paragraph(
        "\t".join(p.text for p in pieces),
        min(p.line for p in pieces),
        max(p.line_end for p in pieces),
        min(pages) if pages else None,
        max(ends) if ends else None,
        heading=pieces[0].heading,
    )


def _read_row(paragraphs: list[Paragraph], cells: Iterable[Any], read: Callable[[Any], None]) -> None:
    """Read each cell of a table row with ``read`` (which appends to ``paragraphs``), then put the
    row's paragraphs side by side."""
    per_cell = []
    for cell in cells:
        start = len(paragraphs)
        read(cell)
        per_cell.append(paragraphs[start:])
        del paragraphs[start:]
    paragraphs.extend(_side_by_side(per_cell))


def _walk(container: Any) -> Iterator[Any]:
    """Elements under ``container`` in document order, not entering skipped or deleted content."""
    for el in container:
        if not isinstance(el.tag, str) or el.tag in _SKIP:
            continue
        if el.tag.endswith("}AlternateContent"):
            fallback = [c for c in el if isinstance(c.tag, str) and c.tag.endswith("}Fallback")]
            if fallback:
                yield from _walk(fallback[0])
            continue
        yield el
        if el.tag in _LEAVES or el.tag == w("t"):
            continue
        yield from _walk(el)


def _part_xml(doc: Any, suffix: str, path: str) -> Any:
    for rel in doc.part.rels.values():
        if rel.reltype.endswith(suffix) and not rel.is_external:
            return _safe_xml(
                rel.target_part.blob, path, "Word file part " + str(rel.target_part.partname).lstrip("/")
            )
    return None


def extract_docx(data: bytes, path: str) -> Document:
    """Read a Word (.docx) file's body into located paragraphs with printed list labels.

    Raises:
        InputError: a damaged or unreadable Word file.
    """
    try:
        import docx
        from docx.opc.exceptions import PackageNotFoundError
    except ImportError as exc:
        raise InputError(path, f"cannot read Word files: python-docx is not installed ({exc})") from None
    with open_archive(data, path, "Word") as zf:
        _check_parts(zf, path, "Word")
    try:
        doc = docx.Document(io.BytesIO(data))
    except (PackageNotFoundError, zipfile.BadZipFile, KeyError, ValueError) as exc:
        raise InputError(path, f"damaged Word file: {exc}") from None
    except etree.XMLSyntaxError as exc:
        raise InputError(path, f"damaged Word file: malformed XML ({exc.msg})") from None
    numbering_root = _part_xml(doc, "/numbering", path)
    styles_root = _part_xml(doc, "/styles", path)
    notes = _Notes()
    for suffix, kind in ((_REL_FOOTNOTES, "footnote"), (_REL_ENDNOTES, "endnote")):
        root = _part_xml(doc, suffix, path)
        if root is not None:
            for note in root.iter(w(kind)):
                if note.get(w("type")) in (None, "normal"):
                    notes.bodies[(kind, note.get(w("id"), ""))] = note
    comments: dict[str, tuple[str, str]] = {}
    comments_root = _part_xml(doc, _REL_COMMENTS, path)
    if comments_root is not None:
        for c in comments_root.iter(w("comment")):
            text = " ".join("".join(t.text or "" for t in p.iter(w("t"))) for p in c.iter(w("p")))
            comments[c.get(w("id"), "")] = (c.get(w("author"), ""), text.strip())
    reader = _Reader(
        path, _Numbering.parse(numbering_root, path), _styles(styles_root, path), notes, comments
    )
    body = doc.element.body
    if next(body.iter(w("lastRenderedPageBreak")), None) is not None:
        reader.paging = "rendered"
    elif (
        any(br.get(w("type")) == "page" for br in body.iter(w("br")))
        or next(body.iter(w("pageBreakBefore")), None) is not None
    ):
        reader.paging = "manual"
    reader.body(body)
    notices = _notices(reader, path, "Word")
    return Document(tuple(reader.paragraphs), tuple(reader.removed), tuple(notices), DOCX_MEDIA_TYPE, "utf-8")


def _notices(reader: _Reader | _OdtReader, path: str, what: str) -> list[Notice]:
    notices = []
    deleted = sum(1 for a in reader.removed if a.reason == "tracked-deletion")
    commented = sum(1 for a in reader.removed if a.reason == "comment")
    if reader.insertions or deleted:
        notices.append(
            Notice(
                "word-revisions",
                f"tracked changes read as accepted: {reader.insertions} insertion(s) kept, "
                f"{deleted} deletion(s) set aside as debris",
                path,
            )
        )
    if commented:
        notices.append(Notice("word-comments", f"{commented} comment(s) set aside as debris", path))
    if reader.numbering.unknown:
        notices.append(
            Notice(
                "word-numbering",
                f"list number format(s) {', '.join(sorted(reader.numbering.unknown))} read as decimal",
                path,
            )
        )
    log.info("%s: %s file, %d paragraph(s)", path, what, len(reader.paragraphs))
    return notices


# --- OpenDocument text -------------------------------------------------------------------------------

_ODF = {
    "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
    "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
    "style": "urn:oasis:names:tc:opendocument:xmlns:style:1.0",
    "table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
    "dc": "http://purl.org/dc/elements/1.1/",
}
_ODT_LEVELS = 10  # OpenDocument list levels run 1-10
_ODF_FORMATS = {"1": "decimal", "A": "upperLetter", "a": "lowerLetter", "I": "upperRoman", "i": "lowerRoman"}


def o(prefix: str, tag: str) -> str:
    """Clark name of an OpenDocument element or attribute: ``o("text", "p")``."""
    return f"{{{_ODF[prefix]}}}{tag}"


@dataclass(slots=True)
class _OdtLevel:
    fmt: str = "decimal"
    prefix: str = ""
    suffix: str = "."
    start: int = 1
    bullet: str = ""


@dataclass(slots=True)
class _OdtReader:
    path: str
    list_styles: dict[str, dict[int, _OdtLevel]]
    paragraphs: list[Paragraph] = field(default_factory=list)
    removed: list[Aside] = field(default_factory=list)
    number: int = 0
    notes: int = 0
    counters: dict[str, list[int]] = field(default_factory=dict)  # list style → counter per level
    insertions: int = 0
    numbering: _Numbering = field(default_factory=_Numbering)
    spaces: int = 0  # spaces text:s elements stood for in the paragraph being read

    def container(self, el: Any, style: str = "", depth: int = 0) -> None:
        for child in el:
            tag = child.tag
            if tag in (o("text", "p"), o("text", "h")):
                self.paragraph(child, "")
            elif tag == o("text", "list"):
                self.items(child, style, depth)
            elif tag == o("table", "table-row"):  # a row's cells side by side, as Word's are
                cells = (
                    c for c in child if c.tag in (o("table", "table-cell"), o("table", "covered-table-cell"))
                )
                _read_row(self.paragraphs, cells, lambda cell: self.container(cell, style, depth))
            elif tag == o("text", "tracked-changes"):
                for deletion in child.iter(o("text", "deletion")):
                    text = " ".join("".join(p.itertext()) for p in deletion.iter(o("text", "p"))).strip()
                    if text:
                        self.removed.append(
                            Aside(text, self.number, "tracked-deletion", "deleted text (tracked change)")
                        )
            elif isinstance(tag, str) and not tag.endswith("}sequence-decls"):
                self.container(child, style, depth)

    def items(self, el: Any, style: str, depth: int) -> None:
        style = el.get(o("text", "style-name")) or style
        if depth >= _ODT_LEVELS:
            raise InputError(
                self.path,
                f"OpenDocument file part content.xml, line {el.sourceline}: lists nest deeper than "
                f"{_ODT_LEVELS} levels (OpenDocument's limit)",
            )
        counters = self.counters.setdefault(style, [0] * _ODT_LEVELS)
        if (
            depth == 0
            and el.get(o("text", "continue-numbering")) != "true"
            and not el.get(o("text", "continue-list"))
        ):
            counters[:] = [0] * _ODT_LEVELS
        for item in el:
            if item.tag not in (o("text", "list-item"), o("text", "list-header")):
                continue
            label = ""
            if item.tag == o("text", "list-item"):
                level = self.list_styles.get(style, {}).get(depth + 1, _OdtLevel())
                if item.get(o("text", "start-value")) is not None:
                    start = _int(
                        item, o("text", "start-value"), self.path, "content.xml", 1, 0, LIST_MAX_START
                    )
                    counters[depth] = start - 1
                elif counters[depth] == 0:
                    counters[depth] = level.start - 1
                counters[depth] += 1
                counters[depth + 1 :] = [0] * (_ODT_LEVELS - 1 - depth)
                if level.bullet:
                    label = level.bullet + " "
                elif level.fmt:
                    label = f"{level.prefix}{format_number(counters[depth], level.fmt)}{level.suffix} "
            first = True
            for child in item:
                if child.tag in (o("text", "p"), o("text", "h")):
                    self.paragraph(child, label if first else "")
                    first = False
                elif child.tag == o("text", "list"):
                    self.items(child, style, depth + 1)

    def paragraph(self, p: Any, label: str) -> None:
        self.number += 1
        self.spaces = 0
        heading = p.tag == o("text", "h")
        parts: list[str] = [label]
        notes: list[tuple[str, Any]] = []
        self.inline(p, parts, notes)
        text = "".join(parts)
        for k, piece in enumerate(text.split("\n")):
            if piece.strip() or (k == 0 and "\n" not in text):
                self.paragraphs.append(Paragraph(piece, self.number, self.number, heading=heading))
        for mark, body in notes:
            note: list[str] = []
            for q in body.iter(o("text", "p")):
                if note:
                    note.append(" ")
                self.inline(q, note, [])
            text = " ".join("".join(note).split("\n")).strip()
            if text:
                self.paragraphs.append(
                    Paragraph(text if text.startswith(mark) else f"{mark} {text}", self.number, self.number)
                )

    def inline(self, el: Any, parts: list[str], notes: list[tuple[str, Any]]) -> None:
        if el.text:
            parts.append(el.text)
        for child in el:
            tag = child.tag
            if tag == o("text", "s"):
                count = _int(
                    child, o("text", "c"), self.path, "OpenDocument file part content.xml", 1, 0, SPACES_MAX
                )
                self.spaces += count
                if self.spaces > MAX_PARAGRAPH_CHARS:  # spaces are the one thing text:s multiplies
                    raise InputError(
                        self.path,
                        f"OpenDocument file part content.xml, line {child.sourceline}: a paragraph of more "
                        f"than {MAX_PARAGRAPH_CHARS:,} characters (the limit for one paragraph)",
                    )
                parts.append(" " * count)
            elif tag == o("text", "tab"):
                parts.append("\t")
            elif tag == o("text", "line-break"):
                parts.append("\n")
            elif tag == o("text", "note"):
                citation = child.find(o("text", "note-citation"))
                label = citation.get(o("text", "label")) if citation is not None else None
                if label:
                    mark = label
                else:
                    self.notes += 1
                    mark = f"[{self.notes}]"
                parts.append(mark)
                body = child.find(o("text", "note-body"))
                if body is not None:
                    notes.append((mark, body))
            elif tag == o("office", "annotation"):
                author = "".join(child.findtext(o("dc", "creator")) or "")
                text = " ".join("".join(q.itertext()) for q in child.iter(o("text", "p"))).strip()
                if text:
                    self.removed.append(
                        Aside(text, self.number, "comment", f"comment by {author}" if author else "comment")
                    )
            elif tag in (o("text", "change-start"), o("text", "change")):
                self.insertions += tag == o("text", "change-start")
            elif isinstance(tag, str) and tag not in (
                o("text", "soft-page-break"),
                o("text", "bookmark"),
                o("text", "change-end"),
                o("office", "annotation-end"),
            ):
                self.inline(child, parts, notes)
            if child.tail:
                parts.append(child.tail)


def _odt_list_styles(path: str, *roots: Any) -> dict[str, dict[int, _OdtLevel]]:
    styles: dict[str, dict[int, _OdtLevel]] = {}
    for root in roots:
        if root is None:
            continue
        for ls in root.iter(o("text", "list-style")):
            levels: dict[int, _OdtLevel] = {}
            for lvl in ls:
                if not isinstance(lvl.tag, str):
                    continue
                level_no = _int(lvl, o("text", "level"), path, "OpenDocument list style", 1, 1, _ODT_LEVELS)
                if lvl.tag == o("text", "list-level-style-number"):
                    fmt = lvl.get(o("style", "num-format"), "1")
                    levels[level_no] = _OdtLevel(
                        fmt=_ODF_FORMATS.get(fmt, "decimal") if fmt else "",
                        prefix=lvl.get(o("style", "num-prefix"), ""),
                        suffix=lvl.get(o("style", "num-suffix"), ""),
                        start=_int(
                            lvl,
                            o("text", "start-value"),
                            path,
                            "OpenDocument list style",
                            1,
                            0,
                            LIST_MAX_START,
                        ),
                    )
                elif lvl.tag == o("text", "list-level-style-bullet"):
                    levels[level_no] = _OdtLevel(bullet=lvl.get(o("text", "bullet-char"), "•"))
            styles[ls.get(o("style", "name"), "")] = levels
    return styles


def extract_odt(data: bytes, path: str) -> Document:
    """Read an OpenDocument text (.odt) file into located paragraphs with printed list labels.

    Raises:
        InputError: a damaged file (not a ZIP archive, no ``content.xml``, malformed XML).
    """
    with open_archive(data, path, "OpenDocument") as zf:
        if "content.xml" not in zf.namelist():
            raise InputError(path, "damaged OpenDocument file: no content.xml")
        _check_parts(zf, path, "OpenDocument")
        content = read_member(zf, "content.xml", path)
        styles = read_member(zf, "styles.xml", path) if "styles.xml" in zf.namelist() else None
    root = _safe_xml(content, path, "OpenDocument file part content.xml")
    styles_root = _safe_xml(styles, path, "OpenDocument file part styles.xml") if styles else None
    reader = _OdtReader(path, _odt_list_styles(path, root, styles_root))
    body = root.find(f"{o('office', 'body')}/{o('office', 'text')}")
    if body is None:
        raise InputError(path, "damaged OpenDocument file: content.xml has no text body")
    reader.container(body)
    notices = _notices(reader, path, "OpenDocument")
    return Document(tuple(reader.paragraphs), tuple(reader.removed), tuple(notices), ODT_MEDIA_TYPE, "utf-8")
