"""The printed outline of a law against a skeleton: which edition's structure does the text print?

Editions of the Laws differ in their outline as much as in their words: the 1997 Law 70 prints
sub-headings on the points of B and C and has D and E without points; 2007 splits D into three
points and E into two; 2017 has two points in D and lettered sections in Law 71. What an edition
*prints* (section letters, point numbers, a heading on a point) is evidence of its source edition
that no amount of unlabelled text can outweigh, so the edition choice
(:func:`lawalign.structure.segment.segment_best`) weighs it beside the fit of the alignment.

Only printed labels count, each once, in the law the segment holds:

- a printed section letter: +1 when the skeleton's law has that section, else -1;
- a printed point number under a printed section: +1 when the skeleton has that point, else -1;
  a heading printed with a point number ("1. Require Claimer to Repeat Statement") counts the same
  way against a heading of that point (``70B1.title``);
- a section closed by the next printed letter: without any printed point, +1 when the skeleton's
  section has no points either, -1 when it has some; with points, -1 when its last printed point
  is below the skeleton's last (2007 70D has three points, 2017 two), else +1.

A letter that goes back (a second "A." after "D.") starts another law: counting stops there, as
the law a segment holds beyond its first is not known by its labels.

>>> from lawalign.structure.skeleton import load_skeleton
>>> from lawalign.structure.blocks import Block
>>> def blk(kind, letter="", number=0):
...     return Block(0, 0, 0, 0, 0, "", kind=kind, text="x", letter=letter, number=number)
>>> body = [blk("heading", "C"), blk("text"), blk("heading", "D"), blk("text"), blk("heading", "E")]
>>> [outline_evidence(body, load_skeleton(e), "70").score for e in ("1997", "2007")]
[3, 1]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lawalign.structure.blocks import Block
from lawalign.structure.skeleton import Skeleton


@dataclass(frozen=True, slots=True)
class Outline:
    """How a law's printed labels agree with one skeleton.

    Attributes:
        score: agreements minus disagreements.
        agree: printed labels the skeleton has.
        disagree: plain-English notes on printed labels (or their absence) the skeleton contradicts.
    """

    score: int = 0
    agree: int = 0
    disagree: tuple[str, ...] = ()


def outline_evidence(body: Sequence[Block], skeleton: Skeleton, law: str) -> Outline:
    """Compare the labels a law segment prints with the skeleton's outline of ``law``.

    Args:
        body: the segment's body blocks in order (headings, text, points; footnotes are ignored).
        skeleton: the candidate reference edition.
        law: the law the segment holds under this skeleton.

    Returns:
        The agreements, the disagreements in words, and their balance.
    """
    units = skeleton.law_units(law)
    if not units:
        return Outline()
    sections = {u.section for u in units if u.section}
    points = {(u.section, u.point) for u in units if u.role == "point"}
    point_heads = {(u.section, u.point) for u in units if u.role == "heading" and u.point}
    with_points = {s for s, _ in points}
    agree = 0
    notes: list[str] = []
    current = ""
    seen_point = False
    last_point = 0

    def close(section: str) -> None:
        nonlocal agree
        if seen_point:
            most = max((p for s, p in points if s == section), default=0)
            if last_point < most:
                notes.append(
                    f"{law}{section} printed with points up to {last_point} ({skeleton.edition} has {most})"
                )
            elif most:
                agree += 1
            return
        if section in with_points:
            notes.append(f"{law}{section} printed without points ({skeleton.edition} has points there)")
        else:
            agree += 1

    for b in body:
        if b.kind in ("heading", "text") and b.letter and not b.number:
            if current and b.letter <= current:
                break  # a letter going back: the next law, whose heading was lost
            if current:
                close(current)
            current, seen_point, last_point = b.letter, False, 0
            if b.letter in sections:
                agree += 1
            else:
                notes.append(f"{law}{b.letter} printed ({skeleton.edition} has no section {b.letter})")
        elif current and b.number and b.kind in ("point", "heading"):
            seen_point, last_point = True, b.number
            key = (current, b.number)
            if b.kind == "heading":
                if key in point_heads:
                    agree += 1
                else:
                    notes.append(
                        f"{law}{current}{b.number} printed with a heading of its own "
                        f"({skeleton.edition} has none)"
                    )
            elif key in points:
                agree += 1
            else:
                notes.append(f"{law}{current}{b.number} printed ({skeleton.edition} has no such point)")
    return Outline(agree - len(notes), agree, tuple(notes))
