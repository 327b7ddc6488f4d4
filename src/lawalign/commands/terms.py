"""A concordance of the termbase: how each edition renders each concept ("claim", "director", ...).

TERM is a concept id ("claim") or a term in any language ("претензия", "hakem"); without it, every
concept. Per edition: the variants used (the termbase term that matched, inflections of one stem
counted together), their printed forms with counts, the unit ids, and a flag when an edition uses two
variants of one concept or a term the termbase says to avoid. --data adds a glossary of your own
(TOML in the termbase format with lang = "xx", or TBX; a file or a folder; repeatable).
JSON: [{"concept", "kind", "langs": [{"lang", "edition", "termbase", "count", "renderings":
[{"variant", "terms", "forms", "count", "ids", "avoided"}], "consistent", "flags", "notes"}]}]
("notes": two renderings of a concept the WBF English itself renders two ways, not flagged).
"""

from __future__ import annotations

import argparse
import json
import sys

from lawalign.commands._corpus_args import (
    add_input_lang,
    add_langs,
    add_query_and_inputs,
    corpus_of,
    langs_of,
    query_and_inputs,
)
from lawalign.output import emit, format_rows

HELP = "how each edition renders each termbase term: variants, counts, unit ids, inconsistencies"


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_query_and_inputs(p, "TERM")
    add_langs(p, "to show")
    add_input_lang(p)
    p.add_argument(
        "--data",
        action="append",
        dest="glossaries",
        default=[],
        metavar="GLOSSARY",
        help="a glossary to add (TOML or TBX file, or a folder of them; repeatable)",
    )
    p.add_argument(
        "--occurrences", action="store_true", help="one row per occurrence instead of the concordance"
    )
    p.add_argument("--format", choices=("text", "json", "jsonl", "csv"), default="text")
    p.add_argument("-o", "--output", help="write here instead of stdout")


def _text(entries: list[dict[str, object]]) -> str:
    lines: list[str] = []
    for entry in entries:
        lines.append(f"{entry['concept']} ({entry['kind']})")
        for lang in entry["langs"]:  # type: ignore[attr-defined]
            head = f"  {lang['lang']} {lang['edition']:<8}"
            if not lang["renderings"]:
                note = "no termbase entry" if not lang["termbase"] else "not found"
                lines.append(f"{head} — {note}")
            for r in lang["renderings"]:
                forms = ", ".join(f"{form} {n}" for form, n in r["forms"].items())
                mark = " (avoid)" if r["avoided"] else ""
                lines.append(f"{head} {r['count']:>3}× {r['variant']}{mark} [{forms}]  {' '.join(r['ids'])}")
                head = " " * len(head)
            for flag in lang["flags"]:
                lines.append(f"      ! {flag}")
            for note in lang.get("notes", []):
                lines.append(f"      · {note}")
    return "\n".join(lines) + ("\n" if lines else "")


def _occurrence_line(row: dict[str, object]) -> str:
    return f"{row['lang']} {row['id']!s:<9} {row['path']}:{row['line']}  {row['concept']}: {row['form']}"


def _flat(entries: list[dict[str, object]]) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for entry in entries:
        for lang in entry["langs"]:  # type: ignore[attr-defined]
            for r in lang["renderings"]:
                rows.append(
                    {
                        "concept": entry["concept"],
                        "lang": lang["lang"],
                        "edition": lang["edition"],
                        "variant": r["variant"],
                        "avoided": r["avoided"],
                        "count": r["count"],
                        "forms": [f"{form} ({n})" for form, n in r["forms"].items()],
                        "ids": r["ids"],
                        "consistent": lang["consistent"],
                    }
                )
    return rows


def run(args: argparse.Namespace) -> int:
    args.term, _ = query_and_inputs(args)
    corpus = corpus_of(args)
    langs = langs_of(args)
    corpus.check_langs(langs)
    if args.occurrences:
        from lawalign.query.terms import select_concepts, termbases

        wanted = set(select_concepts(args.term, termbases(corpus.langs, args.glossaries)))
        rows = [
            o.as_dict()
            for o in corpus.term_occurrences(args.glossaries)
            if o.concept in wanted and (langs is None or o.lang in langs)
        ]
        fmt = "json" if args.format == "json" else args.format
        emit(format_rows(rows, fmt, _occurrence_line), args.output, sys.stdout)
        return 0
    entries = corpus.terms(args.term, args.glossaries)
    if langs is not None:
        for entry in entries:
            entry["langs"] = [lang for lang in entry["langs"] if lang["lang"] in langs]  # type: ignore[attr-defined]
    if args.format == "json":
        text = json.dumps(entries, ensure_ascii=False, indent=2) + "\n"
    elif args.format == "text":
        text = _text(entries)
    else:
        text = format_rows(_flat(entries), args.format)
    emit(text, args.output, sys.stdout)
    return 0
