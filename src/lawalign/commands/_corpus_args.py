"""Arguments the commands share: the inputs, the input language, a language filter, the embedding
model, the user data folder; and the one place a command's :class:`~lawalign.run.Run` is built."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

from lawalign.align.parallel import default_jobs
from lawalign.errors import ConfigError
from lawalign.query import Corpus
from lawalign.run import Run

log = logging.getLogger(__name__)

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
    if query_allowed and words and not _names_a_path(words[0]):
        query = words.pop(0)
    args.inputs = words or ["corpus"]
    return query, args.inputs


def _names_a_path(word: str) -> bool:
    """Whether ``word`` names an existing file or folder; a word no path can be (a pasted paragraph
    longer than a file name may be, a NUL) is not one, and is the query.

    >>> _names_a_path("."), _names_a_path("claim " * 100), _names_a_path("a\\x00b")
    (True, False, False)
    """
    try:
        return Path(word).exists()
    except (OSError, ValueError):
        return False


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


def add_jobs(p: argparse.ArgumentParser) -> None:
    """Add ``--jobs N``: processes that encode texts the embedding cache lacks."""

    def positive(value: str) -> int:
        if not value.isdigit() or int(value) < 1:
            raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {value!r}")
        return int(value)

    p.add_argument(
        "--jobs",
        type=positive,
        metavar="N",
        help="processes that encode new texts (default: $LAWALIGN_JOBS, else one per core, at most 4); "
        "the output is the same whatever N",
    )


DATA_HELP = (
    "your data over the bundled data (repeatable): a folder with profiles/, skeletons/, termbase/, "
    'changes/, or a glossary (.toml termbase with lang = "xx", .tbx, or a folder of them); '
    "termbases and glossaries are merged into the bundled termbases, never replace them "
    "(lawalign data --explain shows the result)"
)


def add_data(p: argparse.ArgumentParser) -> None:
    """Add ``--data PATH`` (repeatable): a data folder or a glossary overlaid on the bundled data, the
    same way in every command that reads a text (:class:`lawalign.knowledge.Knowledge`)."""
    p.add_argument("--data", action="append", type=Path, dest="data", metavar="PATH", help=DATA_HELP)


def add_reader(p: argparse.ArgumentParser) -> None:
    """Add ``--no-reader``: read with the structure rules alone, without the fitted line reader."""
    p.add_argument(
        "--no-reader",
        action="store_true",
        help="read with the structure rules alone: no fitted line reader vetoing noise or weighing "
        "confidences (docs/ingest.md, the stacked reader)",
    )


def data_folder(args: argparse.Namespace) -> Path | None:
    """The data folder among the command's ``--data`` (None: none given), checked like a run's
    (:meth:`lawalign.knowledge.Knowledge.load`)."""
    from lawalign.knowledge import Knowledge

    return Knowledge.load(getattr(args, "data", None)).folder


def run_of(args: argparse.Namespace, paths: Sequence[str] | None = None, *, align: bool = True) -> Run:
    """The run of a command: its inputs and every option that shapes the run, read in one place.

    Args:
        args: the parsed arguments (``inputs`` or ``paths``; ``input_lang``, ``model``,
            ``cache_dir``, ``no_cache``, ``no_anchor``, ``no_align``, ``rules``, ``data``,
            ``no_reader``, ``jobs``, ``allow_outside`` when present).
        paths: the inputs, when not the positional ones.
        align: False for commands that never need the alignment.
    """
    from lawalign.knowledge import Knowledge

    given = list(paths) if paths is not None else list(getattr(args, "inputs", None) or args.paths)
    rules = getattr(args, "rules", None)
    knowledge = Knowledge.load(getattr(args, "data", None))
    if getattr(args, "no_reader", False):
        knowledge = knowledge.with_reader(None)
    run = Run.from_paths(
        given,
        getattr(args, "input_lang", None),
        model=getattr(args, "model", "e5"),
        cache_dir=getattr(args, "cache_dir", None),
        anchor=not getattr(args, "no_anchor", False),
        align=align and not getattr(args, "no_align", False),
        rules=[r.strip() for r in rules.split(",") if r.strip()] if isinstance(rules, str) else None,
        embed_cache=not getattr(args, "no_cache", False),
        jobs=getattr(args, "jobs", None) or default_jobs(),
        allow_outside=bool(getattr(args, "allow_outside", False)),
        knowledge=knowledge,
    )
    return run


def last_build(run: Run, *, say: bool = True) -> Run:
    """``run`` with the results of the last ``lawalign build`` of the same inputs and settings when
    they are current (:mod:`lawalign.runcache`), saying so on stderr (``say``; else in the log at
    info level); else ``run`` as it is."""
    from lawalign.runcache import load_results

    stored = load_results(run)
    if stored is None:
        return run
    loaded, build = stored
    if say:
        print(f"lawalign: results of build {build['build']} ({build['out']}), current", file=sys.stderr)
    else:
        log.info("results of build %s (%s) are current: not computed again", build["build"], build["out"])
    return loaded


def corpus_of(args: argparse.Namespace, *, use_build: bool = False) -> Corpus:
    """The corpus (a view of the run) named by the positional inputs; with ``use_build``, read from
    the last build when it is current (:func:`last_build`)."""
    run = run_of(args)
    return Corpus(run=last_build(run) if use_build else run)
