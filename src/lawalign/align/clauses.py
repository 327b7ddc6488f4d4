"""N-way clause alignment keyed by canonical id, with sentence beads inside every linked unit.

:func:`align_editions` takes editions whose ids are settled (anchored by
:mod:`lawalign.align.anchor` beforehand, in :class:`lawalign.run.Run`) and links every id present
in at least two editions, for every pair of editions (pairs in language order: ``ru-tr``,
``ru-vi``, ``tr-vi``), and aligns the sentences of the two units with the general sentence aligner
of :mod:`lawalign.align.sentalign` (runs of up to ``max_side`` sentences embedded as one text;
costs normalized and the deletion penalty calibrated once per pair of editions, over all their
sentences). Footnotes are linked by id wherever each edition printed them (after the anchor, at the
end of the law); an orphaned footnote gets its id from the anchoring's content match. Scores are
rounded to 4 decimals so the output is byte-stable.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

import numpy as np

from lawalign.align.anchor import unit_text
from lawalign.align.cache import Store
from lawalign.align.embed import CachedEmbedder, Embedder, get_embedder
from lawalign.align.sentalign import (
    AlignConfig,
    Calibration,
    align_overlaps,
    calibrate,
    overlap_lengths,
    overlap_texts,
)
from lawalign.align.sentences import split_many
from lawalign.models import Alignment, Bead, Edition, IdCheck, Unit, UnitLink

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class AlignOptions:
    """Choices of :func:`align_editions` (defaults are the measured ones, docs/align.md)."""

    # Inside a clause of 1-5 sentences the neighbours a margin score subtracts are the clause's own,
    # related sentences: vecalign's normalized cost is used there (seed gold: strict F1 1.000 against
    # 0.690 with the margin score that wins on whole documents; docs/align.md).
    # Beads up to 4 sentences (1-3, 2-2, 3-1): a clause has 1-5 sentences, and 4 reaches 1.000 there.
    sentences: AlignConfig = field(default_factory=lambda: AlignConfig(scoring="normalized", max_size=4))


def reference_order(ids: Sequence[str]) -> tuple[str, ...]:
    """``ids`` in the order of the reference skeleton; ids it lacks keep their first-seen order after it."""
    try:
        from lawalign.structure.skeleton import load_skeleton

        order = {u.id: k for k, u in enumerate(load_skeleton().units)}
    except Exception as exc:  # the skeleton is optional for alignment
        log.debug("no reference skeleton (%s); keeping first-seen order", exc)
        order = {}
    first = {uid: k for k, uid in reversed(list(enumerate(ids)))}
    return tuple(sorted(set(ids), key=lambda u: (u not in order, order.get(u, 0), first[u])))


def _store_of(embedder: Embedder) -> Store | None:
    return embedder.store if isinstance(embedder, CachedEmbedder) else None


def edition_pairs(editions: Sequence[Edition]) -> list[tuple[Edition, Edition]]:
    """Every pair of editions of different languages, (src, tgt) with src.lang < tgt.lang, sorted."""
    ordered = sorted(editions, key=lambda e: (e.lang, e.name))
    return [(a, b) for a, b in combinations(ordered, 2) if a.lang != b.lang]


def align_editions(
    editions: Sequence[Edition],
    *,
    embedder: Embedder | None = None,
    options: AlignOptions | None = None,
    checks: Sequence[IdCheck] = (),
) -> Alignment:
    """Align editions N-way by canonical id, with unit scores and sentence beads.

    Ids are taken as they are: anchoring (:func:`lawalign.align.anchor.anchor_editions`) comes
    before, and its checks are only carried into the result.

    Args:
        editions: segmented (and anchored) editions (any languages; debris is ignored).
        embedder: sentence embedder (default ``get_embedder()``, cached on disk).
        options: sentence aligner parameters.
        checks: the anchoring's checks, kept on the result for the rows' ``id_check``.

    Returns:
        An :class:`Alignment`: ``ids`` in reference order, one :class:`UnitLink` per id per pair of
        editions holding it, the anchoring's :class:`IdCheck` s and the model name.
    """
    opts = options or AlignOptions()
    emb = embedder or get_embedder()
    eds = list(editions)
    store = _store_of(emb)

    # Split and embed everything in one batch per language (and one embed call overall).
    sentences: dict[tuple[int, str], list[str]] = {}  # (id of the edition object, unit id)
    for lang in sorted({e.lang for e in eds}):
        units = [(e, u) for e in eds if e.lang == lang for u in e.law_units]
        splits = split_many([unit_text(u) for _, u in units], lang, store)
        for (e, u), sents in zip(units, splits, strict=True):
            sentences[(id(e), u.id)] = sents or [unit_text(u)]
    max_side = opts.sentences.max_side
    texts: dict[str, None] = {}
    for e in eds:
        for u in e.law_units:
            texts.setdefault(unit_text(u), None)
            sents = sentences[(id(e), u.id)]
            for k in range(1, max_side + 1):
                texts.update(dict.fromkeys(overlap_texts(sents, k)))
    order = list(texts)
    pairs_present = bool(edition_pairs(eds))
    # One edition alone: nothing to link, so nothing to embed (its rows still carry its sentences).
    matrix = emb.encode(order) if order and pairs_present else np.zeros((0, 1), dtype=np.float32)
    vec = {t: matrix[i] for i, t in enumerate(order)} if pairs_present else {}

    def unit_overlaps(e: Edition, u: Unit) -> np.ndarray:
        sents = sentences[(id(e), u.id)]
        out = np.zeros((max_side, len(sents), matrix.shape[1]), dtype=np.float32)
        for k in range(1, max_side + 1):
            for i, text in enumerate(overlap_texts(sents, k)):
                out[k - 1, i] = vec[text]
        return out

    calibrations: dict[tuple[int, int], Calibration] = {}

    def pair_calibration(src: Edition, tgt: Edition) -> Calibration:
        """Backgrounds and deletion penalty over every sentence of the two editions."""
        key = (id(src), id(tgt))
        if key not in calibrations:
            sides = [np.concatenate([unit_overlaps(e, u) for u in e.law_units], axis=1) for e in (src, tgt)]
            calibrations[key] = calibrate(sides[0], sides[1], opts.sentences)
        return calibrations[key]

    all_ids = [u.id for e in eds for u in e.law_units]
    ids = reference_order(all_ids)
    links: list[UnitLink] = []
    aligned: set[str] = set()
    for uid in ids:
        for src, tgt in edition_pairs(eds):
            su, tu = src.unit(uid), tgt.unit(uid)
            if su is None or tu is None or su.kind == "debris" or tu.kind == "debris":
                continue
            beads: tuple[Bead, ...] = align_overlaps(
                unit_overlaps(src, su),
                unit_overlaps(tgt, tu),
                config=opts.sentences,
                calibration=pair_calibration(src, tgt),
                lengths=(
                    overlap_lengths(sentences[(id(src), uid)], max_side),
                    overlap_lengths(sentences[(id(tgt), uid)], max_side),
                ),
            )
            score = round(float(vec[unit_text(su)] @ vec[unit_text(tu)]), 4)
            links.append(
                UnitLink(
                    id=uid,
                    src_lang=src.lang,
                    tgt_lang=tgt.lang,
                    score=score,
                    beads=beads,
                    src_sentences=tuple(sentences[(id(src), uid)]),
                    tgt_sentences=tuple(sentences[(id(tgt), uid)]),
                )
            )
            aligned.add(uid)
    return Alignment(
        ids=tuple(i for i in ids if i in aligned),
        links=tuple(links),
        checks=tuple(checks),
        model=emb.name,
        sentences=tuple((e.name, u.id, tuple(sentences[(id(e), u.id)])) for e in eds for u in e.law_units),
    )
