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


def run_in_cuts(line: str, and_words: Sequence[str] = ("and", "or")) -> list[int]:
    """Offsets in ``line`` where a run-in label starts a new paragraph (empty: leave the line whole).

    >>> text = ("pending the Director's arrival. Law 70 C. There Is an Outstanding Trump When a trump "
    ...         "remains, the Director shall award a trick to the opponents if: 1. claimer made no "
    ...         "statement about that trump, and 2. it is at all likely that claimer was unaware that a "
    ...         "trump remained, and 3. a trick could be lost to that trump by any normal* play. "
    ...         "D. Director's Considerations 1. The Director shall not accept from claimer any line. "
    ...         "* For the purposes of Laws 70 and 71, normal includes careless play.")
    >>> [text[k:k + 9] for k in run_in_cuts(text)]
    ['Law 70 C.', '1. claime', '2. it is ', '3. a tric', 'D. Direct', '1. The Di', '* For the']
    >>> run_in_cuts("Remember: 1. count your tricks, and 2. state your line. " * 8)
    []
    """
    if len(line) < MIN_RUN_IN_CHARS or "\n" in line.strip():
        return []
    conj = "|".join(re.escape(w) for w in and_words) or "and"
    after_item = re.compile(rf"(?:[.:;!?…*\"”»)]|[,;]\s*(?:{conj})|\b(?:{conj}))\s+$", re.I)
    cuts: list[int] = []
    law, letter = "", ""  # the law and section the labels so far are in
    point = 0
    sections = 0
    for m in RUN_IN_LABEL.finditer(line):
        before = line[: m.start()]
        if m["lawsec"]:
            nxt = m["lsl"]
            if letter and m["law"] == law and nxt <= letter:
                continue
            law, letter, point = m["law"], nxt, 0
            sections += 1
        elif m["sec"]:
            nxt = m["sec"]
            follows = ord(nxt) == ord(letter) + 1 if letter else nxt == "A"
            if not CLOSED.search(before) or not follows:
                continue
            letter, point = nxt, 0
            sections += 1
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
    return [k for k in cuts if k > 0]
