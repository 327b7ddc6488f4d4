"""Pages that quote the law inside commentary: articles, forum posts, blog posts about a ruling.

Such a page prints no law heading and no section labels; its law text is the paragraphs the author
introduces by citing them: a line ending in a colon that cites a unit ("Krav på stik er defineret i
§ 68A:", "Law 68B (Concession Defined):"), or a citation label glued in front of the quoted text
('Law 68A: "Any statement …"', "Pravidlo 69A: Soupeřův nárok …", "L68B1 Any statement …"), a quote
box's caption naming the law ("TFLB L70E1 said:"), a line citing a unit and printing its heading
("Law 74B: Etiquette"). Each such paragraph gets the id it is cited as (a law cited alone stands
for its first paragraph, the preamble when the law has one); numbered points right after a quoted
section continue it; every other paragraph is the author's commentary (debris), except the
paragraph right after a quoted unit that cites what the unit's footnote cites: that footnote.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from itertools import pairwise
from typing import NamedTuple

from lawalign.ingest.letters import LETTERS, char_class
from lawalign.ingest.profiles import Profile
from lawalign.models import SourceText, UnitId
from lawalign.structure.blocks import BOOK_LAWS, Block, _is_heading, text_after
from lawalign.structure.patterns import CITATION_LABEL, GREEK_SECTION_LETTERS, POINT
from lawalign.structure.refs import find_refs
from lawalign.structure.skeleton import Skeleton
from lawalign.tuning import tuned_float, tuned_int

_REF = LETTERS.reference  # a cited section's letters (data/letters/letters.toml)
_REF_GREEK = char_class(LETTERS.reference, LETTERS.greek_by_place)

# A citation, up to three words ("reads", "states that"), a colon or a comma, then the opening quotation
# mark of the quoted law text, anywhere in a paragraph: 'Law 68B1 reads: "Any statement …', 'the
# wording of L68: "Any statement …', '> 2007 Law 68D: "After any claim …'.
# A full stop right after the citation does too: '>> L70E.  "...unless an opponent …'.
QUOTE_AFTER_CITATION = re.compile(r"^(?:\s*\([^)]{0,60}\))?(?:(?:\s+[^\W\d_]+){0,3}\s*[:,]|\.)\s*[\"“„«]")
# "L68", "L68B2": the abbreviation of mailing lists and forums.
ABBREVIATED_CITATION = re.compile(rf"(?<![\w])L(\d{{1,2}}(?:[{_REF}]\d?)?)(?![\w])")
CLOSING_QUOTE = re.compile(r"[\"”»]")
# A quotation shorter than this (without spaces runs and reply markers) is a phrase, not a paragraph.
MIN_INLINE_QUOTE = tuned_int("structure.quotes", "min_inline_quote")
# An id quoted under a citation of the law alone ("Law 68 states that, …"): which of the law's
# paragraphs is quoted is a guess (its first one), flagged for review.
LAW_ONLY_CONFIDENCE = tuned_float("structure.quotes", "law_only_confidence")

# A section's heading in brackets at the end of a citation line: "Law 68B (Concession Defined):".
HEADING_IN_BRACKETS = re.compile(rf"\d[{_REF}]\s*\([^)]{{2,60}}\)\s*:\s*[\"“„«]?$")
BODY_ROLES = ("intro", "section", "chapeau", "point", "wrap")
# A paragraph introducing a quote, hard-wrapped over lines, is at most this long.
MAX_INTRO_CHARS = tuned_int("structure.quotes", "max_intro_chars")
MIN_GLUED_QUOTE_CHARS = tuned_int("structure.quotes", "min_glued_quote_chars")
MIN_REPEATED_QUOTE_CHARS = tuned_int("structure.quotes", "min_repeated_quote_chars")


def _in_book(law: str) -> bool:
    """A law of the book (1-93): what a citation in words may quote, in a skeleton or not (a law no
    skeleton holds keeps the id it is cited as)."""
    return law.isdigit() and int(law) in BOOK_LAWS


def _unit_for(target: str, skeleton: Skeleton) -> tuple[UnitId, str]:
    """The id (and role) a cited target stands for when quoted."""
    if skeleton.unit(target) is not None:
        unit = skeleton.unit(target)
        assert unit is not None
        return unit.id, unit.role
    parts = UnitId(target)
    if not parts.section and not parts.point:  # a law cited alone: its first paragraph
        first = next((u for u in skeleton.law_units(parts.law) if u.role in BODY_ROLES), None)
        if first is not None:
            return first.id, first.role
        return UnitId.of(parts.law, suffix="intro"), "intro"
    if parts.section and not parts.point:  # a section that has no text of its own: its first point
        point = next(
            (u for u in skeleton.law_units(parts.law) if u.section == parts.section and u.role == "point"),
            None,
        )
        if point is not None:
            return point.id, point.role
    return parts, "point" if parts.point else "section"


def find_quotes(
    blocks: Sequence[Block], profile: Profile, skeleton: Skeleton, source: SourceText | None = None
) -> tuple[list[Block], dict[int, tuple[UnitId, str]]]:
    """Quoted law paragraphs of a commentary page: the blocks as read (a citation's label split off
    the quote it stands in front of, a citation line recorded as commentary) and block index → (id,
    role). No quotes, and the blocks as given, when the page has a law heading or printed section
    labels (then the law is printed, not quoted).

    With ``source``, a quotation opened after a citation inside a paragraph (commentary, a quoted
    reply) is cut out of it at line boundaries first: the blocks returned are then renumbered.
    """
    blocks = list(blocks)
    live = [b for b in blocks if b.kind != "debris"]
    # a letter inferred for a numbered heading (structure/blocks.py) is no printed section label
    printed = [b for b in live if b.printed_letter]
    if any(b.kind == "law" for b in live) or any(b.kind in ("heading", "text") for b in printed):
        return blocks, {}
    out: dict[int, tuple[UnitId, str]] = {}
    if source is not None:
        blocks = _cut_inline_quotes(blocks, source, profile, skeleton, out)
    blocks = _heading_citations(blocks, skeleton, out)
    blocks = _citation_lines(blocks, profile, skeleton, out)
    live = [b for b in blocks if b.kind != "debris" or b.index in out]
    labelled: dict[int, Block] = {}  # quotes whose citation label was split off: index → the block so read
    for k, b in enumerate(live):
        if b.index in out:
            continue
        m = CITATION_LABEL.match(b.raw)
        if m and m["gid"] and UnitId(m["gid"]).law not in skeleton.laws:
            m = None  # "4H from E": a contract, not an id glued in front of a quote
        rest = b.raw[m.end() :] if m else ""
        if m and (len(rest) > MIN_GLUED_QUOTE_CHARS or _repeats_quote(rest, m["id"] or m["gid"], live, out)):
            uid, role = _unit_for(m["id"] or m["gid"], skeleton)
            parts = uid
            point = POINT.match(b.raw[m.end() :])
            if point and parts.section and not parts.point and skeleton.unit(uid + point["num"]):
                # 'Law 70B: 1. The director requires …': the section cited, its point quoted
                uid, role = UnitId.of(parts.law, parts.section, int(point["num"])), "point"
            b = live[k] = labelled[b.index] = replace(
                b, kind="text", label=m["label"].rstrip(), text=b.raw[m.end() :]
            )
            out[b.index] = (uid, role)
            first = parts.section_id if parts.section else uid
            _continue_points(live, k, first, out, skeleton)
            continue
        intro = _one_paragraph(b.raw) and re.search(r":\s*[\"“„«]?$", b.raw.strip())
        cites = _citations(b.raw, profile) if intro else []
        if cites and k + 1 < len(live) and live[k + 1].kind in ("text", "point") and live[k + 1].sentences:
            uid, role = _unit_for(cites[-1].target, skeleton)
            nxt = live[k + 1]
            if nxt.kind == "point":
                cited = UnitId(cites[-1].target)
                if cited.section and not cited.point and nxt.number == 1 and _cites_last(b.raw, cites):
                    # "Law 16B says, in relevant parts:" then "1. (a) …": the section's points quoted
                    _continue_points(live, k, cited.section_id, out)
                continue  # otherwise a list after the colon: the author's, not one quoted paragraph
            out[nxt.index] = (uid, role)
            parts = uid
            if parts.section and not parts.point and HEADING_IN_BRACKETS.search(b.raw):
                # "Law 68B (Concession Defined):": the citation line carries the section's heading
                out[b.index] = (UnitId.of(parts.law, parts.section, suffix="title"), "heading")
            _continue_points(live, k + 1, uid, out, skeleton)
    if labelled:
        blocks = [labelled.get(b.index, b) for b in blocks]
    _prose_citations(blocks, profile, skeleton, out)
    _quoted_footnotes(blocks, skeleton, out)
    return blocks, out


def _quoted_footnotes(blocks: list[Block], skeleton: Skeleton, out: dict[int, tuple[UnitId, str]]) -> None:
    """The paragraph right after a quoted unit that cites what the unit's footnote cites is that
    footnote, quoted with it: "For the purposes of Laws 70 and 71, normal includes …" after 70E1."""
    from lawalign.structure.ids import cites_as

    for b, nxt in pairwise(blocks):
        unit = skeleton.unit(out[b.index][0]) if b.index in out else None
        marked = nxt.kind == "footnote"  # "* For the purposes of …": its marker printed too
        unmarked = not nxt.label and nxt.kind in ("text", "heading")
        if unit is None or nxt.index in out or not (marked or unmarked):
            continue
        for fid in unit.footnotes:
            note = skeleton.unit(fid)
            if note is not None and cites_as(nxt, note):
                out[nxt.index] = (note.id, "footnote")
                break


# After the forums' abbreviated citation, a caption ends at once: "L70E1:", "TFLB, L70E1, said:"; a
# sentence that goes on ("L68D applies if:") introduces the author's own list, not a quote.
CAPTION_END = re.compile(r"\s*,?\s*(?:[^\W\d_]+)?\s*:\s*[\"“„«]?\s*$")


# After the citation that introduces a list, a few words at most, then the colon ("Law 16B says, in
# relevant parts:"); a sentence that goes on ("… of Law 79C a contestant may withdraw his agreement:")
# is the law's own text citing another law, and its list is its own.
CITATION_THEN_COLON = re.compile(r"^(?:,?\s*[^\W\d_]+){0,4}\s*:\s*$")


class _Citation(NamedTuple):
    """A citation of a law of the book in an introduction to a quote."""

    target: str  # the cited id, "70E1"
    start: int
    end: int
    in_words: bool  # "Law 70E1", "§ 68A" (False: the forums' abbreviation "L70E1")


def _cites_last(text: str, cites: list[_Citation]) -> bool:
    """The introduction ends right after its last citation in words (``CITATION_THEN_COLON``)."""
    words = [c for c in cites if c.in_words]
    return bool(words) and CITATION_THEN_COLON.match(" ".join(text[words[-1].end :].split())) is not None


def _citations(text: str, profile: Profile) -> list[_Citation]:
    """What an introduction to a quote cites, in order: citations in words ("Law 70E1", "§ 68A")
    and the forums' abbreviation when it ends the caption ("TFLB L70E1 said:"); laws of the book.

    >>> from lawalign.ingest.profiles import load_profile
    >>> en = load_profile("en")
    >>> [c.target for c in _citations("TFLB, L70E1, said:", en)], _citations("L68D applies if:", en)
    (['70E1'], [])
    """
    refs = find_refs(text, profile.lang, profile=profile)
    cites = [_Citation(r.target, r.start, r.end, True) for r in refs if r.kind == "external"]
    cites += [
        _Citation(m[1], m.start(), m.end(), False)
        for m in ABBREVIATED_CITATION.finditer(text)
        if CAPTION_END.match(text[m.end() :])
    ]
    return [c for c in sorted(cites, key=lambda c: (c.start, c.target)) if _in_book(UnitId(c.target).law)]


def _inline_quote(text: str, profile: Profile, skeleton: Skeleton) -> tuple[str, int, int, int] | None:
    """The first quotation a citation opens in ``text``: (cited id, citation start, quote start, quote
    end), offsets in ``text``; None when there is none or it is too short to be a paragraph."""
    refs = find_refs(text, profile.lang, profile=profile)
    cites = [(r.target, r.start, r.end) for r in refs if r.kind == "external"]
    cites += [(m[1], m.start(), m.end()) for m in ABBREVIATED_CITATION.finditer(text)]
    for target, start, end in sorted(cites, key=lambda c: c[2]):
        if not _in_book(UnitId(target).law):
            continue
        m = QUOTE_AFTER_CITATION.match(text[end:])
        if m is None:
            continue
        begin = end + m.end()
        close = CLOSING_QUOTE.search(text, begin)
        stop = close.end() if close else len(text)
        words = re.sub(r"(?m)^\s*(?:>\s?)+", "", text[begin:stop])
        if len(re.sub(r"\s+", " ", words).strip()) >= MIN_INLINE_QUOTE:
            return target, start, begin, stop
    return None


def _cut_inline_quotes(
    blocks: list[Block],
    source: SourceText,
    profile: Profile,
    skeleton: Skeleton,
    out: dict[int, tuple[UnitId, str]],
) -> list[Block]:
    """The blocks with every quotation opened after a citation inside a paragraph cut out at line
    boundaries into a block of its own, recorded in ``out`` under its cited id; renumbered."""
    lines = source.lines
    result: list[Block] = []
    renumber: dict[int, int] = {}
    for b in blocks:
        renumber[b.index] = len(result)
        found = (
            None
            if b.kind in ("law", "footnote") or b.reason == "mail-header" or CITATION_LABEL.match(b.raw)
            else _inline_quote(b.raw, profile, skeleton)
        )
        if found is None:
            # the blocks after a cut move down: no two share an index
            result.append(replace(b, index=len(result)))
            continue
        target, cite, begin, stop = found

        def line_of(offset: int, b: Block = b) -> int:
            return max(i for i in range(b.first_line, b.last_line + 1) if lines[i].offset <= b.start + offset)

        first, last = line_of(cite), line_of(max(stop - 1, begin))
        parts = [(b.first_line, first - 1), (first, last), (last + 1, b.last_line)]
        for a, z in parts:
            if a > z:
                continue
            start = max(b.start, lines[a].offset)
            end = min(b.end, lines[z].offset + len(lines[z].text.rstrip()))
            part = replace(
                b,
                index=len(result),
                first_line=a,
                last_line=z,
                start=start,
                end=end,
                raw=source.text[start:end],
            )
            if not part.raw.strip():
                continue
            if (a, z) == (first, last):
                uid, role = _unit_for(target, skeleton)
                label = part.raw[: b.start + begin - part.start - 1] if b.start + cite == part.start else ""
                part = replace(
                    part,
                    kind="text",
                    reason="",
                    label=label.rstrip(),
                    text=text_after(part.raw, label),
                    # a quote under a citation of the law alone: which of its paragraphs is a guess
                    quote_law=not UnitId(target).section,
                )
                out[part.index] = (uid, role)
            else:
                # the paragraph's own label stays on its first part
                label = b.label if part.kind != "debris" and a == b.first_line else ""
                part = replace(part, label=label, text=text_after(part.raw, label))
            result.append(part)
    return [
        replace(b, duplicate_of=renumber.get(b.duplicate_of)) if b.duplicate_of is not None else b
        for b in result
    ]


# A line citing a section and printing its heading: "Law 74B: Etiquette", "Law 70C - There Is an
# Outstanding Trump", "LAW 70C (There Is an Outstanding Trump)", "70C There Is an Outstanding Trump";
# cited with a law word, a point of the section too ("Law 73C1. Player Receives Unauthorized
# Information from Partner": the section's heading, and the point quoted under it);
# a Greek capital is the section of its place in the alphabet ("Νόμος 70Γ - …" is 70C).
HEADING_CITATION = re.compile(
    rf"""^(?P<label>(?P<word>(?:[^\W\d_]{{2,12}}\.?|§)\s*)?(?P<id>\d{{1,2}}[{_REF_GREEK}](?(word)\d?))(?![\w])\s*[:.\-–—]?\s*)
        (?P<open>\()?(?P<rest>[^\W\d_][^()]*?)(?(open)\))\s*$""",
    re.X,
)


def _heading_citations(
    blocks: list[Block], skeleton: Skeleton, out: dict[int, tuple[UnitId, str]]
) -> list[Block]:
    """A line citing a section and printing its heading (``HEADING_CITATION``) right above a paragraph
    of text: that paragraph is the section quoted, the line its heading (also when the line was taken
    for a menu entry naming a law). A law cited alone with a title ("Law 70: Contested Claims") heads
    the page; a bare id must be a law of the skeleton ("4H There …" is a contract). Returns the
    blocks with those lines read as headings."""
    blocks = list(blocks)
    for k in range(len(blocks) - 1):
        b, nxt = blocks[k], blocks[k + 1]
        if b.index in out or not (b.kind in ("heading", "text") or b.reason == "navigation"):
            continue
        m = HEADING_CITATION.match(b.raw.strip())
        if not (m and _is_heading(m["rest"]) and _quotable(nxt, out)):
            continue
        cited = m["id"].translate(GREEK_SECTION_LETTERS)
        if not m["word"] and UnitId(cited).law not in skeleton.laws:
            continue
        uid, role = _unit_for(cited, skeleton)
        parts = uid
        out[nxt.index] = (uid, role)
        blocks[k] = replace(
            b, kind="heading", reason="", label=m["label"].rstrip(), text=b.raw.strip()[m.end("label") :]
        )
        out[b.index] = (UnitId.of(parts.law, parts.section, suffix="title"), "heading")
        live = [x for x in blocks if x.kind != "debris"]
        _continue_points(live, live.index(nxt), parts.section_id, out)
    return blocks


# A line that is a citation and nothing else: "Law 7A", "Law 40B2(b)", "§ 16B1:".
CITATION_LINE = re.compile(
    rf"^(?P<word>[^\W\d_]{{2,12}}\.?|§)\s*(?P<id>\d{{1,2}}[{_REF}]\d{{0,2}})(?:\s*\((?P<sub>[a-z])\))?\s*[:.]?$"
)


def _citation_lines(
    blocks: list[Block], profile: Profile, skeleton: Skeleton, out: dict[int, tuple[UnitId, str]]
) -> list[Block]:
    """A line holding only a citation in words, with the profile's law word ("Law 7A", "Law
    40B2(b)"), right above a paragraph of text not yet placed: that paragraph is the unit cited (a
    sub-point cited so when the paragraph prints its letter, "(b) Unless …"); the line stays debris.
    Returns the blocks with those lines recorded as commentary."""
    words = {k.casefold() for k in profile.law_keywords} | {"§"}
    blocks = list(blocks)
    for k in range(len(blocks) - 1):
        b, nxt = blocks[k], blocks[k + 1]
        if b.index in out or nxt.index in out or b.kind == "law":
            continue
        m = CITATION_LINE.match(b.raw.strip())
        if not (m and m["word"].rstrip(".").casefold() in words and _in_book(UnitId(m["id"]).law)):
            continue
        sub = m["sub"] or ""
        if nxt.kind != "text" or not nxt.sentences or nxt.sub != sub or (nxt.label and not sub):
            continue
        cited = UnitId(m["id"])
        out[nxt.index] = (cited.with_parts(sub=sub), "sub-point") if sub else _unit_for(m["id"], skeleton)
        if b.kind != "debris":
            blocks[k] = replace(b, kind="debris", reason="commentary")
    return blocks


def _quotable(b: Block, out: dict[int, tuple[UnitId, str]]) -> bool:
    """A paragraph of text not yet placed, with sentences: what a citation line can introduce."""
    return b.kind == "text" and b.index not in out and bool(b.sentences) and not b.label


def _one_paragraph(raw: str) -> bool:
    """One line, or a short paragraph hard-wrapped over a few lines (an introduction to a quote)."""
    return "\n" not in raw.strip() or len(raw) <= MAX_INTRO_CHARS


def _repeats_quote(rest: str, target: str, live: list[Block], out: dict[int, tuple[UnitId, str]]) -> bool:
    """A short text after a citation label that starts a paragraph quoted earlier under the same label:
    the quote repeated in a reply and cut short by the end of the page ("70D1 The Dir")."""
    rest = rest.strip()
    return len(rest) >= MIN_REPEATED_QUOTE_CHARS and any(
        x.index in out and target in x.label and x.text.startswith(rest) for x in live
    )


# "the relevant Law is no.70 … Section C is titled … This states:": a law number after a law word,
# a section word and letter, in an introduction the author writes in prose.
PROSE_LAW = r"(?:{keywords})\b\D{{0,12}}?(?<!\d)(\d{{1,2}})(?!\d)"


def _prose_citations(
    blocks: list[Block], profile: Profile, skeleton: Skeleton, out: dict[int, tuple[UnitId, str]]
) -> None:
    """A paragraph of commentary ending in a colon that names a law and one of its sections in prose
    introduces a quote of that section: the next paragraph, and unlabelled paragraphs after it as the
    section's points when the section is a chapeau ("… if:" then the conditions)."""

    keywords = "|".join(re.escape(k) for k in profile.law_keywords) or "Law"
    law_word = re.compile(PROSE_LAW.format(keywords=keywords), re.I)
    for k, b in enumerate(blocks[:-1]):
        text = " ".join(b.raw.split())
        if b.reason != "commentary" or not _one_paragraph(b.raw) or not re.search(r":\s*[\"“„«]?$", text):
            continue
        laws = [m[1] for m in law_word.finditer(text) if m[1] in skeleton.laws]
        refs = find_refs(text, profile.lang, profile=profile)
        sections = [r.target for r in refs if r.kind == "internal" and r.target.isalpha()]
        if len(set(laws)) != 1 or len(set(sections)) != 1:
            continue
        unit = skeleton.unit(UnitId.of(laws[0], sections[0]))
        after = [x for x in blocks[k + 1 :] if x.kind != "debris"]
        if unit is None or not after or after[0].kind != "text" or after[0].index in out:
            continue
        out[after[0].index] = (unit.id, unit.role)
        if unit.role != "chapeau":
            continue
        points = [u for u in skeleton.units if u.law == unit.law and u.section == unit.section and u.point]
        for x, u in zip(after[1:], points, strict=False):
            if (
                x.kind != "text"
                or x.letter
                or x.index in out
                or x.index != after[0].index + 1 + points.index(u)
            ):
                break
            out[x.index] = (u.id, "point")


def _continue_points(
    live: list[Block],
    k: int,
    uid: UnitId,
    out: dict[int, tuple[UnitId, str]],
    skeleton: Skeleton | None = None,
) -> None:
    """Numbered points right after a quoted section are that section's points ("70C" → 70C1, 70C2);
    after a law's own text, the law's points when it has points of its own (2007 Law 71: 71.1, 71.2)."""
    parts = uid
    if parts.point:
        return
    if not parts.section and (skeleton is None or skeleton.unit(UnitId.of(parts.law, point=1)) is None):
        return
    for b in live[k + 1 :]:
        if b.kind != "point" or b.index in out:
            break
        if b.sub and parts.section:  # "1. (a) …": the point's first sub-point (16B1a)
            out[b.index] = (UnitId.of(parts.law, parts.section, b.number, sub=b.sub), "sub-point")
        else:
            out[b.index] = (UnitId.of(parts.law, parts.section, b.number), "point")
