"""Run one read-only SQL query on the built database (corpus/build/corpus.sqlite by default).

The schema (editions, units, sentences, alignments, beads, findings, refs, terms and the FTS5 index
units_fts) is in docs/database.md. Example: units citing Law 16, every language:
  lawalign sql "SELECT lang, id, surface FROM refs WHERE target_law = '16' ORDER BY path, line"
Full-text search: SELECT u.lang, u.id FROM units_fts JOIN units u ON u.pk = units_fts.rowid
WHERE units_fts MATCH 'претензи*'. Writes (INSERT, UPDATE, DELETE, CREATE, DROP, ATTACH, ...) are
refused with exit 2; the database is opened read-only.
"""

from __future__ import annotations

import argparse
import sys

from lawalign.output import emit, format_rows
from lawalign.query.sql import DEFAULT_DB, QueryResult, run_query

HELP = "run a read-only SQL query on corpus.sqlite (written by build)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("query", metavar="SQL", help="one SQL statement (SELECT, WITH, read-only PRAGMA)")
    p.add_argument("--db", default=str(DEFAULT_DB), metavar="PATH", help="the database (default %(default)s)")
    p.add_argument(
        "-p", "--param", action="append", default=[], metavar="VALUE", help="a value for a ? placeholder"
    )
    p.add_argument("--format", choices=("text", "json", "jsonl", "csv"), default="text")
    p.add_argument("-o", "--output", help="write here instead of stdout")


def _table(result: QueryResult) -> str:
    cells = [[("" if v is None else str(v)).replace("\n", " ") for v in row] for row in result.rows]
    widths = [len(c) for c in result.columns]
    for row in cells:
        widths = [max(w, min(len(v), 60)) for w, v in zip(widths, row, strict=True)]
    lines = ["  ".join(c.ljust(w) for c, w in zip(result.columns, widths, strict=True)).rstrip()]
    lines.append("  ".join("-" * w for w in widths))
    lines.extend("  ".join(v.ljust(w) for v, w in zip(row, widths, strict=True)).rstrip() for row in cells)
    return "\n".join(lines) + "\n"


def run(args: argparse.Namespace) -> int:
    result = run_query(args.db, args.query, args.param)
    text = _table(result) if args.format == "text" else format_rows(result.records(), args.format)
    emit(text, args.output, sys.stdout)
    return 0
