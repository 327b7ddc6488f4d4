"""Arguments the query commands share: the inputs, a language filter, the embedding model."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from lawalign.errors import ConfigError
from lawalign.query import Corpus, open_corpus

SORT_ORDERS: tuple[str, ...] = ("file", "id", "severity", "type")


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


def add_input_lang(p: argparse.ArgumentParser) -> None:
    """Add ``--input-lang``: the language of the input files (``--lang`` filters the output)."""
    p.add_argument(
        "--input-lang",
        metavar="LANG",
        help="language of the input files (ISO 639-1) when no manifest gives it; detected when omitted",
    )


def add_sort(p: argparse.ArgumentParser) -> None:
    """Add ``--sort``: the order of findings (default: by file and line)."""
    p.add_argument(
        "--sort",
        choices=SORT_ORDERS,
        default="file",
        help="order of the output: file (by file and line, the default), id (law order), severity, type",
    )


def check_output_langs(langs: Sequence[str] | None, present: Sequence[str]) -> None:
    """Check that every ``--lang`` names a language the inputs have.

    ``--lang`` filters output; a language no edition has is a usage error that names the languages
    present and points to ``--input-lang`` (the option that states the input files' language).

    Raises:
        ConfigError: A language given is not among ``present``.
    """
    if not langs:
        return
    unknown = [lang for lang in langs if lang not in present]
    if unknown:
        have = ", ".join(dict.fromkeys(present)) or "none"
        raise ConfigError(
            f"--lang {','.join(unknown)}: no edition in that language (the editions are in: {have}); "
            f"--lang filters the output, --input-lang {unknown[0]} gives the language of input files"
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
    """Open the corpus named by the positional inputs (with ``--input-lang`` and ``--model`` when given)."""
    return open_corpus(
        list(args.inputs), lang=getattr(args, "input_lang", None), model=getattr(args, "model", "e5")
    )
