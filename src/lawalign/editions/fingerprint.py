"""Which WBF edition (1997 / 2007 / 2017 / ...) a translation follows, from the change maps' signals.

Scoring: every signal that observed something adds its weight to each edition it supports and
subtracts it from each other edition it can speak for; editions a signal knows nothing about score 0
on it. The best total wins; a tie goes to the edition with more support, then to the older edition
(a cautious, deterministic choice).

Confidence is calibrated from agreement and coverage::

    agreement = support / (support + against)           # weights of signals for / against the winner
    coverage  = observed / possible                     # weights observed / signals on the laws present
    margin    = min(1, (best - runner_up) / possible)
    confidence = agreement * (0.5 + 0.5 * coverage) * (0.5 + 0.5 * margin)

so a verdict resting on few signals, or contradicted by some, or barely ahead, is reported as such.
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass, replace
from pathlib import Path

from lawalign.editions.changes import Signal, available_change_maps, load_change_map
from lawalign.editions.signals import Observation, observe
from lawalign.errors import ConfigError
from lawalign.models import Edition, Reading, UnitId

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Fingerprint:
    """The verdict of :func:`fingerprint_edition`."""

    edition: str  # the WBF edition the translation follows ("2007"), "" when nothing was observed
    confidence: float
    scores: dict[str, float]
    evidence: tuple[Observation, ...]  # signals that observed something, strongest first
    unobserved: tuple[Observation, ...]  # signals on the edition's laws that saw nothing
    dissent: tuple[str, ...]  # plain-English notes on evidence that points elsewhere
    name: str = ""
    lang: str = ""
    path: str = ""
    reading: Reading | None = None  # how the run reads the text (its choice of edition and margin)

    def as_dict(self) -> dict[str, object]:
        """JSON form of ``lawalign fingerprint --format json``."""
        return {
            "name": self.name,
            "lang": self.lang,
            "path": self.path,
            "edition": self.edition,
            "reading": self.reading.as_dict() if self.reading is not None else None,
            "confidence": self.confidence,
            "scores": dict(self.scores),
            "evidence": [o.as_dict() for o in self.evidence],
            "unobserved": [{"signal": o.signal, "id": o.unit, "note": o.note} for o in self.unobserved],
            "dissent": list(self.dissent),
        }


def all_signals(data_dir: Path | None = None) -> tuple[Signal, ...]:
    """Every signal of every change map (bundled and ``data_dir``), in edition order."""
    out: list[Signal] = []
    for src, tgt in available_change_maps(data_dir):
        out.extend(load_change_map(src, tgt, data_dir).signals)
    return tuple(out)


def _edition_laws(edition: Edition) -> set[str]:
    laws = set(edition.laws) or {u.law for u in edition.law_units if u.law}
    return laws


def _signal_laws(signal: Signal) -> set[str]:
    laws: set[str] = set()
    for cond in signal.when:
        try:
            laws.add(UnitId(cond.unit).law)
        except ConfigError:
            log.warning("signal %s: not a canonical unit id: %s", signal.name, cond.unit)
    return laws


def fingerprint_edition(
    edition: Edition,
    *,
    signals: tuple[Signal, ...] | None = None,
    data_dir: Path | None = None,
) -> Fingerprint:
    """Score each WBF edition against the signals a translation shows and pick the best.

    Args:
        edition: a segmented translation.
        signals: the signals to use; default: every signal of every change map.
        data_dir: an extra data folder (``changes/``, ``skeletons/``) searched before the bundled one.

    Returns:
        The best edition with its evidence, scores of every edition, and a confidence in [0, 1].
    """
    sigs = signals if signals is not None else all_signals(data_dir)
    laws = _edition_laws(edition)
    candidates = sorted(
        {e for s in sigs for e in s.editions} | {e for s in sigs for c in s.when for e in c.editions}
    )
    scores = dict.fromkeys(candidates, 0.0)
    observed: list[Observation] = []
    unobserved: list[Observation] = []
    possible = 0.0
    for sig in sigs:
        if not _signal_laws(sig) & laws:
            continue
        possible += sig.weight
        obs = observe(sig, edition)
        if not obs.observed:
            unobserved.append(obs)
            continue
        observed.append(obs)
        for ed in set(obs.known) | set(obs.editions):
            scores[ed] += obs.weight if ed in obs.editions else -obs.weight
    scores = {k: round(v, 3) for k, v in scores.items()}
    if not observed:
        return Fingerprint(
            "", 0.0, scores, (), tuple(unobserved), (), edition.name, edition.lang, edition.path
        )

    def support(ed: str) -> float:
        return sum(o.weight for o in observed if ed in o.editions)

    # highest score; then most support; then the older edition (a deterministic, cautious tie-break)
    ranked = sorted(candidates, key=lambda e: (-scores[e], -support(e), e))
    best = ranked[0]
    runner = scores[ranked[1]] if len(ranked) > 1 else 0.0
    pro = support(best)
    con = sum(o.weight for o in observed if best in o.known and best not in o.editions)
    seen = sum(o.weight for o in observed)
    agreement = pro / (pro + con) if pro + con else 0.0
    coverage = seen / possible if possible else 0.0
    margin = min(1.0, (scores[best] - runner) / possible) if possible else 0.0
    confidence = round(agreement * (0.5 + 0.5 * coverage) * (0.5 + 0.5 * margin), 3)
    dissent = tuple(
        f"{o.says}; this alone would suggest {' or '.join(o.editions)}"
        for o in observed
        if best not in o.editions
    )
    evidence = tuple(sorted(observed, key=lambda o: (best not in o.editions, -o.weight, o.signal)))
    return Fingerprint(
        edition=best,
        confidence=confidence,
        scores=scores,
        evidence=evidence,
        unobserved=tuple(unobserved),
        dissent=dissent,
        name=edition.name,
        lang=edition.lang,
        path=edition.path,
    )


def reading_confidence(reading: Reading) -> float:
    """How sure the structural reading is: ``1 - exp(-margin)`` (a tie 0, a margin of 3 0.95).

    >>> from lawalign.models import Reading
    >>> [reading_confidence(Reading("x", "1997", margin=m)) for m in (3.0, 0.0)]
    [0.95, 0.0]
    """
    if reading.margin is None or not reading.known:
        return 0.0
    return round(1.0 - math.exp(-max(reading.margin, 0.0)), 3)


def with_reading(fp: Fingerprint, reading: Reading) -> Fingerprint:
    """The fingerprint as the run reads the text: its edition is the run's choice, by construction.

    Signals that point elsewhere stay as evidence and are noted in ``dissent``. The confidence is the
    signals' when they agree with the reading, else that of the reading's margin
    (:func:`reading_confidence`): a 1997 Law 70 that no signal speaks for is still read as 1997 with
    the confidence its printed outline gives.
    """
    structural = reading_confidence(reading)
    if fp.edition == reading.source_edition:
        return replace(fp, reading=reading, confidence=max(fp.confidence, structural))
    note = (
        f"the edition signals alone would suggest {fp.edition or 'no edition'}; "
        f"the text is read as {reading.source_edition} ({reading.evidence})"
    )
    return replace(
        fp,
        edition=reading.source_edition,
        reading=reading,
        confidence=structural,
        dissent=(*fp.dissent, note),
    )
