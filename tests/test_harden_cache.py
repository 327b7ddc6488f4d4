"""The embedding cache never stops a run and is never trusted blindly: a corrupt file is rebuilt, an
unusable folder turns the cache off, unsound vectors and forged sentence splits are recomputed, and
a non-finite vector from a model is an error instead of a NaN score."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import numpy as np
import pytest

from lawalign.align.cache import Store, split_fits, text_key
from lawalign.align.embed import CachedEmbedder, check_vectors
from lawalign.align.sentences import split_many, splitter_name
from lawalign.errors import ModelError

ROOT = Path(__file__).resolve().parent.parent


class CountingEmbedder:
    """A deterministic stand-in model: a vector from the text's hash, counting what it embeds."""

    name = "fake"
    dim = 8

    def __init__(self, nan: bool = False) -> None:
        self.calls: list[str] = []
        self.nan = nan

    def encode(self, texts: list[str]) -> np.ndarray:
        self.calls.extend(texts)
        out = np.stack([np.frombuffer(bytes.fromhex(text_key(t))[:32], dtype=np.uint8)[:8] for t in texts])
        vecs = out.astype(np.float32) + 1.0
        if self.nan:
            vecs[0, 0] = np.nan
        return vecs / np.linalg.norm(vecs, axis=1, keepdims=True)


TEXTS = [f"Law {n}: the claimer states the line of play." for n in range(60)]


def _filled(folder: Path) -> Store:
    store = Store(folder)
    CachedEmbedder(CountingEmbedder(), store).encode(TEXTS)
    store.close()
    return store


@pytest.mark.parametrize("damage", ["garbage", "truncated", "empty-header", "foreign-db"])
def test_a_corrupt_cache_file_is_rebuilt_with_a_warning(tmp_path, caplog, damage):
    store = _filled(tmp_path)
    data = store.path.read_bytes()
    if damage == "garbage":
        store.path.write_bytes(b"this is not a database at all" * 100)
    elif damage == "truncated":
        store.path.write_bytes(data[: len(data) // 3])
    elif damage == "empty-header":
        store.path.write_bytes(b"\0" * 100 + data[100:])
    else:
        store.path.unlink()
        conn = sqlite3.connect(store.path)
        conn.execute("CREATE TABLE vectors (something TEXT)")
        conn.commit()
        conn.close()
    inner = CountingEmbedder()
    again = Store(tmp_path)
    vectors = CachedEmbedder(inner, again).encode(TEXTS)
    assert np.isfinite(vectors).all() and vectors.shape == (60, 8)
    assert "rebuilt from scratch" in caplog.text or damage == "truncated"
    assert not again.disabled
    # the rebuilt file works: a third run is served from it
    again.close()
    third = CountingEmbedder()
    assert np.array_equal(CachedEmbedder(third, Store(tmp_path)).encode(TEXTS), vectors)
    assert third.calls == []


@pytest.mark.parametrize("kind", ["a file", "under a file"])
def test_an_unusable_cache_folder_turns_the_cache_off(tmp_path, caplog, monkeypatch, kind):
    afile = tmp_path / "cache-file"
    afile.write_bytes(b"x")
    folder = afile if kind == "a file" else afile / "sub"
    monkeypatch.setenv("LAWALIGN_CACHE", str(folder))
    store = Store()
    inner = CountingEmbedder()
    vectors = CachedEmbedder(inner, store).encode(TEXTS[:3])
    assert vectors.shape == (3, 8) and len(inner.calls) == 3
    assert store.disabled and "running without cache" in caplog.text
    assert str(folder) in caplog.text
    assert afile.read_bytes() == b"x"
    store.put_splits("s", {"k": ["x"]})  # quietly nothing
    assert store.get_splits("s", ["k"]) == {}


def test_unsound_cached_vectors_are_recomputed(tmp_path, caplog):
    store = _filled(tmp_path)
    conn = sqlite3.connect(store.path)
    nan = np.full(8, np.nan, dtype="<f4").tobytes()
    conn.execute("UPDATE vectors SET vec = ? WHERE key = ?", (nan, text_key(TEXTS[0])))
    conn.execute("UPDATE vectors SET vec = ?, dim = 3 WHERE key = ?", (b"\0" * 12, text_key(TEXTS[1])))
    conn.execute("UPDATE vectors SET vec = ? WHERE key = ?", (b"\1\2\3", text_key(TEXTS[2])))
    conn.commit()
    conn.close()
    inner = CountingEmbedder()
    vectors = CachedEmbedder(inner, Store(tmp_path)).encode(TEXTS)
    assert np.isfinite(vectors).all()
    assert sorted(inner.calls) == sorted(TEXTS[:3])
    assert "unsound" in caplog.text


def test_a_model_returning_nan_is_an_error_not_a_score(tmp_path):
    with pytest.raises(ModelError, match="non-finite"):
        CachedEmbedder(CountingEmbedder(nan=True), Store(tmp_path)).encode(TEXTS[:2])
    with pytest.raises(ModelError):
        check_vectors(np.array([[1.0, np.inf]]), "m")
    assert Store(tmp_path).get_vectors("fake", [text_key(t) for t in TEXTS[:2]]) == {}


def test_a_forged_split_is_not_trusted(tmp_path, caplog):
    text = "Oyun devam eder. Ayrıca bkz. Yasa 57A."
    store = Store(tmp_path)
    store.put_splits(splitter_name("tr"), {text_key(text): ["Forged sentence.", "Another."]})
    assert split_many([text], "tr", store) == [["Oyun devam eder.", "Ayrıca bkz. Yasa 57A."]]
    assert "do not fit their text" in caplog.text
    # the honest split replaced the forged one
    cached = store.get_splits(splitter_name("tr"), [text_key(text)], [text])
    assert cached == {text_key(text): ["Oyun devam eder.", "Ayrıca bkz. Yasa 57A."]}


def test_split_fits():
    text = "Bir.  İki üç. Dört"
    assert split_fits(text, ["Bir.", "İki üç.", "Dört"])
    assert not split_fits(text, ["Bir.", "İki üç."])  # text left over
    assert not split_fits(text, ["Bir. ", "İki üç.", "Dört"])  # not trimmed
    assert not split_fits(text, ["Bir.", "", "İki üç.", "Dört"])
    assert not split_fits(text, ["Bir.", "Dört"])  # a gap with text in it
    assert not split_fits(text, json.loads('["Bir.", 5]'))


# --- stored build results (runs/) and a cache folder that is a file -------------------------------

RU = ROOT / "corpus" / "raw" / "002_1323563bdd032735.txt"
TR = ROOT / "corpus" / "raw" / "003_e30df247acf19ab2.txt"


def _small_corpus(tmp_path: Path) -> Path:
    corpus = tmp_path / "c"
    corpus.mkdir()
    (corpus / "ru.txt").write_bytes(RU.read_bytes())
    (corpus / "tr.txt").write_bytes(TR.read_bytes())
    (corpus / "manifest.toml").write_text(
        '[[edition]]\nfile = "ru.txt"\nlang = "ru"\n[[edition]]\nfile = "tr.txt"\nlang = "tr"\n',
        encoding="utf-8",
    )
    return corpus


@pytest.mark.model
def test_a_cache_folder_that_is_a_file_warns_once_and_the_build_succeeds(
    tmp_path, monkeypatch, capsys, caplog
):
    from lawalign.cli import main

    corpus = _small_corpus(tmp_path)
    afile = tmp_path / "cache-file"
    afile.write_bytes(b"x")
    monkeypatch.setenv("LAWALIGN_CACHE", str(afile))
    with caplog.at_level("WARNING"):
        assert main(["build", str(corpus), "--jobs", "1"]) == 0
    err = capsys.readouterr().err + caplog.text
    assert err.count("cache unusable") == 1, err
    assert f"{afile}: cache unusable (it exists and is not a folder); running without cache" in err
    assert "Not a directory" not in err
    assert (corpus / "build" / "alignment.jsonl").is_file() and afile.read_bytes() == b"x"


@pytest.mark.model
def test_stored_results_edited_in_place_are_recomputed(tmp_path, monkeypatch, capsys, caplog):
    from lawalign.cli import main

    corpus = _small_corpus(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("LAWALIGN_CACHE", str(tmp_path / "cache"))
    assert main(["build", "c", "--jobs", "1"]) == 0
    capsys.readouterr()
    assert main(["show", "68C", "c"]) == 0
    done = capsys.readouterr()
    assert "results of build" in done.err
    computed = done.out
    word = "Претензию"
    assert word in computed
    [stored] = (tmp_path / "cache" / "runs").glob("*.json")
    lines = stored.read_text(encoding="utf-8").split("\n")
    assert word in lines[1]
    lines[1] = lines[1].replace(word, "ПОДДЕЛАНО!")  # same key, valid JSON, a unit's text changed
    stored.write_text("\n".join(lines), encoding="utf-8")
    with caplog.at_level("WARNING", logger="lawalign.runcache"):
        assert main(["show", "68C", "c"]) == 0
    done = capsys.readouterr()
    assert "ПОДДЕЛАНО" not in done.out and done.out == computed
    assert "results of build" not in done.err
    assert "fail their integrity check" in caplog.text
    assert corpus.is_dir()
