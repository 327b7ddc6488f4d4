"""Building and ordering findings: one constructor every rule uses, one deterministic sort."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from lawalign.models import Evidence, Finding, Severity, unit_order

SEVERITY_RANK: dict[str, int] = {"error": 0, "warning": 1, "info": 2}

unit_sort_key = unit_order
"""Order ids as the law reads (the :class:`~lawalign.models.UnitId` order); debris last."""


def finding(
    type_: str,
    severity: Severity,
    lang: str,
    unit: str,
    message: str,
    evidence: Iterable[Evidence] = (),
    *,
    suggestion: str = "",
    key: str = "",
    **detail: str,
) -> Finding:
    """A :class:`Finding` with its detail strings; ``key`` becomes ``detail["key"]`` (baseline identity)."""
    extra = {k.replace("_", "-"): v for k, v in detail.items() if v}
    if key:
        extra["key"] = key
    return Finding(
        type=type_,
        severity=severity,
        lang=lang,
        unit=unit,
        message=message,
        evidence=tuple(evidence),
        suggestion=suggestion,
        detail=extra,
    )


def sort_findings(findings: Sequence[Finding]) -> list[Finding]:
    """Deterministic order: unit in law order, then severity, type, language and key."""
    return sorted(
        findings,
        key=lambda f: (
            unit_sort_key(f.unit),
            SEVERITY_RANK.get(f.severity, 9),
            f.type,
            f.lang,
            f.key,
            f.message,
        ),
    )


def join_ids(ids: Iterable[str]) -> str:
    """ "70D3, 69 and 70" — a readable list of ids.

    >>> join_ids(["70D3", "69", "70"])
    '70D3, 69 and 70'
    """
    items = list(ids)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
