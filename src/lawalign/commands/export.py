"""Export the corpus for other tools: TMX 1.4b and XLIFF 2.0/1.2 for translation tools (sentence-level
by default, --level clause for one segment per unit; source: --src, else the authoritative edition,
else the first edition; labels kept out of the segments; XLIFF carries findings as notes and states),
CSV or Parquet of the unit table, or the HTML report. Files are written atomically; -o - writes text
formats to stdout.
"""

from __future__ import annotations

import argparse

from lawalign.commands._corpus_args import (
    add_data,
    add_input_lang,
    add_inputs,
    add_langs,
    corpus_of,
    langs_of,
)
from lawalign.export import FORMATS, ExportOptions, write_export

HELP = "export the corpus as TMX, XLIFF, CSV, Parquet or HTML"


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_inputs(p)
    add_data(p)
    p.add_argument("--format", required=True, choices=tuple(FORMATS), help="output format")
    p.add_argument("-o", "--output", required=True, metavar="FILE", help="the file to write (- for stdout)")
    p.add_argument("--src", metavar="LANG", help="source language (XLIFF; TMX srclang)")
    p.add_argument("--tgt", metavar="LANG", help="target language (XLIFF)")
    p.add_argument(
        "--level",
        choices=("sentence", "clause"),
        default="sentence",
        help="TMX/XLIFF segments: aligned sentences (default) or whole clauses",
    )
    p.add_argument(
        "--include-unaligned",
        action="store_true",
        help="TMX: keep units that hold a single language (gaps), left out by default",
    )
    p.add_argument(
        "--xliff-version", choices=("2.0", "1.2"), default="2.0", help="XLIFF version (default 2.0)"
    )
    p.add_argument(
        "--review-on",
        choices=("info", "warning", "error", "none"),
        default="info",
        help="XLIFF: the least severe finding that marks its unit for review (default info: every finding)",
    )
    add_langs(p, "to export (TMX, CSV, Parquet, HTML)")
    add_input_lang(p)


def run(args: argparse.Namespace) -> int:
    corpus = corpus_of(args, use_build=True)
    options = ExportOptions(
        src=args.src,
        tgt=args.tgt,
        langs=langs_of(args),
        level=args.level,
        include_unaligned=args.include_unaligned,
        xliff_version=args.xliff_version,
        review_on=args.review_on,
    )
    write_export(corpus, args.format, args.output, options)
    return 0
