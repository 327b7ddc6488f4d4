"""The three constants of ``lawalign pair``'s default strategy, ``both`` (``data/align/both.json``),
chosen on gold beads, and their out-of-sample measure.

``both`` reconciles a search over whole sentences with a search over clause fragments
(:mod:`lawalign.align.hybrid`). Both levels use the margin score, whose two constants are the
deletion percentile and the weight of the numbers and shared names; the third is the evidence a bead
of more than three sentences on a side needs over its best split
(:func:`lawalign.align.features.split_large`, in calibrated deletion scores; 1 until 2026-12-07, set
by hand). They are chosen, not set by hand:

**Choice.** Every development document of both language pairs (the four parts of the Bleualign
de–fr document, the six MAC-Dev zh–en chapters) is encoded once, as ``lawalign pair`` encodes it
(what is encoded is decided under the default constants, whatever the setting searched; ``make
train`` reads each pair with the model ``pair`` picks for it,
:func:`lawalign.commands.pair.pair_model`), and aligned
under every setting of :func:`both_grid` (the protocol's grid,
:func:`lawalign_dev.evaluate.crossval.our_grid`, times :data:`MARGINS`). The setting with the best
mean over the two pairs of the strict F1 pooled over the training groups wins, ties to the earlier
one (the grid's first is the default 0.8 / 0.03 / 1), as :mod:`lawalign_dev.evaluate.train_aligner`
chooses the perceptron's setting.

**Measure** (``make eval``, section ``crossval``, method ``both (fitted)``): each group is aligned
under the setting chosen on every *other* group of both pairs, and scored as every method of
:mod:`lawalign_dev.evaluate.crossval` is, every pair read with the bundled e5 (the methods' common
vectors); section ``encoder`` makes the same choice on each pair read as ``pair`` reads it
(:mod:`lawalign_dev.evaluate.train_encoder`).

``make train`` chooses on every group and writes the data file
(``python -m lawalign_dev.evaluate.train_both [--benchmarks DIR] [--out FILE]``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lawalign.align.embed import Embedder
from lawalign.align.hybrid import HybridSettings, align_under, prepare_hybrid
from lawalign_dev.evaluate.alignment import score_beads
from lawalign_dev.evaluate.crossval import (
    Pairs,
    Result,
    Suite,
    _in_group,
    our_grid,
    score_settings,
    suite_pair,
)
from lawalign_dev.evaluate.train_aligner import default_suites, training_arguments

GroupKey = tuple[int, int]
"""(suite, group within the suite)."""
MARGINS = (1.0, 0.5, 0.0)
"""The large-bead margins searched (calibrated deletion scores), the one set by hand first. A margin
of 0 still asks a large bead to score no lower than its best split, and at a document's ends no lower
than every smaller bead inside it."""
KEYS = ("skip_percentile", "number_weight", "large_bead_margin")
"""The constants of ``data/align/both.json``, in its order."""


def both_grid() -> tuple[Mapping[str, Any], ...]:
    """The settings :func:`choose` picks from: the protocol's grid times :data:`MARGINS`, the
    defaults first.

    >>> grid = both_grid()
    >>> len(grid), grid[0]
    (45, {'skip_percentile': 0.8, 'number_weight': 0.03, 'large_bead_margin': 1.0})
    """
    return tuple({**setting, "large_bead_margin": m} for m in MARGINS for setting in our_grid())


@dataclass(frozen=True, slots=True)
class Readings:
    """Every group's predicted beads under every setting of the grid."""

    suites: tuple[Suite, ...]
    grid: tuple[Mapping[str, Any], ...]
    beads: Mapping[tuple[int, int, int], Pairs]  # (suite, setting, group) -> beads inside the group
    seconds: tuple[float, ...]  # CPU seconds per suite (its encoding and every setting)

    def per_setting(self, s: int) -> float:
        """CPU seconds of suite ``s`` per setting of the grid (its encoding spread over the settings),
        as :func:`lawalign_dev.evaluate.crossval.evaluate_method` counts a method's cost."""
        return self.seconds[s] / max(1, len(self.grid))

    @property
    def groups(self) -> tuple[GroupKey, ...]:
        return tuple((s, g) for s, suite in enumerate(self.suites) for g in range(len(suite.groups)))


def read_all(suites: Sequence[Suite], embedder: Embedder | Sequence[Embedder]) -> Readings:
    """Encode every document once (through the cache) and align it under every setting; ``embedder``
    is every suite's, or one per suite."""
    grid = both_grid()
    per_suite = list(embedder) if isinstance(embedder, Sequence) else [embedder] * len(suites)
    beads: dict[tuple[int, int, int], Pairs] = {}
    spent: list[float] = []
    for s, suite in enumerate(suites):
        began = time.process_time()
        for d, doc in enumerate(suite.docs):
            inputs = prepare_hybrid(doc.src, doc.tgt, per_suite[s])
            for k, setting in enumerate(grid):
                pairs = [(b.src, b.tgt) for b in align_under(inputs, HybridSettings(**setting))]
                for g, group in enumerate(suite.groups):
                    if group.doc == d:
                        beads[(s, k, g)] = _in_group(pairs, group)
        spent.append(time.process_time() - began)
    return Readings(tuple(suites), grid, beads, tuple(spent))


def pooled(r: Readings, k: int, groups: Sequence[GroupKey]) -> float:
    """Mean over the suites of the strict F1 pooled over ``groups`` under setting ``k``."""
    scores: list[float] = []
    for s, suite in enumerate(r.suites):
        mine = [g for (t, g) in groups if t == s]
        if mine:
            golds = [list(suite.groups[g].gold) for g in mine]
            scores.append(score_beads(golds, [r.beads[(s, k, g)] for g in mine]).strict_f1)
    return sum(scores) / len(scores)


def choose(r: Readings, groups: Sequence[GroupKey]) -> int:
    """The setting with the best :func:`pooled` score on ``groups`` (ties to the earlier one)."""
    return max(range(len(r.grid)), key=lambda k: (pooled(r, k, groups), -k))


def per_pair(r: Readings) -> list[Result]:
    """Per suite, ``both``: the settings chosen on the suite's own other groups (each pair apart), as
    :func:`lawalign_dev.evaluate.crossval.evaluate_method` chooses for every method, from the same
    readings as :func:`cross_validate` (the beads are ``lawalign pair``'s either way)."""
    out: list[Result] = []
    for s, suite in enumerate(r.suites):
        per_setting = [[r.beads[(s, k, g)] for g in range(len(suite.groups))] for k in range(len(r.grid))]
        out.append(score_settings("both", r.grid, per_setting, suite, r.per_setting(s)))
    return out


def cross_validate(r: Readings) -> list[Result]:
    """Per suite, ``both (fitted)``: every group under the setting chosen on every other group of
    both pairs; in sample, under the setting chosen on every group."""
    everything = r.groups
    final = choose(r, everything)
    out: list[Result] = []
    for s, suite in enumerate(r.suites):
        chosen = [choose(r, [h for h in everything if h != (s, g)]) for g in range(len(suite.groups))]
        golds = [list(group.gold) for group in suite.groups]
        held = [r.beads[(s, k, g)] for g, k in enumerate(chosen)]
        inside = [r.beads[(s, final, g)] for g in range(len(suite.groups))]
        per_group = tuple(score_beads([g], [b]).strict_f1 for g, b in zip(golds, held, strict=True))
        out.append(
            Result(
                "both (fitted)",
                score_beads(golds, held),
                score_beads(golds, inside),
                tuple(r.grid[k] for k in chosen),
                r.grid[final],
                r.per_setting(s),
                per_group,
            )
        )
    return out


def settings_json(setting: Mapping[str, Any], source: str) -> str:
    """The data file's text."""
    body = {"source": source, **{k: setting[k] for k in KEYS}}
    return json.dumps(body, ensure_ascii=False, indent=1) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """``make train``: choose on every development group and write ``data/align/both.json``."""
    from lawalign.align.embed import get_embedder
    from lawalign.commands.pair import pair_model

    args = training_arguments("train_both", __doc__.split("\n")[0], "both.json", argv)
    suites = default_suites(args.benchmarks)
    names = [pair_model(None, *suite_pair(suite).split("-")) for suite in suites]
    readings = read_all(suites, [get_embedder(name) for name in names])
    setting = readings.grid[choose(readings, readings.groups)]
    source = (
        "the protocol's grid times the large-bead margins, chosen by the mean over the pairs of the "
        "pooled strict F1 on "
        + ", ".join(
            f"{s.name} read with {n}: {len(s.groups)} groups" for s, n in zip(suites, names, strict=True)
        )
        + " (lawalign_dev.evaluate.train_both)"
    )
    args.out.write_text(settings_json(setting, source), encoding="utf-8")
    print(f"wrote {args.out} ({setting})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
