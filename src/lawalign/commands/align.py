"""Align editions clause by clause and sentence by sentence, N-way by canonical id.

One row per unit per language: id, lang, edition, text, source {path, line_start, line_end},
score (mean cosine similarity of the unit to the same id in the other languages; null when no other
edition has the unit), beads
({"ru-tr": "[0]:[0] [1]:[1, 2]"}: sentence beads per language pair, indices into each side's
sentences), sentences, and id_check when cross-language anchoring checked or corrected the id.
Inferred ids are anchored across languages first; disagreements are reported in id_check.
"""

from __future__ import annotations

import argparse
import sys

from lawalign.align.embed import DEFAULT_MODEL, embedder_names
from lawalign.align.rows import alignment_rows
from lawalign.commands._corpus_args import (
    add_data,
    add_input_lang,
    add_jobs,
    add_langs,
    add_reader,
    check_output_langs,
    langs_of,
    run_of,
)
from lawalign.output import emit, format_rows

HELP = "align editions by canonical id: unit similarity and sentence beads per language pair"


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Options of ``lawalign align``."""
    p.add_argument("paths", nargs="+", metavar="FILE|CORPUS", help="edition files or a corpus folder")
    add_input_lang(p)
    add_langs(p, "to print (all editions are still aligned together)")
    p.add_argument(
        "--model",
        default=DEFAULT_MODEL,
        help=f"embedding model: {', '.join(embedder_names())} (default %(default)s)",
    )
    p.add_argument("--format", choices=("jsonl", "csv", "text"), default="jsonl")
    p.add_argument("--no-cache", action="store_true", help="embed everything afresh; read and write no cache")
    p.add_argument(
        "--cache-dir", help="embedding cache folder (default $LAWALIGN_CACHE or .cache/embeddings)"
    )
    p.add_argument("--no-anchor", action="store_true", help="keep the structure stage's ids as they are")
    add_data(p)
    add_reader(p)
    add_jobs(p)
    p.add_argument("-o", "--output", help="write here instead of stdout")


def _text_line(row: dict[str, object]) -> str:
    beads = row["beads"]
    assert isinstance(beads, dict)
    pairs = "  ".join(f"{k} {v}" for k, v in beads.items())
    text = str(row["text"])
    short = text if len(text) <= 60 else text[:59] + "…"
    score = row["score"]
    shown = f"{score:.4f}" if isinstance(score, float) else "  –   "
    return f"{row['id']!s:<10} {row['lang']} {shown}  {pairs}  {short}"


def run(args: argparse.Namespace) -> int:
    """Run ``lawalign align``."""
    from lawalign.align.embed import get_embedder

    get_embedder(args.model, args.cache_dir, cache=not args.no_cache)  # an unknown model fails first
    run = run_of(args)
    langs = langs_of(args)
    check_output_langs(langs, [e.lang for e in run.segmented])
    alignment = run.alignment
    rows = alignment_rows(alignment, run.editions, run.order) if alignment is not None else []
    rows = [r for r in rows if langs is None or r["lang"] in langs]
    emit(format_rows(rows, args.format, _text_line), args.output, sys.stdout)
    return 0
