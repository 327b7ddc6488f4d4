"""The sentence DP and the baselines: coverage, order, determinism (model-free)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, seed, settings
from hypothesis import strategies as st

from lawalign.models import Bead, beads_text, parse_beads
from lawalign_dev.baselines import cosine_argmax, gale_church
from lawalign_dev.dp import DPConfig, align_sentences


def _covers(beads: tuple[Bead, ...], n: int, m: int) -> bool:
    src = [i for b in beads for i in b.src]
    tgt = [j for b in beads for j in b.tgt]
    return src == list(range(n)) and tgt == list(range(m))


def _vecs(rng: np.random.Generator, n: int, d: int = 16) -> np.ndarray:
    v = rng.normal(size=(n, d)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


@seed(20240611)
@settings(max_examples=60, deadline=None)
@given(st.integers(0, 7), st.integers(0, 7), st.integers(0, 10_000))
def test_beads_cover_every_sentence_once_in_order(n: int, m: int, s: int) -> None:
    rng = np.random.default_rng(s)
    beads = align_sentences(_vecs(rng, n), _vecs(rng, m))
    assert _covers(beads, n, m)
    assert all(len(b.src) <= 2 and len(b.tgt) <= 2 and len(b.src) + len(b.tgt) <= 3 for b in beads)


@seed(7)
@settings(max_examples=40, deadline=None)
@given(st.integers(1, 8), st.integers(0, 10_000))
def test_identical_sequences_align_diagonally(n: int, s: int) -> None:
    v = _vecs(np.random.default_rng(s), n, 64)
    assert [str(b) for b in align_sentences(v, v)] == [f"[{i}]:[{i}]" for i in range(n)]


def test_deterministic_and_same_bytes() -> None:
    rng = np.random.default_rng(3)
    a, b = _vecs(rng, 6), _vecs(rng, 5)
    assert beads_text(align_sentences(a, b)) == beads_text(align_sentences(a.copy(), b.copy()))


def test_two_to_one_bead_from_pair_vectors() -> None:
    e = np.eye(4, dtype=np.float32)
    src = e[[0, 1, 2]]
    tgt = e[[0, 3]]
    pairs = np.stack([e[3], e[3]])  # the concatenation of src 1+2 says what tgt 1 says
    beads = align_sentences(src, tgt, src_pairs=pairs, config=DPConfig(floor=0.5))
    assert [str(b) for b in beads] == ["[0]:[0]", "[1, 2]:[1]"]


def test_omitted_sentence_becomes_a_skip() -> None:
    e = np.eye(3, dtype=np.float32)
    assert beads_text(align_sentences(e, e[[0, 2]])) == "[0]:[0] [1]:[] [2]:[1]"


@seed(11)
@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.lists(st.integers(0, 9), max_size=2), st.lists(st.integers(0, 9), max_size=2)),
        max_size=6,
    )
)
def test_bead_text_round_trip(raw: list[tuple[list[int], list[int]]]) -> None:
    beads = tuple(Bead(tuple(a), tuple(b)) for a, b in raw if a or b)
    assert parse_beads(beads_text(beads)) == beads


@seed(5)
@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 300), max_size=8), st.lists(st.integers(1, 300), max_size=8))
def test_gale_church_covers(src: list[int], tgt: list[int]) -> None:
    assert _covers(gale_church(src, tgt), len(src), len(tgt))


def test_cosine_argmax() -> None:
    e = np.eye(3, dtype=np.float32)
    assert [str(b) for b in cosine_argmax(e, e[[2, 0, 1]])] == ["[0]:[1]", "[1]:[2]", "[2]:[0]"]
    assert cosine_argmax(e[:0], e) == ()
