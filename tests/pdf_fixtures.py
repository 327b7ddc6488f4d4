"""Typeset the seeds as PDF files, the way federations publish them (test-only, fpdf2).

Two producers on purpose, so the reader is not tuned to one:

- :func:`booklet`: an A5 booklet typeset here word by word: justified lines (wide spaces), long words
  hyphenated at the line end, bold headings, small footnotes, a running header and a page number on
  every page, paragraphs running on across page breaks.
- :func:`two_columns`: an A4 page in two justified columns laid out by fpdf2's own ``text_columns``
  (soft hyphens offered in long words), a centred "– n –" page number, paragraphs running on across
  column and page breaks.

Plus broken inputs: an image-only page (a scan), an encrypted file, a truncated file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from fpdf import FPDF
from fpdf.enums import Align

FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
FONTS = {"": "DejaVuSerif.ttf", "B": "DejaVuSerif-Bold.ttf", "I": "DejaVuSerif-Italic.ttf"}
EPOCH = datetime(2007, 1, 1, tzinfo=UTC)
RUNNING_HEADER = "Laws of Duplicate Bridge · Claims and Concessions"

_FOOTNOTE = re.compile(r"^(<\*>|\*|\[\d+\])\s")
_LETTER = re.compile(r"^[^\W\d_]+$")


def paragraphs(text: str) -> list[str]:
    """The seed's paragraphs: its non-empty lines (the seeds keep one paragraph per line)."""
    return [line.strip() for line in text.splitlines() if line.strip()]


def style_of(paragraph: str) -> str:
    """``"heading"`` (short, no closing punctuation), ``"footnote"`` (a marker first), or ``"body"``."""
    if _FOOTNOTE.match(paragraph):
        return "footnote"
    if len(paragraph) <= 90 and not re.search(r"[.;:,!?…]$", paragraph) and not paragraph.startswith("-" * 4):
        return "heading"
    return "body"


def new_pdf(fmt: tuple[float, float] = (420.0, 595.0)) -> FPDF:
    """An empty document in points (A5 unless ``fmt``), deterministic, the serif fonts added, no
    automatic page breaks (text is placed where the caller puts it)."""
    pdf = FPDF(format=fmt, unit="pt")
    pdf.set_compression(True)
    pdf.set_creation_date(EPOCH)  # deterministic bytes
    for style, name in FONTS.items():
        pdf.add_font("Serif", style, str(FONT_DIR / name))
    pdf.set_auto_page_break(False)
    return pdf


@dataclass
class _Booklet:
    pdf: FPDF
    header: str  # "even|odd" for headers alternating between left and right pages
    width: float
    height: float
    margin_top: float = 54
    margin_bottom: float = 54
    margin_in: float = 46
    margin_out: float = 40
    page: int = 0
    y: float = 0.0
    splits: int = 0  # paragraphs that run on across a page break
    ragged: bool = False  # ragged right, first-line indents, no paragraph spacing, centred headings

    @property
    def left(self) -> float:
        # Mirror margins: the inner margin is on the left of odd (right-hand) pages.
        return self.margin_in if self.page % 2 else self.margin_out

    @property
    def measure(self) -> float:
        return self.width - self.margin_in - self.margin_out

    def new_page(self) -> None:
        self.pdf.add_page()
        self.page += 1
        self.pdf.set_font("Serif", "I", 8)
        header = self.header.split("|")[self.page % 2] if "|" in self.header else self.header
        w = self.pdf.get_string_width(header)
        number = str(self.page)
        if self.ragged:  # header on the left, page number on the right of the same top row
            self.pdf.text(self.left, 30, header)
            self.pdf.set_font("Serif", "", 9)
            self.pdf.text(self.left + self.measure - self.pdf.get_string_width(number), 30, number)
        else:
            self.pdf.text(self.left + (self.measure - w) / 2, 30, header)
            self.pdf.set_font("Serif", "", 9)
            w = self.pdf.get_string_width(number)
            self.pdf.text(self.left + (self.measure - w) / 2, self.height - 28, number)
        self.y = self.margin_top

    def lines(self, words: list[str], size: float, style: str, indent: float = 0.0) -> list[list[str]]:
        """Greedy line breaking; a long word that does not fit is hyphenated when a piece fits."""
        self.pdf.set_font("Serif", style, size)
        measure = self.measure - indent  # the first line's
        space = self.pdf.get_string_width(" ")
        out: list[list[str]] = []
        current: list[str] = []
        used = 0.0
        queue = list(words)
        while queue:
            word = queue.pop(0)
            w = self.pdf.get_string_width(word)
            need = w + (space if current else 0)
            if used + need <= measure:
                current.append(word)
                used += need
                continue
            if _LETTER.match(word) and len(word) >= 7 and current:
                for k in range(len(word) - 3, 2, -1):
                    piece = word[:k] + "-"
                    if used + space + self.pdf.get_string_width(piece) <= measure:
                        current.append(piece)
                        queue.insert(0, word[k:])
                        break
                else:
                    queue.insert(0, word)
            else:
                queue.insert(0, word)
            out.append(current)
            current, used, measure = [], 0.0, self.measure
            if not out[-1]:  # a word wider than the measure: set it alone
                out[-1] = [queue.pop(0)]
        if current:
            out.append(current)
        return out

    def paragraph(self, text: str) -> None:
        kind = style_of(text)
        size, style, before = {
            "heading": (10.5, "B", 9.0),
            "footnote": (8.0, "", 4.0),
            "body": (9.5, "", 4.0),
        }[kind]
        leading = size * 1.25
        indent = 14.0 if self.ragged and kind != "heading" else 0.0
        if self.ragged and kind != "heading":
            before = 0.0
        lines = self.lines(text.split(), size, style, indent)
        if self.y > self.margin_top:
            self.y += before
        for i, words in enumerate(lines):
            if self.y + leading > self.height - self.margin_bottom or self.page == 0:
                self.splits += 0 < i
                self.new_page()
            self.pdf.set_font("Serif", style, size)
            widths = [self.pdf.get_string_width(w) for w in words]
            space = self.pdf.get_string_width(" ")
            last = i == len(lines) - 1
            gap = space
            if not last and len(words) > 1 and kind != "heading" and not self.ragged:
                gap = (self.measure - sum(widths)) / (len(words) - 1)  # justified: wide spaces
            x = self.left + (indent if i == 0 else 0.0)
            if self.ragged and kind == "heading":  # centred
                x = self.left + (self.measure - sum(widths) - gap * (len(words) - 1)) / 2
            baseline = self.y + size
            for word, w in zip(words, widths, strict=True):
                self.pdf.text(x, baseline, word)
                x += w + gap
            self.y += leading


def booklet(
    text: str, path: Path, *, header: str = RUNNING_HEADER, copies: int = 1, ragged: bool = False
) -> Path:
    """Typeset ``text`` as an A5 booklet (``copies`` times over, for long benchmark inputs).

    ``ragged``: ragged right, first lines indented instead of paragraph spacing, centred headings,
    header and page number on one top row. The bottom margin grows a few points at a time until some
    paragraph runs on across a page break, so every booklet has one.
    """
    for extra in range(0, 200, 6):
        pdf = new_pdf((420.0, 595.0))
        book = _Booklet(pdf, header, pdf.w, pdf.h, margin_bottom=54 + extra, ragged=ragged)
        for _ in range(copies):
            for para in paragraphs(text):
                book.paragraph(para)
        if book.splits:
            break
    pdf.output(str(path))
    return path


def _soft_hyphens(paragraph: str) -> str:
    """Offer a break in the middle of every long word (fpdf2 prints "-" where it breaks)."""

    def split(m: re.Match[str]) -> str:
        word = m.group(0)
        half = len(word) // 2
        return word[:half] + "\u00ad" + word[half:]

    return re.sub(r"[^\W\d_]{10,}", split, paragraph)


class _Footed(FPDF):
    def footer(self) -> None:
        self.set_y(-36)
        self.set_font("Serif", "", 9)
        self.cell(0, 10, f"– {self.page_no()} –", align="C")


def two_columns(text: str, path: Path) -> Path:
    """Typeset ``text`` on A4 in two justified columns with fpdf2's ``text_columns``."""
    pdf = _Footed(format="A4", unit="pt")
    pdf.set_compression(True)
    pdf.set_creation_date(EPOCH)
    for style, name in FONTS.items():
        pdf.add_font("Serif", style, str(FONT_DIR / name))
    pdf.set_margins(50, 56, 50)
    pdf.set_auto_page_break(True, margin=60)
    pdf.add_page()
    with pdf.text_columns(ncols=2, gutter=20, text_align=Align.J, line_height=1.2) as cols:
        for para in paragraphs(text):
            kind = style_of(para)
            size, style = {"heading": (11.0, "B"), "footnote": (8.0, ""), "body": (10.0, "")}[kind]
            pdf.set_font("Serif", style, size)
            align = Align.L if kind == "heading" else Align.J
            with cols.paragraph(text_align=align, top_margin=5) as p:
                p.write(_soft_hyphens(para))
    pdf.output(str(path))
    return path


def scanned(path: Path) -> Path:
    """A page holding only an image (what a scanner makes): no text layer."""
    from PIL import Image, ImageDraw

    img = Image.new("L", (400, 560), 255)
    draw = ImageDraw.Draw(img)
    for y in range(40, 520, 14):
        draw.line((40, y, 360, y), fill=0, width=3)
    png = path.with_suffix(".png")
    img.save(png)
    pdf = FPDF(format=(420, 595))
    pdf.set_creation_date(EPOCH)
    pdf.add_page()
    pdf.image(str(png), x=0, y=0, w=pdf.w)
    pdf.output(str(path))
    png.unlink()
    return path


def encrypted(text: str, path: Path) -> Path:
    """A booklet that opens only with a password."""
    pdf = new_pdf((420.0, 595.0))
    book = _Booklet(pdf, RUNNING_HEADER, pdf.w, pdf.h)
    for para in paragraphs(text)[:3]:
        book.paragraph(para)
    pdf.set_encryption(owner_password="owner", user_password="secret")
    pdf.output(str(path))
    return path


def truncated(text: str, path: Path) -> Path:
    """A booklet cut off after its first third (an interrupted download)."""
    whole = booklet(text, path)
    data = whole.read_bytes()
    path.write_bytes(data[: len(data) // 3])
    return path


def many_pages(path: Path, pages: int) -> Path:
    """A PDF whose page tree names one page object ``pages`` times: a few bytes a page, written by
    hand (a typesetter writes each page apart). Every page prints the same line at the same place."""
    content = b"BT /F1 12 Tf 72 720 Td (A. Claim text) Tj ET"
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [" + b" ".join([b"3 0 R"] * pages) + b"] /Count %d >>" % pages,
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R"
        b" /Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = b"%PDF-1.4\n"
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    path.write_bytes(out)
    return path
