"""PDF: a text-layer PDF → paragraphs in reading order, page furniture set aside, every piece located.

The text layer is read with PDFium (``pypdfium2``): every character with its box, font size and
weight. The layout is rebuilt here, in named steps:

``words``
    Characters → words (a space, a jump in position or a change of baseline ends a word). Justified
    text's wide spaces become one space; a raised, smaller digit glued to a word is a superscript
    footnote marker ("claim¹").
``columns``
    Per page, a gutter is an x band (≥ 6 pt, in the middle half of the text) that at most a tenth of
    the rows touch, with rows of text on both sides. Words are assigned to columns; a row with a word
    across a gutter (a title over both columns) spans them. Reading order: top to bottom by bands
    between spanning rows, each band column by column, left to right.
``lines``
    A column's words → lines by baseline (raised footnote markers stay on their line). Lines are
    numbered per page in reading order: ``page``/``line`` is where a translator finds them.
``furniture``
    Running headers, footers and page numbers: among the top and bottom rows of each page, those set
    apart from the text by a line of space whose text (digits masked) repeats at the same height on at
    least half of the pages (two at least), that stand at the same place and size as such furniture on
    other pages, or that are a lone page number ("12", "– 12 –", "12/40", "Page 12"). A law's number
    alone ("LOI 9", "§ 9") is no page number, and repeats only as it is (each law's heading at the
    top of its page is not a header). They become debris with reason ``page-furniture``.
``paragraphs``
    Consecutive lines of a column form a paragraph unless the gap above is wider than the column's
    line pitch, the typeface changes (bold, size), the new line is indented as a first line, or the
    line before ended early (the next line's first word would have fit on it); where the text marks
    paragraphs by first-line indents, an indented line always starts one. Across a column or page
    break the gap test does not apply, and in justified text the line before must reach the column's
    edge (a label such as "2." after a closing full stop or a short line breaks too), so a paragraph cut by a
    page break is joined again, and footnotes set in a smaller size at the foot of a page are read
    after the paragraph they interrupt. Two centred lines of one face (a heading set on two lines)
    stay together.
``hyphens``
    A line ending in a hyphen after a letter, followed by a lowercase letter, is rejoined without
    the hyphen ("con-" + "tinued") unless the document elsewhere spells the word with the hyphen;
    a discretionary (soft) hyphen is always dropped. Counted in a notice.
``headings``
    A paragraph set entirely in bold, or at least 15 % larger than the body text, is marked as a
    heading (``Line.heading``): a signal the structure stage may use, never a decision.

Input errors (one line each): a PDF with no text layer ("no text layer: run OCR first"), an encrypted
PDF, a truncated or damaged PDF.
"""

from __future__ import annotations

import ctypes
import itertools
import logging
import math
import re
import statistics
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from lawalign.errors import InputError
from lawalign.ingest.document import Aside, Document, Paragraph
from lawalign.ingest.letters import LETTERS
from lawalign.ingest.profiles import generic_profile
from lawalign.limits import MAX_PDF_PAGES, law_number_at
from lawalign.models import Notice
from lawalign.tuning import tuned_float, tuned_int

log = logging.getLogger(__name__)

MEDIA_TYPE = "application/pdf"

# A page number alone: "12", "- 12 -", "[12]", "12/40", "Page 12", "Trang 12", "Стр. 12", "12 of 40".
PAGE_NUMBER = re.compile(
    r"^[\W_]{0,3}(?:[^\W\d_]{1,10}\.?\s*)?(?:\d{1,4}|[ivxlcdm]{1,6}|[IVXLCDM]{1,6})"
    r"(?:\s*(?:/|[^\W\d_]{1,4})\s*\d{1,4})?[\W_]{0,3}$"
)
_DIGITS = re.compile(r"\d+")
_SPACES = re.compile(r"\s+")
# A label that starts a new unit after a closing full stop at a page/column break.
_HEADING = LETTERS.printed_heading
_LABEL = re.compile(rf"^(?:\d{{1,2}}[.)]|[{_HEADING}][.)]|[-–—•]|<\*>|\*|\[\d{{1,2}}\])(?:\s|$)")
# A section letter glued to its heading ("C.Пояснение", "E.Inganno"), as some printings set it.
_GLUED_LABEL = re.compile(rf"^[{_HEADING}]\.(?=[^\W\d_])")
_SENTENCE_END = re.compile(r"[.:;!?…][\"”»)]*$")
SOFT_HYPHENS = frozenset("\u00ad\ufffe\x02")
HYPHENS = frozenset("-\u2010")
# Latin typographic ligatures PDF fonts map to one character.
LIGATURES = {
    "\ufb00": "ff",
    "\ufb01": "fi",
    "\ufb02": "fl",
    "\ufb03": "ffi",
    "\ufb04": "ffl",
    "\ufb05": "st",
    "\ufb06": "st",
}

SUPERSCRIPT_DIGITS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
# Tuned numbers (data/reader/settings.toml, [ingest.pdf]): a justified line reaches its column's right
# edge within FULL_LINE points; columns are MIN_GUTTER points apart at least.
FULL_LINE = tuned_float("ingest.pdf", "full_line")
MIN_GUTTER = tuned_float("ingest.pdf", "min_gutter")
FURNITURE_SHARE = tuned_float("ingest.pdf", "furniture_share")
EDGE_ROWS = tuned_int("ingest.pdf", "edge_rows")
BOLD_WEIGHT = 600
HEADING_SIZE = tuned_float("ingest.pdf", "heading_size")
# The typesetting the reader expects, in units of the type's size (or height), a share, or (the body
# size of a document without text) points (data/reader/settings.toml, [ingest.pdf], each with its meaning).
BOLD_SHARE = tuned_float("ingest.pdf", "bold_share")
CHAR_GAP = tuned_float("ingest.pdf", "char_gap")
CHAR_BASELINE = tuned_float("ingest.pdf", "char_baseline")
SUPERSCRIPT_HEIGHT = tuned_float("ingest.pdf", "superscript_height")
SUPERSCRIPT_RAISE = tuned_float("ingest.pdf", "superscript_raise")
GUTTER_ROW_SHARE = tuned_float("ingest.pdf", "gutter_row_share")
GUTTER_BAND = tuned_float("ingest.pdf", "gutter_band")
LINE_BASELINE = tuned_float("ingest.pdf", "line_baseline")
APART_SPACE = tuned_float("ingest.pdf", "apart_space")
DEFAULT_BODY_SIZE = tuned_float("ingest.pdf", "default_body_size")
MAX_PITCH = tuned_float("ingest.pdf", "max_pitch")
WORD_SPACE = tuned_float("ingest.pdf", "word_space")
CENTRED_MARGIN = tuned_float("ingest.pdf", "centred_margin")
CENTRED_TOLERANCE = tuned_float("ingest.pdf", "centred_tolerance")
INDENT = tuned_float("ingest.pdf", "indent")
FLUSH = tuned_float("ingest.pdf", "flush")
DEFAULT_PITCH = tuned_float("ingest.pdf", "default_pitch")
PARAGRAPH_GAP = tuned_float("ingest.pdf", "paragraph_gap")
PARAGRAPH_GAP_PITCH = tuned_float("ingest.pdf", "paragraph_gap_pitch")
EDGE_QUANTILE = tuned_float("ingest.pdf", "edge_quantile")


@dataclass(slots=True)
class _Word:
    text: str
    x0: float
    x1: float
    top: float  # distance from the top of the page (points)
    bottom: float
    size: float
    bold: bool


@dataclass(slots=True)
class _Line:
    words: list[_Word]
    page: int
    col: int  # column index; -1 for a row spanning the columns
    number: int = 0  # 1-based line on the page, in reading order
    right: float = 0.0  # the right edge of the column this line is set in
    left: float = 0.0
    text: str = ""
    top: float = 0.0
    bottom: float = 0.0
    size: float = 0.0  # the size most of its characters are set in
    bold: bool = False  # nine tenths of its characters or more are bold
    justified: bool = False  # set in a justified column (most lines reach its right edge)

    def __post_init__(self) -> None:
        words = self.words
        self.text = " ".join(w.text for w in words)
        self.top = min(w.top for w in words)
        self.bottom = max(w.bottom for w in words)
        sizes: Counter[float] = Counter()
        bold = total = 0
        for w in words:
            sizes[round(w.size, 1)] += len(w.text)
            total += len(w.text)
            bold += len(w.text) if w.bold else 0
        self.size = sizes.most_common(1)[0][0]
        self.bold = bold >= BOLD_SHARE * total

    @property
    def x0(self) -> float:
        return self.words[0].x0

    @property
    def x1(self) -> float:
        return self.words[-1].x1


@dataclass(slots=True)
class _Para:
    lines: list[_Line] = field(default_factory=list)


@dataclass(slots=True)
class _Page:
    number: int
    width: float
    height: float
    lines: list[_Line]  # reading order
    images: int = 0


def _open(data: bytes, path: str) -> Any:
    try:
        import pypdfium2 as pdfium
    except ImportError as exc:  # a declared dependency; only a broken install lacks it
        raise InputError(path, f"cannot read PDF: pypdfium2 is not installed ({exc})") from None
    tail = data[-2048:]
    if b"%%EOF" not in tail:
        raise InputError(path, "truncated PDF: no end-of-file marker (%%EOF); the file was cut off")
    try:
        return pdfium.PdfDocument(data)
    except pdfium.PdfiumError as exc:
        message = str(exc)
        if "password" in message.lower():
            raise InputError(
                path, "encrypted PDF: it opens only with a password; save an unprotected copy"
            ) from None
        if "format" in message.lower():
            raise InputError(
                path, "damaged PDF: the file structure cannot be read (truncated or corrupt)"
            ) from None
        raise InputError(path, f"unreadable PDF: {message}") from None


def _is_bold(raw: Any, tp: Any, k: int) -> bool:
    weight = raw.FPDFText_GetFontWeight(tp, k)
    if weight > 0:
        return bool(weight >= BOLD_WEIGHT)
    buf = ctypes.create_string_buffer(128)
    flags = ctypes.c_int()
    raw.FPDFText_GetFontInfo(tp, k, buf, 128, ctypes.byref(flags))
    name = buf.value.decode("latin-1").lower()
    return any(s in name for s in ("bold", "black", "heavy", "semibold", "demi"))


def _page_words(raw: Any, tp: Any, height: float) -> list[_Word]:
    """Characters → words: a space, a gap, a backward step or a new baseline ends a word."""
    words: list[_Word] = []
    chars: list[str] = []
    x0 = x1 = top = bottom = 0.0
    first = -1

    def flush() -> None:
        nonlocal chars, first
        if chars:
            size = raw.FPDFText_GetFontSize(tp, first)
            words.append(_Word("".join(chars), x0, x1, top, bottom, size, _is_bold(raw, tp, first)))
        chars, first = [], -1

    left = ctypes.c_double()
    right = ctypes.c_double()
    low = ctypes.c_double()
    high = ctypes.c_double()
    rect = raw.FS_RECTF()
    count = raw.FPDFText_CountChars(tp)
    units = (ctypes.c_ushort * (count + 1))()
    raw.FPDFText_GetText(tp, 0, count, units)  # UTF-16 code units, one per character index
    for k in range(count):
        code = units[k]
        if 0xD800 <= code < 0xDC00 and k + 1 < count:  # a surrogate pair: the next index holds the rest
            ch = chr(0x10000 + ((code - 0xD800) << 10) + (units[k + 1] - 0xDC00))
        elif 0xDC00 <= code < 0xE000:
            continue
        else:
            ch = chr(code) if code else ""
        if not ch or ch.isspace():
            flush()
            continue
        ch = "\u00ad" if ch in SOFT_HYPHENS else LIGATURES.get(ch, ch)
        if raw.FPDFText_GetLooseCharBox(tp, k, rect):
            cx0, cx1, b, t = rect.left, rect.right, rect.bottom, rect.top
        else:
            raw.FPDFText_GetCharBox(tp, k, left, right, low, high)
            cx0, cx1, b, t = left.value, right.value, low.value, high.value
        if t < b:
            b, t = t, b
        ctop, cbottom = height - t, height - b
        if chars:
            h = bottom - top if bottom - top > 1.0 else 1.0
            if cx0 - x1 > CHAR_GAP * h or cx0 < x0 - 0.5 * h:
                flush()
            elif abs(cbottom - bottom) > CHAR_BASELINE * h:  # not on the same baseline: overlap?
                low_edge = cbottom if cbottom < bottom else bottom
                high_edge = ctop if ctop > top else top
                if low_edge - high_edge < 0.5 * min(h, cbottom - ctop):
                    flush()
        if (
            chars
            and "0" <= ch <= "9"
            and t - b < SUPERSCRIPT_HEIGHT * h
            and bottom - cbottom > SUPERSCRIPT_RAISE * h
        ):
            ch = SUPERSCRIPT_DIGITS[ord(ch) - 48]  # a raised, smaller digit glued to a word: "claim¹"
        if not chars:
            first, x0, x1, top, bottom = k, cx0, cx1, ctop, cbottom
        elif cx1 > x1:
            x1 = cx1
        chars.append(ch)
    flush()
    return words


def _gutters(words: list[_Word], width: float) -> list[tuple[float, float]]:
    """Vertical bands free of text with text on both sides: the gaps between columns."""
    if len(words) < 6:
        return []
    lo = min(w.x0 for w in words)
    hi = max(w.x1 for w in words)
    if hi - lo < 4 * MIN_GUTTER:
        return []
    rows = {round(w.bottom) for w in words}
    allowed = max(0, int(GUTTER_ROW_SHARE * len(rows)))
    band = lo + GUTTER_BAND * (hi - lo), lo + (1 - GUTTER_BAND) * (hi - lo)  # where a gutter's middle lies
    starts = [0] * (int(hi - lo) + 3)  # how many words cover each 1 pt bin, by a running sum
    for w in words:
        starts[max(0, int(w.x0 - lo))] += 1
        starts[min(len(starts) - 1, math.ceil(w.x1 - lo) + 1)] -= 1
    bins = list(itertools.accumulate(starts[:-1]))
    gutters = []
    start = None
    for x, count in enumerate([*bins, allowed + 1]):
        if count <= allowed:
            if start is None:
                start = x
            continue
        if start is not None:
            a, b = lo + start, lo + x
            middle = (a + b) / 2
            if b - a >= MIN_GUTTER and band[0] <= middle <= band[1]:
                left_rows = {round(w.bottom) for w in words if w.x1 <= a + 0.5}
                right_rows = {round(w.bottom) for w in words if w.x0 >= b - 0.5}
                if len(left_rows) >= 3 and len(right_rows) >= 3:
                    gutters.append((a, b))
            start = None
    return gutters


def _group_lines(words: list[_Word], page: int, col: int) -> list[_Line]:
    """Words of one column → lines by baseline, top to bottom, words left to right."""
    lines: list[list[_Word]] = []
    for w in sorted(words, key=lambda w: (w.bottom, w.x0)):
        placed = False
        for line in reversed(lines[-3:]):
            ref = max(line, key=lambda v: v.size)
            overlap = min(w.bottom, ref.bottom) - max(w.top, ref.top)
            if abs(w.bottom - ref.bottom) <= LINE_BASELINE * ref.size or overlap >= 0.5 * min(
                w.bottom - w.top, ref.bottom - ref.top
            ):
                line.append(w)
                placed = True
                break
        if not placed:
            lines.append([w])
    return [_Line(sorted(ws, key=lambda w: w.x0), page, col) for ws in lines]


def _layout(words: list[_Word], page: int, width: float) -> list[_Line]:
    """Reading order of one page: bands between spanning rows, each band column by column."""
    gutters = _gutters(words, width)
    if not gutters:
        return _group_lines(words, page, 0)
    spanning = [w for w in words if any(w.x0 < a and w.x1 > b for a, b in gutters)]
    span_ids = {id(w) for w in spanning}
    for w in words:  # the rest of a spanning row spans too
        if id(w) not in span_ids and any(
            min(w.bottom, s.bottom) - max(w.top, s.top) >= 0.5 * min(w.bottom - w.top, s.bottom - s.top)
            for s in spanning
        ):
            span_ids.add(id(w))
    span_lines = _group_lines([w for w in words if id(w) in span_ids], page, -1)
    columns: dict[int, list[_Word]] = defaultdict(list)
    for w in words:
        if id(w) not in span_ids:
            columns[sum(1 for a, _ in gutters if w.x0 >= a)].append(w)
    col_lines = {c: _group_lines(ws, page, c) for c, ws in columns.items()}
    out: list[_Line] = []
    cuts = [*(s.top for s in span_lines), math.inf]
    previous = -math.inf
    for k, cut in enumerate(cuts):
        for c in sorted(col_lines):
            out.extend(ln for ln in col_lines[c] if previous <= ln.top < cut)
        if k < len(span_lines):
            out.append(span_lines[k])
        previous = cut
    return out


def _read_pages(doc: Any, path: str) -> list[_Page]:
    import pypdfium2.raw as raw

    pages = []
    for i in range(len(doc)):
        page = doc[i]
        width, height = page.get_size()
        tp = page.get_textpage()
        words = _page_words(raw, tp, height)
        images = 0
        if not words:
            images = sum(1 for obj in page.get_objects(max_depth=2) if obj.type == raw.FPDF_PAGEOBJ_IMAGE)
        lines = _layout(words, i + 1, width)
        for n, line in enumerate(lines, start=1):
            line.number = n
        pages.append(_Page(i + 1, width, height, lines, images))
        tp.close()
        page.close()
    return pages


def _mask(text: str) -> str:
    return _SPACES.sub(" ", _DIGITS.sub("#", text)).strip().casefold()


def _edge_rows(page: _Page) -> list[list[_Line]]:
    """The top and bottom rows of a page (lines sharing a baseline form a row)."""
    if not page.lines:
        return []
    by_row: dict[int, list[_Line]] = defaultdict(list)
    for line in page.lines:
        by_row[round(line.bottom / 2)].append(line)
    keys = sorted(by_row)
    edge = keys[:EDGE_ROWS] + [k for k in keys[-EDGE_ROWS:] if k not in keys[:EDGE_ROWS]]
    return [by_row[k] for k in edge]


def _apart(line: _Line, page: _Page) -> bool:
    """The line is set apart from the text by more than a line of space (above and below)."""
    others = [o for o in page.lines if o is not line and (o.bottom <= line.top or o.top >= line.bottom)]
    gaps = [line.top - o.bottom for o in others if o.bottom <= line.top] + [
        o.top - line.bottom for o in others if o.top >= line.bottom
    ]
    nearest = min(gaps, default=math.inf)
    return nearest >= APART_SPACE * line.size


@cache
def _law_words() -> tuple[str, ...]:
    """Every bundled profile's law keywords, singular and plural ("Loi", "Lois", "§", "Art.")."""
    profile = generic_profile()
    return tuple(dict.fromkeys(profile.law_keywords + profile.law_keywords_plural))


def _names_a_law(text: str) -> bool:
    """The line starts with a law keyword and a number, up to three marks before it ("LOI 9", "§ 9",
    "§9", "– Law 9 –", "Law 9 – Procedure"; not "Laws of Duplicate Bridge"), as
    :func:`lawalign.limits.law_number_at` reads it.

    >>> [_names_a_law(t) for t in ("LOI 9", "§9", "– Law 9 –", "Laws of Duplicate Bridge", "Page 9")]
    [True, True, True, False, False]
    """
    return law_number_at(text, _law_words(), framed=True) is not None


def _law_number(text: str) -> bool:
    """A law's number and nothing else, shaped as a page number is ("LOI 9", "§ 9", "Điều 68.")."""
    return bool(PAGE_NUMBER.match(text)) and _names_a_law(text)


def _page_number(text: str) -> bool:
    """A lone page number ("12", "– 12 –", "Page 12"), not a law heading of the same shape ("LOI 9").

    >>> [_page_number(t) for t in ("12", "- 12 -", "Page 12", "Trang 3", "LOI 9", "§ 9", "Điều 68.")]
    [True, True, True, True, False, False, False]
    """
    return bool(PAGE_NUMBER.match(text)) and not _names_a_law(text)


def _slot(line: _Line) -> tuple[str, int]:
    """What must repeat for a line to be a running header or footer: its text, digits masked ("Page
    #"), a law's number alone as it is (the headings "LOI 9" and "LOI 10" that start two pages are
    two laws; "LOI 9" on each page of Law 9 is a header), and its height on the page (to 2 pt, as rows
    are grouped)."""
    text = line.text.strip()
    return (text.casefold() if _law_number(text) else _mask(text)), round(line.bottom / 2)


def _furniture(pages: list[_Page]) -> dict[int, str]:
    """``id(line)`` → why it is page furniture ("running header", "page number", ...)."""
    found: dict[int, str] = {}
    n = len(pages)
    need = max(2, math.ceil(FURNITURE_SHARE * n))
    # furniture is set apart from the text: only such lines of the top and bottom rows are candidates
    apart = [
        (page, [line for row in _edge_rows(page) for line in row if _apart(line, page)]) for page in pages
    ]
    # a repeat counts where it stands at the same height: a law heading at the top of one page ("LOI 9")
    # is not furniture because another law's heading ("LOI 10") stands lower on the next page
    seen: Counter[tuple[str, int]] = Counter()
    for _, lines in apart:
        seen.update({_slot(line) for line in lines})
    slots: set[tuple[str, int, float]] = set()
    for page, lines in apart:
        for line in lines:
            where = "running header" if line.top < page.height / 2 else "running footer"
            if _page_number(line.text.strip()):
                found[id(line)] = f"page number ({where.split()[1]})"
            elif n > 1 and seen[_slot(line)] >= need:
                found[id(line)] = where
            else:
                continue
            slots.add((where, round(line.bottom), line.size))
    for page, lines in apart:  # alternating headers: the same place and size as furniture elsewhere
        for line in lines:
            where = "running header" if line.top < page.height / 2 else "running footer"
            if id(line) not in found and (where, round(line.bottom), line.size) in slots:
                found[id(line)] = where
    return found


def _body_size(pages: list[_Page]) -> float:
    sizes: Counter[float] = Counter()
    for page in pages:
        for line in page.lines:
            for w in line.words:
                sizes[round(w.size, 1)] += len(w.text)
    return sizes.most_common(1)[0][0] if sizes else DEFAULT_BODY_SIZE


def _pitches(lines: list[_Line]) -> dict[float, float]:
    """The usual baseline-to-baseline distance for each text size."""
    seen: dict[float, list[float]] = defaultdict(list)
    for a, b in itertools.pairwise(lines):
        if a.page == b.page and a.col == b.col and a.size == b.size:
            d = b.bottom - a.bottom
            if 0 < d < MAX_PITCH * a.size:
                seen[a.size].append(round(d, 1))
    return {size: statistics.median_low(ds) for size, ds in seen.items() if ds}


def _first_word_width(line: _Line) -> float:
    w = line.words[0]
    return w.x1 - w.x0


def _ended_early(prev: _Line, line: _Line) -> bool:
    """The line before stopped although the next line's first word would have fit on it."""
    slack = prev.right - prev.x1
    space = WORD_SPACE * prev.size
    return slack > _first_word_width(line) + space + 0.5 * prev.size


def _same_face(prev: _Line, line: _Line) -> bool:
    return prev.bold == line.bold and abs(prev.size - line.size) <= 0.5


def _centred(line: _Line) -> bool:
    """Set centred in its column (and not full width)."""
    middle = (line.left + line.right) / 2
    margin = CENTRED_MARGIN * line.size  # more than a first-line indent
    return (
        line.x0 - line.left > margin
        and line.right - line.x1 > margin
        and abs((line.x0 + line.x1) / 2 - middle) < CENTRED_TOLERANCE * (line.right - line.left)
    )


def _indented(line: _Line) -> bool:
    return line.x0 - line.left > INDENT * line.size and not _centred(line)


def _first_line_indents(lines: list[_Line]) -> bool:
    """Does the text mark paragraphs by indenting their first line (rather than hanging indents)?

    An indented line followed by a flush one is a paragraph's first line; an indented line followed
    by another is a continuation under a hanging label (or a one-line paragraph): the more common wins.
    """
    opening = hanging = 0
    for a, b in itertools.pairwise(lines):
        if a.page == b.page and a.col == b.col and _indented(a) and _same_face(a, b):
            if _indented(b):
                hanging += 1
            else:
                opening += 1
    return opening > hanging


def _continues(
    prev: _Line, line: _Line, pitch: dict[float, float], first_of_para: bool, indents: bool = False
) -> bool:
    """Does ``line`` continue the paragraph whose last line is ``prev``?

    Two centred lines of one face on one page (a heading set on two lines) are exempt from the "ended
    early" test; a line that starts with a label ("A.", "2.", "E.Deception") or a law's number
    ("LOI 41") under a line set in bold starts a paragraph, also when the line before reaches the
    column's edge;
    where the text indents first lines (``indents``), an indented line always starts a paragraph.
    """
    if not _same_face(prev, line):
        return False
    if indents and _indented(line):
        return False
    across = prev.page != line.page or prev.col != line.col
    if _ended_early(prev, line) and (across or not (_centred(prev) and _centred(line))):
        return False
    if (
        not across
        and prev.bold
        and (_LABEL.match(line.text) or _GLUED_LABEL.match(line.text) or _names_a_law(line.text))
    ):
        return False  # a label or a law's heading under a line set in bold: a heading does not run on
    if across:
        if prev.justified and prev.right - prev.x1 > FULL_LINE:
            return False  # in justified text only a paragraph's last line stops short of the edge
        short = prev.right - prev.x1 > FULL_LINE
        return not ((short or _SENTENCE_END.search(prev.text)) and _LABEL.match(line.text))
    gap = line.bottom - prev.bottom
    usual = pitch.get(prev.size, DEFAULT_PITCH * prev.size)
    if gap > usual + max(PARAGRAPH_GAP * prev.size, PARAGRAPH_GAP_PITCH * usual) or gap < 0:
        return False
    indented = line.x0 - line.left > INDENT * line.size and prev.x0 - prev.left < FLUSH * prev.size
    return not (indented and not first_of_para)


def _set_edges(lines: list[_Line]) -> None:
    """Left and right edges of the column each line is set in (per page parity and column)."""
    groups: dict[tuple[int, int], list[_Line]] = defaultdict(list)
    for line in lines:
        groups[(line.page % 2, line.col)].append(line)
    for group in groups.values():
        rights = sorted(ln.x1 for ln in group)
        lefts = sorted(ln.x0 for ln in group)
        right = rights[int((1 - EDGE_QUANTILE) * (len(rights) - 1))]
        left = lefts[int(EDGE_QUANTILE * (len(lefts) - 1))]
        faces: dict[tuple[float, bool], list[_Line]] = defaultdict(list)
        for ln in group:
            ln.right, ln.left = max(right, ln.x1), left
            faces[(ln.size, ln.bold)].append(ln)
        for same in faces.values():  # headings are seldom justified even where the text is
            justified = sum(1 for ln in same if right - ln.x1 <= FULL_LINE) >= 0.5 * len(same)
            for ln in same:
                ln.justified = justified


def _paragraphs(lines: list[_Line], body: float) -> list[_Para]:
    pitch = _pitches(lines)
    indents = _first_line_indents(lines)
    paras: list[_Para] = []
    for line in lines:
        target: _Para | None = None
        if paras:
            last = paras[-1]
            prev = last.lines[-1]
            if _continues(prev, line, pitch, len(last.lines) == 1, indents):
                target = last
            elif prev.page != line.page or prev.col != line.col:
                # Footnotes set smaller at the foot of a page: the text may run on past them.
                k = len(paras) - 1
                while k > 0 and paras[k].lines[-1].size < body - 0.5 and paras[k].lines[0].page == prev.page:
                    k -= 1
                if k < len(paras) - 1 and _continues(paras[k].lines[-1], line, pitch, False, indents):
                    target = paras[k]
        if target is None:
            target = _Para()
            paras.append(target)
        target.lines.append(line)
    return paras


def _join(lines: list[_Line], vocabulary: set[str]) -> tuple[str, int]:
    """A paragraph's lines as one line of text; returns it and the number of hyphens rejoined."""
    text = lines[0].text
    joined = 0
    for line in lines[1:]:
        nxt = line.text
        if text and text[-1] == "\u00ad":
            text, joined = text[:-1] + nxt, joined + 1
        elif len(text) >= 2 and text[-1] in HYPHENS and text[-2].isalpha() and nxt[:1].islower():
            head = text.rsplit(" ", 1)[-1][:-1]
            tail = nxt.split(" ", 1)[0]
            if f"{head}-{tail}".casefold() in vocabulary:
                text += nxt
            else:
                text, joined = text[:-1] + nxt, joined + 1
        else:
            text += " " + nxt
    return text, joined


def extract_pdf(data: bytes, path: str) -> Document:
    """Read a PDF's text layer into located paragraphs in reading order, furniture set aside.

    Args:
        data: the file's bytes.
        path: the file's path, for messages and locations.

    Returns:
        The paragraphs (page and line of their first and last line), the page furniture as located
        debris, and notices of what was rejoined or set aside.

    Raises:
        InputError: a scan without text layer, an encrypted, truncated or damaged PDF, one of more
            than :data:`~lawalign.limits.MAX_PDF_PAGES` pages.
    """
    doc = _open(data, path)
    try:
        if len(doc) > MAX_PDF_PAGES:
            pages_over = f"a PDF of {len(doc):,} pages is over the limit of {MAX_PDF_PAGES:,} pages"
            raise InputError(path, f"{pages_over} for one input")
        pages = _read_pages(doc, path)
    finally:
        doc.close()
    if not any(p.lines for p in pages):
        raise InputError(path, "no text layer: run OCR first (the PDF holds only images)")
    notices: list[Notice] = []
    scans = [p.number for p in pages if not p.lines and p.images]
    if scans:
        notices.append(
            Notice(
                "pdf-no-text-layer", f"page(s) {', '.join(map(str, scans))} hold only images: not read", path
            )
        )
    furniture = _furniture(pages)
    removed = [
        Aside(line.text, line.number, "page-furniture", furniture[id(line)], page.number)
        for page in pages
        for line in page.lines
        if id(line) in furniture
    ]
    flow = [line for page in pages for line in page.lines if id(line) not in furniture]
    _set_edges(flow)
    body = _body_size(pages)
    vocabulary = {w.casefold() for line in flow for w in line.text.split() if "-" in w}
    paragraphs = []
    hyphens = 0
    for para in _paragraphs(flow, body):
        text, joined = _join(para.lines, vocabulary)
        hyphens += joined
        first, last = para.lines[0], para.lines[-1]
        heading = all(ln.bold for ln in para.lines) or all(
            ln.size >= HEADING_SIZE * body for ln in para.lines
        )
        paragraphs.append(Paragraph(text, first.number, last.number, first.page, last.page, heading))
    if removed:
        notices.append(
            Notice(
                "pdf-page-furniture",
                f"{len(removed)} line(s) of running headers, footers and page numbers set aside as debris",
                path,
                removed[0].line,
            )
        )
    if hyphens:
        notices.append(Notice("pdf-hyphens", f"{hyphens} word(s) hyphenated at a line end rejoined", path))
    breaks = sum(1 for p in paragraphs if p.page != p.page_end)
    if breaks:
        notices.append(Notice("pdf-page-breaks", f"{breaks} paragraph(s) joined across a page break", path))
    log.info("%s: %d page(s), %d paragraph(s)", path, len(pages), len(paragraphs))
    return Document(tuple(paragraphs), tuple(removed), tuple(notices), MEDIA_TYPE, "pdf")
