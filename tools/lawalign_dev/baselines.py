"""Baseline sentence aligners the evaluation compares against (not used by the pipeline).

``gale_church``: length-only DP (Gale & Church 1993) over the whole sentence sequence.
``cosine_argmax``: every source sentence linked to its most similar target sentence.
Both return beads over positions of the sequences they were given.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from lawalign.models import Bead

# Gale & Church (1993): bead priors and the variance of the length ratio.
_GC_PRIORS: dict[tuple[int, int], float] = {
    (1, 1): 0.89,
    (1, 0): 0.0099 / 2,
    (0, 1): 0.0099 / 2,
    (2, 1): 0.089 / 2,
    (1, 2): 0.089 / 2,
    (2, 2): 0.011,
}
_GC_C = 1.0
_GC_S2 = 6.8


def _norm_sf(z: float) -> float:
    return 0.5 * math.erfc(z / math.sqrt(2.0))


def _gc_cost(len_src: int, len_tgt: int, kind: tuple[int, int], ratio: float) -> float:
    prior = -math.log(_GC_PRIORS[kind])
    if len_src == 0 and len_tgt == 0:
        return prior
    mean = (len_src + len_tgt / ratio) / 2.0
    delta = (len_tgt / ratio - len_src) / math.sqrt(max(mean, 1e-9) * _GC_S2) if mean else 0.0
    prob = max(2.0 * _norm_sf(abs(delta)), 1e-12)
    return prior - math.log(prob)


def gale_church(src_lens: Sequence[int], tgt_lens: Sequence[int]) -> tuple[Bead, ...]:
    """Length-only monotone alignment; the length ratio is estimated from the two totals.

    >>> [str(b) for b in gale_church([10, 50], [11, 48])]
    ['[0]:[0]', '[1]:[1]']
    """
    n, m = len(src_lens), len(tgt_lens)
    ratio = (sum(tgt_lens) / sum(src_lens)) if sum(src_lens) and sum(tgt_lens) else _GC_C
    best = np.full((n + 1, m + 1), np.inf)
    back: dict[tuple[int, int], tuple[int, int]] = {}
    best[0, 0] = 0.0
    for i in range(n + 1):
        for j in range(m + 1):
            for a, b in _GC_PRIORS:
                pi, pj = i - a, j - b
                if pi < 0 or pj < 0 or (a == 0 and b == 0) or not np.isfinite(best[pi, pj]):
                    continue
                cost = best[pi, pj] + _gc_cost(sum(src_lens[pi:i]), sum(tgt_lens[pj:j]), (a, b), ratio)
                if cost < best[i, j] - 1e-12:
                    best[i, j] = cost
                    back[(i, j)] = (a, b)
    beads: list[Bead] = []
    i, j = n, m
    while i > 0 or j > 0:
        a, b = back[(i, j)]
        beads.append(Bead(tuple(range(i - a, i)), tuple(range(j - b, j))))
        i, j = i - a, j - b
    return tuple(reversed(beads))


def cosine_argmax(src: np.ndarray, tgt: np.ndarray) -> tuple[Bead, ...]:
    """Each source sentence linked to its most similar target sentence (first index wins ties).

    >>> [str(b) for b in cosine_argmax(np.eye(2), np.eye(2)[::-1])]
    ['[0]:[1]', '[1]:[0]']
    """
    if src.shape[0] == 0 or tgt.shape[0] == 0:
        return ()
    sim = src @ tgt.T
    return tuple(
        Bead((i,), (int(np.argmax(sim[i])),), round(float(sim[i].max()), 4)) for i in range(src.shape[0])
    )
