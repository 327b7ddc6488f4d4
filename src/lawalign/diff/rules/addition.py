"""Addition: text here that neither the other editions nor the reference structure have.

* a whole unit whose id no other edition and no skeleton has (ids like ``68.x1``);
* sentences: more sentences than the counterparts' median (or the skeleton's count when the unit
  has no counterpart); with an alignment, this unit's sentences left in 1-0 beads are quoted. A
  translation that splits one sentence in two has added nothing: a sentence the alignment matched
  in a 2-1 bead that fits its counterpart worse without it, or a lone one that, joined to its
  neighbour, brings the neighbour's length ratio to its counterpart closer to the language pair's
  ratio over the whole corpus (the other half of a split sentence, by the length criterion of Gale
  and Church), is not an addition; a unit whose extra sentences are all such halves is not reported.
"""

from __future__ import annotations

import math

from lawalign.diff.context import DiffContext
from lawalign.diff.findings import finding
from lawalign.diff.rules.omission import expected_sentences
from lawalign.models import Edition, Finding, UnitLink


def pair_ratios(ctx: DiffContext) -> dict[tuple[str, str], float]:
    """How much longer language ``a`` writes than ``b``: total characters of the sentences of every
    unit the alignment links between them (a split keeps the totals; an added sentence barely moves
    them over a whole corpus)."""
    totals: dict[tuple[str, str], list[int]] = {}
    for link in ctx.alignment.links if ctx.alignment is not None else ():
        src = sum(len(s) for s in link.src_sentences)
        tgt = sum(len(s) for s in link.tgt_sentences)
        row = totals.setdefault((link.src_lang, link.tgt_lang), [0, 0])
        row[0] += src
        row[1] += tgt
    out: dict[tuple[str, str], float] = {}
    for (a, b), (here, there) in totals.items():
        if here and there:
            out[(a, b)] = here / there
            out[(b, a)] = there / here
    return out


def _halves(link: UnitLink, here_is_src: bool, ratio: float) -> tuple[set[int], set[int]]:
    """(lone sentences here, those of them that are the other half of a split neighbour).

    ``ratio`` is the language pair's length ratio (this language over the other, corpus-wide).
    """
    mine_s, theirs_s = (
        (link.src_sentences, link.tgt_sentences) if here_is_src else (link.tgt_sentences, link.src_sentences)
    )
    beads = [(b.src, b.tgt) if here_is_src else (b.tgt, b.src) for b in link.beads]
    lone = {i for m, t in beads if m and not t for i in m}

    def off(mine: float, theirs: float) -> float:
        return abs(math.log((mine + 1) / (theirs * ratio + 1)))

    # a sentence the aligner merged into a 2-1 bead is extra when the bead fits its counterpart
    # better without it (an added sentence the aligner had nowhere else to put)
    for m, t in beads:
        if len(m) < 2 or not t:
            continue
        here = sum(len(mine_s[k]) for k in m if k < len(mine_s))
        there = sum(len(theirs_s[k]) for k in t if k < len(theirs_s))
        for k in m:
            if k < len(mine_s) and off(here - len(mine_s[k]), there) < off(here, there):
                lone.add(k)
                break
    halves = set()
    for i in sorted(lone):
        if i >= len(mine_s):
            continue
        for m, t in beads:
            if not m or not t or i in m or not ({i - 1, i + 1} & set(m)):
                continue
            here = sum(len(mine_s[k]) for k in m if k < len(mine_s))
            there = sum(len(theirs_s[k]) for k in t if k < len(theirs_s))
            if off(here + len(mine_s[i]), there) < off(here, there):
                halves.add(i)
                break
    return lone, halves


def _lonely(
    ctx: DiffContext, edition: Edition, unit_id: str, ratios: dict[tuple[str, str], float]
) -> tuple[bool, list[int]]:
    """(aligned at all, this unit's sentences no counterpart has, split halves left out)."""
    aligned = False
    lonely: set[int] = set()
    for link in ctx.links(unit_id):
        if edition.lang not in (link.src_lang, link.tgt_lang) or not link.beads:
            continue
        aligned = True
        here_is_src = link.src_lang == edition.lang
        other = link.tgt_lang if here_is_src else link.src_lang
        lone, halves = _halves(link, here_is_src, ratios.get((edition.lang, other), 1.0))
        lonely |= lone - halves
    return aligned, sorted(lonely)


def rule(ctx: DiffContext) -> list[Finding]:
    """Units and sentences added in each edition."""
    out: list[Finding] = []
    ratios = pair_ratios(ctx)
    for edition in ctx.editions:
        for unit in edition.law_units:
            if unit.role in ("law-title", "heading"):
                continue
            in_skeleton = ctx.skeleton_unit(unit.id) is not None
            others = ctx.counterparts(edition, unit.id)
            if not in_skeleton and not others and ctx.skeleton is not None and unit.role != "footnote":
                out.append(
                    finding(
                        "addition",
                        "warning",
                        edition.lang,
                        unit.id,
                        f"{unit.id} has no counterpart in the other editions nor in the reference structure",
                        [ctx.quote(edition, unit)],
                        suggestion=f"check the source of {unit.id}: delete it if it is not in the Laws",
                        key="unit",
                        grain="unit",
                    )
                )
                continue
            _, want = expected_sentences(ctx, edition, unit)
            spans = ctx.sentences(edition, unit)
            if want and len(spans) > want:
                aligned, lonely = _lonely(ctx, edition, unit.id, ratios)
                if aligned and not lonely:
                    continue  # every sentence has a counterpart or halves one: a split, not an addition
                quoted = [ctx.quote(edition, unit, *spans[i]) for i in lonely if i < len(spans)]
                extra = len(spans) - want
                out.append(
                    finding(
                        "addition",
                        "warning",
                        edition.lang,
                        unit.id,
                        f"{unit.id} has {len(spans)} sentences where {want} are expected ({extra} added?)",
                        quoted or [ctx.quote(edition, unit)],
                        suggestion="delete the quoted sentences unless the source edition has them",
                        key="sentences",
                        grain="sentence",
                    )
                )
    return out
