"""The knowledge a run reads: every profile, skeleton, termbase, change map and glossary, and where it
comes from (bundled, or the ``--data`` given, which every command that reads a text takes the same way).

``lawalign data --data mine/ --data club.tbx --explain`` prints one line per file: kind, name, what
the overlay did (``bundled``, ``replaced``: a user file of that name is used instead, ``added``: only
the user has it, ``merged``: a termbase or glossary merged over the bundled termbase) and the file;
``--explain`` adds, for merged termbases, the concepts added and amended. JSON: a list of
``{"kind", "name", "change", "source", "detail"}``.
"""

from __future__ import annotations

import argparse
import json
import sys

from lawalign.commands._corpus_args import add_data
from lawalign.knowledge import Knowledge, Origin
from lawalign.output import emit

HELP = "show the knowledge a run reads: bundled data and your --data overlay, file by file"


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_data(p)
    p.add_argument(
        "--explain", action="store_true", help="also say what the overlay changed (concepts added, amended)"
    )
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("-o", "--output", help="write here instead of stdout")


def run(args: argparse.Namespace) -> int:
    knowledge = Knowledge.load(args.data)
    rows = knowledge.entries()
    if args.format == "json":
        out = json.dumps([_row(o, args.explain) for o in rows], ensure_ascii=False, indent=2) + "\n"
    else:
        given = ", ".join(str(p) for p in knowledge.overlay) or "none (bundled data only)"
        lines = [f"overlay: {given}"]
        lines += [o.line() if args.explain else o.line(detail=False) for o in rows]
        out = "\n".join(lines) + "\n"
    emit(out, args.output, sys.stdout)
    return 0


def _row(origin: Origin, explain: bool) -> dict[str, str]:
    row = {"kind": origin.kind, "name": origin.name, "change": origin.change, "source": origin.source}
    if explain:
        row["detail"] = origin.detail
    return row
