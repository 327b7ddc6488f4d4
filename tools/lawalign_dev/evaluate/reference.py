"""Two published document aligners, written again over the same overlap vectors as ours (baselines).

Both take the (K, n, d) overlap arrays of :func:`lawalign.align.sentalign.embed_overlaps` (row
``k - 1, i``: the embedding of sentences ``i … i+k-1`` read together), so that every method of
``make eval`` is fed the same bundled e5 vectors and only the algorithm differs.

- :func:`vecalign_align`: vecalign's dynamic programme (Thompson & Koehn 2019): bead cost
  ``2 · dx · dy · (1 − cos) / (norm_x + norm_y)`` with the norms taken against the other side's
  texts, deletion cost the 20th percentile of random 1-1 costs, recursive halving and a band around
  the upsampled path. It is :func:`lawalign.align.sentalign.align_overlaps` with
  ``scoring="normalized"`` and nothing else (no lengths, numbers or false ends).
- :func:`bertalign_align`: bertalign's two passes (Liu & Zhu 2022, first release): 1-1 anchors,
  each source sentence's top-``k`` target sentences by cosine, scored by a DP over 1-1 and
  deletions (a match earns its cosine when the target is among the top ``k``, a deletion 0); then
  a band of ``± win`` sentences around that path, searched with every bead of up to ``max_align``
  sentences, score = cosine minus the mean cosine to the neighbouring sentences, times
  ``log2(1 + min/max)`` of the two groups' character lengths (target scaled by the length ratio),
  deletion score ``skip`` (−0.1).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from lawalign.align.sentalign import AlignConfig, align_overlaps
from lawalign.models import Bead

VECALIGN_CONFIG = AlignConfig(scoring="normalized", max_size=5, false_end_charge=0.0, number_weight=0.0)
"""vecalign's defaults in our search: beads of up to 5 sentences of both sides (overlaps of up to 4
sentences embedded), deletion at the 20th percentile of random 1-1 costs, product size cost."""


def vecalign_align(src_ov: np.ndarray, tgt_ov: np.ndarray, max_size: int = 5) -> tuple[Bead, ...]:
    """vecalign's DP over the overlap vectors (see the module docstring).

    >>> v = np.eye(4, dtype=np.float32)[None]
    >>> [str(b) for b in vecalign_align(v, v)]
    ['[0]:[0]', '[1]:[1]', '[2]:[2]', '[3]:[3]']
    """
    cfg = AlignConfig(scoring="normalized", max_size=max_size, false_end_charge=0.0, number_weight=0.0)
    return align_overlaps(src_ov, tgt_ov, config=cfg)


def _first_pass(sims: np.ndarray, top_k: int) -> list[tuple[int, int]]:
    """bertalign's first pass: the best monotone path of 1-1 links and deletions, a link worth its
    cosine when the target is among the source's ``top_k`` nearest, 0 otherwise; returns the 1-1
    links ``(i, j)`` on the path."""
    n, m = sims.shape
    k = min(top_k, m)
    top = np.argpartition(-sims, k - 1, axis=1)[:, :k] if m else np.zeros((n, 0), dtype=int)
    gain = np.zeros((n, m))
    rows = np.repeat(np.arange(n), k)
    gain[rows, top.ravel()] = sims[rows, top.ravel()]
    cost = np.zeros((n + 1, m + 1))
    back = np.zeros((n + 1, m + 1), dtype=np.int8)  # 0 = 1-1, 1 = 1-0, 2 = 0-1
    back[0, 1:] = 2
    back[1:, 0] = 1
    for i in range(1, n + 1):
        diag = cost[i - 1, :-1] + gain[i - 1]
        up = cost[i - 1, 1:]
        row = np.empty(m + 1)
        row[0] = cost[i - 1, 0]
        ptr = np.empty(m + 1, dtype=np.int8)
        ptr[0] = 1
        best_nl = np.where(diag >= up, diag, up)
        ptr_nl = np.where(diag >= up, 0, 1)
        for j in range(1, m + 1):  # a 0-1 step depends on the cell to its left
            left = row[j - 1]
            if best_nl[j - 1] >= left:
                row[j], ptr[j] = best_nl[j - 1], ptr_nl[j - 1]
            else:
                row[j], ptr[j] = left, 2
        cost[i], back[i] = row, ptr
    links: list[tuple[int, int]] = []
    i, j = n, m
    while i > 0 or j > 0:
        step = back[i, j]
        if step == 0:
            links.append((i - 1, j - 1))
            i, j = i - 1, j - 1
        elif step == 1:
            i -= 1
        else:
            j -= 1
    links.reverse()
    return [(i, j) for i, j in links if gain[i, j] > 0]


def _second_band(links: Sequence[tuple[int, int]], n: int, m: int, win: int) -> list[tuple[int, int]]:
    """bertalign's second search path (``find_second_search_path``): between two consecutive
    anchors (1-based ends of 1-1 links), every source position takes the target window from the
    earlier anchor's target minus ``win`` to the later one's plus ``win``."""
    anchors = [(i + 1, j + 1) for i, j in links]
    if not anchors or anchors[-1] != (n, m):
        anchors.append((n, m))
    band: list[tuple[int, int]] = []
    prev_x = prev_y = 0
    for x, y in anchors:
        window = (max(0, prev_y - win), min(m, y + win))
        band.extend(window for _ in range(prev_x + 1, x + 1))
        prev_x, prev_y = x, y
    band = [band[0], *band] if band else [(0, m)]
    band[0] = (0, band[0][1])
    band[-1] = (band[-1][0], m)
    return band


def bertalign_align(
    src_ov: np.ndarray,
    tgt_ov: np.ndarray,
    src_lens: np.ndarray,
    tgt_lens: np.ndarray,
    *,
    max_align: int = 5,
    top_k: int = 3,
    win: int = 5,
    skip: float = -0.1,
) -> tuple[Bead, ...]:
    """bertalign's two-pass alignment (see the module docstring) over the overlap vectors.

    Args:
        src_ov: (K, n, d) source overlap vectors.
        tgt_ov: (K', m, d) target overlap vectors.
        src_lens: (K, n) character lengths of the source runs.
        tgt_lens: (K', m) the same for the target.
        max_align: largest bead, sentences of both sides.
        top_k: anchors considered per source sentence in the first pass.
        win: half-width of the second pass's band, in sentences.
        skip: score of a deletion.

    >>> v = np.eye(3, dtype=np.float32)[None]
    >>> lens = np.ones((1, 3))
    >>> [str(b) for b in bertalign_align(v, v, lens, lens)]
    ['[0]:[0]', '[1]:[1]', '[2]:[2]']
    """
    n, m = src_ov.shape[1], tgt_ov.shape[1]
    if n == 0 or m == 0:
        return tuple([Bead((i,), ()) for i in range(n)] + [Bead((), (j,)) for j in range(m)])
    sims = (src_ov[0] @ tgt_ov[0].T).astype(np.float64)
    band = _second_band(_first_pass(sims, top_k), n, m, win)
    types = [(x, y) for x in range(max_align) for y in range(max_align) if 0 < x + y <= max_align]
    types = [(x, y) for x, y in types if ((x == 0 or y == 0) and x + y == 1) or (x > 0 and y > 0)]
    types = [(x, y) for x, y in types if x <= src_ov.shape[0] and y <= tgt_ov.shape[0]]
    ratio = float(src_lens[0].sum()) / max(float(tgt_lens[0].sum()), 1e-9)
    score = np.full((n + 1, m + 1), -np.inf)
    back = np.full((n + 1, m + 1), -1, dtype=np.int16)
    score[0, 0] = 0.0
    src1, tgt1 = src_ov[0], tgt_ov[0]
    for i in range(n + 1):
        lo, hi = band[i]
        for j in range(lo, hi + 1):
            if i == 0 and j == 0:
                continue
            best, arg = -np.inf, -1
            for t, (dx, dy) in enumerate(types):
                pi, pj = i - dx, j - dy
                if pi < 0 or pj < 0 or not band[pi][0] <= pj <= band[pi][1]:
                    continue
                prev = score[pi, pj]
                if prev == -np.inf:
                    continue
                if dx == 0 or dy == 0:
                    cur = skip
                else:
                    sv, tv = src_ov[dx - 1, pi], tgt_ov[dy - 1, pj]
                    cur = float(sv @ tv)
                    # neighbours: the target sentences just before and after, against the source
                    # group, and the source sentences around, against the target group
                    t_near = [float(sv @ tgt1[y]) for y in (pj - 1, j) if 0 <= y < m]
                    s_near = [float(tv @ src1[x]) for x in (pi - 1, i) if 0 <= x < n]
                    t_ave = sum(t_near) / 2 if len(t_near) == 2 else sum(t_near)
                    s_ave = sum(s_near) / 2 if len(s_near) == 2 else sum(s_near)
                    cur -= (t_ave + s_ave) / 2
                    ls, lt = float(src_lens[dx - 1, pi]), float(tgt_lens[dy - 1, pj]) * ratio
                    cur *= float(np.log2(1.0 + min(ls, lt) / max(ls, lt, 1e-9)))
                if prev + cur > best:
                    best, arg = prev + cur, t
            score[i, j], back[i, j] = best, arg
    beads: list[Bead] = []
    i, j = n, m
    while i > 0 or j > 0:
        dx, dy = types[int(back[i, j])]
        beads.append(Bead(tuple(range(i - dx, i)), tuple(range(j - dy, j))))
        i, j = i - dx, j - dy
    beads.reverse()
    return tuple(beads)


__all__ = ["VECALIGN_CONFIG", "bertalign_align", "vecalign_align"]
