"""Pre-parse: normalized lines → classified blocks (paragraphs), with debris marked.

A block is one paragraph of the source with its printed label split off. Classification looks only
at the block's own text and the profile; deciding ids is the job of ``ids.py``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import groupby, pairwise
from operator import itemgetter
from types import MappingProxyType
from typing import Literal

from lawalign.ingest.letters import LETTERS
from lawalign.ingest.normalize import fold_label, fold_width
from lawalign.ingest.profiles import Profile
from lawalign.models import DebrisReason, Line, SourceText
from lawalign.structure.patterns import (
    BARE_LAW_HEADING,
    BULLET,
    BULLET_LINE,
    CITATION_LABEL,
    CJK_LAW_HEADING,
    GENERIC_LAW_HEADING,
    GREEK_SECTION_LETTERS,
    IN_TEXT_MARKER,
    LAW_SECTION_HEADING,
    POINT,
    PRINT_SLUG,
    QUOTED,
    SECTION,
    SEPARATOR,
    SIGNATURE_RULE,
    SUBPOINT,
    ProfilePatterns,
    cjk_law_number,
    count_sentences,
    patterns_for,
)
from lawalign.structure.runin import run_in_cuts
from lawalign.tuning import tuned_float, tuned_int

BlockKind = Literal["law", "heading", "point", "text", "footnote", "debris"]

# A heading is short and does not end like a sentence.
MAX_HEADING_CHARS = tuned_int("structure.blocks", "max_heading_chars")
MAX_LAW_HEADING_CHARS = tuned_int("structure.blocks", "max_law_heading_chars")
# Law numbers of the book (data/letters/letters.toml, [book]): a bare "69." is a law heading only for these.
BOOK_LAWS = LETTERS.book_laws
# A heading standing alone on its line, without a label ("Claim Defined", "Suspension of Play").
MAX_SHORT_HEADING_CHARS = tuned_int("structure.blocks", "max_short_heading_chars")
MAX_SHORT_HEADING_WORDS = tuned_int("structure.blocks", "max_short_heading_words")
MAX_UNSPACED_HEADING_CHARS = tuned_int("structure.blocks", "max_unspaced_heading_chars")
MAX_CJK_TITLE_CHARS = tuned_int("structure.blocks", "max_cjk_title_chars")
# Hard-wrapped text: lines end within WRAP_SLACK columns of a common width in this range.
MIN_WRAP_WIDTH = tuned_int("structure.blocks", "min_wrap_width")
MAX_WRAP_WIDTH = tuned_int("structure.blocks", "max_wrap_width")
WRAP_SLACK = tuned_int("structure.blocks", "wrap_slack")
# A range of law numbers after a keyword: "Laws 68-71", "§§ 68–71".
LAW_RANGE_AFTER = re.compile(r"\d{1,3}\s?(?:-{1,2}|–|—)\s?\d{1,3}(?![\d.])")
# Double-spaced text: at least this many lines, hardly any adjacent, this share one blank line apart.
MIN_DOUBLE_SPACED_LINES = tuned_int("structure.blocks", "min_double_spaced_lines")
DOUBLE_SPACED_SHARE = tuned_float("structure.blocks", "double_spaced_share")
# Paragraphs that each start with a dash: at least this many dashed lines.
MIN_BULLET_LINES = tuned_int("structure.blocks", "min_bullet_lines")
# A table's cells printed one after another, each closed by " |" (a page's table as text): at least
# this many lines, and this share of the lines, close a cell.
MIN_CELL_END_LINES = tuned_int("structure.blocks", "min_cell_end_lines")
MIN_CELL_END_SHARE = tuned_float("structure.blocks", "min_cell_end_share")
MIN_WRAP_LINES = tuned_int("structure.blocks", "min_wrap_lines")
MIN_SPACED_SHARE = tuned_float("structure.blocks", "min_spaced_share")
WRAP_QUANTILE = tuned_float("structure.blocks", "wrap_quantile")
MIN_WRAP_NEAR_LINES = tuned_int("structure.blocks", "min_wrap_near_lines")
MIN_WRAP_NEAR_SHARE = tuned_float("structure.blocks", "min_wrap_near_share")
MAX_WRAP_LONGER_SHARE = tuned_float("structure.blocks", "max_wrap_longer_share")
MAX_ADJACENT_SHARE = tuned_float("structure.blocks", "max_adjacent_share")
MIN_BULLET_SHARE = tuned_float("structure.blocks", "min_bullet_share")
MAX_LETTERED_SECTIONS = tuned_int("structure.blocks", "max_lettered_sections")
MIN_TITLE_WORD_CHARS = tuned_int("structure.blocks", "min_title_word_chars")
MAX_HEADING_WORDS = tuned_int("structure.blocks", "max_heading_words")
MIN_TITLE_CASE_LETTERS = tuned_int("structure.blocks", "min_title_case_letters")
MIN_REPEAT_CHARS = tuned_int("structure.blocks", "min_repeat_chars")


_NO_COSTS: Mapping[str, float] = MappingProxyType({})


def frozen_costs(costs: dict[str, float]) -> Mapping[str, float]:
    """A read-only view of ``costs`` for :attr:`Block.heading_cost`."""
    return MappingProxyType(dict(costs))


@dataclass(frozen=True, slots=True)
class Block:
    """One paragraph: where it is, its printed label, what it looks like.

    A block is a value: the structure stage never changes one, it makes a changed copy
    (:func:`dataclasses.replace`) and returns a new list. So the text's blocks, prepared once, are read
    against every skeleton without copying, and no reading sees what another decided.
    """

    index: int
    start: int  # offset of the first character in SourceText.text
    end: int  # offset after the last character
    first_line: int  # index into SourceText.lines
    last_line: int
    raw: str  # the block text as normalized (label included)
    kind: BlockKind = "text"
    label: str = ""  # printed label ("1.", "A.", "ĐIỀU 68.", "<*>", "-")
    text: str = ""  # raw minus label (leading whitespace after the label dropped from text only)
    law: str = ""  # printed law number (law headings)
    letter: str = ""  # section letter, folded to Latin
    letter_inferred: bool = False  # the letter was read from a numbered list, not printed
    number: int = 0  # printed point number
    marker: str = ""  # footnote line marker as printed
    markers: tuple[str, ...] = ()  # in-text footnote markers
    refs: tuple[str, ...] = ()  # external cross-reference targets found in the text
    sentences: int = 0
    reason: DebrisReason | Literal[""] = ""  # debris reason
    duplicate_of: int | None = None  # index of the block this one repeats
    heading_cost: Mapping[str, float] = field(default_factory=lambda: _NO_COSTS)  # heading label → cost
    indent: int = 0  # leading spaces of the first line (list levels of an indented list)
    run_on: bool = False  # a point whose printed number counts a list that runs on (structure/numbering.py)
    sub: str = ""  # printed sub-point letter: "a" of "(a) …"
    wrapped: bool = False  # its line breaks are the wrapping's, not the text's (read as one line)
    extract: str = ""  # commentary introducing another extract of this law ("Law 70.A. should …:")
    quote_law: bool = False  # a quote cut out under a citation of a law alone (a guess: its first paragraph)
    table: bool = False  # a row or cell of a table the law's text above announces (table_rows)

    @property
    def printed_letter(self) -> str:
        """The section letter the text prints ("" when none, or when it was read from a numbered list)."""
        return "" if self.letter_inferred else self.letter


def text_after(raw: str, label: str) -> str:
    """A paragraph's text after its printed label (the space after the label dropped, from the text only).

    >>> text_after("A. Claim Defined", "A."), text_after("Claim Defined", "")
    ('Claim Defined', 'Claim Defined')
    """
    return raw[len(label) :].lstrip() if label else raw


def _comparable(text: str) -> str:
    """Text as compared for repeats: case-folded, spaces collapsed, trailing punctuation dropped."""
    text = unicodedata.normalize("NFC", text).casefold()
    text = re.sub(r"\s+", " ", text).strip()
    return text.rstrip(" .;:,!?…")


def wrap_width(source: SourceText) -> int:
    """The width a hard-wrapped text (e-mail, old HTML) was wrapped at, or 0 when it is not wrapped.

    A text is hard-wrapped when many of its lines end close to one common width under 100 columns.

    >>> from lawalign.ingest.normalize import normalize_text
    >>> lines, text, _ = normalize_text("\\n".join(["x " * 36] * 8))
    >>> wrap_width(SourceText("t", text, lines, "en", "utf-8"))  # trailing spaces were normalized away
    71
    """
    filled = [ln.text for ln in source.lines if ln.text.strip()]
    widths = sorted(len(t) for t in filled)
    if len(widths) < MIN_WRAP_LINES:
        return 0
    if sum(1 for t in filled if " " in t.strip()) < MIN_SPACED_SHARE * len(filled):
        return 0  # Chinese, Japanese: no spaces to wrap at, a line's length says nothing
    width = widths[int(WRAP_QUANTILE * (len(widths) - 1))]
    if width > MAX_WRAP_WIDTH or width < MIN_WRAP_WIDTH:
        return 0
    near = sum(1 for w in widths if width - WRAP_SLACK <= w <= width)
    longer = sum(1 for w in widths if w > width + WRAP_SLACK)
    enough = near >= max(MIN_WRAP_NEAR_LINES, MIN_WRAP_NEAR_SHARE * len(widths))
    return width if enough and longer <= MAX_WRAP_LONGER_SHARE * len(widths) else 0


def _heading_line(text: str) -> bool:
    """A short line that does not end like a sentence: a heading standing on its own line."""
    t = text.strip()
    return (
        0 < len(t) <= MAX_SHORT_HEADING_CHARS
        and len(t.split()) <= MAX_SHORT_HEADING_WORDS
        and not re.search(r"[.;:!?…,。；：！？，、]$", t)
        and (" " in t or len(t) <= MAX_UNSPACED_HEADING_CHARS)  # Chinese, Japanese: no spaces
    )


def split_blocks(source: SourceText, profile: Profile) -> list[Block]:
    """Group non-empty lines into paragraphs.

    Where the text separates paragraphs with blank lines, the lines of a group are one paragraph
    unless a line starts with a structural label, or the group so far is a heading line and this line
    is not (a heading printed above its text is two units). Where the text is hard-wrapped, a line
    joins the one before only when that one is full (the first word would not have fitted on it).
    Where it uses neither, each line is one paragraph. Quoted reply lines ("> ...") group together.
    """
    pats = patterns_for(profile)
    lines = source.lines
    # blank lines as printed (normalized to ""); the lines of a bilingual page's other language are
    # blanked to spaces (ingest/bilingual.py) and say nothing about paragraphs
    # (only blanks between two lines of text part anything: not those above the first or below the last)
    shown = [k for k, ln in enumerate(lines) if ln.text.strip()]
    inner = lines[shown[0] : shown[-1] + 1] if shown else []
    blank_separated = sum(1 for ln in inner if not ln.text) >= 2
    wrap = wrap_width(source)
    bulleted = bullet_paragraphs(source)
    celled = cell_ends(source)
    # a list whose markers were lost: an item ends in "; and", ", or", "and;" ("… that trump; and")
    conj = "|".join(re.escape(w) for w in profile.and_words)
    list_end = re.compile(rf"(?:[;,]\s*(?:{conj})|\b(?:{conj})\s*;)$") if conj else None
    heading_runs_on = re.compile(rf"\s(?:{conj})$") if conj else None
    cited = _page_cues(source.text, pats.law_heading)

    def starts_unit(text: str) -> bool:
        t = fold_width(text.lstrip())
        return bool(
            POINT.match(t)
            or SECTION.match(t)
            or SUBPOINT.match(t)
            or (BULLET.match(t) and _heading_line(t[1:]))
            or pats.footnote.match(t)
            or _law_heading(t, pats.law_heading, cited) is not None
            or SEPARATOR.match(t)
            or SIGNATURE_RULE.match(t)
            or _quote_label(t)
            or any(p.match(t.strip()) for p in pats.debris)
            or _label_alone(t)  # "1." alone on its line, its text on the next: a new unit
        )

    def full(prev: str, text: str) -> bool:
        first_word = text.split()[0] if text.split() else ""
        return len(prev.rstrip()) + 1 + len(first_word) > wrap - 1

    # hard-wrapped lines each followed by a blank line (an HTML page that made every line a paragraph):
    # the blank lines say nothing, a wrapped line continues across one
    double = bool(wrap or bulleted) and double_spaced(source)
    groups: list[tuple[int, int]] = []
    wrapped: set[int] = set()  # first lines of groups whose line breaks are the wrapping's
    bullet_seen = False
    for i, ln in enumerate(lines):
        if not ln.text.strip():
            continue
        back = 2 if double and i >= 2 and not lines[i - 1].text.strip() else 1
        prev = lines[i - back].text if i else ""
        continues = bool(groups) and groups[-1][1] == i - back
        quoted, prev_quoted = bool(QUOTED.match(ln.text)), bool(QUOTED.match(prev))
        is_bullet = bool(BULLET_LINE.match(ln.text.lstrip()))
        if groups and _title_below(lines, groups[-1], i, pats.law_heading, cited):
            joinable = True  # "LAW 70" / "CONTESTED CLAIMS": the law's title on the line below
        elif (
            heading_runs_on is not None
            and continues
            and groups[-1][0] == i - back
            and _heading_line(_unlabelled(prev))
            and heading_runs_on.search(prev.rstrip())
            and _heading_line(ln.text)
            and not starts_unit(ln.text)
        ):
            joinable = True  # a heading wrapped after "or": "(a) Declarer or" / "Either Defender"
            wrapped.add(groups[-1][0])
        elif continues and groups[-1][0] == i - back and _label_alone(prev) and not starts_unit(ln.text):
            joinable = True  # "A." alone on its line, its heading or text on the next ("Play of Card")
            wrapped.add(groups[-1][0])
        elif celled and continues and not _cell_closed(prev) and not starts_unit(ln.text):
            # a table's cell goes on until " |" closes it: a line wrapped inside the cell joins the
            # one above unless that one closed a sentence and this one starts another
            joinable = not closes_sentence(prev) or ln.text.lstrip()[:1].islower()
            if joinable:
                wrapped.add(groups[-1][0])
        elif continues and (quoted or prev_quoted):
            joinable = quoted and prev_quoted
        elif bulleted and bullet_seen:
            # every paragraph starts with "- ": a line without it continues the paragraph above,
            # unless the one above closed a sentence (or is a heading) and this one starts a new one
            head = lines[groups[-1][0]].text if groups else ""
            joinable = (
                continues
                and not is_bullet
                and not starts_unit(ln.text)
                and not (ln.text.lstrip()[:1].isupper() and _new_sentence_or_heading(prev, head, groups[-1]))
            )
        elif wrap:
            joinable = (
                continues
                and not starts_unit(ln.text)
                and (full(prev, ln.text) or _runs_on(prev, ln.text))  # a quote wrapped narrower
                # a labelled line that looks like a heading, unless the next goes on with its sentence
                # in lowercase ("Α. Ένας παίκτης παραχώρησε λεβέ που … ο" / "άξονάς του …")
                and not (
                    groups[-1][0] == i - back
                    and _section_heading_line(prev)
                    and not (full(prev, ln.text) and _runs_on(prev, ln.text))
                )
                and not (
                    groups[-1][0] == i - back and not full(prev, ln.text) and _heading_line(_unlabelled(prev))
                )
            )
        else:
            joinable = (
                blank_separated
                and continues
                and not starts_unit(ln.text)
                and not SEPARATOR.match(prev)
                and not (
                    POINT.match(fold_width(lines[groups[-1][0]].text.lstrip()))
                    and _new_sentence(prev, ln.text)
                )
                and not (
                    groups[-1][0] == i - back
                    and (_heading_line(_unlabelled(prev)) or _section_heading_line(prev))
                    and not _heading_line(ln.text)
                )
                and not (groups[-1][0] == i - back and _citation_line(prev))
                and not (list_end is not None and list_end.search(prev.rstrip()))
            ) or (
                # a sentence that runs on to the next line (a quote hard-wrapped inside a page of
                # unwrapped paragraphs): the line above ends mid-sentence, this one goes on in lowercase
                not blank_separated
                and continues
                and not starts_unit(ln.text)
                and _runs_on(prev, ln.text)
                # text under a heading
                and not (groups[-1][0] == i - back and _heading_line(_unlabelled(prev)))
            )
        if joinable:
            groups[-1] = (groups[-1][0], i)
        else:
            groups.append((i, i))
        bullet_seen = bullet_seen or is_bullet

    blocks: list[Block] = []
    for a, b in groups:
        first, last = lines[a], lines[b]
        lead = len(first.text) - len(first.text.lstrip())
        start = first.offset + lead
        end = last.offset + len(last.text.rstrip())
        # a law whose line breaks were lost: one paragraph per run-in label (structure/runin.py), also
        # when such a text was hard-wrapped again afterwards (the wrapped lines read as one line)
        run = source.text[start:end] if a == b else source.text[start:end].replace("\n", " ") if wrap else ""
        cuts = run_in_cuts(run, profile.and_words, profile.law_keywords) if run else []
        for s, e in pairwise([start, *(start + k for k in cuts), end]):
            e = s + len(source.text[s:e].rstrip())
            if e > s:
                top = max(k for k in range(a, b + 1) if lines[k].offset <= s)
                bottom = max(k for k in range(a, b + 1) if lines[k].offset < e)
                blocks.append(
                    Block(
                        index=len(blocks),
                        start=s,
                        end=e,
                        first_line=top,
                        last_line=bottom,
                        raw=source.text[s:e],
                        indent=lead if s == start else 0,
                        # cut from a run-in paragraph hard-wrapped again, a table's cell, a label alone
                        # and the line below it: its line breaks are the wrapping's, not the text's
                        wrapped=a != b and (bool(cuts) or a in wrapped),
                    )
                )
    return blocks


def cell_ends(source: SourceText) -> bool:
    """The text prints a table's cells one after another, each closed by ``|`` at the end of its last
    line (a web page's table kept as text), so that a cell's line without it goes on to the next.

    Rows printed whole on one line ("| 1. | … |", "North Dealer | Boards 1 5 9 13 |") and empty
    cells ("|") do not count.

    >>> from lawalign.ingest.normalize import normalize_text
    >>> cells = ["A. |", "Play of Card from", "a Hand |", "|", "Each player |", "B. |", "Dummy |"]
    >>> lines, text, _ = normalize_text("\\n".join(cells))
    >>> cell_ends(SourceText("t", text, lines, "en", "utf-8"))
    True
    """
    filled = [ln.text.strip() for ln in source.lines if ln.text.strip()]
    ends = sum(1 for t in filled if _cell_closed(t) and "|" not in t[:-1] and t != "|")
    return ends >= max(MIN_CELL_END_LINES, MIN_CELL_END_SHARE * len(filled))


# The mark closing a table's cell at the end of a line that holds no other ("a Hand |").
CELL_END = re.compile(r"[ \t]*\|[ \t]*$", re.M)


def _cell_closed(text: str) -> bool:
    """The line closes a table's cell: it ends with ``|``."""
    return text.rstrip().endswith("|")


def _label_alone(text: str) -> bool:
    """A section, point or sub-point label printed alone on its line ("A.", "1.", "(a)", "B. |").

    >>> _label_alone("A. |"), _label_alone("(a)"), _label_alone("12."), _label_alone("A. Claims")
    (True, True, True, False)
    """
    t = text.strip().removesuffix("|").strip()
    return bool(t) and any(
        (m := pat.match(f"{t} x")) is not None and m["rest"] == "x" for pat in (SECTION, POINT, SUBPOINT)
    )


def double_spaced(source: SourceText) -> bool:
    """Whether (nearly) no two lines of text are adjacent and most are one blank line apart (a wider
    gap is then a paragraph break).

    >>> from lawalign.ingest.normalize import normalize_text
    >>> lines, text, _ = normalize_text("\\n\\n".join(["a line of text"] * 8))
    >>> double_spaced(SourceText("t", text, lines, "en", "utf-8"))
    True
    """
    filled = [k for k, ln in enumerate(source.lines) if ln.text.strip()]
    if len(filled) < MIN_DOUBLE_SPACED_LINES:
        return False
    gaps = [b - a for a, b in pairwise(filled)]
    adjacent = sum(1 for g in gaps if g == 1)
    one_blank = sum(1 for g in gaps if g == 2)
    return adjacent <= MAX_ADJACENT_SHARE * len(gaps) and one_blank >= DOUBLE_SPACED_SHARE * len(gaps)


def bullet_paragraphs(source: SourceText) -> bool:
    """Whether the text starts its paragraphs with a dash ("- In ruling on a contested claim, …") and
    wraps them onto lines without one: then a line without the dash continues a paragraph.

    >>> from lawalign.ingest.normalize import normalize_text
    >>> lines, text, _ = normalize_text("- A. Head\\n- First line\\nruns on.\\n- B. Head\\n- Text\\nends.")
    >>> bullet_paragraphs(SourceText("t", text, lines, "en", "utf-8"))
    True
    """
    texts = [ln.text.strip() for ln in source.lines if ln.text.strip()]
    bullets = [k for k, t in enumerate(texts) if BULLET_LINE.match(t)]
    if len(bullets) < MIN_BULLET_LINES or len(bullets) < MIN_BULLET_SHARE * len(texts):
        return False
    # continuation lines: lines without the dash after the first dashed line, not all of them headings
    rest = [t for t in texts[bullets[0] :] if not BULLET_LINE.match(t)]
    return any(not _heading_line(t) for t in rest)


def _new_sentence_or_heading(prev: str, head: str, group: tuple[int, int]) -> bool:
    """The line above closed a sentence, or the paragraph above is a one-line heading."""
    if re.search(r"[.!?…:][\"”»)]*$", prev.rstrip()):
        return True
    return group[0] == group[1] and _heading_line(_unlabelled(head)) and not _unlabelled(head)[:1].islower()


def _title_below(
    lines: Sequence[Line], group: tuple[int, int], i: int, keyword: re.Pattern[str], cited: PageCues
) -> bool:
    """Line ``i`` is the title of a law heading printed alone on the line(s) above ("ARTIKEL 68", a
    blank line, "Opeisen en afstaan van slagen"; "LAW 70" / "- CONTESTED CLAIMS")."""
    a, b = group
    if a != b or i - b > 2 or any(lines[k].text.strip() for k in range(b + 1, i)):
        return False
    head = lines[a].text.strip()
    m = _law_heading(head, keyword, cited)
    if m is None or m["rest"].strip():
        return False
    t = lines[i].text.strip()
    if bm := BULLET_LINE.match(t):
        t = t[bm.end() :]
    view = fold_width(t)
    if not _heading_line(t) or t[:1].islower() or POINT.match(view) or SECTION.match(view):
        return False
    return _law_heading(t, keyword, cited) is None and not any(c.isdigit() for c in t)


def _section_heading_line(text: str) -> bool:
    """A labelled section heading alone on its line ("C.Пояснение, требующееся для претензии")."""
    m = SECTION.match(fold_width(text.strip()))
    return m is not None and _is_section_heading(m["rest"]) and _looks_like_label_letter(m["rest"])


def _runs_on(prev: str, text: str) -> bool:
    """The line above stops mid-sentence and this one continues it in lowercase.

    >>> _runs_on("that a contestant will win a specific number of", "tricks is a claim of those tricks.")
    True
    >>> _runs_on("the Director shall award a trick if:", "claimer made no statement, and")
    False
    """
    t = text.lstrip()
    return bool(prev.strip()) and t[:1].islower() and not closes_sentence(prev)


def closes_sentence(text: str) -> bool:
    """The text ends like a sentence or a clause (a full stop, a colon, a semicolon, …, before any
    closing quote or bracket); a link, a menu entry or a heading does not.

    >>> closes_sentence("… is a claim of those tricks.»"), closes_sentence("Claim Defined")
    (True, False)
    """
    return re.search(r"[.!?…:;。！？：；][\"”»)]*$", text.rstrip()) is not None


def _quote_label(text: str) -> bool:
    """A citation label in front of a quote ("Law 68A: …", "L68B1 Any statement …"); an id that
    a sentence goes on from in lowercase is a wrapped citation ("16C is van toepassing …").

    >>> _quote_label("L68B1 Any statement to the effect"), _quote_label("16C is van toepassing op")
    (True, False)
    """
    m = CITATION_LABEL.match(text)
    return m is not None and not (m["gid"] and text[m.end() : m.end() + 1].islower())


def _citation_line(text: str) -> bool:
    """A line that only cites what follows: "Law 68B (Concession Defined):"."""
    m = CITATION_LABEL.match(text.strip())
    return m is not None and m.end() >= len(text.strip())


def _new_sentence(prev: str, text: str) -> bool:
    """A line that starts a new paragraph after a closed one: the previous ends with a full stop, this
    one starts with a capital (the text after a point's last sentence: "The board is rescored.")."""
    t = text.lstrip()
    return bool(re.search(r"[.!?…][\"”»)]*$", prev.rstrip())) and t[:1].isupper()


def _unlabelled(text: str) -> str:
    """A line without its section label or bullet ("A. Claim Defined" → "Claim Defined")."""
    t = text.strip()
    if m := SECTION.match(t):
        return m["rest"]
    if m := BULLET.match(t):
        return m["rest"]
    return t


def classify_blocks(blocks: Sequence[Block], profile: Profile) -> list[Block]:
    """The blocks with kind, label, law/letter/number and markers of each set."""
    pats = patterns_for(profile)
    cited = _page_cues("\n".join(b.raw for b in blocks), pats.law_heading)
    out = _numbered_footnotes([_classified(b, pats, cited) for b in blocks])
    return _numbered_headings(_cyrillic_sections(out))


def _cyrillic_sections(blocks: list[Block]) -> list[Block]:
    """Section labels in the Cyrillic alphabet's order ("А.", "Б.", "В.", "Г."), read by their place
    (Б is B, В is C) when the text prints a letter of that alphabet that looks like no Latin one
    ("Б.", "Г.", "Д.") and no "С."; otherwise a Cyrillic label is the Latin letter it looks like ("С."
    is C, "В." is B).

    >>> from lawalign.ingest.normalize import normalize_text
    >>> from lawalign.ingest.profiles import load_profile
    >>> from lawalign.models import SourceText
    >>> lines, text, _ = normalize_text("Правило 16\\nА. Первое\\nБ. Второе\\nВ. Третье\\n")
    >>> src = SourceText("t.txt", text, lines, "ru", "utf-8")
    >>> bs = classify_blocks(split_blocks(src, load_profile("ru")), load_profile("ru"))
    >>> [b.letter for b in bs if b.letter]
    ['A', 'B', 'C']
    """
    if not any(b.letter and not b.letter.isascii() for b in blocks):
        return blocks
    printed = [b.label.lstrip("-–—•▪· ")[:1] if b.letter else "" for b in blocks]
    # a text that prints "С." (Cyrillic Es, C by its look) follows the look-alikes: there, only a
    # letter that looks like no Latin one ("Б.", an initial) is read by its place
    lookalikes = "С" in printed
    out = []
    for b, p in zip(blocks, printed, strict=True):
        if p and p in LETTERS.cyrillic_alphabet and not (lookalikes and b.letter.isascii()):
            b = replace(b, letter=p.translate(LETTERS.cyrillic_by_place))
        out.append(b)
    return out


def _classified(b: Block, pats: ProfilePatterns, cited: PageCues) -> Block:
    """One block with its kind, label and parts read from its own text."""
    # a run-in paragraph hard-wrapped again, a table's cell: its line breaks say nothing (read as one
    # line), nor do the marks closing its cells ("Play of Card from" / "a Hand |")
    raw = CELL_END.sub("", b.raw).replace("\n", " ") if b.wrapped else b.raw
    one_line = "\n" not in raw
    # labels are matched in the text with full-width letters and other scripts' digits read as ASCII
    # ("Ａ．", "第６８条", "٦٨"); the label kept is the one printed (same offsets: one character for one)
    view = fold_width(raw)
    # "- A. General Objective", "- 1. Require Claimer to Repeat Statement", "- (a) When to Summon":
    # a dash before a label
    lead = ""
    bm = BULLET_LINE.match(raw)
    if bm and any(p.match(view[bm.end() :]) for p in (POINT, SECTION, SUBPOINT)):
        lead, raw, view = raw[: bm.end()], raw[bm.end() :], view[bm.end() :]

    def printed(m: re.Match[str]) -> str:
        return raw[m.start("label") : m.end("label")]

    kind: BlockKind = "text"
    reason: DebrisReason | Literal[""] = ""
    label = law = letter = marker = sub = ""
    number = 0
    if SEPARATOR.match(raw):
        kind, reason = "debris", "separator"
    elif PRINT_SLUG.match(raw.strip()):
        kind, reason = "debris", "print-mark"
    elif any(p.match(raw.strip()) for p in pats.debris):
        kind, reason = "debris", "chrome"
    elif m := _law_heading(view, pats.law_heading, cited):
        kind, law = "law", cjk_law_number(m["num"])
        # the label stays on its line ("LAW 70" / "- CONTESTED CLAIMS": the dash is the title's)
        label = lead + printed(m).split("\n", 1)[0].rstrip()
    elif (m := LAW_SECTION_HEADING.match(view)) and _is_heading(m["rest"]) and one_line:
        kind, law, letter = "heading", m["num"], m["letter"]
        label = lead + printed(m)
    elif m := pats.footnote.match(view):
        kind, marker = "footnote", m["marker"]
        label = lead + printed(m)
    elif m := POINT.match(view):
        # "2. Clarification Statement Repeated": a numbered heading (a lettered list extracted as
        # numbers, or a point's own sub-heading); see _numbered_headings
        kind = (
            "heading"
            if one_line and _heading_line(m["rest"]) and not _is_sentence_start(m["rest"])
            else "point"
        )
        number = int(m["num"])
        label = lead + printed(m)
        if kind == "point" and (sm := SUBPOINT.match(m["rest"])):
            # "1. (a) A card must …", "3.    a) Sofern …": the point printed with its first
            # sub-point's label holds the sub-point's text, and takes its id (segment.py: 45C4a)
            sub = sm["letter"] or sm["bare"]
            label = lead + raw[: m.start("rest") + sm.end("label")]
    elif (m := SECTION.match(view)) and _looks_like_label_letter(m["rest"]):
        # a Cyrillic "С." label is section C; a Greek "Γ." is section C by its place
        letter = fold_label(m["letter"].translate(GREEK_SECTION_LETTERS))
        kind = "heading" if _is_section_heading(m["rest"]) else "text"
        label = lead + printed(m)
    elif (m := BULLET.match(view)) and _is_heading(m["rest"]):
        kind = "heading"
        label = lead + printed(m)
    elif m := SUBPOINT.match(view):
        sub = m["letter"] or m["bare"]  # its id comes from the point above
        label = lead + printed(m)
        if one_line and _heading_line(m["rest"]) and not _is_sentence_start(m["rest"]):
            # "(a) When to Summon": a sub-point's own heading (1997 Law 9B1a.title), its text below
            kind = "heading"
    elif (
        one_line
        and _heading_line(raw)
        and any(c.isalpha() for c in raw)
        and not _unlabelled(raw)[:1].islower()  # "- claimer said nothing about that trump, and"
    ):
        kind = "heading"  # a heading whose letter was lost: "Claim Defined" alone on a line
    # the label split off the text (leading whitespace after the label dropped from the text only)
    text = text_after(b.raw, label)
    markers: tuple[str, ...] = ()
    sentences = 0
    if kind in ("text", "point", "footnote", "heading"):
        markers = tuple(m.group(0) for m in IN_TEXT_MARKER.finditer(text) if _is_marker(text, m))
        sentences = count_sentences(text)
    return replace(
        b,
        kind=kind,
        reason=reason,
        label=label,
        text=text,
        law=law,
        letter=letter,
        number=number,
        marker=marker,
        sub=sub,
        markers=markers,
        sentences=sentences,
    )


def _is_sentence_start(rest: str) -> bool:
    """A point's text, not a heading: starts in lowercase ("1. if a player ...")."""
    return rest.strip()[:1].islower()


def _numbered_headings(blocks: list[Block]) -> list[Block]:
    """Numbered headings are the sections of a lettered list that lost its letters ("1." = A, "2." = B)
    when the text prints no section letter at all; otherwise they are points' own sub-headings
    ("B. ..." then "1. Statement Repeated" is the heading of point B1). Where a law's numbered
    headings restart (each section extracted as a list of its own: "1. Face-Down Opening Lead", text,
    "1. Review of Auction", …), their numbers count nothing and their order gives the letters.

    >>> from lawalign.ingest.normalize import normalize_text
    >>> from lawalign.ingest.profiles import load_profile
    >>> from lawalign.models import SourceText
    >>> lines, text, _ = normalize_text("LAW 41\\n1. Face-Down Lead\\nThe lead is made.\\n"
    ...     "1. Review of Auction\\nThe auction is reviewed.\\n")
    >>> profile = load_profile("en")
    >>> bs = classify_blocks(split_blocks(SourceText("p", text, lines, "en", "utf-8"), profile), profile)
    >>> [(b.kind, b.letter, b.number) for b in bs]
    [('law', '', 0), ('heading', 'A', 0), ('text', '', 0), ('heading', 'B', 0), ('text', '', 0)]
    """
    out = list(blocks)
    for k, b in enumerate(out):
        after = out[k + 1] if k + 1 < len(out) else None
        # a heading introduces something; a clause with a comma, or the cut-off last line, is a point
        if b.kind == "heading" and b.number and (after is None or after.kind == "law" or "," in b.text):
            out[k] = replace(b, kind="point")
    if any(b.letter for b in out if b.kind in ("heading", "text")):
        return out
    if (outer := _outer_list_items(out)) is not None:
        return outer
    letters: dict[int, str] = {}
    laws = [k for k, b in enumerate(out) if b.kind == "law"]
    for start, end in pairwise([0, *laws, len(out)]):
        heads = [b for b in out[start:end] if b.kind == "heading" and b.number]
        numbers = [b.number for b in heads]
        restarts = any(later <= earlier for earlier, later in pairwise(numbers))
        for k, b in enumerate(heads):
            n = k + 1 if restarts else b.number
            if n <= MAX_LETTERED_SECTIONS:
                letters[b.index] = chr(ord("A") + n - 1)
    return [
        replace(b, letter=letters[b.index], number=0, letter_inferred=True) if b.index in letters else b
        for b in out
    ]


def _outer_list_items(blocks: list[Block]) -> list[Block] | None:
    """A lettered list extracted as an indented numbered list that numbers every item, headings and
    texts alike: "  1. Claim Defined", "  2. Any statement …", "  3. Concession Defined", then the
    points indented deeper ("    1. …", "    2. …"). The k-th outer heading is section k; an outer
    numbered text is the text of the section above it. Returns the blocks so read, or None when the
    list is not such a list."""
    numbered = [b for b in blocks if b.number and b.kind in ("heading", "point")]
    indents = sorted({b.indent for b in numbered})
    if len(indents) < 2:
        return None
    outer = [b for b in numbered if b.indent == indents[0]]
    numbers = [b.number for b in outer]
    heads = [b for b in outer if b.kind == "heading"]
    if not heads or outer[0] is not heads[0] or len(heads) > MAX_LETTERED_SECTIONS:
        return None
    if numbers != list(range(numbers[0], numbers[0] + len(numbers))) or len(heads) == len(outer):
        return None
    letter = ""
    read: dict[int, Block] = {}
    for b in outer:
        if b.kind == "heading":
            letter = chr(ord(letter or "@") + 1)
            read[b.index] = replace(b, letter=letter, number=0, letter_inferred=True)
        else:
            read[b.index] = replace(b, kind="text", letter=letter, number=0, letter_inferred=True)
    return [read.get(b.index, b) for b in blocks]


def _citing_words(text: str) -> set[str]:
    """Words that stand before a law number at least twice in the text ("Lei 69 …", "Lei 79C")."""
    counts: dict[str, int] = {}
    for m in re.finditer(r"([^\W\d_]{2,})\s+\d{1,2}(?![\d])", text):
        key = m[1].casefold()
        counts[key] = counts.get(key, 0) + 1
    return {w for w, n in counts.items() if n >= 2}


@dataclass(frozen=True, slots=True)
class PageCues:
    """What the whole page says about its law headings."""

    cited: frozenset[str]  # words standing before a law number at least twice ("Lei 69 …", "Lei 79C")
    keyword_headed: bool  # some line is a law heading with the profile's keyword ("LAW 69 - …")


def _page_cues(text: str, keyword_heading: re.Pattern[str]) -> PageCues:
    headed = any(
        (m := keyword_heading.match(line.strip())) and _is_law_heading(m["rest"], line.strip())
        for line in text.split("\n")
    )
    return PageCues(frozenset(_citing_words(text)), bool(headed))


def _law_heading(raw: str, keyword_heading: re.Pattern[str], cues: PageCues) -> re.Match[str] | None:
    """A law heading in any of its forms, or None.

    "LAW 68", "Przepis 68", "§ 70. KRAV ...", "Art. 71 – ..." (a profile keyword); "69. UZNANIE ..."
    (a bare number and a title in capitals); "Lei 68 - ..." (any capitalised word before a law number,
    when the rest is a title in capitals or nothing, and the page prints no law heading with its
    profile's keyword: a book uses one form, so beside "LAW 69 - …" a "Board 1" is no law heading).
    """
    if LAW_RANGE_AFTER.match(raw[raw.find(" ") + 1 :] if " " in raw else ""):
        return None  # "Laws 68-71": a heading about several laws, not one law's heading
    if (m := keyword_heading.match(raw)) and _is_law_heading(m["rest"], raw):
        glued = raw[m.end("num") : m.end("num") + 1].isalpha()
        if not glued or m["rest"].split()[0].isupper():
            return m
    if (m := BARE_LAW_HEADING.match(raw)) and int(m["num"]) in BOOK_LAWS and m["first"].isupper():
        if _is_law_heading(m["rest"], raw):
            return m
    m = CJK_LAW_HEADING.match(raw)
    if m and int(cjk_law_number(m["num"])) in BOOK_LAWS and _cjk_title(m["rest"]):
        return m
    m = None if cues.keyword_headed else GENERIC_LAW_HEADING.match(raw)
    if m and int(m["num"]) in BOOK_LAWS and _is_law_heading(m["rest"], raw):
        rest = m["rest"].strip()
        first = rest.split()[0] if rest else ""
        # Hebrew, Arabic, Thai, ...: letters without case; a rest of numbers alone is a table's row
        # ("North 1 5 9 13", a board's hands), never a title
        caseless = any(c.isalpha() for c in rest) and not any(c.isupper() or c.islower() for c in rest)
        if (
            not rest
            or (first.isupper() and len(first) >= MIN_TITLE_WORD_CHARS)
            or (_heading_line(rest) and (caseless or m["kw"].rstrip(".").casefold() in cues.cited))
        ):
            return m
    return None


def _cjk_title(rest: str) -> bool:
    """The title after "第68条": one line, no sentence end."""
    rest = rest.strip()
    return "\n" not in rest and len(rest) <= MAX_CJK_TITLE_CHARS and not re.search(r"[。．.!?！？：:]$", rest)


def _is_marker(text: str, m: re.Match[str]) -> bool:
    """A "1)" after a word is a footnote marker unless a "(" before it opens a parenthesis it closes."""
    if not m.group(0).endswith(")"):
        return True
    before = text[: m.start()]
    return before.count("(") <= before.count(")")


def _numbered_footnotes(blocks: list[Block]) -> list[Block]:
    """A point "1) ..." after a block carrying the marker "1)" in its text is that footnote's text."""
    seen: set[str] = set()
    out: list[Block] = []
    for b in blocks:
        if b.kind == "point" and b.label.endswith(")") and b.label in seen:
            b = replace(b, kind="footnote", marker=b.label)
        if b.kind in ("text", "point", "heading"):
            seen.update(m.strip() for m in b.markers if m.endswith(")"))
        out.append(b)
    return out


def _looks_like_label_letter(rest: str) -> bool:
    # "A. Claim Defined" is a label; "A player who ..." is not (no full stop after the letter anyway),
    # but "C. S. Lewis said" would be: require the rest not to start with another "X." initial.
    return not re.match(r"^[A-ZА-Я]\.\s", rest)


def _is_heading(rest: str) -> bool:
    """The rest of a labelled line reads as a heading: short, no final punctuation, not a clause
    ("if a player conceded a trick his side had, in fact, won; or" is a point's text)."""
    rest = rest.strip()
    words = len(rest.split())
    return (
        0 < len(rest) <= MAX_HEADING_CHARS
        and not re.search(r"[.;:!?…,。；：！？，、]$", rest)
        and words <= MAX_HEADING_WORDS
        and not rest[0].islower()
        and (words <= MAX_SHORT_HEADING_WORDS or not re.search(r"[,;]\s", rest))
    )


def _is_section_heading(rest: str) -> bool:
    """The rest of a section-labelled line reads as a heading: as :func:`_is_heading`, or a heading in
    title case that ends in a colon or a full stop ("A. Claim Defined:", "B. Extraneous Information
    from Partner:", "A. Acceptance of Insufficient Bid."); a chapeau ending in a colon, or a sentence,
    is not ("B. The Director shall:", "A. The auction begins.").

    >>> _is_section_heading("Claim Defined:"), _is_section_heading("The Director shall:")
    (True, False)
    >>> _is_section_heading("Insufficient Bid not Accepted."), _is_section_heading("The auction begins.")
    (True, False)
    """
    if _is_heading(rest):
        return True
    t = rest.strip()
    if "\n" in t or not t.endswith((":", ".")) or t.endswith(".."):
        return False
    t = t[:-1].rstrip()
    # words of five letters or more: title case leaves "from", "with", "and" in lowercase
    words = [w for w in t.split() if sum(c.isalpha() for c in w) >= MIN_TITLE_CASE_LETTERS]
    return _is_heading(t) and bool(words) and all(w[0].isupper() for w in words)


def _is_law_heading(rest: str, raw: str) -> bool:
    rest = rest.strip()
    if len(raw) > MAX_LAW_HEADING_CHARS:
        return False
    # A bracket closed that the heading never opened ("Law 43)"): the end of a citation in brackets
    # wrapped from the line above, not a title.
    if rest.count(")") > rest.count("("):
        return False
    if "\n" in rest:  # a title on the lines below: "LOI 70" / "REVENDICATION OU CONCESSION CONTESTEE"
        return all(_heading_line(part) for part in rest.split("\n"))
    if not rest:
        return True
    # A heading's title has no sentence inside it: no full stop followed by more words.
    return not re.search(r"[.!?;]\s+\S", rest) and not rest[0].islower()


def marked_debris(b: Block, reason: DebrisReason) -> Block:
    """``b`` recorded as debris for ``reason`` (its label and parts dropped, its text whole)."""
    return replace(b, kind="debris", reason=reason, label="", text=b.raw, letter="", number=0, law="")


def _contents_runs(blocks: Sequence[Block]) -> set[int]:
    """Positions of the law headings of a list of contents: a run of two law headings or more with
    nothing but debris between them, one of which the text prints again further on ("ПРАВИЛО 81. …",
    "ПРАВИЛО 82. …", …, "ПРАВИЛО 91. …", then "ПРАВИЛО 81. …" over its sections). The list names the
    laws; the later heading is the one the law's text follows.

    >>> def law(n, i): return Block(i, 0, 0, i, i, f"LAW {n} TITLE", "law", f"LAW {n}", "TITLE", str(n))
    >>> def text(i): return Block(i, 0, 0, i, i, "The text.")
    >>> sorted(_contents_runs([law(1, 0), law(2, 1), law(1, 2), text(3)]))
    [0, 1]
    >>> sorted(_contents_runs([law(1, 0), text(1), law(2, 2), text(3), law(1, 4)]))
    []
    """
    runs: list[tuple[list[int], set[str]]] = []  # positions of a run's headings, their texts compared
    last_kind = ""
    for k, b in enumerate(blocks):
        if b.kind == "debris":
            continue
        if b.kind == "law":
            key = _comparable(b.raw)
            # a heading that repeats one of the run starts a run of its own: the list stops before it
            if last_kind == "law" and key not in runs[-1][1]:
                runs[-1][0].append(k)
                runs[-1][1].add(key)
            else:
                runs.append(([k], {key}))
        last_kind = b.kind
    out: set[int] = set()
    for run, keys in runs:
        later = blocks[run[-1] + 1 :]
        if len(run) >= 2 and any(b.kind == "law" and _comparable(b.raw) in keys for b in later):
            out.update(run)
    return out


def _outline_runs(blocks: Sequence[Block]) -> set[int]:
    """Positions of a list of contents that prints the outline of laws without their text: two law
    headings or more in a row, each followed by headings only ("LOI 6 > Mélange et Donne", "A.
    Mélange", "B. Donne", …, "LOI 7 > …"), no paragraph of text, point or footnote under any of them.
    Every law of the book has text under its heading; a law heading with none, in a row of such, is
    an entry of a list.

    >>> def law(n, i): return Block(i, 0, 0, i, i, f"LAW {n} TITLE", "law", f"LAW {n}", "TITLE", str(n))
    >>> def head(i): return Block(i, 0, 0, i, i, "A. Heading", "heading", "A.", "Heading", letter="A")
    >>> def text(i): return Block(i, 0, 0, i, i, "The text.")
    >>> sorted(_outline_runs([law(1, 0), head(1), law(2, 2), head(3), law(3, 4), text(5)]))
    [0, 1, 2, 3]
    >>> sorted(_outline_runs([law(1, 0), head(1), law(2, 2), text(3)]))
    []
    """
    laws: list[list[int]] = []  # each law heading's position and the headings under it
    bare: list[bool] = []  # no text, point or footnote under it
    for k, b in enumerate(blocks):
        if b.kind == "law":
            laws.append([k])
            bare.append(True)
        elif laws and b.kind == "heading":
            laws[-1].append(k)
        elif laws and b.kind != "debris":
            bare[-1] = False
    out: set[int] = set()
    for is_bare, run in groupby(zip(bare, laws, strict=True), key=itemgetter(0)):
        entries = [positions for _, positions in run]
        if is_bare and len(entries) >= 2:
            out.update(k for positions in entries for k in positions)
    return out


def mark_repeats(blocks: Sequence[Block]) -> list[Block]:
    """The blocks with one that repeats an earlier law heading or footnote, or the block just before
    it, marked as debris; the law headings of a list of contents (:func:`_contents_runs`) and the
    outline of laws printed without their text (:func:`_outline_runs`) marked as navigation, so that
    the heading printed again over the law's text is the law's."""
    contents = _contents_runs(blocks) | _outline_runs(blocks)
    blocks = [marked_debris(b, "navigation") if k in contents else b for k, b in enumerate(blocks)]
    seen: dict[str, int] = {}
    previous: Block | None = None
    out: list[Block] = []
    for b in blocks:
        out.append(b)
        if b.kind == "debris":
            continue
        key = _comparable(b.raw)
        if len(key) >= MIN_REPEAT_CHARS:
            original = seen.get(key)
            repeats_previous = previous is not None and _comparable(previous.raw) == key
            if original is not None and (repeats_previous or b.kind in ("law", "footnote", "heading")):
                reason: dict[str, DebrisReason] = {
                    "law": "duplicate-heading",
                    "heading": "duplicate-heading",
                    "footnote": "duplicate-footnote",
                }
                out[-1] = replace(
                    b,
                    reason=reason.get(b.kind, "duplicate-text"),
                    kind="debris",
                    label="",
                    text=b.raw,
                    duplicate_of=original,
                )
                continue
            seen.setdefault(key, b.index)
        previous = b
    return out


# A table's row or cell read as debris on its own: a menu of "|"-separated items, a range of numbers,
# or a heading printed again (the header row repeated over each column).
_ROW_REASONS = frozenset({"navigation", "duplicate-heading", "duplicate-text"})
# A sentence's end: at the end of a line, or before more words ("1 Contents Page 1. Law 7: …").
_SENTENCE_END = re.compile(r"[.!?…。！？](?:\W*$|\s+\S)")


def _is_row(b: Block) -> bool:
    """A block that may be a row or cell of a table: unlabelled, no sentence ending anywhere in it."""
    if b.kind == "debris":
        if b.reason not in _ROW_REASONS:
            return False
    elif b.kind not in ("text", "heading") or b.label or b.letter or b.number or b.sub or b.marker:
        return False
    return not any(_SENTENCE_END.search(ln.strip()) for ln in b.raw.split("\n") if ln.strip())


def table_rows(blocks: Sequence[Block]) -> list[Block]:
    """The blocks with the rows of each table a law's text announces marked ``table`` (and kept as
    text): after a paragraph that ends in a colon ("… are designated as follows:", "… theo bảng
    dưới:"), the run of unlabelled blocks that end no sentence, most of them holding a number
    ("| North Dealer | Boards | 1 | 5 | 9 | 13 |", "Chênh lệch điểm", "IMP", "20 - 40", "1"), is
    the table the paragraph announces: its rows go on in that paragraph's unit
    (structure/segment.py), not in debris or in headings of their own, and the fitted reader does
    not weigh them when it reads a law's run as noise (a table looks like a page's own tables). A
    run of one block is no table.

    >>> def b(i, raw, kind="text", reason=""):
    ...     return Block(i, 0, 0, i, i, raw, kind, text=raw, reason=reason)
    >>> bs = [b(0, "Dealer and vulnerability are designated as follows:"), b(1, "Boards"),
    ...       b(2, "North 1 5 9 13", "debris", "navigation"), b(3, "East 2 6 10 14"),
    ...       b(4, "The same sequence is repeated for Boards 17-32.")]
    >>> [(x.kind, x.table) for x in table_rows(bs)]
    [('text', False), ('text', True), ('text', True), ('text', True), ('text', False)]
    >>> [(x.kind, x.table) for x in table_rows([b(0, "They are designated so."), *bs[1:]])]
    [('text', False), ('text', False), ('debris', False), ('text', False), ('text', False)]
    """
    out = list(blocks)
    k = 0
    while k < len(out):
        b = out[k]
        k += 1
        if b.kind not in ("text", "point") or not b.raw.rstrip().endswith(":"):
            continue
        end = k
        while end < len(out) and _is_row(out[end]):
            end += 1
        rows = out[k:end]
        if len(rows) < 2 or 2 * sum(1 for r in rows if any(c.isdigit() for c in r.raw)) <= len(rows):
            continue
        for j in range(k, end):
            r = out[j]
            out[j] = replace(r, kind="text", reason="", label="", text=r.raw, duplicate_of=None, table=True)
        k = end
    return out
