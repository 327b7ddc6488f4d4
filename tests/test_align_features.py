"""Pair features, encoding only where the first pass is uncertain, the large-bead rule and the
registered strategies (model-free; a real page pair cut short in test_align_strategies.py)."""

from __future__ import annotations

import zlib

import numpy as np
import pytest

from lawalign.align.embed import normalize_rows
from lawalign.align.features import (
    PairFeatures,
    approximate_runs,
    compose_runs,
    encode_banded,
    prepare_pair,
    split_large,
)
from lawalign.align.sentalign import AlignConfig
from lawalign.align.strategies import STRATEGIES, align_documents
from lawalign.models import Bead
from lawalign_dev.evaluate.documents import coverage_ok

WORDS = [
    "alpha beta gamma",
    "delta epsilon zeta",
    "eta theta iota",
    "kappa lambda mu",
    "nu xi omicron",
    "pi rho sigma",
    "tau upsilon phi",
    "chi psi omega",
    "one two three",
    "four five six",
]


class _Bag:
    """A bag-of-words embedder over a fixed vocabulary; records every text it is asked for."""

    name, dim = "bag", 64

    def __init__(self) -> None:
        self.asked: list[str] = []

    def encode(self, texts: list[str]) -> np.ndarray:
        self.asked.extend(texts)
        rows = np.zeros((len(texts), self.dim))
        for i, text in enumerate(texts):
            for word in text.split():
                rows[i, zlib.crc32(word.encode()) % self.dim] += 1.0 + (sum(map(ord, word)) % 7) / 7
        return normalize_rows(rows + 1e-3)


def test_approximate_runs_weight_units_by_length() -> None:
    v = np.eye(3, dtype=np.float32)
    runs = approximate_runs(v, ["a", "bb", "ccc"], 3)
    assert np.allclose(runs[0], v)
    assert np.allclose(runs[1, 0], normalize_rows(np.array([1.0, 2.0, 0.0])))
    assert np.allclose(runs[2, 0], normalize_rows(np.array([1.0, 2.0, 3.0])))
    assert not runs[2, 1].any() and not runs[1, 2].any()  # past the end: zero


def test_banded_encoding_encodes_sentences_once_and_runs_only_where_uncertain() -> None:
    src = WORDS
    tgt = [*WORDS[:4], WORDS[4] + " " + WORDS[5], *WORDS[6:]]  # one 2-1 bead
    bag = _Bag()
    cfg = AlignConfig(max_size=3)
    features, stats = encode_banded(src, tgt, bag, cfg)
    assert stats.sentences == len(set(src) | set(tgt))
    assert 0 < stats.runs < stats.runs_possible
    runs_asked = bag.asked[stats.sentences :]  # the second call: the runs
    assert len(runs_asked) == stats.runs
    assert " ".join(WORDS[4:6]) in bag.asked  # the run of the 2-1 bead has its own vector
    beads = features.align(cfg)
    assert ((4, 5), (4,)) in [(b.src, b.tgt) for b in beads]
    # with every run encoded the search reads the same vectors where both have them
    full = prepare_pair(src, tgt, _Bag(), cfg.max_side)
    assert [(b.src, b.tgt) for b in full.align(cfg)] == [(b.src, b.tgt) for b in beads]


def test_confident_threshold_trades_runs_encoded() -> None:
    src, tgt = WORDS, WORDS
    cfg = AlignConfig(max_size=3)
    _, none = encode_banded(src, tgt, _Bag(), cfg, confident=-np.inf)
    _, every = encode_banded(src, tgt, _Bag(), cfg, confident=np.inf)
    assert none.runs == 0  # every bead a confident 1-1
    assert every.runs == every.runs_possible


def test_longer_runs_are_read_from_the_encoded_runs_inside_them() -> None:
    """With ``compose``, a run longer than those encoded, inside an unsure stretch, is read from the
    encoded runs inside it: nothing more is encoded, it lies closer to the run's own vector than the
    sum of its single units, and runs outside the unsure stretches keep their approximation."""
    src = WORDS
    tgt = [*WORDS[:3], " ".join(WORDS[3:6]), *WORDS[6:]]  # one 3-1 bead
    cfg = AlignConfig(max_size=4)  # runs of up to 3
    plain_bag, composed_bag = _Bag(), _Bag()
    plain, _ = encode_banded(src, tgt, plain_bag, cfg, encoded_runs=2)
    composed, _ = encode_banded(src, tgt, composed_bag, cfg, encoded_runs=2, compose=True)
    assert composed_bag.asked == plain_bag.asked
    changed = [i for i in range(len(src) - 2) if not np.allclose(plain.src_ov[2, i], composed.src_ov[2, i])]
    assert 3 in changed and len(changed) < len(src) - 2  # the 3-1 bead's run; not every run
    own = _Bag().encode([" ".join(src[i : i + 3]) for i in changed])
    for row, i in zip(own, changed, strict=True):
        assert float(row @ composed.src_ov[2, i]) > float(row @ plain.src_ov[2, i])
    assert np.allclose(plain.src_ov[:2], composed.src_ov[:2])  # encoded runs and sentences untouched
    assert [(b.src, b.tgt) for b in composed.align(cfg)][3] == ((3, 4, 5), (3,))


def test_compose_runs_weighs_each_split_by_length() -> None:
    v = approximate_runs(np.eye(4, dtype=np.float32), ["a", "b", "c", "d"], 4)
    v[2, 0] = [0.0, 0.0, 1.0, 0.0]  # the run "a b c" encoded as if it read "c"
    out = compose_runs(v, ["a", "b", "c", "d"], [(4, 0)])
    splits = [3 * v[2, 0] + v[0, 3], 2 * v[1, 0] + 2 * v[1, 2], v[0, 0] + 3 * v[2, 1]]
    assert np.allclose(out[3, 0], normalize_rows(np.sum(normalize_rows(np.array(splits)), axis=0)[None])[0])
    assert np.allclose(np.delete(out, 3, axis=0), np.delete(v, 3, axis=0))


def _features(src: list[str], tgt: list[str], k: int = 4) -> PairFeatures:
    return prepare_pair(src, tgt, _Bag(), k)


def test_an_unmatched_tail_glued_to_the_last_match_is_split_off() -> None:
    src = WORDS[:4]
    tgt = WORDS[:2]
    features = _features(src, tgt)
    level = features.level(AlignConfig())
    glued = (Bead((0,), (0,)), Bead((1, 2, 3), (1,)))
    split = [(b.src, b.tgt) for b in split_large(glued, level, limit=2)]
    assert split[0] == ((0,), (0,)) and split[-1] == ((3,), ())
    assert coverage_ok(split, 4, 2) and max(len(x) for x, _ in split) <= 2
    # a large bead that is the translation keeps its place when it beats its best split by the margin
    joined = [" ".join(WORDS[:4])]
    level = _features(WORDS[:4], joined).level(AlignConfig())
    whole = (Bead((0, 1, 2, 3), (0,)),)
    assert split_large(whole, level, limit=3, margin=-np.inf) == whole
    kept = split_large(whole, level, limit=3, margin=0.0)
    assert coverage_ok([(b.src, b.tgt) for b in kept], 4, 1)


@pytest.mark.parametrize("strategy", sorted(STRATEGIES))
def test_every_strategy_covers_both_sides_once(strategy: str) -> None:
    src = WORDS
    tgt = [*WORDS[:3], WORDS[3] + " " + WORDS[4], *WORDS[5:8]]
    beads = align_documents(src, tgt, _Bag(), strategy=strategy)
    assert coverage_ok([(b.src, b.tgt) for b in beads], len(src), len(tgt))
    assert ((8,), ()) in [(b.src, b.tgt) for b in beads] and ((9,), ()) in [(b.src, b.tgt) for b in beads]


def test_unknown_strategy() -> None:
    with pytest.raises(ValueError, match="valid: sentence"):
        align_documents(["a"], ["a"], _Bag(), strategy="nope")
