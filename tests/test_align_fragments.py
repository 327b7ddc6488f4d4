"""Sentence alignment through clause fragments: splitting, and reading a fragment path back as
sentence beads (model-free; the Bleualign figures are in test_align_bleualign.py)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from lawalign.align.embed import normalize_rows
from lawalign.align.fragments import align_fragments, fragment_units, project_beads, split_fragments
from lawalign.models import Bead
from lawalign_dev.evaluate.documents import coverage_ok


def test_split_keeps_every_character_and_joins_short_pieces() -> None:
    sentence = (
        "Das hübsche Buch von Jean Franco ( « Makalu » , Grenoble-Paris : B.Arthaud ) , das jetzt vorliegt ."
    )
    pieces = split_fragments(sentence)
    assert " ".join(pieces).split() == sentence.split()
    assert all(len(p) >= 20 for p in pieces) and len(pieces) >= 2
    assert split_fragments("Kurz , knapp .") == ["Kurz , knapp ."]
    assert split_fragments("") == [""]
    texts, owner = fragment_units(["a , b", "Eins , zwei und drei Dinge , vier und fünf Dinge ."])
    assert owner.tolist() == [0] + [1] * (len(texts) - 1)


def test_chinese_and_japanese_sentences_are_cut_at_their_full_width_clause_marks() -> None:
    # before, only ", ; :" followed by a space cut: a Chinese sentence was always one fragment
    sentence = "只听得咀嚼之声发自桌边，那男孩在取糕点而食；韦小宝心想：也是个偷食的。"
    pieces = split_fragments(sentence)
    assert pieces == ["只听得咀嚼之声发自桌边，", "那男孩在取糕点而食；", "韦小宝心想：也是个偷食的。"]
    assert "".join(pieces) == sentence  # slices of the sentence, nothing lost
    # lengths in display columns: a short clause (fewer than ten wide characters) joins the next
    assert split_fragments("门口，那人走了进来，韦小宝从桌底下瞧出去。") == [
        "门口，那人走了进来，",
        "韦小宝从桌底下瞧出去。",
    ]
    assert split_fragments(
        "テーブルの下から覗いて見ると、靴は大きくなかった：男の子だろうと韋小宝は思った。"
    ) == [
        "テーブルの下から覗いて見ると、靴は大きくなかった：",
        "男の子だろうと韋小宝は思った。",
    ]


def test_a_clause_aligned_across_a_sentence_boundary_joins_the_sentences() -> None:
    # source sentence 0 = fragments 0, 1; sentence 1 = fragment 2. Target sentence 0 = fragment 0;
    # sentence 1 = fragments 1, 2: fragment 1 moved to the next sentence in the translation.
    src_owner, tgt_owner = np.array([0, 0, 1]), np.array([0, 1, 1])
    path = [Bead((0,), (0,), 0.9), Bead((1,), (1,), 0.8), Bead((2,), (2,), 0.7)]
    assert [str(b) for b in project_beads(path, src_owner, tgt_owner, 2, 2)] == ["[0, 1]:[0, 1]"]
    assert project_beads(path, src_owner, tgt_owner, 2, 2)[0].score == 0.8
    # a sentence whose only fragment is deleted is a deletion; one inside a group stays in it
    path = [Bead((0,), ()), Bead((1,), (0,), 0.9), Bead((2,), (1,), 0.9)]
    beads = project_beads(path, np.array([0, 1, 2]), np.array([0, 1]), 3, 2)
    assert [str(b) for b in beads] == ["[0]:[]", "[1]:[0]", "[2]:[1]"]
    path = [Bead((0,), (0,), 0.9), Bead((1,), ()), Bead((2,), (1,), 0.9)]
    beads = project_beads(path, np.array([0, 1, 2]), np.array([0, 0]), 3, 1)
    assert [str(b) for b in beads] == ["[0, 1, 2]:[0]"]


class _Letters:
    name, dim = "letters", 26

    def encode(self, texts: list[str]) -> np.ndarray:
        counts = [[t.count(c) for c in "abcdefghijklmnopqrstuvwxyz"] for t in texts]
        return normalize_rows(np.array(counts, dtype=float))


@settings(max_examples=25, deadline=None, derandomize=True)
@given(
    src=st.lists(st.text("abcdefg ,;:()", min_size=1, max_size=60), max_size=8),
    tgt=st.lists(st.text("abcdefg ,;:()", min_size=1, max_size=60), max_size=8),
)
def test_beads_cover_every_sentence_once_in_order(src: list[str], tgt: list[str]) -> None:
    beads = align_fragments(src, tgt, _Letters())
    assert coverage_ok([(b.src, b.tgt) for b in beads], len(src), len(tgt))
