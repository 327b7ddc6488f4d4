"""Search the law text of every edition: semantic (cross-lingual, the default), --exact or --regex.

Semantic search embeds the question with the e5 ``query:`` prefix and each clause (with its section
heading) with ``passage:``; a question in English finds the clause in every language.
JSON output: a list of {"lang", "id", "score", "text", "source": {"path", "line_start", "line_end"}}
(exact/regex hits add "match"), best first.
"""

from __future__ import annotations

import argparse
import json
import sys

from lawalign.commands._corpus_args import add_data, add_inputs, add_langs, add_model, corpus_of, langs_of
from lawalign.errors import ConfigError

HELP = "search clauses across languages (semantic, exact substring or regex)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "query", metavar="QUERY", help="a question (semantic), substring (--exact) or pattern (--regex)"
    )
    add_inputs(p)
    add_data(p)
    add_langs(p, "to search")
    p.add_argument("--top", type=int, default=10, metavar="K", help="how many hits (default 10)")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", help="case-insensitive substring")
    how.add_argument("--regex", action="store_true", help="Python regular expression")
    add_model(p)
    p.add_argument("--format", choices=("text", "json"), default="text")


def run(args: argparse.Namespace) -> int:
    if args.top < 1:
        raise ConfigError(f"--top must be at least 1, not {args.top}")
    mode = "exact" if args.exact else "regex" if args.regex else "semantic"
    corpus = corpus_of(args)
    hits = corpus.search(args.query, langs=langs_of(args), top=args.top, mode=mode)
    if args.format == "json":
        sys.stdout.write(json.dumps([h.as_dict() for h in hits], ensure_ascii=False, indent=2) + "\n")
        return 0
    for hit in hits:
        score = f"{hit.score:.4f}" if mode == "semantic" else f"{int(hit.score):>6}"
        src = hit.source
        print(f"{score}  {hit.lang}  {hit.id:<9} {src.path}:{src.line_start}  {hit.text}")
    return 0
