"""Cross-reference mismatch: a unit cites a different law or clause than it should.

References are compared as sets of canonical ids (internal ones resolved). What a unit should cite is
decided by, in order: the authoritative edition when one is marked; else the reference skeleton's
``refs`` when the skeleton has the unit (two editions sharing a wrong reference must not outvote the
reference); else the majority of its counterparts in the other editions. An expected target lacked,
paired with a target carried instead, is a mismatch ("cites 73D3 where the ru edition cites 70D3");
an expected target lacked with nothing in its place is an omission (see :mod:`.omission`); a target
that neither the reference nor any other edition carries, with nothing missing, is an extra (info).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from lawalign.diff.context import DiffContext
from lawalign.diff.findings import finding, join_ids
from lawalign.models import Edition, Evidence, Finding, Unit


@dataclass(frozen=True, slots=True)
class RefComparison:
    """How a unit's references compare with what its voters expect."""

    here: tuple[str, ...]
    expected: tuple[str, ...]
    missing: tuple[str, ...]  # expected, absent here, with no substitute
    extra: tuple[str, ...]  # here, carried by no voter, with nothing missing to pair with
    substituted: tuple[tuple[str, str], ...]  # (expected, found instead)
    voters: tuple[str, ...]  # languages (and "skeleton") that voted


def compare_refs(ctx: DiffContext, edition: Edition, unit: Unit) -> RefComparison:
    """Compare a unit's references with its counterparts' and the skeleton's."""
    here = ctx.ref_targets(edition, unit)
    if any(n.code == "no-profile" for n in edition.notices):
        # without the language's keywords its references cannot be read: compare nothing, never guess
        return RefComparison(here, (), (), (), (), ())
    votes: list[tuple[str, tuple[str, ...]]] = [
        (e.lang, ctx.ref_targets(e, u)) for e, u in ctx.counterparts(edition, unit.id)
    ]
    supported = {t for _, targets in votes for t in targets}
    auth = ctx.authoritative
    if not (auth is not None and auth is not edition and votes and votes[0][0] == auth.lang):
        sk = ctx.skeleton_unit(unit.id)
        if sk is not None and ctx.skeleton is not None and edition.source_edition == ctx.skeleton.edition:
            # The reference structure decides what a unit should cite: two editions sharing a wrong
            # reference must not outvote it. The editions still count as support for extras.
            votes = [("skeleton", sk.refs)]
            supported |= set(sk.refs)
    if not votes:
        return RefComparison(here, (), (), (), (), ())
    counts = Counter(t for _, targets in votes for t in set(targets))
    order = [t for _, targets in votes for t in targets]
    expected = tuple(dict.fromkeys(t for t in order if counts[t] * 2 > len(votes)))
    missing = [t for t in expected if t not in here]
    instead = [t for t in here if t not in expected]
    n = min(len(missing), len(instead))
    subs = tuple(zip(missing[:n], instead[:n], strict=True))
    return RefComparison(
        here=here,
        expected=expected,
        missing=tuple(missing[n:]),
        extra=tuple(t for t in instead[n:] if t not in supported),
        substituted=subs,
        voters=tuple(lang for lang, _ in votes),
    )


def ref_evidence(ctx: DiffContext, edition: Edition, unit: Unit, target: str) -> Evidence | None:
    """The sentence of ``unit`` that carries a reference to ``target``."""
    for ref in ctx.refs(edition, unit):
        if ref.target == target:
            return ctx.quote_sentence(edition, unit, ref.start)
    return None


def rule(ctx: DiffContext) -> list[Finding]:
    """Cross-reference mismatches and extra references of every unit of every edition."""
    out: list[Finding] = []
    for edition in ctx.editions:
        for unit in edition.law_units:
            if unit.role in ("law-title", "heading"):
                continue
            cmp = compare_refs(ctx, edition, unit)
            for wanted, found in cmp.substituted:
                evidence = [e for e in [ref_evidence(ctx, edition, unit, found)] if e]
                langs = []
                for other, ou in ctx.counterparts(edition, unit.id):
                    ev = ref_evidence(ctx, other, ou, wanted)
                    if ev is not None:
                        evidence.append(ev)
                        langs.append(other.lang)
                where = f"the {', '.join(langs)} edition{'s' if len(langs) > 1 else ''}" if langs else ""
                if "skeleton" in cmp.voters:
                    where = f"{where} and the reference structure" if where else "the reference structure"
                verb = "cite" if len(langs) > 1 or (langs and "skeleton" in cmp.voters) else "cites"
                out.append(
                    finding(
                        "cross-reference",
                        "error",
                        edition.lang,
                        unit.id,
                        f"{unit.id} cites {found} where {where} {verb} {wanted}",
                        evidence,
                        suggestion=f"cite {wanted} instead of {found}",
                        key=f"{found}->{wanted}",
                        found=found,
                        expected=wanted,
                    )
                )
            if cmp.extra:
                quoted = [q for t in cmp.extra if (q := ref_evidence(ctx, edition, unit, t))]
                out.append(
                    finding(
                        "cross-reference",
                        "info",
                        edition.lang,
                        unit.id,
                        f"{unit.id} cites {join_ids(cmp.extra)}, which no other edition"
                        f"{' nor the reference structure' if 'skeleton' in cmp.voters else ''} cites here",
                        quoted,
                        suggestion=f"check {join_ids(cmp.extra)} against the source; remove if added",
                        key="extra:" + ",".join(cmp.extra),
                        found=",".join(cmp.extra),
                    )
                )
    return out
