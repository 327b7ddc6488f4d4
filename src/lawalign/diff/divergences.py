"""``find_divergences``: run the rules over editions (and their alignment) and merge the findings."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import replace

from lawalign.diff.context import DiffContext
from lawalign.diff.findings import sort_findings
from lawalign.diff.rules import get_rules
from lawalign.models import Alignment, Edition, Finding
from lawalign.structure.skeleton import Skeleton, available_skeletons, load_skeleton

log = logging.getLogger(__name__)

# Statistical findings folded into an omission/addition of the same unit and language: one problem,
# one finding (the statistic goes into the kept finding's detail).
FOLDED = {"length", "drift"}
FOLD_INTO = {"omission", "addition"}


def _default_skeleton(editions: Sequence[Edition]) -> Skeleton | None:
    wanted = sorted({e.source_edition for e in editions if e.source_edition})
    if len(wanted) == 1 and wanted[0] in available_skeletons():
        return load_skeleton(wanted[0])
    log.info(
        "no single reference skeleton for source editions %s; structure checks use the editions only", wanted
    )
    return None


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
) -> list[Finding]:
    """Typed, located findings of where editions diverge from each other and from the reference.

    Args:
        editions: segmented editions (any number, any languages).
        alignment: their alignment; rules that need sentence beads or similarities (drift, sentence
            evidence) do without when it is None.
        skeleton: the reference structure; by default the bundled skeleton of the editions' common
            ``source_edition`` (none when they differ).
        rules: names of the rules to run (default: all; see :data:`lawalign.diff.rules.RULES`).

    Returns:
        Findings sorted deterministically (unit in law order, severity, type, language, key).

    Raises:
        ConfigError: a rule name is unknown (the message lists the valid ones).
    """
    selected = get_rules(rules)
    ctx = DiffContext(editions, alignment, skeleton if skeleton is not None else _default_skeleton(editions))
    findings: list[Finding] = []
    for name, rule in selected.items():
        found = rule(ctx)
        log.debug("rule %s: %d finding(s)", name, len(found))
        findings.extend(found)
    return sort_findings(_fold(findings))


def diff_paths(
    paths: Sequence[str],
    *,
    lang: str | None = None,
    align: bool = True,
    model: str = "e5",
    rules: Iterable[str] | None = None,
) -> tuple[list[Edition], list[Finding]]:
    """Load editions (files or a corpus folder), align them, and find their divergences.

    Args:
        paths: edition files or one corpus folder (with ``manifest.toml``).
        lang: language of the files when not given by a manifest (detected when None).
        align: embed and align the editions first (sentence evidence, drift); False: structure only.
        model: embedder name for the alignment.
        rules: rule names to run (default all).

    Returns:
        The editions (relabelled as the alignment's anchoring decided) and the sorted findings.
    """
    from lawalign.corpus import load_editions

    editions = load_editions(list(paths), lang)
    alignment: Alignment | None = None
    if align and len(editions) > 1:
        from lawalign.align import align_editions, apply_checks, get_embedder

        alignment = align_editions(editions, embedder=get_embedder(model))
        editions = [apply_checks(e, alignment.checks) for e in editions]
    return editions, find_divergences(editions, alignment, rules=rules)
