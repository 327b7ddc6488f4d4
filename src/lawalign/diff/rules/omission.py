"""Omission: text present in the other editions (or the reference structure) and missing here.

Three grains, one finding per unit and language:

* a whole unit: an id of a law this edition contains that the other editions or the skeleton have
  (headings and footnotes have their own rules; laws the edition does not contain are a coverage
  finding, never an omission flood);
* sentences: fewer sentences than the counterparts (median), or than the skeleton when the unit has no
  counterpart; with an alignment, the counterparts' sentences left in 1-0 beads are quoted;
* clause parts: references the voters expect and this unit lacks (see :mod:`.crossref`), and
  time/modality adverbs of the termbase ("at once", "сразу же", "ngay lập tức") that every counterpart
  carries and this unit does not. Key terms the counterparts all carry (declarer, dummy…) are added
  to such a finding as supporting detail, never reported alone: a translation may use a pronoun.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable

from lawalign.diff.context import NON_BODY_ROLES, DiffContext
from lawalign.diff.findings import finding, join_ids
from lawalign.diff.rules.crossref import compare_refs, ref_evidence
from lawalign.diff.termbase import Termbase, TermHit, concepts_in, load_termbase
from lawalign.models import Edition, Evidence, Finding, Unit, UnitId


def _role(ctx: DiffContext, unit_id: str) -> str:
    sk = ctx.skeleton_unit(unit_id)
    if sk is not None:
        return sk.role
    for e in ctx.editions:
        u = e.unit(unit_id)
        if u is not None:
            return u.role
    return ""


def _langs(pairs: list[tuple[Edition, Unit]]) -> str:
    return join_ids([e.lang for e, _ in pairs])


def expected_sentences(ctx: DiffContext, edition: Edition, unit: Unit) -> tuple[int, int]:
    """The range of sentence counts the unit may have: (lower median, upper median) of its voters.

    Voters are the counterparts' counts, plus the skeleton's when fewer than two counterparts exist
    (or only the authoritative edition's when one is marked). A unit has lost sentences below the
    lower median and gained some above the upper one, so a sentence deleted in one edition never
    makes another look added. (0, 0): nothing to compare with.
    """
    others = ctx.counterparts(edition, unit.id)
    counts = [len(ctx.sentences(e, u)) for e, u in others]
    auth = ctx.authoritative
    sk = ctx.skeleton_unit(unit.id)
    authoritative_only = auth is not None and bool(others) and others[0][0] is auth
    if sk is not None and sk.sentences and len(counts) < 2 and not authoritative_only:
        counts.append(sk.sentences)
    if not counts:
        return (0, 0)
    return int(statistics.median_low(counts)), int(statistics.median_high(counts))


def unmatched_sentences(ctx: DiffContext, edition: Edition, unit_id: str, side: str) -> dict[str, list[int]]:
    """Per other language, indices of sentences left alone in 0-x beads against ``edition``.

    ``side="other"``: the other edition's sentences with nothing here (omission evidence);
    ``side="here"``: this edition's sentences with nothing there (addition evidence).
    """
    out: dict[str, list[int]] = {}
    for link in ctx.links(unit_id):
        if edition.lang not in (link.src_lang, link.tgt_lang):
            continue
        here_is_src = link.src_lang == edition.lang
        other = link.tgt_lang if here_is_src else link.src_lang
        for bead in link.beads:
            mine, theirs = (bead.src, bead.tgt) if here_is_src else (bead.tgt, bead.src)
            if side == "other" and theirs and not mine:
                out.setdefault(other, []).extend(theirs)
            if side == "here" and mine and not theirs:
                out.setdefault(other, []).extend(mine)
    return out


def carried_by_all(
    edition: Edition,
    others: list[tuple[Edition, Unit]],
    found: list[dict[str, TermHit]],
    *,
    least: int = 1,
    termbase: Callable[[str], Termbase] = load_termbase,
) -> set[str]:
    """Concepts every counterpart able to tell carries, and ``edition``'s termbase knows.

    A counterpart in a language whose termbase lacks a concept cannot say whether its text renders
    it: it abstains (unknown is not absent), so an edition in such a language never hides the loss
    in the others. At least ``least`` counterparts must carry the concept. ``termbase``: language →
    the run's termbase (default: the bundled ones).
    """
    here = {c.id for c in termbase(edition.lang).concepts}
    out: set[str] = set()
    for concept in {c for hits in found for c in hits} & here:
        voters = [
            hits
            for (e, _), hits in zip(others, found, strict=True)
            if termbase(e.lang).concept(concept) is not None
        ]
        if len(voters) >= least and all(concept in hits for hits in voters):
            out.add(concept)
    return out


def _missing_unit(ctx: DiffContext, edition: Edition, unit_id: UnitId) -> Finding | None:
    others = ctx.counterparts(edition, unit_id)
    in_skeleton = ctx.skeleton_unit(unit_id) is not None
    if not others and not in_skeleton:
        return None
    evidence = [ctx.quote(e, u) for e, u in others]
    plural = len(others) > 1
    where = f"the {_langs(others)} edition{'s' if plural else ''} ha{'ve' if plural else 's'} it"
    if not others:
        where = "the reference structure has it"
    # Where it should stand in this edition: before the next unit of the law that is present.
    ids = ctx.reference_ids(unit_id.law)
    after = [edition.unit(i) for i in ids[ids.index(unit_id) + 1 :] if i in ids]
    following = next((u for u in after if u is not None and u.role not in NON_BODY_ROLES), None)
    if following is not None:
        where += f" (it would stand before {following.id})"
        evidence.insert(0, ctx.quote(edition, following))
    elif not evidence:
        evidence = [ctx.location(edition)]
    return finding(
        "omission",
        "error",
        edition.lang,
        unit_id,
        f"{unit_id} is missing; {where}",
        evidence,
        suggestion=f"translate {unit_id}" if others else f"translate {unit_id} from the source edition",
        key="unit",
        grain="unit",
    )


def _partial(ctx: DiffContext, edition: Edition, unit: Unit) -> Finding | None:
    others = ctx.counterparts(edition, unit.id)
    parts: list[str] = []
    evidence: list[Evidence] = [ctx.quote(edition, unit)]
    keys: list[str] = []
    severity = "warning"

    fixes: list[str] = []  # the suggestion, one step per part lacking
    cmp = compare_refs(ctx, edition, unit)
    if cmp.missing:
        fixes.append(f"add the reference{'s' if len(cmp.missing) > 1 else ''} to {join_ids(cmp.missing)}")
        severity = "error"
        parts.append(f"the reference{'s' if len(cmp.missing) > 1 else ''} to {join_ids(cmp.missing)}")
        keys.append("refs:" + ",".join(cmp.missing))
        for e, u in others:
            for target in cmp.missing:
                ev = ref_evidence(ctx, e, u, target)
                if ev is not None and ev not in evidence:
                    evidence.append(ev)

    here_modal = concepts_in(unit.text, edition.lang, "modality", ctx.termbase(edition.lang))
    if others:
        other_modal = [concepts_in(u.text, e.lang, "modality", ctx.termbase(e.lang)) for e, u in others]
        carried = carried_by_all(edition, others, other_modal, termbase=ctx.termbase)
        for concept in sorted(carried - set(here_modal)):
            voters = [(e, u, m) for (e, u), m in zip(others, other_modal, strict=True) if concept in m]
            terms = ", ".join(f"{e.lang} “{m[concept].term}”" for e, _, m in voters)
            parts.append(f"“{concept.replace('-', ' ')}” ({terms})")
            fixes.append(f"render “{concept.replace('-', ' ')}”")
            keys.append("term:" + concept)
            for e, u, m in voters:
                ev = ctx.quote_sentence(e, u, m[concept].start)
                if ev not in evidence:
                    evidence.append(ev)

    want, _ = expected_sentences(ctx, edition, unit)
    have = len(ctx.sentences(edition, unit))
    lonely = unmatched_sentences(ctx, edition, unit.id, "other")
    if want and have < want:
        parts.append(f"{want - have} sentence{'s' if want - have > 1 else ''} ({have} here, {want} expected)")
        fixes.append(
            f"translate the missing sentence{'s' if want - have > 1 else ''} (quoted from the other editions)"
        )
        keys.append("sentences")
        severity = "error" if severity == "error" else "warning"
        for e, u in others:
            for i in lonely.get(e.lang, []):
                spans = ctx.sentences(e, u)
                if i < len(spans):
                    ev = ctx.quote(e, u, *spans[i])
                    if ev not in evidence:
                        evidence.append(ev)

    if not parts:
        return None
    if len(others) >= 2:
        other_terms = [concepts_in(u.text, e.lang, "term", ctx.termbase(e.lang)) for e, u in others]
        here_terms = set(concepts_in(unit.text, edition.lang, "term", ctx.termbase(edition.lang)))
        carried = carried_by_all(edition, others, other_terms, least=2, termbase=ctx.termbase)
        lacking = sorted(carried - here_terms)
        if lacking:
            plural = "s" if len(lacking) > 1 else ""
            parts.append(f"the term{plural} " + join_ids([f"“{c.replace('-', ' ')}”" for c in lacking]))
    who = (
        f"the {_langs(others)} edition{'s' if len(others) > 1 else ''}"
        if others
        else "the reference structure"
    )
    return finding(
        "omission",
        severity,  # type: ignore[arg-type]
        edition.lang,
        unit.id,
        f"{unit.id} lacks {join_ids(parts)}, present in {who}",
        evidence,
        suggestion="; ".join(fixes),
        key="+".join(keys),
        grain="part",
    )


def rule(ctx: DiffContext) -> list[Finding]:
    """Whole units, sentences and clause parts missing from each edition."""
    out: list[Finding] = []
    for edition in ctx.editions:
        cut = ctx.cut(edition)  # a page that stops early: what it cuts is not missing (``truncated``)
        for law in ctx.laws_of(edition):
            for unit_id in ctx.reference_ids(law):
                if _role(ctx, unit_id) in NON_BODY_ROLES or unit_id in cut:
                    continue
                unit = edition.unit(unit_id)
                if unit is None:
                    f = _missing_unit(ctx, edition, unit_id)
                else:
                    f = _partial(ctx, edition, unit)
                if f is not None:
                    out.append(f)
    return out
