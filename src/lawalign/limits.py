"""The limits lawalign enforces on an input, each with a clear, located error or located debris (never
a silent merge or an unbounded run).

* :data:`MAX_LAW_NUMBER`: law numbers run 1–999 (the WBF Laws have 93). A line that opens with a
  law keyword and a number of four or more digits ("LAW 1000", "Article 1384 du Code civil", "§ 1004
  BGB") is another code's article, not a law of the book: reading sets it aside as debris
  (``other-law``) with the lines after it up to the next law heading numbered 1–999
  (:func:`law_number_at`, ``ingest.read``), so its text is never read as text of the law before it,
  and the page is still read.
* :data:`MAX_POINTS`: a section numbers at most 99 points. A numbering that runs on past "99." to
  "100." is a list (an index, a list of rulings), not a law's points: reading sets it aside as debris
  (``long-list``) from that line up to the next law heading numbered 1–999 (:func:`point_number_at`),
  never read as text of point 99, and the page is still read.
* :data:`MAX_PARAGRAPH_CHARS`: one line, and one unit (a paragraph, wrapped lines joined), holds at
  most this many characters. The longest paragraph of the Laws is under 2,000; a whole law printed
  on one line is under 20,000. Longer input is not a law paragraph (a dump, a minified page) and
  would only cost minutes of sentence splitting and alignment.

The last one runs on the normalized text at the end of reading (:func:`check_limits`, called by
``read_source``), so it costs one pass; the unit length is checked again at the end of
segmentation (:func:`check_units`, called by ``segment_law``).

Every other bound lawalign enforces is stated here too, with what happens past it: edition names,
XML and ZIP containers, ``lawalign sql`` (``docs/guarantees.md`` lists them all with the tests).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from lawalign.errors import InputError
from lawalign.models import Edition, SourceText

MAX_LAW_NUMBER = 999
MAX_PARAGRAPH_CHARS = 50_000
MAX_POINTS = 99
"""Numbered points per section: labels "1." to "99." (the pattern ``structure.patterns.POINT`` reads
two digits; the Laws have at most 12). A numbering that runs on past "99." to "100." is refused at
that line, never read as text of point 99 or as unplaced text."""
MAX_LINES = 100_000
"""Lines of one input: a plain text's lines (a line end or a soft line break, LS, PS, NEL, VT or FF,
starts a line; blank lines count), a page's or a document's extracted lines and paragraphs (a blank
standing alone between two lines, as a web page's margins draw them, does not count). The
whole Laws book is about 6,000 lines hard-wrapped. Every line read costs some kilobytes (its cues,
the model's reading of it; about 6 KB for a line of two characters, measured in docs/guarantees.md),
so the 20 MiB a file may hold, in short lines, would need tens of gigabytes: refused at the first
line past the limit, before any line is built (``check_line_breaks`` and ``check_line_count`` of
``lawalign.ingest.normalize``)."""
MAX_PDF_PAGES = 10_000
"""Pages of one PDF (the Laws book has about 130). A page tree may name one page object many times, so
a PDF of 60 KB can hold 10,000 pages and one under the size limit millions, each read in turn:
refused from the page count, before a page is read."""
HTML_MAX_LINE = 65_535
"""Not a limit lawalign sets: the highest line number libxml2's HTML parser records (16 bits; lxml
offers no option to lift it, as XML_PARSE_BIG_LINES does for XML). An element on a later line of a
saved page reports this one; the reading says so (notice ``html-line-numbers``)."""
MAX_BEAD = 10
"""Largest bead ``lawalign pair --max-bead`` accepts, in units of both sides (up to 1-9). The search
embeds every run of up to ``N - 1`` units a side, so its memory grows with ``N`` times the sentences:
at the 100,000-line limit and ``N`` = 10, about 1.4 GB of vectors a side. The default is 5 (4 fragments);
no development document holds a gold bead over 8 sentences."""
MAX_NAME_CHARS = 64
"""Longest edition name (it becomes a file name, ``<name>.xml``: a file name may be this plus its
suffix)."""
MAX_FILE_NAME_CHARS = MAX_NAME_CHARS + 16
"""Longest output file name: an edition name of :data:`MAX_NAME_CHARS` and a suffix."""

# --- XML and ZIP containers (lawalign.ingest.xmlsafe, lawalign.ingest.docx) ------------------------------
DATA_MAX_BYTES = 20 * 1024 * 1024
"""Largest data file (profile, skeleton, termbase, change map, glossary) read from a user folder."""

XML_MAX_BYTES = 64 * 1024 * 1024
"""Most bytes of one XML document or container part read (a plain XML file is capped at the input
size limit of 20 MiB before this)."""
XML_MAX_ELEMENTS = 2_000_000
"""Most elements in one XML document or part (a 1,000-law book in Word has about 200,000)."""
XML_MAX_DEPTH = 2_048
"""Deepest element nesting (libxml2's own limit with ``huge_tree``)."""
XML_MAX_TEXT = 1_000_000
"""Longest text node, in characters (a paragraph holds at most :data:`MAX_PARAGRAPH_CHARS`)."""
ZIP_MAX_MEMBERS = 10_000
"""Most members in a Word or OpenDocument archive."""
ZIP_MAX_TOTAL = 256 * 1024 * 1024
"""Most bytes all members of an archive may inflate to, as declared (checked before inflating)."""
ZIP_MAX_RATIO = 200
"""Highest inflation ratio (declared size / compressed size) of a member over 1 MiB; Word's own XML
inflates 5-20 times, a ZIP bomb thousands of times."""
LIST_MAX_START = 32_767
"""Highest list start value (``w:start``, ``w:startOverride``, ``text:start-value``): Word's own
maximum; higher ones are refused."""
LIST_MAX_LEVEL = 9
"""List levels: Word's ``w:ilvl`` 0-8, OpenDocument's ``text:level`` 1-10; deeper is refused."""
SPACES_MAX = MAX_PARAGRAPH_CHARS
"""Most spaces one OpenDocument ``<text:s text:c="…"/>`` may stand for."""

# --- lawalign sql (lawalign.query.sql) --------------------------------------------------------------
SQL_SECONDS = 30.0
"""Time limit of one ``lawalign sql`` query (``--timeout`` changes it): a progress handler stops it."""
SQL_MAX_ROWS = 200_000
"""Most rows one query may return."""
SQL_MAX_BYTES = 64 * 1024 * 1024
"""Most bytes of text and blob values one query may return (numbers count 8)."""
SQL_MAX_VALUE = 16 * 1024 * 1024
"""Longest single value (string, blob) or statement SQLite may make (``SQLITE_LIMIT_LENGTH``)."""
SQL_HEAP_BYTES = 256 * 1024 * 1024
"""SQLite's own memory (``PRAGMA hard_heap_limit``) while a query runs."""


_NUMBERED = re.compile(r"^\s*(?P<num>\d{2,4})[.)](?=\s)")


@cache
def _law_heading(law_keywords: tuple[str, ...], framed: bool) -> re.Pattern[str]:
    keywords = "|".join(sorted((re.escape(k) for k in law_keywords), key=len, reverse=True))
    marks = r"[^\w\s]{0,3}\s*" if framed else ""
    # the number after a space, or glued to a keyword that ends in a mark ("§9", "Art.9"), as the
    # reader reads a law heading (structure.patterns)
    return re.compile(rf"^\s*{marks}(?:{keywords})(?:\s+|(?<=[^\w\s])\s*)(?P<num>\d+)(?!\d)", re.I)


def law_number_at(text: str, law_keywords: Sequence[str], *, framed: bool = False) -> re.Match[str] | None:
    """The law number a line opens with after one of ``law_keywords`` ("LAW 68", "§ 1004 BGB",
    "§1004"), as a match whose group ``num`` is the number; None when the line opens otherwise.
    ``framed``: up to three marks may stand before the keyword, as around a running header ("– LOI 9
    –"); a line of text opening with "(" cites, it does not head.

    >>> law_number_at("§ 1004 BGB gilt", ["§", "Regel"])["num"], law_number_at("Regeln", ["Regel"])
    ('1004', None)
    >>> law_number_at("§1004", ["§"])["num"], law_number_at("Regel1", ["Regel"])
    ('1004', None)
    >>> law_number_at("– LOI 9 –", ["Loi"]), law_number_at("– LOI 9 –", ["Loi"], framed=True)["num"]
    (None, '9')
    """
    return _law_heading(tuple(law_keywords), framed).match(text) if law_keywords else None


def point_number_at(text: str) -> re.Match[str] | None:
    """The point number of two to four digits a line opens with ("99. ", "100) "), as a match whose
    group ``num`` is the number; None otherwise.

    >>> point_number_at("100. Ruling")["num"], point_number_at("1. Text"), point_number_at("1999 was")
    ('100', None, None)
    """
    return _NUMBERED.match(text)


SHOWN_DIGITS = 12
"""Digits of an out-of-range number a message quotes (the line itself is kept whole)."""


def beyond(digits: str, limit: int) -> bool:
    """Whether the number written ``digits`` is above ``limit``, without converting a number of
    thousands of digits (Python refuses to, past 4,300).

    >>> beyond("0999", 999), beyond("1000", 999), beyond("9" * 5000, 999)
    (False, True, True)
    """
    significant = digits.lstrip("0")
    return len(significant) > len(str(limit)) or (bool(significant) and int(significant) > limit)


def shown_number(digits: str) -> str:
    """``digits`` as a message quotes them: the first :data:`SHOWN_DIGITS`, then "…".

    >>> shown_number("1384"), shown_number("9" * 40)
    ('1384', '999999999999…')
    """
    return digits if len(digits) <= SHOWN_DIGITS else digits[:SHOWN_DIGITS] + "…"


def check_limits(source: SourceText) -> None:
    """Refuse a text beyond the paragraph limit above, naming the file, line and column.

    Args:
        source: the normalized text.

    Raises:
        InputError: a line longer than :data:`MAX_PARAGRAPH_CHARS`.
    """
    for line in source.lines:
        if len(line.text) > MAX_PARAGRAPH_CHARS:
            raise InputError(
                source.path,
                f"a paragraph of {len(line.text):,} characters is over the limit of {MAX_PARAGRAPH_CHARS:,} "
                "for one paragraph (split it, or check that this file is a law text)",
                line.raw_line,
                1,
            )


def check_units(edition: Edition) -> None:
    """Refuse an edition with a unit longer than :data:`MAX_PARAGRAPH_CHARS` (wrapped lines joined).

    Raises:
        InputError: at the unit's first line.
    """
    for unit in edition.units:
        if len(unit.text) > MAX_PARAGRAPH_CHARS:
            raise InputError(
                unit.source.path,
                f"unit {unit.id} has {len(unit.text):,} characters, over the limit of "
                f"{MAX_PARAGRAPH_CHARS:,} for one paragraph",
                unit.source.line_start,
            )
