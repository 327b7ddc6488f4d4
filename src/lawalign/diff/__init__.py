"""Divergences between editions: one rule per finding type, registered by name, and their reports.

>>> from lawalign.diff import RULES
>>> "cross-reference" in RULES
True
"""

from typing import TYPE_CHECKING

from lawalign.lazy import lazy_attributes

if TYPE_CHECKING:
    from lawalign.diff.divergences import find_divergences
    from lawalign.diff.formats import (
        FORMATS,
        apply_baseline,
        findings_to_csv,
        findings_to_json,
        findings_to_sarif,
        findings_to_text,
        format_findings,
        read_baseline,
        write_baseline,
    )
    from lawalign.diff.rules import RULES, get_rules

__all__ = [
    "FORMATS",
    "RULES",
    "apply_baseline",
    "find_divergences",
    "findings_to_csv",
    "findings_to_json",
    "findings_to_sarif",
    "findings_to_text",
    "format_findings",
    "get_rules",
    "read_baseline",
    "write_baseline",
]

__getattr__ = lazy_attributes(
    __name__,
    {
        "find_divergences": "divergences",
        "FORMATS": "formats",
        "apply_baseline": "formats",
        "findings_to_csv": "formats",
        "findings_to_json": "formats",
        "findings_to_sarif": "formats",
        "findings_to_text": "formats",
        "format_findings": "formats",
        "read_baseline": "formats",
        "write_baseline": "formats",
        "RULES": "rules",
        "get_rules": "rules",
    },
)
