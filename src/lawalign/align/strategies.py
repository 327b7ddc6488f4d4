"""The document aligners ``lawalign pair`` offers, registered by name: one search, several ways of
feeding it.

Every strategy turns two sentence lists into sentence beads covering both sides once, in order, and
ends with the same rule on large beads (:func:`~lawalign.align.features.split_large`: more than three
sentences on a side need a score margin over their best split, so an unmatched tail stays 1:0 / 0:1).

``sentence``
    Whole sentences; every sentence encoded, runs of sentences only where a first pass over
    approximated runs is uncertain (:func:`~lawalign.align.features.encode_banded`); the last
    pass scores beads with the fitted weights (:func:`document_config`).
``sentence-all``
    Whole sentences, every run of up to ``max_side`` sentences encoded (the same search, about ten
    sentences' worth of tokens per sentence).
``fragment``
    Clause fragments, read back as sentence beads (:mod:`lawalign.align.fragments`).
``both`` (default)
    Fragments and sentences, each level encoded as ``sentence`` encodes sentences, the two paths
    reconciled (:mod:`lawalign.align.hybrid`); its two constants fitted (``data/align/both.json``).
    Out of sample it reads both development language pairs better than ``sentence`` (docs/align.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

import numpy as np

from lawalign.align.beadmodel import bead_types, bundled_weights
from lawalign.align.embed import Embedder, normalize_rows
from lawalign.align.features import (
    CONFIDENT,
    PairFeatures,
    approximate_runs,
    encode_banded,
    features_of,
    prepare_pair,
    split_large,
)
from lawalign.align.fragments import FRAGMENT_CONFIG, align_prepared, prepare_fragments
from lawalign.align.hybrid import align_under, bundled_settings, prepare_hybrid
from lawalign.align.sentalign import AlignConfig
from lawalign.models import Bead

Strategy = Callable[[Sequence[str], Sequence[str], Embedder, AlignConfig | None], tuple[Bead, ...]]


def document_config(max_size: int | None = None) -> AlignConfig:
    """The whole-sentence strategies' configuration: beads up to ``max_size`` (default 5) scored with
    the bundled fitted weights (:mod:`lawalign.align.beadmodel`), or by margin when the weights do
    not cover every bead shape of that size (they are fitted for beads of up to 5 sentences).

    >>> document_config().scoring, document_config(8).scoring
    ('fitted', 'margin')
    """
    size = AlignConfig().max_size if max_size is None else max_size
    scoring = "fitted" if bundled_weights().covers(bead_types(size)) else "margin"
    return AlignConfig(max_size=size, scoring=scoring)


def _checked(beads: Sequence[Bead], features: PairFeatures, config: AlignConfig) -> tuple[Bead, ...]:
    return split_large(beads, features.level(config))


def align_sentences_banded(
    src: Sequence[str],
    tgt: Sequence[str],
    embedder: Embedder,
    config: AlignConfig | None = None,
    *,
    confident: float = CONFIDENT,
) -> tuple[Bead, ...]:
    """``sentence``: sentences encoded once, runs only where the first pass is uncertain."""
    cfg = config or document_config()
    features, _ = encode_banded(src, tgt, embedder, cfg, confident=confident)
    return _checked(features.align(cfg), features, cfg)


def align_sentences_all(
    src: Sequence[str], tgt: Sequence[str], embedder: Embedder, config: AlignConfig | None = None
) -> tuple[Bead, ...]:
    """``sentence-all``: every run of up to ``max_side`` sentences encoded."""
    cfg = config or document_config()
    features = prepare_pair(src, tgt, embedder, cfg.max_side)
    return _checked(features.align(cfg), features, cfg)


def align_fragment_path(
    src: Sequence[str], tgt: Sequence[str], embedder: Embedder, config: AlignConfig | None = None
) -> tuple[Bead, ...]:
    """``fragment``: the fragment search; large beads checked on sentence vectors made of the
    fragments' (a sentence's vector and its runs' approximated by length-weighted sums)."""
    cfg = config or FRAGMENT_CONFIG
    inputs = prepare_fragments(src, tgt, embedder, cfg)
    beads = align_prepared(inputs, cfg)
    sentence_cfg = AlignConfig()
    sides: list[np.ndarray] = []
    for units, owner, sentences in (
        (inputs.features.src_ov[0], inputs.src_owner, src),
        (inputs.features.tgt_ov[0], inputs.tgt_owner, tgt),
    ):
        weights = inputs.features.lengths[len(sides)][0][:, None]
        vectors = np.zeros((len(sentences), units.shape[1]))
        np.add.at(vectors, owner, units * weights)
        sides.append(approximate_runs(normalize_rows(vectors), sentences, sentence_cfg.max_side))
    features = features_of(src, tgt, sides[0], sides[1])
    return _checked(beads, features, sentence_cfg)


def align_both(
    src: Sequence[str], tgt: Sequence[str], embedder: Embedder, config: AlignConfig | None = None
) -> tuple[Bead, ...]:
    """``both``: fragment and sentence paths reconciled; large beads checked on the sentence level.
    Both levels' margin constants are the fitted ones (:func:`~lawalign.align.hybrid.bundled_settings`);
    ``config`` (default: under those constants) is the fragment level's."""
    size = (config or FRAGMENT_CONFIG).max_size
    # what is encoded is decided under the default constants, as make train measured it
    inputs = prepare_hybrid(src, tgt, embedder, replace(FRAGMENT_CONFIG, max_size=size), AlignConfig())
    return align_under(inputs, bundled_settings(), config)


STRATEGIES: dict[str, Strategy] = {
    "sentence": align_sentences_banded,
    "sentence-all": align_sentences_all,
    "fragment": align_fragment_path,
    "both": align_both,
}
"""Registered document aligners, by name (``lawalign pair --unit NAME``)."""
DEFAULT_STRATEGY = "both"


def align_documents(
    src: Sequence[str],
    tgt: Sequence[str],
    embedder: Embedder,
    *,
    strategy: str = DEFAULT_STRATEGY,
    config: AlignConfig | None = None,
) -> tuple[Bead, ...]:
    """Sentence beads of two sentence lists by the registered ``strategy``.

    Raises:
        ValueError: ``strategy`` is not registered.

    >>> from lawalign.align.embed import normalize_rows
    >>> class Letters:
    ...     name, dim = "letters", 26
    ...     def encode(self, texts):
    ...         return normalize_rows(np.array([[t.count(c) for c in "abcdefghijklmnopqrstuvwxyz"]
    ...                                         for t in texts], dtype=float))
    >>> [str(b) for b in align_documents(["aaaa bbbb", "cccc dddd"], ["aaaa bbbb", "cccc dddd"], Letters())]
    ['[0]:[0]', '[1]:[1]']
    """
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}; valid: {', '.join(STRATEGIES)}")
    return STRATEGIES[strategy](src, tgt, embedder, config)


__all__ = [
    "DEFAULT_STRATEGY",
    "STRATEGIES",
    "Strategy",
    "align_both",
    "align_documents",
    "align_fragment_path",
    "align_sentences_all",
    "align_sentences_banded",
    "document_config",
]
