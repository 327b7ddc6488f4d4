"""Structure: a normalized source text → an Edition of units with canonical ids.

Stages: split into blocks → classify (labels, headings, footnotes, debris) → mark repeats → cut into
law segments at printed law headings → give each segment a law (printed, or inferred against the
reference skeleton) → align body blocks to the skeleton (``ids.py``) → tie footnotes to their anchors
→ build units. Every character of the normalized text ends up in exactly one unit's label or text, or
in a debris unit.
"""

from __future__ import annotations

import logging
import os
import re
import unicodedata
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from itertools import pairwise, takewhile
from pathlib import Path

from lawalign.ingest.profiles import Profile, load_profile
from lawalign.limits import check_units
from lawalign.models import (
    DEFAULT_REFERENCE,
    NO_LAW,
    NO_LAW_CONSEQUENCE,
    DebrisId,
    DebrisReason,
    Edition,
    Notice,
    SourceText,
    TextEncoder,
    Unit,
    UnitId,
    UnitKind,
    UnitRole,
)
from lawalign.structure.blocks import (
    BOOK_LAWS,
    Block,
    classify_blocks,
    closes_sentence,
    mark_repeats,
    split_blocks,
    table_rows,
)
from lawalign.structure.constants import RuleConstants, bundled_constants
from lawalign.structure.debris import mark_debris
from lawalign.structure.headings import unlettered_headings, with_heading_costs
from lawalign.structure.ids import (
    AMBIGUOUS_MARGIN,
    Match,
    assign_ids,
    baseline_cost,
    cites_as,
    margin_confidence,
    solve_cost,
    solve_laws,
)
from lawalign.structure.numbering import restart_runs
from lawalign.structure.outline import outline_evidence
from lawalign.structure.quotes import LAW_ONLY_CONFIDENCE, find_quotes
from lawalign.structure.reader import RoleModel, weigh_debris, weigh_units, with_confidence
from lawalign.structure.refs import find_refs
from lawalign.structure.skeleton import (
    Skeleton,
    SkeletonUnit,
    available_skeletons,
    load_skeleton,
)
from lawalign.structure.titles import title_agreement
from lawalign.tuning import tuned_float, tuned_int

log = logging.getLogger(__name__)

BODY_ROLES = ("heading", "intro", "section", "chapeau", "point", "wrap", "footnote")
# A law inferred with less gain per block than this is no law at all.
MIN_GAIN_PER_BLOCK = tuned_float("structure.segment", "min_gain_per_block")
# Without a law heading, the law a text is read as must fit clearly better than any other law: law
# text fits one law far better than the next, while an article's or a club's headings and numbered
# lists fit several laws about as well. The margin required is data (RuleConstants, data/reader/rules.json),
# chosen by the protocol's cross-validated figure (docs/ingest.md, "The rules' thresholds").
# The cost of reading a segment as holding one more law whose heading was lost.
HIDDEN_LAW_COST = tuned_float("structure.segment", "hidden_law_cost")
# Read unlettered headings with the bundled model too (LAWALIGN_HEADING_MODEL=0: by position only).
HEADING_MODEL = os.environ.get("LAWALIGN_HEADING_MODEL", "1") != "0"
# Ids below this confidence are flagged for review (evidence and a ``low-confidence`` notice): on the
# real-page development set, ids at or above it are right at least 90 % of the time.
REVIEW_CONFIDENCE = tuned_float("structure.segment", "review_confidence")
# Bullets: the Laws print none, a page's own notes often do.
BULLET_GLYPHS = "•▪◦●·"
# The highest confidence of an id read by position alone (no law heading, no label printed anywhere).
UNLABELLED_CONFIDENCE = tuned_float("structure.segment", "unlabelled_confidence")
# Without a law heading or a printed section letter, an outline of this many headings at least
# ("Claim Defined", "Concession Defined") is needed to read ids with confidence.
MIN_OUTLINE_HEADINGS = tuned_int("structure.segment", "min_outline_headings")
# A paragraph quoted under its citation on a commentary page: its id is as cited.
QUOTE_CONFIDENCE = tuned_float("structure.segment", "quote_confidence")
# A printed point number more than this beyond its section's last point is no point of it ("68." under
# 69B: a law's heading wrapped into the text); a gap of two lost points is still read as numbered.
MAX_POINT_GAP = tuned_int("structure.segment", "max_point_gap")
QUOTE_FIT = tuned_float("structure.segment", "quote_fit")
# The fit added to a reading that starts at the law the file's name points at (a slug "law_68").
SLUG_BONUS = tuned_float("structure.segment", "slug_bonus")
# Readings of different skeletons closer than this are a tie; ties go to the earliest edition here.
TIE_MARGIN = 1e-6
TIE_ORDER = (DEFAULT_REFERENCE, "2017", "1997")
# The fit one printed label (section letter, point number, point heading) adds when the skeleton has
# it, or takes away when it contradicts it (structure/outline.py): about what a label that cannot be
# placed costs the alignment (ids.EXTRA_COST), so the printed outline weighs as much as the layout.
OUTLINE_WEIGHT = tuned_float("structure.segment", "outline_weight")
# A text whose printed outline contradicts the best skeleton in this many places follows an edition
# the tool does not know (measured over the real pages, seeds and synthetic layouts: see
# docs/editions.md, "Unknown editions").
UNKNOWN_CONTRADICTIONS = tuned_int("structure.segment", "unknown_contradictions")
LAW_MARGIN_CONFIDENCE_RATE = tuned_float("structure.segment", "law_margin_confidence_rate")
EXTRA_ID_CONFIDENCE = tuned_float("structure.segment", "extra_id_confidence")
INFERRED_SECTION_CONFIDENCE = tuned_float("structure.segment", "inferred_section_confidence")
# Contradictions quoted in the evidence of a choice.
EVIDENCE_NOTES = 3
# A slug in a file name: "law71", "l68", "przep69", "LOI70", "70" between separators.
SLUG = re.compile(r"(?:^|[-_./ ])[^\W\d_]{0,8}(\d{1,2})(?=$|[-_./ ])")


@dataclass(slots=True)
class _Segment:
    law: str  # printed law number, "" when the segment has no heading
    heading: Block | None
    blocks: list[Block] = field(default_factory=list)


@dataclass(slots=True)
class _Reading:
    """What one reading of a text against a skeleton decides about its blocks beside their ids. The
    blocks themselves are values shared by every reading; a reading's decisions stay here."""

    reasons: dict[int, DebrisReason] = field(default_factory=dict)  # block index → why it is debris
    continues: set[int] = field(default_factory=set)  # blocks that go on with the unit above


@dataclass(slots=True)
class _Assigned:
    """The id decided for a block, before units are built."""

    id: UnitId
    role: UnitRole
    law: str
    inferred: bool
    confidence: float
    evidence: str


@dataclass(frozen=True, slots=True)
class EditionChoice:
    """Which WBF edition's skeleton an edition was segmented against, and why.

    Attributes:
        edition: the chosen reference edition ("2017"); for an unknown edition, the best guess.
        given: True when the caller (a manifest's ``source_edition``) named it; no search was made.
        margin: how much better the chosen reading fits than the runner-up (0.0: a tie, or given).
        scores: every edition tried with the fit of its reading (higher is better), best first.
        evidence: the choice in words, for notices and reports.
        known: False when the text prints structure that every known skeleton contradicts (an edition
            the tool does not know, such as 1987): ``edition`` is then only the best guess, and ids
            of laws with a printed heading come from the printed labels.
        contradictions: what the text prints that the chosen skeleton contradicts.
    """

    edition: str
    given: bool = False
    margin: float = 0.0
    scores: tuple[tuple[str, float], ...] = ()
    evidence: str = ""
    known: bool = True
    contradictions: tuple[str, ...] = ()


def segment_law(
    source: SourceText,
    *,
    name: str | None = None,
    skeleton: Skeleton | None = None,
    profile: Profile | None = None,
    encoder: TextEncoder | None = None,
    law: str = "",
) -> Edition:
    """Segment a normalized text into units with canonical ids.

    Args:
        source: the output of :func:`lawalign.ingest.read_source`.
        name: the edition's short name (default: the file stem).
        skeleton: the reference structure; default: every known skeleton is tried and the best reading
            kept (:func:`segment_best`).
        profile: the language profile (default: the profile of ``source.lang``).
        encoder: the run's embedder, to read unlettered headings by meaning (None: by position only).
        law: the law of the text before its first law heading, for a text that prints none ("68"),
            read with a given ``skeleton`` (``lawalign skeleton --law``); "" reads it as the skeleton
            places it.

    A text without any recognizable law structure is read as debris, every line of it recorded,
    with a ``no-law`` notice.
    """
    if skeleton is not None:
        return _segment(source, skeleton, profile, name, encoder=encoder, law=law)[0]
    return segment_best(source, name=name, profile=profile, encoder=encoder)[0]


def segment_best(
    source: SourceText,
    skeletons: Sequence[Skeleton] | None = None,
    edition: str | None = None,
    *,
    name: str | None = None,
    profile: Profile | None = None,
    encoder: TextEncoder | None = None,
    reader: RoleModel | None = None,
    rules: RuleConstants | None = None,
    declared: Collection[str] = (),
) -> tuple[Edition, EditionChoice]:
    """Segment against every known skeleton (or the given ``edition``) and keep the best reading.

    The fit of a reading is how much cheaper its alignment to the skeleton is than placing nothing,
    plus how far the printed outline (section letters, point numbers, point headings) agrees with
    the skeleton's (:mod:`lawalign.structure.outline`). Skeletons are compared like with like: on
    the laws every candidate knows, so a skeleton that knows more of the book is not preferred for
    that. The best fit wins, its margin over the runner-up is kept as evidence (a notice
    ``source-edition``). On a tie the earlier of :data:`TIE_ORDER` wins.

    A text whose printed outline contradicts even the best skeleton in at least
    :data:`UNKNOWN_CONTRADICTIONS` places follows an edition the tool does not know: the choice says
    so (``known`` False, the best guess and margin as evidence), and laws with a printed heading keep
    the ids their printed labels give.

    Args:
        source: the output of :func:`lawalign.ingest.read_source`.
        skeletons: the candidate skeletons (default: every bundled one).
        edition: a known source edition (a manifest's ``source_edition``): used as given.
        name: the edition's short name (default: the file stem).
        profile: the language profile (default: the profile of ``source.lang``).
        encoder: the run's embedder, to read unlettered headings by meaning (None: by position only).
        reader: the fitted line reader that weighs the chosen reading's units (None: the rules alone).
        rules: the rules' thresholds (default: the bundled ones, ``data/reader/rules.json``).

    Returns:
        The segmented edition (``source_edition`` set) and the choice made.

    A text without any recognizable law structure is read as debris (a ``no-law`` notice).

    Raises:
        ConfigError: ``edition`` names no known skeleton.
    """
    if edition is not None:
        skeleton = next((s for s in skeletons or () if s.edition == edition), None) or load_skeleton(edition)
        ed, _ = _segment(
            source, skeleton, profile, name, encoder=encoder, reader=reader, rules=rules, declared=declared
        )
        choice = EditionChoice(edition, given=True, evidence=f"source edition {edition} as given")
        return ed, choice
    candidates = list(skeletons) if skeletons else [load_skeleton(e) for e in available_skeletons()]
    common = set(candidates[0].laws).intersection(*(sk.laws for sk in candidates[1:]))
    profile = profile or load_profile(source.lang)
    # once: every reading starts from the same blocks
    prepared = _prepare(source, profile, {law for sk in candidates for law in _readable(sk) or ()})
    cited = _cited_laws(prepared, profile)  # what no skeleton changes either
    readings: list[tuple[float, int, Skeleton, tuple[str, ...]]] = []
    for sk in candidates:
        seen: list[str] = []
        _, fit = _segment_or_fit(
            source,
            _restricted(sk, common),
            profile,
            name,
            fit_only=True,
            contradictions=seen,
            prepared=prepared,
            encoder=encoder,
            rules=rules,
            declared=declared,
            cited=cited,
        )
        order = TIE_ORDER.index(sk.edition) if sk.edition in TIE_ORDER else len(TIE_ORDER)
        readings.append((fit, order, sk, tuple(seen)))
    readings.sort(key=lambda r: (-round(r[0], 6), r[1], r[2].edition))
    if len(readings) > 1 and readings[0][0] - readings[1][0] <= TIE_MARGIN:
        readings = _dated_tie(readings, prepared)
    fit, _, best, against = readings[0]
    margin = fit - readings[1][0] if len(readings) > 1 else 0.0
    scores = tuple((sk.edition, round(f, 3)) for f, _, sk, _ in readings)
    known = len(against) < UNKNOWN_CONTRADICTIONS
    if len(readings) == 1:
        evidence = f"the only known skeleton ({best.edition})"
    elif margin <= TIE_MARGIN:
        evidence = (
            f"the structure fits editions {', '.join(e for e, f in scores if fit - f <= TIE_MARGIN)} equally "
            f"well; {best.edition} kept"
        )
    else:
        runner_up, why = readings[1][2].edition, readings[1][3]
        evidence = f"the structure fits the {best.edition} skeleton best ({margin:.2f} over {runner_up})"
        if why:
            evidence += "; " + "; ".join(why[:EVIDENCE_NOTES])
    if not known:
        evidence = (
            f"an edition the tool does not know: the printed structure contradicts every known skeleton, "
            f"the nearest ({best.edition}, {margin:.2f} over the next) in {len(against)} places: "
            + "; ".join(against[:EVIDENCE_NOTES])
        )
    choice = EditionChoice(best.edition, False, round(margin, 3), scores, evidence, known, against)
    ed, _ = _segment(
        source,
        best,
        profile,
        name,
        printed_only=not known,
        prepared=prepared,
        encoder=encoder,
        reader=reader,
        rules=rules,
        declared=declared,
        cited=cited,
    )
    notice = Notice(
        "source-edition",
        f"source edition {best.edition if known else 'unknown'}: {evidence}",
        source.path,
    )
    return replace(ed, notices=(*ed.notices, notice)), choice


# A year in a post's header ("Thu Dec 20 20:35:39 CET 2007", "Posted 2014-September-03").
HEADER_YEAR = re.compile(r"(?<!\d)(19[89]\d|20\d\d)(?!\d)")


def _dated_tie(
    readings: list[tuple[float, int, Skeleton, tuple[str, ...]]], blocks: list[Block]
) -> list[tuple[float, int, Skeleton, tuple[str, ...]]]:
    """Readings that fit equally well (a page that only quotes fits every edition alike), ordered by
    the edition in force when the page was posted: the latest edition of a year before the year its
    mail or forum header prints (an edition comes into force the year after it is published). Without
    a dated header the order is kept."""
    years = [int(y) for b in blocks if b.reason == "mail-header" for y in HEADER_YEAR.findall(b.raw)]
    if not years:
        return readings
    posted = min(years)
    tied = [r for r in readings if readings[0][0] - r[0] <= TIE_MARGIN]
    in_force = [r for r in tied if r[2].date[:4].isdigit() and int(r[2].date[:4]) < posted]
    if not in_force:
        return readings
    chosen = max(in_force, key=lambda r: r[2].date)
    return [chosen, *(r for r in readings if r is not chosen)]


def _readable(skeleton: Skeleton) -> tuple[str, ...] | None:
    """The laws a text may be read as without printing their heading (a law the skeleton knows only
    from a few facts is not among them); None for a skeleton of no law (any law: printed labels)."""
    return tuple(law for law in skeleton.laws if skeleton.can_infer(law)) if skeleton.laws else None


def _prepare(source: SourceText, profile: Profile, laws: Collection[str] | None) -> list[Block]:
    """The text's blocks, classified, debris marked, references found: what no skeleton changes
    (``laws``: of every skeleton it may be read against)."""
    blocks = mark_debris(classify_blocks(split_blocks(source, profile), profile), profile, laws)
    blocks = [
        replace(b, refs=_external_refs(b.text, profile))
        if b.kind in ("text", "point", "footnote", "heading")
        else b
        for b in blocks
    ]
    return table_rows(restart_runs(mark_repeats(blocks)))


def _external_refs(text: str, profile: Profile) -> tuple[str, ...]:
    """The targets of the references to other laws' units a text makes."""
    return tuple(r.target for r in find_refs(text, profile.lang, profile=profile) if r.kind == "external")


def _heading_key(text: str) -> str:
    return " ".join(re.findall(r"\w+", unicodedata.normalize("NFKC", text).casefold()))


def _headings_match(blocks: Sequence[Block], skeleton: Skeleton, law: str) -> bool:
    """Two headings or more of ``blocks`` print the reference's own heading labels of ``law``, word for
    word ("Claim Defined", "Concession Defined"): the text names its law by its headings."""
    labels = {_heading_key(u.heading) for u in skeleton.units if u.law == law and u.heading}
    return sum(1 for b in blocks if b.kind == "heading" and _heading_key(b.text) in labels) >= 2


def _block_refs(b: Block, profile: Profile) -> tuple[str, ...]:
    """The targets a block refers to: those :func:`_prepare` found in its text, else those of its
    raw text (a debris block's or a law heading's are not found there)."""
    return b.refs or _external_refs(b.raw, profile)


def _cited_laws(blocks: Sequence[Block], profile: Profile) -> frozenset[str]:
    """The laws the text refers to anywhere, its debris included ("see Law 70", "68B2")."""
    refs = (r for b in blocks for r in _block_refs(b, profile))
    return frozenset(m[0] for r in refs if (m := re.match(r"\d{1,3}", r)))


def _restricted(skeleton: Skeleton, laws: set[str]) -> Skeleton:
    """The skeleton with only ``laws`` (the laws every candidate knows), for comparing fits."""
    if set(skeleton.laws) <= laws:
        return skeleton
    return replace(
        skeleton,
        laws=tuple(law for law in skeleton.laws if law in laws),
        units=tuple(u for u in skeleton.units if u.law in laws),
    )


def _segment(
    source: SourceText,
    skeleton: Skeleton,
    profile: Profile | None,
    name: str | None,
    *,
    printed_only: bool = False,
    prepared: Sequence[Block] | None = None,
    encoder: TextEncoder | None = None,
    reader: RoleModel | None = None,
    rules: RuleConstants | None = None,
    law: str = "",
    declared: Collection[str] = (),
    cited: Collection[str] | None = None,
) -> tuple[Edition, float]:
    """Segment against one skeleton; returns the edition and the fit of the reading.

    With ``printed_only`` (an edition the tool does not know) a law with a printed heading gets the
    ids its printed labels give; the skeleton still places the laws the text prints no heading for.
    """
    edition, fit = _segment_or_fit(
        source,
        skeleton,
        profile,
        name,
        fit_only=False,
        printed_only=printed_only,
        prepared=prepared,
        encoder=encoder,
        reader=reader,
        rules=rules,
        law=law,
        declared=declared,
        cited=cited,
    )
    assert edition is not None
    check_units(edition)  # a unit of wrapped lines joined is capped like one line (lawalign.limits)
    return edition, fit


def _segment_or_fit(
    source: SourceText,
    skeleton: Skeleton,
    profile: Profile | None,
    name: str | None,
    *,
    fit_only: bool,
    contradictions: list[str] | None = None,
    printed_only: bool = False,
    prepared: Sequence[Block] | None = None,
    encoder: TextEncoder | None = None,
    reader: RoleModel | None = None,
    rules: RuleConstants | None = None,
    law: str = "",
    declared: Collection[str] = (),
    cited: Collection[str] | None = None,
) -> tuple[Edition | None, float]:
    """The edition and the fit of its reading against one skeleton; only the fit when ``fit_only``.

    ``contradictions`` (when given) receives what the text prints that the skeleton contradicts;
    ``prepared`` is the text's blocks from :func:`_prepare` (values: read, never changed), when the text is
    read against several skeletons; ``reader`` the fitted line reader weighing the rules' units
    (:func:`lawalign.structure.reader.weigh_units`; None: the rules alone); ``rules`` the rules'
    thresholds (None: the bundled ones); ``law`` the law of the text before its first law heading
    ("": as the skeleton places it); ``declared`` the laws the manifest says the text holds (a text
    without a law heading may be read as one of them); ``cited`` the laws the text refers to
    (:func:`_cited_laws` of ``prepared``; None: found here when a part of the text has no law heading).
    """
    rules = rules if rules is not None else bundled_constants()
    profile = profile or load_profile(source.lang)
    notices = list(source.notices)
    if profile.generic:
        notices.append(
            Notice("no-profile", f"no profile for language {source.lang!r}; generic rules used", source.path)
        )
    blocks = list(prepared) if prepared is not None else _prepare(source, profile, _readable(skeleton))
    if HEADING_MODEL and unlettered_headings(blocks):
        # the heading labels of the laws the text can be read as: those it prints, and those a text
        # without a law heading may be (the labels of the rest of the book would only blur the scale)
        readable = {b.law for b in blocks if b.kind == "law"} | {
            law for law in skeleton.laws if skeleton.can_infer(law)
        }
        blocks, trouble = with_heading_costs(blocks, _restricted(skeleton, readable), encoder)
        if trouble and not fit_only:
            notices.append(Notice("no-heading-model", trouble, source.path))

    segments = _cut_segments(blocks, law)
    assigned: dict[int, _Assigned] = {}
    laws: list[str] = []
    printed = [seg.law for seg in segments]
    hint = law_hint(source.path) if not any(printed) else None
    if cited is None:
        cited = _cited_laws(blocks, profile) if not all(seg.heading for seg in segments) else frozenset()
    fit = 0.0
    reading = _Reading()
    blocks, quotes = find_quotes(blocks, profile, skeleton, source)
    if quotes:  # a commentary page quoting the law: the cited paragraphs are law, the rest comment
        segments = []
        fit = QUOTE_FIT * len(quotes)
        for b in blocks:
            if b.index in quotes:
                uid, role = quotes[b.index]
                law = uid.law
                evidence = f"quoted on a commentary page where it is cited as {uid}"
                confidence = QUOTE_CONFIDENCE
                if b.quote_law:
                    evidence = f"quoted under a citation of Law {law} alone: its first paragraph"
                    confidence = LAW_ONLY_CONFIDENCE
                unit_role: UnitRole = role  # type: ignore[assignment]
                assigned[b.index] = _Assigned(uid, unit_role, law, True, confidence, evidence)
                if law not in laws:
                    laws.append(law)
            elif b.kind != "debris":
                reading.reasons[b.index] = "commentary"
    for k, seg in enumerate(segments):
        until = next((law for law in printed[k + 1 :] if law), None)
        law_assigned, gain = _assign_segment(
            seg,
            skeleton,
            source,
            notices,
            until,
            hint,
            printed={law for law in printed if law},
            cited=cited,
            declared=declared,
            fit_only=fit_only,
            contradictions=contradictions,
            printed_only=printed_only,
            rules=rules,
            reading=reading,
        )
        fit += gain
        assigned.update(law_assigned)
        for a in law_assigned.values():
            if a.law and a.law not in laws:
                laws.append(a.law)
    if fit_only:
        return None, fit
    if not quotes and not any(printed):
        # A page printing no law heading, whose title line names one law above an outline from
        # section A: read by that outline, unless the reference structure was fitted to that very law.
        # A fit to another law contradicts the page's own title ("Hypothetical 2017 Law 81 - The
        # Director" above A.-D. is not Law 70 because its outline resembles it).
        # A lead-in naming a section above points yields to any fit: a chapeau citing another law
        # ("Within the Correction Period of Law 79C a contestant may withdraw his agreement:").
        # Read against no reference (``lawalign skeleton``: printed labels only), a file's name is
        # no printed label: the law is given with --law instead.
        titled = _titled_outline(
            blocks, profile, reading, lead_in=not assigned, hint=hint if skeleton.laws else None
        )
        named = {a.law for a in titled.values()}
        if titled and (not assigned or {a.law for a in assigned.values()} != named):
            assigned, laws = titled, sorted(named)
    units = _build_units(blocks, assigned, source, reading)
    units = _tie_footnotes(units)
    if reader is not None and assigned:
        table = frozenset(i for b in blocks if b.table for i in range(b.first_line, b.last_line + 1))
        titles, trouble = title_agreement(units, encoder)
        if trouble:
            notices.append(Notice("no-title-model", trouble, source.path))
        units = weigh_units(units, source, profile, reader, table, titles)
        kept = {u.law for u in units if u.kind != "debris"}
        laws = [law for law in laws if law in kept]
    if not any(u.kind != "debris" for u in units):
        notices.append(_no_law(source, blocks, bool(assigned)))
        if reader is not None and not assigned:
            units = weigh_debris(units, source, profile, reader)
    units = list(source.removed) + units
    if reader is not None and assigned:
        # the confidence of an id reads the whole text, as the edition holds it
        units = with_confidence(units, reader)
    flagged = {k for k, u in enumerate(units) if u.kind != "debris" and u.confidence < REVIEW_CONFIDENCE}
    review = [units[k] for k in sorted(flagged)]
    if review:
        # by position, not ``u in review``: units compare by value, and that test is quadratic
        units = [
            replace(u, evidence=f"{u.evidence}; review: confidence below {REVIEW_CONFIDENCE}".lstrip("; "))
            if k in flagged
            else u
            for k, u in enumerate(units)
        ]
        notices.append(
            Notice(
                "low-confidence",
                f"{len(review)} id(s) below confidence {REVIEW_CONFIDENCE}, to review: "
                + ", ".join(f"{u.id} ({u.confidence:.2f})" for u in review),
                source.path,
                review[0].source.line_start,
            )
        )
    edition = Edition(
        name=name or Path(source.path).stem,
        path=source.path,
        lang=source.lang,
        units=tuple(units),
        encoding=source.encoding,
        media_type=source.media_type,
        source_edition=skeleton.edition,
        laws=tuple(laws),
        notices=tuple(notices),
    )
    return edition, fit


NO_LAW_CAUSE = "no recognizable law structure (no law heading, section label, numbered point or reference)"


def _no_law(source: SourceText, blocks: Sequence[Block], vetoed: bool) -> Notice:
    """The notice (logged at info level) of a text read without any law unit: every line of it is
    debris. A text that prints no law is read so rather than refused, and so is one the fitted reader
    reads as no law text: the two are one case, and a page whose law the rules cannot place keeps its
    other lines right as what they are."""
    first = next((b for b in blocks if b.kind != "debris"), None) or next(iter(blocks), None)
    line = source.lines[first.first_line].raw_line if first else 1
    what = "the fitted reader reads no law text in it" if vetoed else NO_LAW_CAUSE
    log.info("%s:%d:1: %s; %s", source.path, line, what, NO_LAW_CONSEQUENCE)
    return Notice(NO_LAW, f"{what}; {NO_LAW_CONSEQUENCE}", source.path, line)


def _titled_outline(
    blocks: list[Block],
    profile: Profile,
    reading: _Reading,
    *,
    lead_in: bool = True,
    hint: str | None = None,
) -> dict[int, _Assigned]:
    """A page without a law heading whose title line names one law and which then prints an outline
    of section letters from A on ("Laws of Duplicate Bridge - Law 16", "A. …", "1. …"), maybe after
    a lead-in that names no law; or (``lead_in``) a line naming one section of a law right above
    points from 1 ("LAW 45C states that a card must be played if:", "1. …"): ids from the printed
    labels, as for a law outside the skeleton, flagged for review (the law is read from the title,
    not from a law heading). Tried for a page that prints no law heading; the title line may have
    been set aside as navigation (a heading naming a law reads as a menu entry elsewhere).
    """
    body = [b for b in blocks if b.kind != "debris"]
    first = next((k for k, b in enumerate(body) if b.letter or b.kind in ("point", "footnote", "law")), None)
    if first is None:
        return {}
    at = blocks.index(body[first])
    before = [b for b in blocks[:at] if b.kind != "debris" or b.reason == "navigation"]
    letters = list(dict.fromkeys(b.printed_letter for b in body[first:] if b.printed_letter))
    section = ""
    if len(letters) >= 2 and letters[0] == "A" and all(ord(b) == ord(a) + 1 for a, b in pairwise(letters)):
        # the title is the last line before the outline that names a law, a lead-in between the two
        # ("Optreden en fatsoen (artikel 74 van de spelregels)", "The main points of it:", "A. …")
        named = [b for b in before if _cited_laws([b], profile)]
        title = named[-1] if named else None
        laws = _cited_laws([title], profile) if title is not None else frozenset()
        one_line = title is not None and "\n" not in title.raw.strip()
        if title is not None and len(laws) == 1 and one_line and not closes_sentence(title.raw):
            (law,) = laws
            evidence = f"no law heading printed; the page's title names Law {law}; its section letters follow"
        elif hint is not None:
            # no title names the law, but the file's name does ("…/law74.html")
            law = hint
            evidence = f"no law heading printed; the file's name names Law {law}; its section letters follow"
        else:
            return {}
    else:
        # a lead-in right above the points from 1 on, naming one section of one law, ending like a
        # title or in a colon ("LAW 45C states that a card must be played if:", "1. …", "2. …"); what
        # follows the run of points and sub-points is the page's own
        if letters or at == 0 or not lead_in:
            return {}
        lead = blocks[at - 1]
        laws = _cited_laws([lead], profile)
        sections = {m[1] for r in _block_refs(lead, profile) if (m := re.fullmatch(r"\d{1,3}([A-Z])", r))}
        points = list(takewhile(lambda b: b.kind == "point" or bool(b.sub), body[first:]))
        numbers = [b.number for b in points if b.kind == "point"]
        if len(laws) != 1 or len(sections) != 1 or numbers[:2] != [1, 2] or "\n" in lead.raw.strip():
            return {}
        if closes_sentence(lead.raw) and not lead.raw.rstrip().endswith(":"):
            return {}
        (law,), (section,) = laws, sections
        body = body[:first] + points
        evidence = f"no law heading printed; the line above names Law {law}{section} and its points follow"
    seg = _Segment(law=law, heading=None, blocks=body[first:])
    subs, body = _aligned_body(seg.blocks)
    out = _label_ids(seg, body, reading, section)
    _footnote_ids(seg, out)
    _placed_after(seg.blocks, subs, out, reading)
    return {
        k: replace(
            a,
            inferred=True,
            confidence=min(a.confidence, UNLABELLED_CONFIDENCE),
            evidence="; ".join(x for x in (evidence, a.evidence) if x),
        )
        for k, a in out.items()
    }


def law_hint(path: str) -> str | None:
    """The law a file's name points at ("law_71", "l68.html", "przep69.htm", "LOI70"), or None.

    A name part of letters and a one- or two-digit number is a slug; several different ones, or none,
    give no hint.

    >>> law_hint("pages/el-en-2017-hellasbridge-law71.txt"), law_hint("lovboka/70.htm")
    ('71', '70')
    >>> law_hint("corpus/raw/003_e30df247acf19ab2.txt") is None
    True
    """
    stem = Path(path).name
    found = {m[1].lstrip("0") for m in SLUG.finditer(stem) if int(m[1]) in BOOK_LAWS}
    return found.pop() if len(found) == 1 else None


def _cut_segments(blocks: list[Block], law: str = "") -> list[_Segment]:
    segments: list[_Segment] = []
    current = _Segment(law=law, heading=None)
    for b in blocks:
        if b.kind == "law":
            if current.heading is not None or current.blocks:
                segments.append(current)
            current = _Segment(law=b.law, heading=b)
        elif b.kind == "heading" and b.law and b.law != current.law:
            # "70 C. There Is an Outstanding Trump": a section heading that names its law
            if current.heading is not None or current.blocks:
                segments.append(current)
            current = _Segment(law=b.law, heading=None, blocks=[b])
        elif b.kind == "debris" and b.extract:
            # "Law 70.A. should also be consulted:": another extract of the cited law follows
            if current.heading is not None or current.blocks:
                segments.append(current)
            current = _Segment(law=b.extract, heading=None)
        elif b.kind != "debris":
            current.blocks.append(b)
    if current.heading is not None or current.blocks:
        segments.append(current)
    return segments


def _body_units(skeleton: Skeleton, laws: list[str], *, notes: bool = True) -> list[SkeletonUnit]:
    """The body units of ``laws``, with an optional sub-heading before every point that has none.

    Some printings give points headings of their own ("1. Failed to Mention Trump" above 70C1) where
    the reference has none; such a numbered heading is read as the point's ``.title``
    (:func:`lawalign.structure.ids.optional_heading`: missing it costs nothing). Without ``notes``
    the footnotes are left out (the text prints its footnotes with their marks: they get their ids
    from those, and no unmarked paragraph is read as one).
    """
    out: list[SkeletonUnit] = []
    roles = BODY_ROLES if notes else tuple(r for r in BODY_ROLES if r != "footnote")
    for law in laws:
        units = [u for u in skeleton.law_units(law) if u.role in roles]
        for k, u in enumerate(units):
            titled = k > 0 and units[k - 1].role == "heading" and units[k - 1].point == u.point
            if u.role == "point" and not titled:
                title = UnitId.of(u.law, u.section, u.point, "title")
                out.append(SkeletonUnit(title, "heading", u.law, u.section, u.point))
            out.append(u)
    return out


def _law_ranges(skeleton: Skeleton, first: str | None, until: str | None) -> list[list[str]]:
    """Candidate runs of consecutive skeleton laws a segment may hold.

    A segment under a printed heading holds that law and possibly following laws whose heading was
    lost (up to the next printed law, and only the laws that follow it in the book: 69 after 68, never
    79 after 71); a segment without a heading may start at any law.
    """
    laws = list(skeleton.laws)
    starts = (
        [laws.index(first)]
        if first is not None and first in laws
        else ([] if first else [k for k, law in enumerate(laws) if skeleton.can_infer(law)])
    )
    out = []
    for a in starts:
        for b in range(a, len(laws)):
            if until is not None and laws[b] == until:
                break
            if b > a and not _next_law(laws[b - 1], laws[b]):
                break  # a lost heading hides the next law of the book, not one the skeleton skips to
            out.append(laws[a : b + 1])
    return out


def _next_law(law: str, following: str) -> bool:
    """``following`` is the law right after ``law`` in the book ("69" after "68")."""
    return law.isdigit() and following.isdigit() and int(following) == int(law) + 1


def _assign_segment(
    seg: _Segment,
    skeleton: Skeleton,
    source: SourceText,
    notices: list[Notice],
    until: str | None,
    hint: str | None = None,
    *,
    printed: Collection[str] = (),
    cited: Collection[str] = (),
    declared: Collection[str] = (),
    fit_only: bool = False,
    contradictions: list[str] | None = None,
    printed_only: bool = False,
    rules: RuleConstants,
    reading: _Reading,
) -> tuple[dict[int, _Assigned], float]:
    """Ids of one law segment's blocks, and the fit of the reading (0.0 for laws outside the skeleton).

    The fit is the alignment's gain over placing nothing plus the weight of the printed outline
    (:func:`lawalign.structure.outline.outline_evidence`); what the outline contradicts is added to
    ``contradictions``. A segment without a law heading is read as a law only when that law fits by at
    least the margin of ``rules`` better than the next (``rules``, :meth:`RuleConstants.margin_for`).
    """
    subs, body = _aligned_body(seg.blocks)
    notes = not any(b.kind == "footnote" for b in seg.blocks)  # marked footnotes name themselves
    # A heading with nothing after it introduces nothing: a site link or menu entry below the law.
    while body and body[-1].kind == "heading" and not body[-1].letter and len(body) > 1:
        reading.reasons[body.pop().index] = "navigation"
    out: dict[int, _Assigned] = {}
    law_confidence = 1.0
    law_evidence = ""
    if seg.heading is not None:
        out[seg.heading.index] = _Assigned(
            UnitId.of(seg.law, suffix="title"), "law-title", seg.law, False, 1.0, ""
        )
    candidates = (
        [] if printed_only and seg.heading is not None else _law_ranges(skeleton, seg.law or None, until)
    )

    if not candidates:  # a law outside the skeleton: ids come from the printed labels
        if fit_only or not seg.law:
            return out, 0.0  # no law named and none the skeleton can place: unplaced debris
        out.update(_label_ids(seg, body, reading))
        _footnote_ids(seg, out)
        _placed_after(seg.blocks, subs, out, reading)
        return out, 0.0

    # Each law a segment spans beyond its first means a law heading the edition lost: that costs.
    scored = []
    for laws in candidates:
        units = _body_units(skeleton, laws, notes=notes)
        total = solve_cost(body, units) + HIDDEN_LAW_COST * (len(laws) - 1)
        gain = baseline_cost(units, len(body)) - total
        if seg.heading is None and hint is not None and laws[0] == hint:
            gain += SLUG_BONUS
        scored.append((gain, laws))
    scored.sort(key=lambda t: -t[0])
    gain, laws = scored[0]
    if seg.heading is None:
        # Before a printed law heading, citations alone are no structure: a page's introduction
        # talks about the law it then prints ("The relevant law is Law 70.").
        cites = until is None
        structural = [
            b for b in seg.blocks if b.kind in ("point", "footnote") or b.letter or (cites and b.refs)
        ]
        # Numbered paragraphs and citations alone, with no law heading, no section letter printed,
        # no outline of headings, no footnote and no file name pointing at the law, are a club's or
        # a forum's numbered notes far more often than the Laws.
        shows_outline = (
            seg.law
            or any(b.printed_letter for b in seg.blocks)
            or sum(1 for b in seg.blocks if b.kind == "heading") >= MIN_OUTLINE_HEADINGS
            or any(b.kind == "footnote" for b in seg.blocks)
            or (hint is not None and hint == laws[0])
        )
        if not body or not structural or not shows_outline or gain < MIN_GAIN_PER_BLOCK * len(body):
            return out, 0.0  # no law here: its blocks are recorded as unplaced debris
    # The printed outline of each law the segment holds. A law whose heading was lost gets its blocks
    # as the alignment places them, and no credit for the labels that agree there, only blame for the
    # ones that do not: a reading must not gain by inventing lost laws to put labels in.
    block_laws = (
        solve_laws(body, _body_units(skeleton, laws, notes=notes)) if len(laws) > 1 else [laws[0]] * len(body)
    )
    for k, law in enumerate(laws):
        outline = outline_evidence(
            [b for b, bl in zip(body, block_laws, strict=True) if bl == law], skeleton, law
        )
        gain += OUTLINE_WEIGHT * (outline.score if k == 0 else -len(outline.disagree))
        if contradictions is not None:
            contradictions.extend(outline.disagree)
    rival = next((g for g, ls in scored[1:] if ls[0] != laws[0]), 0.0)
    # how the page points at the law: its file name, that law's heading printed elsewhere, or the next
    # law's heading right after it (a page that starts inside the law before it); "" when it does not
    points_at = (
        " and the file name points at it"
        if hint == laws[0]
        else " and the page prints its heading elsewhere"
        if laws[0] in printed
        else " and the next law's heading follows it"
        if until is not None and _next_law(laws[-1], until)
        else " and the manifest declares it"
        if laws[0] in declared
        else " and the page cites it"
        if laws[0] in cited
        else " and its headings are the law's"
        if _headings_match(seg.blocks, skeleton, laws[0])
        else ""
    )
    footnoted = any(b.kind == "footnote" for b in seg.blocks)  # a marked footnote: a law's, or a page's
    need = rules.margin_for(named=bool(points_at), footnoted=footnoted)
    if seg.heading is None and (need is None or gain - rival < need):
        return out, 0.0  # several laws fit about as well: commentary shaped like a law, no law
    if fit_only:
        return out, gain
    _, matches = assign_ids(body, _body_units(skeleton, laws, notes=notes))
    if len(laws) > 1:
        line = source.lines[body[0].first_line].raw_line if body else 1
        notices.append(
            Notice(
                "law-heading-missing",
                f"laws {', '.join(laws[1:])} found without a printed heading",
                source.path,
                line,
            )
        )
    if seg.heading is None:
        margin = gain - rival
        law_confidence = margin_confidence(margin, LAW_MARGIN_CONFIDENCE_RATE)
        printed_letters = any(b.printed_letter for b in seg.blocks)
        headings = sum(1 for b in seg.blocks if b.kind == "heading")
        if not any(b.letter or b.number or b.kind == "footnote" for b in seg.blocks) or (
            not printed_letters and headings < MIN_OUTLINE_HEADINGS
        ):
            # no law heading and no printed label at all, or numbered paragraphs without a section
            # letter or an outline of headings: a reading by position only, as prose commentary
            # around a quoted paragraph, or a club's numbered notes, would also give
            law_confidence = min(law_confidence, UNLABELLED_CONFIDENCE)
        slug = points_at or (" and a footnote is marked in it" if footnoted else "")
        law_evidence = (
            f"no law heading printed; the paragraphs fit the reference structure of Law {laws[0]} best{slug} "
            f"(gain {gain:.2f}, {margin:.2f} over the next law)"
        )
        line = source.lines[body[0].first_line].raw_line
        notices.append(Notice("law-inferred", f"law {laws[0]} inferred: {law_evidence}", source.path, line))

    # An extract (no law heading) that prints section letters: unlabelled paragraphs after its last
    # labelled one that would fall in a section it never printed are the page's text after the extract.
    letters = {b.letter for b in body if b.letter}
    labelled = [k for k, b in enumerate(body) if b.letter or b.number]
    if seg.heading is None and letters and labelled:
        matches = [
            Match(m.block, None, 0.0, "after the printed sections", 0.0)
            if m.unit is not None
            and m.block > labelled[-1]
            and (
                (m.unit.section and m.unit.section not in letters)
                # the law's footnote read from an unlabelled paragraph that does not cite as it does
                or (m.unit.role == "footnote" and not cites_as(body[m.block], m.unit))
            )
            and not (body[m.block].letter or body[m.block].number)
            else m
            for m in matches
        ]
    placed = [m.block for m in matches if m.unit is not None]
    printed_section = ""
    above: SkeletonUnit | None = None
    for m in matches:
        b = body[m.block]
        if m.unit is not None and m.unit is above:
            reading.continues.add(
                b.index
            )  # the paragraph above goes on on this line (ids.continued_sentences)
        above = m.unit
        if m.unit is None and placed and not placed[0] < m.block < placed[-1] and not (b.letter or b.number):
            # before the law's first or after its last placed paragraph: page text around the law
            reading.reasons[b.index] = (
                "navigation"
                if b.kind == "heading" or not b.sentences or not closes_sentence(b.text)
                else "commentary"
            )
            continue
        if m.unit is None:
            out[b.index] = _extra_id(b, out, body, m, laws[0], printed_section)
            continue
        u = m.unit
        # Which parts of the id did the edition print? The law (heading), the section (a printed
        # letter on this block or on the heading that governs it), the point number.
        if u.role == "heading":
            printed_section = u.section if b.printed_letter else ""
        law_printed = seg.heading is not None and u.law == seg.law
        # a letter read from a numbered list ("3." as section C) was not printed
        printed_letter = b.letter == u.section and not b.letter_inferred
        section_printed = not u.section or printed_letter or printed_section == u.section
        # a paragraph read as a point whose number it does not print ("70B3" for B's one paragraph)
        point_printed = not u.point or b.number == u.point
        inferred = not (law_printed and section_printed and point_printed)
        confidence = m.confidence if inferred else 1.0
        if seg.heading is None:
            confidence = min(confidence, law_confidence)
        evidence = m.evidence if inferred else ""
        if seg.heading is None:
            evidence = law_evidence + "; " + evidence
        if inferred and m.margin < AMBIGUOUS_MARGIN:
            notices.append(
                Notice(
                    "ambiguous-label",
                    f"{u.id}: {m.evidence}",
                    source.path,
                    source.lines[b.first_line].raw_line,
                )
            )
        role: UnitRole = u.role  # type: ignore[assignment]
        out[b.index] = _Assigned(u.id, role, u.law, inferred, confidence, evidence)
    _footnote_ids(
        seg, out, law_inferred=seg.heading is None, confidence=law_confidence, evidence=law_evidence
    )
    _placed_after(seg.blocks, subs, out, reading)
    return out, gain


def _aligned_body(blocks: Sequence[Block]) -> tuple[set[int], list[Block]]:
    """The sub-points of ``blocks`` and the body their ids are read on: sub-points ("(a) …" under a
    point) and a table's rows take their ids after the alignment (:func:`_placed_after`), from the
    paragraph above them; footnotes name themselves."""
    subs = _subpoints(blocks)
    return subs, [b for b in blocks if b.kind != "footnote" and b.index not in subs and not b.table]


def _placed_after(
    blocks: Sequence[Block], subs: set[int], out: dict[int, _Assigned], reading: _Reading
) -> None:
    """Ids of what :func:`_aligned_body` set aside, from the ids of the paragraphs above it."""
    _subpoint_ids(blocks, subs, out, reading)
    _table_ids(blocks, out, reading)


def _subpoints(blocks: Sequence[Block]) -> set[int]:
    """The sub-point paragraphs ("(a) …", "(b) …") right after a numbered point or another of them."""
    out: set[int] = set()
    prev: Block | None = None
    for b in blocks:
        if b.kind == "debris":
            continue
        if b.sub and b.kind != "point" and prev is not None and (prev.kind == "point" or prev.index in out):
            out.add(b.index)
        prev = b
    return out


def _subpoint_ids(
    blocks: Sequence[Block], subs: set[int], out: dict[int, _Assigned], reading: _Reading
) -> None:
    """A sub-point's id is its point's with the printed letter: "(a)" under 16B1 is 16B1a (role
    ``sub-point``); under a point straight under a law (71.1) it goes on as that point's text. A
    point printed with its first sub-point's label ("1. (a) …") is that sub-point (16B1a)."""

    def sub_of(point: _Assigned, sub: str, heading: bool = False) -> _Assigned | None:
        uid = point.id
        if uid.section and uid.point and not uid.suffix and not uid.sub:
            if heading:  # "(a) When to Summon": the sub-point's own heading, 9B1a.title
                return replace(point, id=uid.with_parts(sub=sub, suffix="title"), role="heading")
            return replace(point, id=uid.with_parts(sub=sub), role="sub-point")
        return None

    last = max((b.index for b in blocks if b.kind != "debris"), default=-1)
    point: _Assigned | None = None
    for b in blocks:
        if b.index in subs:
            if point is None:
                continue
            # a heading with nothing after it is a sub-point's text cut short ("b. S")
            heading = b.kind == "heading" and b.index != last
            if (sub := sub_of(point, b.sub, heading)) is not None:
                out[b.index] = sub
            else:
                reading.continues.add(b.index)
                out[b.index] = point
        elif b.index in out:
            a = out[b.index]
            point = a if a.role == "point" and not a.id.sub else None
            if point is not None and b.sub and (sub := sub_of(point, b.sub)) is not None:
                out[b.index] = sub


def _table_ids(blocks: Sequence[Block], out: dict[int, _Assigned], reading: _Reading) -> None:
    """A table's rows (``Block.table``) go on in the unit of the paragraph above them, the one that
    announces the table ("… are designated as follows:"), when that paragraph has an id."""
    prev: _Assigned | None = None
    for b in blocks:
        if b.table:
            if prev is not None:
                reading.continues.add(b.index)
                out[b.index] = prev
        elif b.kind != "debris":
            prev = out.get(b.index)


def _extra_id(
    b: Block, out: dict[int, _Assigned], body: list[Block], m: Match, law: str, section: str
) -> _Assigned:
    """An id for a block the reference has no place for: from its printed label, or ``<law>.x<n>``."""
    prev = [out[x.index] for x in body if x.index < b.index and x.index in out]
    last = prev[-1] if prev else None
    law = last.law if last else law
    sec = ""
    if last is not None:
        sec = last.id.section
    n = sum(1 for a in out.values() if a.id.is_extra) + 1
    if b.kind == "point":
        uid = UnitId.of(law, sec, b.number)
        # the section's points so far: a number far beyond them ("68." under 69B) is no point of it
        top = max((a.id.point for a in prev if a.id.section == sec), default=0)
        if any(a.id == uid for a in out.values()) or b.number > top + MAX_POINT_GAP:
            uid = UnitId.of(law, sec, suffix=f"x{n}")
    elif b.kind in ("heading", "text") and b.letter:
        uid = UnitId.of(law, b.letter, suffix="title" if b.kind == "heading" else "")
        if any(a.id == uid for a in out.values()):
            uid = UnitId.of(law, sec, suffix=f"x{n}")
    else:
        uid = UnitId.of(law, sec, suffix=f"x{n}")
    role: UnitRole = "heading" if b.kind == "heading" else ("point" if b.kind == "point" else "section")
    evidence = "not in the reference structure; id from its printed label and position"
    return _Assigned(uid, role, law, True, EXTRA_ID_CONFIDENCE, evidence)


def _label_ids(
    seg: _Segment, body: list[Block], reading: _Reading, section: str = ""
) -> dict[int, _Assigned]:
    """Ids of a law the skeleton does not know, from printed labels and numbering restarts (``section``:
    the section the text starts in, when a line above it named one)."""
    law = seg.law
    out: dict[int, _Assigned] = {}
    sec_inferred = False
    has_points = has_text = numbered = False
    seen: set[str] = set()
    extra_from: dict[UnitId, int] = {}  # an id's last extra number ("68A.x7": 7)

    def next_letter() -> str:
        """The section after the current one; past "Z" (a law printed many times over, read as one
        law) there is no letter left, and the section stays "Z": its units become extra ids."""
        if not section:
            return "A"
        return chr(ord(section) + 1) if section < "Z" else section

    def next_point() -> int:
        """The number after the highest point read so far in the current section."""
        points = (a.id.point for a in out.values() if a.id.section == section and a.id.point)
        return 1 + max(points, default=0)

    # Points straight under a law are "71.1"; but when point numbering restarts and no section is
    # printed, each run of points is read as a section of its own (A, B, ...), as a reader would.
    numbers = [b.number for b in body if b.kind == "point"]
    restarts = any(later == 1 and earlier >= 1 for earlier, later in pairwise(numbers))
    lettered = any(b.letter or b.kind == "heading" for b in body)
    runs_are_sections = restarts and not lettered
    # A law that prints its section letters names its sections: an unlettered heading inside a
    # printed section is a point's own heading whose number was not printed (1997 Laws: "A. Calling
    # Attention to an Irregularity", "During the Auction Period", text), not a section whose letter
    # was lost, which would shift every printed letter after it ("B." read as a section "C")
    letters_printed = any(b.letter for b in body)
    outlined = lettered or bool(numbers)
    prev_index = -1
    headed_point = 0  # the point whose own sub-heading was printed last ("1. When Such … Is Given")
    number_inferred = False  # that sub-heading printed no number: its point's number is inferred
    point = 0  # the point read last (headed or numbered), whose sub-points "(a)" follow
    headed_sub = ""  # the sub-point whose own heading was printed last ("(a) When to Summon")
    role: UnitRole

    bulleted = ""  # the glyph of the list whose items are being read as points ("·")
    for k, b in enumerate(body):
        guessed = False  # the id's point number is inferred (its sub-heading printed none)
        if bulleted and not _listed(b, k, body, bulleted):
            bulleted = ""  # the list ended
        if b.kind == "heading" and b.sub and not b.letter and section and point:
            # a sub-point's own heading under a point (1997 Laws: "1. Summoning the Director",
            # "(a) When to Summon", text): 9B1a.title, and the text under it is the sub-point 9B1a
            headed_point, headed_sub = point, b.sub
            uid, role = UnitId.of(law, section, point, sub=b.sub, suffix="title"), "heading"
        elif headed_sub and b.kind == "text" and not b.letter and not b.sub:
            uid, role = UnitId.of(law, section, headed_point, sub=headed_sub), "sub-point"
        elif b.kind == "heading" and b.number and not b.letter and section:
            # a numbered heading inside a lettered section is its point's own heading (1997 Laws:
            # "A. Extraneous Information from Partner", "1. When Such Information Is Given", text):
            # 16A1.title, and the text under it is the point 16A1
            headed_point, has_points, numbered, number_inferred = b.number, True, True, False
            point, headed_sub = b.number, ""
            uid, role = UnitId.of(law, section, b.number, suffix="title"), "heading"
        elif b.kind == "heading" and not b.letter and section and letters_printed and not sec_inferred:
            # the next point's heading, its number not printed: 16A1.title, the text under it 16A1
            headed_point, has_points, number_inferred = next_point(), True, True
            point, headed_sub = headed_point, ""
            uid, role, guessed = UnitId.of(law, section, headed_point, suffix="title"), "heading", True
        elif headed_point and b.kind == "text" and not b.letter and not b.sub:
            uid, role, guessed = UnitId.of(law, section, headed_point), "point", number_inferred
        elif section and not numbered and _listed(b, k, body, bulleted):
            # a list whose numbers were lost ("·", "•" before each item), under a section's heading
            # or its chapeau ending in ":": its items are the section's points in order, 74B1, 74B2
            bulleted = b.raw.lstrip()[:1]
            point, headed_point, headed_sub, has_points = next_point(), 0, "", True
            uid, role, guessed = UnitId.of(law, section, point), "point", True
        elif b.kind == "heading" or (b.kind == "text" and b.letter):
            headed_point, point, headed_sub = 0, 0, ""
            if b.letter:
                section, sec_inferred = b.letter, False
            else:
                section, sec_inferred = next_letter(), True
            # a section's own text ("A. Players' information:", a chapeau) counts as content for
            # the paragraph after it (a wrap), but it numbers no point: its "1." stays in it
            has_points = has_text = b.kind == "text"
            numbered = False
            uid = UnitId.of(law, section, suffix="title") if b.kind == "heading" else UnitId.of(law, section)
            role = "heading" if b.kind == "heading" else "section"
        elif b.kind == "point":
            headed_point, point, headed_sub = 0, b.number, ""
            if b.number == 1 and (numbered or (runs_are_sections and not section)):
                section, sec_inferred, has_text = next_letter(), True, False
            has_points = numbered = True
            uid = UnitId.of(law, section, b.number)
            role = "point"
        elif not section and has_text and not outlined and b.kind == "text" and prev_index in out:
            # a law without sections or points: its paragraphs are its one text (12.intro goes on)
            reading.continues.add(b.index)
            # read by position only (a page's own text after a law heading reads so too): for review
            out[b.index] = replace(
                out[prev_index],
                inferred=True,
                confidence=min(out[prev_index].confidence, UNLABELLED_CONFIDENCE),
                evidence="the law's text goes on (no sections printed); placed by position only",
            )
            prev_index = b.index
            continue
        elif not section:
            uid, role = (
                (UnitId.of(law, suffix="intro"), "intro")
                if not has_text
                else (UnitId.of(law, suffix="x1"), "section")
            )
            has_text = True
        elif has_points:
            uid, role = UnitId.of(law, section, suffix="wrap"), "wrap"
        elif has_text:
            uid, role = UnitId.of(law, section, suffix="x1"), "section"
        else:
            uid, role = UnitId.of(law, section), "section"
            has_text = True
        base = uid
        if uid in seen:
            # "68A" again is "68A.x2", "68.x1" again "68.x2", "69B.wrap" again "69B.x2": a unit the
            # reference has no place for. The search for a free number goes on from where the last
            # one for this id stopped (every lower one is taken): a law printed hundreds of times over
            # searched from x2 each time, quadratic in the copies
            k = extra_from.get(base, 1)
            while uid in seen:
                k += 1
                uid = base.with_parts(sub="", suffix=f"x{k}")
            extra_from[base] = k
        seen.add(uid)
        # one more paragraph under a section that has its text already, or a bulleted one after the
        # points (the Laws print no bullets), is placed by position only: likely a note the page added
        # (a heading or wrap printed again keeps the confidence of its printed label)
        placed = (uid.is_extra and (not base.suffix or base.is_extra)) or (
            role == "wrap" and b.raw.lstrip()[:1] in BULLET_GLYPHS
        )
        out[b.index] = _Assigned(
            uid,
            role,
            law,
            sec_inferred or placed or guessed,
            INFERRED_SECTION_CONFIDENCE
            if sec_inferred
            else UNLABELLED_CONFIDENCE
            if placed or guessed
            else 1.0,
            "section letter inferred from a restart of point numbering"
            if sec_inferred
            else "placed after the printed labels by position only"
            if placed
            else "point number inferred: a list item printed without its number, under a printed section"
            if guessed and bulleted
            else "point number inferred: its sub-heading prints none, in a section whose letter is printed"
            if guessed
            else "",
        )
        prev_index = b.index
    return out


def _listed(b: Block, k: int, body: Sequence[Block], bulleted: str) -> bool:
    """Block ``k`` of ``body`` is an item of a list whose numbers were lost: an unlabelled paragraph
    starting with a bullet glyph (not a dash: pages that dash every paragraph print their labels after
    it), the next item of the list being read (``bulleted``: its glyph), or the first of two items or
    more right under a heading or a paragraph ending in a colon."""
    glyph = b.raw.lstrip()[:1]
    if b.kind != "text" or b.letter or b.number or b.sub or glyph not in BULLET_GLYPHS:
        return False
    if bulleted:
        return glyph == bulleted
    prev = body[k - 1] if k else None
    after = body[k + 1] if k + 1 < len(body) else None
    opens = prev is not None and (prev.kind == "heading" or prev.raw.rstrip().endswith(":"))
    return opens and after is not None and after.kind == "text" and after.raw.lstrip()[:1] == glyph


def _footnote_ids(
    seg: _Segment,
    out: dict[int, _Assigned],
    *,
    law_inferred: bool = False,
    confidence: float = 1.0,
    evidence: str = "",
) -> None:
    """Footnotes: the k-th distinct footnote of a law is ``<law>.fn<k>`` ("[2]" is fn2)."""
    current_law = seg.law
    counters: dict[str, int] = {}
    for b in seg.blocks:
        if b.index in out and b.kind != "footnote":
            current_law = out[b.index].law or current_law
            continue
        if b.kind != "footnote" or not current_law:
            continue
        # "[2]" and "²" are both fn2: digit values, since int() refuses superscript digits
        digits = "".join(str(unicodedata.digit(ch)) for ch in b.marker if ch.isdigit())
        k = int(digits) if digits else counters.get(current_law, 0) + 1
        counters[current_law] = max(k, counters.get(current_law, 0))
        out[b.index] = _Assigned(
            UnitId.of(current_law, suffix=f"fn{k}"),
            "footnote",
            current_law,
            law_inferred,
            confidence,
            evidence,
        )


def _build_units(
    blocks: list[Block], assigned: dict[int, _Assigned], source: SourceText, reading: _Reading
) -> list[Unit]:
    units: list[Unit] = []
    debris_n = 0
    law = ""
    for b in blocks:
        src = source.source_of(b.first_line, b.last_line)
        a = assigned.get(b.index)
        prev = units[-1] if units else None
        if (
            a is not None
            and b.index in reading.continues
            and prev is not None
            and prev.id == a.id
            and prev.span
        ):
            # the paragraph above goes on on this line (structure/ids.py: continued_sentences)
            start = prev.span[0]
            units[-1] = replace(
                prev,
                text=prev.text + source.text[prev.span[1] : b.end],
                source=replace(src, line_start=prev.source.line_start, page=prev.source.page),
                span=(start, b.end),
                confidence=round(min(prev.confidence, a.confidence), 3),
            )
            continue
        if a is not None:
            law = a.law
            kind: UnitKind = {"law-title": "title", "heading": "title", "footnote": "footnote"}.get(
                a.role, "text"
            )  # type: ignore[assignment]
            units.append(
                Unit(
                    id=a.id,
                    kind=kind,
                    role=a.role,
                    lang=source.lang,
                    law=a.law,
                    text=b.text,
                    source=src,
                    label=b.label,
                    heading=b.text if a.role in ("law-title", "heading") else "",
                    inferred=a.inferred,
                    confidence=round(a.confidence, 3),
                    evidence=a.evidence,
                    markers=b.markers,
                    span=(b.start, b.end),
                )
            )
            continue
        debris_n += 1
        # every debris rule names its reason (the reading's last); the rest was never placed
        reason = reading.reasons.get(b.index, b.reason) or "unplaced"
        dup = (
            assigned[b.duplicate_of].id if b.duplicate_of is not None and b.duplicate_of in assigned else None
        )
        units.append(
            Unit(
                id=DebrisId.of(debris_n),
                kind="debris",
                role="debris",
                lang=source.lang,
                law=law,
                text=b.raw,
                source=src,
                reason=reason,
                duplicate_of=dup,
                evidence=_debris_evidence(reason, dup),
                span=(b.start, b.end),
            )
        )
    return units


def _debris_evidence(reason: str, dup: str | None) -> str:
    return {
        "separator": "a rule of dashes separating the footnote area",
        "chrome": "matches the language profile's list of web-page chrome",
        "print-mark": "a printer's slug line (the layout file's name) left in the page's text layer",
        "unplaced": "text outside any recognizable law",
    }.get(reason, f"repeats {dup}" if dup else reason)


def _tie_footnotes(units: list[Unit]) -> list[Unit]:
    """Set each footnote's anchor (first unit of its law carrying a matching marker) and back-links."""
    anchors: dict[UnitId | DebrisId, UnitId | None] = {}
    for fn in units:
        if fn.kind != "footnote":
            continue
        marker = fn.label
        digits = "".join(ch for ch in marker if ch.isdigit())
        anchor = None
        for u in units:
            if u.uid is None or u.kind == "footnote" or u.law != fn.law:
                continue
            if any(_same_marker(m, marker, digits) for m in u.markers):
                anchor = u.uid
                break
        anchors[fn.id] = anchor
    out = []
    for u in units:
        if u.kind == "footnote":
            out.append(replace(u, anchor=anchors.get(u.id)))
        elif u.markers and u.kind != "debris":
            fns = tuple(
                fid
                for fid, fn in ((f.uid, f) for f in units if f.kind == "footnote" and f.law == u.law)
                if fid is not None
                and any(
                    _same_marker(m, fn.label, "".join(c for c in fn.label if c.isdigit())) for m in u.markers
                )
            )
            out.append(replace(u, footnotes=fns))
        else:
            out.append(u)
    return out


def _same_marker(in_text: str, printed: str, digits: str) -> bool:
    if digits:
        return "".join(c for c in in_text if c.isdigit()) == digits
    return in_text.strip() == printed.strip()


def segment_editions(
    source: SourceText,
    *,
    name: str | None = None,
    edition: str | None = None,
    skeletons: Sequence[Skeleton] | None = None,
    encoder: TextEncoder | None = None,
    data_dir: Path | None = None,
    reader: RoleModel | None = None,
    rules: RuleConstants | None = None,
    declared: Collection[str] = (),
) -> tuple[tuple[Edition, EditionChoice], ...]:
    """Every edition a text holds: one per language of a bilingual page, else one.

    The first edition is named ``name`` (default: the file stem) and has the page's main language; a
    second language's edition is named ``<name>.<lang>``. Each is segmented with :func:`segment_best`
    (``encoder``: the run's embedder, for unlettered headings) under its language's profile (of the
    ``--data`` folder ``data_dir`` before the bundled ones), its units weighed by ``reader`` (the
    fitted line reader; None: the rules alone) and the rules' thresholds ``rules`` (None: the bundled
    ones); ``declared``: the laws the manifest says the text holds.
    """
    from lawalign.ingest.bilingual import split_languages

    stem = name or Path(source.path).stem
    return tuple(
        segment_best(
            part,
            skeletons,
            edition,
            name=stem if k == 0 else f"{stem}.{part.lang}",
            profile=load_profile(part.lang, data_dir),
            encoder=encoder,
            reader=reader,
            rules=rules,
            declared=declared,
        )
        for k, part in enumerate(split_languages(source, data_dir))
    )
