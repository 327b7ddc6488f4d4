"""The fitted bead score of ``lawalign pair --unit sentence`` (``data/align/beads.json``), learnt
from gold beads, and its out-of-sample measure.

**Fit.** An averaged structured perceptron (Collins 2002) over the search itself: for every
training document, the last pass of the search (:func:`lawalign.align.sentalign.search_problem`:
the same band, the same bead shapes, the features of :mod:`lawalign.align.beadmodel`) is solved
under the current weights, and the weights move by the gold path's features minus the predicted
path's (times a rate, per gold bead); the weights returned are the mean over every step,
rescaled so that a deletion weighs −1 on average (the unit the large-bead rule and the first pass
count in). It starts from the margin score's weights (from zero it fell far below them); the rate
and the number of passes are chosen from :data:`SETTINGS` by the score on the fit's own training
groups. The documents go in a fixed order: the same gold, the same bytes.

Only gold beads of the training groups move the weights: a held-out group of the one Bleualign
document lies inside a training document, and neither its gold nor the predicted beads starting
in it count. A gold bead the search cannot express (a shape beyond ``max_size``, or outside the
band) is left out together with the predicted beads that start inside its span.

**Measure** (``make eval``, section ``crossval``, method ``sentence (fitted)``): every group of
both language pairs (the four parts of the Bleualign de–fr document, the six MAC-Dev zh–en
chapters) is aligned with weights fitted on every *other* group of both pairs, and scored as the
protocol of :mod:`lawalign_dev.evaluate.crossval` scores every method.

``make train`` fits on every group (the setting chosen the same way) and writes the data file
(``python -m lawalign_dev.evaluate.train_aligner [--benchmarks DIR] [--out FILE]``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np

from lawalign.align.beadmodel import BeadWeights, margin_weights
from lawalign.align.embed import Embedder
from lawalign.align.features import PairFeatures, encode_banded, split_large
from lawalign.align.sentalign import AlignConfig, SearchProblem
from lawalign_dev.evaluate.alignment import score_beads
from lawalign_dev.evaluate.crossval import (
    Group,
    Pairs,
    Result,
    Suite,
    _in_group,
    bleualign_suite,
    mac_suite,
)

EPOCHS = 5
"""Passes over the training documents."""
SETTINGS: tuple[Mapping[str, Any], ...] = tuple(
    {"epochs": e, "rate": r} for e in (EPOCHS, 2 * EPOCHS) for r in (0.03, 0.1, 0.3)
)
"""The perceptron's settings a fit chooses from, by its score on its own training groups."""
WIDEN = 4
"""Cells added to each side of the search band while fitting, so gold paths near its edge count."""
FITTED = AlignConfig(scoring="fitted")
"""The configuration ``lawalign pair --unit sentence`` aligns documents with (the weights given per fit)."""


@dataclass(frozen=True, slots=True)
class Example:
    """One document as the perceptron reads it: its search problem and its gold path by group."""

    name: str
    problem: SearchProblem
    gold: tuple[tuple[int, int, int], ...]  # (type, a, b) of every expressible gold bead
    gold_group: tuple[int, ...]  # the group of each, an index into the suite's groups (−1: none)
    blocked: tuple[tuple[int, int, int, int], ...]  # spans (x0, x1, y0, y1) of inexpressible gold beads
    starts: tuple[tuple[int, int, int, int], ...]  # spans (x0, x1, y0, y1) of the document's groups
    first_group: int  # the global index of the first of them


def gold_path(
    gold: Sequence[tuple[tuple[int, ...], tuple[int, ...]]], n: int, m: int
) -> list[tuple[int, int, int, int]]:
    """The gold beads as a monotone path of ``(x, y, dx, dy)`` steps covering both sides: sentences
    of no gold bead become deletions; a bead that is not a contiguous run on a side is dropped
    (its sentences become deletions).

    >>> gold_path([((0,), (0, 1)), ((2,), ())], 3, 3)
    [(0, 0, 1, 2), (1, 2, 1, 0), (2, 2, 1, 0), (3, 2, 0, 1)]
    """
    steps: list[tuple[int, int, int, int]] = []
    x = y = 0
    for src, tgt in gold:
        if any(b - a != 1 for side in (src, tgt) for a, b in pairwise(side)):
            continue
        x0 = src[0] if src else x
        y0 = tgt[0] if tgt else y
        if x0 < x or y0 < y:
            continue
        steps += [(i, y, 1, 0) for i in range(x, x0)]
        steps += [(x0, j, 0, 1) for j in range(y, y0)]
        steps.append((x0, y0, len(src), len(tgt)))
        x, y = x0 + len(src), y0 + len(tgt)
    steps += [(i, y, 1, 0) for i in range(x, n)]
    steps += [(n, j, 0, 1) for j in range(y, m)]
    return steps


def _group_of(x: int, y: int, dx: int, starts: Sequence[tuple[int, int, int, int]]) -> int:
    for g, (x0, x1, y0, y1) in enumerate(starts):
        if (dx and x0 <= x < x1) or (not dx and y0 <= y < y1):
            return g
    return -1


def example(features: PairFeatures, name: str, groups: Sequence[Group], suite_offset: int = 0) -> Example:
    """The perceptron's view of one document whose groups are ``groups`` (indices from ``suite_offset``)."""
    n, m = features.shape
    problem = features.search_problem(FITTED, WIDEN)
    starts = [(g.start[0], g.end[0], g.start[1], g.end[1]) for g in groups]
    gold: list[tuple[int, int, int]] = []
    owners: list[int] = []
    blocked: list[tuple[int, int, int, int]] = []
    scored = [bead for g in groups for bead in g.gold]
    for x, y, dx, dy in gold_path(scored, n, m):
        t = problem.types.index((dx, dy)) if (dx, dy) in problem.types else -1
        cell = problem.cell(t, x + dx, y + dy) if t >= 0 else None
        if cell is None:
            blocked.append((x, x + dx, y, y + dy))
            continue
        group = _group_of(x, y, dx, starts)
        gold.append((t, *cell))
        owners.append(-1 if group < 0 else group + suite_offset)
    return Example(name, problem, tuple(gold), tuple(owners), tuple(blocked), tuple(starts), suite_offset)


def _predicted_counted(
    ex: Example, cells: Sequence[tuple[int, int, int]], train: frozenset[int]
) -> list[tuple[int, int, int]]:
    """The predicted beads whose start lies in a training group and in no inexpressible gold span."""
    out: list[tuple[int, int, int]] = []
    width_lo = ex.problem.band.lo
    for t, a, b in cells:
        dx, dy = ex.problem.types[t]
        y_end = int(width_lo[a]) + b
        x_end = a - y_end
        x, y = x_end - dx, y_end - dy
        group = _group_of(x, y, dx, ex.starts)
        if group < 0 or group + ex.first_group not in train:
            continue
        if any((dx and x0 <= x < x1) or (dy and y0 <= y < y1) for x0, x1, y0, y1 in ex.blocked):
            continue
        out.append((t, a, b))
    return out


def fit(
    examples: Sequence[Example],
    train: frozenset[int],
    *,
    epochs: int = EPOCHS,
    rate: float = 0.1,
    start: BeadWeights | None = None,
) -> BeadWeights:
    """Averaged structured perceptron over ``examples``, counting only the groups in ``train``.

    Starts from ``start`` (default: :func:`~lawalign.align.beadmodel.margin_weights`, the margin
    score); each step moves the weights by ``rate`` times the gold path's features minus the
    predicted path's, per gold bead. The mean of the weights over every step is returned, rescaled
    so that a deletion weighs −1 on average.
    """
    names = examples[0].problem.names
    if any(ex.problem.names != names for ex in examples):
        raise ValueError("every example must have the same features (the same bead shapes)")
    first = start if start is not None else margin_weights()
    w = np.array([first.weight(k) for k in names])
    total = np.zeros(len(names))
    steps = 0
    for _ in range(epochs):
        for ex in examples:
            gold = [c for c, g in zip(ex.gold, ex.gold_group, strict=True) if g in train]
            if not gold:
                continue
            predicted = _predicted_counted(ex, ex.problem.solve(w), train)
            delta = ex.problem.path_features(gold) - ex.problem.path_features(predicted)
            w = w + delta * rate / len(gold)
            total += w
            steps += 1
    if not steps:
        raise ValueError("no gold bead to fit on")
    mean = total / steps
    deletions = [mean[names.index(f"type:{dx}-{dy}")] for dx, dy in ((1, 0), (0, 1))]
    unit = -float(np.mean(deletions))
    if unit <= 0:
        raise ValueError("the fit gives deletions no cost: too little gold to fit on")
    return BeadWeights(names, tuple(round(float(v / unit), 6) for v in mean), "")


@dataclass(frozen=True, slots=True)
class Pool:
    """Every development document of both language pairs, as features and as perceptron examples."""

    suites: tuple[Suite, ...]
    features: tuple[tuple[PairFeatures, ...], ...]  # per suite, per document
    examples: tuple[Example, ...]
    offsets: tuple[int, ...]  # first global group index of each suite


def pool(suites: Sequence[Suite], embedder: Embedder) -> Pool:
    """Encode every document once (through the cache) and build its example."""
    features: list[tuple[PairFeatures, ...]] = []
    examples: list[Example] = []
    offsets: list[int] = []
    offset = 0
    for suite in suites:
        offsets.append(offset)
        feats = tuple(encode_banded(doc.src, doc.tgt, embedder, FITTED)[0] for doc in suite.docs)
        features.append(feats)
        for k, (doc, f) in enumerate(zip(suite.docs, feats, strict=True)):
            groups = [g for g in suite.groups if g.doc == k]
            first = suite.groups.index(groups[0]) + offset
            examples.append(example(f, doc.name, groups, first))
        offset += len(suite.groups)
    return Pool(tuple(suites), tuple(features), tuple(examples), tuple(offsets))


def align_with(features: PairFeatures, weights: BeadWeights) -> Pairs:
    """``lawalign pair --unit sentence``'s beads of one document under ``weights`` (large beads checked)."""
    cfg = replace(FITTED, weights=weights)
    return [(b.src, b.tgt) for b in split_large(features.align(cfg), features.level(cfg))]


def _pooled(p: Pool, weights: BeadWeights, groups: frozenset[int]) -> float:
    """Mean over the suites of the strict F1 pooled over ``groups`` (global indices) under ``weights``."""
    scores: list[float] = []
    for s, suite in enumerate(p.suites):
        mine = [k for k in range(len(suite.groups)) if p.offsets[s] + k in groups]
        if not mine:
            continue
        docs = {suite.groups[k].doc for k in mine}
        beads = {d: align_with(p.features[s][d], weights) for d in sorted(docs)}
        golds = [list(suite.groups[k].gold) for k in mine]
        scores.append(
            score_beads(
                golds, [_in_group(beads[suite.groups[k].doc], suite.groups[k]) for k in mine]
            ).strict_f1
        )
    return float(np.mean(scores))


def fit_chosen(p: Pool, train: frozenset[int]) -> tuple[BeadWeights, Mapping[str, Any]]:
    """Weights fitted on ``train`` under the setting of :data:`SETTINGS` that scores best on
    ``train`` itself (the mean over the suites of the pooled strict F1; ties to the earlier one)."""
    best: tuple[float, int, BeadWeights] | None = None
    for k, setting in enumerate(SETTINGS):
        weights = fit(p.examples, train, **setting)
        score = _pooled(p, weights, train)
        if best is None or score > best[0]:
            best = (score, k, weights)
    assert best is not None
    return best[2], SETTINGS[best[1]]


def cross_validate(p: Pool) -> list[Result]:
    """Per suite, ``sentence (fitted)`` as :func:`~lawalign_dev.evaluate.crossval.evaluate_method`
    reports a method: every group aligned with weights fitted (setting chosen too) on every other
    group of both pairs; in sample, fitted on every group (module docstring)."""
    start = time.process_time()
    everything = frozenset(range(sum(len(s.groups) for s in p.suites)))
    final, final_setting = fit_chosen(p, everything)
    out: list[Result] = []
    for s, suite in enumerate(p.suites):
        held: list[Pairs] = []
        inside: list[Pairs] = []
        chosen: list[Mapping[str, Any]] = []
        for k, group in enumerate(suite.groups):
            weights, setting = fit_chosen(p, everything - {p.offsets[s] + k})
            chosen.append(setting)
            features = p.features[s][group.doc]
            held.append(_in_group(align_with(features, weights), group))
            inside.append(_in_group(align_with(features, final), group))
        golds = [list(g.gold) for g in suite.groups]
        per_group = tuple(score_beads([g], [b]).strict_f1 for g, b in zip(golds, held, strict=True))
        seconds = time.process_time() - start
        out.append(
            Result(
                "sentence (fitted)",
                score_beads(golds, held),
                score_beads(golds, inside),
                tuple(chosen),
                final_setting,
                seconds,
                per_group,
            )
        )
    return out


def default_suites(benchmarks: Path) -> list[Suite]:
    """The development suites under ``benchmarks`` (``../shared/benchmarks``)."""
    return [bleualign_suite(benchmarks / "bleualign-dev"), mac_suite(benchmarks / "mac-dev")]


def weights_json(weights: BeadWeights, source: str) -> str:
    """The data file's text (sorted as fitted, one weight per line)."""
    body = {"source": source, "weights": weights.as_dict()}
    return json.dumps(body, ensure_ascii=False, indent=1) + "\n"


def training_arguments(prog: str, description: str, out_name: str, argv: Sequence[str] | None) -> Any:
    """The command line of a ``make train`` step that fits on the benchmarks: ``--benchmarks DIR``
    (default ``$LAWALIGN_BENCHMARKS``, else ``../shared/benchmarks``) and ``--out FILE`` (default
    ``src/lawalign/data/align/OUT_NAME``)."""
    import argparse
    import os

    parser = argparse.ArgumentParser(prog=prog, description=description)
    default = os.environ.get("LAWALIGN_BENCHMARKS", "../shared/benchmarks")
    parser.add_argument("--benchmarks", type=Path, default=Path(default))
    parser.add_argument("--out", type=Path, default=Path("src/lawalign/data/align") / out_name)
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """``make train``: fit on every development group and write ``data/align/beads.json``."""
    from lawalign.align.embed import get_embedder

    args = training_arguments("train_aligner", __doc__.split("\n")[0], "beads.json", argv)
    suites = default_suites(args.benchmarks)
    p = pool(suites, get_embedder())
    weights, setting = fit_chosen(p, frozenset(range(sum(len(s.groups) for s in suites))))
    source = (
        "averaged structured perceptron from the margin score, "
        + ", ".join(f"{s.name}: {len(s.groups)} groups" for s in suites)
        + f", {setting['epochs']} epochs, rate {setting['rate']} (lawalign_dev.evaluate.train_aligner)"
    )
    args.out.write_text(weights_json(weights, source), encoding="utf-8")
    print(f"wrote {args.out} ({source})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
