"""List the cross-references of every unit: what each clause cites, resolved to canonical ids.

One row per reference: id (the citing unit), lang, edition, target (the canonical id cited: "16D",
"68B1"), kind (external: a law cited by number; internal: a section or point of the same law, as in
"point 1 above"), surface (the reference as printed), start/end (offsets in the unit's text), path
and line. --cites X keeps the references to X or inside it (16 → 16, 16D, 16D3); --reverse prints
the reverse index instead: one row per target with the units citing it.
"""

from __future__ import annotations

import argparse
import sys

from lawalign.commands._corpus_args import (
    add_data,
    add_input_lang,
    add_langs,
    add_optional_inputs,
    corpus_of,
    langs_of,
)
from lawalign.output import emit, format_rows
from lawalign.query.refs import UnitRef, citing, reverse_index

HELP = "list every unit's cross-references (canonical targets, as printed) or who cites what"


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_optional_inputs(p)
    add_langs(p, "to list")
    add_input_lang(p)
    add_data(p)
    p.add_argument("--cites", metavar="ID", help="only references to this law, section or unit (16, 70D3)")
    p.add_argument("--kind", choices=("external", "internal"), help="only this kind of reference")
    p.add_argument("--reverse", action="store_true", help="one row per cited id, with the units citing it")
    p.add_argument("--format", choices=("text", "json", "jsonl", "csv"), default="text")
    p.add_argument("-o", "--output", help="write here instead of stdout")


def _text(row: dict[str, object]) -> str:
    if "cited_by" in row:
        by = row["cited_by"]
        assert isinstance(by, list)
        return f"{row['target']!s:<9} ← " + ", ".join(f"{b['lang']} {b['id']}" for b in by)
    where = f"{row['path']}:{row['line']}"
    return f"{row['lang']} {row['id']!s:<9} {where}  → {row['target']!s:<7} {row['kind']:<8} {row['surface']}"


def reverse_rows(refs: list[UnitRef]) -> list[dict[str, object]]:
    """The rows of ``refs --reverse``: target, count, cited_by [{id, lang, edition, surface, path, line}]."""
    rows: list[dict[str, object]] = []
    for target, by in reverse_index(refs).items():
        rows.append(
            {
                "target": target,
                "count": len(by),
                "cited_by": [
                    {
                        "id": r.id,
                        "lang": r.lang,
                        "edition": r.edition,
                        "surface": r.surface,
                        "path": r.path,
                        "line": r.line,
                    }
                    for r in by
                ],
            }
        )
    return rows


def run(args: argparse.Namespace) -> int:
    corpus = corpus_of(args)
    langs = langs_of(args)
    corpus.check_langs(langs)
    refs = corpus.refs() if args.cites is None else citing(corpus.refs(), args.cites)
    refs = [
        r for r in refs if (langs is None or r.lang in langs) and (args.kind is None or r.kind == args.kind)
    ]
    rows = reverse_rows(refs) if args.reverse else [r.as_dict() for r in refs]
    emit(format_rows(rows, args.format, _text), args.output, sys.stdout)
    return 0
