"""Sentence alignment through clause fragments: align the pieces, report sentence beads.

Translators move half a sentence into the next one, split at a colon or semicolon the other side
keeps, or join two sentences with a comma. Sentence embeddings do not see where the content went
(a gold 2-2 whose first sentence lost a clause to the second reads as two passable 1-1s), but the
pieces do: every sentence is cut at ``, ; :`` (and ``，；：``), before `` - `` and around parentheses
(:func:`split_fragments`, pieces shorter than :data:`MIN_CHARS` joined to their neighbour), the
fragments of both documents are aligned by :func:`~lawalign.align.sentalign.align_overlaps` exactly
as sentences would be (overlap vectors of up to three fragments, margin score, calibrated skip,
number agreement), and the fragment path is read back as sentence beads (:func:`project_beads`): a
bead ends wherever the path passes a sentence boundary on both sides at once, so a clause aligned
across a sentence boundary joins the two sentences into one bead, and a sentence whose fragments
are all deleted is a deletion. Sentences without inner punctuation are one fragment, and the method
is then the sentence aligner.

On the Bleualign dev document strict F1 rises from 0.886 (sentences) to 0.918 (``docs/align.md``).
The cost is encoding: about 2.3 fragments per sentence there, every run of up to three embedded.

>>> split_fragments("Um 16 Uhr standen sie am Fusse des Turmes , und hinter ihm erschien der Gipfel .")
['Um 16 Uhr standen sie am Fusse des Turmes ,', 'und hinter ihm erschien der Gipfel .']
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from lawalign.align.embed import Embedder
from lawalign.align.features import PairFeatures, features_of
from lawalign.align.sentalign import AlignConfig, embed_overlaps
from lawalign.models import Bead

MIN_CHARS = 20
"""Fragments shorter than this (characters) are joined to the previous one (the last to its
predecessor): a lone "Zürich :" or "( 4 )" carries too little meaning to be aligned alone. Set
before measuring; on the Bleualign dev document 10 / 15 / 20 / 25 / 30 / 40 give strict F1
0.868 / 0.902 / 0.918 / 0.923 / 0.913 / 0.909 (whole sentences 0.886)."""

FRAGMENT_CONFIG = AlignConfig(max_size=4)
"""Fragment beads up to 4 pieces of both sides (1-3, 2-2, 3-1): sentence beads can still be larger,
as consecutive fragment beads that share a sentence make one sentence bead."""

_CUT = re.compile(r"(?<=[,;:])\s+|(?<=[，；：])\s*|\s+(?=[-–—]\s)|\s+(?=\()|(?<=\))\s+")
"""Where a sentence is cut: after a comma, semicolon or colon and a space, or after their full-width
forms (Chinese and Japanese print no space after them), before a spaced dash, around parentheses.
The ideographic comma ``、`` is not a cut: Chinese writes it between the items of a list (Japanese
uses it as its clause comma too; not measured, no Japanese gold)."""


def width(text: str) -> int:
    """Display columns of ``text``: a wide or full-width character (Chinese, Japanese, Korean) counts
    two, as a terminal shows it, so :data:`MIN_CHARS` means about the same amount of meaning in any
    script (a Chinese character carries about a Latin word's half).

    >>> width("Zürich :"), width("北京很大，")
    (8, 10)
    """
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def split_fragments(sentence: str, min_chars: int = MIN_CHARS) -> list[str]:
    """The clause fragments of one sentence, in order: slices of it which, joined by single spaces,
    give it back (up to whitespace). A sentence without inner punctuation is one fragment. Lengths are
    measured in display columns (:func:`width`).

    >>> split_fragments("Links steile , vereiste Platten , rechts fauler Schnee .")
    ['Links steile , vereiste Platten ,', 'rechts fauler Schnee .']
    >>> split_fragments("Nur persönliche Berichte sind frei .")
    ['Nur persönliche Berichte sind frei .']
    >>> split_fragments("靴声响到门口，那人走了进来，韦小宝从桌底下瞧出去。")
    ['靴声响到门口，那人走了进来，', '韦小宝从桌底下瞧出去。']
    """
    spans: list[tuple[int, int]] = []

    def last_is_short() -> bool:
        return width(sentence[spans[-1][0] : spans[-1][1]]) < min_chars

    start = 0
    for cut in [*_CUT.finditer(sentence), None]:
        end = len(sentence) if cut is None else cut.start()
        piece = sentence[start:end]
        lead = len(piece) - len(piece.lstrip())
        a, b = start + lead, start + len(piece.rstrip())
        start = end if cut is None else cut.end()
        if a >= b:
            continue
        if spans and last_is_short():
            spans[-1] = (spans[-1][0], b)
        else:
            spans.append((a, b))
    if len(spans) > 1 and last_is_short():
        last = spans.pop()
        spans[-1] = (spans[-1][0], last[1])
    return [sentence[a:b] for a, b in spans] or [sentence.strip()]


def fragment_units(sentences: Sequence[str], min_chars: int = MIN_CHARS) -> tuple[list[str], np.ndarray]:
    """Every fragment of ``sentences`` in order, and the index of the sentence each comes from.

    >>> texts, owner = fragment_units(["Ja , das ist ein Satz mit einer Pause .", "Kurz ."])
    >>> texts, owner.tolist()
    (['Ja , das ist ein Satz mit einer Pause .', 'Kurz .'], [0, 1])
    """
    texts: list[str] = []
    owner: list[int] = []
    for i, sentence in enumerate(sentences):
        pieces = split_fragments(sentence, min_chars)
        texts.extend(pieces)
        owner.extend([i] * len(pieces))
    return texts, np.array(owner, dtype=np.int64)


def project_beads(
    beads: Sequence[Bead], src_owner: np.ndarray, tgt_owner: np.ndarray, n: int, m: int
) -> tuple[Bead, ...]:
    """Sentence beads from a monotone fragment path.

    The path is cut wherever it stands on a sentence boundary of both sides; each piece between two
    cuts is one sentence bead if it holds a fragment match, else one deletion per sentence. The
    score of a bead is the mean cosine of its fragment matches (0 for a deletion).

    Args:
        beads: fragment beads covering every fragment of both sides once, in order.
        src_owner: (F,) sentence index of every source fragment (non-decreasing, every sentence present).
        tgt_owner: (F',) the same for the target.
        n: source sentences.
        m: target sentences.

    >>> own = np.array([0, 0, 1])
    >>> path = [Bead((0,), (0,), 0.9), Bead((1,), (1,), 0.8), Bead((2,), (2,), 0.7)]
    >>> [str(b) for b in project_beads(path, own, np.array([0, 1, 1]), 2, 2)]
    ['[0, 1]:[0, 1]']
    >>> [str(b) for b in project_beads(path, own, own, 2, 2)]
    ['[0]:[0]', '[1]:[1]']
    """
    src_starts = set(np.searchsorted(src_owner, np.arange(n + 1)).tolist())
    tgt_starts = set(np.searchsorted(tgt_owner, np.arange(m + 1)).tolist())
    out: list[Bead] = []
    fx = fy = x0 = y0 = 0
    scores: list[float] = []
    for bead in beads:
        fx += len(bead.src)
        fy += len(bead.tgt)
        if bead.src and bead.tgt:
            scores.append(bead.score)
        if fx not in src_starts or fy not in tgt_starts:
            continue
        x1 = int(src_owner[fx]) if fx < len(src_owner) else n
        y1 = int(tgt_owner[fy]) if fy < len(tgt_owner) else m
        if scores:
            score = round(float(np.mean(scores)), 4)
            out.append(Bead(tuple(range(x0, x1)), tuple(range(y0, y1)), score))
        else:
            out.extend(Bead((i,), ()) for i in range(x0, x1))
            out.extend(Bead((), (j,)) for j in range(y0, y1))
        scores = []
        x0, y0 = x1, y1
    return tuple(out)


@dataclass(frozen=True, slots=True)
class FragmentInputs:
    """What the fragment aligner needs of two documents: the fragments' features, the sentence of
    every fragment on each side and the sentence counts (see :func:`prepare_fragments`)."""

    features: PairFeatures
    src_owner: np.ndarray
    tgt_owner: np.ndarray
    n: int
    m: int


def fragment_inputs(
    src: Sequence[str],
    tgt: Sequence[str],
    src_units: Sequence[str],
    tgt_units: Sequence[str],
    owners: tuple[np.ndarray, np.ndarray],
    overlaps: tuple[np.ndarray, np.ndarray],
) -> FragmentInputs:
    """:class:`FragmentInputs` of fragments whose overlap vectors are given."""
    features = features_of(src_units, tgt_units, *overlaps, owners=owners, sentences=(src, tgt))
    return FragmentInputs(features, owners[0], owners[1], len(src), len(tgt))


def prepare_fragments(
    src: Sequence[str],
    tgt: Sequence[str],
    embedder: Embedder,
    config: AlignConfig | None = None,
    min_chars: int = MIN_CHARS,
) -> FragmentInputs:
    """Cut both documents into fragments and embed every run of up to ``config.max_side`` of them."""
    cfg = config or FRAGMENT_CONFIG
    src_units, src_owner = fragment_units(src, min_chars)
    tgt_units, tgt_owner = fragment_units(tgt, min_chars)
    overlaps = embed_overlaps(src_units, tgt_units, embedder, cfg.max_side)
    return fragment_inputs(src, tgt, src_units, tgt_units, (src_owner, tgt_owner), overlaps)


def align_prepared(inputs: FragmentInputs, config: AlignConfig | None = None) -> tuple[Bead, ...]:
    """Sentence beads of prepared fragments (no encoding: the part to time)."""
    beads = inputs.features.align(config or FRAGMENT_CONFIG)
    return project_beads(beads, inputs.src_owner, inputs.tgt_owner, inputs.n, inputs.m)


def align_fragments(
    src: Sequence[str],
    tgt: Sequence[str],
    embedder: Embedder,
    *,
    config: AlignConfig | None = None,
    min_chars: int = MIN_CHARS,
) -> tuple[Bead, ...]:
    """Align two lists of sentences through their fragments; beads are in sentence indices.

    Args:
        src: source sentences, in order.
        tgt: target sentences, in order.
        embedder: any :class:`~lawalign.align.embed.Embedder` (wrap it in the cache to embed once).
        config: fragment-level search parameters (default :data:`FRAGMENT_CONFIG`).
        min_chars: shortest fragment kept apart (:func:`split_fragments`).

    Returns:
        Beads covering every sentence of both sides once, in order (see :func:`project_beads`).

    >>> from lawalign.align.embed import normalize_rows
    >>> class Letters:
    ...     name, dim = "letters", 26
    ...     def encode(self, texts):
    ...         return normalize_rows(np.array([[t.count(c) for c in "abcdefghijklmnopqrstuvwxyz"]
    ...                                         for t in texts], dtype=float))
    >>> [str(b) for b in align_fragments(["aaaa bbbb", "cccc dddd"], ["aaaa bbbb", "cccc dddd"], Letters())]
    ['[0]:[0]', '[1]:[1]']
    """
    return align_prepared(prepare_fragments(src, tgt, embedder, config, min_chars), config)


__all__ = [
    "FRAGMENT_CONFIG",
    "MIN_CHARS",
    "FragmentInputs",
    "align_fragments",
    "align_prepared",
    "fragment_inputs",
    "fragment_units",
    "prepare_fragments",
    "project_beads",
    "split_fragments",
]
