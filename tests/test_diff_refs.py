"""Cross-references: the shapes the seeds and other editions use, and properties of find_refs."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, seed, settings
from hypothesis import strategies as st

from lawalign.structure.refs import find_refs

CASES = [
    ("nhưng xem Điều 73D3", "vi", {}, ["73D3"]),
    ("(но см. Правило 70D3)", "ru", {}, ["70D3"]),
    ("Yasa 16D izinsiz bilgi uygulanır", "tr", {}, ["16D"]),
    ("Law 54 applies", "en", {}, ["54"]),
    ("không áp dụng Điều luật này", "vi", {}, []),
    ("Vì mục đích của các Điều 70 và 71, “bình thường”", "vi", {}, ["70", "71"]),
    ("Laws 16 and 57A may apply", "en", {}, ["16", "57A"]),
    ("Правила 16, 57A и 70", "ru", {}, ["16", "57A", "70"]),
    ('Правило 16 "Несанкционированная информация" и также см. Правило 57A', "ru", {}, ["16", "57A"]),
    (
        "ancak Yasa 16, İzinsiz Bilgi, uygulanabilir, ayrıca bkz. Yasa 57A, Zamanından Önce Oynama",
        "tr",
        {},
        ["16", "57A"],
    ),
    ("Không liên quan đến mục 1 ở trên", "vi", {"law": "68", "section": "B"}, ["68B1"]),
    ("(xem mục A) có thể", "vi", {"law": "69"}, ["69A"]),
    ("Вне зависимости от пункта 1 выше", "ru", {"law": "68", "section": "B"}, ["68B1"]),
    ("1’deki tanımlara rağmen", "tr", {"law": "68", "section": "B"}, ["68B1"]),
    ("Notwithstanding B1 above", "en", {"law": "68"}, ["68B1"]),
    ("si applica l'Articolo 16, paragrafo D", "it", {}, ["16D"]),
    ("Law 16 D applies", "en", {}, ["16D"]),
    ("see 16.D.3 of Law 16.D.3", "en", {}, ["16D3"]),
    ("Правило 70С3", "ru", {}, ["70C3"]),  # Cyrillic С
    ("ĐIỀU 68. YÊU SÁCH NƯỚC BÀI", "vi", {}, []),  # a law heading is no reference
    ("Giai đoạn Điều chỉnh được quy định ở Điều 70C:", "vi", {}, ["70C"]),
    ("пункт D Правила 16", "ru", {}, ["16D"]),
    ("Law 16 A player may", "en", {}, ["16"]),
    ("Law 71.1 applies", "en", {}, ["71.1"]),
]


@pytest.mark.parametrize(("text", "lang", "where", "expected"), CASES)
def test_targets(text: str, lang: str, where: dict[str, str], expected: list[str]) -> None:
    assert [r.target for r in find_refs(text, lang, **where)] == expected


def test_lookalike_folded_only_in_target() -> None:
    (ref,) = find_refs("см. Правило 70С3", "ru")
    assert ref.surface == "Правило 70С3" and "С" in ref.surface and ref.target == "70C3"


def test_kinds_and_offsets() -> None:
    text = "Вне зависимости от пункта 1 выше, применяется Правило 16D"
    refs = find_refs(text, "ru", law="68", section="68B")
    assert [(r.kind, r.target) for r in refs] == [("internal", "68B1"), ("external", "16D")]
    for r in refs:
        assert text[r.start : r.end] == r.surface


def test_unknown_language_uses_generic_profile() -> None:
    assert [r.target for r in find_refs("Правило 70D3 and Law 16", "zz")] == ["70D3", "16"]


@seed(20240601)
@settings(max_examples=300, deadline=None)
@given(
    st.text(
        alphabet=st.sampled_from(
            list("Law ПравилоĐiều Yasa 0123456789ABCDС.,’'-и và ve and mục пункта выше")
        ),
        max_size=80,
    ),
    st.sampled_from(["vi", "ru", "tr", "en", "xx"]),
)
def test_properties(text: str, lang: str) -> None:
    refs = find_refs(text, lang, law="68", section="B")
    assert refs == sorted(refs, key=lambda r: r.start)
    for a, b in itertools.pairwise(refs):
        assert a.end <= b.start  # no overlaps
    for r in refs:
        assert text[r.start : r.end] == r.surface
        assert r.kind in ("external", "internal") and r.target
