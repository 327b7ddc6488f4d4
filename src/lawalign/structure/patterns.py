"""Every regular expression of the structure stage, built from a language profile.

Each pattern is compiled with ``re.X`` and commented with an example of what it matches. Patterns
match the *start* of a block (a paragraph); in-text footnote markers are found anywhere.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from lawalign.ingest.profiles import Profile

# A separator rule: "--------------------------------", "_____", "* * *".
SEPARATOR = re.compile(r"^\s*(?:[-_=~–—·•]\s*){3,}$|^\s*(?:\*\s*){3,}$", re.X)

# A numbered point: "1. Mọi tuyên bố ...", "2) ...".
POINT = re.compile(r"^(?P<label>(?P<num>\d{1,2})[.)])\s+(?P<rest>\S.*)$", re.X | re.S)

# A section label: "A. Определение претензии", "C. Sự giải thích ...", Cyrillic "С. ..." too.
SECTION = re.compile(r"^(?P<label>(?P<letter>[A-HА-ЕН])[.)])\s+(?P<rest>\S.*)$", re.X | re.S)

# A bulleted heading without a letter: "- Talebin Tanımı", "• Claim Defined".
BULLET = re.compile(r"^(?P<label>[-–—•▪·])\s*(?P<rest>\S.*)$", re.X | re.S)

# In-text footnote markers: "текущей <*>.", "bình thường* nào", "gerekir[1].", "play¹".
IN_TEXT_MARKER = re.compile(
    r"""<\*>                      # <*>
      | \[\d{1,2}\]               # [1]
      | (?<=[^\s*\d(\[])\*(?!\*)  # a lone * glued to the word before it
      | (?<=\w)[¹²³⁴⁵⁶⁷⁸⁹]         # superscript digits
    """,
    re.X,
)

# Sentence ends, to count sentences roughly: ". " followed by a capital or quote, or end of text.
SENTENCE_END = re.compile(r"[.!?…](?:[\"”»)]*)(?=\s+[\"“«(]?[A-ZÀ-ỸА-ЯЁÇĞİÖŞÜĐ]|\s*$)", re.X)


@dataclass(frozen=True, slots=True)
class ProfilePatterns:
    """Patterns that depend on the language: law headings, footnote lines, known debris."""

    law_heading: re.Pattern[str]
    footnote: re.Pattern[str]
    debris: tuple[re.Pattern[str], ...]
    abbreviations: tuple[str, ...]


def _marker_alternatives(markers: tuple[str, ...]) -> str:
    parts = []
    for m in markers:
        if m in ("[1]",):
            parts.append(r"\[\d{1,2}\]")
        elif m in ("(1)",):
            parts.append(r"\(\d{1,2}\)")
        elif m == "¹":
            parts.append(r"[¹²³⁴⁵⁶⁷⁸⁹]")
        elif m == "*":
            parts.append(r"\*(?!\*)")
        else:
            parts.append(re.escape(m))
    # longest first so "<*>" wins over "*"
    return "|".join(sorted(set(parts), key=len, reverse=True))


@cache
def patterns_for(profile: Profile) -> ProfilePatterns:
    keywords = "|".join(sorted((re.escape(k) for k in profile.law_keywords), key=len, reverse=True))
    # A law heading: "ĐIỀU 68. YÊU SÁCH ...", "ПРАВИЛО 68. ПРЕТЕНЗИЯ ...", "LAW 68 - CLAIM ...".
    law_heading = re.compile(
        rf"""^(?P<label>(?P<kw>{keywords})\s+(?P<num>\d{{1,3}})(?![\dA-Za-zА-Яа-я])\s*[.:\-–—]?)
             \s*(?P<rest>.*)$""",
        re.X | re.S | re.I,
    )
    # A footnote line: "* Nếu ...", "<*> Если ...", "[1] Eğer ...".
    footnote = re.compile(
        rf"^(?P<label>(?P<marker>{_marker_alternatives(profile.footnote_markers)}))\s*(?P<rest>\S.*)$",
        re.X | re.S,
    )
    debris = tuple(re.compile(p, re.I) for p in profile.debris)
    return ProfilePatterns(law_heading, footnote, debris, profile.abbreviations)


def count_sentences(text: str) -> int:
    """A rough sentence count used as structural evidence (not for alignment).

    >>> count_sentences("One. Two (see Law 54). Three")
    3
    """
    n = len(SENTENCE_END.findall(text))
    if text.strip() and not re.search(r"[.!?…][\"”»)]*\s*$", text):
        n += 1
    return max(n, 1) if text.strip() else 0
