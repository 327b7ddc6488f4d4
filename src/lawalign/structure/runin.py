"""Run-in text: a law whose line breaks were lost, its labels inside one long line.

A printed page's text layer, or a page copied out of a PDF viewer, often comes out as one line:
"… Law 70 C. There Is an Outstanding Trump When a trump remains …, the Director shall award a trick
or tricks to the opponents if: 1. claimer made no statement about that trump, and 2. it is … play.
D. Director's Considerations 1. The Director shall not accept …". Such a line is cut before each
label that continues the law's outline: a law and section label ("Law 70 C.", "70 C."), a section
letter after a closed sentence (". D. "), a point number after a colon, a closed sentence or a
list's "and"/"or" that is the next number of its section (1, 2, 3), and a footnote line ("* For
the purposes …") after an in-text marker. Labels are kept only when they form an outline (section
letters in order, points counting up from 1 under a section), at least ``MIN_LABELS`` of them with a
section among them, so a paragraph that merely lists "1. … 2. …" is not cut.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

# Only a line this long can hold a run-in law (a paragraph of the Laws is rarely longer than this).
MIN_RUN_IN_CHARS = 300
# Labels found in the outline before a line is cut, one of them a section.
MIN_LABELS = 3

# A section heading run in before its first point: at most this many words, label included.
HEADING_WORDS = 8

# Candidate labels inside a line (each preceded by a space):
RUN_IN_LABEL = re.compile(
    r"""(?:^|(?<=\s))
    (?: (?P<lawsec>(?:[^\W\d_]{2,12}\.?\s?)?(?P<law>\d{1,2})\s?(?P<lsl>[A-H])\.\s+)(?=[^\W\d_])
                                                   # "Law 70 C. There Is", "70 C. There Is"
      | (?P<sec>[A-H])\.\s+(?=[^\W\d_a-z])          # ". D. Director's Considerations"
      | (?P<num>\d{1,2})\.\s+(?=\S)                 # "if: 1. claimer made", ", and 2. it is"
      | (?P<fn>\*)\s+(?=[^\W\d_])                   # "* For the purposes of Laws 70 and 71"
    )""",
    re.X,
)
# What closes the text before a section letter or a footnote line.
CLOSED = re.compile(r"[.:;!?…*\"”»)]\s+$")
# An in-text footnote marker glued to a word ("normal* play").
GLUED_STAR = re.compile(r"[^\W\d_]\*")


def run_in_cuts(
    line: str, and_words: Sequence[str] = ("and", "or"), law_keywords: Sequence[str] = ("Law",)
) -> list[int]:
    """Offsets in ``line`` where a run-in label starts a new paragraph (empty: leave the line whole).

    >>> text = ("pending the Director's arrival. Law 70 C. There Is an Outstanding Trump When a trump "
    ...         "remains, the Director shall award a trick to the opponents if: 1. claimer made no "
    ...         "statement about that trump, and 2. it is at all likely that claimer was unaware that a "
    ...         "trump remained, and 3. a trick could be lost to that trump by any normal* play. "
    ...         "D. Director's Considerations 1. The Director shall not accept from claimer any line. "
    ...         "* For the purposes of Laws 70 and 71, normal includes careless play.")
    >>> [text[k:k + 9] for k in run_in_cuts(text)]
    ['Law 70 C.', 'When a tr', '1. claime', '2. it is ', '3. a tric', 'D. Direct', '1. The Di', '* For the']
    >>> run_in_cuts("Remember: 1. count your tricks, and 2. state your line. " * 8)
    []
    """
    if len(line) < MIN_RUN_IN_CHARS or "\n" in line.strip():
        return []
    conj = "|".join(re.escape(w) for w in and_words) or "and"
    after_item = re.compile(rf"(?:[.:;!?…*\"”»)]|[,;]\s*(?:{conj})|\b(?:{conj}))\s+$", re.I)
    keywords = "|".join(re.escape(k) for k in sorted(law_keywords, key=len, reverse=True)) or "Law"
    # a law heading after a closed sentence: "… page 12). LAW 69 - AGREED CLAIM …"
    law_heading = re.compile(
        rf"(?:^|(?<=\s))(?:{keywords}|§)\s*(?P<num>\d{{1,3}})(?=\s*[-–—.:,]?\s+[^\W\d_])", re.I
    )
    heads = [m for m in law_heading.finditer(line) if m.start() == 0 or CLOSED.search(line[: m.start()])]
    cuts: list[int] = []
    titled: list[int] = []  # cuts that start a heading (a law's or a section's)
    law, letter = "", ""  # the law and section the labels so far are in
    point = 0
    sections = 0
    for m in sorted([*RUN_IN_LABEL.finditer(line), *heads], key=lambda x: x.start()):
        before = line[: m.start()]
        if m.re is law_heading:
            if m["num"] == law or (cuts and m.start() < cuts[-1]):
                continue
            law, letter, point = m["num"], "", 0
            cuts.append(m.start())
            titled.append(m.start())
            continue
        if cuts and m.start() < cuts[-1] + 1:
            continue  # inside the label just taken ("Law 70 C." is one label)
        if m["lawsec"]:
            nxt = m["lsl"]
            if letter and m["law"] == law and nxt <= letter:
                continue
            law, letter, point = m["law"], nxt, 0
            sections += 1
            titled.append(m.start())
        elif m["sec"]:
            nxt = m["sec"]
            follows = ord(nxt) == ord(letter) + 1 if letter else nxt == "A"
            after_title = bool(titled) and titled[-1] == (cuts[-1] if cuts else -1) and not letter
            if not (CLOSED.search(before) or after_title) or not follows:
                continue
            letter, point = nxt, 0
            sections += 1
            titled.append(m.start())
        elif m["num"]:
            # "D. Director's Considerations 1. The Director …": the first point after a heading
            heading = point == 0 and bool(cuts) and len(line[cuts[-1] : m.start()].split()) <= HEADING_WORDS
            if not letter or int(m["num"]) != point + 1 or not (after_item.search(before) or heading):
                continue
            point += 1
        else:
            if not cuts or not CLOSED.search(before) or not GLUED_STAR.search(before):
                continue
            cuts.append(m.start())
            break  # the footnote area closes the law
        cuts.append(m.start())
    if len(cuts) < MIN_LABELS or not sections:
        return []
    # a heading run in with its text: the text starts where a sentence does ("Claim Defined Any
    # statement …" → "Any statement …")
    starts = [
        t for k, end in zip(cuts, [*cuts[1:], len(line)], strict=True)
        if k in titled and (t := _text_start(line, k, end)) is not None
    ]
    return sorted(k for k in {*cuts, *starts} if k > 0)


# A word as the heading split sees it.
WORD = re.compile(r"\S+")


def _text_start(line: str, start: int, end: int) -> int | None:
    """Where the text after a run-in heading starts: the first word (after the label and at least one
    heading word, within ``HEADING_WORDS``) that is capitalised and followed by two lowercase words,
    or None when the paragraph is the heading alone.

    >>> line = "A. Claim Defined Any statement to the effect that a contestant will win"
    >>> line[_text_start(line, 0, len(line)):][:13]
    'Any statement'
    >>> line = "D. Claimer Proposes New Line of Play The Director shall not accept any line"
    >>> line[_text_start(line, 0, len(line)):][:12]
    'The Director'
    >>> _text_start("B. Clarification Statement Repeated", 0, 35) is None
    True
    >>> _text_start("A. Claim Defined Any statement", 0, 30) is None  # too short for a sentence after it
    True
    """
    words = list(WORD.finditer(line, start, end))
    if len(words) < 4:
        return None

    def cap(w: str) -> bool:
        return w[:1].isupper()

    def low(w: str) -> bool:
        return w[:1].islower()

    for k in range(2, min(HEADING_WORDS, len(words) - 3) + 1):  # three words from k on
        w = [x.group() for x in words[k : k + 3]]
        if cap(w[0]) and low(w[1]) and low(w[2]):
            prev = words[k - 1].group()
            # "… of Play The Director shall": a short capitalised word before it opens the sentence
            if k >= 3 and cap(prev) and len(prev) <= 4 and not prev.endswith("."):
                return words[k - 1].start()
            return words[k].start()
    return None
