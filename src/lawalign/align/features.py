"""What the banded search reads of a document pair: one prepared-inputs type, and how it is encoded.

:class:`PairFeatures` holds, for two sequences of units (sentences or clause fragments), the overlap
vectors of every run of up to ``K`` consecutive units (row ``k - 1, i``: units ``i … i+k-1`` read
together), the runs' character lengths and numbers, and the classes of the positions between units
(false sentence ends, :mod:`lawalign.align.ends`). Every caller of the search builds it the same
way (:func:`prepare_pair` when every run is encoded, :func:`encode_banded` when only the uncertain
ones are) and hands it to :meth:`PairFeatures.align`.

**Encoding only where the first pass is uncertain** (:func:`encode_banded`, ``lawalign pair``'s
default). Encoding every run of up to four sentences costs about ten sentences' worth of tokens
per sentence (1 + 2 + 3 + 4), where a plain sentence encoding costs one. So:

1. every sentence is encoded once;
2. each run of ``k ≥ 2`` sentences is *approximated* by the length-weighted sum of its sentences'
   vectors, re-normalized (e5 mean-pools its token vectors, so a concatenation's vector is close
   to the mean of its parts weighted by their lengths);
3. the full search runs on these vectors; its path gives the band, and where the path is sure of
   itself no run needs its own vector: a 1-1 bead whose margin score is at least
   ``confident`` × the calibrated deletion score;
4. every other bead (a deletion, a bead of more than one sentence on a side, a weak 1-1) marks its
   sentences *uncertain* (widened by :data:`WIDEN` sentences each way); the runs of up to
   :data:`ENCODED_RUNS` sentences lying wholly inside an uncertain stretch are encoded, their
   approximations replaced, and the search runs again;
5. with ``compose``, the longer runs inside an uncertain stretch are read from the encoded runs
   inside them (:func:`compose_runs`: a run of four from its three + one, two + two and one + three)
   rather than from their single units, at no encoding cost. On 215 runs of four sentences of the
   300 x 350 benchmark pair (every third start of both sides), the composed vector's cosine to the
   run's own vector is 0.990 on average, against 0.965 for the length-weighted sum of the four.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import numpy as np

from lawalign.align.beadmodel import bead_types
from lawalign.align.embed import Embedder, normalize_rows
from lawalign.align.ends import mismatched, pair_classes
from lawalign.align.sentalign import (
    AlignConfig,
    BeadScorer,
    Calibration,
    SearchProblem,
    align_overlaps,
    calibrate,
    embed_overlaps,
    overlap_anchors,
    overlap_lengths,
    overlap_texts,
    search_problem,
)
from lawalign.models import Bead

CONFIDENT = 1.0
"""A first-pass 1-1 bead needs no run vectors around it when its margin score is at least this
many calibrated deletion scores (see docs/align.md for the values measured)."""
ENCODED_RUNS = 3
"""Longest run of sentences given a vector of its own; longer runs keep their approximation."""
WIDEN = 0
"""Sentences added on each side of an uncertain bead before the runs inside are encoded."""


@dataclass(frozen=True, slots=True)
class PairFeatures:
    """Everything the search reads of two unit sequences (see the module docstring).

    Attributes:
        src_ov: (K, n, d) source overlap vectors (rows past the end are zero).
        tgt_ov: (K', m, d) target overlap vectors.
        lengths: (K, n) and (K', m) character lengths of the runs.
        numbers: the runs' numbers and shared names (:func:`~lawalign.align.sentalign.overlap_anchors`).
        ends: (n + 1,) and (m + 1,) boundary classes (:func:`~lawalign.align.ends.boundary_classes`).
    """

    src_ov: np.ndarray
    tgt_ov: np.ndarray
    lengths: tuple[np.ndarray, np.ndarray]
    numbers: tuple[np.ndarray, np.ndarray]
    ends: tuple[np.ndarray, np.ndarray]

    @property
    def shape(self) -> tuple[int, int]:
        """``(n, m)``: units of each side."""
        return self.src_ov.shape[1], self.tgt_ov.shape[1]

    def calibrate(self, config: AlignConfig) -> Calibration:
        """The backgrounds and deletion scores of this pair (:func:`~lawalign.align.sentalign.calibrate`)."""
        return calibrate(self.src_ov, self.tgt_ov, config)

    def scorer(self, config: AlignConfig, skip: float = 1.0) -> BeadScorer:
        """Scores of any bead of this pair (:class:`~lawalign.align.sentalign.BeadScorer`; ``skip``:
        the calibrated deletion score, the unit of ``fitted`` scores)."""
        return BeadScorer(
            self.src_ov, self.tgt_ov, config=config, lengths=self.lengths, numbers=self.numbers, skip=skip
        )

    def level(self, config: AlignConfig, calibration: Calibration | None = None) -> Level:
        """This pair as one level of the search: its features, ``config`` and calibrated skip."""
        skip = (calibration or self.calibrate(config)).skip
        return Level(
            self.src_ov,
            self.tgt_ov,
            self.lengths,
            self.numbers,
            config,
            skip,
            self.scorer(config, skip),
            self.ends,
        )

    def search_problem(self, config: AlignConfig, widen: int = 0) -> SearchProblem:
        """The last pass of :meth:`align` laid open, for fitting
        (:func:`~lawalign.align.sentalign.search_problem`)."""
        return search_problem(
            self.src_ov,
            self.tgt_ov,
            config=config,
            lengths=self.lengths,
            numbers=self.numbers,
            ends=self.ends,
            widen=widen,
        )

    def align(self, config: AlignConfig, calibration: Calibration | None = None) -> tuple[Bead, ...]:
        """The banded search over these features (:func:`~lawalign.align.sentalign.align_overlaps`)."""
        return align_overlaps(
            self.src_ov,
            self.tgt_ov,
            config=config,
            calibration=calibration,
            lengths=self.lengths,
            numbers=self.numbers,
            ends=self.ends,
        )


def features_of(
    src: Sequence[str],
    tgt: Sequence[str],
    src_ov: np.ndarray,
    tgt_ov: np.ndarray,
    owners: tuple[np.ndarray, np.ndarray] | None = None,
    sentences: tuple[Sequence[str], Sequence[str]] | None = None,
) -> PairFeatures:
    """:class:`PairFeatures` of two unit lists whose overlap vectors are given.

    Args:
        src: source units (sentences, or fragments with ``owners``).
        tgt: target units.
        src_ov: (K, n, d) overlap vectors of ``src``.
        tgt_ov: (K', m, d) overlap vectors of ``tgt``.
        owners: sentence of every fragment of each side, when the units are fragments.
        sentences: the sentences the fragments were cut from (needed with ``owners``).
    """
    ks, kt = src_ov.shape[0], tgt_ov.shape[0]
    lengths = (overlap_lengths(src, ks), overlap_lengths(tgt, kt))
    numbers = overlap_anchors(src, tgt, ks, kt)
    if owners is not None:
        if sentences is None:
            raise ValueError("fragment features need the sentences the fragments were cut from")
        ends = pair_classes(sentences[0], sentences[1], owners)
    else:
        ends = pair_classes(src, tgt)
    return PairFeatures(src_ov, tgt_ov, lengths, numbers, ends)


def prepare_pair(
    src: Sequence[str],
    tgt: Sequence[str],
    embedder: Embedder,
    max_side: int,
    owners: tuple[np.ndarray, np.ndarray] | None = None,
    sentences: tuple[Sequence[str], Sequence[str]] | None = None,
) -> PairFeatures:
    """:class:`PairFeatures` with every run of up to ``max_side`` units encoded."""
    src_ov, tgt_ov = embed_overlaps(src, tgt, embedder, max_side)
    return features_of(src, tgt, src_ov, tgt_ov, owners, sentences)


def _unit_weights(units: Sequence[str]) -> np.ndarray:
    """Each unit's weight in a run's vector: its character length (at least 1)."""
    return np.array([max(1, len(u)) for u in units], dtype=np.float64)


def approximate_runs(vectors: np.ndarray, units: Sequence[str], max_side: int) -> np.ndarray:
    """(max_side, n, d) overlaps whose run vectors are the character-length-weighted sums of the
    units' vectors, re-normalized (row ``k = 1`` is ``vectors`` itself).

    >>> v = np.eye(2, dtype=np.float32)
    >>> [round(float(x), 3) for x in approximate_runs(v, ["a", "bbb"], 2)[1, 0]]
    [0.316, 0.949]
    """
    n = len(units)
    weights = _unit_weights(units)
    out = np.zeros((max_side, n, vectors.shape[1]), dtype=np.float32)
    out[0, :n] = vectors
    weighted = vectors.astype(np.float64) * weights[:, None]
    csum = np.vstack([np.zeros((1, vectors.shape[1])), np.cumsum(weighted, axis=0)])
    for k in range(2, max_side + 1):
        count = n - k + 1
        if count > 0:
            out[k - 1, :count] = normalize_rows(csum[k : k + count] - csum[:count])
    return out


def compose_runs(ov: np.ndarray, units: Sequence[str], runs: Sequence[tuple[int, int]]) -> np.ndarray:
    """``ov`` with every run ``(k, i)`` of ``runs`` read from its two-part readings.

    A run longer than the longest run encoded has no vector of its own. Where the shorter runs inside it
    are encoded, it is read from them: for every split into a first part of ``a`` units and a second of
    ``k − a``, the parts' vectors summed with their character lengths as weights and re-normalized;
    the run's vector is the mean of these readings, re-normalized (so a run of four is read from its
    encoded three + one, two + two and one + three). ``runs`` are ordered by ``k``, so a longer run may
    be read from shorter composed ones.

    >>> v = approximate_runs(np.eye(3, dtype=np.float32), ["a", "b", "c"], 3)
    >>> v[1, 0] = [0.0, 1.0, 0.0]  # the run "a b" encoded as if it read "b"
    >>> [round(float(x), 3) for x in compose_runs(v, ["a", "b", "c"], [(3, 0)])[2, 0]]
    [0.233, 0.794, 0.562]
    """
    csum = np.concatenate([[0.0], np.cumsum(_unit_weights(units))])
    out = ov.copy()
    for k, i in sorted(runs):
        total = np.zeros(ov.shape[2])
        for a in range(1, k):
            part = (csum[i + a] - csum[i]) * out[a - 1, i] + (csum[i + k] - csum[i + a]) * out[
                k - a - 1, i + a
            ]
            total += part / max(float(np.linalg.norm(part)), 1e-12)
        out[k - 1, i] = total / max(float(np.linalg.norm(total)), 1e-12)
    return out


Corner = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Level:
    """One level of units (sentences or fragments) as a search sees it: its features, its
    configuration and its calibrated deletion cost ``skip`` (:meth:`PairFeatures.level`)."""

    src: np.ndarray
    tgt: np.ndarray
    lengths: tuple[np.ndarray, np.ndarray]
    numbers: tuple[np.ndarray, np.ndarray]
    config: AlignConfig
    skip: float
    scorer: BeadScorer
    ends: tuple[np.ndarray, np.ndarray]

    def end_charge(self, corners: Sequence[Corner]) -> float:
        """What the search charges for bead boundaries at ``corners`` (false ends on one side only)."""
        if not corners or not self.config.false_end_charge:
            return 0.0
        xs, ys = np.array(corners).T
        wrong = int(mismatched(self.ends[0][xs], self.ends[1][ys]).sum())
        return wrong * self.config.end_charge() * abs(self.skip)

    def bead_score(self, dx: int, dy: int, x: int, y: int) -> float:
        """Score of one bead (``−skip`` per unit of a deletion under ``margin``; ``−inf`` beyond the
        runs embedded)."""
        if dx == 0 or dy == 0:
            if self.scorer.fitted is None:
                return -self.skip * (dx + dy)
            return float(self.scorer.deletions(dx, dy, np.array([x]), np.array([y]))[0])
        if dx > self.src.shape[0] or dy > self.tgt.shape[0]:
            return -np.inf
        return float(self.scorer(dx, dy, np.array([x]), np.array([y]))[0])

    def cosine(self, dx: int, dy: int, x: int, y: int) -> float:
        """Cosine of a bead's two groups (0 for a deletion or beyond the runs embedded)."""
        if dx == 0 or dy == 0 or dx > self.src.shape[0] or dy > self.tgt.shape[0]:
            return 0.0
        return float(self.scorer.sims(dx, dy, np.array([x]), np.array([y]))[0])

    def best(self, start: Corner, end: Corner, forbid: Callable[[int, int], bool] | None = None) -> float:
        """Highest total score of a monotone path of beads from ``start`` to ``end`` (−inf if none)
        that passes no inner corner ``forbid`` rejects (beads up to ``config.max_size`` units)."""
        return self.best_path(start, end, forbid)[0]

    def best_path(
        self,
        start: Corner,
        end: Corner,
        forbid: Callable[[int, int], bool] | None = None,
        without: tuple[int, int] | None = None,
    ) -> tuple[float, list[tuple[int, int]]]:
        """:meth:`best` and its path (the bead shapes in order); ``without``: a bead shape not
        used (the region's own shape: the best path of at least two beads)."""
        (x0, y0), (x1, y1) = start, end
        w, h = x1 - x0, y1 - y0
        if w < 0 or h < 0:
            return -np.inf, []
        blocked = np.zeros((w + 1, h + 1), dtype=bool)
        if forbid is not None:
            for di in range(w + 1):
                for dj in range(h + 1):
                    blocked[di, dj] = forbid(x0 + di, y0 + dj)
            blocked[0, 0] = blocked[w, h] = False
        table = np.full((w + 1, h + 1), -np.inf)
        back = np.full((w + 1, h + 1), -1, dtype=np.int64)
        table[0, 0] = 0.0
        steps: list[tuple[int, int, np.ndarray]] = []
        for dx, dy in bead_types(self.config.max_size):
            if dx > w or dy > h or dx > self.src.shape[0] or dy > self.tgt.shape[0] or (dx, dy) == without:
                continue
            if dx and dy:
                ii, jj = np.meshgrid(np.arange(w - dx + 1), np.arange(h - dy + 1), indexing="ij")
                scores = self.scorer(dx, dy, (x0 + ii).ravel(), (y0 + jj).ravel()).reshape(ii.shape)
            elif self.scorer.fitted is None:
                scores = np.full((w - dx + 1, h - dy + 1), -self.skip)
            else:
                ii, jj = np.meshgrid(np.arange(w - dx + 1), np.arange(h - dy + 1), indexing="ij")
                scores = self.scorer.deletions(dx, dy, (x0 + ii).ravel(), (y0 + jj).ravel()).reshape(ii.shape)
            steps.append((dx, dy, scores))
        for a in range(1, w + h + 1):
            i = np.arange(max(0, a - h), min(w, a) + 1)
            j = a - i
            best = np.full(len(i), -np.inf)
            arg = np.full(len(i), -1, dtype=np.int64)
            for t, (dx, dy, scores) in enumerate(steps):
                ok = (i >= dx) & (j >= dy)
                pi, pj = i[ok] - dx, j[ok] - dy
                cand = table[pi, pj] + scores[pi, pj]
                better = cand > best[ok]
                idx = np.flatnonzero(ok)[better]
                best[idx] = cand[better]
                arg[idx] = t
            best[blocked[i, j]] = -np.inf
            table[i, j] = best
            back[i, j] = arg
        path: list[tuple[int, int]] = []
        ci, cj = w, h
        if np.isfinite(table[w, h]):
            while ci or cj:
                dx, dy, _ = steps[int(back[ci, cj])]
                path.append((dx, dy))
                ci, cj = ci - dx, cj - dy
        path.reverse()
        return float(table[w, h]), path


LARGE_BEAD = 3
"""A bead with more sentences than this on one side needs evidence that all of them belong to it."""
LARGE_BEAD_MARGIN = 1.0
"""The evidence, in calibrated deletion scores (:func:`split_large`)."""


def _best_inner(level: Level, x: int, y: int, dx: int, dy: int) -> tuple[float, int, int, int, int]:
    """The best-scoring bead strictly inside the bead ``(x, y, dx, dy)``: score, x, y, dx, dy."""
    best = (-np.inf, x, y, 0, 0)
    for sx in range(1, dx + 1):
        for sy in range(1, dy + 1):
            if (sx, sy) == (dx, dy):
                continue
            for ox in range(dx - sx + 1):
                for oy in range(dy - sy + 1):
                    score = level.bead_score(sx, sy, x + ox, y + oy)
                    if score > best[0]:
                        best = (score, x + ox, y + oy, sx, sy)
    return best


def split_large(
    beads: Sequence[Bead], level: Level, *, limit: int = LARGE_BEAD, margin: float = LARGE_BEAD_MARGIN
) -> tuple[Bead, ...]:
    """Beads with more than ``limit`` units on a side kept only with evidence, else split.

    Inside a document the evidence is a score ``margin`` deletions above the bead's best split (two
    or more beads, deletions at the calibrated cost), which then replaces it. At either end of the
    document (a bead holding the first or the last unit of a side), where unmatched material gathers
    (one side cut short, page chrome), the bead must also score ``margin`` deletions above every
    smaller bead inside it; otherwise that smaller bead stays and every other unit of the bead is
    unaligned (1:0 / 0:1). The parts are checked in turn.
    """
    n, m = level.src.shape[1], level.tgt.shape[1]
    threshold = margin * abs(level.skip) if np.isfinite(margin) else margin
    out: list[Bead] = []
    x = y = 0
    todo = list(beads)
    while todo:
        bead = todo.pop(0)
        dx, dy = len(bead.src), len(bead.tgt)
        if max(dx, dy) <= limit or not (dx and dy):
            out.append(bead)
            x, y = x + dx, y + dy
            continue
        whole = level.bead_score(dx, dy, x, y)
        parts: list[Bead] = []
        if x == 0 or y == 0 or x + dx == n or y + dy == m:
            inner, ix, iy, sx, sy = _best_inner(level, x, y, dx, dy)
            if np.isfinite(inner) and not (np.isfinite(whole) and whole - inner >= threshold):
                cos = round(level.cosine(sx, sy, ix, iy), 4)
                parts = [Bead((i,), ()) for i in range(x, ix)] + [Bead((), (j,)) for j in range(y, iy)]
                parts.append(Bead(tuple(range(ix, ix + sx)), tuple(range(iy, iy + sy)), cos))
                parts += [Bead((i,), ()) for i in range(ix + sx, x + dx)]
                parts += [Bead((), (j,)) for j in range(iy + sy, y + dy)]
        if not parts:
            split, shapes = level.best_path((x, y), (x + dx, y + dy), without=(dx, dy))
            if shapes and not (np.isfinite(whole) and whole - split >= threshold):
                px, py = x, y
                for sx, sy in shapes:
                    cos = round(level.cosine(sx, sy, px, py), 4)
                    parts.append(Bead(tuple(range(px, px + sx)), tuple(range(py, py + sy)), cos))
                    px, py = px + sx, py + sy
        if not parts:
            out.append(bead)
            x, y = x + dx, y + dy
            continue
        todo[:0] = parts
    return tuple(out)


@dataclass(frozen=True, slots=True)
class EncodeStats:
    """What :func:`encode_banded` encoded: strings and tokens (characters when the embedder cannot
    count tokens) per kind, and the share of sentences found uncertain."""

    sentences: int
    runs: int
    runs_possible: int  # distinct runs of 2 … max_side sentences of both sides
    uncertain_src: int
    uncertain_tgt: int

    @property
    def strings(self) -> int:
        """Every string encoded (sentences and runs)."""
        return self.sentences + self.runs


def _uncertain(
    beads: Sequence[Bead], scores: Sequence[float], skip: float, confident: float, n: int, m: int, widen: int
) -> tuple[np.ndarray, np.ndarray]:
    """(n,) and (m,) masks of the sentences around every bead the first pass is not sure of."""
    src_mask = np.zeros(n, dtype=bool)
    tgt_mask = np.zeros(m, dtype=bool)
    threshold = confident * abs(skip)
    x = y = 0
    for bead, score in zip(beads, scores, strict=True):
        dx, dy = len(bead.src), len(bead.tgt)
        sure = dx == 1 and dy == 1 and score >= threshold
        if not sure:
            src_mask[max(0, x - widen) : min(n, x + dx + widen)] = True
            tgt_mask[max(0, y - widen) : min(m, y + dy + widen)] = True
        x, y = x + dx, y + dy
    return src_mask, tgt_mask


def _runs_inside(mask: np.ndarray, max_side: int) -> list[tuple[int, int]]:
    """``(k, i)`` of every run of ``2 ≤ k ≤ max_side`` units wholly inside the masked stretches."""
    n = len(mask)
    out: list[tuple[int, int]] = []
    for k in range(2, max_side + 1):
        for i in range(n - k + 1):
            if mask[i : i + k].all():
                out.append((k, i))
    return out


def encode_banded(
    src: Sequence[str],
    tgt: Sequence[str],
    embedder: Embedder,
    config: AlignConfig,
    *,
    confident: float = CONFIDENT,
    encoded_runs: int = ENCODED_RUNS,
    widen: int = WIDEN,
    compose: bool = False,
) -> tuple[PairFeatures, EncodeStats]:
    """Sentence features with runs encoded only where a first pass is uncertain (module docstring).

    Args:
        src: source sentences.
        tgt: target sentences.
        embedder: the embedder (through its cache).
        config: the search's parameters (``max_side`` runs; the first pass's calibration).
        confident: a first-pass 1-1 bead with a margin score of at least this many deletion scores
            needs no run vectors; ``float("inf")`` encodes every run inside the widened beads of
            every bead, ``-inf`` none beyond the non-1-1 beads.
        encoded_runs: longest run encoded (longer ones stay approximated).
        widen: sentences added on each side of an uncertain bead.
        compose: read the runs longer than ``encoded_runs`` inside an uncertain stretch from the
            encoded runs inside them (:func:`compose_runs`).
    """
    max_side = config.max_side
    n, m = len(src), len(tgt)
    distinct = list(dict.fromkeys(s.strip() for s in (*src, *tgt)))
    matrix = embedder.encode(distinct) if distinct else np.zeros((0, embedder.dim), dtype=np.float32)
    index = {t: i for i, t in enumerate(distinct)}
    dim = matrix.shape[1] if len(distinct) else embedder.dim
    src_v = matrix[[index[s.strip()] for s in src]] if n else np.zeros((0, dim), dtype=np.float32)
    tgt_v = matrix[[index[t.strip()] for t in tgt]] if m else np.zeros((0, dim), dtype=np.float32)
    src_ov = approximate_runs(src_v, src, max_side)
    tgt_ov = approximate_runs(tgt_v, tgt, max_side)
    first = features_of(src, tgt, src_ov, tgt_ov)
    possible = len({t for side in (src, tgt) for k in range(2, max_side + 1) for t in overlap_texts(side, k)})
    if n == 0 or m == 0:
        return first, EncodeStats(len(distinct), 0, possible, 0, 0)
    # the first pass scores by margin whatever the last one does, so what is encoded does not
    # depend on fitted weights (they are fitted on these very features)
    config = replace(config, scoring="margin") if config.scoring == "fitted" else config
    calibration = first.calibrate(config)
    beads = first.align(config, calibration)
    scorer = first.scorer(config)
    scores = [
        float(scorer(len(b.src), len(b.tgt), np.array([b.src[0]]), np.array([b.tgt[0]]))[0])
        if b.src and b.tgt
        else 0.0
        for b in beads
    ]
    src_mask, tgt_mask = _uncertain(beads, scores, calibration.skip, confident, n, m, widen)
    longest = min(max_side, encoded_runs)
    src_inside, tgt_inside = _runs_inside(src_mask, max_side), _runs_inside(tgt_mask, max_side)
    src_runs = [(k, i) for k, i in src_inside if k <= longest]
    tgt_runs = [(k, j) for k, j in tgt_inside if k <= longest]
    texts = {" ".join(s.strip() for s in src[i : i + k]) for k, i in src_runs}
    texts |= {" ".join(t.strip() for t in tgt[j : j + k]) for k, j in tgt_runs}
    order = sorted(texts)
    if order:
        encoded = embedder.encode(order)
        vectors = {t: encoded[i] for i, t in enumerate(order)}
        src_ov, tgt_ov = src_ov.copy(), tgt_ov.copy()
        for k, i in src_runs:
            src_ov[k - 1, i] = vectors[" ".join(s.strip() for s in src[i : i + k])]
        for k, j in tgt_runs:
            tgt_ov[k - 1, j] = vectors[" ".join(t.strip() for t in tgt[j : j + k])]
    if compose:
        src_ov = compose_runs(src_ov, src, [(k, i) for k, i in src_inside if k > longest])
        tgt_ov = compose_runs(tgt_ov, tgt, [(k, j) for k, j in tgt_inside if k > longest])
    final = replace(first, src_ov=src_ov, tgt_ov=tgt_ov)
    stats = EncodeStats(len(distinct), len(order), possible, int(src_mask.sum()), int(tgt_mask.sum()))
    return final, stats


__all__ = [
    "CONFIDENT",
    "ENCODED_RUNS",
    "LARGE_BEAD",
    "LARGE_BEAD_MARGIN",
    "WIDEN",
    "Corner",
    "EncodeStats",
    "Level",
    "PairFeatures",
    "approximate_runs",
    "compose_runs",
    "encode_banded",
    "features_of",
    "prepare_pair",
    "split_large",
]
