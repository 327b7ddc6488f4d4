"""Sentence alignment by two searches reconciled: whole sentences and clause fragments.

The fragment path (:mod:`lawalign.align.fragments`) finds the groupings whole sentences miss (a
clause moved to the next sentence makes a 2-2), but it also merges two correct 1-1 beads when a
short tail fragment is cheaper to attach to the next sentence's bead than to align alone. The
sentence path (:func:`~lawalign.align.sentalign.align_overlaps` on sentences) makes the opposite
errors. Both paths cover every sentence once, so they agree on a set of corners (points where both
have a bead boundary); between two consecutive common corners they either agree or propose two
different bead sets ``F`` (fragments) and ``S`` (sentences). Each such region is decided by how
strongly each search prefers its own proposal (:func:`reconcile`):

- the sentence level's preference: ``score(S) − score(F)``, both sets scored as beads of whole
  sentences with the search's own margin score (:func:`~lawalign.align.sentalign.bead_scores`);
- the fragment level's preference: ``best(F) − best(S)``, each set's best fragment path that
  stays inside its sentence beads (never passing a sentence boundary of both sides within one);

each divided by that level's calibrated deletion cost (the skip, :func:`~lawalign.align.sentalign.
calibrate`), so both are in "deletions' worth" and no weight between the levels is chosen. The
stronger preference wins; ties keep the fragments' proposal, and so does a region where one level
cannot express one of the proposals at all (a 1-6 bead with sentence runs of up to 4, a one-fragment
sentence against four sentences with fragment beads of up to 3 a side): that level cannot weigh it,
and the fragment path is the better of the two on its own.

On the Bleualign dev document strict F1 rises from 0.918 (fragments) and 0.886 (sentences) to
0.933, and to 0.944 with false sentence ends charged in every search (:mod:`lawalign.align.ends`;
fragments 0.930, sentences 0.904; ``docs/align.md``). The cost is encoding both levels and running
both searches: each level is encoded as the ``sentence`` strategy encodes sentences (every unit
once, runs of up to :data:`SENTENCE_RUNS` sentences or :data:`FRAGMENT_RUNS` fragments only where that
level's first pass is unsure; the longer runs there read from the encoded runs inside them,
:data:`COMPOSE_RUNS`).

``lawalign pair``'s default since 2026-12-06. Its three constants (both levels' deletion percentile
and number weight, and the evidence a large bead needs over its best split) are not set by hand:
``make train`` chooses them from the protocol's grid on every development document of both language
pairs, each read as ``pair`` reads that pair, and writes ``data/align/both.json``
(:func:`bundled_settings`); ``make eval`` (sections ``crossval`` and ``encoder``) prints the same
choice made without each held-out group.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from itertools import pairwise

import numpy as np

from lawalign.align.embed import Embedder
from lawalign.align.features import LARGE_BEAD_MARGIN, Corner, Level, PairFeatures, encode_banded, split_large
from lawalign.align.fragments import (
    FRAGMENT_CONFIG,
    FragmentInputs,
    fragment_inputs,
    fragment_units,
    project_beads,
)
from lawalign.align.sentalign import AlignConfig
from lawalign.errors import ConfigError
from lawalign.models import Bead

SENTENCE_RUNS = 2
"""Longest run of sentences given a vector of its own at the sentence level (where its first pass is
unsure); longer runs keep the length-weighted sum of their sentences' vectors, or inside an unsure
stretch are read from the encoded runs inside them (:data:`COMPOSE_RUNS`). 3 until 2026-12-07: runs of
three read from runs of two held out no worse on either pair (de–fr 0.9319 -> 0.9330, zh–en 0.8907 ->
0.8914) and cost 3.16x the floor on the 300 x 350 benchmark pair instead of 3.71x, 3.33x instead of
4.40x on a zh–en chapter (docs/align.md, "Runs of three read from runs of two"). zh–en read with the
bundled e5 alone (not that pair's default) lost 0.008 (0.863 -> 0.855), which the rule did not ask."""
FRAGMENT_RUNS = 2
"""The same at the fragment level. Runs of up to three units at both levels cost 4.05x the characters
of the sentences once on the 300 x 350 benchmark pair (4.30x in CPU time, over issue 23's 4x), runs of
up to two 2.96x. Runs of up to three sentences with runs of up to two fragments (3.61x in CPU time)
were chosen by a rule written down before their scores were seen: held out at least as good on both
pairs, better on one, and under 4x (docs/align.md, "Runs of three sentences"); once the longer runs
were composed, runs of two sentences (above)."""
COMPOSE_RUNS = True
"""Longer runs inside an unsure stretch (three and four sentences, three fragments) are read from the
encoded runs inside them (:func:`~lawalign.align.features.compose_runs`) rather than from their single
units: no string more is encoded. Chosen by a rule written down before its scores were seen (held out at
least as good on both pairs and 0.003 better on one; docs/align.md, "Longer runs read from the
encoded runs inside them")."""


@dataclass(frozen=True, slots=True)
class HybridSettings:
    """The fitted constants of ``both`` (``data/align/both.json``).

    Attributes:
        skip_percentile: both levels' deletion cost, as :class:`~lawalign.align.sentalign.AlignConfig`.
        number_weight: both levels' weight of the numbers and shared names.
        large_bead_margin: the evidence a bead of more than three sentences on a side needs over its
            best split, in calibrated deletion scores (:func:`~lawalign.align.features.split_large`).
        source: what they were chosen on.
    """

    skip_percentile: float
    number_weight: float
    large_bead_margin: float = LARGE_BEAD_MARGIN
    source: str = ""

    def configs(self, max_size: int | None = None) -> tuple[AlignConfig, AlignConfig]:
        """``(fragment level, sentence level)`` configurations under these constants; ``max_size``
        bounds the fragment beads (default :data:`~lawalign.align.fragments.FRAGMENT_CONFIG`'s).

        >>> f, s = HybridSettings(0.75, 0.03).configs()
        >>> (f.max_size, f.skip_percentile), (s.max_size, s.scoring, s.number_weight)
        ((4, 0.75), (5, 'margin', 0.03))
        """
        skip, numbers = self.skip_percentile, self.number_weight
        size = FRAGMENT_CONFIG.max_size if max_size is None else max_size
        fragments = replace(FRAGMENT_CONFIG, max_size=size, skip_percentile=skip, number_weight=numbers)
        return fragments, AlignConfig(skip_percentile=skip, number_weight=numbers)


_SETTING_KEYS = {"source", "skip_percentile", "number_weight", "large_bead_margin"}


def parse_settings(text: str, where: str = "both.json") -> HybridSettings:
    """The constants of ``both`` from the JSON of ``data/align/both.json``, validated. A file without
    ``large_bead_margin`` (written before 2026-12-07) gets :data:`~lawalign.align.features.LARGE_BEAD_MARGIN`.

    Raises:
        ConfigError: the text is not such a file (``where: message``).

    >>> parse_settings('{"source": "t", "skip_percentile": 0.75, "number_weight": 0.03}').skip_percentile
    0.75
    >>> parse_settings('{"skip_percentile": 0.8, "number_weight": 0, "large_bead_margin": 0}')
    HybridSettings(skip_percentile=0.8, number_weight=0.0, large_bead_margin=0.0, source='')
    >>> parse_settings('{"skip_percentile": 2, "number_weight": 0}')
    Traceback (most recent call last):
    lawalign.errors.ConfigError: both.json: skip_percentile must lie in [0, 1], not 2
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{where}:{exc.lineno}:{exc.colno}: {exc.msg}") from None
    if not isinstance(data, dict):
        raise ConfigError(f"{where}: expected an object")
    unknown = sorted(set(data) - _SETTING_KEYS)
    if unknown:
        raise ConfigError(f"{where}: unknown key(s) {', '.join(unknown)}")
    values: list[float] = []
    keys = (  # name, lowest, highest, value when absent (None: required)
        ("skip_percentile", 0.0, 1.0, None),
        ("number_weight", 0.0, math.inf, None),
        ("large_bead_margin", 0.0, math.inf, LARGE_BEAD_MARGIN),
    )
    for name, low, high, absent in keys:
        value = data.get(name, absent)
        if not isinstance(value, int | float) or isinstance(value, bool) or not math.isfinite(value):
            raise ConfigError(f"{where}: {name} must be a number, not {value!r}")
        if not low <= value <= high:
            bound = f"lie in [{low:g}, {high:g}]" if math.isfinite(high) else f"be at least {low:g}"
            raise ConfigError(f"{where}: {name} must {bound}, not {value!r}")
        values.append(float(value))
    return HybridSettings(values[0], values[1], values[2], str(data.get("source", "")))


@cache
def bundled_settings() -> HybridSettings:
    """The constants ``make train`` chose on the development documents (``data/align/both.json``)."""
    path = resources.files("lawalign") / "data" / "align" / "both.json"
    return parse_settings(path.read_text(encoding="utf-8"), "lawalign/data/align/both.json")


def _corners(beads: Sequence[Bead], start: Corner = (0, 0)) -> list[Corner]:
    x, y = start
    out = [start]
    for bead in beads:
        x, y = x + len(bead.src), y + len(bead.tgt)
        out.append((x, y))
    return out


def _regions(beads: Sequence[Bead], cuts: set[Corner]) -> list[list[Bead]]:
    """``beads`` cut at every corner of ``cuts`` they pass."""
    out: list[list[Bead]] = []
    current: list[Bead] = []
    x = y = 0
    for bead in beads:
        current.append(bead)
        x, y = x + len(bead.src), y + len(bead.tgt)
        if (x, y) in cuts:
            out.append(current)
            current = []
    if current:
        out.append(current)
    return out


def preferences(
    frag: Sequence[Bead],
    sent: Sequence[Bead],
    start: Corner,
    sentences: Level,
    fragments: Level,
    src_starts: np.ndarray,
    tgt_starts: np.ndarray,
) -> tuple[float, float]:
    """How strongly each level prefers its own proposal for one region, in deletions' worth.

    Returns:
        ``(sentence level's preference for sent, fragment level's preference for frag)``.
    """

    def scored(beads: Sequence[Bead]) -> float:
        corners = _corners(beads, start)[:-1]
        total = sum(
            sentences.bead_score(len(b.src), len(b.tgt), *c) for b, c in zip(beads, corners, strict=True)
        )
        return total - sentences.end_charge(corners[1:])

    score_f, score_s = scored(frag), scored(sent)
    first_src, first_tgt = set(src_starts.tolist()), set(tgt_starts.tolist())

    def boundary(i: int, j: int) -> bool:
        return i in first_src and j in first_tgt

    def inside(beads: Sequence[Bead]) -> float:
        corners = [(int(src_starts[x]), int(tgt_starts[y])) for x, y in _corners(beads, start)]
        total = sum(fragments.best(a, b, boundary) for a, b in pairwise(corners))
        return total - fragments.end_charge(corners[1:-1])

    with np.errstate(invalid="ignore"):
        by_sentences = (score_s - score_f) / max(sentences.skip, 1e-9)
        by_fragments = (inside(frag) - inside(sent)) / max(fragments.skip, 1e-9)
    return float(by_sentences), float(by_fragments)


def reconcile(
    frag: Sequence[Bead],
    sent: Sequence[Bead],
    sentences: Level,
    fragments: Level,
    src_owner: np.ndarray,
    tgt_owner: np.ndarray,
) -> tuple[Bead, ...]:
    """One sentence path from the fragment path ``frag`` and the sentence path ``sent``.

    Where they agree the beads are kept; in each region where they differ, the sentence path's
    beads replace the fragments' only when the sentence level prefers them more strongly than the
    fragment level prefers its own (:func:`preferences`), both preferences finite.

    Args:
        frag: sentence beads read back from the fragment path.
        sent: sentence beads of the sentence path.
        sentences: the sentence level.
        fragments: the fragment level.
        src_owner: sentence of every source fragment.
        tgt_owner: sentence of every target fragment.
    """
    n, m = _corners(sent)[-1]
    src_starts = np.searchsorted(src_owner, np.arange(n + 1))
    tgt_starts = np.searchsorted(tgt_owner, np.arange(m + 1))
    cuts = set(_corners(frag)) & set(_corners(sent))
    out: list[Bead] = []
    start: Corner = (0, 0)
    for f, s in zip(_regions(frag, cuts), _regions(sent, cuts), strict=True):
        if [(b.src, b.tgt) for b in f] == [(b.src, b.tgt) for b in s]:
            out.extend(f)
        else:
            by_sentences, by_fragments = preferences(
                f, s, start, sentences, fragments, src_starts, tgt_starts
            )
            decided = np.isfinite(by_sentences) and np.isfinite(by_fragments)
            out.extend(s if decided and by_sentences > by_fragments else f)
        start = _corners(out)[-1]
    return tuple(out)


@dataclass(frozen=True, slots=True)
class HybridInputs:
    """Both levels of two documents, embedded (see :func:`prepare_hybrid`)."""

    fragments: FragmentInputs
    sentences: PairFeatures


def prepare_hybrid(
    src: Sequence[str],
    tgt: Sequence[str],
    embedder: Embedder,
    fragment_config: AlignConfig | None = None,
    sentence_config: AlignConfig | None = None,
    sentence_runs: int = SENTENCE_RUNS,
    fragment_runs: int = FRAGMENT_RUNS,
    compose: bool = COMPOSE_RUNS,
) -> HybridInputs:
    """Cut both documents into fragments and embed both levels, each as the ``sentence`` strategy
    does: every unit once, runs of up to ``sentence_runs`` sentences and ``fragment_runs`` fragments
    only where that level's first pass is unsure (:func:`~lawalign.align.features.encode_banded`),
    longer runs approximated; with ``compose``, the longer runs inside an unsure stretch read from
    the encoded runs inside them (:func:`~lawalign.align.features.compose_runs`)."""
    cfg = sentence_config or AlignConfig()
    fcfg = fragment_config or FRAGMENT_CONFIG
    sentences, _ = encode_banded(src, tgt, embedder, cfg, encoded_runs=sentence_runs, compose=compose)
    (src_units, src_owner), (tgt_units, tgt_owner) = fragment_units(src), fragment_units(tgt)
    pieces, _ = encode_banded(
        src_units, tgt_units, embedder, fcfg, encoded_runs=fragment_runs, compose=compose
    )
    fragments = fragment_inputs(
        src, tgt, src_units, tgt_units, (src_owner, tgt_owner), (pieces.src_ov, pieces.tgt_ov)
    )
    return HybridInputs(fragments, sentences)


def align_prepared_hybrid(
    inputs: HybridInputs,
    fragment_config: AlignConfig | None = None,
    sentence_config: AlignConfig | None = None,
) -> tuple[Bead, ...]:
    """Sentence beads of prepared documents (no encoding: the part to time)."""
    fcfg, scfg = fragment_config or FRAGMENT_CONFIG, sentence_config or AlignConfig()
    fi = inputs.fragments
    levels = []
    paths = []
    for features, cfg in ((inputs.sentences, scfg), (fi.features, fcfg)):
        calibration = features.calibrate(cfg)
        levels.append(features.level(cfg, calibration))
        paths.append(features.align(cfg, calibration))
    frag = project_beads(paths[1], fi.src_owner, fi.tgt_owner, fi.n, fi.m)
    return reconcile(frag, paths[0], levels[0], levels[1], fi.src_owner, fi.tgt_owner)


def align_under(
    inputs: HybridInputs, settings: HybridSettings, fragment_config: AlignConfig | None = None
) -> tuple[Bead, ...]:
    """Sentence beads of prepared documents under ``settings`` (both levels' constants, the default
    bead sizes; ``fragment_config``, when given, is the fragment level's instead), large beads checked
    on the sentence level with the settings' margin (:func:`~lawalign.align.features.split_large`):
    what ``lawalign pair --unit both`` returns, and what the searches of ``make train`` and ``make
    eval`` score."""
    fitted, sentence_config = settings.configs()
    beads = align_prepared_hybrid(inputs, fragment_config or fitted, sentence_config)
    return split_large(beads, inputs.sentences.level(sentence_config), margin=settings.large_bead_margin)


def align_hybrid(
    src: Sequence[str],
    tgt: Sequence[str],
    embedder: Embedder,
    *,
    config: AlignConfig | None = None,
    sentence_config: AlignConfig | None = None,
) -> tuple[Bead, ...]:
    """Align two lists of sentences by both searches, reconciled (:func:`reconcile`).

    Args:
        src: source sentences, in order.
        tgt: target sentences, in order.
        embedder: any :class:`~lawalign.align.embed.Embedder` (wrap it in the cache to embed once).
        config: fragment-level search parameters (default :data:`~lawalign.align.fragments.FRAGMENT_CONFIG`).
        sentence_config: sentence-level search parameters (default :class:`AlignConfig`).

    Returns:
        Beads covering every sentence of both sides once, in order.

    >>> from lawalign.align.embed import normalize_rows
    >>> class Letters:
    ...     name, dim = "letters", 26
    ...     def encode(self, texts):
    ...         return normalize_rows(np.array([[t.count(c) for c in "abcdefghijklmnopqrstuvwxyz"]
    ...                                         for t in texts], dtype=float))
    >>> [str(b) for b in align_hybrid(["aaaa bbbb", "cccc dddd"], ["aaaa bbbb", "cccc dddd"], Letters())]
    ['[0]:[0]', '[1]:[1]']
    """
    inputs = prepare_hybrid(src, tgt, embedder, config, sentence_config)
    return align_prepared_hybrid(inputs, config, sentence_config)


__all__ = [
    "COMPOSE_RUNS",
    "FRAGMENT_RUNS",
    "SENTENCE_RUNS",
    "HybridInputs",
    "HybridSettings",
    "Level",
    "align_hybrid",
    "align_prepared_hybrid",
    "align_under",
    "bundled_settings",
    "parse_settings",
    "preferences",
    "prepare_hybrid",
    "reconcile",
]
