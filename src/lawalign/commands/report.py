"""Write one self-contained HTML page comparing the editions: a column per language, a row per unit
id, findings in place with their evidence, inferred ids marked with their confidence, debris apart,
and filters by law, severity and type. No network, no external files; printable; readable without JS.
"""

from __future__ import annotations

import argparse

from lawalign.commands._corpus_args import (
    add_data,
    add_input_lang,
    add_inputs,
    add_langs,
    add_model,
    corpus_of,
    langs_of,
)
from lawalign.export import ExportOptions, render_report, write_output

HELP = "write a static HTML report of the editions side by side with their findings"


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_inputs(p)
    add_data(p)
    p.add_argument(
        "-o", "--output", required=True, metavar="FILE", help="the HTML file to write (- for stdout)"
    )
    add_langs(p, "as columns")
    add_input_lang(p)
    add_model(p)
    p.add_argument("--no-findings", action="store_true", help="leave findings out (no alignment, no model)")


def run(args: argparse.Namespace) -> int:
    corpus = corpus_of(args, use_build=True)
    findings = [] if args.no_findings else corpus.finding_list()
    data = render_report(corpus, findings, ExportOptions(langs=langs_of(args)))
    write_output(args.output, data, binary=False)
    return 0
