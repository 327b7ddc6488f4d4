"""The fitted bead score: its weights file, its equivalence with the margin score under the margin
weights, the search laid open for fitting, and the perceptron (model-free)."""

from __future__ import annotations

import json
from dataclasses import replace

import numpy as np
import pytest

from lawalign.align.beadmodel import BASE_FEATURES, bundled_weights, margin_weights, parse_weights
from lawalign.align.features import prepare_pair, split_large
from lawalign.align.sentalign import AlignConfig
from lawalign.errors import ConfigError
from lawalign_dev.evaluate.crossval import Group
from lawalign_dev.evaluate.train_aligner import example, fit, gold_path
from test_align_features import WORDS, _Bag

SRC = [*WORDS, *(w.upper() for w in WORDS)]
TGT = [*WORDS[:4], WORDS[4] + " " + WORDS[5], *WORDS[6:9], *(w.upper() for w in WORDS[2:])]


def _pairs(beads: object) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    return [(b.src, b.tgt) for b in beads]  # type: ignore[attr-defined]


def test_the_margin_weights_give_the_margin_search_exactly() -> None:
    features = prepare_pair(SRC, TGT, _Bag(), 4)
    margin = AlignConfig()
    fitted = AlignConfig(scoring="fitted", weights=margin_weights())
    assert _pairs(features.align(fitted)) == _pairs(features.align(margin))
    level_m, level_f = features.level(margin), features.level(fitted)
    for dx, dy, x, y in ((1, 1, 0, 0), (2, 1, 4, 4), (1, 0, 3, 3), (0, 1, 2, 5)):
        assert level_f.bead_score(dx, dy, x, y) == pytest.approx(level_m.bead_score(dx, dy, x, y))
    assert split_large(features.align(fitted), level_f) == split_large(features.align(margin), level_m)


def test_the_search_laid_open_solves_as_the_search_does() -> None:
    features = prepare_pair(SRC, TGT, _Bag(), 4)
    cfg = AlignConfig(scoring="fitted", weights=margin_weights())
    problem = features.search_problem(cfg)
    assert problem.names[: len(BASE_FEATURES)] == BASE_FEATURES
    w = np.array([margin_weights().weight(name) for name in problem.names])
    path = problem.solve(w)
    shapes = [problem.types[t] for t, _, _ in path]
    assert shapes == [(len(x), len(y)) for x, y in _pairs(features.align(cfg))]
    # the path's features sum as its cells' do: one indicator per bead
    total = problem.path_features(path)
    assert sum(total[len(BASE_FEATURES) :]) == len(path)


def test_the_perceptron_learns_what_the_gold_says_and_is_deterministic() -> None:
    features = prepare_pair(SRC, TGT, _Bag(), 4)
    n, m = features.shape
    gold = tuple(_pairs(features.align(AlignConfig())))
    group = Group("all", 0, gold, (0, 0), (n, m))
    ex = example(features, "toy", [group])
    weights = fit([ex], frozenset({0}), epochs=3)
    again = fit([ex], frozenset({0}), epochs=3)
    assert weights == again
    deletions = (weights.weight("type:1-0") + weights.weight("type:0-1")) / 2
    assert deletions == pytest.approx(-1.0)
    # the fitted weights reproduce the gold they were fitted on
    cfg = AlignConfig(scoring="fitted", weights=weights)
    assert tuple(_pairs(features.align(cfg))) == gold
    # a group the fit must not see moves nothing: no gold of its own, no fit
    with pytest.raises(ValueError):
        fit([ex], frozenset(), epochs=1)


def test_gold_path_fills_uncovered_sentences_with_deletions() -> None:
    assert gold_path([((1,), (0,))], 2, 2) == [(0, 0, 1, 0), (1, 0, 1, 1), (2, 1, 0, 1)]


def test_weights_file_is_validated() -> None:
    good = {"weights": margin_weights().as_dict()}
    assert parse_weights(json.dumps(good)).weight("margin_len") == 1.0
    with pytest.raises(ConfigError, match=r"beads\.json:1:2"):
        parse_weights("{x")
    bad = {"weights": {**margin_weights().as_dict(), "cosine": 1.0}}
    with pytest.raises(ConfigError, match="unknown feature 'cosine'"):
        parse_weights(json.dumps(bad))
    short = {"weights": {"margin": 1.0}}
    with pytest.raises(ConfigError, match="missing feature"):
        parse_weights(json.dumps(short))
    with pytest.raises(ConfigError, match="not a number"):
        parse_weights(json.dumps({"weights": {**margin_weights().as_dict(), "margin": "1"}}))


def test_the_bundled_weights_cover_the_document_search() -> None:
    from lawalign.align.beadmodel import bead_types

    weights = bundled_weights()
    assert weights.covers(bead_types(AlignConfig().max_size))
    assert weights.source
    cfg = replace(AlignConfig(), scoring="fitted")
    assert cfg.bead_weights() is weights
    assert cfg.end_charge() >= 0
