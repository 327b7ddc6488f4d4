"""``lawalign pair``'s default strategy, ``both``: its two constants are data chosen by ``make train``
(``data/align/both.json``, :mod:`lawalign_dev.evaluate.train_both`), validated on load, and the
choice is the one the protocol measures out of sample."""

from __future__ import annotations

import json
from typing import Any

import pytest

from lawalign.align.fragments import FRAGMENT_CONFIG
from lawalign.align.hybrid import (
    FRAGMENT_RUNS,
    SENTENCE_RUNS,
    HybridSettings,
    align_under,
    bundled_settings,
    parse_settings,
    prepare_hybrid,
)
from lawalign.align.strategies import DEFAULT_STRATEGY
from lawalign.errors import ConfigError
from lawalign_dev.evaluate.crossval import Group, Suite, our_grid
from lawalign_dev.evaluate.train_both import Readings, both_grid, choose, cross_validate, settings_json
from test_align_features import WORDS, _Bag


def test_both_is_the_default_and_its_constants_come_from_the_protocols_grid() -> None:
    assert DEFAULT_STRATEGY == "both"
    s = bundled_settings()
    chosen = {"skip_percentile": s.skip_percentile, "number_weight": s.number_weight}
    assert {**chosen, "large_bead_margin": s.large_bead_margin} in both_grid()
    assert chosen in our_grid()
    assert "train_both" in s.source
    fragments, sentences = s.configs()
    assert fragments.max_size == FRAGMENT_CONFIG.max_size and sentences.max_size == 5
    assert fragments.skip_percentile == sentences.skip_percentile == s.skip_percentile
    assert fragments.number_weight == sentences.number_weight == s.number_weight
    assert s.configs(6)[0].max_size == 6
    assert (SENTENCE_RUNS, FRAGMENT_RUNS) == (2, 2)


def test_runs_of_three_sentences_are_read_from_runs_of_two_not_encoded() -> None:
    """The default encodes runs of up to two sentences where it is unsure and reads a 3-1 bead's run
    of three from them (docs/align.md, "Runs of three read from runs of two")."""
    src = WORDS
    # one 3-1 bead: the target sentence holds the words of source sentences 3-5 (in another order)
    tgt = [*WORDS[:3], " ".join(reversed(" ".join(WORDS[3:6]).split())), *WORDS[6:]]
    bag = _Bag()
    beads = align_under(prepare_hybrid(src, tgt, bag), bundled_settings())
    sentences = {*src, *tgt}
    threes = {" ".join(side[i : i + 3]) for side in (src, tgt) for i in range(len(side) - 2)} - sentences
    twos = {" ".join(side[i : i + 2]) for side in (src, tgt) for i in range(len(side) - 1)} - sentences
    assert not threes & set(bag.asked)
    assert twos & set(bag.asked)
    assert ((3, 4, 5), (3,)) in [(b.src, b.tgt) for b in beads]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"skip_percentile": 0.75, "number_weight": 0.03, "epochs": 3}', "unknown key(s) epochs"),
        ('{"number_weight": 0.03}', "skip_percentile must be a number, not None"),
        ('{"skip_percentile": true, "number_weight": 0.03}', "skip_percentile must be a number, not True"),
        ('{"skip_percentile": 1.5, "number_weight": 0.03}', "skip_percentile must lie in [0, 1], not 1.5"),
        ('{"skip_percentile": 0.8, "number_weight": -1}', "number_weight must be at least 0, not -1"),
        ('{"skip_percentile": 0.8, "number_weight": NaN}', "number_weight must be a number, not nan"),
        ("[1, 2]", "expected an object"),
        ('{"skip_percentile": 0.8,\n "number_weight": }', "both.json:2:19: Expecting value"),
        (
            '{"skip_percentile": 0.8, "number_weight": 0, "large_bead_margin": "1"}',
            "large_bead_margin must be a number",
        ),
    ],
)
def test_a_bad_settings_file_is_refused_with_its_place(text: str, message: str) -> None:
    with pytest.raises(ConfigError) as err:
        parse_settings(text)
    assert message in str(err.value)


def test_the_file_make_train_writes_reads_back() -> None:
    setting = {"skip_percentile": 0.7, "number_weight": 0.06, "large_bead_margin": 0.5, "rate": 1}
    text = settings_json(setting, "grid")
    assert json.loads(text) == {
        "source": "grid",
        "skip_percentile": 0.7,
        "number_weight": 0.06,
        "large_bead_margin": 0.5,
    }
    assert parse_settings(text) == HybridSettings(0.7, 0.06, 0.5, "grid")


def test_a_settings_file_without_the_large_bead_margin_keeps_the_hand_set_one() -> None:
    """Files written before the margin was fitted (2026-12-07) read with the margin they were
    chosen under; a negative margin would keep a large bead that scores below its best split."""
    from lawalign.align.features import LARGE_BEAD_MARGIN

    assert (
        parse_settings('{"skip_percentile": 0.75, "number_weight": 0.03}').large_bead_margin
        == LARGE_BEAD_MARGIN
    )
    with pytest.raises(ConfigError, match="large_bead_margin must be at least 0, not -1"):
        parse_settings('{"skip_percentile": 0.75, "number_weight": 0.03, "large_bead_margin": -1}')


def test_the_default_search_checks_large_beads_with_the_fitted_margin(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``align_under`` hands the settings' margin to the large-bead rule, so the margin ``make
    train`` chose is the one ``pair`` applies (what each margin does to a bead is
    ``split_large``'s own tests')."""
    import lawalign.align.hybrid as hybrid

    seen: list[float] = []
    real = hybrid.split_large

    def recording(beads: Any, level: Any, *, margin: float) -> Any:
        seen.append(margin)
        return real(beads, level, margin=margin)

    monkeypatch.setattr(hybrid, "split_large", recording)
    inputs = prepare_hybrid(WORDS, WORDS, _Bag())
    for margin in (0.0, 0.5, 1.0):
        align_under(inputs, HybridSettings(0.75, 0.03, margin))
    assert seen == [0.0, 0.5, 1.0]


def _suite(name: str, groups: int) -> Suite:
    # one 1-1 gold bead per group: group g holds sentence g of each side
    gold = [(((g,), (g,)),) for g in range(groups)]
    groups_ = tuple(Group(f"{name}{g}", 0, gold[g], (g, g), (g + 1, g + 1)) for g in range(groups))
    return Suite(name, (), groups_)


def _readings(right: dict[tuple[int, int], set[int]], suites: tuple[Suite, ...]) -> Readings:
    """Readings where setting k reads group (s, g) right iff k is in ``right[(s, g)]``."""
    grid: tuple[dict[str, Any], ...] = tuple({"skip_percentile": p} for p in (0.8, 0.7, 0.9))
    beads = {}
    for (s, g), good in right.items():
        for k in range(len(grid)):
            beads[(s, k, g)] = [((g,), (g,))] if k in good else [((g,), ())]
    return Readings(suites, grid, beads, (0.0,) * len(suites))


def test_the_choice_is_the_best_mean_over_the_pairs_and_never_sees_the_held_out_group() -> None:
    suites = (_suite("a", 2), _suite("b", 3))
    right = {
        (0, 0): {0, 1, 2},
        (0, 1): {1, 2},
        (1, 0): {0, 1},
        (1, 1): {0, 1},
        (1, 2): {2},
    }
    r = _readings(right, suites)
    # on every group: setting 1 reads 4 of 5 groups right, setting 2 reads 3, setting 0 reads 3
    assert choose(r, r.groups) == 1
    # a tie goes to the earlier setting: both suites alike under settings 0 and 2 on these groups
    assert choose(r, [(0, 0), (1, 0)]) == 0
    results = cross_validate(r)
    assert [res.method for res in results] == ["both (fitted)", "both (fitted)"]
    # group (1, 2) is read right only by setting 2, which the other groups never choose
    assert results[1].per_group == (1.0, 1.0, 0.0)
    assert results[0].in_sample_setting == {"skip_percentile": 0.7}


def test_the_per_pair_row_chooses_within_its_pair_as_every_method_is_scored() -> None:
    """``both`` (a choice per pair) and ``both (fitted)`` (a choice across the pairs) read the same
    alignments; ``both`` chooses each group's setting on its own pair's other groups, as
    ``evaluate_method`` chooses for a method that aligns the documents itself."""
    from lawalign_dev.evaluate.crossval import Method, evaluate_method
    from lawalign_dev.evaluate.train_both import per_pair

    suites = (_suite("a", 3), _suite("b", 2))
    right = {(0, 0): {2}, (0, 1): {2}, (0, 2): {0, 2}, (1, 0): {0}, (1, 1): {0}}
    r = _readings(right, suites)
    results = per_pair(r)
    assert [res.method for res in results] == ["both", "both"]
    # pair a alone: setting 2 reads every other group right; across the pairs, setting 0 wins for (0, 2)
    assert results[0].per_group == (1.0, 1.0, 1.0)
    assert cross_validate(r)[0].per_group[2] == 1.0
    for s, suite in enumerate(suites):
        # the same beads through the generic path (one document holding every group): the same
        # scores and choices
        def run(doc: object, setting: Any, s: int = s) -> list[Any]:
            k = r.grid.index(setting)
            return [bead for g in range(len(suites[s].groups)) for bead in r.beads[(s, k, g)]]

        one_doc = Suite(suite.name, (object(),), suite.groups)  # type: ignore[arg-type]
        expected = evaluate_method(Method("both", run, r.grid), one_doc)
        assert (results[s].held_out, results[s].in_sample, results[s].chosen) == (
            expected.held_out,
            expected.in_sample,
            expected.chosen,
        )


def test_the_encoder_sections_readings_are_numbered_as_the_suites_gold() -> None:
    """``make eval`` section ``encoder`` aligns each group alone and chooses ``both.json``'s constants
    on the other groups' readings (``train_both.choose``), which it scores against each group's gold
    in the document's numbering: a group starting at sentence 4 reads beads from 4, one list per
    setting."""
    from lawalign_dev.evaluate.documents import BenchmarkDoc
    from lawalign_dev.evaluate.train_encoder import grid_readings

    doc = BenchmarkDoc("d", tuple(WORDS[:8]), tuple(WORDS[:8]), tuple(((i,), (i,)) for i in range(8)))
    gold = tuple(((i,), (i,)) for i in range(4, 8))
    suite = Suite(
        "x-y (t)", (doc,), (Group("g0", 0, gold[:0], (0, 0), (4, 4)), Group("g1", 0, gold, (4, 4), (8, 8)))
    )
    grid = both_grid()[:2]
    readings = grid_readings(suite, 1, _Bag(), grid)
    assert len(readings) == 2
    assert all(sorted(readings[k]) == list(gold) for k in range(2))
