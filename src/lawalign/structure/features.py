"""Layout-general cues of a page's lines, computed once, as frozen values: the fitted reader's input.

Each non-blank line of a :class:`~lawalign.models.SourceText` (a PDF's or Word file's line is a whole
paragraph) becomes one :class:`LineFeatures`: a tuple of ``name=value`` attributes from cue
functions that look at its shape only — the label it starts with (law keyword and number, bare law
number, section letter, point number, sub-point "(a)", bullet, quoted-reply mark, footnote marker,
citation label), its indentation, length, final punctuation, case, position on the page,
repetition on the page, numbering sequences and restarts (a point number continuing the one before,
restarting at 1, jumping), a trailing page number, table-likeness (short tokens, digits, bars),
citation density, the profile's law keywords and commentary words, the blank lines around it — and
the same cues of the lines before and after it. No cue names a page, a site or a law text. The
line's script is no cue: too few sites write each script for it to generalise (measured: dropping
it raised the cross-validated accuracy of the stacked reader).

The structure stage's own reading of the line (the kind and role of the unit covering it, and
whether its id was printed or inferred) is one more cue, added by :func:`with_reading`.

>>> from lawalign.ingest.normalize import normalize_text
>>> from lawalign.ingest.profiles import load_profile
>>> from lawalign.models import SourceText
>>> lines, text, _ = normalize_text("LAW 68 CLAIM\\n\\nA. Claim Defined\\n1. Any statement ...\\n")
>>> feats = page_features(SourceText("p", text, lines, "en", "utf-8"), load_profile("en"))
>>> [f.raw_line for f in feats]
[1, 3, 4]
>>> "shape=law" in feats[0].attrs, "shape=section" in feats[1].attrs, "num=first" in feats[2].attrs
(True, True, True)
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from lawalign.ingest.letters import LETTERS
from lawalign.ingest.normalize import fold_label, fold_width
from lawalign.ingest.profiles import Profile
from lawalign.models import SourceText
from lawalign.structure.patterns import (
    BARE_LAW_HEADING,
    BULLET_LINE,
    CITATION_LABEL,
    CJK_LAW_HEADING,
    CLOCK_TIME,
    GENERIC_LAW_HEADING,
    IN_TEXT_MARKER,
    LAW_SECTION_HEADING,
    MAIL_ADDRESS,
    NAV_ARROWS,
    POINT,
    QUOTED,
    SECTION,
    SEPARATOR,
    patterns_for,
)
from lawalign.tuning import tuned_float, tuned_int


@dataclass(frozen=True, slots=True)
class LineFeatures:
    """The cues of one non-blank line: where it is and its ``name=value`` attributes."""

    index: int  # index into SourceText.lines
    raw_line: int
    raw_line_end: int
    attrs: tuple[str, ...]


SUBPOINT = re.compile(rf"^\(?(?P<letter>[{LETTERS.subpoint}])\)\s*\S")
TRAILING_PAGE = re.compile(r"[^\d\s].*?(?:\.{2,}|…|\s{2,}|\s)\s*\d{1,3}$")
# Cue thresholds (data/reader/settings.toml, [structure.features]).
CAPS_SHARE = tuned_float("structure.features", "caps_share")
SHORT_TOKEN_CHARS = tuned_int("structure.features", "short_token_chars")
MIN_TABLE_TOKENS = tuned_int("structure.features", "min_table_tokens")
TABLE_SHORT_SHARE = tuned_float("structure.features", "table_short_share")
DIGIT_HEAVY_SHARE = tuned_float("structure.features", "digit_heavy_share")
URL = re.compile(r"https?://|www\.|\.(?:com|org|net|html?)\b", re.I)
DATE = re.compile(r"\b(?:19|20)\d{2}\b|\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b")
REF_ID = re.compile(rf"(?<![\w.])\d{{1,2}}[{LETTERS.reference}]\d{{0,2}}\b")


def _bucket(value: int, edges: Sequence[int]) -> str:
    for edge in edges:
        if value <= edge:
            return str(edge)
    return f">{edges[-1]}"


def _end(text: str) -> str:
    t = text.rstrip()
    if not t:
        return "none"
    ch = t[-1]
    if ch in ".:;,?!)":
        return ch
    if ch in "\"'”’»“":
        return "quote"
    if ch.isdigit():
        return "digit"
    if ch.isalpha():
        return "letter"
    return "other"


def _case(t: str, letters: Sequence[str], upper: int) -> str:
    if letters and upper >= CAPS_SHARE * len(letters):
        return "all"
    return "first" if t[:1].isupper() else "lower" if t[:1].islower() else "other"


def _shape(text: str, profile: Profile) -> tuple[str, int | None, str | None]:
    """The label a line starts with: its class, its number (points) and its letter (sections); labels
    read with full-width letters and other scripts' digits as ASCII (ingest.normalize.fold_width)."""
    t = fold_width(text.strip())
    pats = patterns_for(profile)
    if QUOTED.match(text):
        return "quoted", None, None
    if SEPARATOR.match(t):
        return "separator", None, None
    if pats.law_heading.match(t) or CJK_LAW_HEADING.match(t):
        return "law", None, None
    if m := LAW_SECTION_HEADING.match(t):
        return "law-section", None, m["letter"]
    if m := CITATION_LABEL.match(t):
        return "citation", None, None
    if m := SECTION.match(t):
        return "section", None, fold_label(m["letter"])
    if m := BARE_LAW_HEADING.match(t):
        return "bare-law", int(m["num"]), None
    if m := POINT.match(t):
        return "point", int(m["num"]), None
    if m := SUBPOINT.match(t):
        return "subpoint", None, m["letter"]
    if pats.footnote.match(t):
        return "footnote", None, None
    if BULLET_LINE.match(t):
        return "bullet", None, None
    if GENERIC_LAW_HEADING.match(t):
        return "generic-law", None, None
    if t[:1].isdigit():
        return "digits", None, None
    return "none", None, None


# Scripts written without spaces between words: their characters count as words, two to a word.
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\u0e00-\u0e7f]")


def _word_count(text: str, tokens: Sequence[str]) -> int:
    """Words in a line: its space-separated tokens, with a run of Chinese, Japanese, Korean or Thai
    characters counted as one word per two characters.

    >>> cjk = "承让一经作出即为有效"
    >>> _word_count("A. Claim", ["A.", "Claim"]), _word_count(cjk, [cjk])
    (2, 5)
    """
    unspaced = len(_UNSPACED.findall(text))
    if not unspaced:
        return len(tokens)
    spaced = sum(1 for tok in tokens if not _UNSPACED.search(tok))
    return spaced + max(1, unspaced // 2)


def _own(text: str, profile: Profile, keywords: re.Pattern[str] | None, words: frozenset[str]) -> list[str]:
    t = text.strip()
    # the mark closing a table's cell ("immediately before him. |") is no part of the line's text: the
    # line is read as printed in its cell, and the mark is a cue of its own
    cell_end = len(t) > 1 and t.endswith("|") and "|" not in t[:-1]
    if cell_end:
        t = t[:-1].rstrip()
    tokens = t.split()
    letters = [c for c in t if c.isalpha()]
    upper = sum(c.isupper() for c in letters)
    short = sum(len(tok) <= SHORT_TOKEN_CHARS for tok in tokens)
    digits = sum(c.isdigit() for c in t)
    attrs = [
        f"indent={_bucket(len(text) - len(text.lstrip()), (0, 3))}",
        f"len={_bucket(len(t), (15, 40, 80, 160, 400))}",
        f"words={_bucket(_word_count(t, tokens), (1, 3, 8, 20, 60))}",
        f"end={_end(t)}",
        f"caps={_case(t, letters, upper)}",
        f"cites={_bucket(len(REF_ID.findall(t)) + (len(keywords.findall(t)) if keywords else 0), (0, 1, 2))}",
    ]
    if TRAILING_PAGE.fullmatch(t) and len(tokens) >= 2:
        attrs.append("trailing-page")
    if len(tokens) >= MIN_TABLE_TOKENS and short >= TABLE_SHORT_SHARE * len(tokens):
        attrs.append("table")
    if t and digits >= DIGIT_HEAVY_SHARE * len(t):
        attrs.append("digit-heavy")
    if "|" in t:
        attrs.append("bars")
    if cell_end:
        attrs.append("cell-end")
    if keywords is not None and keywords.search(t):
        attrs.append("law-keyword")
    if words and any(tok.strip(".,;:!?()\"'") in words for tok in tokens):
        attrs.append("commentary-word")
    if URL.search(t) or MAIL_ADDRESS.search(t):
        attrs.append("url")
    if DATE.search(t) or CLOCK_TIME.search(t):
        attrs.append("date")
    if NAV_ARROWS.search(t):
        attrs.append("nav")
    if IN_TEXT_MARKER.search(t):
        attrs.append("marker")
    if t[:1] in "\"'“”«„":
        attrs.append("opens-quote")
    return attrs


def _keyword_pattern(profile: Profile) -> re.Pattern[str] | None:
    words = sorted({*profile.law_keywords, *profile.law_keywords_plural}, key=len, reverse=True)
    if not words:
        return None
    alternatives = "|".join(re.escape(w) for w in words)
    return re.compile(rf"(?:{alternatives})\.?\s*\d{{1,3}}", re.I)


NEIGHBOUR_PREFIXES = ("shape=", "end=", "len=", "indent=", "caps=", "num=", "blank-")


def page_features(source: SourceText, profile: Profile) -> list[LineFeatures]:
    """The cues of every non-blank line of a page, with its neighbours' cues (one line before, after)."""
    keywords = _keyword_pattern(profile)
    words = frozenset(profile.commentary_words)
    lines = source.lines
    filled = [i for i, ln in enumerate(lines) if ln.text.strip()]
    seen = Counter(re.sub(r"\s+", " ", lines[i].text.strip().casefold()) for i in filled)
    own: list[list[str]] = []
    prev_num: int | None = None
    prev_letter: str | None = None
    for k, i in enumerate(filled):
        text = lines[i].text
        shape, num, letter = _shape(text, profile)
        attrs = [f"shape={shape}", *_own(text, profile, keywords, words)]
        if num is not None:
            if prev_num is None:
                attrs.append("num=first" if num == 1 else "num=start-late")
            elif num == prev_num + 1:
                attrs.append("num=next")
            elif num == 1:
                attrs.append("num=restart")
            elif num == prev_num:
                attrs.append("num=same")
            else:
                attrs.append("num=jump")
            prev_num = num
        if letter is not None and shape in ("section", "law-section"):
            if prev_letter is None:
                attrs.append("letter=first" if letter == "A" else "letter=start-late")
            elif ord(letter) == ord(prev_letter) + 1:
                attrs.append("letter=next")
            else:
                attrs.append("letter=other")
            prev_letter = letter
            prev_num = None  # points restart under a new section
        if seen[re.sub(r"\s+", " ", text.strip().casefold())] > 1:
            attrs.append("repeated")
        if i == 0 or not lines[i - 1].text.strip():
            attrs.append("blank-before")
        if i + 1 >= len(lines) or not lines[i + 1].text.strip():
            attrs.append("blank-after")
        if lines[i].heading:
            attrs.append("typeset-heading")
        attrs.append(
            f"pos={'first' if k == 0 else 'last' if k == len(filled) - 1 else str(5 * k // len(filled))}"
        )
        own.append(attrs)
    out: list[LineFeatures] = []
    for k, i in enumerate(filled):
        attrs = ["bias", *own[k]]
        for offset, tag in ((-1, "prev"), (1, "next"), (-2, "prev2"), (2, "next2")):
            j = k + offset
            if 0 <= j < len(filled):
                attrs += [f"{tag}:{a}" for a in own[j] if a.startswith(NEIGHBOUR_PREFIXES)]
            else:
                attrs.append(f"{tag}:none")
        ln = lines[i]
        out.append(LineFeatures(i, ln.raw_line, ln.raw_line_end or ln.raw_line, tuple(attrs)))
    return out


def with_reading(
    features: Sequence[LineFeatures], reading: Mapping[int, tuple[str, str, bool]]
) -> list[LineFeatures]:
    """The features with the structure stage's reading of each line: ``{line index: (kind, role,
    inferred)}`` (the index into ``SourceText.lines``, :attr:`LineFeatures.index`).

    >>> f = [LineFeatures(0, 1, 1, ("bias",))]
    >>> with_reading(f, {0: ("text", "point", False)})[0].attrs
    ('bias', 'rule-kind=text', 'rule-role=point', 'rule-printed')
    """
    out = []
    for f in features:
        kind, role, inferred = reading.get(f.index, ("none", "none", False))
        extra = (f"rule-kind={kind}", f"rule-role={role}", "rule-inferred" if inferred else "rule-printed")
        out.append(LineFeatures(f.index, f.raw_line, f.raw_line_end, f.attrs + extra))
    return out
