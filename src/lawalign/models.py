"""The data model shared by every stage: frozen, slotted dataclasses, no I/O.

Each stage is a function from one of these to the next::

    read_source(path)        -> SourceText      (ingest: decode, normalize, offset map)
    segment_law(SourceText)  -> Edition         (structure: units with canonical ids)
    align_editions([...])    -> Alignment       (align: clause, sentence and footnote links)
    find_divergences(...)    -> list[Finding]   (diff: typed, located findings)

Unit ids follow WBF citation style (``68B2``) with suffixes for unnumbered parts
(``68.title``, ``68.intro``, ``68.fn1``, ``69B.wrap``); see ``structure/ids.py``.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, Protocol, get_args

from lawalign.errors import ConfigError

if TYPE_CHECKING:
    import numpy as np


class TextEncoder(Protocol):
    """What a stage that reads meaning is given: the run's embedder (``lawalign.align.embed``), which
    turns texts into L2-normalized float32 row vectors. The structure stage reads unlettered headings
    with it, so they follow the run's ``--model`` and ``--cache-dir`` (never a model of its own)."""

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Embed ``texts`` → array (len(texts), dim)."""
        ...


# "68B2" -> law 68, section B, point 2; "68.fn1" -> law 68, suffix fn1; "71.1" -> law 71, point 1;
# "68B.x1" -> a unit of section 68B the reference has no place for.
# The decimal digits of every script (Unicode category Nd, as Unicode 14 lists them: each run of ten
# starts at one of these zeros) as ASCII: an id's numbers are ASCII, whatever digits the text printed
# them in. The patterns read labels with ``\d``, which matches every one of them, so a page that
# prints its law numbers in mathematical bold ("𝟔𝟖") or Tibetan digits gets ids, not an error. A test
# checks the list against the running Python's unicodedata.
DIGIT_ZEROS = (
    0x0660, 0x06F0, 0x07C0, 0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6, 0x0C66, 0x0CE6, 0x0D66,
    0x0DE6, 0x0E50, 0x0ED0, 0x0F20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0, 0x1A80, 0x1A90,
    0x1B50, 0x1BB0, 0x1C40, 0x1C50, 0xA620, 0xA8D0, 0xA900, 0xA9D0, 0xA9F0, 0xAA50, 0xABF0, 0xFF10,
    0x104A0, 0x10D30, 0x11066, 0x110F0, 0x11136, 0x111D0, 0x112F0, 0x11450, 0x114D0, 0x11650, 0x116C0,
    0x11730, 0x118E0, 0x11950, 0x11C50, 0x11D50, 0x11DA0, 0x16A60, 0x16AC0, 0x16B50, 0x1D7CE, 0x1D7D8,
    0x1D7E2, 0x1D7EC, 0x1D7F6, 0x1E140, 0x1E2F0, 0x1E950, 0x1FBF0,
)  # fmt: skip
ASCII_DIGITS = str.maketrans({chr(z + d): str(d) for z in DIGIT_ZEROS for d in range(10)})

_UNIT_ID = re.compile(
    r"""^(?P<law>\d+)
        (?:(?P<section>[A-Z])?(?:(?P<point>\d+)(?P<sub>[a-h])?)?  # 68, 68B, 68B2, 16B1a
          |\.(?P<lawpoint>\d+))                              # a point under the law: 71.1
        (?:\.(?P<suffix>title|intro|wrap|fn\d+|x\d+))?$""",
    re.X | re.A,
)
_AFTER_POINTS = 10**6  # a section's wrap and extras come after its points


def law_of(target: str) -> str:
    """The law number a canonical id or reference target starts with ("" when none).

    >>> law_of("70D3"), law_of("16"), law_of("68.fn1"), law_of("B1")
    ('70', '16', '68', '')
    """
    digits = ""
    for ch in target:
        if not ch.isdigit():
            break
        digits += ch
    return digits


# -- the vocabulary of a run: reference editions, inputs and how each was read --------------------

DEFAULT_REFERENCE = "2007"
"""The WBF edition an edition is read against when nothing says otherwise."""

UNKNOWN_EDITION = "unknown"
"""The ``source_edition`` of a text whose printed structure no known skeleton explains (1987)."""


@dataclass(frozen=True, slots=True)
class EditionInput:
    """One input of a run: a file (text, saved web page, PDF, or the project's own Akoma Ntoso).

    ``source_edition`` is the WBF edition the manifest says the text translates (None: the run
    chooses); ``laws`` the laws the manifest says it covers (empty: what the text holds).
    """

    path: str
    lang: str | None = None
    name: str | None = None
    source_edition: str | None = None
    laws: tuple[str, ...] = ()
    description: str = ""
    authoritative: bool = False
    file: str = ""  # where it is read from when not ``path`` (a corpus file named canonically)

    @property
    def location(self) -> str:
        """Where the input is read from (``path`` names it in every output and message)."""
        return self.file or self.path


@dataclass(frozen=True, slots=True)
class Reading:
    """How an edition was read: the WBF edition it follows, and why.

    ``margin`` is the evidence of the choice (how far the chosen edition is ahead of the next; None
    when the manifest gave it or the edition was read back from Akoma Ntoso). ``known`` is False
    when the text follows an edition the tool has no skeleton for: one the manifest names (its ids
    then follow the nearest known skeleton), or one whose printed structure every known skeleton
    contradicts (``source_edition`` is then :data:`UNKNOWN_EDITION`, ``guess`` the nearest known
    edition, and laws with a printed heading keep their printed ids). Either way it is reported as
    such, never silently as the nearest edition.
    """

    name: str
    source_edition: str
    given: bool = False
    margin: float | None = None
    evidence: str = ""
    known: bool = True
    scores: tuple[tuple[str, float], ...] = ()
    guess: str = ""  # an unknown edition read from its printed structure: the nearest known one

    def as_dict(self) -> dict[str, object]:
        """JSON form (``fingerprint``, the build manifest)."""
        return {
            "name": self.name,
            "source_edition": self.source_edition,
            "given": self.given,
            "margin": None if self.margin is None else round(self.margin, 3),
            "known": self.known,
            "guess": self.guess or None,
            "evidence": self.evidence,
            "scores": dict(self.scores),
        }


def _unit_text(law: str, section: str, point: int, suffix: str, sub: str) -> str:
    """The canonical text of an id's parts."""
    if point and not section:
        base = f"{law}.{point}"
        return f"{base}.{suffix}" if suffix else base
    base = f"{law}{section}{point or ''}{sub}"
    return f"{base}.{suffix}" if suffix else base


class UnitId(str):
    """A canonical unit id: the string itself ("68B2"), checked and parsed once when it is made.

    A ``UnitId`` is a ``str`` (it is written, compared, hashed and stored as its text, so every
    output reads the same), with its parts as attributes: law, section letter, point, sub-point
    letter, suffix. A plain string is not a ``UnitId``: the type checker keeps the two apart, and
    making one from text that is not a canonical id raises. Law order is :attr:`sort_key` (strings
    compare as strings).

    >>> uid = UnitId("68B2")
    >>> uid, uid.law, uid.section, uid.point, uid.section_id, type(uid.section_id).__name__
    ('68B2', '68', 'B', 2, '68B', 'UnitId')
    >>> [str(u) for u in sorted(map(UnitId, ["69B.wrap", "68.fn1", "69B2", "68A", "68.title", "71.1"]),
    ...                         key=lambda u: u.sort_key)]
    ['68.title', '68A', '68.fn1', '69B2', '69B.wrap', '71.1']
    >>> [str(u) for u in sorted(map(UnitId, ["9B1b", "9B1a", "9B1b.title", "9B1", "9B1a.title"]),
    ...                         key=lambda u: u.sort_key)]
    ['9B1', '9B1a.title', '9B1a', '9B1b.title', '9B1b']
    >>> UnitId.of("16", "B", 1, sub="a"), UnitId("68B2") == "68B2", UnitId.maybe("B1") is None
    ('16B1a', True, True)
    >>> UnitId("６８B２"), UnitId("٦٨B").law  # digits of other scripts are read as ASCII
    ('68B2', '68')
    """

    law: str
    section: str
    point: int
    suffix: str
    sub: str

    def __new__(cls, text: str) -> UnitId:
        """Check and parse ``text`` ("68B2", "68.title", "69B.wrap", "71.1", "68.fn1", "68B.x1").

        Raises:
            ConfigError: not a canonical id (debris ids such as "debris.1" are not).
        """
        m = _UNIT_ID.match(text.translate(ASCII_DIGITS))
        if not m:
            raise ConfigError(f"not a canonical unit id: {text!r} (expected e.g. 68B2, 68.title, 69B.wrap)")
        suffix = m["suffix"] or ""
        point = int(m["point"] or m["lawpoint"] or 0)  # "71.1": a point directly under the law
        sub = m["sub"] or ""
        if sub and (not m["section"] or suffix not in ("", "title")):
            # a sub-point is a section's point's (16B1a); its own printed heading is 9B1a.title
            raise ConfigError(f"not a canonical unit id: {text!r} (a sub-point is a section's: 16B1a)")
        law, section = m["law"], m["section"] or ""
        self = super().__new__(cls, _unit_text(law, section, point, suffix, sub))
        parts = {"law": law, "section": section, "point": point, "suffix": suffix, "sub": sub}
        for name, value in parts.items():
            object.__setattr__(self, name, value)
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"UnitId is immutable: cannot set {name}")

    @classmethod
    def of(cls, law: str, section: str = "", point: int = 0, suffix: str = "", sub: str = "") -> UnitId:
        """The id of these parts (``UnitId.of("68", "B", 2)`` is ``68B2``)."""
        return cls(_unit_text(law, section, point, suffix, sub))

    @classmethod
    def maybe(cls, text: str) -> UnitId | None:
        """The id of ``text``, or None for what is not a canonical id (debris, "")."""
        if isinstance(text, UnitId):
            return text
        try:
            return cls(text)
        except ConfigError:
            return None

    def __getnewargs__(self) -> tuple[str]:
        return (str(self),)

    def with_parts(
        self,
        *,
        law: str | None = None,
        section: str | None = None,
        point: int | None = None,
        suffix: str | None = None,
        sub: str | None = None,
    ) -> UnitId:
        """This id with some parts changed (``UnitId("16B1").with_parts(sub="a")`` is ``16B1a``)."""
        return UnitId.of(
            self.law if law is None else law,
            self.section if section is None else section,
            self.point if point is None else point,
            self.suffix if suffix is None else suffix,
            self.sub if sub is None else sub,
        )

    @property
    def is_title(self) -> bool:
        """A law's or a section's heading ("68.title", "68B.title")."""
        return self.suffix == "title"

    @property
    def is_footnote(self) -> bool:
        """A footnote ("68.fn1")."""
        return self.suffix.startswith("fn")

    @property
    def is_extra(self) -> bool:
        """A unit the reference has no place for ("68B.x1")."""
        return self.suffix.startswith("x")

    @property
    def section_id(self) -> UnitId:
        """The id of the section holding this unit ("68B2" → "68B"; "68.intro" → "68")."""
        return UnitId.of(self.law, self.section)

    @property
    def sort_key(self) -> tuple[int, int, str, int, int]:
        """Law order: title, intro, sections (title, text, points, wrap, extras), footnotes, extras."""
        law = int(self.law)
        number = 0
        if self.is_footnote:
            number = int(self.suffix[2:] or 0)
        elif self.is_extra:
            number = int(self.suffix[1:] or 0)
        if self.is_footnote:
            return (law, 1, "", number, 0)
        if self.is_extra and not self.section:
            return (law, 2, "", number, 0)
        if self.suffix == "title" and self.sub:
            # a sub-point's own heading (1997 Law 9B1a.title) comes right before its text
            sub = 2 + self.point
            number = 2 * (ord(self.sub) - ord("a")) + 1
        elif self.suffix == "title":
            sub = 0
        elif self.suffix == "intro":
            sub = 1
        elif self.suffix == "wrap":
            sub = _AFTER_POINTS
        elif self.is_extra:
            sub = _AFTER_POINTS + 1
        else:
            sub = 2 + self.point
            # 16B1, then 16B1a (after its heading 16B1a.title), 16B1b
            number = 2 * (ord(self.sub) - ord("a") + 1) if self.sub else 0
        return (law, 0, self.section, sub, number)


_DEBRIS_ID = re.compile(r"^debris\.(?P<source>[a-z]*)(?P<number>\d+)$")


class DebrisId(str):
    """The id of a recorded piece of debris: ``debris.<n>`` (read by the structure stage) or
    ``debris.<source><n>`` for what an input format took out before reading (``html``: page chrome
    of a saved web page, ``ctl``: control characters, a document reader's own prefix).

    >>> DebrisId("debris.3").number, DebrisId.of(2, "html"), UnitId.maybe("debris.3") is None
    (3, 'debris.html2', True)
    """

    source: str
    number: int

    def __new__(cls, text: str) -> DebrisId:
        """Check ``text``.

        Raises:
            ConfigError: not a debris id.
        """
        m = _DEBRIS_ID.match(text)
        if not m:
            raise ConfigError(f"not a debris id: {text!r} (expected e.g. debris.3, debris.html2)")
        self = super().__new__(cls, text)
        object.__setattr__(self, "source", m["source"])
        object.__setattr__(self, "number", int(m["number"]))
        return self

    @classmethod
    def of(cls, number: int, source: str = "") -> DebrisId:
        """``debris.<source><number>``."""
        return cls(f"debris.{source}{number}")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"DebrisId is immutable: cannot set {name}")

    def __getnewargs__(self) -> tuple[str]:
        return (str(self),)


def unit_order(unit_id: str) -> tuple[int, tuple[int, int, str, int, int], str]:
    """Sort key for any unit id string: "" first, canonical ids in law order, anything else last.

    >>> sorted(["68B2", "68.fn1", "68A", "68.title", "68B.title", "", "debris.1"], key=unit_order)
    ['', '68.title', '68A', '68B.title', '68B2', '68.fn1', 'debris.1']
    """
    if not unit_id:
        return (0, (0, 0, "", 0, 0), "")
    uid = UnitId.maybe(unit_id)
    if uid is None:
        return (2, (0, 0, "", 0, 0), unit_id)
    return (1, uid.sort_key, "")


def id_of(text: str | None) -> UnitId | DebrisId | None:
    """The typed id a text names: None for "" or None, a :class:`DebrisId` for ``debris.…``, else a
    :class:`UnitId` (checked).

    >>> id_of("68B2"), id_of("debris.2"), id_of("")
    ('68B2', 'debris.2', None)
    """
    if not text:
        return None
    if isinstance(text, UnitId | DebrisId):
        return text
    return DebrisId(text) if text.startswith("debris.") else UnitId(text)


UnitKind = Literal["title", "text", "footnote", "debris"]
"""Public ``kind`` of a unit row (the CLI/JSON contract)."""

UnitRole = Literal[
    "law-title",  # "ĐIỀU 68. ..." / "ПРАВИЛО 68. ..."
    "heading",  # a section heading ("A. Claim Defined", "- Talebin Tanımı")
    "intro",  # text of a law before its first section (68.intro)
    "section",  # the text of a section without points (68A)
    "chapeau",  # the text of a section before its points (69B)
    "point",  # a numbered point (68B1)
    "sub-point",  # a lettered sub-point of a point: "(a)" under 16B1 is 16B1a
    "wrap",  # text of a section after its last point (69B.wrap)
    "footnote",  # a footnote's text (68.fn1)
    "debris",  # anything that is not law text: repeats, rules, blog chrome
]

DebrisReason = Literal[
    "duplicate-heading",  # repeats a law or section heading printed earlier
    "duplicate-footnote",  # repeats a footnote printed earlier
    "duplicate-text",  # repeats the paragraph just before it
    "separator",  # a rule of dashes separating the footnote area
    "chrome",  # matches the language profile's list of web-page chrome
    "html-chrome",  # a saved web page's menus, scripts and page furniture outside the article
    "print-mark",  # a printer's slug line (the layout file's name) left in a PDF's text layer
    "page-furniture",  # a PDF's running header or footer, or a lone page number
    "tracked-deletion",  # text a Word file records as deleted (tracked change)
    "comment",  # a Word file's comment
    "control",  # control characters taken out of the text
    "other-law",  # another code's article ("Article 1384 du Code civil"): a law number beyond 1-999
    "long-list",  # a numbered list that runs on past point 99 (an index, a list of rulings)
    "commentary",  # prose about the law on a commentary page, not its text
    "quoted-reply",  # a quoted earlier message on a mailing-list page
    "mail-header",  # a mail header line (From:, Date:, Subject:) on a mailing-list page
    "signature",  # a mail or forum signature
    "navigation",  # a site's link, menu entry or heading with nothing under it, around the law
    "noise",  # a run of units the fitted line reader reads as no law text (structure/reader.py)
    "unplaced",  # text outside any recognizable law
]
"""Why a debris unit is debris: the ``reason`` of a ``units`` row (README, "The units row")."""

DEBRIS_REASONS: tuple[DebrisReason, ...] = get_args(DebrisReason)
"""Every :data:`DebrisReason`, in the order above.

>>> DEBRIS_REASONS[:2]
('duplicate-heading', 'duplicate-footnote')
"""

Severity = Literal["error", "warning", "info"]


def where(path: str, line: int | str, page: int | None = None) -> str:
    """A location as shown to people: ``path:line``, or ``path#page=P:line`` when the file has pages
    (PDF; the line counted on its page). ``#page=P`` is the PDF open parameter (RFC 8118) viewers
    understand.

    >>> where("ru2007.pdf", 17, 2), where("ru.txt", 17)
    ('ru2007.pdf#page=2:17', 'ru.txt:17')
    """
    return f"{path}#page={page}:{line}" if page is not None else f"{path}:{line}"


def at_line(line: int, page: int | None = None) -> str:
    """A location in prose: ``line 17``, or ``page 2, line 17`` in a paged file.

    >>> at_line(17), at_line(17, 2)
    ('line 17', 'page 2, line 17')
    """
    return f"page {page}, line {line}" if page is not None else f"line {line}"


@dataclass(frozen=True, slots=True)
class Source:
    """Where a piece of text came from: the raw file and its 1-based, inclusive lines.

    For a paged file (PDF) ``page`` is the 1-based page of the first line and ``page_end`` that of
    the last; the lines are then counted on their page. ``None`` for files without pages.
    """

    path: str
    line_start: int
    line_end: int
    page: int | None = None
    page_end: int | None = None

    def where(self) -> str:
        """``path:line[-line]``, or ``path#page=P:line`` for a paged file (see :func:`where`).

        >>> Source("a.pdf", 17, 18, page=2).where(), Source("a.txt", 3, 3).where()
        ('a.pdf#page=2:17-18', 'a.txt:3')
        """
        lines = (
            f"{self.line_start}" if self.line_end == self.line_start else f"{self.line_start}-{self.line_end}"
        )
        if self.page is not None and self.page_end is not None and self.page_end != self.page:
            return f"{self.path}#page={self.page}:{self.line_start} to page {self.page_end}:{self.line_end}"
        return where(self.path, lines, self.page)

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"path": self.path, "line_start": self.line_start, "line_end": self.line_end}
        if self.page is not None:
            out["page"] = self.page
            if self.page_end is not None and self.page_end != self.page:
                out["page_end"] = self.page_end
        return out


@dataclass(frozen=True, slots=True)
class Line:
    """One line of normalized text and the raw line it came from (the offset map).

    A line read from a PDF or Word file is a whole paragraph: ``raw_line``/``page`` locate its
    first line, ``raw_line_end``/``page_end`` its last (PDF: line on the page; Word: paragraph
    number). ``heading`` is the typesetting's heading signal (bold or larger type in a PDF, a
    heading style in Word): a hint for the structure stage, never a decision.
    """

    text: str
    raw_line: int  # 1-based line of the raw file (of the page, for a PDF)
    offset: int  # offset of this line's first character in ``SourceText.text``
    page: int | None = None
    raw_line_end: int | None = None  # None: the same as raw_line
    page_end: int | None = None  # None: the same as page
    heading: bool = False


NO_LAW = "no-law"
"""The code of the notice of a text read without any law unit (every line debris)."""

NO_LAW_CONSEQUENCE = "every line is recorded as debris"
"""What a :data:`NO_LAW` notice's message says after its cause ("<cause>; <consequence>")."""


@dataclass(frozen=True, slots=True)
class Notice:
    """Something a lenient stage did or skipped, with its location (never silent)."""

    code: str  # short machine name: "encoding-repaired", "no-profile", "ambiguous-label", ...
    message: str
    path: str
    line: int = 0


@dataclass(frozen=True, slots=True)
class SourceText:
    """A decoded, normalized input: the text, its line map back to the raw file, and provenance."""

    path: str
    text: str  # normalized (NFC, LF line ends, no NBSP/zero-width), lines joined with "\n"
    lines: tuple[Line, ...]
    lang: str  # ISO 639-1
    encoding: str  # the encoding the raw bytes were decoded with
    media_type: str = "text/plain"  # or "text/html" for a saved web page
    lang_detected: bool = False  # True when the language came from detection, not the caller
    removed: tuple[Unit, ...] = ()  # debris taken out before segmentation (HTML chrome), located
    notices: tuple[Notice, ...] = ()

    def raw_line_at(self, offset: int) -> int:
        """The 1-based raw line of the character at ``offset`` of ``text``."""
        lo, hi = 0, len(self.lines) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.lines[mid].offset <= offset:
                lo = mid
            else:
                hi = mid - 1
        return self.lines[lo].raw_line if self.lines else 1

    def source_of(self, first: int, last: int) -> Source:
        """The :class:`Source` of ``lines[first..last]`` (indices, inclusive): lines and pages."""
        a, b = self.lines[first], self.lines[last]
        end = b.raw_line if b.raw_line_end is None else b.raw_line_end
        page_end = b.page if b.page_end is None else b.page_end
        return Source(self.path, a.raw_line, end, a.page, page_end if a.page is not None else None)


@dataclass(frozen=True, slots=True)
class Unit:
    """One unit of an edition: a title, a clause, a footnote, or a recorded piece of debris.

    ``label`` is the printed label as it stands in the source ("1.", "A.", "ĐIỀU 68.", "<*>");
    ``text`` is the rest, as published. ``label + text`` (modulo whitespace) is exactly the source
    span: nothing is dropped or invented.
    """

    id: UnitId | DebrisId  # canonical id, "68B2"; debris: "debris.<n>"
    kind: UnitKind
    role: UnitRole
    lang: str
    law: str  # "68"; "" when unknown (debris before any law)
    text: str
    source: Source
    label: str = ""
    heading: str = ""  # for a law-title or heading unit: the heading text without its label
    inferred: bool = False  # the id was inferred from structure, not read from a printed label
    confidence: float = 1.0
    evidence: str = ""  # how the id was established (for inferred ids), or why debris is debris
    reason: DebrisReason | Literal[""] = ""  # debris only: why (DEBRIS_REASONS)
    duplicate_of: UnitId | None = None  # debris only: id of the unit this repeats
    markers: tuple[str, ...] = ()  # footnote markers printed in this unit ("*", "<*>", "[1]")
    footnotes: tuple[UnitId, ...] = ()  # ids of the footnotes anchored in this unit
    anchor: UnitId | None = None  # footnote only: id of the unit carrying its marker (None: orphaned)
    span: tuple[int, int] = (0, 0)  # [start, end) offsets of label+text in SourceText.text

    def __post_init__(self) -> None:
        # An id given as plain text (read back from a file, written in a test) is checked and typed
        # here, so every unit holds typed ids however it was made.
        if type(self.id) is str:
            ident = str(self.id)
            object.__setattr__(self, "id", DebrisId(ident) if self.kind == "debris" else UnitId(ident))
        if type(self.duplicate_of) is str:
            object.__setattr__(self, "duplicate_of", UnitId(self.duplicate_of))
        if type(self.anchor) is str:
            object.__setattr__(self, "anchor", UnitId(self.anchor))
        if any(type(f) is str for f in self.footnotes):
            object.__setattr__(self, "footnotes", tuple(UnitId(f) for f in self.footnotes))

    @property
    def uid(self) -> UnitId | None:
        """The id as a :class:`UnitId` (None for debris)."""
        return self.id if isinstance(self.id, UnitId) else None

    @property
    def unit_id(self) -> UnitId:
        """The canonical id of a unit of the law (title, text, footnote).

        Raises:
            ValueError: a debris unit, which has a :class:`DebrisId` only.
        """
        if not isinstance(self.id, UnitId):
            raise ValueError(f"{self.id} is debris: it has no canonical unit id")
        return self.id

    def as_row(self) -> dict[str, object]:
        """The public row contract of ``lawalign units`` (documented in README)."""
        row: dict[str, object] = {
            "id": self.id,
            "kind": self.kind,
            "role": self.role,
            "lang": self.lang,
            "law": self.law,
            "label": self.label,
            "text": self.text,
            "source": self.source.as_dict(),
            "inferred": self.inferred,
            "confidence": round(self.confidence, 3),
        }
        if self.kind == "debris":
            row["reason"] = self.reason
            if self.duplicate_of is not None:
                row["duplicate_of"] = self.duplicate_of
        if self.kind == "footnote":
            row["anchor"] = self.anchor
        if self.footnotes:
            row["footnotes"] = list(self.footnotes)
        if self.evidence:
            row["evidence"] = self.evidence
        return row


_VIEWS: dict[int, dict[str, object]] = {}
"""Views derived from an edition's units on first use (law units, id index), keyed by ``id(edition)``
and dropped when the edition is: they are no dataclass fields, so equality, hashing, ``replace``
and ``dataclasses.fields`` are unchanged."""


def _views_of(edition: Edition) -> dict[str, object]:
    key = id(edition)
    views = _VIEWS.get(key)
    if views is None:
        views = _VIEWS[key] = {}
        weakref.finalize(edition, _VIEWS.pop, key, None)
    return views


@dataclass(frozen=True, slots=True, weakref_slot=True)
class Edition:
    """One published translation, segmented: its units in source order (debris included)."""

    name: str  # short name, the file stem unless the manifest gives one
    path: str
    lang: str
    units: tuple[Unit, ...]
    source_edition: str = DEFAULT_REFERENCE  # which WBF edition it translates (manifest or fingerprint)
    authoritative: bool = False
    encoding: str = "utf-8"
    media_type: str = "text/plain"
    description: str = ""
    laws: tuple[str, ...] = ()  # laws it contains
    notices: tuple[Notice, ...] = ()
    laws_declared: bool = False  # ``laws`` is the manifest's declaration of what the edition covers

    @property
    def law_units(self) -> tuple[Unit, ...]:
        """Units that are law text (titles, clauses, footnotes): everything but debris."""
        views = _views_of(self)
        found = views.get("law_units")
        if found is None:
            found = views["law_units"] = tuple(u for u in self.units if u.kind != "debris")
        return found  # type: ignore[return-value]

    @property
    def debris(self) -> tuple[Unit, ...]:
        return tuple(u for u in self.units if u.kind == "debris")

    def unit(self, unit_id: str) -> Unit | None:
        """The first unit with id ``unit_id`` (an index built on first use), or None."""
        views = _views_of(self)
        index = views.get("index")
        if index is None:
            table: dict[str, Unit] = {}
            for u in self.units:
                table.setdefault(u.id, u)
            index = views["index"] = table
        return index.get(unit_id)  # type: ignore[attr-defined,no-any-return]


@dataclass(frozen=True, slots=True)
class Bead:
    """A sentence bead: indices of ``src`` sentences aligned to indices of ``tgt`` sentences.

    Printed vecalign-style: ``[0]:[0, 1]``. Either side may be empty (1-0 / 0-1 beads).
    """

    src: tuple[int, ...]
    tgt: tuple[int, ...]
    score: float = 0.0

    def __str__(self) -> str:
        return f"[{', '.join(map(str, self.src))}]:[{', '.join(map(str, self.tgt))}]"


def beads_text(beads: tuple[Bead, ...] | list[Bead]) -> str:
    """Beads as one vecalign-style string, e.g. ``"[0]:[0] [1]:[1, 2]"``.

    >>> beads_text([Bead((0,), (0,)), Bead((1,), (1, 2))])
    '[0]:[0] [1]:[1, 2]'
    """
    return " ".join(str(b) for b in beads)


def parse_beads(text: str) -> tuple[Bead, ...]:
    """The inverse of :func:`beads_text` (scores are not kept).

    >>> parse_beads("[0]:[0] [1]:[]")
    (Bead(src=(0,), tgt=(0,), score=0.0), Bead(src=(1,), tgt=(), score=0.0))
    """
    beads: list[Bead] = []
    for part in text.replace(", ", ",").split():
        left, right = part.split(":")

        def nums(side: str) -> tuple[int, ...]:
            inner = side.strip("[]")
            return tuple(int(x) for x in inner.split(",")) if inner else ()

        beads.append(Bead(nums(left), nums(right)))
    return tuple(beads)


@dataclass(frozen=True, slots=True)
class UnitLink:
    """One unit id aligned between two languages, with its similarity and sentence beads."""

    id: UnitId
    src_lang: str
    tgt_lang: str
    score: float  # cosine similarity of the two units' embeddings
    beads: tuple[Bead, ...] = ()
    src_sentences: tuple[str, ...] = ()
    tgt_sentences: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class IdCheck:
    """What the cross-language anchoring said about one unit's id."""

    lang: str
    unit: UnitId  # the id the structure stage gave
    proposed: UnitId  # the id the anchoring supports
    agrees: bool
    score: float
    message: str = ""

    def __post_init__(self) -> None:
        for name in ("unit", "proposed"):  # plain text (a test, a file read back): checked here
            if type(getattr(self, name)) is str:
                object.__setattr__(self, name, UnitId(getattr(self, name)))


@dataclass(frozen=True, slots=True)
class ParagraphLink:
    """Paragraphs of two editions matched by content where their ids did not pair them.

    ``src_ids``/``tgt_ids`` are consecutive units of each edition (a 1-1, or a paragraph split or
    merged by one edition); ``beads`` align the sentences of the two groups, read in order.
    """

    src_lang: str
    tgt_lang: str
    src_ids: tuple[UnitId, ...]
    tgt_ids: tuple[UnitId, ...]
    score: float  # cosine of the two groups' embeddings (4 decimals)
    beads: tuple[Bead, ...] = ()
    src_sentences: tuple[str, ...] = ()
    tgt_sentences: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Alignment:
    """N-way alignment of a corpus, keyed by canonical id."""

    ids: tuple[UnitId, ...]  # every aligned id, in reference order
    links: tuple[UnitLink, ...]  # one per id per language pair present
    checks: tuple[IdCheck, ...] = ()
    model: str = ""
    # (edition name, unit id, sentences) for every law unit, linked or alone
    sentences: tuple[tuple[str, UnitId, tuple[str, ...]], ...] = ()
    # units no shared id linked, matched by content between the same id-linked neighbours
    paragraphs: tuple[ParagraphLink, ...] = ()


@dataclass(frozen=True, slots=True)
class Evidence:
    """A quoted span from one edition backing a finding."""

    lang: str
    unit: UnitId | DebrisId | None  # None: about the edition as a whole
    quote: str
    path: str
    line: int  # for a paged file (PDF), the line on ``page``
    page: int | None = None

    def __post_init__(self) -> None:
        if type(self.unit) is str:  # plain text (a test, a file read back): checked and typed here
            object.__setattr__(self, "unit", id_of(self.unit))

    def where(self) -> str:
        """``path:line``, or ``path#page=P:line`` in a paged file."""
        return where(self.path, self.line, self.page)

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "lang": self.lang,
            "id": self.unit or None,  # null: about the edition as a whole, no unit
            "quote": self.quote,
            "path": self.path,
            "line": self.line,
        }
        if self.page is not None:
            out["page"] = self.page
        return out


@dataclass(frozen=True, slots=True)
class Finding:
    """One divergence between editions (or from the reference structure)."""

    type: str  # rule name: "omission", "cross-reference", "footnote", "debris", "coverage", ...
    severity: Severity
    lang: str
    unit: UnitId | DebrisId | None  # None: an edition-level finding (coverage, debris, order)
    message: str
    evidence: tuple[Evidence, ...] = ()
    suggestion: str = ""
    detail: dict[str, str] = field(default_factory=dict, compare=False, hash=False)

    def __post_init__(self) -> None:
        if type(self.unit) is str:  # plain text (a test, a file read back): checked and typed here
            object.__setattr__(self, "unit", id_of(self.unit))

    @property
    def key(self) -> str:
        """A stable identity for baselines: type, language, unit and the rule's own detail key."""
        sub = self.detail.get("key", "")
        return f"{self.type}:{self.lang}:{self.unit or ''}:{sub}"

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "type": self.type,
            "severity": self.severity,
            "lang": self.lang,
            "id": self.unit or None,  # null: an edition-level finding (coverage, debris, order)
            "message": self.message,
            "evidence": [e.as_dict() for e in self.evidence],
        }
        if self.suggestion:
            out["suggestion"] = self.suggestion
        if self.detail:
            out["detail"] = dict(sorted(self.detail.items()))
        out["key"] = self.key
        return out


def like_with_like(editions: Sequence[Edition]) -> dict[str, list[int]]:
    """The editions grouped by the WBF edition they follow (``source_edition``): positions in
    ``editions``, groups and members in corpus order. Ids are checked and findings stated within a
    group (like with like); an edition of another WBF edition is compared across groups only where
    the change maps say how the two differ.

    >>> eds = [Edition("a", "a.txt", "vi", (), source_edition="2007"),
    ...        Edition("b", "b.txt", "ru", (), source_edition="2017"),
    ...        Edition("c", "c.txt", "tr", (), source_edition="2007")]
    >>> like_with_like(eds)
    {'2007': [0, 2], '2017': [1]}
    """
    groups: dict[str, list[int]] = {}
    for k, edition in enumerate(editions):
        groups.setdefault(edition.source_edition, []).append(k)
    return groups
