"""Arguments the commands share: the inputs, the input language, a language filter, the embedding
model, the user data folder; and the one place a command's :class:`~lawalign.run.Run` is built."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from lawalign.query import Corpus
from lawalign.run import Run


def add_inputs(p: argparse.ArgumentParser) -> None:
    """Add the ``FILE…|CORPUS`` positional arguments."""
    p.add_argument("inputs", nargs="+", metavar="FILE|CORPUS", help="edition files or a corpus folder")


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


def add_data(p: argparse.ArgumentParser) -> None:
    """Add ``--data DIR``: a folder with ``skeletons/``, ``changes/``, ``profiles/``, ``termbase/``
    used before the bundled data (every command that reads a text has it)."""
    p.add_argument(
        "--data",
        type=Path,
        metavar="DIR",
        help="extra data folder (skeletons/, changes/, profiles/, termbase/) used before the bundled one",
    )


def langs_of(args: argparse.Namespace) -> tuple[str, ...] | None:
    """The languages given with ``--lang``, split on commas, in order, each once (None: all)."""
    given: Sequence[str] | None = getattr(args, "langs", None)
    if not given:
        return None
    out = [part.strip() for item in given for part in item.split(",") if part.strip()]
    return tuple(dict.fromkeys(out)) or None


def run_of(args: argparse.Namespace, paths: Sequence[str] | None = None, *, align: bool = True) -> Run:
    """The run of a command: its inputs and every option that shapes the run, read in one place.

    Args:
        args: the parsed arguments (``inputs`` or ``paths``; ``lang`` as the input language when
            the command has it; ``model``, ``cache_dir``, ``no_cache``, ``no_anchor``, ``no_align``,
            ``rules``, ``data`` when present).
        paths: the inputs, when not the positional ones.
        align: False for commands that never need the alignment.
    """
    given = list(paths) if paths is not None else list(getattr(args, "inputs", None) or args.paths)
    lang = getattr(args, "lang", None)
    rules = getattr(args, "rules", None)
    return Run.from_paths(
        given,
        lang if isinstance(lang, str) else None,
        model=getattr(args, "model", "e5"),
        cache_dir=getattr(args, "cache_dir", None),
        data_dir=getattr(args, "data", None),
        anchor=not getattr(args, "no_anchor", False),
        align=align and not getattr(args, "no_align", False),
        rules=[r.strip() for r in rules.split(",") if r.strip()] if isinstance(rules, str) else None,
        embed_cache=not getattr(args, "no_cache", False),
    )


def corpus_of(args: argparse.Namespace) -> Corpus:
    """The corpus (a view of the run) named by the positional inputs."""
    return Corpus(run=run_of(args))
