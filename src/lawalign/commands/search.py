"""Search the law text of every edition: semantic (cross-lingual, the default), --exact or --regex.

Semantic search embeds the question with the e5 ``query:`` prefix and each clause (with its section
heading) with ``passage:``; a question in English finds the clause in every language.
--cites ID (no QUERY) returns every unit citing that law, section or unit in every language (16 finds
references to 16, 16D and 16D3), in file and line order, all of them unless --top is given.
JSON output: a list of {"lang", "id", "score", "text", "source": {"path", "line_start", "line_end"}}
(exact/regex/cites hits add "match": the first matched span or reference as printed), best first.
"""

from __future__ import annotations

import argparse
import json
import sys

from lawalign.commands._corpus_args import (
    add_data,
    add_input_lang,
    add_langs,
    add_model,
    add_query_and_inputs,
    corpus_of,
    langs_of,
    query_and_inputs,
)
from lawalign.errors import ConfigError

HELP = "search clauses across languages (semantic, exact substring or regex)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_query_and_inputs(p, "QUERY")
    add_data(p)
    add_langs(p, "to search")
    add_input_lang(p)
    p.add_argument("--top", type=int, metavar="K", help="how many hits (default 10; --cites: all)")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", help="case-insensitive substring")
    how.add_argument("--regex", action="store_true", help="Python regular expression")
    how.add_argument(
        "--cites", metavar="ID", help="units citing this law, section or unit (16, 70D3, 'Law 16'); no QUERY"
    )
    add_model(p)
    p.add_argument("--format", choices=("text", "json"), default="text")


def run(args: argparse.Namespace) -> int:
    if args.top is not None and args.top < 1:
        raise ConfigError(f"--top must be at least 1, not {args.top}")
    if args.cites is not None:
        _, _ = query_and_inputs(args, query_allowed=False)
        mode, query, top = "cites", args.cites, args.top or sys.maxsize
    else:
        found, _ = query_and_inputs(args)
        if found is None:
            raise ConfigError("search needs a QUERY (or --cites ID) before the files")
        mode = "exact" if args.exact else "regex" if args.regex else "semantic"
        query, top = found, args.top or 10
    corpus = corpus_of(args, use_build=True)
    hits = corpus.search(query, langs=langs_of(args), top=top, mode=mode)
    if args.format == "json":
        sys.stdout.write(json.dumps([h.as_dict() for h in hits], ensure_ascii=False, indent=2) + "\n")
        return 0
    for hit in hits:
        score = f"{hit.score:.4f}" if mode == "semantic" else f"{int(hit.score):>6}"
        src = hit.source
        print(f"{score}  {hit.lang}  {hit.id:<9} {src.path}:{src.line_start}  {hit.text}")
    return 0
