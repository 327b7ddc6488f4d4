"""Run one read-only SQL query on the built database (corpus/build/corpus.sqlite by default).

The schema (editions, units, sentences, alignments, beads, findings, refs, terms and the FTS5 index
units_fts) is in docs/database.md. Example: units citing Law 16, every language:
  lawalign sql "SELECT lang, id, surface FROM refs WHERE target_law = '16' ORDER BY path, line"
Full-text search: SELECT u.lang, u.id FROM units_fts JOIN units u ON u.pk = units_fts.rowid
WHERE units_fts MATCH 'претензи*'. Writes (INSERT, UPDATE, DELETE, CREATE, DROP, ATTACH, ...) are
refused with exit 2; the database is opened read-only. A query runs at most --timeout seconds
(default 30) and returns at most 200,000 rows and 64 MiB (docs/guarantees.md). Control characters
in values (a shared database may hold ESC or BEL) are spelled \x1b in every format: text and CSV
cells as \x1b, JSON as \u001b; blobs are printed as X'hex'.
"""

from __future__ import annotations

import argparse
import math
import re
import sys

from lawalign.errors import ConfigError
from lawalign.limits import SQL_SECONDS
from lawalign.output import csv_text, emit, format_rows, printable
from lawalign.query.sql import DEFAULT_DB, QueryResult, run_query

HELP = "run a read-only SQL query on corpus.sqlite (written by build)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("query", metavar="SQL", help="one SQL statement (SELECT, WITH, read-only PRAGMA)")
    p.add_argument("--db", default=str(DEFAULT_DB), metavar="PATH", help="the database (default %(default)s)")
    p.add_argument(
        "-p", "--param", action="append", default=[], metavar="VALUE", help="a value for a ? placeholder"
    )
    p.add_argument("--format", choices=("text", "json", "jsonl", "csv"), default="text")
    p.add_argument(
        "--timeout",
        type=float,
        default=SQL_SECONDS,
        metavar="SECONDS",
        help="stop a query running longer than this (default %(default)g)",
    )
    p.add_argument("-o", "--output", help="write here instead of stdout")


_CSV_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_JSON_CONTROL = re.compile("[\x7f-\x9f]")  # json.dumps escapes C0 itself


def _value(value: object) -> object:
    """A value as printed: blobs as an SQL hex literal, everything else as it is."""
    if isinstance(value, bytes):
        return f"X'{value.hex().upper()}'"
    return value


def _table(result: QueryResult) -> str:
    cells = [[printable("" if v is None else str(_value(v))) for v in row] for row in result.rows]
    columns = [printable(c) for c in result.columns]
    widths = [len(c) for c in columns]
    for row in cells:
        widths = [max(w, min(len(v), 60)) for w, v in zip(widths, row, strict=True)]
    lines = ["  ".join(c.ljust(w) for c, w in zip(columns, widths, strict=True)).rstrip()]
    lines.append("  ".join("-" * w for w in widths))
    lines.extend("  ".join(v.ljust(w) for v, w in zip(row, widths, strict=True)).rstrip() for row in cells)
    return "\n".join(lines) + "\n"


def _csv(result: QueryResult) -> str:
    def cell(value: object) -> object:
        value = _value(value)
        if isinstance(value, str):
            return _CSV_CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", value)
        return value

    columns = [str(cell(c)) for c in result.columns]
    rows = [dict(zip(columns, (cell(v) for v in row), strict=True)) for row in result.rows]
    return csv_text(columns, rows)


def render(result: QueryResult, fmt: str) -> str:
    """The result in ``fmt`` (text, csv, json, jsonl), no control character sent raw."""
    if fmt == "text":
        return _table(result)
    if fmt == "csv":
        return _csv(result)
    records = [{k: _value(v) for k, v in r.items()} for r in result.records()]
    text = format_rows(records, fmt)
    return _JSON_CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def run(args: argparse.Namespace) -> int:
    if not (math.isfinite(args.timeout) and args.timeout > 0):  # nan or inf would lift the limit
        raise ConfigError(f"--timeout {args.timeout:g}: must be a positive number of seconds")
    result = run_query(args.db, args.query, args.param, seconds=args.timeout)
    emit(render(result, args.format), args.output, sys.stdout)
    return 0
