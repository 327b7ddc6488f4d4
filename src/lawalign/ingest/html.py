"""Markup: a saved web page (or an XML document) → the text lines of its post body, located.

Web pages are recognised by content (a doctype, ``<html>``, ``<head>``/``<body>``), not by extension.
The post body is the Blogger/WordPress ``post-body``/``entry-content`` element(s), else ``article``, else
``main``, else ``body``. Scripts, styles and ``noscript`` are dropped silently (never visible); every
other dropped visible text (navigation, header, footer, sidebars, comment sections, pagers, share
buttons, the page title, anything outside the post body) is returned as located debris. Block elements
and ``<br>`` end lines; inside a line, whitespace collapses as a browser shows it (``<pre>`` keeps it).
A list item starts with the marker the browser draws for it (``"A. "`` of ``<ol type="A">``, a bullet):
:mod:`lawalign.ingest.listmarks`.

XML is parsed with entity resolution, DTD loading and network access off; a document that declares
entities (billion laughs, external entities) is refused with an :class:`InputError`, never expanded.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from lxml import etree

from lawalign.errors import InputError
from lawalign.ingest.listmarks import list_markers, prints_own_label
from lawalign.ingest.normalize import RawLine
from lawalign.ingest.patterns import (
    CHROME_TOKEN,
    ENTITY_DECL,
    FIRST_ELEMENT,
    HTML_FRAGMENT_TAG,
    HTML_SPACE,
    HTML_START,
    POST_BODY_TOKEN,
    XML_START,
)
from lawalign.ingest.tables import row_lines
from lawalign.ingest.xmlsafe import local_name
from lawalign.limits import HTML_MAX_LINE
from lawalign.models import Notice

log = logging.getLogger(__name__)

HTML_SUFFIXES = (".html", ".htm", ".xhtml", ".shtml", ".mhtml")

# Never visible: dropped without a trace (their text is code or metadata).
SILENT_TAGS = frozenset(
    {
        "script",
        "style",
        "noscript",
        "template",
        "head",
        "meta",
        "link",
        "base",
        "svg",
        "math",
        "object",
        "embed",
        "canvas",
        "iframe",
        "audio",
        "video",
        "source",
        "track",
        "map",
        "param",
    }
)
# Page chrome by element name; their visible text becomes debris.
CHROME_TAGS = frozenset({"nav", "header", "footer", "aside", "form", "button", "select", "menu", "dialog"})
# Elements that end a line before and after them.
BLOCK_TAGS = frozenset(
    {
        "address",
        "article",
        "aside",
        "blockquote",
        "body",
        "caption",
        "center",
        "dd",
        "details",
        "dialog",
        "dir",
        "div",
        "dl",
        "dt",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "form",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "header",
        "hgroup",
        "hr",
        "html",
        "legend",
        "li",
        "main",
        "menu",
        "nav",
        "ol",
        "option",
        "p",
        "pre",
        "section",
        "summary",
        "table",
        "tbody",
        "td",
        "tfoot",
        "th",
        "thead",
        "title",
        "tr",
        "ul",
    }
)
# Blocks the browser's default style sheet gives a vertical margin (HTML's rendering section): a
# blank line stands between the text before and after one, as between paragraphs of a plain text.
MARGIN_TAGS = frozenset(
    {
        "blockquote",
        "dir",
        "dl",
        "figure",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "hr",
        "menu",
        "ol",
        "p",
        "pre",
        "ul",
    }
)
# Lists inside these have no margin ("ul ul", "li ol", "dd dl" ...), as the default style sheet says.
LIST_TAGS = frozenset({"dir", "dl", "menu", "ol", "ul"})
LIST_PARENTS = frozenset({"dd", "dir", "dl", "li", "menu", "ol", "ul"})
# A table's cells: a row's cells are drawn side by side, on one line.
CELL_TAGS = frozenset({"td", "th"})
# XML elements that do not end a line (everything else does): inline markup of TEI/DocBook/AKN/XHTML.
XML_INLINE_TAGS = frozenset(
    {
        "a",
        "abbr",
        "b",
        "date",
        "def",
        "em",
        "emphasis",
        "foreign",
        "hi",
        "i",
        "inline",
        "num",
        "q",
        "ref",
        "span",
        "strong",
        "sub",
        "sup",
        "term",
        "u",
        "docNumber",
        "docTitle",
        "noteRef",
        "link",
        "xref",
    }
)


@dataclass(frozen=True, slots=True)
class RemovedText:
    """A line of dropped visible text: what, where (raw line), and why (the element that matched)."""

    text: str
    raw_line: int
    where: str


@dataclass(frozen=True, slots=True)
class Extracted:
    """Text lines of a markup document, the removed debris and notices."""

    lines: tuple[RawLine, ...]
    removed: tuple[RemovedText, ...] = ()
    notices: tuple[Notice, ...] = ()
    media_type: str = "text/html"


def looks_like_html(text: str, path: str = "") -> bool:
    """True for a saved web page: a doctype/``<html>``/``<head>``/``<body>`` start, or an ``.html`` file
    with HTML tags in it.

    >>> looks_like_html("<!DOCTYPE html><html><body><p>x</p></body></html>")
    True
    >>> looks_like_html("<*> Если заявление ...")
    False
    """
    if HTML_START.match(text[:4096]):
        return True
    return path.lower().endswith(HTML_SUFFIXES) and bool(HTML_FRAGMENT_TAG.search(text[:65536]))


def looks_like_xml(text: str, path: str = "") -> bool:
    """True for an XML document (an XML declaration, or an ``.xml`` file starting with ``<``)."""
    if XML_START.match(text):
        return True
    return path.lower().endswith(".xml") and text.lstrip("\ufeff \t\r\n").startswith("<")


def reject_entity_declarations(text: str, path: str) -> None:
    """Refuse a document whose prolog declares entities (``<!ENTITY``): nothing is ever expanded.

    Raises:
        InputError: naming the file and the line of the first declaration.
    """
    match = ENTITY_DECL.search(text)
    if match is None:
        return
    root = FIRST_ELEMENT.search(text)
    if root is not None and root.start() < match.start():
        return  # "<!ENTITY" inside content (e.g. CDATA) is text, not a declaration
    line = text.count("\n", 0, match.start()) + 1
    col = match.start() - (text.rfind("\n", 0, match.start()) + 1) + 1
    raise InputError(
        path,
        "the document declares entities (<!ENTITY ...>): refused, entities are never expanded "
        "(billion-laughs and external-entity protection)",
        line,
        col,
        text[match.start() : match.start() + 40],
    )


def _tokens(el: Any) -> list[tuple[str, str]]:
    out = [("#", el.get("id", ""))] if el.get("id") else []
    out.extend((".", t) for t in el.get("class", "").split())
    return out


def _chrome_reason(el: Any, tag: str) -> str:
    """Why ``el`` is page chrome ("nav", "div#comments", "span.share-button", "hidden"), or ""."""
    if tag in CHROME_TAGS:
        return tag
    for sep, token in _tokens(el):
        if CHROME_TOKEN.match(token):
            return f"{tag}{sep}{token}"
    style = el.get("style", "").replace(" ", "").lower()
    if el.get("hidden") is not None or "display:none" in style:
        return f"{tag}[hidden]"
    return ""


def _is_post_body(el: Any) -> bool:
    if any(POST_BODY_TOKEN.match(t) for _, t in _tokens(el)):
        return True
    return "articlebody" in el.get("itemprop", "").lower().split()


def _outermost(elements: Iterable[Any]) -> list[Any]:
    chosen: list[Any] = []
    for el in elements:
        if not any(other in el.iterancestors() for other in chosen):
            chosen.append(el)
    return chosen


def _inside_chrome(el: Any) -> bool:
    for anc in el.iterancestors():
        tag = local_name(anc.tag)
        if tag in SILENT_TAGS or _chrome_reason(anc, tag):
            return True
    return False


def find_post_bodies(root: Any) -> tuple[list[Any], str]:
    """The element(s) holding the post text and which rule found them."""
    elements = [el for el in root.iter() if isinstance(el.tag, str)]
    for rule, test in (
        ("post-body", _is_post_body),
        ("article", lambda el: local_name(el.tag) == "article"),
        ("main", lambda el: local_name(el.tag) == "main" or el.get("role", "").lower() == "main"),
    ):
        found = _outermost(el for el in elements if test(el) and not _inside_chrome(el))
        if found:
            return found, rule
    body = [el for el in elements if local_name(el.tag) == "body"]
    return (body[:1] or [root]), "body"


@dataclass(slots=True)
class _Row:
    """A table row being read: where its lines start in the text sink, and each cell's lines."""

    start: int
    cells: list[tuple[int, int]] = field(default_factory=list)
    cell: int = -1  # where the open cell's lines start (-1: no cell open)


@dataclass(slots=True)
class _Sink:
    """Collects the pieces of the current line for one destination (text or debris)."""

    lines: list[tuple[str, int, str]] = field(default_factory=list)
    parts: list[tuple[str, int]] = field(default_factory=list)
    where: str = ""
    gap: int = 0  # the raw line of a block margin waiting before the next line of text (0: none)

    def add(self, text: str, line: int, where: str) -> None:
        if not self.parts:
            self.where = where
        self.parts.append((text, line))

    def margin(self, line: int) -> None:
        """A block margin: a blank line before the next line of text, when a line stands before it
        (margins between blocks collapse into one blank, as a browser draws them)."""
        if self.lines and self.lines[-1][0] and not self.gap:
            self.gap = line

    def flush(self, force: bool = False) -> None:
        joined = HTML_SPACE.sub(" ", "".join(p for p, _ in self.parts)).strip(" ")
        if joined or force:
            line = next(
                (ln for p, ln in self.parts if p.strip(" \t\n\r\f")), self.parts[0][1] if self.parts else 0
            )
            if self.gap and joined:
                self.lines.append(("", self.gap, self.where))
            if joined:
                self.gap = 0
            self.lines.append((joined, line, self.where))
        self.parts = []

    def side_by_side(self, row: _Row) -> None:
        """Put a row's cells side by side where they make one line, as the browser draws them
        (:func:`lawalign.ingest.tables.row_lines`); a margin inside a cell stays inside it."""
        if len(row.cells) < 2:
            return
        cells = []
        for start, end in row.cells:
            lines = self.lines[start:end]
            while lines and not lines[0][0]:
                lines.pop(0)
            while lines and not lines[-1][0]:
                lines.pop()
            cells.append(lines)
        drawn = row_lines(
            cells, lambda ln: bool(ln[0]), lambda lns: (" ".join(ln[0] for ln in lns), *lns[0][1:])
        )
        if drawn is None:  # a layout in columns: its cells stay one after another
            return
        head = self.lines[row.start : row.start + 1]
        margin = [head[0]] if head and not head[0][0] else []  # the margin before the row
        inside = {i for start, end in row.cells for i in range(start, end)}
        rest = [ln for i, ln in enumerate(self.lines[row.start :], row.start) if i not in inside]
        self.lines[row.start :] = margin + drawn + rest

    def add_pre(self, text: str, line: int, where: str) -> None:
        pieces = text.split("\n")
        for i, piece in enumerate(pieces):
            if i:
                self.flush(force=True)
            if piece:
                self.add(piece.replace("\n", " "), line + i, where)


class _Walker:
    """Walks a parsed tree once, sending each text piece to the text or the debris sink."""

    def __init__(self, keep: list[Any], blocks: frozenset[str] | None, chrome: bool) -> None:
        self.keep = set(keep)
        self.blocks = blocks  # None: every element not in XML_INLINE_TAGS is a block
        self.chrome = chrome
        self.text = _Sink()
        self.debris = _Sink()
        self.cursor = 1
        self.pre = 0
        self.markers: dict[Any, dict[Any, str]] = {}
        self.pending: tuple[str, str] | None = None  # a list item's marker and context, before its text
        self.rows: list[_Row] = []  # the table rows open, innermost last

    def _marker(self, li: Any) -> str:
        """The list marker of ``li``; each list's markers are computed once, in one pass."""
        lst = li.getparent()
        if lst is None:
            return ""
        if lst not in self.markers:
            self.markers[lst] = list_markers(lst)
        marker = self.markers[lst].get(li, "")
        return "" if marker and prints_own_label(li) else marker

    def _is_block(self, tag: str) -> bool:
        if self.blocks is None:
            return tag not in XML_INLINE_TAGS
        return tag in self.blocks

    def _open_cell(self, tag: str) -> None:
        """Note where a web page's table row or cell starts in the text (after the line it ends)."""
        if self.blocks is None:
            return
        if tag == "tr":
            self.rows.append(_Row(len(self.text.lines)))
        elif tag in CELL_TAGS and self.rows:
            self.rows[-1].cell = len(self.text.lines)

    def _close_cell(self, tag: str) -> None:
        """Note where a cell ends; at a row's end, put its cells side by side."""
        if self.blocks is None or not self.rows:
            return
        row = self.rows[-1]
        if tag in CELL_TAGS and row.cell >= 0:
            row.cells.append((row.cell, len(self.text.lines)))
            row.cell = -1
            self.text.gap = 0  # a margin inside a cell stays inside it
        elif tag == "tr":
            self.text.side_by_side(self.rows.pop())

    def _margin(self, el: Any, tag: str, ctx: str) -> None:
        """Mark the vertical margin a web page's block draws before and after it (not in XML)."""
        if self.blocks is None or ctx == "silent" or tag not in MARGIN_TAGS:
            return
        if tag in LIST_TAGS and any(local_name(a.tag) in LIST_PARENTS for a in el.iterancestors()):
            return
        self.text.margin(self.cursor)

    def _send(self, text: str | None, ctx: str) -> None:
        if not text:
            return
        if text.strip(" \t\n\r\f"):
            # a list item's marker stands before the item's first text, as the browser draws it, even
            # when that text is in a paragraph inside the item ("<li><p>Claim Defined</p>")
            self._drop_pending()
        if ctx != "silent":
            lead = len(text) - len(text.lstrip(" \t\n\r\f"))
            line = self.cursor + text.count("\n", 0, lead)
            sink = self.text if ctx == "keep" else self.debris
            if self.pre:
                sink.add_pre(text, self.cursor, ctx)
            else:
                sink.add(text, line, ctx)
        self.cursor += text.count("\n")

    def _drop_pending(self) -> None:
        """Send the list marker waiting for its item's first text, if any (also when no text follows:
        an empty item, an item holding only a list)."""
        if self.pending is not None:
            marker, self.pending = self.pending, None
            self._send(*marker)

    def _flush(self, force: bool = False) -> None:
        self.text.flush(force)
        self.debris.flush(False)

    def walk(self, root: Any, start_ctx: str) -> None:
        stack: list[str] = []
        # comments and processing instructions come as events of their own ("start"/"end" skip
        # them): their text is never shown, but the text after them (their tail) is, and was lost
        # ("<p>a <!-- c --> b</p>" read "a"; Word's "<![endif]>Any statement …" read nothing)
        for event, el in etree.iterwalk(root, events=("start", "end", "comment", "pi")):
            if event in ("comment", "pi"):
                if el.sourceline:
                    self.cursor = el.sourceline
                self.cursor += (el.text or "").count("\n")  # only its newlines count
                self._send(el.tail, stack[-1] if stack else start_ctx)
                continue
            tag = local_name(el.tag)
            if event == "start":
                parent = stack[-1] if stack else start_ctx
                if el.sourceline:
                    self.cursor = el.sourceline
                if tag == "title" and parent == "silent" and self.chrome:
                    ctx = "title"
                elif parent == "silent" or tag in SILENT_TAGS:
                    ctx = "silent"
                elif el in self.keep:
                    ctx = "keep"
                elif self.chrome and (reason := _chrome_reason(el, tag)):
                    ctx = reason if parent in ("keep", "outside the post body") else parent
                else:
                    ctx = parent
                stack.append(ctx)
                if tag == "br":
                    (self.text if ctx == "keep" else self.debris).flush(force=ctx == "keep")
                elif self._is_block(tag):
                    self._flush()
                    self._margin(el, tag, ctx)
                self._open_cell(tag)
                if tag == "pre":
                    self.pre += 1
                if tag == "li" and self.blocks is not None and (marker := self._marker(el)):
                    self._drop_pending()  # an item holding only a list: its marker stands alone
                    self.pending = (marker, ctx)  # what the browser draws: "A. ", "2. ", "• "
                self._send(el.text, ctx)
            else:
                ctx = stack.pop()
                if tag == "li":
                    self._drop_pending()  # an empty item: the browser draws its marker all the same
                if tag == "pre":
                    self.pre -= 1
                if self._is_block(tag):
                    self._flush()
                    self._margin(el, tag, ctx)
                self._close_cell(tag)
                self._send(el.tail, stack[-1] if stack else start_ctx)
        self._flush()


def _extract(root: Any, path: str, *, html: bool, media_type: str, notices: list[Notice]) -> Extracted:
    if html:
        keep, rule = find_post_bodies(root)
        walker = _Walker(keep, BLOCK_TAGS, chrome=True)
        walker.walk(root, "outside the post body")
        log.debug("%s: post body found by rule %r (%d element(s))", path, rule, len(keep))
        if rule != "post-body":
            notices.append(Notice("html-body", f"no post-body element; took the text of <{rule}>", path))
    else:
        walker = _Walker([root], None, chrome=False)
        walker.walk(root, "keep")
    lines = [RawLine(t, ln) for t, ln, _ in walker.text.lines]
    while lines and not lines[0].text:
        lines.pop(0)
    while lines and not lines[-1].text:
        lines.pop()
    removed = tuple(RemovedText(t, ln, where) for t, ln, where in walker.debris.lines if t)
    if removed:
        notices.append(
            Notice(
                "html-chrome",
                f"{len(removed)} line(s) of page chrome set aside as debris",
                path,
                removed[0].raw_line,
            )
        )
    return Extracted(tuple(lines), removed, tuple(notices), media_type)


def _unify_line_ends(text: str) -> str:
    # libxml2 counts LF only; CRLF/CR become LF so that sourceline is the raw line an editor shows.
    return text.replace("\r\n", "\n").replace("\r", "\n")


MAX_DEPTH = 2048
"""Deepest element nesting read (libxml2's limit with ``huge_tree``); deeper documents are refused."""


def _refuse_depth(error_log: Any, path: str) -> None:
    """Refuse a document nested deeper than :data:`MAX_DEPTH`: the parser would drop what is inside.

    Raises:
        InputError: at the line and column where the limit was hit.
    """
    for entry in error_log:
        if entry.type_name == "ERR_RESOURCE_LIMIT" or "Excessive depth" in (entry.message or ""):
            raise InputError(
                path,
                f"elements nest deeper than {MAX_DEPTH} levels: refused, the text inside would be lost",
                entry.line,
                entry.column,
            )


def extract_html(text: str, path: str) -> Extracted:
    """The post-body lines of a saved web page, each located on its raw line, plus chrome debris.

    Raises:
        InputError: the page declares entities, nests elements deeper than :data:`MAX_DEPTH`, or has
            no text at all.
    """
    reject_entity_declarations(text, path)
    markup = _unify_line_ends(text)
    # huge_tree lifts libxml2's nesting limit from 256 to MAX_DEPTH levels (without it, text nested
    # deeper is dropped with only a recovered-error note). HTML has no entities to expand, and the
    # input is already capped in size, so the option only changes the depth limit here.
    parser = etree.HTMLParser(encoding="utf-8", no_network=True, huge_tree=True, remove_comments=False)
    try:
        root = etree.fromstring(markup.encode("utf-8"), parser)
    except etree.XMLSyntaxError as exc:  # lxml recovers from almost anything; this is an empty page
        _refuse_depth(parser.error_log, path)  # this parse only: exc.error_log may hold older entries
        raise InputError(path, f"unreadable HTML: {exc}") from None
    _refuse_depth(parser.error_log, path)
    if root is None:
        raise InputError(path, "unreadable HTML: no elements")
    notices: list[Notice] = []
    errors = len(parser.error_log)
    if errors:
        first = parser.error_log[0]
        notices.append(
            Notice(
                "html-recovered", f"the HTML parser recovered from {errors} markup error(s)", path, first.line
            )
        )
    if markup.count("\n") >= HTML_MAX_LINE:
        message = (
            f"the page has more than {HTML_MAX_LINE:,} lines: text past line {HTML_MAX_LINE:,} is located "
            f"at line {HTML_MAX_LINE:,} (the HTML parser, libxml2, keeps line numbers in 16 bits)"
        )
        log.warning("%s:%d: %s", path, HTML_MAX_LINE, message)
        notices.append(Notice("html-line-numbers", message, path, HTML_MAX_LINE))
    return _extract(root, path, html=True, media_type="text/html", notices=notices)


def extract_xml(text: str, path: str) -> Extracted:
    """The text lines of an XML document (XHTML is read like a web page).

    Raises:
        InputError: malformed XML, or a document that declares entities (with file and line).
    """
    reject_entity_declarations(text, path)
    markup = _unify_line_ends(text)
    from lawalign.ingest.xmlsafe import parse_xml

    # The one hardened parser (XLIFF, TBX and any other XML input): nesting up to MAX_DEPTH,
    # entities refused, bounded.
    root = parse_xml(markup.encode("utf-8"), path, encoding="utf-8")
    is_xhtml = local_name(root.tag) == "html"
    return _extract(
        root,
        path,
        html=is_xhtml,
        media_type="application/xhtml+xml" if is_xhtml else "application/xml",
        notices=[],
    )
