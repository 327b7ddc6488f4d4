"""Report where editions diverge: omissions, additions, cross-reference and number mismatches,
footnote problems, missing headings, duplicated text, debris, coverage, order, semantic drift,
length outliers and terminology. Each finding has a type, severity (error|warning|info), language,
unit id, a plain-English message, evidence (quoted spans with file and 1-based line), a suggestion
where obvious, and a stable key for baselines.
"""

from __future__ import annotations

import argparse
import sys

from lawalign.commands._corpus_args import (
    add_data,
    add_input_lang,
    add_jobs,
    add_langs,
    add_reader,
    add_sort,
    check_output_langs,
    langs_of,
    last_build,
    run_of,
)
from lawalign.diff import FORMATS, apply_baseline, format_findings, read_baseline, write_baseline
from lawalign.diff.findings import order_findings
from lawalign.diff.rules import RULES
from lawalign.models import Finding
from lawalign.output import emit

HELP = "report where editions diverge (omissions, references, footnotes, headings, debris, ...)"


def add_common(p: argparse.ArgumentParser) -> None:
    """Arguments ``diff`` and ``check`` share."""
    p.add_argument("paths", nargs="+", metavar="FILE|CORPUS", help="edition files or a corpus folder")
    add_input_lang(p)
    add_langs(p, "to report (findings about other languages are left out)")
    add_sort(p)
    p.add_argument("--baseline", metavar="FILE", help="JSON list of accepted finding keys to leave out")
    p.add_argument("--rules", help=f"comma-separated rules to run (default all: {', '.join(RULES)})")
    p.add_argument(
        "--no-align", action="store_true", help="skip the embedding alignment (no drift, no beads)"
    )
    p.add_argument("--model", default="e5", help="embedding model for the alignment (default %(default)s)")
    add_data(p)
    add_reader(p)
    add_jobs(p)


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Options of ``lawalign diff``."""
    add_common(p)
    p.add_argument("--format", choices=tuple(FORMATS), default="text", help="output format (default text)")
    p.add_argument("--write-baseline", metavar="FILE", help="write every finding's key to FILE (accept them)")
    p.add_argument("-o", "--output", help="write here instead of stdout")


def findings_of(args: argparse.Namespace) -> list[Finding]:
    """The findings ``diff`` and ``check`` report: of the ``--lang`` languages, in ``--sort`` order."""
    run = last_build(run_of(args))
    langs = langs_of(args)
    check_output_langs(langs, [e.lang for e in run.segmented])
    return order_findings([f for f in run.findings if langs is None or f.lang in langs], args.sort)


def run(args: argparse.Namespace) -> int:
    """Print the findings; exit 0 (findings are data here; ``lawalign check`` gates on them)."""
    findings = findings_of(args)
    notes = read_baseline(args.baseline) if args.baseline else {}
    if args.write_baseline:
        write_baseline(args.write_baseline, findings, notes)
    shown, _ = apply_baseline(findings, notes)
    emit(format_findings(shown, args.format), args.output, sys.stdout)
    return 0
