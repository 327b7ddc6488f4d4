"""Document sentence alignment scored out of sample: every tunable constant chosen without the
document it is scored on (leave one group out), the in-sample figure beside it.

The protocol (``make eval``, section ``crossval``):

1. **Groups.** zh–en: the six MAC-Dev chapters, one group each. de–fr: the Bleualign dev set is one
   document, so it is cut into :data:`BLEUALIGN_PARTS` contiguous parts at gold bead boundaries
   (every part a run of whole gold beads, the cut where both sides' sentences are covered up to
   there); the aligner still runs on the whole document (it reads no gold), and the parts are
   the units of fitting and scoring: a predicted bead belongs to the part where it starts.
2. **Fit.** A method has a grid of settings (:class:`Method`). For a held-out group, the setting
   with the best strict F1 over the *other* groups of the same language pair (counts pooled
   before dividing, as vecalign's ``score.py``) is chosen, ties to the earlier setting in the grid;
   the group's beads are those of that setting. The held-out figure pools every group so scored.
   The in-sample figure is the best single setting over all groups. A method without a grid
   (the baselines, fixed defaults) has the same figure both ways.
3. **Methods**, all fed the same bundled e5 vectors (``passage:`` prefix) of the same runs of
   sentences: a vecalign-style and a bertalign-style baseline (:mod:`lawalign_dev.evaluate.reference`),
   and the strategies ``lawalign pair`` offers.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

from lawalign_dev.evaluate.alignment import PRF, read_beads, score_beads
from lawalign_dev.evaluate.documents import BenchmarkDoc

Pairs = list[tuple[tuple[int, ...], tuple[int, ...]]]
BLEUALIGN_PARTS = 4
"""Contiguous parts the one Bleualign dev document is cut into for cross-validation."""


@dataclass(frozen=True, slots=True)
class Group:
    """One unit of cross-validation: the gold beads scored in it and where its predicted beads start."""

    name: str
    doc: int  # index of the document the group lies in
    gold: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    start: tuple[int, int]  # first source and target sentence of the group
    end: tuple[int, int]  # one past the last


@dataclass(frozen=True, slots=True)
class Suite:
    """The documents of one language pair and their cross-validation groups."""

    name: str
    docs: tuple[BenchmarkDoc, ...]
    groups: tuple[Group, ...]


@dataclass(frozen=True, slots=True)
class Method:
    """An aligner and the grid of settings its tunable constants are chosen from.

    ``run(doc, setting)`` returns the beads of ``doc`` under one setting (a mapping of names to
    values); ``grid`` lists the settings in order of preference (ties go to the earlier one).
    """

    name: str
    run: Callable[[BenchmarkDoc, Mapping[str, Any]], Pairs]
    grid: tuple[Mapping[str, Any], ...] = ({},)
    note: str = ""


@dataclass(frozen=True, slots=True)
class Result:
    """One method on one suite: held-out and in-sample scores, the settings chosen, the cost."""

    method: str
    held_out: PRF
    in_sample: PRF
    chosen: tuple[Mapping[str, Any], ...]  # per group, the held-out choice
    in_sample_setting: Mapping[str, Any]
    seconds: float = 0.0
    per_group: tuple[float, ...] = field(default=())  # held-out strict F1 of each group


def _lines(path: Path) -> tuple[str, ...]:
    lines = path.read_text(encoding="utf-8").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return tuple(line.strip() for line in lines)


def whole_groups(docs: Sequence[BenchmarkDoc]) -> tuple[Group, ...]:
    """One group per document."""
    return tuple(
        Group(doc.name, k, doc.gold, (0, 0), (len(doc.src), len(doc.tgt))) for k, doc in enumerate(docs)
    )


def _clean_cuts(gold: Sequence[tuple[tuple[int, ...], tuple[int, ...]]]) -> list[int]:
    """Gold bead indices ``c`` where every sentence of the beads before ``c`` precedes, on both
    sides, every sentence of the beads from ``c`` on (sentences in no gold bead do not matter)."""
    n = len(gold)
    later_x = [0] * (n + 1)
    later_y = [0] * (n + 1)
    big = 1 << 60
    later_x[n] = later_y[n] = big
    for c in range(n - 1, -1, -1):
        x, y = gold[c]
        later_x[c] = min([later_x[c + 1], *x])
        later_y[c] = min([later_y[c + 1], *y])
    cuts: list[int] = []
    seen_x = seen_y = -1
    for c, (x, y) in enumerate(gold):
        if seen_x < later_x[c] and seen_y < later_y[c]:
            cuts.append(c)
        seen_x = max([seen_x, *x])
        seen_y = max([seen_y, *y])
    return cuts


def part_groups(doc: BenchmarkDoc, parts: int, index: int = 0) -> tuple[Group, ...]:
    """``doc`` cut into ``parts`` contiguous groups of about as many gold beads, at clean cuts.

    >>> doc = BenchmarkDoc("d", ("a", "b", "c", "d"), ("a", "b", "c", "d"),
    ...                    (((0,), (0,)), ((1,), (1,)), ((2,), (2,)), ((3,), (3,))))
    >>> [(g.start, g.end) for g in part_groups(doc, 2)]
    [((0, 0), (2, 2)), ((2, 2), (4, 4))]
    """
    cuts = _clean_cuts(doc.gold)
    total = len(doc.gold)
    chosen = [0]
    for k in range(1, parts):
        target = round(k * total / parts)
        best = min((c for c in cuts if c > chosen[-1]), key=lambda c: abs(c - target), default=None)
        if best is not None and best < total:
            chosen.append(best)
    chosen.append(total)
    groups: list[Group] = []
    for k, (a, b) in enumerate(pairwise(chosen)):
        gold = doc.gold[a:b]
        start = (
            min((i for x, _ in doc.gold[a:] for i in x), default=len(doc.src)),
            min((j for _, y in doc.gold[a:] for j in y), default=len(doc.tgt)),
        )
        end = (
            min((i for x, _ in doc.gold[b:] for i in x), default=len(doc.src)),
            min((j for _, y in doc.gold[b:] for j in y), default=len(doc.tgt)),
        )
        groups.append(Group(f"{doc.name}#{k + 1}", index, gold, start, end))
    return tuple(groups)


def bleualign_suite(folder: str | Path, parts: int = BLEUALIGN_PARTS) -> Suite:
    """The Bleualign de–fr dev document, cut into ``parts`` groups."""
    base = Path(folder)
    doc = BenchmarkDoc(
        "dev.defr", _lines(base / "dev.de"), _lines(base / "dev.fr"), tuple(read_beads(base / "dev.defr"))
    )
    return Suite("de-fr (Bleualign dev)", (doc,), part_groups(doc, parts))


def mac_suite(folder: str | Path) -> Suite:
    """The MAC-Dev zh–en chapters, one group each (``NNN.zh``, ``NNN.en``, ``gold/NNN.align``)."""
    base = Path(folder)
    docs = tuple(
        BenchmarkDoc(
            path.stem,
            _lines(path),
            _lines(path.with_suffix(".en")),
            tuple(read_beads(base / "gold" / f"{path.stem}.align")),
        )
        for path in sorted(base.glob("[0-9][0-9][0-9].zh"))
    )
    return Suite("zh-en (MAC-Dev)", docs, whole_groups(docs))


def _in_group(beads: Pairs, group: Group) -> Pairs:
    """The predicted beads that start inside ``group`` (by their first source sentence, else target)."""
    out: Pairs = []
    for x, y in beads:
        if x:
            inside = group.start[0] <= x[0] < group.end[0]
        else:
            inside = bool(y) and group.start[1] <= y[0] < group.end[1]
        if inside:
            out.append((x, y))
    return out


def evaluate_method(method: Method, suite: Suite) -> Result:
    """Held-out and in-sample scores of ``method`` on ``suite`` (the protocol of the module docstring)."""
    start = time.process_time()
    # beads of every group under every setting
    per_setting: list[list[Pairs]] = []
    for setting in method.grid:
        by_doc = [method.run(doc, setting) for doc in suite.docs]
        per_setting.append([_in_group(by_doc[g.doc], g) for g in suite.groups])
    seconds = (time.process_time() - start) / max(1, len(method.grid))
    return score_settings(method.name, method.grid, per_setting, suite, seconds)


def score_settings(
    name: str,
    grid: Sequence[Mapping[str, Any]],
    per_setting: Sequence[Sequence[Pairs]],
    suite: Suite,
    seconds: float,
) -> Result:
    """The :class:`Result` of a method whose beads of every group of ``suite`` under every setting of
    ``grid`` are ``per_setting[setting][group]`` (``seconds``: its CPU seconds per setting): each group
    scored under the setting best on the suite's other groups, and in sample under the best on all."""
    golds = [list(g.gold) for g in suite.groups]

    def pooled(setting: int, groups: Sequence[int]) -> PRF:
        return score_beads([golds[g] for g in groups], [per_setting[setting][g] for g in groups])

    everything = range(len(suite.groups))
    choices: list[int] = []
    for held in everything:
        train = [g for g in everything if g != held]
        scores = [pooled(s, train).strict_f1 for s in range(len(grid))]
        choices.append(max(range(len(scores)), key=lambda s: (scores[s], -s)))
    held_out = score_beads(golds, [per_setting[choices[g]][g] for g in everything])
    per_group = tuple(score_beads([golds[g]], [per_setting[choices[g]][g]]).strict_f1 for g in everything)
    all_scores = [pooled(s, list(everything)).strict_f1 for s in range(len(grid))]
    best = max(range(len(all_scores)), key=lambda s: (all_scores[s], -s))
    return Result(
        name,
        held_out,
        pooled(best, list(everything)),
        tuple(grid[c] for c in choices),
        grid[best],
        seconds,
        per_group,
    )


def format_results(suite: Suite, results: Sequence[Result]) -> str:
    """The table ``make eval`` prints for one suite."""
    n_src = sum(len(d.src) for d in suite.docs)
    n_tgt = sum(len(d.tgt) for d in suite.docs)
    lines = [
        f"  {suite.name}: {len(suite.docs)} document(s), {n_src} / {n_tgt} sentences, "
        f"{len(suite.groups)} groups, {sum(len(g.gold) for g in suite.groups)} gold beads",
        f"  {'method':<24}{'held-out strict P':>18}{'R':>7}{'F1':>7}{'lax F1':>8}"
        f"{'in-sample F1':>14}{'lax':>7}{'CPU s':>8}  settings chosen (held-out)",
    ]
    for r in results:
        chosen = sorted({_label(c) for c in r.chosen})
        lines.append(
            f"  {r.method:<24}{r.held_out.strict_p:>18.3f}{r.held_out.strict_r:>7.3f}"
            f"{r.held_out.strict_f1:>7.3f}"
            f"{r.held_out.lax_f1:>8.3f}{r.in_sample.strict_f1:>14.3f}{r.in_sample.lax_f1:>7.3f}"
            f"{r.seconds:>8.1f}  {'; '.join(chosen) or 'fixed'}"
        )
        lines.append(
            f"  {'':<24}per group (held-out strict F1): " + " ".join(f"{f:.3f}" for f in r.per_group)
        )
    return "\n".join(lines)


def _label(setting: Mapping[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in setting.items())


# --- the methods of ``make eval`` ---------------------------------------------------------------

SKIP_GRID = (0.7, 0.75, 0.8, 0.85, 0.9)
"""Deletion-cost percentiles the fit chooses from (the default 0.8 in the middle)."""
NUMBER_GRID = (0.03, 0.0, 0.06)
"""Number-agreement weights the fit chooses from (the default 0.03 first)."""


def suite_pair(suite: Suite) -> str:
    """The language pair a suite is named after (``zh-en (MAC-Dev)`` → ``zh-en``)."""
    return suite.name.split()[0]


def our_grid() -> tuple[Mapping[str, Any], ...]:
    """Settings of the margin search's two constants fitted by the protocol, the defaults first."""
    settings = [{"skip_percentile": s, "number_weight": w} for w in NUMBER_GRID for s in SKIP_GRID]
    settings.sort(key=lambda d: d != {"skip_percentile": 0.8, "number_weight": 0.03})
    return tuple(settings)


DEPTH = 3
"""Longest run of sentences the baselines and ``sentence-all`` embed (beads up to ``DEPTH + 1``
sentences of both sides: 1-3, 2-2, 3-1)."""


def standard_methods(embedder: Any, *, depth: int = DEPTH, fragments: bool = False) -> list[Method]:
    """The baselines and our strategies, every one reading the same cached e5 vectors. The reconciled
    strategy ``both`` is not among them: it is scored from the alignments
    :func:`lawalign_dev.evaluate.train_both.read_all` makes once for both of its rows
    (:func:`~lawalign_dev.evaluate.train_both.per_pair` and
    :func:`~lawalign_dev.evaluate.train_both.cross_validate`).

    Args:
        embedder: the (cached) bundled embedder.
        depth: longest run of sentences embedded for the baselines and ``sentence-all``.
        fragments: also the fragment strategy (it encodes clause fragments).
    """
    from dataclasses import replace

    from lawalign.align.features import encode_banded, prepare_pair, split_large
    from lawalign.align.fragments import FRAGMENT_CONFIG, align_prepared, prepare_fragments
    from lawalign.align.sentalign import AlignConfig, overlap_lengths
    from lawalign_dev.evaluate.reference import bertalign_align, vecalign_align

    prepared: dict[tuple[str, str], Any] = {}

    def full(doc: BenchmarkDoc) -> Any:
        key = (doc.name, "full")
        if key not in prepared:
            prepared[key] = prepare_pair(doc.src, doc.tgt, embedder, depth)
        return prepared[key]

    def as_pairs(beads: Sequence[Any]) -> Pairs:
        return [(b.src, b.tgt) for b in beads]

    def vecalign(doc: BenchmarkDoc, _: Mapping[str, Any]) -> Pairs:
        f = full(doc)
        return as_pairs(vecalign_align(f.src_ov, f.tgt_ov, max_size=depth + 1))

    def bertalign(doc: BenchmarkDoc, _: Mapping[str, Any]) -> Pairs:
        f = full(doc)
        lens = (overlap_lengths(doc.src, depth), overlap_lengths(doc.tgt, depth))
        return as_pairs(bertalign_align(f.src_ov, f.tgt_ov, *lens, max_align=depth + 1))

    def sentence_all(doc: BenchmarkDoc, setting: Mapping[str, Any]) -> Pairs:
        cfg = replace(AlignConfig(max_size=depth + 1), **setting)
        f = full(doc)
        return as_pairs(split_large(f.align(cfg), f.level(cfg)))

    def banded(doc: BenchmarkDoc, setting: Mapping[str, Any]) -> Pairs:
        cfg = replace(AlignConfig(), **setting)
        f, _ = encode_banded(doc.src, doc.tgt, embedder, cfg, encoded_runs=min(depth, 3))
        return as_pairs(split_large(f.align(cfg), f.level(cfg)))

    def fragment_path(doc: BenchmarkDoc, setting: Mapping[str, Any]) -> Pairs:
        key = (doc.name, "frag")
        if key not in prepared:
            prepared[key] = prepare_fragments(doc.src, doc.tgt, embedder, FRAGMENT_CONFIG)
        return as_pairs(align_prepared(prepared[key], replace(FRAGMENT_CONFIG, **setting)))

    methods = [
        Method("vecalign-style", vecalign, note=f"vecalign's DP, runs of up to {depth} sentences"),
        Method("bertalign-style", bertalign, note=f"bertalign's two passes, runs of up to {depth} sentences"),
        Method("sentence-all", sentence_all, our_grid(), note=f"every run of up to {depth} sentences"),
        Method(
            "sentence (margin)",
            banded,
            our_grid(),
            note="the margin score; runs encoded where the first pass is unsure",
        ),
    ]
    if fragments:
        methods.append(Method("fragment", fragment_path, our_grid()))
    return methods


__all__ = [
    "BLEUALIGN_PARTS",
    "DEPTH",
    "NUMBER_GRID",
    "SKIP_GRID",
    "Group",
    "Method",
    "Result",
    "Suite",
    "bleualign_suite",
    "evaluate_method",
    "format_results",
    "mac_suite",
    "our_grid",
    "part_groups",
    "score_settings",
    "standard_methods",
    "whole_groups",
]
