"""Normalize: decoded text → lines with an exact map back to the raw file.

Named steps, applied per line so the line map stays exact, each counted in a Notice:

``line-ends``
    CRLF, CR, LF end raw lines; U+2028, U+2029, NEL (U+0085), VT and FF also break a line but stay
    on the same raw line (editors do not count them).
``spaces``
    Tab, no-break space (U+00A0), narrow no-break space (U+202F), figure space, the U+2000–U+200A
    spaces, medium mathematical space, ideographic space and Ogham space mark become one ASCII space
    each (runs are not collapsed).
``zero-width``
    Removed: zero-width space (U+200B), a byte-order mark inside the text (U+FEFF), word joiner
    (U+2060), soft hyphen (U+00AD), and the bidirectional format characters (:data:`BIDI_MARKS`:
    marks, embeddings, overrides and isolates, which set the display order of right-to-left text and
    carry none of its content; a page in Hebrew or Arabic writes them around a heading's number, where
    they would hide "LAW 68" from every pattern). Zero-width (non-)joiners (U+200C/U+200D) are removed
    only between characters of scripts that never use them (Latin, Greek, Cyrillic, punctuation, line
    edges); elsewhere (Arabic, Indic, emoji sequences) they are part of the spelling and stay.
``nfc``
    Unicode NFC (canonical composition: "e" + U+0301 → "é"); no compatibility folding.
``trailing-space``
    Spaces at the end of a line are dropped.

Every other character is kept as published. Cyrillic/Latin look-alikes are *not* folded in the text;
:func:`fold_label` folds a label or reference token when the structure stage asks.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from lawalign.errors import InputError
from lawalign.ingest.charclass import needs_no_joiner
from lawalign.ingest.letters import LETTERS
from lawalign.limits import MAX_LINES
from lawalign.models import ASCII_DIGITS, Line, Notice

# Raw line ends: CRLF, CR, LF (what editors count).
RAW_LINE_END = re.compile(r"\r\n|\r|\n")
# Further line breaks inside a raw line: LS, PS, NEL, VT, FF.
SOFT_LINE_BREAK = re.compile("[\u2028\u2029\u0085\x0b\x0c]")

SPACES = frozenset("\t\u00a0\u202f\u2007\u205f\u3000\u1680" + "".join(map(chr, range(0x2000, 0x200B))))
BIDI_MARKS = frozenset("\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""LRM, RLM, ALM, LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI (Unicode's bidirectional algorithm)."""
ALWAYS_REMOVED = frozenset("\u200b\ufeff\u2060\u00ad") | BIDI_MARKS
JOINERS = frozenset("\u200c\u200d")
REMOVED = ALWAYS_REMOVED | JOINERS
"""Every character normalization may delete (joiners only where no script needs them)."""


@dataclass(frozen=True, slots=True)
class RawLine:
    """A line before normalization and the 1-based raw line it starts on."""

    text: str
    raw_line: int


_ANY_LINE_BREAK = re.compile(f"{RAW_LINE_END.pattern}|{SOFT_LINE_BREAK.pattern}")


def _too_many_lines(path: str, line: int) -> InputError:
    return InputError(
        path,
        f"more than {MAX_LINES:,} lines, over the limit for one input (split the file, or check that "
        "this file is a law text)",
        line,
        1,
    )


def check_line_breaks(text: str, path: str) -> None:
    """Refuse a decoded plain text of more than :data:`~lawalign.limits.MAX_LINES` lines (as
    :func:`split_raw_lines` would split it), at the first line past the limit (its raw line number, as
    editors count them), in one scan that stops there: nothing is built for the lines of a text
    refused.

    >>> check_line_breaks("a\\n" * MAX_LINES, "ok.txt")  # the final line end starts no line
    >>> check_line_breaks("a\\n" * MAX_LINES + "b", "big.txt")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    lawalign.errors.InputError: big.txt:100001:1: more than 100,000 lines, over the limit for one input ...
    """
    raw_line = lines = 1
    for match in _ANY_LINE_BREAK.finditer(text):
        raw_end = not SOFT_LINE_BREAK.match(match.group())
        raw_line += raw_end
        lines += 1
        if lines > MAX_LINES and not (raw_end and match.end() == len(text)):
            raise _too_many_lines(path, raw_line)


def check_line_count(path: str, raw: Sequence[RawLine]) -> None:
    """Refuse a page or a document whose extracted lines ``raw`` number more than
    :data:`~lawalign.limits.MAX_LINES`, at the raw line of the first one past the limit.

    A blank line standing alone between two lines does not count: a web page draws one for the margins
    between its blocks, one at most between two lines of text, so such blanks at most double what is
    read. Every other blank counts, so that a flood of empty paragraphs is refused as before.

    >>> check_line_count("p.html", [RawLine("a", 1), RawLine("", 1)] * MAX_LINES)
    >>> check_line_count("p.html", [RawLine("a", 7)] * (MAX_LINES + 1))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    lawalign.errors.InputError: p.html:7:1: more than 100,000 lines, over the limit for one input ...
    >>> check_line_count("p.docx", [RawLine("", 9)] * (MAX_LINES + 1))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    lawalign.errors.InputError: p.docx:9:1: more than 100,000 lines, over the limit for one input ...
    """
    if len(raw) <= MAX_LINES:
        return
    count = 0
    after_text = False
    for line in raw:
        if line.text or not after_text:
            count += 1
            if count > MAX_LINES:
                raise _too_many_lines(path, line.raw_line)
        after_text = bool(line.text)


def split_raw_lines(text: str, path: str = "") -> tuple[list[RawLine], tuple[Notice, ...]]:
    """Split decoded text into lines (step ``line-ends``), numbering raw lines as editors do.

    >>> [(r.text, r.raw_line) for r in split_raw_lines("a\\r\\nb\\u2028c\\rd\\n")[0]]
    [('a', 1), ('b', 2), ('c', 2), ('d', 3)]
    """
    counts = {"CRLF": 0, "CR": 0, "LS/PS/NEL/VT/FF": 0}
    out: list[RawLine] = []
    first_line = 0
    pieces = RAW_LINE_END.split(text)
    for end in RAW_LINE_END.findall(text):
        if end == "\r\n":
            counts["CRLF"] += 1
        elif end == "\r":
            counts["CR"] += 1
    if pieces and pieces[-1] == "" and len(pieces) > 1:
        pieces.pop()  # the final line end ends the last line; it does not start a new one
    for number, piece in enumerate(pieces, start=1):
        parts = SOFT_LINE_BREAK.split(piece)
        if len(parts) > 1:
            counts["LS/PS/NEL/VT/FF"] += len(parts) - 1
            first_line = first_line or number
        out.extend(RawLine(part, number) for part in parts)
    notices = tuple(
        Notice(
            "normalize-line-ends",
            f"{n} {kind} line end(s) became LF",
            path,
            first_line if kind.startswith("LS") else 0,
        )
        for kind, n in counts.items()
        if n
    )
    return out, notices


def _spaces(line: str) -> tuple[str, int]:
    n = sum(1 for c in line if c in SPACES)
    return (("".join(" " if c in SPACES else c for c in line)), n) if n else (line, 0)


def _zero_width(line: str) -> tuple[str, int]:
    if not any(c in REMOVED for c in line):
        return line, 0
    kept = [c for c in line if c not in ALWAYS_REMOVED]
    out: list[str] = []
    for i, c in enumerate(kept):
        if c in JOINERS:
            before = out[-1] if out else None
            after = kept[i + 1] if i + 1 < len(kept) else None
            if needs_no_joiner(before) and needs_no_joiner(after):
                continue
        out.append(c)
    result = "".join(out)
    return result, len(line) - len(result)


def _nfc(line: str) -> tuple[str, int]:
    if line.isascii() or unicodedata.is_normalized("NFC", line):
        return line, 0
    return unicodedata.normalize("NFC", line), 1


def _trailing_space(line: str) -> tuple[str, int]:
    stripped = line.rstrip(" ")
    return stripped, len(line) - len(stripped)


Step = Callable[[str], tuple[str, int]]

# name → (step, what its count counts). Order matters: joiners and zero-width characters go before
# NFC so that "e" + ZWSP + U+0301 composes to "é".
NORMALIZE_STEPS: dict[str, tuple[Step, str]] = {
    "spaces": (_spaces, "tab/no-break/other space(s) became a space"),
    "zero-width": (_zero_width, "zero-width character(s) / soft hyphen(s) / bidi mark(s) removed"),
    "nfc": (_nfc, "line(s) recomposed to Unicode NFC"),
    "trailing-space": (_trailing_space, "trailing space(s) removed"),
}


def normalize_line(line: str) -> str:
    """One line through every step (no notices).

    >>> normalize_line("ĐIỀU\\u00a068.\\u200b\\t ")
    'ĐIỀU 68.'
    >>> normalize_line("\\u200fLAW 68\\u200e - \\u2067חוק\\u2069")
    'LAW 68 - חוק'
    """
    for step, _ in NORMALIZE_STEPS.values():
        line = step(line)[0]
    return line


def normalize_lines(
    raw: Sequence[RawLine], path: str = ""
) -> tuple[tuple[Line, ...], str, tuple[Notice, ...]]:
    """Normalize raw lines; returns the line map, the text (lines joined by LF) and per-step notices."""
    counts = dict.fromkeys(NORMALIZE_STEPS, 0)
    first: dict[str, int] = {}
    lines: list[Line] = []
    offset = 0
    for item in raw:
        text = item.text
        for name, (step, _) in NORMALIZE_STEPS.items():
            text, n = step(text)
            if n:
                counts[name] += n
                first.setdefault(name, item.raw_line)
        lines.append(Line(text=text, raw_line=item.raw_line, offset=offset))
        offset += len(text) + 1
    notices = tuple(
        Notice(f"normalize-{name}", f"{counts[name]} {what}", path, first[name])
        for name, (_, what) in NORMALIZE_STEPS.items()
        if counts[name]
    )
    return tuple(lines), "\n".join(line.text for line in lines), notices


def normalize_text(text: str, path: str = "") -> tuple[tuple[Line, ...], str, tuple[Notice, ...]]:
    """Split and normalize a whole decoded text (both notice sets returned together)."""
    raw, line_notices = split_raw_lines(text, path)
    lines, joined, notices = normalize_lines(raw, path)
    return lines, joined, line_notices + notices


# Look-alikes folded in labels and references only: Cyrillic and Greek capitals/lowercase that print
# like Latin letters (the data file's table), and full-width Latin letters and digits (by rule).
_LOOKALIKES = dict(LETTERS.label_fold)  # data/letters/letters.toml, [label_fold]
_FOLD_TABLE = str.maketrans({**_LOOKALIKES, **{chr(c): chr(c - 0xFEE0) for c in range(0xFF01, 0xFF5F)}})


def fold_label(s: str) -> str:
    """Fold Cyrillic/Greek look-alikes and full-width forms to ASCII in a label or reference token.

    Use it on labels ("С.", "1.") and reference tokens ("70С3"), never on running text: every
    look-alike in ``s`` is folded.

    >>> fold_label("С.") == "C." and fold_label("70Д3") == "70Д3" and fold_label("70С3") == "70C3"
    True
    >>> fold_label("ＡＢ１")
    'AB1'
    """
    return s.translate(_FOLD_TABLE)


# Digits of other scripts (the table unit ids read digits with, models.ASCII_DIGITS) and full-width
# Latin letters, each folded to its ASCII character; the ideographic space to a space. One character
# for one: offsets into the folded text are offsets into the text.
_WIDTH_TABLE = {
    **ASCII_DIGITS,
    **str.maketrans({chr(c): chr(c - 0xFEE0) for c in (*range(0xFF21, 0xFF3B), *range(0xFF41, 0xFF5B))}),
    ord("\u3000"): " ",
}


def fold_width(text: str) -> str:
    """``text`` as labels are read in it: full-width Latin letters and digits, and the digits of other
    scripts, as ASCII; the ideographic space as a space. Each character stays one character, so a
    match in the folded text is at the same offsets in ``text``; full-width punctuation ("．", "）")
    and every other character are kept (running text is never changed: this is a view to match on).

    >>> fold_width("第６８条　Ａ．クレーム（ｂ）"), fold_width("٦٨ Law")
    ('第68条 A．クレーム（b）', '68 Law')
    >>> all(len(fold_width(s)) == len(s) for s in ("Ｚｚ９", "१२", "abc"))
    True
    """
    return text.translate(_WIDTH_TABLE)


def iter_removed(text: str) -> Iterable[str]:
    """The characters of ``text`` that normalization may remove (for checks and tests)."""
    return (c for c in text if c in REMOVED)
