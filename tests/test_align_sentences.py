"""Sentence splitting: hand counts of the seeds, no character lost, abbreviations, cache."""

from __future__ import annotations

import re

from hypothesis import given, seed, settings
from hypothesis import strategies as st

from align_fixtures import SEEDS, seed_edition, squash
from lawalign.align.cache import Store
from lawalign.align.sentences import sentence_spans, split_many, split_sentences

LABEL = re.compile(r"^(ĐIỀU \d+\.|ПРАВИЛО \d+\.|[A-E]\.|\d\.|- |\* |<\*> |\[1\] )\s*")


def test_hand_counts_of_every_paragraph() -> None:
    # Hand counts over every non-empty paragraph of the seeds, label stripped (debris included).
    counts = {}
    for lang, path in SEEDS.items():
        paras = [p for p in path.read_text(encoding="utf-8").split("\n") if p.strip()]
        counts[lang] = sum(len(split_sentences(LABEL.sub("", p), lang)) for p in paras)
    assert counts == {"vi": 41, "ru": 21, "tr": 22}


def test_law_68_unit_counts() -> None:
    counts = {
        lang: sum(len(split_sentences(u.text, lang)) for u in seed_edition(lang).law_units) for lang in SEEDS
    }
    assert counts == {"vi": 15, "ru": 20, "tr": 19}


def test_abbreviation_is_rejoined() -> None:
    text = seed_edition("tr").unit("68.fn1").text  # type: ignore[union-attr]
    assert len(split_sentences(text, "tr")) == 1 and "bkz. Yasa 57A" in text


def test_every_character_kept_in_seed_units() -> None:
    for lang in SEEDS:
        for unit in seed_edition(lang).law_units:
            assert squash("".join(split_sentences(unit.text, lang))) == squash(unit.text)


@seed(1234)
@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "Oyun devam eder.",
                " bkz. Yasa 57A",
                " (см. Правило 16D).",
                " 1.",
                " *",
                "  ",
                "\n",
                " e.g.",
                " Phần đánh bài tiếp tục.",
                "?",
                " a",
                ")",
                " Điều 70",
            ]
        ),
        max_size=12,
    ),
    st.sampled_from(["tr", "ru", "vi", "en", "zz"]),
)
def test_spans_tile_the_text(parts: list[str], lang: str) -> None:
    text = "".join(parts)
    spans = sentence_spans(text, lang)
    assert squash("".join(text[a:b] for a, b in spans)) == squash(text)
    assert all(a < b for a, b in spans) and all(spans[k][1] <= spans[k + 1][0] for k in range(len(spans) - 1))
    assert all(
        not text[a:b].strip()
        for a, b in zip([0] + [e for _, e in spans], [s for s, _ in spans] + [len(text)], strict=True)
    )


def test_split_cache_round_trip(tmp_path) -> None:  # type: ignore[no-untyped-def]
    store = Store(tmp_path)
    texts = ["Oyun devam eder. Hakem gelir.", "Розыгрыш продолжается."]
    first = split_many(texts, "tr", store)
    assert (
        split_many(texts, "tr", store)
        == first
        == [["Oyun devam eder.", "Hakem gelir."], ["Розыгрыш продолжается."]]
    )
    assert store.path.exists()
