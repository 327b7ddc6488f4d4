"""Per-language-pair outlier detection shared by the drift and length rules.

Scores are collected per language pair over every unit both editions have, calibrated with
:func:`lawalign.diff.calibrate.robust_z`, and a flagged pair is blamed on one language: the one in
every flagged pair of that unit; with a single flagged pair, the one whose score against a third
edition is also the more extreme; with two editions only, the non-authoritative one, else both.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from lawalign.diff.calibrate import OUTLIER_Z, robust_z
from lawalign.diff.context import DiffContext
from lawalign.models import UnitId


@dataclass(frozen=True, slots=True)
class Outlier:
    """One unit of one language blamed for outlying pair scores."""

    lang: str
    unit: UnitId
    z: float  # the most extreme z of its flagged pairs
    value: float
    partners: tuple[str, ...]


def pair_outliers(
    ctx: DiffContext,
    scores: dict[tuple[str, str], dict[UnitId, float]],
    tail: Callable[[float], bool],
) -> list[Outlier]:
    """Blame flagged pairs on languages. ``scores[(a, b)][unit]`` is the pair's value for a unit."""
    zs: dict[tuple[str, str], dict[UnitId, float]] = {}
    for pair, by_unit in scores.items():
        units = sorted(by_unit)
        zs[pair] = dict(zip(units, robust_z([by_unit[u] for u in units]), strict=True))
    flagged: dict[UnitId, list[tuple[str, str]]] = {}
    for pair, by_unit in zs.items():
        for unit, z in by_unit.items():
            if tail(z) and abs(z) >= OUTLIER_Z:
                flagged.setdefault(unit, []).append(pair)
    auth = ctx.authoritative.lang if ctx.authoritative is not None else ""
    out: list[Outlier] = []
    for unit, pairs in sorted(flagged.items()):
        langs = sorted({lang for p in pairs for lang in p})
        common = [lang for lang in langs if all(lang in p for p in pairs)]
        if len(common) == 1:
            blamed = common
        else:
            a, b = pairs[0]
            third = {lang for p in zs for lang in p if unit in zs[p]} - {a, b}

            def worst(lang: str, third: set[str] = third, unit: UnitId = unit) -> float:
                vals = [abs(zs[p][unit]) for p in zs if lang in p and unit in zs[p] and set(p) & third]
                return max(vals, default=0.0)

            if third and worst(a) != worst(b):
                blamed = [a if worst(a) > worst(b) else b]
            elif auth in (a, b):
                blamed = [b if auth == a else a]
            else:
                blamed = [a, b]
        for lang in blamed:
            mine = [p for p in pairs if lang in p]
            best = max(mine, key=lambda p: abs(zs[p][unit]))
            partners = tuple(sorted(x for p in mine for x in p if x != lang))
            out.append(Outlier(lang, unit, zs[best][unit], scores[best][unit], partners))
    return out
