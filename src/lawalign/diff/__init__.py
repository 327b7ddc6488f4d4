"""Divergences between editions: one rule per finding type, registered by name, and their reports.

>>> from lawalign.diff import RULES
>>> "cross-reference" in RULES
True
"""

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
