"""Gate on divergences: exit 0 when no finding at or above ``--fail-on`` remains after the baseline,
1 when some do (they are printed), 2 on input errors.
"""

from __future__ import annotations

import argparse
import sys

from lawalign.commands.diff import add_common, findings_of
from lawalign.diff import apply_baseline, findings_to_text, read_baseline
from lawalign.diff.findings import SEVERITY_RANK

HELP = "exit 1 when findings at or above a severity remain (after the baseline), else 0"


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Options of ``lawalign check``."""
    add_common(p)
    p.add_argument(
        "--fail-on",
        choices=("error", "warning"),
        default="error",
        help="lowest severity that fails (default error)",
    )


def run(args: argparse.Namespace) -> int:
    """Print the failing findings and a summary; return 1 when there are any."""
    findings = findings_of(args)
    baseline = read_baseline(args.baseline) if args.baseline else {}
    new, accepted = apply_baseline(findings, baseline)
    limit = SEVERITY_RANK[args.fail_on]
    failing = [f for f in new if SEVERITY_RANK[f.severity] <= limit]
    if failing:
        sys.stdout.write(findings_to_text(failing))
    below = len(new) - len(failing)
    sys.stdout.write(
        f"check: {len(failing)} finding(s) at or above {args.fail_on}; {below} below; "
        f"{len(accepted)} in the baseline\n"
    )
    return 1 if failing else 0
