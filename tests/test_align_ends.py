"""False sentence ends (a break after an initial or inside an open bracket) and what the aligner
does with them: a bead boundary may not cut one side's sentence at one while the other side's
sentence stays whole (model-free; the Bleualign figures are in test_align_bleualign.py)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lawalign.align.embed import normalize_rows
from lawalign.align.ends import END, FALSE_END, INNER, boundary_classes, false_end, false_ends, mismatched
from lawalign.align.fragments import FRAGMENT_CONFIG, align_fragments
from lawalign.align.hybrid import align_hybrid
from lawalign.align.sentalign import AlignConfig, align_texts
from lawalign.models import Bead


class _Letters:
    name, dim = "letters", 26

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        rows = [[t.lower().count(c) for c in "abcdefghijklmnopqrstuvwxyz"] for t in texts]
        return normalize_rows(np.array(rows, dtype=float))


@pytest.mark.parametrize(
    ("line", "following", "expected"),
    [
        ("Kangchendzönga , ca. 8597 m , Leiter Ch .", "Evans , Gipfelmannschaften", True),
        ("Erstersteigung 1933 durch B.M .", "Abalakow , seitdem wiederholt besucht .", True),
        ("Par souci d' exactitude , l' E .", "1934 les a gravis les quatre .", True),
        ("Sein Sherpa war Da Temba ( Himalayan Club :", "Sherpa-Liste Nr.212 ) .", True),
        ("Arthaud ) , jetzt in deutscher Fassung ( Zürich :", "Orell Füssli 1956 ) vorliegt .", True),
        ("Un porteur reçoit 3 roupies [ 2 fr .", "70 ] par jour .", True),
        # the sentence ended inside the brackets, which close on the next line
        ("( The Abominable Snowman , London 1955 .", ") 13. L' année 1955 …", False),
        # Roman numerals, words, numbers and closed brackets end sentences
        ("Sie erreichten Lager V .", "Am nächsten Tag …", False),
        ("Links steile Platten , rechts fauler Schnee .", "Dann …", False),
        ("Die neue Kote ist jedoch 8222 m.", "Über Manaslu …", False),
        ("Das ist der Mustagh-Turm ( 7273 m ) .", "Für die meisten …", False),
        ("G.O.Dyhrenfurth :", "« Baltoro » ( ibidem 1939 ) .", False),
        ("Er sah es .", "Dann …", False),
        ("", "", False),
    ],
)
def test_false_end(line: str, following: str, expected: bool) -> None:
    assert false_end(line, following) is expected


def test_the_last_sentence_never_ends_falsely() -> None:
    assert false_ends(["Leiter Ch .", "Evans und Band J ."]).tolist() == [True, False]
    assert false_ends([]).tolist() == []


def test_boundary_classes_of_sentences_and_fragments() -> None:
    ends = np.array([True, False, False])
    assert boundary_classes(ends).tolist() == [END, FALSE_END, END, END]
    owner = np.array([0, 0, 1, 2, 2])
    assert boundary_classes(ends, owner).tolist() == [END, INNER, FALSE_END, END, INNER, END]


def test_only_one_sided_false_ends_are_mismatched() -> None:
    src = np.array([END, FALSE_END, FALSE_END, INNER, INNER, END])
    tgt = np.array([FALSE_END, FALSE_END, END, FALSE_END, INNER, END])
    assert mismatched(src, tgt).tolist() == [True, False, True, False, False, False]


@given(st.lists(st.text(alphabet="ab(). )[]CJ", max_size=12), max_size=8))
@settings(max_examples=200, deadline=None)
def test_classes_cover_every_position(sentences: list[str]) -> None:
    ends = false_ends(sentences)
    classes = boundary_classes(ends)
    assert len(classes) == len(sentences) + 1
    assert classes[0] == END and classes[-1] == END
    assert set(classes.tolist()) <= {END, FALSE_END}


Aligner = Callable[..., tuple[Bead, ...]]
ALIGNERS: dict[str, tuple[Aligner, AlignConfig]] = {
    "sentences": (align_texts, AlignConfig()),
    "fragments": (align_fragments, FRAGMENT_CONFIG),
    "both": (align_hybrid, FRAGMENT_CONFIG),
}
SRC = ["kkkk aaaa mmmm J .", "bbbb cccc nnnn .", "dddd eeee oooo .", "ffff gggg pppp .", "hhhh iiii qqqq ."]


def _beads(name: str, src: list[str], tgt: list[str], charge: float | None = None) -> list[str]:
    align, cfg = ALIGNERS[name]
    extra = {}
    if charge is not None:
        cfg = dataclasses.replace(cfg, false_end_charge=charge)
        if name == "both":  # both searches charged alike
            extra["sentence_config"] = AlignConfig(false_end_charge=charge)
    return [str(b) for b in align(src, tgt, _Letters(), config=cfg, **extra)]


@pytest.mark.parametrize("name", sorted(ALIGNERS))
def test_a_one_sided_false_end_joins_the_two_halves(name: str) -> None:
    # the source breaks after the initial "J ." where the target's sentence goes on
    tgt = ["kkkk aaaa mmmm .", *SRC[1:]]
    assert _beads(name, SRC, tgt, charge=0.0)[:2] == ["[0]:[0]", "[1]:[1]"]
    assert _beads(name, SRC, tgt)[0] == "[0, 1]:[0, 1]"


@pytest.mark.parametrize("name", sorted(ALIGNERS))
def test_parallel_false_ends_keep_their_beads(name: str) -> None:
    # both sides break after the same initial: two beads, as a human aligner keeps them
    assert _beads(name, SRC, list(SRC))[:2] == ["[0]:[0]", "[1]:[1]"]


def test_negative_charge_is_refused() -> None:
    with pytest.raises(ValueError, match="false_end_charge"):
        AlignConfig(false_end_charge=-1.0)
