"""Arguments the query commands share: the inputs, a language filter, the embedding model."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from lawalign.query import Corpus, open_corpus


def add_inputs(p: argparse.ArgumentParser) -> None:
    """Add the ``FILE…|CORPUS`` positional arguments."""
    p.add_argument("inputs", nargs="+", metavar="FILE|CORPUS", help="edition files or a corpus folder")


def add_optional_inputs(p: argparse.ArgumentParser) -> None:
    """Add ``[FILE|CORPUS]…`` positional arguments, defaulting to the ``corpus`` folder."""
    p.add_argument(
        "inputs",
        nargs="*",
        default=["corpus"],
        metavar="FILE|CORPUS",
        help="edition files or a corpus folder (default: corpus)",
    )


def add_query_and_inputs(p: argparse.ArgumentParser, query: str) -> None:
    """Add ``[QUERY] [FILE|CORPUS]…`` (see :func:`query_and_inputs`)."""
    p.add_argument(
        "words",
        nargs="*",
        metavar=f"[{query}] [FILE|CORPUS]",
        help=f"an optional {query} then edition files or a corpus folder (default: corpus)",
    )


def query_and_inputs(args: argparse.Namespace, *, query_allowed: bool = True) -> tuple[str | None, list[str]]:
    """Split ``[QUERY] [FILE|CORPUS]…``: the first word is the query unless it names an existing path.

    Sets ``args.inputs`` (default ``["corpus"]``) and returns (query or None, inputs).
    """
    words: list[str] = list(getattr(args, "words", []) or [])
    query = None
    if query_allowed and words and not Path(words[0]).exists():
        query = words.pop(0)
    args.inputs = words or ["corpus"]
    return query, args.inputs


def add_langs(p: argparse.ArgumentParser, what: str) -> None:
    """Add ``--lang`` (repeatable, or comma-separated) restricting the languages ``what``."""
    p.add_argument(
        "--lang",
        action="append",
        metavar="LANG",
        dest="langs",
        help=f"only these languages {what} (repeat or comma-separate: --lang vi,ru)",
    )


def add_model(p: argparse.ArgumentParser) -> None:
    """Add ``--model`` (embedder name for semantic search, alignment and findings)."""
    p.add_argument("--model", default="e5", help="embedding model (default: e5; see `lawalign align --help`)")


def langs_of(args: argparse.Namespace) -> tuple[str, ...] | None:
    """The languages given with ``--lang``, split on commas, in order, each once (None: all)."""
    given: Sequence[str] | None = getattr(args, "langs", None)
    if not given:
        return None
    out = [part.strip() for item in given for part in item.split(",") if part.strip()]
    return tuple(dict.fromkeys(out)) or None


def corpus_of(args: argparse.Namespace) -> Corpus:
    """Open the corpus named by the positional inputs (and ``--model`` when the command has it)."""
    return open_corpus(list(args.inputs), model=getattr(args, "model", "e5"))
