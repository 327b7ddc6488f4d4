"""List the units of editions, one row per unit (debris included), with canonical ids and sources.

Row fields (the public contract): id, kind (title|text|footnote|debris), role, lang, law, label,
text, source {path, line_start, line_end} (1-based, inclusive, lines of the raw file; a PDF adds
page, and page_end when the unit runs onto a later page, its lines counted on their page), inferred,
confidence; debris rows add reason and, for repeats, duplicate_of; footnotes add anchor.
"""

from __future__ import annotations

import argparse
import sys

from lawalign import corpus
from lawalign.output import emit, format_rows, iter_units_rows

HELP = "list every unit of the given editions with its id, kind, text and source lines"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("paths", nargs="+", metavar="FILE|DIR", help="edition files or a corpus folder")
    p.add_argument("--lang", help="language of the files (ISO 639-1); detected when omitted")
    p.add_argument("--format", choices=("jsonl", "csv", "text"), default="jsonl")
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
    editions = corpus.load_editions(args.paths, args.lang)
    emit(format_rows(iter_units_rows(editions), args.format, _text_line), args.output, sys.stdout)
    return 0
