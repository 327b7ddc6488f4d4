"""The confidence of an id, fitted on lines read out of fold: the head of the line reader.

An id's confidence is the share of ids right at its reading. It is fitted on lines whose reader
never saw their site (``make train``: folds by site; the protocol: every other site), in two steps:

1. a logistic regression (scikit-learn, L2, ``confidence_c`` of ``data/reader/settings.toml``) of
   "the line's id is right" over the deciding unit's cues
   (:func:`lawalign.structure.reader.confidence_cues`: its raw confidence, whether its id was
   inferred, its role, and how the whole text was read);
2. an isotonic map from the regression's probability to the share right, fitted on the same lines'
   probabilities cross-fitted by site, so the confidence printed is a frequency on unseen sites.

The result is a :class:`~lawalign.structure.reader.ConfidenceHead` and the calibration knots of a
:class:`~lawalign.structure.reader.RoleModel`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from lawalign.structure.reader import CUES, ConfidenceHead
from lawalign_dev.evaluate.pages import LineResult

if TYPE_CHECKING:
    from sklearn.isotonic import IsotonicRegression


def smoothed_isotonic(xs: Sequence[float], ys: Sequence[float]) -> IsotonicRegression:
    """An isotonic (non-decreasing) map from ``xs`` to the share of ``ys`` (0/1) right, each block's
    share the posterior mean under a uniform prior, ``(right + 1) / (lines + 2)`` (pooled again where
    that breaks the order): a block of n lines all right says the share is high, not that it is 1 —
    a plain isotonic map gives its lines 1.0, certainty no finite count of lines shows.

    >>> round(float(smoothed_isotonic([0.1, 0.5, 0.9], [0.0, 1.0, 1.0]).predict([0.9])[0]), 3)
    0.75
    """
    from sklearn.isotonic import IsotonicRegression

    def fresh() -> IsotonicRegression:
        return IsotonicRegression(y_min=0.0, y_max=1.0, out_of_bounds="clip")

    xs, ys = list(xs), list(ys)
    fitted = fresh().fit(xs, ys).predict(xs).tolist()
    blocks: dict[float, tuple[int, float]] = {}
    for v, y in zip(fitted, ys, strict=True):
        n, k = blocks.get(v, (0, 0.0))
        blocks[v] = (n + 1, k + y)
    smooth = [(blocks[v][1] + 1) / (blocks[v][0] + 2) for v in fitted]
    return fresh().fit(xs, smooth)


def isotonic_knots(xs: Sequence[float], ys: Sequence[float]) -> tuple[tuple[float, float], ...]:
    """The knots of the map :func:`smoothed_isotonic` fits from ``xs`` to ``ys`` (rounded to 6
    places).

    >>> isotonic_knots([0.1, 0.5, 0.9], [0.0, 1.0, 1.0])
    ((0.1, 0.333333), (0.5, 0.75), (0.9, 0.75))
    """
    iso = smoothed_isotonic(xs, ys)
    knots = zip(iso.X_thresholds_.tolist(), iso.y_thresholds_.tolist(), strict=True)
    return tuple((round(float(x), 6), round(float(y), 6)) for x, y in knots)


def cue_row(result: LineResult) -> list[float]:
    """A line's cues in the order of :data:`~lawalign.structure.reader.CUES` (absent ones 0)."""
    cues = dict(result.cues)
    return [cues.get(name, 0.0) for name in CUES]


def fit_head(
    lines: Sequence[LineResult], c: float, groups: Sequence[str], folds: int, repeats: int = 1
) -> tuple[ConfidenceHead | None, tuple[tuple[float, float], ...]]:
    """The confidence head and its calibration knots, fitted on ``lines`` (lines given an id, read
    out of fold, with their cues); ``groups`` the site of each line.

    The isotonic map is fitted on the regression's probabilities *cross-fitted* by site (``folds``
    folds, scikit-learn's ``GroupKFold``: each line's probability from a regression fitted without
    its site), not on the regression's own training lines: ids of one page are right or wrong
    together, and a map fitted on probabilities that saw the page promises too much (fitted so, ids
    at calibrated >= 0.9 were right 87.4 % of the time on unseen sites; cross-fitted, 97.4 %;
    docs/ingest.md).

    Without both right and wrong lines there is nothing to regress: no head, and the knots map the
    raw confidence (as before the head existed).

    ``repeats`` above 1 gives the protocol's steadier map (not the one ``make train`` ships): the mean
    of that many isotonic maps, each fitted on probabilities cross-fitted with another seeded dealing
    of the sites to the folds (:func:`site_folds_seeded`), its knots every step of every map. One
    dealing's map moves with any change of the lines, most of all at its top steps (docs/ingest.md,
    "Where the protocol's noise comes from").

    >>> from lawalign_dev.evaluate.pages import LineResult as L
    >>> rs = [L("p", "en", i, "68A", "text", i % 3 != 0, "68A", "text", 0.8,
    ...         cues=(("raw", 0.8), ("inferred", float(i % 3 == 0)))) for i in range(30)]
    >>> head, knots = fit_head(rs, 1.0, [str(i % 6) for i in range(30)], 3)
    >>> head.weights["inferred"] < 0, knots[0][1] < 0.1, 0.9 < knots[-1][1] < 1.0
    (True, True, True)
    >>> _, steady = fit_head(rs, 1.0, [str(i % 6) for i in range(30)], 3, repeats=4)
    >>> all(a[1] <= b[1] for a, b in zip(steady, steady[1:])), steady[0][1] < 0.1 < 0.9 < steady[-1][1]
    (True, True)
    """
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import GroupKFold

    ys = [float(r.right) for r in lines]
    if len(set(ys)) < 2 or not all(r.cues for r in lines):
        ordered = sorted(lines, key=lambda r: (r.confidence, r.right))
        if not ordered:
            return None, ()
        return None, isotonic_knots([r.confidence for r in ordered], [float(r.right) for r in ordered])
    rows = [cue_row(r) for r in lines]

    def fitted(idx: Sequence[int]) -> ConfidenceHead:
        regression = LogisticRegression(C=c, max_iter=2000)
        regression.fit([rows[i] for i in idx], [ys[i] for i in idx])
        weights = {name: round(float(w), 6) for name, w in zip(CUES, regression.coef_[0], strict=True)}
        return ConfidenceHead(
            round(float(regression.intercept_[0]), 6), {k: w for k, w in weights.items() if w}
        )

    head = fitted(range(len(lines)))
    n_folds = min(folds, len(set(groups)))

    def cross_fitted(split: Sequence[tuple[Sequence[int], Sequence[int]]]) -> list[float]:
        probs = [head.probability(dict(r.cues)) for r in lines]
        for train, held in split:
            if len({ys[i] for i in train}) < 2:
                continue
            inner = fitted(train)
            for i in held:
                probs[i] = inner.probability(dict(lines[i].cues))
        return probs

    if repeats <= 1:
        split = (
            [(tr.tolist(), te.tolist()) for tr, te in GroupKFold(n_folds).split(rows, ys, list(groups))]
            if n_folds >= 2
            else []
        )
        probs = cross_fitted(split)
        order = sorted(range(len(lines)), key=lambda i: (probs[i], ys[i]))
        return head, isotonic_knots([probs[i] for i in order], [ys[i] for i in order])
    maps = []
    for seed in range(repeats):
        probs = cross_fitted(site_folds_seeded(groups, n_folds, seed) if n_folds >= 2 else [])
        order = sorted(range(len(lines)), key=lambda i: (probs[i], ys[i]))
        maps.append(smoothed_isotonic([probs[i] for i in order], [ys[i] for i in order]))
    xs = sorted({float(x) for m in maps for x in m.X_thresholds_})
    mean = [
        sum(float(v) for v in col) / len(maps) for col in zip(*(m.predict(xs) for m in maps), strict=True)
    ]
    return head, tuple((round(x, 6), round(y, 6)) for x, y in zip(xs, mean, strict=True))


def site_folds_seeded(groups: Sequence[str], folds: int, seed: int) -> list[tuple[list[int], list[int]]]:
    """(training, held) indices of ``folds`` folds by site (``groups``: each index's site), the sites
    dealt to the folds in the order of a shuffle seeded with ``seed``.

    >>> site_folds_seeded(["a", "a", "b", "c"], 2, 0)
    [([3], [0, 1, 2]), ([0, 1, 2], [3])]
    """
    import random

    sites = sorted(set(groups))
    random.Random(seed).shuffle(sites)
    fold = {site: k % folds for k, site in enumerate(sites)}
    return [
        ([i for i, g in enumerate(groups) if fold[g] != f], [i for i, g in enumerate(groups) if fold[g] == f])
        for f in range(folds)
    ]
