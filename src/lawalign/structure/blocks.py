"""Pre-parse: normalized lines → classified blocks (paragraphs), with debris marked.

A block is one paragraph of the source with its printed label split off. Classification looks only
at the block's own text and the profile; deciding ids is the job of ``ids.py``.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Literal

from lawalign.ingest.normalize import fold_label
from lawalign.ingest.profiles import Profile
from lawalign.models import SourceText
from lawalign.structure.patterns import (
    BULLET,
    IN_TEXT_MARKER,
    POINT,
    SECTION,
    SEPARATOR,
    count_sentences,
    patterns_for,
)

BlockKind = Literal["law", "heading", "point", "text", "footnote", "debris"]

# A heading is short and does not end like a sentence.
MAX_HEADING_CHARS = 120
MAX_LAW_HEADING_CHARS = 200


@dataclass(slots=True)
class Block:
    """One paragraph: where it is, its printed label, what it looks like."""

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
    letter: str = ""  # printed section letter, folded to Latin
    number: int = 0  # printed point number
    marker: str = ""  # footnote line marker as printed
    markers: tuple[str, ...] = ()  # in-text footnote markers
    refs: tuple[str, ...] = ()  # external cross-reference targets found in the text
    sentences: int = 0
    reason: str = ""  # debris reason
    duplicate_of: int | None = None  # index of the block this one repeats
    extra: dict[str, str] = field(default_factory=dict)


def _comparable(text: str) -> str:
    """Text as compared for repeats: case-folded, spaces collapsed, trailing punctuation dropped."""
    text = unicodedata.normalize("NFC", text).casefold()
    text = re.sub(r"\s+", " ", text).strip()
    return text.rstrip(" .;:,!?…")


def split_blocks(source: SourceText, profile: Profile) -> list[Block]:
    """Group non-empty lines into paragraphs.

    Where the text separates paragraphs with blank lines, the lines of a group are one paragraph
    unless a line starts with a structural label; where it uses no blank lines, each line is one.
    """
    pats = patterns_for(profile)
    lines = source.lines
    blank_separated = sum(1 for ln in lines if not ln.text.strip()) >= 2

    def starts_unit(text: str) -> bool:
        t = text.lstrip()
        return bool(
            POINT.match(t)
            or SECTION.match(t)
            or BULLET.match(t)
            or pats.footnote.match(t)
            or pats.law_heading.match(t)
            or SEPARATOR.match(t)
            or any(p.match(t.strip()) for p in pats.debris)
        )

    groups: list[tuple[int, int]] = []
    for i, ln in enumerate(lines):
        if not ln.text.strip():
            continue
        joinable = (
            blank_separated
            and groups
            and groups[-1][1] == i - 1
            and not starts_unit(ln.text)
            and not SEPARATOR.match(lines[i - 1].text)
        )
        if joinable:
            groups[-1] = (groups[-1][0], i)
        else:
            groups.append((i, i))

    blocks = []
    for n, (a, b) in enumerate(groups):
        first, last = lines[a], lines[b]
        lead = len(first.text) - len(first.text.lstrip())
        start = first.offset + lead
        end = last.offset + len(last.text.rstrip())
        blocks.append(
            Block(index=n, start=start, end=end, first_line=a, last_line=b, raw=source.text[start:end])
        )
    return blocks


def _split_label(block: Block, label: str) -> None:
    block.label = label
    block.text = block.raw[len(label) :].lstrip()


def classify_blocks(blocks: list[Block], profile: Profile, find_refs: object | None = None) -> None:
    """Set kind, label, law/letter/number and markers of each block, in place."""
    pats = patterns_for(profile)
    for b in blocks:
        raw = b.raw
        b.text = raw
        if SEPARATOR.match(raw):
            b.kind, b.reason = "debris", "separator"
        elif any(p.match(raw.strip()) for p in pats.debris):
            b.kind, b.reason = "debris", "chrome"
        elif (m := pats.law_heading.match(raw)) and _is_law_heading(m["rest"], raw):
            b.kind, b.law = "law", m["num"]
            _split_label(b, m["label"])
        elif m := pats.footnote.match(raw):
            b.kind, b.marker = "footnote", m["marker"]
            _split_label(b, m["label"])
        elif m := POINT.match(raw):
            b.kind, b.number = "point", int(m["num"])
            _split_label(b, m["label"])
        elif (m := SECTION.match(raw)) and _looks_like_label_letter(m["rest"]):
            b.letter = fold_label(m["letter"])  # a Cyrillic "С." label is section C
            b.kind = "heading" if _is_heading(m["rest"]) else "text"
            _split_label(b, m["label"])
        elif (m := BULLET.match(raw)) and _is_heading(m["rest"]):
            b.kind = "heading"
            _split_label(b, m["label"])
        else:
            b.kind = "text"
        if b.kind in ("text", "point", "footnote", "heading"):
            b.markers = tuple(m.group(0) for m in IN_TEXT_MARKER.finditer(b.text))
            b.sentences = count_sentences(b.text)


def _looks_like_label_letter(rest: str) -> bool:
    # "A. Claim Defined" is a label; "A player who ..." is not (no full stop after the letter anyway),
    # but "C. S. Lewis said" would be: require the rest not to start with another "X." initial.
    return not re.match(r"^[A-ZА-Я]\.\s", rest)


def _is_heading(rest: str) -> bool:
    rest = rest.strip()
    return (
        0 < len(rest) <= MAX_HEADING_CHARS and not re.search(r"[.;:!?…,]$", rest) and len(rest.split()) <= 14
    )


def _is_law_heading(rest: str, raw: str) -> bool:
    rest = rest.strip()
    if len(raw) > MAX_LAW_HEADING_CHARS or "\n" in rest:
        return False
    if not rest:
        return True
    # A heading's title has no sentence inside it: no full stop followed by more words.
    return not re.search(r"[.!?;]\s+\S", rest) and not rest[0].islower()


def mark_repeats(blocks: list[Block]) -> None:
    """Mark a block that repeats an earlier law heading or footnote, or the block just before it."""
    seen: dict[str, int] = {}
    previous: Block | None = None
    for b in blocks:
        if b.kind == "debris":
            continue
        key = _comparable(b.raw)
        if len(key) >= 8:
            original = seen.get(key)
            repeats_previous = previous is not None and _comparable(previous.raw) == key
            if original is not None and (repeats_previous or b.kind in ("law", "footnote", "heading")):
                reason = {
                    "law": "duplicate-heading",
                    "heading": "duplicate-heading",
                    "footnote": "duplicate-footnote",
                }
                b.reason = reason.get(b.kind, "duplicate-text")
                b.kind, b.label, b.text = "debris", "", b.raw
                b.duplicate_of = original
                continue
            seen.setdefault(key, b.index)
        previous = b
