"""Document-level sentence alignment on a benchmark with gold beads (the Bleualign dev document).

A benchmark document is two presplit files (one sentence per line) and a gold file of beads in
vecalign notation. :func:`evaluate_document` runs the general aligner
(:mod:`lawalign.align.sentalign`), the previous clause-level DP (:mod:`lawalign_dev.dp`, run over
the whole document) and Gale–Church (:mod:`lawalign_dev.baselines`) on it and scores each exactly
as vecalign's ``score.py`` (:func:`lawalign_dev.evaluate.alignment.score_beads`).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from lawalign.align.embed import Embedder
from lawalign.align.ends import pair_classes
from lawalign.align.fragments import FRAGMENT_CONFIG, align_prepared, prepare_fragments
from lawalign.align.hybrid import align_prepared_hybrid, prepare_hybrid
from lawalign.align.sentalign import (
    AlignConfig,
    align_overlaps,
    embed_overlaps,
    overlap_anchors,
    overlap_lengths,
)
from lawalign.models import Bead
from lawalign_dev.baselines import gale_church
from lawalign_dev.dp import align_sentences
from lawalign_dev.evaluate.alignment import PRF, read_beads, score_beads

BeadList = list[tuple[tuple[int, ...], tuple[int, ...]]]
METHODS = ("sentalign", "sentalign-fragments", "sentalign-sentences", "previous-dp", "gale-church")
"""``sentalign``: the general aligner as ``lawalign pair`` runs it (clause fragments and whole
sentences reconciled, :mod:`lawalign.align.hybrid`); ``sentalign-fragments``: through clause
fragments alone (:mod:`lawalign.align.fragments`); ``sentalign-sentences``: on whole sentences alone."""


@dataclass(frozen=True, slots=True)
class BenchmarkDoc:
    """Two sentence lists and the gold beads between them."""

    name: str
    src: tuple[str, ...]
    tgt: tuple[str, ...]
    gold: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]


@dataclass(frozen=True, slots=True)
class MethodResult:
    """One method on one document: beads, scores and the alignment time (encoding excluded)."""

    method: str
    beads: tuple[Bead, ...]
    prf: PRF
    seconds: float


def _lines(path: Path) -> tuple[str, ...]:
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return tuple(line.strip() for line in lines)


BENCHMARK_ENV = "LAWALIGN_BLEUALIGN"


def benchmark_folder(root: str | Path) -> Path:
    """The Bleualign dev folder: ``$LAWALIGN_BLEUALIGN``, else ``shared/benchmarks/bleualign-dev`` beside
    the checkout (or beside its parent folder, for a worktree), whichever exists first."""
    import os

    env = os.environ.get(BENCHMARK_ENV)
    if env:
        return Path(env)
    base = Path(root).resolve()
    candidates = [p / "shared" / "benchmarks" / "bleualign-dev" for p in (base.parent, base.parent.parent)]
    return next((c for c in candidates if c.is_dir()), candidates[0])


def load_document(folder: str | Path, name: str, src: str, tgt: str) -> BenchmarkDoc:
    """``<name>.<src>``, ``<name>.<tgt>`` and the gold ``<name>.<src><tgt>`` of ``folder``."""
    base = Path(folder)
    return BenchmarkDoc(
        f"{name}.{src}{tgt}",
        _lines(base / f"{name}.{src}"),
        _lines(base / f"{name}.{tgt}"),
        tuple(read_beads(base / f"{name}.{src}{tgt}")),
    )


def head(doc: BenchmarkDoc, n_beads: int) -> BenchmarkDoc:
    """The document cut after its first ``n_beads`` gold beads (for an affordable test).

    Raises:
        ValueError: a later gold bead reaches back into the cut (the gold is not in order there).
    """
    return window(doc, 0, n_beads)


def window(doc: BenchmarkDoc, first: int, count: int) -> BenchmarkDoc:
    """Gold beads ``first … first+count-1`` and the sentences they cover, re-indexed from 0.

    Raises:
        ValueError: the beads do not cover one contiguous run of sentences on each side.
    """
    kept = doc.gold[first : first + count]
    xs = sorted(i for x, _ in kept for i in x)
    ys = sorted(j for _, y in kept for j in y)
    x0 = xs[0] if xs else 0
    y0 = ys[0] if ys else 0
    if xs != list(range(x0, x0 + len(xs))) or ys != list(range(y0, y0 + len(ys))):
        raise ValueError(f"gold beads {first}..{first + count - 1} do not cover contiguous sentences")
    shifted = tuple((tuple(i - x0 for i in x), tuple(j - y0 for j in y)) for x, y in kept)
    return BenchmarkDoc(
        f"{doc.name}[{first}:{first + count}]",
        doc.src[x0 : x0 + len(xs)],
        doc.tgt[y0 : y0 + len(ys)],
        shifted,
    )


def _as_pairs(beads: Sequence[Bead]) -> BeadList:
    return [(b.src, b.tgt) for b in beads]


def run_method(
    method: str, doc: BenchmarkDoc, embedder: Embedder, config: AlignConfig | None = None
) -> MethodResult:
    """Align ``doc`` with one of :data:`METHODS` and score it.

    The embedding (through the embedder's cache) is not part of ``seconds``.
    """
    cfg = config or AlignConfig()
    if method == "gale-church":
        start = time.perf_counter()
        beads = gale_church([len(s) for s in doc.src], [len(t) for t in doc.tgt])
    elif method == "sentalign":
        hybrid = prepare_hybrid(doc.src, doc.tgt, embedder, config or FRAGMENT_CONFIG)
        start = time.perf_counter()
        beads = align_prepared_hybrid(hybrid, config or FRAGMENT_CONFIG)
    elif method == "sentalign-fragments":
        fragment_cfg = config or FRAGMENT_CONFIG
        inputs = prepare_fragments(doc.src, doc.tgt, embedder, fragment_cfg)
        start = time.perf_counter()
        beads = align_prepared(inputs, fragment_cfg)
    elif method in ("sentalign-sentences", "previous-dp"):
        sides = max(2, cfg.max_side) if method == "previous-dp" else cfg.max_side
        src_ov, tgt_ov = embed_overlaps(doc.src, doc.tgt, embedder, sides)
        start = time.perf_counter()
        if method == "sentalign-sentences":
            lengths = (overlap_lengths(doc.src, sides), overlap_lengths(doc.tgt, sides))
            numbers = overlap_anchors(doc.src, doc.tgt, sides, sides)
            ends = pair_classes(doc.src, doc.tgt)
            beads = align_overlaps(src_ov, tgt_ov, config=cfg, lengths=lengths, numbers=numbers, ends=ends)
        else:
            n, m = len(doc.src), len(doc.tgt)
            beads = align_sentences(
                src_ov[0],
                tgt_ov[0],
                src_pairs=src_ov[1, : max(0, n - 1)],
                tgt_pairs=tgt_ov[1, : max(0, m - 1)],
            )
    else:
        raise ValueError(f"unknown method {method!r}; valid: {', '.join(METHODS)}")
    seconds = time.perf_counter() - start
    prf = score_beads([list(doc.gold)], [_as_pairs(beads)])
    return MethodResult(method, tuple(beads), prf, seconds)


def evaluate_document(
    doc: BenchmarkDoc,
    embedder: Embedder,
    methods: Sequence[str] = METHODS,
    config: AlignConfig | None = None,
) -> list[MethodResult]:
    """Every method of ``methods`` on ``doc``, in that order."""
    return [run_method(method, doc, embedder, config) for method in methods]


def coverage_ok(beads: Sequence[tuple[Sequence[int], Sequence[int]]], n: int, m: int) -> bool:
    """True when ``beads`` cover ``0..n-1`` and ``0..m-1`` each exactly once, in increasing order.

    >>> coverage_ok([((0,), (0, 1)), ((1,), ())], 2, 2)
    True
    >>> coverage_ok([((1,), (0,)), ((0,), (1,))], 2, 2)
    False
    """
    src = [i for x, _ in beads for i in x]
    tgt = [j for _, y in beads for j in y]
    return src == list(range(n)) and tgt == list(range(m)) and all(bool(x) or bool(y) for x, y in beads)


__all__ = [
    "BENCHMARK_ENV",
    "METHODS",
    "BenchmarkDoc",
    "MethodResult",
    "benchmark_folder",
    "coverage_ok",
    "evaluate_document",
    "head",
    "load_document",
    "run_method",
    "window",
]
