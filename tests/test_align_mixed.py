"""A language pair's encoder mixed with USE-multilingual (``e5+en-zh+use``, :mod:`lawalign.align.mixed`),
the embedders behind it (:class:`lawalign.align.embed.USEEmbedder`, :class:`MixedEmbedder`), and how
``make train`` sets the mixture's weight (:mod:`lawalign_dev.evaluate.train_encoder`)."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import numpy as np
import pytest

from lawalign.align.adapted import bundled_pairs, pair_key
from lawalign.align.mixed import bundled_mixtures, parse_mixtures, spread_weight
from lawalign.errors import ConfigError
from lawalign_dev.evaluate.crossval import Group, Suite
from lawalign_dev.evaluate.documents import BenchmarkDoc
from lawalign_dev.evaluate.train_encoder import MIXED, SHIPPED, cosine_spread

TEXTS = ["Oyun devam eder.", "Розыгрыш продолжается.", "小玄子道：“很好！”", "He said: “Very good!”"]


def test_the_bundled_mixtures_are_the_measured_pairs_and_hold_their_spreads_weight() -> None:
    mixtures = bundled_mixtures()
    assert sorted(mixtures) == sorted(pair_key(*p.split("-")) for p in MIXED) == ["en-zh"]
    assert set(MIXED) <= set(SHIPPED) and set(mixtures) <= set(bundled_pairs())  # a mixture needs its encoder
    for mixture in mixtures.values():
        assert mixture.second == "use"
        assert mixture.weight == spread_weight(*mixture.spreads)
        assert 0.0 < mixture.weight < 1.0
    text = (resources.files("lawalign") / "data" / "align" / "mixtures.json").read_text(encoding="utf-8")
    assert "lawalign_dev.evaluate.train_encoder" in json.loads(text)["source"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"source": "s", "pairs": {}, "x": 1}', "expected the keys 'source' and 'pairs'"),
        ('{"source": "s",\n "pairs": }', "mixtures.json:2:11: Expecting value"),
        ('{"source": "s", "pairs": {"en-zh": {"second": "use", "weight": 0.5}}}', "expected the keys"),
        (
            '{"source": "s", "pairs": {"en-zh": {"second": "labse", "spreads": [0.1, 0.1], "weight": 0.5}}}',
            "unknown second model 'labse'",
        ),
        (
            '{"source": "s", "pairs": {"en-zh": {"second": "use", "spreads": [0.1, -1], "weight": 0.5}}}',
            "spreads are two positive numbers",
        ),
        (
            '{"source": "s", "pairs": {"en-zh": {"second": "use", "spreads": [0.1, true], "weight": 0.5}}}',
            "spreads are two positive numbers",
        ),
        (
            '{"source": "s", "pairs": {"en-zh": {"second": "use", "spreads": [0.1, 0.3], "weight": 0.5}}}',
            "weight 0.5 is not the spreads' 0.75",
        ),
    ],
    ids=["keys", "json", "entry-keys", "second", "negative", "bool", "weight"],
)
def test_a_mixture_file_is_checked_on_load(text: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_mixtures(text)


def test_the_weight_balances_the_spreads() -> None:
    assert spread_weight(0.1, 0.1) == 0.5
    assert spread_weight(0.02, 0.1) == 0.83  # the model whose cosines spread less weighs more
    with pytest.raises(ValueError, match="positive"):
        spread_weight(0.0, 0.1)


class _Rows:
    """A stand-in embedder: fixed unit rows by text."""

    def __init__(self, name: str, rows: dict[str, list[float]]) -> None:
        self.name, self.rows = name, rows
        self.dim = len(next(iter(rows.values())))

    def encode(self, texts: list[str]) -> np.ndarray:
        return np.array([self.rows[t] for t in texts], dtype=np.float32)


def test_cosine_spread_reads_every_pair_of_a_group_and_no_gold() -> None:
    src, tgt = ("a", "b"), ("c", "d")
    # gold that pairs nothing: the spread does not read it
    doc = BenchmarkDoc("d", src, tgt, ())
    suite = Suite("zh-en (x)", (doc,), (Group("g", 0, (), (0, 0), (2, 2)),))
    emb = _Rows("r", {"a": [1.0, 0.0], "b": [0.0, 1.0], "c": [1.0, 0.0], "d": [1.0, 0.0]})
    # cosines: a·c = 1, a·d = 1, b·c = 0, b·d = 0 → std 0.5
    assert cosine_spread(emb, suite, [0]) == pytest.approx(0.5)


def test_a_mixed_cosine_is_the_weighted_sum_of_the_two() -> None:
    from lawalign.align.embed import MixedEmbedder

    a = _Rows("a", {"x": [1.0, 0.0], "y": [0.6, 0.8]})
    b = _Rows("b", {"x": [0.0, 1.0], "y": [0.0, -1.0]})
    for weight in (0.2, 0.46, 0.9):
        v = MixedEmbedder(a, b, weight).encode(["x", "y"])
        assert np.allclose(np.linalg.norm(v, axis=1), 1.0)
        assert float(v[0] @ v[1]) == pytest.approx(weight * 0.6 + (1 - weight) * -1.0, abs=1e-6)
    with pytest.raises(ValueError, match="strictly between"):
        MixedEmbedder(a, b, 1.0)


@pytest.mark.model
def test_use_vectors_are_the_same_whatever_is_encoded_beside_them() -> None:
    from lawalign.align.embed import get_embedder
    from lawalign.align.parallel import spawn_spec

    use = get_embedder("use", cache=False)
    together = use.encode(TEXTS)
    assert together.shape == (4, 512) and together.dtype == np.float32
    assert np.allclose(np.linalg.norm(together, axis=1), 1.0, atol=1e-6)
    alone = np.concatenate([use.encode([t]) for t in TEXTS])
    assert np.array_equal(together, alone)  # bit-identical: the cache never changes an output
    assert np.array_equal(use.encode(TEXTS[::-1])[::-1], together)
    assert float(together[2] @ together[3]) > float(together[2] @ together[0])  # a translation is nearer
    assert spawn_spec(use) is None  # encoded in process: a worker costs more to start than USE to run


@pytest.mark.model
def test_use_reads_a_bounded_prefix_of_a_long_text() -> None:
    from lawalign.align.embed import USE_MAX_CHARS, get_embedder

    use = get_embedder("use", cache=False)
    words = "the director rules on the claim " * 400  # 12,800 characters
    long, cut = use.encode([words, words[:USE_MAX_CHARS]])
    assert np.array_equal(long, cut)
    assert not np.array_equal(long, use.encode([words[: USE_MAX_CHARS // 2]])[0])


@pytest.mark.model
def test_the_pair_default_is_the_bundled_mixture(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from lawalign.align.embed import MixedEmbedder, embedder_names, get_embedder
    from lawalign.commands.pair import pair_model

    monkeypatch.setenv("LAWALIGN_MODELS", str(tmp_path))
    assert pair_model(None, "zh", "en") == "e5+en-zh+use" and pair_model(None, "en", "de") == "e5"
    assert {"use", "e5+en-zh", "e5+en-zh+use"} <= set(embedder_names())
    with pytest.raises(ConfigError):
        get_embedder("e5+de-fr+use")
    mixed = get_embedder("e5+en-zh+use", tmp_path / "cache")
    assert isinstance(mixed, MixedEmbedder) and mixed.weight == bundled_mixtures()["en-zh"].weight
    assert mixed.dim == 384 + 512
    first, second = get_embedder("e5+en-zh", cache=False), get_embedder("use", cache=False)
    v, a, b = mixed.encode(TEXTS), first.encode(TEXTS), second.encode(TEXTS)
    w = mixed.weight
    assert np.allclose(v @ v.T, w * (a @ a.T) + (1 - w) * (b @ b.T), atol=1e-5)
    assert np.array_equal(get_embedder("e5+en-zh+use", tmp_path / "cache").encode(TEXTS), v)  # cached
