"""Building and ordering findings: one constructor every rule uses, one deterministic sort."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from lawalign.errors import ConfigError
from lawalign.models import DebrisId, Evidence, Finding, Severity, UnitId, unit_order

SEVERITY_RANK: dict[str, int] = {"error": 0, "warning": 1, "info": 2}

unit_sort_key = unit_order
"""Order ids as the law reads (the :class:`~lawalign.models.UnitId` order); debris last."""


def finding(
    type_: str,
    severity: Severity,
    lang: str,
    unit: UnitId | DebrisId | None,
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


FINDING_ORDERS: tuple[str, ...] = ("file", "id", "severity", "type")
"""Orders :func:`order_findings` knows; ``file`` (by file and line) is the CLI's default."""


def _location(f: Finding) -> tuple[str, int]:
    """File and line of a finding: its first evidence in its own language, else its first; none last."""
    own = [e for e in f.evidence if e.lang == f.lang and e.path] or [e for e in f.evidence if e.path]
    return (own[0].path, own[0].line) if own else ("\uffff", 0)


def order_findings(findings: Sequence[Finding], by: str = "file") -> list[Finding]:
    """Findings in one of :data:`FINDING_ORDERS`, ties broken deterministically.

    ``file``: by file and line of the finding's own evidence; ``id``: units in law order (the order of
    :func:`sort_findings`); ``severity``: errors first, then by file and line; ``type``: by rule name,
    then by file and line.

    Raises:
        ConfigError: Unknown order; the message lists the valid ones.
    """
    if by not in FINDING_ORDERS:
        raise ConfigError(f"unknown order {by!r}; valid: {', '.join(FINDING_ORDERS)}")
    if by == "id":
        return sort_findings(findings)

    def key(f: Finding) -> tuple[object, ...]:
        where = (
            *_location(f),
            SEVERITY_RANK.get(f.severity, 9),
            f.type,
            f.lang,
            unit_sort_key(f.unit or ""),
            f.key,
        )
        if by == "severity":
            return (SEVERITY_RANK.get(f.severity, 9), *where)
        if by == "type":
            return (f.type, *where)
        return where

    return sorted(findings, key=key)


def sort_findings(findings: Sequence[Finding]) -> list[Finding]:
    """Deterministic order: unit in law order, then severity, type, language and key."""
    return sorted(
        findings,
        key=lambda f: (
            unit_sort_key(f.unit or ""),
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
