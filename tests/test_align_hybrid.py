"""Two searches reconciled (fragments and whole sentences): the region split, the constrained
region search and the decision rule (model-free; the Bleualign figures are in test_align_bleualign.py)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from lawalign.align.embed import normalize_rows
from lawalign.align.ends import pair_classes
from lawalign.align.hybrid import Level, align_hybrid, reconcile
from lawalign.align.sentalign import AlignConfig, BeadScorer, bead_scores, overlap_lengths, overlap_numbers
from lawalign.models import Bead
from lawalign_dev.evaluate.documents import coverage_ok


class _Letters:
    name, dim = "letters", 26

    def encode(self, texts: list[str]) -> np.ndarray:
        counts = [[t.count(c) for c in "abcdefghijklmnopqrstuvwxyz"] for t in texts]
        return normalize_rows(np.array(counts, dtype=float))


def _level(texts: list[str], skip: float = 0.1) -> Level:
    """A level whose units are ``texts`` on both sides (runs of up to 2 embedded)."""
    enc = _Letters()
    ov = np.stack(
        [enc.encode([" ".join(texts[i : i + k]) or "z" for i in range(len(texts))]) for k in (1, 2)]
    )
    ov = ov.astype(np.float32)
    cfg = AlignConfig(max_size=4)
    lengths = (overlap_lengths(texts, 2), overlap_lengths(texts, 2))
    numbers = (overlap_numbers(texts, 2), overlap_numbers(texts, 2))
    ends = pair_classes(texts, texts)
    scorer = BeadScorer(ov, ov, config=cfg, lengths=lengths, numbers=numbers)
    return Level(ov, ov, lengths, numbers, cfg, skip, scorer, ends)


def test_region_search_scores_the_best_path_and_respects_forbidden_corners() -> None:
    texts = ["aaaa", "bbbb", "cccc"]
    level = _level(texts)
    diagonal = sum(level.bead_score(1, 1, i, i) for i in range(3))
    assert level.best((0, 0), (3, 3)) == diagonal
    # no inner corner allowed: three sentences a side cannot be crossed by beads of up to 2
    assert level.best((0, 0), (3, 3), lambda i, j: True) == -np.inf
    # only deletions on one side
    assert level.best((0, 0), (2, 0)) == -0.2
    # the scorer is the search's own margin score
    xs = np.array([0, 1])
    assert np.allclose(
        bead_scores(
            level.src,
            level.tgt,
            1,
            1,
            xs,
            xs,
            config=level.config,
            lengths=level.lengths,
            numbers=level.numbers,
        ),
        [level.bead_score(1, 1, 0, 0), level.bead_score(1, 1, 1, 1)],
    )


def test_agreeing_paths_are_kept_and_a_split_preferred_by_the_sentences_wins() -> None:
    texts = ["aaaa", "bbbb", "cccc"]
    level = _level(texts)
    owner = np.arange(3)
    split = [Bead((0,), (0,)), Bead((1,), (1,)), Bead((2,), (2,))]
    merged = [Bead((0,), (0,)), Bead((1, 2), (1, 2))]
    assert reconcile(split, split, level, level, owner, owner) == tuple(split)
    # with one unit per sentence both levels are the same, so each prefers the true 1-1 split:
    # the sentence level's preference is positive, the fragment level's (for its merge) negative
    assert [str(b) for b in reconcile(merged, split, level, level, owner, owner)] == [
        "[0]:[0]",
        "[1]:[1]",
        "[2]:[2]",
    ]
    assert [str(b) for b in reconcile(split, merged, level, level, owner, owner)] == [
        "[0]:[0]",
        "[1]:[1]",
        "[2]:[2]",
    ]


@settings(max_examples=25, deadline=None, derandomize=True)
@given(
    src=st.lists(st.text("abcdefg ,;:()", min_size=1, max_size=60), max_size=8),
    tgt=st.lists(st.text("abcdefg ,;:()", min_size=1, max_size=60), max_size=8),
)
def test_beads_cover_every_sentence_once_in_order(src: list[str], tgt: list[str]) -> None:
    beads = align_hybrid(src, tgt, _Letters())
    assert coverage_ok([(b.src, b.tgt) for b in beads], len(src), len(tgt))
