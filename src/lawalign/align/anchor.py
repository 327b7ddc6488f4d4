"""Cross-language anchoring: check the ids the structure stage inferred against the other editions.

For an edition with inferred ids, its law units are aligned to every other edition's law units by a
monotone DP (1-1, 1-0, 0-1, 1-2, 2-1) over CSLS-corrected similarities (``2·S − r_src − r_tgt``,
k = 3) plus a structure term (role compatibility, same law). Footnotes are aligned apart from the
body (each edition places them differently: after the anchor, at the end of the law, orphaned),
by content. Each reference edition then votes for the id of the unit it matched, weighted by that
unit's own confidence; the winner is the proposed id and its vote share is the anchoring score.

Rule of :func:`apply_checks`: a unit is relabelled only when the anchoring disagrees with it, the
anchoring score is higher than the unit's structure confidence, the roles are compatible
(a heading stays a heading) and the proposed id is not already held by another unit.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from lawalign.align.embed import Embedder, get_embedder
from lawalign.models import Edition, IdCheck, Unit, UnitId

log = logging.getLogger(__name__)

CSLS_K = 3
MATCH_FLOOR = -0.15  # CSLS of true pairs sits near 0 (e5 compresses), of wrong classes near -0.4
POSITION_WEIGHT = 0.1
ROLE_PENALTY = 0.3
LAW_PENALTY = 0.15
TITLE_ROLES = frozenset({"law-title", "heading"})
BEADS: tuple[tuple[int, int], ...] = ((1, 1), (1, 0), (0, 1), (1, 2), (2, 1))


def unit_text(unit: Unit) -> str:
    """The text embedded for a unit: its heading for titles, else its text."""
    return (unit.heading or unit.text) if unit.kind == "title" else unit.text


def csls(sim: np.ndarray, k: int = CSLS_K) -> np.ndarray:
    """CSLS re-scoring ``2·S − r_src − r_tgt`` (r = mean of the k best similarities of a row/column).

    >>> csls(np.array([[0.9, 0.8], [0.8, 0.9]]), k=1).round(2).tolist()
    [[0.0, -0.2], [-0.2, 0.0]]
    """
    if sim.size == 0:
        return sim.copy()
    kr = max(1, min(k, sim.shape[1]))
    kc = max(1, min(k, sim.shape[0]))
    r_src = np.sort(sim, axis=1)[:, -kr:].mean(axis=1)
    r_tgt = np.sort(sim, axis=0)[-kc:, :].mean(axis=0)
    return np.asarray(2 * sim - r_src[:, None] - r_tgt[None, :])


def _role_class(unit: Unit) -> str:
    if unit.role in TITLE_ROLES:
        return "title"
    if unit.role == "footnote":
        return "footnote"
    return "text"


def structure_bonus(src: Sequence[Unit], tgt: Sequence[Unit]) -> np.ndarray:
    """Structure term: −ROLE_PENALTY for a title against a clause, −LAW_PENALTY across known laws,
    −POSITION_WEIGHT × the difference of relative positions (order within the edition)."""
    out = np.zeros((len(src), len(tgt)))
    for i, a in enumerate(src):
        for j, b in enumerate(tgt):
            out[i, j] -= POSITION_WEIGHT * abs(i / max(1, len(src) - 1) - j / max(1, len(tgt) - 1))
            if _role_class(a) != _role_class(b):
                out[i, j] -= ROLE_PENALTY
            elif a.role != b.role and _role_class(a) == "title":
                out[i, j] -= ROLE_PENALTY / 2  # a law heading against a section heading
            if a.law and b.law and a.law != b.law:
                out[i, j] -= LAW_PENALTY
    return out


def monotone_pairs(
    score: np.ndarray, floor: float = MATCH_FLOOR
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Monotone DP over a unit score matrix; returns matched groups (skips left out).

    A 1-1 bead gains ``score - floor``; a 1-2/2-1 bead gains the mean of its two cells minus
    ``floor`` (times 1.5, the units it covers / 2) less a small merge penalty; skips gain 0.

    >>> monotone_pairs(np.array([[1.0, -1.0], [-1.0, 1.0]]))
    [((0,), (0,)), ((1,), (1,))]
    """
    n, m = score.shape
    best = np.full((n + 1, m + 1), -np.inf)
    back = np.full((n + 1, m + 1), -1, dtype=np.int64)
    best[0, 0] = 0.0
    for i in range(n + 1):
        for j in range(m + 1):
            if i == 0 and j == 0:
                continue
            for t, (a, b) in enumerate(BEADS):
                pi, pj = i - a, j - b
                if pi < 0 or pj < 0 or best[pi, pj] == -np.inf:
                    continue
                if a == 0 or b == 0:
                    gain = 0.0
                else:
                    cells = score[pi:i, pj:j]
                    gain = (
                        float(cells.mean()) - floor
                        if a + b == 2
                        else (float(cells.mean()) - floor) * 1.5 - 0.05
                    )
                if best[pi, pj] + gain > best[i, j] + 1e-12:
                    best[i, j] = best[pi, pj] + gain
                    back[i, j] = t
    pairs: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    i, j = n, m
    while i > 0 or j > 0:
        a, b = BEADS[int(back[i, j])]
        if a and b:
            pairs.append((tuple(range(i - a, i)), tuple(range(j - b, j))))
        i, j = i - a, j - b
    return list(reversed(pairs))


def _votes(
    ei: int, editions: Sequence[Edition], vecs: dict[tuple[int, int], np.ndarray]
) -> dict[int, dict[str, list[float]]]:
    """For each law-unit index of ``editions[ei]``: proposed id → list of (weighted) votes."""
    edition = editions[ei]
    units = list(edition.law_units)
    others = [(oi, o) for oi, o in enumerate(editions) if oi != ei and o.lang != edition.lang]
    votes: dict[int, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for oi, other in others:
        ref = list(other.law_units)
        for footnotes in (False, True):
            si = [k for k, u in enumerate(units) if (u.role == "footnote") == footnotes]
            ti = [k for k, u in enumerate(ref) if (u.role == "footnote") == footnotes]
            if not si or not ti:
                continue
            a = np.stack([vecs[(ei, k)] for k in si])
            b = np.stack([vecs[(oi, k)] for k in ti])
            score = csls(a @ b.T) + structure_bonus([units[k] for k in si], [ref[k] for k in ti])
            for src_group, tgt_group in monotone_pairs(score):
                for s in src_group:
                    # in a 1-2 bead the unit takes the id of the better-matching target unit
                    t = max(tgt_group, key=lambda x: (score[s, x], -x))
                    target = ref[ti[t]]
                    votes[si[s]][target.id].append(target.confidence)
    return votes


def check_ids(editions: Sequence[Edition], *, embedder: Embedder | None = None) -> list[IdCheck]:
    """Check every inferred id (and report every disagreement) against the other editions.

    Args:
        editions: segmented editions of the same laws in different languages.
        embedder: the sentence embedder (default: ``get_embedder()``).

    Returns:
        One :class:`IdCheck` per inferred law unit, plus one per non-inferred unit the other
        editions disagree with; ordered by edition, then unit order.
    """
    if len(editions) < 2:
        return []
    emb = embedder or get_embedder()
    keys: list[tuple[int, int]] = []
    texts: list[str] = []
    for ei, ed in enumerate(editions):
        for k, u in enumerate(ed.law_units):
            keys.append((ei, k))
            texts.append(unit_text(u))
    matrix = emb.encode(texts)
    vecs = {key: matrix[i] for i, key in enumerate(keys)}
    checks: list[IdCheck] = []
    for ei, ed in enumerate(editions):
        if not any(u.inferred for u in ed.law_units):
            continue
        votes = _votes(ei, editions, vecs)
        for k, unit in enumerate(ed.law_units):
            ballot = votes.get(k)
            if not ballot:
                if unit.inferred:
                    checks.append(
                        IdCheck(ed.lang, unit.id, unit.id, True, 0.0, "no counterpart in other editions")
                    )
                continue
            total = sum(sum(v) for v in ballot.values()) or 1.0
            proposed, weight = max(
                ((pid, sum(v)) for pid, v in ballot.items()),
                key=lambda item: (item[1], item[0] == unit.id, item[0]),
            )
            share = round(weight / total, 4)
            agrees = proposed == unit.id
            if agrees and not unit.inferred:
                continue
            voters = ", ".join(f"{pid}×{len(v)}" for pid, v in sorted(ballot.items()))
            message = (
                "confirmed" if agrees else f"other editions place this text at {proposed}"
            ) + f" ({voters})"
            checks.append(IdCheck(ed.lang, unit.id, proposed, agrees, share, message))
    return checks


def apply_checks(edition: Edition, checks: Sequence[IdCheck]) -> Edition:
    """Relabel the units of ``edition`` the anchoring contradicts with more confidence than the structure.

    A unit takes the proposed id when: the check disagrees, ``check.score > unit.confidence``, the
    proposed id keeps the unit's kind (``.title`` ids only for titles, ``.fnN`` only for footnotes),
    and no other unit keeps that id. The change is recorded in the unit's ``evidence``.
    """
    mine = [c for c in checks if c.lang == edition.lang and not c.agrees]
    by_unit = {c.unit: c for c in sorted(mine, key=lambda c: -c.score)}
    taken = {u.id for u in edition.units}
    new_units: list[Unit] = []
    for unit in edition.units:
        check = by_unit.get(unit.id)
        if check is None or unit.kind == "debris" or check.score <= unit.confidence:
            new_units.append(unit)
            continue
        proposed = UnitId.maybe(check.proposed)
        if (
            proposed is None
            or proposed.is_title != (unit.kind == "title")
            or proposed.is_footnote != (unit.kind == "footnote")
            or check.proposed in taken
        ):
            log.info("%s: not relabelling %s as %s (kind or id clash)", edition.name, unit.id, check.proposed)
            new_units.append(unit)
            continue
        taken.discard(unit.id)
        taken.add(check.proposed)
        note = (
            f"anchoring: relabelled {unit.id} → {check.proposed}"
            f" (score {check.score:.2f} > {unit.confidence:.2f})"
        )
        new_units.append(
            replace(
                unit,
                id=check.proposed,
                law=proposed.law,
                confidence=check.score,
                evidence=f"{unit.evidence}; {note}" if unit.evidence else note,
            )
        )
    return replace(edition, units=tuple(new_units))


@dataclass(frozen=True, slots=True)
class Anchoring:
    """The result of :func:`anchor_editions`: the relabelled editions and what the checks said."""

    editions: tuple[Edition, ...]  # in the order given, with the confident corrections applied
    checks: tuple[IdCheck, ...]


def anchor_editions(editions: Sequence[Edition], *, embedder: Embedder | None = None) -> Anchoring:
    """Anchor inferred ids across languages and return the editions relabelled accordingly.

    This is the only stage after segmentation that changes ids: everything downstream (alignment,
    findings, every output) reads the editions returned here.

    Args:
        editions: segmented editions of the same laws in different languages.
        embedder: the sentence embedder (default: ``get_embedder()``).

    Returns:
        The editions with :func:`apply_checks` applied, and every :class:`IdCheck`.
    """
    checks = check_ids(editions, embedder=embedder)
    fixed = tuple(apply_checks(e, checks) if checks else e for e in editions)
    return Anchoring(editions=fixed, checks=tuple(checks))
