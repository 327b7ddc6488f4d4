"""Divergence rules, one module per finding type, registered by name.

Each rule is ``rule(ctx: DiffContext) -> list[Finding]``; :data:`RULES` maps the finding type to it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from lawalign.diff.context import DiffContext
from lawalign.diff.rules import (
    addition,
    coverage,
    crossref,
    debris,
    drift,
    duplicates,
    footnotes,
    garbled,
    headings,
    law_heading,
    length,
    numbers,
    omission,
    order,
    terminology,
    truncated,
)
from lawalign.errors import unknown_name
from lawalign.models import Finding

Rule = Callable[[DiffContext], list[Finding]]

RULES: dict[str, Rule] = {
    "omission": omission.rule,
    "addition": addition.rule,
    "cross-reference": crossref.rule,
    "garbled-reference": garbled.rule,
    "number": numbers.rule,
    "footnote": footnotes.rule,
    "missing-heading": headings.rule,
    "law-heading": law_heading.rule,
    "duplicate": duplicates.rule,
    "debris": debris.rule,
    "coverage": coverage.rule,
    "truncated": truncated.rule,
    "order": order.rule,
    "drift": drift.rule,
    "length": length.rule,
    "terminology": terminology.rule,
}
"""Finding type → rule, in the order rules run."""


def get_rules(names: Iterable[str] | None = None) -> dict[str, Rule]:
    """The rules called ``names`` (all by default); an unknown name raises ConfigError listing the valid ones.

    >>> list(get_rules(["debris", "coverage"]))
    ['debris', 'coverage']
    """
    if names is None:
        return dict(RULES)
    out: dict[str, Rule] = {}
    for name in names:
        if name not in RULES:
            raise unknown_name("rule", name, tuple(RULES))
        out[name] = RULES[name]
    return out
