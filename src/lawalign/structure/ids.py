"""Canonical ids: map the blocks of one law segment onto a reference skeleton.

The printed labels of an edition are often incomplete (no section letters, no law number). Ids are
found by a monotone alignment of the segment's body blocks to the skeleton's body units (headings,
intros, sections, chapeaux, points, wraps), minimising

    sum(match cost of each aligned pair) + sum(miss cost of skipped skeleton units)
      + sum(extra cost of blocks the skeleton has no place for)

where a match cost weighs printed labels (a printed "2." only matches point 2; a printed "C." only
section C), the role a block can play, cross-references shared with the skeleton unit, footnote
markers and sentence counts. Order is the order of the reference, so a restart of point numbering
after a paragraph is read as a new section, as a human would.

Confidence of an inferred id comes from the margin: the extra cost of the best alignment in which
that block does *not* get that id. A small margin is reported as ambiguous, never hidden.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from lawalign.models import law_of
from lawalign.structure.blocks import Block
from lawalign.structure.skeleton import SkeletonUnit
from lawalign.tuning import tuned_float, tuned_floats

INF = float("inf")
EXTRA_COST = tuned_float("structure.ids", "extra_cost")
# A footnote is often printed elsewhere (end of the book, another page) or labelled (then it is not
# aligned here at all): missing it costs little.
MISS_COST = tuned_floats("structure.ids", "miss_cost")
# An unlabelled paragraph read as a footnote: only worth it when its references say so.
FOOTNOTE_TEXT_COST = tuned_float("structure.ids", "footnote_text_cost")
DEFAULT_MISS = tuned_float("structure.ids", "default_miss")
TAIL_MISS_FACTOR = tuned_float("structure.ids", "tail_miss_factor")
AMBIGUOUS_MARGIN = tuned_float("structure.ids", "ambiguous_margin")
# Going on with the paragraph above costs a little: the skeleton's sentence count must allow it.
CONTINUE_COST = tuned_float("structure.ids", "continue_cost")
CONTINUED_ROLES = ("intro", "section", "chapeau", "point", "wrap")


@dataclass(frozen=True, slots=True)
class Match:
    block: int  # index into the blocks passed in
    unit: SkeletonUnit | None  # None: the skeleton has no place for this block
    confidence: float
    evidence: str
    margin: float = INF  # extra cost of the best reading without this id


# A paragraph read as a point whose number it does not print.
LOST_NUMBER_COST = tuned_float("structure.ids", "lost_number_cost")
UNLABELLED_TEXT_COST = tuned_float("structure.ids", "unlabelled_text_cost")
SHARED_LAW_REWARD = tuned_float("structure.ids", "shared_law_reward")
SHARED_REF_REWARD = tuned_float("structure.ids", "shared_ref_reward")
UNSHARED_LAW_COST = tuned_float("structure.ids", "unshared_law_cost")
MARKER_AT_ANCHOR_REWARD = tuned_float("structure.ids", "marker_at_anchor_reward")
MARKER_WITHOUT_ANCHOR_COST = tuned_float("structure.ids", "marker_without_anchor_cost")
ANCHOR_WITHOUT_MARKER_COST = tuned_float("structure.ids", "anchor_without_marker_cost")
SENTENCE_RATIO_COST = tuned_float("structure.ids", "sentence_ratio_cost")
MAX_SENTENCE_LOG_RATIO = tuned_float("structure.ids", "max_sentence_log_ratio")
MARGIN_CONFIDENCE_RATE = tuned_float("structure.ids", "margin_confidence_rate")


def margin_confidence(margin: float, rate: float) -> float:
    """The confidence of a reading from its margin over the best other: 1 - 0.5 exp(-rate margin),
    0.5 for a tie, 1.0 for no other reading (an infinite margin).

    >>> margin_confidence(0.0, 2.0), margin_confidence(float("inf"), 2.0)
    (0.5, 1.0)
    """
    return 1.0 - 0.5 * math.exp(-rate * margin) if margin < INF else 1.0


def match_cost(b: Block, s: SkeletonUnit) -> float:
    """The cost of giving block ``b`` the id of skeleton unit ``s`` (INF: impossible)."""
    return _match_cost(b, s, block_laws(b), unit_laws(s))


def block_laws(b: Block) -> frozenset[str]:
    """The laws the block's cross-references name."""
    return frozenset(law_of(r) for r in b.refs)


def unit_laws(s: SkeletonUnit) -> frozenset[str]:
    """The laws the unit's cross-references name besides its own."""
    return frozenset(law for law in (law_of(r) for r in s.refs) if law != s.law)


def _match_cost(b: Block, s: SkeletonUnit, b_laws: frozenset[str], s_laws: frozenset[str]) -> float:
    """:func:`match_cost` with the laws of the two sides' references given (computed once per solve)."""
    if b.kind == "heading":
        if s.role != "heading":
            return INF
        if b.letter and b.letter != s.section:
            return INF
        if b.number != s.point:  # "1. Statement Repeated" is point 1's heading; "Claim Defined" no point's
            return INF
        return b.heading_cost.get(s.heading, 0.0)  # what the words say (structure/headings.py)
    if b.kind == "point":
        if s.role != "point" or (s.point != b.number and not b.run_on):
            return INF
        # a number counting a list that runs on says little: as a point whose number was lost
        cost = 0.0 if s.point == b.number else LOST_NUMBER_COST
    elif b.kind == "text":
        if b.letter:  # a printed section label in front of the text
            if s.role not in ("section", "chapeau") or s.section != b.letter:
                return INF
            cost = 0.0
        elif s.role in ("intro", "section", "chapeau", "wrap"):
            cost = UNLABELLED_TEXT_COST
        elif s.role == "point":
            cost = LOST_NUMBER_COST
        elif s.role == "footnote":
            cost = FOOTNOTE_TEXT_COST
        else:
            return INF
    else:
        return INF
    # Cross-references: the strongest content signal a structure-only stage has.
    shared = b_laws & s_laws
    cost -= SHARED_LAW_REWARD * len(shared)
    cost -= SHARED_REF_REWARD * len(set(b.refs) & set(s.refs))
    cost += UNSHARED_LAW_COST * len(b_laws - s_laws) + UNSHARED_LAW_COST * len(s_laws - b_laws)
    # Footnote markers stand where the skeleton has footnote anchors.
    if b.markers and s.footnotes:
        cost -= MARKER_AT_ANCHOR_REWARD
    elif b.markers:
        cost += MARKER_WITHOUT_ANCHOR_COST
    elif s.footnotes:
        cost += ANCHOR_WITHOUT_MARKER_COST
    if s.sentences and b.sentences:
        cost += SENTENCE_RATIO_COST * min(abs(math.log(b.sentences / s.sentences)), MAX_SENTENCE_LOG_RATIO)
    return cost


def optional_heading(s: SkeletonUnit) -> bool:
    """A point's sub-heading the reference does not print (no label): placed when a text prints one."""
    return s.role == "heading" and s.point > 0 and not s.heading


def miss_cost(s: SkeletonUnit) -> float:
    if optional_heading(s):
        return 0.0
    return MISS_COST.get(s.role, DEFAULT_MISS)


@dataclass(frozen=True, slots=True)
class _Problem:
    """What the alignment of some blocks to some units reads of them, computed once for every solve
    of that pair (:func:`assign_ids` solves it again without each id it gives)."""

    match: tuple[tuple[float, ...], ...]  # match[i][j]: the match cost of block i as unit j
    cited: tuple[tuple[int, ...], ...]  # cited[i]: the footnote units block i cites as (cites_as)
    miss: tuple[float, ...]  # the miss cost of each unit
    held: tuple[int | None, ...]  # held[i]: continued_sentences(blocks[i - 1], blocks[i])


def _problem(blocks: Sequence[Block], units: Sequence[SkeletonUnit]) -> _Problem:
    n = len(blocks)
    miss = [miss_cost(u) for u in units]
    # sections a text that prints its letters skips ("A.", "B.", then "E."): an extract leaves them
    # out, and leaving them out costs what the units after the end of a partial page cost
    letters = sorted({b.letter for b in blocks if b.letter})
    for k, u in enumerate(units):
        if letters and u.section and letters[0] < u.section < letters[-1] and u.section not in letters:
            miss[k] *= TAIL_MISS_FACTOR
    b_laws = [block_laws(b) for b in blocks]
    s_laws = [unit_laws(u) for u in units]
    notes = [k for k, u in enumerate(units) if u.role == "footnote"]
    return _Problem(
        match=tuple(
            tuple(_match_cost(b, u, bl, sl) for u, sl in zip(units, s_laws, strict=True))
            for b, bl in zip(blocks, b_laws, strict=True)
        ),
        cited=tuple(tuple(f for f in notes if _cites(bl, s_laws[f])) for bl in b_laws),
        miss=tuple(miss),
        # what the blocks alone say about block i going on with block i - 1
        held=(None, *(continued_sentences(blocks[i - 1], blocks[i]) for i in range(1, n))),
    )


def _solve(
    blocks: Sequence[Block],
    units: Sequence[SkeletonUnit],
    forbidden: tuple[int, int] | None = None,
    problem: _Problem | None = None,
) -> tuple[float, list[tuple[int, int | None]]]:
    """Monotone alignment; returns total cost and (block, unit-or-None) pairs in block order.
    ``problem``: :func:`_problem` of the same blocks and units, when they are solved more than once."""
    n, m = len(blocks), len(units)
    prob = problem if problem is not None else _problem(blocks, units)
    match, cited, miss, held = prob.match, prob.cited, prob.miss, prob.held
    cost = [[INF] * (m + 1) for _ in range(n + 1)]
    # 1 match, 2 extra block, 3 miss unit, 4 jump to a footnote (from unit jump[i][j]) and match it,
    # 5 continue the unit the block above was matched to (a paragraph broken at a line end)
    back: list[list[int]] = [[0] * (m + 1) for _ in range(n + 1)]
    jump: list[list[int]] = [[0] * (m + 1) for _ in range(n + 1)]
    before = [0.0] * (m + 1)  # before[k]: miss cost of units[:k]
    for k in range(m):
        before[k + 1] = before[k] + miss[k]
    # Likewise the units before the first placed block (an extract that starts inside a law).
    cost[0][0] = 0.0
    for k in range(m):
        cost[0][k + 1], back[0][k + 1] = cost[0][k] + TAIL_MISS_FACTOR * miss[k], 3
    for i in range(n + 1):
        for j in range(m + 1):
            here = cost[i][j]
            if here == INF:
                continue
            if i < n and j < m and (i, j) != forbidden:
                c = match[i][j]
                if c < INF and here + c < cost[i + 1][j + 1] - 1e-12:
                    cost[i + 1][j + 1], back[i + 1][j + 1] = here + c, 1
            # on a tie, the later block is the one left unplaced (text after a law's last paragraph
            # is more often the page's than the law's)
            if i < n and here + EXTRA_COST <= cost[i + 1][j] + 1e-12:
                cost[i + 1][j], back[i + 1][j] = here + EXTRA_COST, 2
            if (
                back[i][j] in (1, 5)
                and i < n
                and (h := held[i]) is not None
                and units[j - 1].role in CONTINUED_ROLES
                and h <= units[j - 1].sentences
                and (i, j - 1) != forbidden
                and here + CONTINUE_COST < cost[i + 1][j] - 1e-12
            ):
                cost[i + 1][j], back[i + 1][j] = here + CONTINUE_COST, 5
            if i > 0 and j < m and here + miss[j] < cost[i][j + 1] - 1e-12:
                cost[i][j + 1], back[i][j + 1] = here + miss[j], 3
            if i > 0 and i < n and blocks[i].kind == "text":
                # the law's footnote printed right after an extract that stops early: the units
                # skipped to reach it cost what units after the end cost, when its references match
                for f in cited[i]:
                    if f <= j or (i, f) == forbidden:
                        continue
                    c = here + TAIL_MISS_FACTOR * (before[f] - before[j]) + match[i][f]
                    if c < cost[i + 1][f + 1] - 1e-12:
                        cost[i + 1][f + 1], back[i + 1][f + 1], jump[i + 1][f + 1] = c, 4, j
    # Units after the last placed block cost less to miss: pages are often cut short (a partial page,
    # an extract), and skipping units inside the text is what must be paid for in full.
    tail = [0.0] * (m + 1)
    for k in range(m - 1, -1, -1):
        tail[k] = tail[k + 1] + miss[k]
    end = min(range(m + 1), key=lambda k: (cost[n][k] + TAIL_MISS_FACTOR * tail[k], -k))
    total = cost[n][end] + TAIL_MISS_FACTOR * tail[end]
    pairs: list[tuple[int, int | None]] = []
    i, j = n, end
    while i > 0 or j > 0:
        step = back[i][j]
        if step == 1:
            pairs.append((i - 1, j - 1))
            i, j = i - 1, j - 1
        elif step == 2:
            pairs.append((i - 1, None))
            i -= 1
        elif step == 4:
            pairs.append((i - 1, j - 1))
            i, j = i - 1, jump[i][j]
        elif step == 5:
            pairs.append((i - 1, j - 1))
            i -= 1
        else:
            j -= 1
    pairs.reverse()
    return total, pairs


def continued_sentences(above: Block, b: Block) -> int | None:
    """The sentences ``above`` and ``b`` hold as one paragraph, or None when ``b`` cannot go on with it
    (not the next line, not unlabelled text). ``b`` continues the unit ``above`` was matched to when
    that unit's role allows it and the reference's paragraph has at least that many sentences.

    A page that breaks lines inside a paragraph and separates paragraphs no other way prints a
    section of two sentences on two lines ("… as equitably as possible." / "The Director proceeds as
    follows:"); the second line is that section's, not a paragraph the reference has no place for.
    """
    if b.kind != "text" or b.letter or above.kind not in ("text", "point"):
        return None
    if b.first_line != above.last_line + 1:
        return None
    # a line that carries on the sentence above adds none: after a word ("… withdrawn within the" /
    # "Correction Period …"), or in lowercase after a colon or comma ("… à moins :" / "- que … ou,")
    mid_sentence = bool(re.search(r"\w\s*$", above.raw))
    after_mark = bool(re.search(r"[:;,]\s*$", above.raw))
    lower = bool(re.match(r"^(?:[-–—•]\s*)?[^\W\d_]", b.raw)) and not b.raw.lstrip("-–—• ")[:1].isupper()
    carried = mid_sentence or (after_mark and lower)
    held = above.sentences + (b.sentences - 1 if carried else b.sentences)
    return held if held > 0 else None


def cites_as(b: Block, s: SkeletonUnit) -> bool:
    """The block cites every law the unit cites besides its own ("Laws 69, 70 and 71")."""
    return _cites(block_laws(b), unit_laws(s))


def _cites(b_laws: frozenset[str], s_laws: frozenset[str]) -> bool:
    """:func:`cites_as` of the laws the two sides cite (:func:`block_laws`, :func:`unit_laws`)."""
    return bool(s_laws) and s_laws <= b_laws


def solve_cost(blocks: Sequence[Block], units: Sequence[SkeletonUnit]) -> float:
    """The cost of the best alignment, without computing margins."""
    return _solve(blocks, units)[0]


def solve_laws(blocks: Sequence[Block], units: Sequence[SkeletonUnit]) -> list[str]:
    """The law each block falls in under the best alignment (a block the skeleton has no place for
    belongs to the law of the unit placed before it, else to the first law), without margins."""
    _, pairs = _solve(blocks, units)
    law = units[0].law if units else ""
    out = [law] * len(blocks)
    for bi, uj in pairs:
        if uj is not None:
            law = units[uj].law
        out[bi] = law
    return out


def baseline_cost(units: Sequence[SkeletonUnit], n_blocks: int) -> float:
    """Cost of placing nothing: every unit missed, every block extra (for comparing candidates)."""
    return TAIL_MISS_FACTOR * sum(miss_cost(u) for u in units) + EXTRA_COST * n_blocks


def assign_ids(blocks: Sequence[Block], units: Sequence[SkeletonUnit]) -> tuple[float, list[Match]]:
    """Align body blocks to skeleton body units; returns the total cost and one Match per block."""
    problem = _problem(blocks, units)
    total, pairs = _solve(blocks, units, problem=problem)
    matches: list[Match] = []
    for bi, uj in pairs:
        if uj is None:
            matches.append(Match(bi, None, 0.0, "no place in the reference structure", 0.0))
            continue
        unit = units[uj]
        alt, _ = _solve(blocks, units, forbidden=(bi, uj), problem=problem)
        margin = alt - total
        confidence = margin_confidence(margin, MARGIN_CONFIDENCE_RATE)
        matches.append(Match(bi, unit, confidence, _evidence(blocks[bi], unit, margin), margin))
    return total, matches


def _evidence(b: Block, s: SkeletonUnit, margin: float) -> str:
    parts = []
    if b.letter:
        parts.append(f"printed section label {b.label!r}")
    if b.kind == "point":
        parts.append(f"printed point number {b.number}")
    shared = sorted({law_of(r) for r in b.refs} & {law_of(r) for r in s.refs})
    if shared:
        parts.append("cites Law " + ", ".join(shared) + " as the reference unit does")
    if b.markers and s.footnotes:
        parts.append("carries the footnote marker the reference unit carries")
    parts.append(f"position in the reference order (role {s.role})")
    text = "; ".join(parts)
    if margin < INF:
        text += f"; margin {margin:.2f} over the next best reading"
        if margin < AMBIGUOUS_MARGIN:
            text += " (ambiguous)"
    return text
