"""Alignment measurements for ``scripts/bench.py``: load, encode, align, memory, cold vs warm cache.

Each measurement runs in a fresh interpreter (``python -c``) so import and load costs are real;
peak memory is the child's ``ru_maxrss``.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

_CHILD = r"""
import json, resource, sys, time
t0 = time.perf_counter()
sys.path.insert(0, {tests!r})
from align_fixtures import seed_editions
from lawalign.align.clauses import align_editions
from lawalign.align.embed import get_embedder
editions = seed_editions()
emb = get_embedder({model!r}, {cache!r})
t1 = time.perf_counter()
inner = getattr(emb, "inner", emb)
if {load_only!r}:
    inner.encode(["warm up"])
    t2 = time.perf_counter()
    out = {{"load_s": round(t2 - t1, 3)}}
else:
    alignment = align_editions(editions, embedder=emb)
    t2 = time.perf_counter()
    n_units = sum(len(e.law_units) for e in editions)
    out = {{"align_s": round(t2 - t1, 3), "total_s": round(t2 - t0, 3), "units": n_units,
           "links": len(alignment.links), "cache_misses": getattr(emb, "misses", None),
           "per_unit_ms": round(1000 * (t2 - t1) / n_units, 1)}}
out["peak_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
print(json.dumps(out))
"""


def _child(model: str, cache: str, tests: Path, load_only: bool = False) -> dict[str, object]:
    code = _CHILD.format(tests=str(tests), model=model, cache=cache, load_only=load_only)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert isinstance(result, dict)
    return result


def bench_alignment(tests: str | Path, model: str = "e5") -> list[dict[str, object]]:
    """Rows (name, value, unit) for the seeds: model load, cold and warm alignment, peak memory.

    Cold = empty cache (everything split with spaCy and embedded); warm = the same run again.

    Args:
        tests: the checkout's ``tests/`` folder (its ``align_fixtures`` reads the seeds).
        model: the embedder name.
    """
    with tempfile.TemporaryDirectory(prefix="lawalign-bench-") as cache:
        load = _child(model, cache, Path(tests), load_only=True)
        cold = _child(model, cache, Path(tests))
        warm = _child(model, cache, Path(tests))
    return [
        {"name": f"align/{model}/model load", "value": load["load_s"], "unit": "s"},
        {"name": f"align/{model}/cold: align seeds (split+embed+DP)", "value": cold["align_s"], "unit": "s"},
        {"name": f"align/{model}/cold: per unit", "value": cold["per_unit_ms"], "unit": "ms"},
        {"name": f"align/{model}/cold: texts embedded", "value": cold["cache_misses"], "unit": "texts"},
        {"name": f"align/{model}/cold: peak memory", "value": cold["peak_mb"], "unit": "MB"},
        {"name": f"align/{model}/warm: align seeds", "value": warm["align_s"], "unit": "s"},
        {"name": f"align/{model}/warm: interpreter start to done", "value": warm["total_s"], "unit": "s"},
        {"name": f"align/{model}/warm: peak memory", "value": warm["peak_mb"], "unit": "MB"},
    ]


def bench_sentalign(
    sizes: tuple[int, ...] = (300, 1000, 3000), repeat: int = 3, fragments: bool = False
) -> list[dict[str, object]]:
    """Rows for the general sentence aligner alone (no encoding): seconds and ms per sentence by size.

    Each document pair is random unit vectors (384-d, four overlap levels as beads up to 1-4/4-1
    need) and a noisy copy with 5 % of sentences dropped, with sentence lengths (20-200 characters)
    and numbers (in 40 % of the sentences) for the length factor and the number agreement; the
    best of ``repeat`` runs is reported, the runs' lengths and numbers computed inside the time.
    Flat ms per sentence across sizes shows the search is linear (banded), not quadratic.
    ``fragments``: the path of ``lawalign pair`` instead: 2.3 fragments per sentence (as in the
    Bleualign dev document), beads up to 4 fragments, the path read back as sentence beads inside
    the time; still reported per sentence.
    """
    import time

    import numpy as np

    from lawalign.align.embed import normalize_rows
    from lawalign.align.fragments import FRAGMENT_CONFIG, project_beads
    from lawalign.align.sentalign import AlignConfig, align_overlaps, overlap_anchors, overlap_lengths

    rng = np.random.default_rng(0)
    config = FRAGMENT_CONFIG if fragments else AlignConfig()
    per_sentence = 2.3 if fragments else 1.0
    label = "sentalign-fragments" if fragments else "sentalign"
    rows: list[dict[str, object]] = []
    for sentences in sizes:
        n = round(per_sentence * sentences)
        src = normalize_rows(rng.normal(size=(config.max_side, n, 384)))
        keep = rng.random(n) >= 0.05
        tgt = normalize_rows(
            src[:, keep] + 0.5 * normalize_rows(rng.normal(size=(config.max_side, int(keep.sum()), 384)))
        )
        words = [
            "x" * int(rng.integers(20, 200)) + (f" {rng.integers(1, 2 * n)}" if rng.random() < 0.4 else "")
            for _ in range(n)
        ]
        src_text, tgt_text = words, [w for w, k in zip(words, keep, strict=True) if k]
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            lengths = (overlap_lengths(src_text, config.max_side), overlap_lengths(tgt_text, config.max_side))
            numbers = overlap_anchors(src_text, tgt_text, config.max_side, config.max_side)
            beads = align_overlaps(src, tgt, config=config, lengths=lengths, numbers=numbers)
            if fragments:  # fragments i of sentence i // 2.3 on both sides
                src_owner = (np.arange(n) / per_sentence).astype(np.int64)
                tgt_owner = (np.arange(len(tgt_text)) / per_sentence).astype(np.int64)
                project_beads(beads, src_owner, tgt_owner, int(src_owner[-1]) + 1, int(tgt_owner[-1]) + 1)
            times.append(time.perf_counter() - start)
        rows.extend(_size_rows(label, sentences, f"{n} × {int(keep.sum())} units", min(times)))
    return rows


def bench_hybrid(sizes: tuple[int, ...] = (300, 1000, 3000), repeat: int = 3) -> list[dict[str, object]]:
    """Rows for ``lawalign pair``'s default path beyond encoding: both searches and their reconciliation.

    Random 384-d fragment vectors, 2.3 fragments per sentence (as in the Bleualign dev document), and a
    noisy copy with 5 % of fragments dropped; a run of sentences is the normalized sum of its
    fragments' vectors, as a text's embedding is near the mean of its parts' (made before the clock
    starts: they stand for the encoder's output). Lengths, numbers and false ends (one sentence in 20
    cut after an initial on the source side) are computed inside the time;
    the best of ``repeat`` runs is reported, with ms per sentence: flat across sizes when both searches
    and the reconciliation are linear.
    """
    import time

    import numpy as np

    from lawalign.align.embed import normalize_rows
    from lawalign.align.features import features_of
    from lawalign.align.fragments import FRAGMENT_CONFIG, fragment_inputs
    from lawalign.align.hybrid import HybridInputs, align_prepared_hybrid
    from lawalign.align.sentalign import AlignConfig

    def runs(vectors: np.ndarray, owner: np.ndarray, depth: int) -> np.ndarray:
        """(depth, units, d) overlap vectors: runs of 1..depth consecutive units (zero past the end)."""
        units = int(owner[-1]) + 1 if len(owner) else 0
        base = np.zeros((units, vectors.shape[1]))
        np.add.at(base, owner, vectors)
        out = np.zeros((depth, units, vectors.shape[1]), dtype=np.float32)
        for k in range(1, depth + 1):
            total = sum(base[i : units - k + 1 + i] for i in range(k))
            out[k - 1, : units - k + 1] = normalize_rows(np.asarray(total))
        return out

    rng = np.random.default_rng(0)
    scfg, fcfg = AlignConfig(), FRAGMENT_CONFIG
    rows: list[dict[str, object]] = []
    for sentences in sizes:
        frags = round(2.3 * sentences)
        src_owner = np.sort(rng.integers(0, sentences, size=frags))
        src_owner[:sentences] = np.arange(sentences)  # every sentence has a fragment
        src_owner = np.sort(src_owner)
        vectors = normalize_rows(rng.normal(size=(frags, 384)))
        keep = rng.random(frags) >= 0.05
        tgt_vectors = normalize_rows(
            vectors[keep] + 0.5 * normalize_rows(rng.normal(size=(int(keep.sum()), 384)))
        )
        _, tgt_owner = np.unique(src_owner[keep], return_inverse=True)
        texts = [
            "x" * int(rng.integers(10, 90)) + (f" {rng.integers(1, 2 * frags)}" if rng.random() < 0.2 else "")
            for _ in range(frags)
        ]

        def sentence_texts(owner: np.ndarray, pieces: list[str], cut: bool) -> list[str]:
            out: list[list[str]] = [[] for _ in range(int(owner[-1]) + 1)]
            for piece, o in zip(pieces, owner.tolist(), strict=True):
                out[o].append(piece)
            return [" ".join(p) + (" J ." if cut and i % 20 == 7 else "") for i, p in enumerate(out)]

        tgt_texts = [t for t, k in zip(texts, keep, strict=True) if k]
        src_sents = sentence_texts(src_owner, texts, True)
        tgt_sents = sentence_texts(tgt_owner, tgt_texts, False)
        # the overlap vectors stand for the encoder's output: made before the clock starts
        frag_side = (
            runs(vectors, np.arange(frags), fcfg.max_side),
            runs(tgt_vectors, np.arange(len(tgt_texts)), fcfg.max_side),
        )
        sent_side = (runs(vectors, src_owner, scfg.max_side), runs(tgt_vectors, tgt_owner, scfg.max_side))
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            fragments = fragment_inputs(
                src_sents, tgt_sents, texts, tgt_texts, (src_owner, tgt_owner), frag_side
            )
            inputs = HybridInputs(fragments, features_of(src_sents, tgt_sents, *sent_side))
            align_prepared_hybrid(inputs, fcfg, scfg)
            times.append(time.perf_counter() - start)
        size = f"{len(src_sents)} × {len(tgt_sents)} sentences, {frags} × {len(tgt_texts)} fragments"
        rows.extend(_size_rows("sentalign-both", sentences, size, min(times)))
    return rows


def _size_rows(label: str, sentences: int, size: str, best: float) -> list[dict[str, object]]:
    """The two rows of one document size: seconds to align, and ms per sentence."""
    return [
        {"name": f"{label}/{sentences} sentences ({size}): align", "value": round(best, 3), "unit": "s"},
        {
            "name": f"{label}/{sentences} sentences: per sentence",
            "value": round(1000 * best / sentences, 3),
            "unit": "ms",
        },
    ]


if __name__ == "__main__":  # python tools/lawalign_dev/bench.py TESTS_DIR [MODEL]
    for row in bench_alignment(sys.argv[1], *(sys.argv[2:3] or ["e5"])):
        sys.stdout.write(f"{row['name']:<52} {row['value']!s:>8} {row['unit']}\n")
