"""Monotone sentence alignment by dynamic programming (vecalign-style), pure numpy, model-free.

The DP takes sentence vectors (already embedded) and returns :class:`~lawalign.models.Bead` s.
Allowed beads: 1-1, 1-0, 0-1, 1-2, 2-1. A matched bead ``(a, b)`` gains
``(cos(src_group, tgt_group) - floor) * (a + b) / 2`` minus ``merge_penalty`` for 1-2/2-1, where a
group of two sentences is the embedding of their concatenation when given (``src_pairs``), else the
normalized sum of the two vectors. A skipped sentence (1-0/0-1) gains nothing. ``floor`` is the
similarity two unrelated sentences already reach with e5 (~0.80): below it, matching is worse than
skipping. Ties break towards 1-1, then 1-0, 0-1, 1-2, 2-1 (the order of :data:`BEAD_TYPES`), so the
result is deterministic.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from lawalign.models import Bead

BEAD_TYPES: tuple[tuple[int, int], ...] = ((1, 1), (1, 0), (0, 1), (1, 2), (2, 1))


@dataclass(frozen=True, slots=True)
class DPConfig:
    """Parameters of :func:`align_sentences` (the defaults are the measured ones, docs/align.md)."""

    floor: float = 0.8
    merge_penalty: float = 0.02
    skip_gain: float = 0.0


def _unit(v: np.ndarray) -> np.ndarray:
    n = float(np.linalg.norm(v))
    return v / n if n > 0 else v


def _group(vecs: np.ndarray, pairs: np.ndarray | None, i: int, k: int) -> np.ndarray:
    """Vector of sentences [i, i+k) for k in (1, 2)."""
    if k == 1:
        return np.asarray(vecs[i])
    if pairs is not None:
        return np.asarray(pairs[i])
    return _unit(vecs[i] + vecs[i + 1])


def align_sentences(
    src: np.ndarray,
    tgt: np.ndarray,
    *,
    src_pairs: np.ndarray | None = None,
    tgt_pairs: np.ndarray | None = None,
    config: DPConfig | None = None,
) -> tuple[Bead, ...]:
    """Align two sentence sequences monotonically.

    Args:
        src: (n, d) L2-normalized vectors of the source sentences.
        tgt: (m, d) L2-normalized vectors of the target sentences.
        src_pairs: optional (n-1, d) vectors of each concatenation ``src[i] + " " + src[i+1]``.
        tgt_pairs: the same for the target.
        config: DP parameters.

    Returns:
        Beads covering every sentence of both sides once, in order; a matched bead's ``score``
        is the cosine of its two groups (4 decimals), a skip's score is 0.

    >>> v = np.eye(3, dtype=np.float32)
    >>> [str(b) for b in align_sentences(v, v[[0, 2]])]
    ['[0]:[0]', '[1]:[]', '[2]:[1]']
    """
    cfg = config or DPConfig()
    n, m = int(src.shape[0]), int(tgt.shape[0])
    best = np.full((n + 1, m + 1), -np.inf)
    back = np.full((n + 1, m + 1), -1, dtype=np.int64)
    cos = np.zeros((n + 1, m + 1, len(BEAD_TYPES)))
    best[0, 0] = 0.0
    for i in range(n + 1):
        for j in range(m + 1):
            if i == 0 and j == 0:
                continue
            for t, (a, b) in enumerate(BEAD_TYPES):
                pi, pj = i - a, j - b
                if pi < 0 or pj < 0 or best[pi, pj] == -np.inf:
                    continue
                if a == 0 or b == 0:
                    gain, sim = cfg.skip_gain, 0.0
                else:
                    sim = float(_group(src, src_pairs, pi, a) @ _group(tgt, tgt_pairs, pj, b))
                    gain = (sim - cfg.floor) * (a + b) / 2.0
                    if a + b > 2:
                        gain -= cfg.merge_penalty
                value = best[pi, pj] + gain
                if value > best[i, j] + 1e-12:  # strict: the first bead type wins ties
                    best[i, j] = value
                    back[i, j] = t
                    cos[i, j, t] = sim
    beads: list[Bead] = []
    i, j = n, m
    while i > 0 or j > 0:
        t = int(back[i, j])
        a, b = BEAD_TYPES[t]
        beads.append(Bead(tuple(range(i - a, i)), tuple(range(j - b, j)), round(float(cos[i, j, t]), 4)))
        i, j = i - a, j - b
    return tuple(reversed(beads))
