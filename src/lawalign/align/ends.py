"""False sentence ends: where a sentence list was split inside a sentence.

A sentence splitter (or whoever prepared a one-sentence-per-line file) ends a sentence at every full
stop it does not recognise as an abbreviation, and at colons and semicolons when it is told to. Two
kinds of break are not sentence ends in any language written with these marks:

- a break after an **initial**: one capital letter, or a capital and one small letter
  (``Ch``, ``Th``), alone before the full stop, e.g. ``Leiter Ch . | Evans , …`` or ``durch B.M . |
  Abalakow``. The single letters ``I``, ``V`` and ``X`` are left out: they are Roman numerals as often
  as initials (``Lager V .``);
- a break inside an **open bracket**: the line ends inside a ``(`` or ``[`` it opened, e.g.
  ``( London : | Collins 1956 ) .`` or ``Arthaud ) , … Fassung ( Zürich : | Orell Füssli 1956 ) …``
  (a closing bracket with none open on the line closes one of an earlier line); a sentence does
  not end before its bracket closes. Unless the
  next line starts by closing it: then a sentence ended inside the brackets
  (``( … Stoughton 1955 . | ) 13. L'année …``) and the break is that sentence's end.

When one side of a bead boundary sits on such a break and the other side on a real sentence end,
the boundary cuts one side's sentence in two while the other side's sentence stays whole: the
aligner charges it (:class:`~lawalign.align.sentalign.AlignConfig`'s ``false_end_charge``). When
both sides break at the same false end (``capt . | Banks`` on both), the two halves are still two
beads, as a human aligner keeps them.

Boundary classes of a sequence of units (sentences or clause fragments), one per position
``0 … n`` (before unit ``x``): :data:`INNER` inside a sentence (fragments only), :data:`END` a real
sentence end (and both ends of the document), :data:`FALSE_END` a false one.

>>> false_ends(["Leiter Ch .", "Evans , Band .", "( London :", "Collins 1956 ) .", "Lager V ."]).tolist()
[True, False, True, False, False]
>>> boundary_classes(np.array([True, False])).tolist()
[1, 2, 1]
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

INNER, END, FALSE_END = 0, 1, 2

_LAST_TOKEN = re.compile(r"(\S+?)\s?\.$")
_INITIALS = re.compile(r"(?:[^\W\d_]\.)*[^\W\d_][^\W\d_]?")
_NUMERALS = frozenset("IVX")


def _initial(text: str) -> bool:
    """The text ends with an initial (``Ch .``, ``B.M .``, ``J.``), not with a word."""
    match = _LAST_TOKEN.search(text)
    if match is None:
        return False
    token = match.group(1)
    if not _INITIALS.fullmatch(token) or not token[0].isupper() or token in _NUMERALS:
        return False
    last = token.rsplit(".", 1)[-1]
    return len(last) == 1 or (last[0].isupper() and last[1].islower())


def false_end(line: str, following: str = "") -> bool:
    """True when ``line`` (one sentence as split) stops where no sentence can end, ``following``
    being the next line.

    >>> false_end("Erstersteigung 1933 durch B.M ."), false_end("Sherpa Nr. 12 ( Himalayan Club :")
    (True, True)
    >>> false_end("Die neue Kote ist jedoch 8222 m."), false_end("Er kam nach Lager I .")
    (False, False)
    >>> false_end("( The Abominable Snowman , London 1955 .", ") 13. Im Jahre 1955 …")
    False
    """
    text = line.strip()
    if not text:
        return False
    if _open_at_end(text):
        return not following.lstrip().startswith((")", "]"))
    return _initial(text)


def _open_at_end(text: str) -> bool:
    """The text ends inside a bracket it opened itself.

    >>> _open_at_end("a ( b"), _open_at_end("a ) , b ( c"), _open_at_end("a ( b ) c"), _open_at_end("a ) b")
    (True, True, False, False)
    """
    depth = 0
    for char in text:
        if char in "([":
            depth += 1
        elif char in ")]":
            depth = max(0, depth - 1)
    return depth > 0


def false_ends(sentences: Sequence[str]) -> np.ndarray:
    """(n,) whether each sentence's end is a false one (:func:`false_end`); the last never is."""
    following = [*sentences[1:], ""] if sentences else []
    out = np.array([false_end(s, f) for s, f in zip(sentences, following, strict=True)], dtype=bool)
    if len(out):
        out[-1] = False
    return out


def boundary_classes(ends: np.ndarray, owner: np.ndarray | None = None) -> np.ndarray:
    """(units + 1,) class of every position between units (:data:`INNER`, :data:`END`, :data:`FALSE_END`).

    Args:
        ends: (n,) :func:`false_ends` of the sentences.
        owner: (F,) the sentence of every unit when the units are fragments (non-decreasing, every
            sentence present); ``None`` when the units are the sentences themselves.

    >>> boundary_classes(np.array([True, False]), np.array([0, 0, 1])).tolist()
    [1, 0, 2, 1]
    """
    if owner is None:
        owner = np.arange(len(ends))
    units = len(owner)
    out = np.full(units + 1, END, dtype=np.int8)
    if units > 1:
        same = owner[1:] == owner[:-1]
        out[1:units] = np.where(same, INNER, np.where(ends[owner[:-1]], FALSE_END, END))
    return out


def pair_classes(
    src: Sequence[str], tgt: Sequence[str], owners: tuple[np.ndarray, np.ndarray] | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`boundary_classes` of both sides of a document pair, from their sentences (the ``ends=``
    of :func:`~lawalign.align.sentalign.align_overlaps`); ``owners`` when the units are fragments.

    >>> [c.tolist() for c in pair_classes(["Leiter Ch .", "Evans ."], ["Chef Ch.Evans ."])]
    [[1, 2, 1], [1, 1]]
    """
    src_owner, tgt_owner = owners if owners is not None else (None, None)
    return boundary_classes(false_ends(src), src_owner), boundary_classes(false_ends(tgt), tgt_owner)


def mismatched(src: np.ndarray, tgt: np.ndarray) -> np.ndarray:
    """Where a bead boundary at positions (``src``, ``tgt``) ends a sentence on one side only at a
    false end: both sides at a sentence boundary, of different classes.

    >>> mismatched(np.array([1, 2, 2, 0]), np.array([2, 2, 1, 2])).tolist()
    [True, False, True, False]
    """
    out: np.ndarray = (src != INNER) & (tgt != INNER) & (src != tgt)
    return out


__all__ = [
    "END",
    "FALSE_END",
    "INNER",
    "boundary_classes",
    "false_end",
    "false_ends",
    "mismatched",
    "pair_classes",
]
