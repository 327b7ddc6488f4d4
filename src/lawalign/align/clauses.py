"""N-way clause alignment keyed by canonical id, with sentence beads inside every linked unit.

:func:`align_editions` takes editions whose ids are settled (anchored by
:mod:`lawalign.align.anchor` beforehand, in :class:`lawalign.run.Run`) and links every id present
in at least two editions, for every pair of editions (pairs in language order: ``ru-tr``,
``ru-vi``, ``tr-vi``), and aligns the sentences of the two units with the general sentence aligner
of :mod:`lawalign.align.sentalign` (runs of up to ``max_side`` sentences embedded as one text;
costs normalized and the deletion penalty calibrated once per pair of editions, over all their
sentences). Footnotes are linked by id wherever each edition printed them (after the anchor, at the
end of the law); an orphaned footnote gets its id from the anchoring's content match. Where ids
could not pair units (a paragraph split, merged or labelled differently by one edition), the same
aligner aligns the paragraphs themselves: the units without a same-id counterpart that lie between
the same id-linked neighbours in both editions (:func:`unpaired_gaps`) are aligned as a sequence
(law titles, headings and paragraphs each apart; runs of paragraphs embedded as one text, so 1-2
and 2-1 merges are found), and each match becomes a
:class:`~lawalign.models.ParagraphLink` with sentence beads inside. Scores are rounded to 4 decimals
so the output is byte-stable.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
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
    embed_overlaps,
    overlap_lengths,
    overlap_texts,
)
from lawalign.align.sentences import split_many
from lawalign.ingest.profiles import Profile
from lawalign.models import Alignment, Bead, Edition, IdCheck, ParagraphLink, Unit, UnitId, UnitLink
from lawalign.structure.order import common_skeleton, reference_order

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class AlignOptions:
    """Choices of :func:`align_editions` (defaults are the measured ones, docs/align.md)."""

    # Inside a clause of 1-5 sentences the neighbours a margin score subtracts are the clause's own,
    # related sentences: vecalign's normalized cost is used there (seed gold: strict F1 1.000 against
    # 0.690 with the margin score that wins on whole documents; docs/align.md).
    # Beads up to 4 sentences (1-3, 2-2, 3-1): a clause has 1-5 sentences, and 4 reaches 1.000 there.
    sentences: AlignConfig = field(default_factory=lambda: AlignConfig(scoring="normalized", max_size=4))


def _store_of(embedder: Embedder) -> Store | None:
    return embedder.store if isinstance(embedder, CachedEmbedder) else None


def unpaired_gaps(src: Sequence[Unit], tgt: Sequence[Unit]) -> list[tuple[list[Unit], list[Unit]]]:
    """Runs of units with no same-id counterpart on the other side, between the same id-linked units.

    Shared ids are anchors where they keep their order in both sequences (a shared id out of order
    is neither an anchor nor unpaired). A gap is returned only when both sides have units in it.

    >>> from lawalign.models import Source
    >>> def u(uid: str) -> Unit:
    ...     return Unit(id=uid, kind="text", role="section", lang="xx", law="68", text=uid,
    ...                 source=Source("f", 1, 1))
    >>> gaps = unpaired_gaps([u("68A"), u("68B"), u("68C")], [u("68A"), u("68X"), u("68Y"), u("68C")])
    >>> [([a.id for a in s], [b.id for b in t]) for s, t in gaps]
    [(['68B'], ['68X', '68Y'])]
    """
    shared = {u.id for u in src} & {u.id for u in tgt}
    tgt_at = {u.id: j for j, u in enumerate(tgt)}
    anchors: list[tuple[int, int]] = []
    for i, unit in enumerate(src):
        if unit.id in shared and tgt_at[unit.id] > (anchors[-1][1] if anchors else -1):
            anchors.append((i, tgt_at[unit.id]))
    gaps: list[tuple[list[Unit], list[Unit]]] = []
    prev_i = prev_j = -1
    for i, j in [*anchors, (len(src), len(tgt))]:
        a = [x for x in src[prev_i + 1 : i] if x.id not in shared]
        b = [y for y in tgt[prev_j + 1 : j] if y.id not in shared]
        if a and b:
            gaps.append((a, b))
        prev_i, prev_j = i, j
    return gaps


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
    order: Sequence[UnitId] | None = None,
    profiles: Mapping[str, Profile] | None = None,
) -> Alignment:
    """Align editions N-way by canonical id, with unit scores and sentence beads.

    Ids are taken as they are: anchoring (:func:`lawalign.align.anchor.anchor_editions`) comes
    before, and its checks are only carried into the result.

    Args:
        editions: segmented (and anchored) editions (any languages; debris is ignored).
        embedder: sentence embedder (default ``get_embedder()``, cached on disk).
        options: sentence aligner parameters.
        checks: the anchoring's checks, kept on the result for the rows' ``id_check``.
        order: every law-unit id in reference order (the run's :attr:`lawalign.run.Run.order`);
            default: :func:`lawalign.structure.order.reference_order` over the skeleton the editions
            share (first-seen order when they share none).

        profiles: language → the run's language profile, for sentence splitting (default: bundled).

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
        profile = (profiles or {}).get(lang)
        splits = split_many([unit_text(u) for _, u in units], lang, store, profile)
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
    distinct = list(texts)
    pairs_present = bool(edition_pairs(eds))
    # One edition alone: nothing to link, so nothing to embed (its rows still carry its sentences).
    matrix = emb.encode(distinct) if distinct and pairs_present else np.zeros((0, 1), dtype=np.float32)
    vec = {t: matrix[i] for i, t in enumerate(distinct)} if pairs_present else {}

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

    present = {u.unit_id for e in eds for u in e.law_units}
    in_order = order if order is not None else reference_order(eds, common_skeleton(eds))
    ids = [uid for uid in dict.fromkeys(in_order) if uid in present]
    links: list[UnitLink] = []
    aligned: set[UnitId] = set()
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
    paragraphs: list[ParagraphLink] = []
    for src, tgt in edition_pairs(eds):
        gaps = unpaired_gaps(_paragraphs(src), _paragraphs(tgt))
        if not gaps:
            continue
        # law titles match law titles, headings headings, paragraphs paragraphs: each its own sequence
        by_kind = [
            ([u for u in a if _kind_group(u) == group], [u for u in b if _kind_group(u) == group])
            for a, b in gaps
            for group in sorted({_kind_group(u) for u in a})
        ]
        for src_units, tgt_units in by_kind:
            if not src_units or not tgt_units:
                continue
            paragraphs.extend(
                _align_paragraphs(
                    (src, src_units),
                    (tgt, tgt_units),
                    emb,
                    opts.sentences,
                    {key[1]: v for key, v in sentences.items() if key[0] == id(src)},
                    {key[1]: v for key, v in sentences.items() if key[0] == id(tgt)},
                    pair_calibration(src, tgt),
                )
            )
    return Alignment(
        ids=tuple(i for i in ids if i in aligned),
        links=tuple(links),
        checks=tuple(checks),
        model=emb.name,
        sentences=tuple(
            (e.name, u.unit_id, tuple(sentences[(id(e), u.id)])) for e in eds for u in e.law_units
        ),
        paragraphs=tuple(paragraphs),
    )


def _kind_group(unit: Unit) -> str:
    """What a unit may be matched with: a title's role (law title, heading), else any paragraph."""
    return str(unit.role) if unit.kind == "title" else "text"


def _paragraphs(edition: Edition) -> list[Unit]:
    """The units paragraph matching considers: law units, neither debris nor footnotes (linked apart)."""
    return [u for u in edition.law_units if u.kind not in ("debris", "footnote")]


def _align_paragraphs(
    src: tuple[Edition, list[Unit]],
    tgt: tuple[Edition, list[Unit]],
    emb: Embedder,
    cfg: AlignConfig,
    src_sentences: dict[str, list[str]],
    tgt_sentences: dict[str, list[str]],
    calibration: Calibration,
) -> list[ParagraphLink]:
    """Align the sentences of two runs of unpaired units; units whose sentences link are grouped.

    The groups are the connected components of "a sentence of this unit is in a bead with a
    sentence of that unit" (contiguous, as beads are monotone): a paragraph one edition split in
    two becomes a 1-2 group, units whose sentences all go unmatched are left alone.
    """
    (src_ed, src_units), (tgt_ed, tgt_units) = src, tgt
    src_owner = [i for i, u in enumerate(src_units) for _ in src_sentences[u.id]]
    tgt_owner = [j for j, u in enumerate(tgt_units) for _ in tgt_sentences[u.id]]
    src_sents = [x for u in src_units for x in src_sentences[u.id]]
    tgt_sents = [y for u in tgt_units for y in tgt_sentences[u.id]]
    s_ov, t_ov = embed_overlaps(src_sents, tgt_sents, emb, cfg.max_side)
    beads = align_overlaps(
        s_ov,
        t_ov,
        config=cfg,
        calibration=calibration,
        lengths=(overlap_lengths(src_sents, cfg.max_side), overlap_lengths(tgt_sents, cfg.max_side)),
    )
    # components of units linked through matched beads (monotone beads: each spans a range of units)
    parent = list(range(len(src_units) + len(tgt_units)))

    def root(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    for bead in beads:
        if bead.src and bead.tgt:
            nodes = [src_owner[k] for k in bead.src] + [len(src_units) + tgt_owner[k] for k in bead.tgt]
            for node in nodes[1:]:
                parent[root(node)] = root(nodes[0])
    members: dict[int, tuple[list[int], list[int]]] = {}
    for bead in beads:
        if bead.src and bead.tgt:
            group = members.setdefault(root(src_owner[bead.src[0]]), ([], []))
            group[0].extend(src_owner[k] for k in bead.src)
            group[1].extend(tgt_owner[k] for k in bead.tgt)
    out: list[ParagraphLink] = []
    vectors = emb.encode([unit_text(u) for u in src_units] + [unit_text(u) for u in tgt_units])
    for xs, ys in members.values():
        # the whole range of units: one whose sentences all went unmatched inside it belongs to it
        a, b = list(range(min(xs), max(xs) + 1)), list(range(min(ys), max(ys) + 1))
        sa = [x for i in a for x in src_sentences[src_units[i].id]]
        sb = [y for j in b for y in tgt_sentences[tgt_units[j].id]]
        first_a = src_owner.index(a[0]) if sa else 0
        first_b = tgt_owner.index(b[0]) if sb else 0
        inner = tuple(
            Bead(tuple(k - first_a for k in bead.src), tuple(k - first_b for k in bead.tgt), bead.score)
            for bead in beads
            if all(src_owner[k] in a for k in bead.src) and all(tgt_owner[k] in b for k in bead.tgt)
        )
        va = vectors[a].sum(axis=0)
        vb = vectors[[len(src_units) + j for j in b]].sum(axis=0)
        score = float(va @ vb / max(float(np.linalg.norm(va) * np.linalg.norm(vb)), 1e-12))
        out.append(
            ParagraphLink(
                src_lang=src_ed.lang,
                tgt_lang=tgt_ed.lang,
                src_ids=tuple(src_units[i].unit_id for i in a),
                tgt_ids=tuple(tgt_units[j].unit_id for j in b),
                score=round(score, 4),
                beads=inner,
                src_sentences=tuple(sa),
                tgt_sentences=tuple(sb),
            )
        )
    return out
