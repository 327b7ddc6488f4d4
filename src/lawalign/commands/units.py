"""List the units of editions, one row per unit (debris included), with canonical ids and sources.

Row fields (the public contract): id, kind (title|text|footnote|debris), role, lang, law, label,
text, source {path, line_start, line_end} (1-based, inclusive, lines of the raw file; a PDF adds
page, and page_end when the unit runs onto a later page, its lines counted on their page), inferred,
confidence; debris rows add reason and, for repeats, duplicate_of; footnotes add anchor.
Ids are the run's: inferred ids are checked across the languages given (the model is loaded then);
the project's own Akoma Ntoso gives back the units it holds.
"""

from __future__ import annotations

import argparse
import sys

from lawalign.commands._corpus_args import (
    add_data,
    add_input_lang,
    add_langs,
    add_reader,
    check_output_langs,
    langs_of,
    run_of,
)
from lawalign.models import NO_LAW
from lawalign.output import emit, format_rows, iter_units_rows

HELP = "list every unit of the given editions with its id, kind, text and source lines"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("paths", nargs="+", metavar="FILE|DIR", help="edition files or a corpus folder")
    add_input_lang(p)
    add_langs(p, "to list")
    p.add_argument("--format", choices=("jsonl", "csv", "text"), default="jsonl")
    p.add_argument(
        "--no-anchor",
        action="store_true",
        help="keep the structure stage's ids (no cross-language check of inferred ids, no model)",
    )
    add_data(p)
    add_reader(p)
    p.add_argument("-o", "--output", help="write here instead of stdout")


def _text_line(row: dict[str, object]) -> str:
    src = row["source"]
    assert isinstance(src, dict)
    mark = "~" if row["inferred"] else " "
    what = row["id"] if row["kind"] != "debris" else f"[{row['reason']}]"
    where = f"{src['path']}:{src['line_start']}"
    if "page" in src:  # a PDF: the line is counted on its page
        where += f" (p. {src['page']})"
    return f"{row['lang']} {mark}{what!s:<11} {where}  {row['label']} {row['text']}".rstrip()


def run(args: argparse.Namespace) -> int:
    editions = run_of(args, align=False).editions
    langs = langs_of(args)
    check_output_langs(langs, [e.lang for e in editions])
    editions = tuple(e for e in editions if langs is None or e.lang in langs)
    emit(format_rows(iter_units_rows(editions), args.format, _text_line), args.output, sys.stdout)
    for e in editions:  # a text read as no law: every row above is debris, and the user is told why
        for n in e.notices:
            if n.code == NO_LAW:
                print(f"{n.path}:{n.line}:1: warning: {n.message}", file=sys.stderr)
    return 0
