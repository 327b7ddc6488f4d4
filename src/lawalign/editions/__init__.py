"""Editions of the Laws: update plans, fingerprints and comparisons of translations.

* :func:`plan_update` — what a translation must revisit to follow a newer WBF edition;
* :func:`fingerprint_edition` — which WBF edition (1997 / 2007 / 2017) a translation follows;
* :func:`compare_editions` — what changed between two editions of one translation.

The facts (skeletons of each WBF edition, change maps between them, fingerprint signals) are data in
``lawalign/data/skeletons`` and ``lawalign/data/changes``; see :mod:`lawalign.editions.changes`.
"""

from lawalign.editions.changes import (
    CHANGE_TYPES,
    Change,
    ChangeMap,
    Condition,
    Signal,
    available_change_maps,
    change_path,
    check_change_map,
    known_editions,
    load_change_map,
    skeleton_for,
)
from lawalign.editions.compare import Comparison, UnitChange, compare_editions
from lawalign.editions.fingerprint import Fingerprint, all_signals, fingerprint_edition
from lawalign.editions.plan import PlanItem, UpdatePlan, plan_update
from lawalign.editions.signals import Observation, observe
from lawalign.editions.worddiff import WordOp, similarity, word_diff

__all__ = [
    "CHANGE_TYPES",
    "Change",
    "ChangeMap",
    "Comparison",
    "Condition",
    "Fingerprint",
    "Observation",
    "PlanItem",
    "Signal",
    "UnitChange",
    "UpdatePlan",
    "WordOp",
    "all_signals",
    "available_change_maps",
    "change_path",
    "check_change_map",
    "compare_editions",
    "fingerprint_edition",
    "known_editions",
    "load_change_map",
    "observe",
    "plan_update",
    "similarity",
    "skeleton_for",
    "word_diff",
]
