"""The row contract of ``lawalign align``: one row per unit per language (reused by build/export)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from lawalign.align.anchor import unit_text
from lawalign.models import Alignment, Edition, UnitId, beads_text
from lawalign.structure.order import common_skeleton, reference_order


def alignment_rows(
    alignment: Alignment, editions: Sequence[Edition], order: Sequence[UnitId] | None = None
) -> list[dict[str, object]]:
    """One row per law unit per edition, in reference id order then language order.

    Every law unit of every edition has its row: a unit no other edition shares has ``score`` null
    and no beads. The editions are taken as they are (anchored before the alignment was computed);
    nothing here changes an id.

    Row fields: ``id``, ``lang``, ``edition``, ``text``, ``source`` (path, line_start, line_end),
    ``score`` (mean unit similarity to the other languages, 4 decimals; null when alone), ``beads``
    (pair ``"<src>-<tgt>"`` → vecalign-style string such as ``"[0]:[0] [1]:[1, 2]"``, indices into
    each side's ``sentences``; only pairs this row's language takes part in), ``sentences``, and
    ``id_check`` when the anchoring said something about the unit's id, and ``paragraphs`` when the
    unit was matched by content to units of another edition with other ids (pair → ``{"ids":
    [the other side's ids], "with": [this side's ids in the match], "score": cosine}``).

    Args:
        alignment: the alignment of ``editions``.
        editions: the editions it was computed from.
        order: every id in reference order (the run's :attr:`lawalign.run.Run.order`); default:
            :func:`lawalign.structure.order.reference_order` over the skeleton the editions share.
    """
    scores: dict[tuple[str, str], list[float]] = defaultdict(list)
    beads: dict[tuple[str, str], dict[str, str]] = defaultdict(dict)
    sentences: dict[tuple[str, str], tuple[str, ...]] = {}
    for name, uid, sents in alignment.sentences:
        sentences[(uid, name)] = sents
    by_lang: dict[tuple[str, str], tuple[str, ...]] = {}
    for link in alignment.links:
        pair = f"{link.src_lang}-{link.tgt_lang}"
        for lang, sents in ((link.src_lang, link.src_sentences), (link.tgt_lang, link.tgt_sentences)):
            scores[(link.id, lang)].append(link.score)
            beads[(link.id, lang)][pair] = beads_text(link.beads)
            by_lang[(link.id, lang)] = sents
    checks = {(c.lang, c.proposed if not c.agrees else c.unit): c for c in alignment.checks}
    matched: dict[tuple[str, str], dict[str, dict[str, object]]] = defaultdict(dict)
    for par in alignment.paragraphs:
        pair = f"{par.src_lang}-{par.tgt_lang}"
        for lang, own, other in (
            (par.src_lang, par.src_ids, par.tgt_ids),
            (par.tgt_lang, par.tgt_ids, par.src_ids),
        ):
            for uid in own:
                matched[(uid, lang)][pair] = {"ids": list(other), "with": list(own), "score": par.score}
    ids = list(order) if order is not None else list(reference_order(editions, common_skeleton(editions)))
    rows: list[dict[str, object]] = []
    for uid in ids:
        for ed in sorted(editions, key=lambda e: (e.lang, e.name)):
            unit = ed.unit(uid)
            if unit is None or unit.kind == "debris":
                continue
            vals = scores.get((uid, ed.lang), [])
            sents = sentences.get((uid, ed.name)) or by_lang.get((uid, ed.lang)) or (unit_text(unit),)
            row: dict[str, object] = {
                "id": uid,
                "lang": ed.lang,
                "edition": ed.name,
                "text": unit_text(unit),
                "source": unit.source.as_dict(),
                "score": round(sum(vals) / len(vals), 4) if vals else None,
                "beads": dict(sorted(beads[(uid, ed.lang)].items())) if vals else {},
                "sentences": list(sents),
            }
            if (uid, ed.lang) in matched:
                row["paragraphs"] = dict(sorted(matched[(uid, ed.lang)].items()))
            check = checks.get((ed.lang, uid))
            if check is not None:
                row["id_check"] = {
                    "structure": check.unit,
                    "proposed": check.proposed,
                    "agrees": check.agrees,
                    "score": round(check.score, 4),
                    "message": check.message,
                }
            rows.append(row)
    return rows
