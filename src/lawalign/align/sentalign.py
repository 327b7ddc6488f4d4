"""General monotone sentence alignment of two documents (vecalign-style), pure numpy, model-free.

The aligner takes *overlap vectors*: for every side, ``ov[k - 1, i]`` is the L2-normalized embedding
of the concatenation of sentences ``i … i+k-1`` (joined by one space), for ``k = 1 … K``. A bead of
``dx`` source and ``dy`` target sentences (``1 ≤ dx, dy`` and ``dx + dy ≤ max_size``) costs

    2 · dx · dy · (1 − cos(src group, tgt group)) / (norm(src group) + norm(tgt group))

where ``norm(v) = 1 − mean cosine of v against every text of the other side`` (computed exactly
from the other side's mean vector, so nothing is sampled): a model's background similarity
(~0.80 for e5 between unrelated sentences) cancels out. A 1-0 or 0-1 bead costs the *deletion
penalty*, calibrated per document pair as a percentile (``del_percentile``) of the costs of random
1-1 pairs (a seeded sample), so no threshold depends on the model or the language pair.

Search (never quadratic for long documents): both sequences are halved recursively (consecutive
vectors summed, the mean removed, re-normalized) until ``n · m ≤ full_dp_max²``; a full 1-1 DP at
that resolution gives a coarse path; each finer level re-runs the DP only in a band of
``± width`` cells around the upsampled path (1-1 beads on intermediate levels, every bead type on
the last). Every DP walks anti-diagonals ``x + y = a``: no cell depends on another cell of its own
anti-diagonal, so each step is a handful of numpy slice operations over the band, O((n + m) · band)
overall. Ties break towards the first bead type of :func:`bead_types` (1-1 first), so the result is
deterministic.

>>> v = np.eye(4, dtype=np.float32)
>>> [str(b) for b in align_overlaps(v[None, [0, 1, 2, 3]], v[None, [0, 2, 3]])]
['[0]:[0]', '[1]:[]', '[2]:[1]', '[3]:[2]']
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
from threadpoolctl import threadpool_limits

from lawalign.align.beadmodel import (
    BASE_FEATURES,
    BeadType,
    BeadWeights,
    bead_types,
    bundled_weights,
    type_feature,
)
from lawalign.align.embed import Embedder
from lawalign.align.ends import mismatched, pair_classes
from lawalign.models import Bead

log = logging.getLogger(__name__)

_INF = np.inf
_BLOCK = 64  # source rows per matrix product when computing band costs
_SIZE_COST: dict[str, Callable[[int, int], float]] = {
    "product": lambda dx, dy: float(dx * dy),
    "sum": lambda dx, dy: (dx + dy) / 2.0,
    "max": lambda dx, dy: float(max(dx, dy)),
}


@dataclass(frozen=True, slots=True)
class AlignConfig:
    """Parameters of :func:`align_overlaps` (defaults measured on the Bleualign dev document).

    Attributes:
        max_size: largest bead, counted in sentences of both sides (5 allows 1-4, 2-3, 3-2, 4-1).
        del_percentile: ``normalized`` scoring: deletion cost = this quantile of random 1-1 costs.
        size_cost: ``normalized`` scoring: how a bead's cost grows with its sentences: ``product``
            (``dx · dy``, vecalign), ``sum`` (``(dx + dy) / 2``) or ``max``.
        scoring: the last pass's bead score: ``margin`` (cosine minus the mean cosine to the
            sentences just outside the bead, times a length factor; for documents), ``fitted``
            (a weighted sum of that margin and other features of the bead, the weights fitted on
            gold beads: :mod:`lawalign.align.beadmodel`) or ``normalized`` (vecalign's cost; for
            short pieces such as a clause's sentences).
        skip_percentile: ``margin`` scoring: deletion cost = this quantile of random 1-1 margins.
        width: half-width of the search band around the coarse path, in anti-diagonal cells.
        full_dp_max: documents with ``n · m`` above its square are downsampled first.
        number_weight: ``margin`` scoring: weight of the agreement of the numbers written in digits
            on both sides of a bead (:func:`number_agreement`), when the caller passes them.
        false_end_charge: what a bead boundary costs, in deletions (the calibrated skip or deletion
            penalty), where it ends a sentence at a false end on one side only
            (:mod:`lawalign.align.ends`), when the caller passes the boundaries' classes. Ten
            deletions: such a boundary is all but forbidden, yet a path always exists (on the
            Bleualign dev document every charge from 3 to 100 gives the same beads).
        sample_size: random 1-1 pairs sampled to calibrate the deletion penalty.
        seed: seed of that sample (fixed: same input, same beads).
        weights: ``fitted`` scoring: the weights (None: the bundled ones, ``data/align/beads.json``);
            ``number_weight`` and ``false_end_charge`` are then the weights' own.
    """

    max_size: int = 5
    del_percentile: float = 0.2
    size_cost: str = "product"
    scoring: str = "margin"
    skip_percentile: float = 0.8
    width: int = 8
    full_dp_max: int = 300
    number_weight: float = 0.03
    false_end_charge: float = 10.0
    sample_size: int = 20000
    seed: int = 0
    weights: BeadWeights | None = None

    def __post_init__(self) -> None:
        for name in ("number_weight", "false_end_charge"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} must not be negative, not {getattr(self, name)}")
        if self.max_size < 2:
            raise ValueError(f"max_size must be at least 2 (1-1 beads), not {self.max_size}")
        if self.scoring not in ("normalized", "margin", "fitted"):
            raise ValueError(f"scoring must be 'normalized', 'margin' or 'fitted', not {self.scoring!r}")
        if self.size_cost not in _SIZE_COST:
            raise ValueError(f"size_cost must be one of {', '.join(_SIZE_COST)}, not {self.size_cost!r}")
        for name in ("del_percentile", "skip_percentile"):
            if not 0.0 <= getattr(self, name) <= 1.0:
                raise ValueError(f"{name} must lie in [0, 1], not {getattr(self, name)}")

    @property
    def max_side(self) -> int:
        """Most sentences one side of a bead can hold: the number of overlaps to embed."""
        return max(1, self.max_size - 1)

    def bead_weights(self) -> BeadWeights:
        """``fitted`` scoring's weights: the configured ones, else the bundled ones."""
        return self.weights if self.weights is not None else bundled_weights()

    def end_charge(self) -> float:
        """What a false end on one side costs, in deletion scores (the fitted weight under ``fitted``)."""
        if self.scoring == "fitted":
            return max(0.0, -self.bead_weights().weight("false_end"))
        return self.false_end_charge


@dataclass(frozen=True, slots=True)
class Calibration:
    """What makes costs comparable: each side's background vector and the deletion penalty.

    ``src_background`` is the mean of every target-side text vector (a source group's norm is
    ``1 − v · src_background``); ``tgt_background`` the mean of every source-side text vector.
    """

    src_background: np.ndarray
    tgt_background: np.ndarray
    del_penalty: float
    skip: float = 0.0  # deletion cost under margin scoring


_LEVEL_CONFIG = AlignConfig(scoring="normalized")  # coarse levels: 1-1 beads, normalized costs


def overlap_texts(sentences: Sequence[str], k: int) -> list[str]:
    """The texts of every run of ``k`` consecutive sentences, joined by one space.

    >>> overlap_texts(["a", "b", "c"], 2)
    ['a b', 'b c']
    """
    return [" ".join(s.strip() for s in sentences[i : i + k]) for i in range(len(sentences) - k + 1)]


def overlap_vectors(sentences: Sequence[str], max_side: int, vectors: dict[str, np.ndarray]) -> np.ndarray:
    """The (max_side, n, d) overlap array of ``sentences`` from a text → vector map.

    Rows of runs that would pass the end of the document are zero (never used by a bead).
    """
    n = len(sentences)
    dim = len(next(iter(vectors.values()))) if vectors else 1
    out = np.zeros((max_side, n, dim), dtype=np.float32)
    for k in range(1, max_side + 1):
        for i, text in enumerate(overlap_texts(sentences, k)):
            out[k - 1, i] = vectors[text]
    return out


def overlap_lengths(sentences: Sequence[str], max_side: int) -> np.ndarray:
    """(max_side, n) character lengths of the runs :func:`overlap_texts` joins (0 past the end).

    >>> overlap_lengths(["ab", "cde"], 2).tolist()
    [[2.0, 3.0], [6.0, 0.0]]
    """
    out = np.zeros((max_side, len(sentences)))
    for k in range(1, max_side + 1):
        out[k - 1, : max(0, len(sentences) - k + 1)] = [len(t) for t in overlap_texts(sentences, k)]
    return out


_NUMBER = re.compile(r"\d+")
_MAX_NUMBERS = 32  # numbers kept per run (the first ones): a bead's agreement needs no more
_NAME = re.compile(r"[^\W\d_]{4,}")
_NAME_BASE = 10**18  # anchor ids of shared names start above every number overlap_numbers keeps


def shared_names(src: Sequence[str], tgt: Sequence[str]) -> tuple[str, ...]:
    """Words both documents write alike, read as anchors beside the numbers: names and cognates.

    A word of four letters or more that starts with a capital and is written the same in both
    documents (``Matterhorn``, ``Whymper``, ``UNESCO``) is translation-invariant, as numbers are:
    Simard, Foster & Isabelle (1992) align with numbers and such cognates. A word one language
    capitalizes and the other does not (German nouns) is on one side only and never shared; a
    script without case (Chinese) shares none. Sorted, so anchor ids are deterministic.

    >>> shared_names(["Whymper reached the Matterhorn.", "The rope broke."],
    ...              ["Whymper atteignit le Cervin.", "La corde cassa.", "The Times"])
    ('Whymper',)
    """

    def words(side: Sequence[str]) -> set[str]:
        return {w for text in side for w in _NAME.findall(text) if w[0].isupper()}

    return tuple(sorted(words(src) & words(tgt)))


def overlap_numbers(sentences: Sequence[str], max_side: int, names: Sequence[str] = ()) -> np.ndarray:
    """(max_side, n, P) the distinct numbers written in digits in every run :func:`overlap_texts` joins.

    Each number is its integer value (leading zeros dropped, so ``07`` = ``7``); a run's numbers are
    sorted and padded with ``-1`` (runs past the end of the document hold none). Numbers are the
    cheapest translation-invariant anchors (Simard, Foster & Isabelle 1992 use them with cognates).

    ``names`` (:func:`shared_names`) are anchors too, each read as one id above every number.

    >>> overlap_numbers(["In 1953 the 2 men", "climbed 8848 m (1953)."], 2).tolist()
    [[[2, 1953, -1], [1953, 8848, -1]], [[2, 1953, 8848], [-1, -1, -1]]]
    """
    ids = {name: _NAME_BASE + i for i, name in enumerate(names)}

    def anchors(text: str) -> list[int]:
        found = {int(t[-18:]) for t in _NUMBER.findall(text)}
        if ids:
            found |= {ids[w] for w in _NAME.findall(text) if w in ids}
        return sorted(found)[:_MAX_NUMBERS]

    runs: list[list[list[int]]] = []
    for k in range(1, max_side + 1):
        texts = overlap_texts(sentences, k)
        level = [anchors(text) for text in texts]
        runs.append(level + [[] for _ in range(len(sentences) - len(texts))])
    width = max((len(r) for level in runs for r in level), default=0)
    out = np.full((max_side, len(sentences), max(width, 1)), -1, dtype=np.int64)
    for k, level in enumerate(runs):
        for i, nums in enumerate(level):
            out[k, i, : len(nums)] = nums
    return out


def overlap_anchors(
    src: Sequence[str], tgt: Sequence[str], src_side: int, tgt_side: int
) -> tuple[np.ndarray, np.ndarray]:
    """Both sides' anchors of every run (:func:`overlap_numbers`): the numbers written in digits and
    the names the two documents share (:func:`shared_names`); the ``numbers=`` of :func:`align_overlaps`.

    >>> a, b = overlap_anchors(["Whymper 1865"], ["Whymper en 1865", "Taugwalder"], 1, 1)
    >>> a.tolist(), b.tolist()  # "Whymper" is the first shared name: id 10**18
    ([[[1865, 1000000000000000000]]], [[[1865, 1000000000000000000], [-1, -1]]])
    """
    names = shared_names(src, tgt)
    return overlap_numbers(src, src_side, names), overlap_numbers(tgt, tgt_side, names)


def number_agreement(src: np.ndarray, tgt: np.ndarray) -> np.ndarray:
    """Dice agreement of two aligned lists of number sets, centred: ``2|A∩B| / (|A| + |B|) − ½``.

    0 where neither side writes a number; −½ where only one does; +½ where both write the same ones.

    Args:
        src: (N, P) sets as :func:`overlap_numbers` pads them (−1 = no number).
        tgt: (N, P') the same for the other side.

    >>> a = np.array([[1953, 8848], [-1, -1], [5, -1]])
    >>> b = np.array([[8848, 1953], [-1, -1], [-1, -1]])
    >>> number_agreement(a, b).tolist()
    [0.5, 0.0, -0.5]
    """
    size_a = (src >= 0).sum(axis=1)
    size_b = (tgt >= 0).sum(axis=1)
    common = ((src[:, :, None] == tgt[:, None, :]) & (src[:, :, None] >= 0)).sum(axis=(1, 2))
    total = size_a + size_b
    out: np.ndarray = np.where(total > 0, 2.0 * common / np.maximum(total, 1) - 0.5, 0.0)
    return out


def embed_overlaps(
    src: Sequence[str], tgt: Sequence[str], embedder: Embedder, max_side: int
) -> tuple[np.ndarray, np.ndarray]:
    """Overlap arrays of both sides, every distinct text embedded once (through the embedder's cache)."""
    texts: dict[str, None] = {}
    for side in (src, tgt):
        for k in range(1, max_side + 1):
            texts.update(dict.fromkeys(overlap_texts(side, k)))
    order = list(texts)
    if not order:
        empty = np.zeros((max_side, 0, embedder.dim), dtype=np.float32)
        return empty, empty.copy()
    matrix = embedder.encode(order)
    vectors = {t: matrix[i] for i, t in enumerate(order)}
    return overlap_vectors(src, max_side, vectors), overlap_vectors(tgt, max_side, vectors)


def _unit_rows(v: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(v, axis=-1, keepdims=True)
    return (v / np.where(norms == 0, 1.0, norms)).astype(np.float32)


def _valid_rows(ov: np.ndarray) -> np.ndarray:
    """All overlap vectors that stand for real runs (the zero padding dropped), as one (N, d) array."""
    rows = ov.reshape(-1, ov.shape[-1])
    return rows[np.any(rows != 0, axis=1)]


def _background(ov: np.ndarray) -> np.ndarray:
    rows = _valid_rows(ov)
    return rows.mean(axis=0) if len(rows) else np.zeros(ov.shape[-1], dtype=np.float32)


def _norms(ov: np.ndarray, background: np.ndarray) -> np.ndarray:
    """(K, n) cost normalizers: 1 − mean cosine against the other side (floored to stay positive)."""
    norms: np.ndarray = np.maximum(1.0 - ov @ background, 1e-3).astype(np.float64)
    return norms


def _sample_costs(
    src: np.ndarray, tgt: np.ndarray, src_norm: np.ndarray, tgt_norm: np.ndarray, size: int, seed: int
) -> np.ndarray:
    """Costs of all 1-1 pairs, or of every pair of a seeded sample of ``≈ size / m`` source rows."""
    n, m = src.shape[0], tgt.shape[0]
    rows = np.arange(n)
    if n * m > size:
        rows = np.sort(np.random.default_rng(seed).choice(n, size=max(1, size // m), replace=False))
    cos = (src[rows] @ tgt.T).astype(np.float64)
    costs: np.ndarray = (2.0 * (1.0 - cos) / (src_norm[rows][:, None] + tgt_norm[None, :])).ravel()
    return costs


def calibrate(src: np.ndarray, tgt: np.ndarray, config: AlignConfig | None = None) -> Calibration:
    """Background vectors and deletion penalty of a document pair (or of a whole corpus pair).

    Args:
        src: (K, n, d) source overlap vectors; all-zero rows (padding) are ignored, so the overlap
            arrays of many short pieces (clauses) can be concatenated along axis 1.
        tgt: (K, m, d) target overlap vectors.
        config: ``del_percentile``, ``sample_size``, ``seed``.
    """
    cfg = config or AlignConfig()
    src_bg, tgt_bg = _background(tgt), _background(src)
    if src.shape[1] == 0 or tgt.shape[1] == 0:
        return Calibration(src_bg, tgt_bg, 1.0)
    src_norm, tgt_norm = _norms(src[0], src_bg), _norms(tgt[0], tgt_bg)
    costs = _sample_costs(src[0], tgt[0], src_norm, tgt_norm, cfg.sample_size, cfg.seed)
    k = min(len(costs) - 1, max(0, round(cfg.del_percentile * (len(costs) - 1))))
    margins = _sample_margins(src[0], tgt[0], cfg.sample_size, cfg.seed)
    j = min(len(margins) - 1, max(0, round(cfg.skip_percentile * (len(margins) - 1))))
    skip = float(np.partition(margins, j)[j]) if len(margins) else 0.0
    return Calibration(src_bg, tgt_bg, float(np.partition(costs, k)[k]), skip)


def _sample_margins(src: np.ndarray, tgt: np.ndarray, size: int, seed: int) -> np.ndarray:
    """Margin scores (cosine minus the mean cosine to the four neighbours) of sampled 1-1 pairs.

    Every inner pair when there are at most ``size``, else ``size`` distinct pairs drawn uniformly
    (seeded). Independent pairs, not every pair of a few sampled rows: the sentences of one row are
    correlated, so ``size / m`` whole rows (36 rows of a 468 × 554 document, 6 of a 3000 × 3000 one)
    moved the 80th percentile by ±10 % from seed to seed, and the Bleualign dev strict F1 with it
    (0.886–0.895); independent pairs keep it within ±2 % of the exact percentile.
    """
    n, m = src.shape[0], tgt.shape[0]
    if n < 3 or m < 3:
        return np.zeros(0)
    total = (n - 2) * (m - 2)
    if total <= size:
        flat = np.arange(total)
    else:
        flat = np.sort(np.random.default_rng(seed).choice(total, size=size, replace=False))
    rows, cols = np.divmod(flat, m - 2)
    rows, cols = rows + 1, cols + 1

    def cos(xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        out: np.ndarray = np.einsum("ij,ij->i", src[xs], tgt[ys]).astype(np.float64)
        return out

    neighbours = (cos(rows, cols - 1) + cos(rows, cols + 1) + cos(rows - 1, cols) + cos(rows + 1, cols)) / 4.0
    out: np.ndarray = cos(rows, cols) - neighbours
    return out


# --- the banded anti-diagonal DP ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Band:
    """Cells (x, y) of anti-diagonal a = x + y with y in [lo[a], lo[a] + width)."""

    lo: np.ndarray  # (n + m + 1,) int64
    width: int


def _full_band(n: int, m: int) -> _Band:
    a = np.arange(n + m + 1)
    return _Band(np.maximum(0, a - n), min(n, m) + 1)


def _path_band(path_y: np.ndarray, half: int) -> _Band:
    return _Band(path_y.astype(np.int64) - half, 2 * half + 1)


def _pair_cos(src: np.ndarray, tgt: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """cos(src[xs[i]], tgt[ys[i]]) for every i, from block matrix products.

    Cells of a band lie near a path, so each block of ``_BLOCK`` source rows needs only a narrow
    range of target rows: one small matrix product per block instead of gathering vectors per cell.
    """
    out = np.empty(len(xs), dtype=np.float64)
    if not len(xs):
        return out
    order = np.argsort(xs, kind="stable")
    sx, sy = xs[order], ys[order]
    bounds = np.searchsorted(sx, np.arange(0, int(sx[-1]) + _BLOCK + 1, _BLOCK))
    for k in range(len(bounds) - 1):
        lo, hi = bounds[k], bounds[k + 1]
        if lo == hi:
            continue
        x0, bx, by = k * _BLOCK, sx[lo:hi], sy[lo:hi]
        y0, y1 = int(by.min()), int(by.max()) + 1
        block = src[x0 : x0 + _BLOCK] @ tgt[y0:y1].T
        out[order[lo:hi]] = block[bx - x0, by - y0]
    return out


class _Sims:
    """Cosines between runs of the two sides, looked up per cell: from one dense matrix per pair of
    run sizes when the documents are small, else from block products along the band."""

    DENSE_CELLS = 400_000  # n · m up to which a dense (n, m) matrix per run-size pair is cheaper

    def __init__(self, src: np.ndarray, tgt: np.ndarray) -> None:
        self.src, self.tgt = src, tgt
        self.dense = src.shape[1] * tgt.shape[1] <= self.DENSE_CELLS
        self._cache: dict[tuple[int, int], np.ndarray] = {}

    def __call__(self, k: int, j: int, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """cos(src run of k sentences at xs, tgt run of j sentences at ys), elementwise."""
        if not self.dense:
            return _pair_cos(self.src[k - 1], self.tgt[j - 1], xs, ys)
        if (k, j) not in self._cache:
            self._cache[(k, j)] = (self.src[k - 1] @ self.tgt[j - 1].T).astype(np.float64)
        out: np.ndarray = self._cache[(k, j)][xs, ys]
        return out


def _band_costs(
    src: np.ndarray,
    tgt: np.ndarray,
    src_norm: np.ndarray,
    tgt_norm: np.ndarray,
    band: _Band,
    types: Sequence[BeadType],
    del_penalty: float,
    cfg: AlignConfig,
    lengths: tuple[np.ndarray, np.ndarray] | None = None,
    skip: float = 0.0,
    numbers: tuple[np.ndarray, np.ndarray] | None = None,
    ends: tuple[np.ndarray, np.ndarray] | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """(T, A, B) cost of reaching each band cell by each bead type (inf where impossible), and cosines."""
    n, m = src.shape[1], tgt.shape[1]
    a = np.arange(n + m + 1)[:, None]
    y = band.lo[:, None] + np.arange(band.width)[None, :]
    x = a - y
    inside = (x >= 0) & (x <= n) & (y >= 0) & (y <= m)
    costs = np.full((len(types), *y.shape), _INF)
    cosines = np.zeros((len(types), *y.shape))
    margin = cfg.scoring in ("margin", "fitted")
    fitted = cfg.bead_weights() if cfg.scoring == "fitted" else None
    sims = _Sims(src, tgt)
    ratio = _length_ratio(lengths)
    unit = skip if margin else del_penalty
    for t, (dx, dy) in enumerate(types):
        sx, sy = x - dx, y - dy
        ok = inside & (sx >= 0) & (sy >= 0)
        if dx == 0 or dy == 0:
            if fitted is None:
                costs[t][ok] = unit
            else:
                costs[t][ok] = -_fitted_deletions(fitted, dx, dy, sx[ok], sy[ok], lengths, _scale(skip))
            continue
        xs, ys = sx[ok], sy[ok]
        cos = sims(dx, dy, xs, ys)
        cosines[t][ok] = cos
        if not margin:
            scale = _SIZE_COST[cfg.size_cost](dx, dy)
            costs[t][ok] = 2.0 * scale * (1.0 - cos) / (src_norm[dx - 1, xs] + tgt_norm[dy - 1, ys])
            continue
        if fitted is not None:
            rows = _shape_features(sims, cos, dx, dy, xs, ys, lengths, ratio, numbers, _scale(skip))
            costs[t][ok] = -_fitted_matches(fitted, rows, dx, dy, _scale(skip))
            continue
        costs[t][ok] = -_margins(sims, cos, dx, dy, xs, ys, cfg, lengths, ratio, numbers)
    charge = cfg.end_charge()
    if ends is not None and charge:
        ex, ey = np.clip(x, 0, n), np.clip(y, 0, m)
        costs += np.where(inside & mismatched(ends[0][ex], ends[1][ey]), charge * abs(unit), 0.0)
    return costs, cosines


def _scale(skip: float) -> float:
    """The fitted score's unit: the calibrated deletion score, floored to stay positive."""
    return max(abs(skip), 1e-12)


_MATCH_FEATURES = BASE_FEATURES.index("false_end")  # rows of _shape_features: the match features


def _shape_features(
    sims: _Sims,
    cos: np.ndarray,
    dx: int,
    dy: int,
    xs: np.ndarray,
    ys: np.ndarray,
    lengths: tuple[np.ndarray, np.ndarray] | None,
    ratio: float,
    numbers: tuple[np.ndarray, np.ndarray] | None,
    scale: float,
) -> np.ndarray:
    """(5, k) match features of :mod:`lawalign.align.beadmodel` (``margin_len`` … ``numbers``)."""
    raw, factor, gap = _margin_parts(sims, cos, dx, dy, xs, ys, lengths, ratio)
    agreement = _agreement(numbers, dx, dy, xs, ys) if numbers is not None else np.zeros(len(xs))
    with_len = raw * factor / scale
    gain = np.zeros(len(xs))
    if dx + dy > 2:
        inner = np.max([sims(1, 1, xs + i, ys + j) for i in range(dx) for j in range(dy)], axis=0)
        gain = (cos - inner) / scale
    return np.stack([with_len, raw / scale, with_len * (dx + dy - 2), gap, agreement / scale, gain])


def _fitted_matches(weights: BeadWeights, rows: np.ndarray, dx: int, dy: int, scale: float) -> np.ndarray:
    """Fitted scores, in the pair's units, of match beads whose :func:`_shape_features` are ``rows``."""
    w = np.array([weights.weight(name) for name in BASE_FEATURES[:_MATCH_FEATURES]])
    out: np.ndarray = scale * (w @ rows + weights.weight(type_feature(dx, dy)))
    return out


def _deleted_length(
    lengths: tuple[np.ndarray, np.ndarray] | None, dx: int, xs: np.ndarray, ys: np.ndarray
) -> np.ndarray:
    """``deleted_length`` of the deletions starting at ``xs`` (1-0) or ``ys`` (0-1)."""
    if lengths is None:
        return np.zeros(len(xs))
    chars = lengths[0][0, xs] if dx else lengths[1][0, ys]
    out: np.ndarray = np.log1p(chars) / 5.0
    return out


def _fitted_deletions(
    weights: BeadWeights,
    dx: int,
    dy: int,
    xs: np.ndarray,
    ys: np.ndarray,
    lengths: tuple[np.ndarray, np.ndarray] | None,
    scale: float,
) -> np.ndarray:
    """Fitted scores, in the pair's units, of the deletions starting at ``xs``/``ys``."""
    length = _deleted_length(lengths, dx, xs, ys)
    out: np.ndarray = scale * (
        weights.weight(type_feature(dx, dy)) + weights.weight("deleted_length") * length
    )
    return out


def _margins(
    sims: _Sims,
    cos: np.ndarray,
    dx: int,
    dy: int,
    xs: np.ndarray,
    ys: np.ndarray,
    cfg: AlignConfig,
    lengths: tuple[np.ndarray, np.ndarray] | None,
    ratio: float,
    numbers: tuple[np.ndarray, np.ndarray] | None,
) -> np.ndarray:
    """``margin`` scores of the ``dx``-``dy`` beads starting at ``xs``/``ys`` whose cosines are ``cos``."""
    raw, factor, _ = _margin_parts(sims, cos, dx, dy, xs, ys, lengths, ratio)
    score: np.ndarray = raw * factor
    if numbers is not None and cfg.number_weight:
        score = score + cfg.number_weight * _agreement(numbers, dx, dy, xs, ys)
    return score


def _margin_parts(
    sims: _Sims,
    cos: np.ndarray,
    dx: int,
    dy: int,
    xs: np.ndarray,
    ys: np.ndarray,
    lengths: tuple[np.ndarray, np.ndarray] | None,
    ratio: float,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The margin (cosine minus the mean cosine to the sentences just outside), the length factor
    ``log2(1 + min/max)`` and the length gap ``|log((ls + 1) / (lt · ratio + 1))|`` of some beads."""
    n, m = sims.src.shape[1], sims.tgt.shape[1]
    # bertalign-style: similarity minus the group's similarity to the sentences just outside it
    total = np.zeros(len(xs))
    count = np.zeros(len(xs))
    for yy in (ys - 1, ys + dy):
        near = (yy >= 0) & (yy < m)
        total[near] += sims(dx, 1, xs[near], yy[near])
        count[near] += 1
    for xx in (xs - 1, xs + dx):
        near = (xx >= 0) & (xx < n)
        total[near] += sims(1, dy, xx[near], ys[near])
        count[near] += 1
    raw: np.ndarray = cos - total / np.maximum(count, 1)
    if lengths is None:
        return raw, np.ones(len(xs)), np.zeros(len(xs))
    ls = lengths[0][dx - 1, xs]
    lt = lengths[1][dy - 1, ys] * ratio
    factor = np.log2(1.0 + np.minimum(ls, lt) / np.maximum(np.maximum(ls, lt), 1e-9))
    gap = np.abs(np.log((ls + 1.0) / (lt + 1.0)))
    return raw, factor, gap


def _length_ratio(lengths: tuple[np.ndarray, np.ndarray] | None) -> float:
    """Source characters per target character (1 without lengths): the length factor's scale."""
    if lengths is None:
        return 1.0
    total_src, total_tgt = float(lengths[0][0].sum()), float(lengths[1][0].sum())
    return total_src / total_tgt if total_src and total_tgt else 1.0


def bead_scores(
    src: np.ndarray,
    tgt: np.ndarray,
    dx: int,
    dy: int,
    xs: np.ndarray,
    ys: np.ndarray,
    *,
    config: AlignConfig | None = None,
    lengths: tuple[np.ndarray, np.ndarray] | None = None,
    numbers: tuple[np.ndarray, np.ndarray] | None = None,
) -> np.ndarray:
    """The final pass's ``margin`` score of ``dx``-``dy`` beads starting at source runs ``xs`` and
    target runs ``ys`` (``dx, dy ≥ 1``, at most the overlap arrays' depth): the quantity the search
    maximizes, for scoring beads another search proposed.

    Args:
        src: (K, n, d) source overlap vectors.
        tgt: (K', m, d) target overlap vectors.
        dx: source sentences of every bead.
        dy: target sentences of every bead.
        xs: first source sentence of each bead.
        ys: first target sentence of each bead.
        config: ``number_weight``.
        lengths: as for :func:`align_overlaps`.
        numbers: as for :func:`align_overlaps`.

    >>> v = np.eye(3, dtype=np.float32)[None]
    >>> bead_scores(v, v, 1, 1, np.array([0, 0]), np.array([0, 1])).round(2).tolist()
    [1.0, -0.67]
    """
    return BeadScorer(src, tgt, config=config, lengths=lengths, numbers=numbers)(dx, dy, xs, ys)


class BeadScorer:
    """:func:`bead_scores` of one document pair, its cosines computed once and kept.

    Under ``fitted`` scoring the scores are the fitted ones, in units of ``skip`` (the pair's
    calibrated deletion score, which :meth:`deletions` also needs under ``margin``).
    """

    def __init__(
        self,
        src: np.ndarray,
        tgt: np.ndarray,
        *,
        config: AlignConfig | None = None,
        lengths: tuple[np.ndarray, np.ndarray] | None = None,
        numbers: tuple[np.ndarray, np.ndarray] | None = None,
        skip: float = 1.0,
    ) -> None:
        self.sims = _Sims(src, tgt)
        self.config = config or AlignConfig()
        self.lengths, self.numbers = lengths, numbers
        self.ratio = _length_ratio(lengths)
        self.skip = skip
        self.fitted = self.config.bead_weights() if self.config.scoring == "fitted" else None

    def __call__(self, dx: int, dy: int, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """Scores of the ``dx``-``dy`` beads starting at ``xs``/``ys``."""
        cos = self.sims(dx, dy, xs, ys)
        if self.fitted is not None:
            scale = _scale(self.skip)
            rows = _shape_features(
                self.sims, cos, dx, dy, xs, ys, self.lengths, self.ratio, self.numbers, scale
            )
            return _fitted_matches(self.fitted, rows, dx, dy, scale)
        return _margins(self.sims, cos, dx, dy, xs, ys, self.config, self.lengths, self.ratio, self.numbers)

    def deletions(self, dx: int, dy: int, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """Scores of the 1-0 (``dx = 1``) or 0-1 deletions starting at ``xs``/``ys``."""
        if self.fitted is not None:
            return _fitted_deletions(self.fitted, dx, dy, xs, ys, self.lengths, _scale(self.skip))
        return np.full(len(xs), -abs(self.skip) * (dx + dy))


def _agreement(
    numbers: tuple[np.ndarray, np.ndarray], dx: int, dy: int, xs: np.ndarray, ys: np.ndarray
) -> np.ndarray:
    """:func:`number_agreement` of the runs at ``xs``/``ys``; sets gathered only where both have numbers."""
    src, tgt = numbers
    has_a, has_b = src[dx - 1, xs, 0] >= 0, tgt[dy - 1, ys, 0] >= 0
    out = np.zeros(len(xs))
    out[has_a ^ has_b] = -0.5  # numbers on one side only
    both = np.flatnonzero(has_a & has_b)
    if len(both):
        a, b = src[dx - 1, xs[both]], tgt[dy - 1, ys[both]]
        # drop the padding columns no row of this subset uses
        width_a, width_b = int((a >= 0).sum(axis=1).max()), int((b >= 0).sum(axis=1).max())
        out[both] = number_agreement(a[:, :width_a], b[:, :width_b])
    return out


def _dp(costs: np.ndarray, band: _Band, types: Sequence[BeadType], n: int, m: int) -> list[tuple[int, int]]:
    """Cheapest monotone path through the band; returns the bead type index and end cell per step."""
    n_diag, width = costs.shape[1], band.width
    lo = band.lo
    start = -int(lo[0])
    if not 0 <= start < width:
        raise ValueError("the search band does not contain the origin")
    # csum is flat with one extra cell that stays +inf: every impossible predecessor points there.
    csum = np.full(n_diag * width + 1, _INF)
    sentinel = n_diag * width
    csum[start] = 0.0
    back = np.full((n_diag, width), -1, dtype=np.int8)
    steps = np.array([dx + dy for dx, dy in types])
    dys = np.array([dy for _, dy in types])
    cells = np.arange(width)
    by_diag = np.ascontiguousarray(costs.transpose(1, 0, 2))  # (A, T, B): one diagonal is contiguous
    columns = np.arange(width)
    for a in range(1, n_diag):
        prev = a - steps  # (T,)
        ok_type = prev >= 0
        prev_c = np.where(ok_type, prev, 0)
        shift = lo[a] - dys - lo[prev_c]  # where the predecessor sits in its diagonal's window
        pb = cells[None, :] + shift[:, None]
        valid = ok_type[:, None] & (pb >= 0) & (pb < width)
        index = np.where(valid, prev_c[:, None] * width + pb, sentinel)
        cand = csum[index] + by_diag[a]  # (T, B); +inf where impossible
        arg = cand.argmin(axis=0)  # the first minimum: ties go to the earlier bead type
        best = cand[arg, columns]
        csum[a * width : (a + 1) * width] = best
        back[a] = np.where(np.isfinite(best), arg, -1)
    csum_2d = csum[:sentinel].reshape(n_diag, width)
    # trace back from (n, m)
    a, b = n + m, m - int(lo[n + m])
    if not 0 <= b < width or not np.isfinite(csum_2d[a, b]):
        raise ValueError("the search band does not contain the end of both documents")
    path: list[tuple[int, int]] = []
    while a > 0:
        t = int(back[a, b])
        path.append((t, a * width + b))
        dx, dy = types[t]
        y = int(lo[a]) + b - dy
        a -= dx + dy
        b = y - int(lo[a])
    path.reverse()
    return path


def _run_dp(
    src: np.ndarray,
    tgt: np.ndarray,
    band: _Band,
    types: Sequence[BeadType],
    calibration: Calibration,
    cfg: AlignConfig | None = None,
    lengths: tuple[np.ndarray, np.ndarray] | None = None,
    numbers: tuple[np.ndarray, np.ndarray] | None = None,
    ends: tuple[np.ndarray, np.ndarray] | None = None,
) -> list[Bead]:
    n, m = src.shape[1], tgt.shape[1]
    src_norm = _norms(src, calibration.src_background)
    tgt_norm = _norms(tgt, calibration.tgt_background)
    costs, cosines = _band_costs(
        src,
        tgt,
        src_norm,
        tgt_norm,
        band,
        types,
        calibration.del_penalty,
        cfg or _LEVEL_CONFIG,
        lengths,
        calibration.skip,
        numbers,
        ends,
    )
    width = band.width
    beads: list[Bead] = []
    x = y = 0
    for t, flat in _dp(costs, band, types, n, m):
        dx, dy = types[t]
        a, b = divmod(flat, width)
        score = round(float(cosines[t, a, b]), 4) if dx and dy else 0.0
        beads.append(Bead(tuple(range(x, x + dx)), tuple(range(y, y + dy)), score))
        x, y = x + dx, y + dy
    return beads


# --- recursion: downsample, align coarsely, search a band around the upsampled path --------------


def _downsample(v: np.ndarray) -> np.ndarray:
    """Halve a (n, d) sequence: sum consecutive pairs, remove the mean, re-normalize."""
    half = v.shape[0] // 2
    pairs = v[: 2 * half : 2] + v[1 : 2 * half : 2]
    if half:
        pairs = pairs - pairs.mean(axis=0)
    return _unit_rows(pairs)


def _upsample(beads: Sequence[Bead], n: int, m: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Coarse beads at double resolution, extended to cover sizes (n, m) when the halving dropped a row."""

    def up(side: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(range(2 * min(side), 2 * max(side) + 2))

    out: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for bead in beads:
        if bead.src and bead.tgt:
            out.append((up(bead.src), up(bead.tgt)))
        elif bead.src:
            out.extend(((i,), ()) for i in up(bead.src))
        else:
            out.extend(((), (j,)) for j in up(bead.tgt))
    nx = 1 + max((i for s, _ in out for i in s), default=-1)
    ny = 1 + max((j for _, t in out for j in t), default=-1)
    extra_x, extra_y = tuple(range(nx, n)), tuple(range(ny, m))
    if extra_x and extra_y:
        out.append((extra_x, extra_y))
    else:
        out.extend(((i,), ()) for i in extra_x)
        out.extend(((), (j,)) for j in extra_y)
    return out


def _slant(path: list[tuple[int, int]], dx: int, dy: int) -> None:
    """Append a staircase of single steps from the last point towards (x + dx, y + dy)."""
    x0, y0 = path[-1]
    total = dx + dy
    for k in range(1, total + 1):
        # the point of the straight line at step k, rounded so that x + y grows by exactly one
        x = x0 + (dx * k + total // 2) // total
        y = (x0 + y0 + k) - x
        path.append((x, y))


def _search_path(beads: Sequence[tuple[tuple[int, ...], tuple[int, ...]]]) -> np.ndarray:
    """y of the search path on every anti-diagonal: straight through beads and through deletion runs."""
    path = [(0, 0)]
    del_x = del_y = 0
    for src, tgt in beads:
        if src and tgt:
            _slant(path, del_x, del_y)
            del_x = del_y = 0
            _slant(path, len(src), len(tgt))
        else:
            del_x += len(src)
            del_y += len(tgt)
    _slant(path, del_x, del_y)
    return np.array([y for _, y in path], dtype=np.int64)


def align_overlaps(
    src: np.ndarray,
    tgt: np.ndarray,
    *,
    config: AlignConfig | None = None,
    calibration: Calibration | None = None,
    lengths: tuple[np.ndarray, np.ndarray] | None = None,
    numbers: tuple[np.ndarray, np.ndarray] | None = None,
    ends: tuple[np.ndarray, np.ndarray] | None = None,
) -> tuple[Bead, ...]:
    """Align two sentence sequences given their overlap vectors.

    Args:
        src: (K, n, d) source overlap vectors (``K ≥ 1``; bead sides are capped at ``K``).
        tgt: (K', m, d) target overlap vectors.
        config: search parameters.
        calibration: background vectors and deletion penalty for the finest level (default: those
            of this document pair, :func:`calibrate`); pass a corpus-wide one when aligning many
            short pieces (clauses) of the same two documents.
        lengths: (K, n) and (K', m) character lengths of the runs (:func:`overlap_lengths`): the
            ``margin`` score's length factor.
        numbers: the runs' numbers (:func:`overlap_numbers`): the ``margin`` score's number agreement.
        ends: (n + 1,) and (m + 1,) classes of the positions between units
            (:func:`lawalign.align.ends.boundary_classes`): a bead boundary that ends a sentence at a
            false end on one side only costs ``false_end_charge`` deletions.

    Returns:
        Beads covering every sentence of both sides once, in order; a match's ``score`` is the
        cosine of its two groups (4 decimals), a deletion's is 0.

    The matrix products are small (a block of source rows against the target rows of its band), so
    BLAS runs on one thread: on two busy cores, OpenBLAS's thread pool made them ~10× slower.
    """
    with threadpool_limits(limits=1, user_api="blas"):
        return _align(src, tgt, config or AlignConfig(), calibration, lengths, numbers, ends)


def _align(
    src: np.ndarray,
    tgt: np.ndarray,
    cfg: AlignConfig,
    calibration: Calibration | None,
    lengths: tuple[np.ndarray, np.ndarray] | None = None,
    numbers: tuple[np.ndarray, np.ndarray] | None = None,
    ends: tuple[np.ndarray, np.ndarray] | None = None,
) -> tuple[Bead, ...]:
    n, m = src.shape[1], tgt.shape[1]
    if n == 0 or m == 0:
        return tuple([Bead((i,), ()) for i in range(n)] + [Bead((), (j,)) for j in range(m)])
    types = search_types(src, tgt, cfg)
    band, final = _coarse_band(src, tgt, cfg, calibration)
    beads = _run_dp(src, tgt, band, types, final, cfg, lengths, numbers, ends)
    log.debug("aligned %d × %d sentences: %d beads", n, m, len(beads))
    return tuple(beads)


def search_types(src: np.ndarray, tgt: np.ndarray, cfg: AlignConfig) -> list[BeadType]:
    """The bead shapes the last pass tries: those of ``cfg.max_size`` the overlap arrays can hold."""
    return [t for t in bead_types(cfg.max_size) if t[0] <= src.shape[0] and t[1] <= tgt.shape[0]]


def _coarse_band(
    src: np.ndarray, tgt: np.ndarray, cfg: AlignConfig, calibration: Calibration | None
) -> tuple[_Band, Calibration]:
    """The last pass's band and calibration: ``cfg.width`` cells around the 1-1 path of the coarsest
    level (the document itself when it is small enough), upsampled level by level."""
    levels = [(src[0], tgt[0])]
    while (
        levels[-1][0].shape[0] * levels[-1][1].shape[0] > cfg.full_dp_max**2
        and min(levels[-1][0].shape[0], levels[-1][1].shape[0]) > 1
    ):
        levels.append((_downsample(levels[-1][0]), _downsample(levels[-1][1])))
    one_to_one = [(1, 1), (1, 0), (0, 1)]
    final = calibration if calibration is not None else calibrate(src, tgt, cfg)
    top = len(levels) - 1
    s_top, t_top = levels[top]
    beads = _run_dp(
        s_top[None],
        t_top[None],
        _full_band(s_top.shape[0], t_top.shape[0]),
        one_to_one,
        final if top == 0 else calibrate(s_top[None], t_top[None], cfg),
    )
    if top == 0:
        return _path_band(_search_path([(b.src, b.tgt) for b in beads]), cfg.width), final
    for k in range(top - 1, -1, -1):
        s_k, t_k = levels[k]
        band = _path_band(_search_path(_upsample(beads, s_k.shape[0], t_k.shape[0])), cfg.width)
        if k == 0:
            return band, final
        beads = _run_dp(s_k[None], t_k[None], band, one_to_one, calibrate(s_k[None], t_k[None], cfg))
    raise AssertionError("unreachable")


@dataclass(frozen=True, slots=True)
class SearchProblem:
    """The last pass of :func:`align_overlaps` laid open, for fitting bead weights on gold beads.

    ``features[f, t, a, b]`` is feature ``names[f]`` (:mod:`lawalign.align.beadmodel`) of the bead of
    shape ``types[t]`` that ends at the cell ``b`` of anti-diagonal ``a`` of the band (0 where no
    such bead exists; ``possible`` says where one does). :meth:`solve` runs the search under some
    weights; :meth:`path_features` sums the features of a path.
    """

    names: tuple[str, ...]
    types: tuple[BeadType, ...]
    features: np.ndarray  # (F, T, A, B)
    possible: np.ndarray  # (T, A, B) bool
    band: _Band
    shape: tuple[int, int]
    scale: float

    def costs(self, weights: np.ndarray) -> np.ndarray:
        """(T, A, B) costs of every bead under ``weights`` (one per name), +inf where impossible."""
        score = self.scale * np.tensordot(weights, self.features, axes=1)
        return np.where(self.possible, -score, _INF)

    def solve(self, weights: np.ndarray) -> list[tuple[int, int, int]]:
        """The best path under ``weights``: ``(type index, a, b)`` of every bead, in order."""
        n, m = self.shape
        width = self.band.width
        path = _dp(self.costs(weights), self.band, self.types, n, m)
        return [(t, *divmod(flat, width)) for t, flat in path]

    def cell(self, t: int, x_end: int, y_end: int) -> tuple[int, int] | None:
        """``(a, b)`` of the bead of type ``t`` ending at ``(x_end, y_end)``, None outside the band."""
        a = x_end + y_end
        b = y_end - int(self.band.lo[a])
        if not 0 <= b < self.band.width or not self.possible[t, a, b]:
            return None
        return a, b

    def path_features(self, cells: Sequence[tuple[int, int, int]]) -> np.ndarray:
        """(F,) the features summed over beads given as ``(type index, a, b)``."""
        if not cells:
            return np.zeros(len(self.names))
        t, a, b = np.array(cells).T
        out: np.ndarray = self.features[:, t, a, b].sum(axis=1)
        return out


def search_problem(
    src: np.ndarray,
    tgt: np.ndarray,
    *,
    config: AlignConfig | None = None,
    lengths: tuple[np.ndarray, np.ndarray] | None = None,
    numbers: tuple[np.ndarray, np.ndarray] | None = None,
    ends: tuple[np.ndarray, np.ndarray] | None = None,
    widen: int = 0,
) -> SearchProblem:
    """The last pass of :func:`align_overlaps` on these inputs, as features (:class:`SearchProblem`).

    The band is the search's own (the coarse levels do not depend on the bead weights), widened by
    ``widen`` cells each way.
    """
    cfg = config or AlignConfig()
    n, m = src.shape[1], tgt.shape[1]
    types = tuple(search_types(src, tgt, cfg))
    band, final = _coarse_band(src, tgt, cfg, None)
    if widen:
        band = _Band(band.lo - widen, band.width + 2 * widen)
    scale = _scale(final.skip)
    a = np.arange(n + m + 1)[:, None]
    y = band.lo[:, None] + np.arange(band.width)[None, :]
    x = a - y
    inside = (x >= 0) & (x <= n) & (y >= 0) & (y <= m)
    names = (*BASE_FEATURES, *(type_feature(dx, dy) for dx, dy in types))
    features = np.zeros((len(names), len(types), *y.shape))
    possible = np.zeros((len(types), *y.shape), dtype=bool)
    sims = _Sims(src, tgt)
    ratio = _length_ratio(lengths)
    for t, (dx, dy) in enumerate(types):
        sx, sy = x - dx, y - dy
        ok = inside & (sx >= 0) & (sy >= 0)
        possible[t] = ok
        features[len(BASE_FEATURES) + t, t][ok] = 1.0
        if dx == 0 or dy == 0:
            length = _deleted_length(lengths, dx, sx[ok], sy[ok])
            features[BASE_FEATURES.index("deleted_length"), t][ok] = length
            continue
        xs, ys = sx[ok], sy[ok]
        rows = _shape_features(sims, sims(dx, dy, xs, ys), dx, dy, xs, ys, lengths, ratio, numbers, scale)
        for f in range(_MATCH_FEATURES):
            features[f, t][ok] = rows[f]
    if ends is not None:
        ex, ey = np.clip(x, 0, n), np.clip(y, 0, m)
        wrong = inside & mismatched(ends[0][ex], ends[1][ey])
        features[BASE_FEATURES.index("false_end")] = np.where(possible & wrong[None], 1.0, 0.0)
    return SearchProblem(names, types, features, possible, band, (n, m), scale)


def align_texts(
    src: Sequence[str],
    tgt: Sequence[str],
    embedder: Embedder,
    *,
    config: AlignConfig | None = None,
) -> tuple[Bead, ...]:
    """Align two lists of sentences: embed every run of up to ``max_side`` sentences, then align.

    Args:
        src: source sentences, in order.
        tgt: target sentences, in order.
        embedder: any :class:`~lawalign.align.embed.Embedder` (wrap it in the cache to embed once).
        config: search parameters.
    """
    cfg = config or AlignConfig()
    src_ov, tgt_ov = embed_overlaps(src, tgt, embedder, cfg.max_side)
    lengths = (overlap_lengths(src, cfg.max_side), overlap_lengths(tgt, cfg.max_side))
    numbers = overlap_anchors(src, tgt, cfg.max_side, cfg.max_side)
    ends = pair_classes(src, tgt)
    return align_overlaps(src_ov, tgt_ov, config=cfg, lengths=lengths, numbers=numbers, ends=ends)
