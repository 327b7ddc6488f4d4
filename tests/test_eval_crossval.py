"""The cross-validation protocol of ``make eval`` (model-free): groups, fitting without the group
scored, the in-sample figure beside it, and the two baselines written again over overlap vectors."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from lawalign_dev.evaluate.crossval import Method, Suite, evaluate_method, part_groups, whole_groups
from lawalign_dev.evaluate.documents import BenchmarkDoc
from lawalign_dev.evaluate.reference import bertalign_align, vecalign_align


def _doc(name: str, n: int) -> BenchmarkDoc:
    gold = tuple(((i,), (i,)) for i in range(n))
    return BenchmarkDoc(name, tuple("s" * n), tuple("t" * n), gold)


def test_each_group_is_scored_with_the_setting_chosen_on_the_others() -> None:
    docs = (_doc("a", 4), _doc("b", 4), _doc("c", 4))
    suite = Suite("toy", docs, whole_groups(docs))
    right = [((i,), (i,)) for i in range(4)]
    wrong = [((0, 1), (0,)), ((), (1,)), ((2,), (2,)), ((3,), (3,))]

    def run(doc: BenchmarkDoc, setting: Mapping[str, Any]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        # setting "x" is right on a and b only, setting "y" on c only
        good = (doc.name == "c") == (setting["v"] == "y")
        return right if good else wrong

    result = evaluate_method(Method("toy", run, ({"v": "x"}, {"v": "y"})), suite)
    # a held out: on b and c, x and y are right once each (a tie goes to the earlier setting, x);
    # the same for b; c held out: x is right on a and b. So c is scored with x and is wrong.
    assert [c["v"] for c in result.chosen] == ["x", "x", "x"]
    assert result.per_group == (1.0, 1.0, result.per_group[2]) and result.per_group[2] < 1.0
    assert result.in_sample_setting == {"v": "x"}
    assert result.held_out.strict_f1 < 1.0


def test_one_document_is_cut_into_contiguous_parts_at_clean_bead_boundaries() -> None:
    gold = (((0,), (0,)), ((1, 2), (1,)), ((3,), ()), ((4,), (2, 3)), ((5,), (4,)), ((6,), (5,)))
    doc = BenchmarkDoc("d", tuple("x" * 7), tuple("y" * 6), gold)
    groups = part_groups(doc, 3)
    assert [len(g.gold) for g in groups] == [2, 2, 2]
    assert [(g.start, g.end) for g in groups] == [((0, 0), (3, 2)), ((3, 2), (5, 4)), ((5, 4), (7, 6))]


def test_reference_aligners_find_a_merge() -> None:
    rng = np.random.default_rng(0)
    base = rng.normal(size=(6, 32))
    src1 = base / np.linalg.norm(base, axis=1, keepdims=True)
    tgt_rows = [base[0], base[1], base[2] + base[3], base[4], base[5]]
    tgt1 = np.array(tgt_rows) / np.linalg.norm(tgt_rows, axis=1, keepdims=True)

    def runs(v: np.ndarray) -> np.ndarray:
        out = np.zeros((2, len(v), v.shape[1]), dtype=np.float32)
        out[0] = v
        pairs = v[:-1] + v[1:]
        out[1, :-1] = pairs / np.linalg.norm(pairs, axis=1, keepdims=True)
        return out

    src, tgt = runs(src1), runs(tgt1)
    expected = [((0,), (0,)), ((1,), (1,)), ((2, 3), (2,)), ((4,), (3,)), ((5,), (4,))]
    lens_src, lens_tgt = np.full((2, 6), 10.0), np.full((2, 5), 10.0)
    lens_src[1] = 20.0
    lens_tgt[0, 2], lens_tgt[1] = 20.0, 20.0
    assert [(b.src, b.tgt) for b in bertalign_align(src, tgt, lens_src, lens_tgt, max_align=3)] == expected
    assert [(b.src, b.tgt) for b in vecalign_align(src, tgt, max_size=3)] == expected
