"""Run-in text: a law whose line breaks were lost, its labels inside one long line.

A printed page's text layer, or a page copied out of a PDF viewer, often comes out as one line:
"… Law 70 C. There Is an Outstanding Trump When a trump remains …, the Director shall award a trick
or tricks to the opponents if: 1. claimer made no statement about that trump, and 2. it is … play.
D. Director's Considerations 1. The Director shall not accept …". Such a line is cut before each
label that continues the law's outline: a law heading (at the start, after a closed sentence, or
shortly before the first section's "A."), a law and section label ("Law 70 C.", "70 C."), a section
letter after a closed sentence or a law's title (". D. ", Greek "Β.", Cyrillic "С."), a point number
after a colon, a closed sentence or a list's "and"/"or" that is the next number of its section or
law (1, 2, 3), and a footnote line ("* For the purposes …") after an in-text marker. Labels are kept
only when they form an outline (section letters in order, points counting up from 1), at least
``MIN_LABELS`` of them with a section, or a law heading and two points, among them, so a paragraph
that merely lists "1. … 2. …" is not cut. A heading run into its text ("Claim Defined Any statement
…") is split where a sentence starts (:func:`_text_start`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from lawalign.ingest.letters import LETTERS as _LETTERS
from lawalign.ingest.letters import char_class
from lawalign.ingest.normalize import fold_label
from lawalign.structure.patterns import GREEK_SECTION_LETTERS
from lawalign.tuning import tuned_int

# Only a line this long can hold a run-in law (a paragraph of the Laws is rarely longer than this).
MIN_RUN_IN_CHARS = tuned_int("structure.runin", "min_run_in_chars")
# Labels found in the outline before a line is cut, one of them a section.
MIN_LABELS = tuned_int("structure.runin", "min_labels")

# A section heading run in before its first point: at most this many words, label included.
HEADING_WORDS = tuned_int("structure.runin", "heading_words")
# A law's title run in before its text or first section: at most this many words, label included.
TITLE_WORDS = tuned_int("structure.runin", "title_words")

# Candidate labels inside a line (each preceded by a space). Section letters: Latin, Greek capitals
# and Cyrillic look-alikes ("Α.", "С."), read as Latin by their place (structure/patterns.py).
LETTERS = char_class(_LETTERS.heading, _LETTERS.greek_by_place, _LETTERS.cyrillic_for(_LETTERS.heading))
_HEAD = _LETTERS.heading
RUN_IN_LABEL = re.compile(
    rf"""(?:^|(?<=\s))
    (?: (?P<lawsec>(?:[^\W\d_]{{2,12}}\.?\s?)?(?P<law>\d{{1,2}})\s?(?P<lsl>[{_HEAD}])\.\s+)(?=[^\W\d_])
                                                   # "Law 70 C. There Is", "70 C. There Is"
      | (?P<sec>[{LETTERS}])\.\s+(?=[^\W\d_])        # ". D. Director's Considerations" (capital checked)
      | (?P<num>\d{{1,2}})\.\s+(?=\S)                 # "if: 1. claimer made", ", and 2. it is"
      | (?P<fn>\*)\s+(?=[^\W\d_])                   # "* For the purposes of Laws 70 and 71"
    )""",
    re.X,
)
# How far back a label looks for what closes the text before it (bounded: one pass over a long line).
TAIL = tuned_int("structure.runin", "tail")
MIN_START_WORDS = tuned_int("structure.runin", "min_start_words")
MAX_OPENING_WORD_CHARS = tuned_int("structure.runin", "max_opening_word_chars")
# A cut that is a section's label, with its law's number and keyword when printed ("Law 70 C. ").
SECTION_LABEL_AT = re.compile(rf"(?:[^\W\d_]{{2,12}}\.?\s?)?(?:\d{{1,2}}\s?)?[{LETTERS}]\.\s")
# What closes the text before a section letter or a footnote line.
CLOSED = re.compile(r"[.:;!?…*\"”»)]\s+$")
# An in-text footnote marker glued to a word ("normal* play").
GLUED_STAR = re.compile(r"[^\W\d_]\*")
# A law heading of a bare number and a title in capitals at the start of a line: "69. UZNANIE …".
BARE_TITLE = re.compile(r"^\d{1,3}\.?\s+[^\W\d_]{3,}(?=\s)")
# The first section's label shortly after a law's title: "… Concession A. When Agreement …".
FIRST_SECTION = re.compile(r"\s[AΑА]\.\s+[^\W\d_]")


def _letter(label: str) -> str:
    """A section letter as Latin ("Γ" → "C", Cyrillic "С" → "C")."""
    return fold_label(label.translate(GREEK_SECTION_LETTERS))


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

    Points straight under a law (no section) count when the line opens with the law's heading:

    >>> text = ("§ 71. AVSTÅELSE SOM ANNULLERES En avståelse står ved lag når den først er gjort, men innen "
    ...         "korreksjonsperioden skal TL annullere en avståelse: 1. hvis en spiller har avstått et stikk "
    ...         "som hans side faktisk allerede hadde vunnet, eller 2. hvis en spiller har avstått et stikk "
    ...         "som ikke kunne ha gått tapt ved noen normal spillemåte av de gjenværende kortene. Spillet "
    ...         "blir regnet om.")
    >>> [text[k:k + 11] for k in run_in_cuts(text, ("og", "eller"), ("§",))]
    ['En avståels', '1. hvis en ', '2. hvis en ']
    """
    if len(line) < MIN_RUN_IN_CHARS or "\n" in line.strip():
        return []
    conj = "|".join(re.escape(w) for w in and_words) or "and"
    after_item = re.compile(rf"(?:[.:;!?…*\"”»)]|[,;]\s*(?:{conj})|\b(?:{conj}))\s+$", re.I)
    keywords = "|".join(re.escape(k) for k in sorted(law_keywords, key=len, reverse=True)) or "Law"
    # a law heading at the start, after a closed sentence ("… page 12). LAW 69 - AGREED CLAIM …"),
    # or anywhere when the first section's label follows its title ("… 2013 Law 69, Agreed … A. When")
    law_heading = re.compile(
        rf"(?:^|(?<=\s))(?:{keywords}|§)\s*(?P<num>\d{{1,3}})(?=\s*[-–—.:,]?\s+[^\W\d_])", re.I
    )
    heads = [
        m
        for m in law_heading.finditer(line)
        if m.start() == 0
        or CLOSED.search(line, max(0, m.start() - TAIL), m.start())
        or FIRST_SECTION.search(" ".join(line[m.end() :].split()[:TITLE_WORDS]) + " ")
    ]
    cuts: list[int] = []
    titled: list[int] = []  # cuts that start a heading (a law's or a section's)
    law, letter = "", ""  # the law and section the labels so far are in
    if (bare := BARE_TITLE.match(line)) and bare.group().split()[-1].isupper():
        law = bare.group().split()[0].rstrip(".")
        cuts.append(0)
        titled.append(0)
    point = 0
    sections = points = 0
    star = GLUED_STAR.search(line)
    for m in sorted([*RUN_IN_LABEL.finditer(line), *heads], key=lambda x: x.start()):
        before = line[max(0, m.start() - TAIL) : m.start()]  # what a label needs to see before it
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
            nxt = _letter(m["sec"])
            if not line[m.end() : m.end() + 1].isupper() or nxt not in "ABCDEFGH":
                continue
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
            placed = after_item.search(before) or heading
            if not (letter or law) or int(m["num"]) != point + 1 or not placed:
                continue
            point += 1
            points += 1
        else:
            if not cuts or not CLOSED.search(before) or star is None or star.start() > m.start():
                continue
            cuts.append(m.start())
            break  # the footnote area closes the law
        cuts.append(m.start())
    # an outline: a section among three labels or more, or a law's heading and two of its points
    if len(cuts) < MIN_LABELS or not (sections or (titled and points >= 2)):
        return []
    # a heading run in with its text: the text starts where a sentence does ("Claim Defined Any
    # statement …" → "Any statement …"); a short paragraph before the next label is all heading
    starts = []
    for k, end in zip(cuts, [*cuts[1:], len(line)], strict=True):
        window = HEADING_WORDS if letter_at(line, k) else TITLE_WORDS
        if k in titled and len(line[k:end].split()) > window:
            if (t := _text_start(line, k, end, window)) is not None:
                starts.append(t)
    return sorted(k for k in {*cuts, *starts} if k > 0)


def letter_at(line: str, k: int) -> bool:
    """The cut at ``k`` is a section's label ("D. …", "Law 70 C. …"), not a law's heading."""
    return SECTION_LABEL_AT.match(line, k) is not None


# A word as the heading split sees it.
WORD = re.compile(r"\S+")


def _text_start(line: str, start: int, end: int, window: int = HEADING_WORDS) -> int | None:
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
    if len(words) < MIN_START_WORDS:
        return None

    def cap(w: str) -> bool:
        return w[:1].isupper()

    def low(w: str) -> bool:
        return w[:1].islower()

    for k in range(2, min(window, len(words) - 3) + 1):  # three words from k on
        w = [x.group() for x in words[k : k + 3]]
        if cap(w[0]) and low(w[1]) and low(w[2]):
            prev = words[k - 1].group()
            # "… of Play The Director shall": a short capitalised word before it opens the sentence
            if k >= 3 and cap(prev) and len(prev) <= MAX_OPENING_WORD_CHARS and not prev.endswith("."):
                return words[k - 1].start()
            return words[k].start()
    return None
