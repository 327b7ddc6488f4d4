"""The row contract of ``lawalign align``: one row per unit per language (reused by build/export)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from lawalign.align.anchor import unit_text
from lawalign.align.clauses import anchored, reference_order
from lawalign.align.dp import beads_text
from lawalign.models import Alignment, Edition


def alignment_rows(alignment: Alignment, editions: Sequence[Edition]) -> list[dict[str, object]]:
    """One row per aligned unit per edition, in reference id order then language order.

    Row fields: ``id``, ``lang``, ``edition``, ``text``, ``source`` (path, line_start, line_end),
    ``score`` (mean unit similarity to the other languages, 4 decimals), ``beads`` (pair
    ``"<src>-<tgt>"`` → vecalign-style string such as ``"[0]:[0] [1]:[1, 2]"``, indices into each
    side's ``sentences``; only pairs this row's language takes part in), ``sentences``, and
    ``id_check`` when the anchoring said something about the unit's id.
    """
    eds = anchored(editions, alignment.checks)
    scores: dict[tuple[str, str], list[float]] = defaultdict(list)
    beads: dict[tuple[str, str], dict[str, str]] = defaultdict(dict)
    sentences: dict[tuple[str, str], tuple[str, ...]] = {}
    for link in alignment.links:
        pair = f"{link.src_lang}-{link.tgt_lang}"
        for lang, sents in ((link.src_lang, link.src_sentences), (link.tgt_lang, link.tgt_sentences)):
            scores[(link.id, lang)].append(link.score)
            beads[(link.id, lang)][pair] = beads_text(link.beads)
            sentences[(link.id, lang)] = sents
    checks = {(c.lang, c.proposed if not c.agrees else c.unit): c for c in alignment.checks}
    rows: list[dict[str, object]] = []
    for uid in reference_order(list(alignment.ids)):
        for ed in sorted(eds, key=lambda e: (e.lang, e.name)):
            unit = ed.unit(uid)
            if unit is None or unit.kind == "debris" or (uid, ed.lang) not in scores:
                continue
            vals = scores[(uid, ed.lang)]
            row: dict[str, object] = {
                "id": uid,
                "lang": ed.lang,
                "edition": ed.name,
                "text": unit_text(unit),
                "source": unit.source.as_dict(),
                "score": round(sum(vals) / len(vals), 4),
                "beads": dict(sorted(beads[(uid, ed.lang)].items())),
                "sentences": list(sentences[(uid, ed.lang)]),
            }
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
