"""``find_divergences``: run the rules over editions (and their alignment) and merge the findings."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path

from lawalign.diff.context import DiffContext
from lawalign.diff.findings import sort_findings
from lawalign.diff.rules import get_rules
from lawalign.diff.termbase import Termbase
from lawalign.errors import ConfigError
from lawalign.ingest.profiles import Profile, load_profile
from lawalign.models import UNKNOWN_EDITION, Alignment, Edition, Finding, like_with_like
from lawalign.structure.order import common_skeleton
from lawalign.structure.skeleton import Skeleton

log = logging.getLogger(__name__)

# Statistical findings folded into an omission/addition of the same unit and language: one problem,
# one finding (the statistic goes into the kept finding's detail).
FOLDED = {"length", "drift"}
FOLD_INTO = {"omission", "addition"}


def _default_skeleton(editions: Sequence[Edition]) -> Skeleton | None:
    found = common_skeleton(editions)
    if found is None:
        log.info("no single reference skeleton; structure checks use the editions only")
    return found


def _fold(findings: list[Finding]) -> list[Finding]:
    anchors = {(f.lang, f.unit): i for i, f in enumerate(findings) if f.type in FOLD_INTO}
    kept: list[Finding] = list(findings)
    drop: set[int] = set()
    for i, f in enumerate(findings):
        j = anchors.get((f.lang, f.unit))
        if f.type in FOLDED and j is not None:
            detail = dict(kept[j].detail)
            detail[f"{f.type}-z"] = f.detail.get("z", "")
            kept[j] = replace(kept[j], detail=detail)
            drop.add(i)
    return [f for i, f in enumerate(kept) if i not in drop]


def find_divergences(
    editions: Sequence[Edition],
    alignment: Alignment | None = None,
    *,
    skeleton: Skeleton | None = None,
    rules: Iterable[str] | None = None,
    termbases: Mapping[str, Termbase] | None = None,
    profiles: Mapping[str, Profile] | None = None,
) -> list[Finding]:
    """Typed, located findings of where editions diverge from each other and from the reference.

    Args:
        editions: segmented editions (any number, any languages).
        alignment: their alignment; rules that need sentence beads or similarities (drift, sentence
            evidence) do without when it is None.
        skeleton: the reference structure; by default the bundled skeleton of the editions' common
            ``source_edition`` (none when they differ).
        rules: names of the rules to run (default: all; see :data:`lawalign.diff.rules.RULES`).
        termbases: language → the run's termbase (default: the bundled ones).
        profiles: language → the run's language profile (default: the bundled ones).

    Returns:
        Findings sorted deterministically (unit in law order, severity, type, language, key).

    Raises:
        ConfigError: a rule name is unknown (the message lists the valid ones).
    """
    selected = get_rules(rules)
    ctx = DiffContext(
        editions,
        alignment,
        skeleton if skeleton is not None else _default_skeleton(editions),
        termbases=dict(termbases or {}),
        profiles=dict(profiles or {}),
    )
    findings: list[Finding] = []
    for name, rule in selected.items():
        found = rule(ctx)
        log.debug("rule %s: %d finding(s)", name, len(found))
        findings.extend(found)
    return sort_findings(_fold(findings))


def _links_among(alignment: Alignment | None, langs: set[str]) -> Alignment | None:
    """The alignment restricted to links between languages of ``langs``."""
    if alignment is None:
        return None
    return replace(
        alignment,
        links=tuple(x for x in alignment.links if x.src_lang in langs and x.tgt_lang in langs),
    )


def _explained(main: str, other: str, data_dir: Path | None) -> dict[str, str]:
    """Unit id → the change that explains a difference there, from the change maps main ↔ other."""
    from lawalign.editions.changes import change_path

    try:
        maps = change_path(main, other, data_dir)
    except ConfigError:
        try:
            maps = change_path(other, main, data_dir)
        except ConfigError:
            log.info("no change maps between %s and %s: differences are reported as usual", main, other)
            return {}
    out: dict[str, str] = {}
    for cmap in maps:
        for change in cmap.changes:
            note = f"{change.change}: {change.detail}" if change.detail else change.change
            for uid in (change.unit, *change.to):
                out.setdefault(uid, note)
    return out


def as_edition_change(f: Finding, edition: str, note: str) -> Finding:
    """A finding the change maps explain, restated as what it is: an edition change (info).

    >>> from lawalign.models import Finding
    >>> g = as_edition_change(Finding("cross-reference", "error", "en", "68B2", "cites 16C"), "2017",
    ...                       "reference-changed: 16D becomes 16C")
    >>> g.type, g.severity, g.message
    ('edition-change', 'info', '68B2 as in 2017 (reference-changed: 16D becomes 16C); cites 16C')
    """
    detail = {"key": f"{f.type}:{f.key.split(':', 3)[-1]}", "was": f.type, "edition": edition}
    return Finding(
        type="edition-change",
        severity="info",
        lang=f.lang,
        unit=f.unit,
        message=f"{f.unit} as in {edition} ({note}); {f.message}",
        evidence=f.evidence,
        detail=detail,
    )


def find_run_divergences(
    editions: Sequence[Edition],
    alignment: Alignment | None = None,
    *,
    main: str,
    skeleton: Callable[[str], Skeleton | None],
    rules: Iterable[str] | None = None,
    data_dir: Path | None = None,
    termbases: Mapping[str, Termbase] | None = None,
) -> list[Finding]:
    """Findings of a corpus whose editions may follow different WBF editions: like with like.

    Editions are grouped by ``source_edition``. Each group is compared within itself against its
    own skeleton. An edition of another group than ``main`` is also compared with the ``main``
    group: a difference there that the change maps explain becomes an ``edition-change`` finding
    (info, "as in 2017"); one they do not explain is reported as usual. Editions of the ``main``
    group get findings from their own group only, so adding an edition of another WBF edition never
    changes them.

    Args:
        editions: the (anchored) editions of the run.
        alignment: their alignment, or None.
        main: the WBF edition findings are stated against (the corpus reference).
        skeleton: edition → its skeleton (None when unknown).
        rules: rule names (default all).
        data_dir: a user data folder (``changes/``, ``profiles/``).
        termbases: language → the run's termbase (the bundled ones with the user's merged in).

    Returns:
        Findings sorted deterministically.
    """
    groups = {edition: [editions[k] for k in ks] for edition, ks in like_with_like(editions).items()}
    profiles = {e.lang: load_profile(e.lang, data_dir) for e in editions}
    names = list(rules) if rules is not None else None
    findings: list[Finding] = []
    within: dict[str, set[str]] = {}
    for edition, members in groups.items():
        langs = {e.lang for e in members}
        found = find_divergences(
            members,
            _links_among(alignment, langs),
            skeleton=skeleton(edition) if edition else None,
            rules=names,
            termbases=termbases,
            profiles=profiles,
        )
        within[edition] = {f.key for f in found}
        findings.extend(found)
    base = groups.get(main, [])
    for edition, members in groups.items():
        if edition == main or not base or edition == UNKNOWN_EDITION:
            # an edition the tool does not know has no change map to say which differences are its
            # own: it is compared within its group only, never blamed for differing from the others
            continue
        mine = {e.lang for e in members} - {e.lang for e in base}
        if not mine:
            continue
        explained = _explained(main, edition, data_dir)
        cross = find_divergences(
            [*base, *members],
            _links_among(alignment, mine | {e.lang for e in base}),
            skeleton=skeleton(edition) if edition else None,
            rules=names,
            termbases=termbases,
            profiles=profiles,
        )
        for f in cross:
            if f.lang not in mine or f.key in within[edition]:
                continue
            note = explained.get(f.unit) if f.unit is not None else None
            findings.append(as_edition_change(f, edition, note) if note is not None else f)
    unique = {(f.key, f.message): f for f in findings}
    return sort_findings(list(unique.values()))
