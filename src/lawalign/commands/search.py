"""Search the law text of every edition: hybrid (cross-lingual, the default), --semantic, --lexical,
--exact or --regex.

Hybrid search fuses, within each language, the e5 ranking (the question embedded with the ``query:``
prefix, each clause with its section heading with ``passage:``) and a BM25 ranking over normalised
words and termbase concepts, by reciprocal rank; a question in English finds the clause in every
language. Only law units are searched (never debris, nor headings for the ranked modes). A search
that finds nothing says why on stderr.
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
from lawalign.query.search import RANKED_MODES, no_hits_reason

HELP = "search clauses across languages (semantic, exact substring or regex)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_query_and_inputs(p, "QUERY")
    add_data(p)
    add_langs(p, "to search")
    add_input_lang(p)
    p.add_argument("--top", type=int, metavar="K", help="how many hits (default 10; --cites: all)")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--semantic", action="store_true", help="rank by the embedding model only")
    how.add_argument(
        "--lexical", action="store_true", help="rank by BM25 over words and termbase concepts only"
    )
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
        mode = (
            "exact"
            if args.exact
            else "regex"
            if args.regex
            else "semantic"
            if args.semantic
            else "lexical"
            if args.lexical
            else "hybrid"
        )
        query, top = found, args.top or 10
    corpus = corpus_of(args, use_build=True)
    langs = langs_of(args)
    hits = corpus.search(query, langs=langs, top=top, mode=mode)
    if not hits:
        searched = list(langs) if langs is not None else list(corpus.langs)
        print(f"lawalign: {no_hits_reason(searched, mode, query)}", file=sys.stderr)
    if args.format == "json":
        sys.stdout.write(json.dumps([h.as_dict() for h in hits], ensure_ascii=False, indent=2) + "\n")
        return 0
    for hit in hits:
        score = f"{hit.score:.4f}" if mode in RANKED_MODES else f"{int(hit.score):>6}"
        src = hit.source
        print(f"{score}  {hit.lang}  {hit.id:<9} {src.path}:{src.line_start}  {hit.text}")
    return 0
