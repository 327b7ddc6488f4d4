"""Find the edition a command names: a file, or the name of an edition in a corpus folder."""

from __future__ import annotations

import argparse
import logging
from pathlib import Path

from lawalign.corpus import is_corpus
from lawalign.errors import InputError
from lawalign.run import Run

log = logging.getLogger(__name__)

DEFAULT_CORPUS = "corpus"


def resolve_run(args: argparse.Namespace, spec: str, *, lang: str | None = None) -> tuple[Run, str]:
    """The run holding the edition ``spec`` names, and that edition's name.

    ``spec`` is a file (a run of that file alone), else the name of an edition of the corpus folder
    ``args.corpus`` (the corpus' run, so the edition has the ids every other command gives it). The
    run is built by :func:`lawalign.commands._corpus_args.run_of` from the command's options, as every
    command builds its run (``--data``, ``--model``, ``--jobs``, cache settings).

    Args:
        args: the parsed arguments (``corpus``, ``input_lang`` and the run's options).
        spec: the file or edition name given.
        lang: the language of a file (default: ``args.input_lang``).

    Raises:
        InputError: neither a readable file nor an edition of the corpus (the message lists the names).
    """
    from lawalign.commands._corpus_args import run_of

    corpus = getattr(args, "corpus", None) or DEFAULT_CORPUS
    path = Path(spec)
    if path.is_file():
        run = run_of(_with_lang(args, lang), [str(path)], align=False)
        return run, run.segmented[0].name
    if path.is_dir():
        raise InputError(spec, "is a folder: name one file or one edition of a corpus")
    if not is_corpus(corpus):
        raise InputError(spec, f"no such file, and {corpus!r} is not a corpus folder to look the name up in")
    run = run_of(_with_lang(args, lang), [corpus], align=False)
    for edition in run.segmented:
        if spec in (edition.name, Path(edition.path).name, Path(edition.path).stem):
            return run, edition.name
    names = ", ".join(sorted(e.name for e in run.segmented))
    raise InputError(spec, f"no such file or edition in {corpus}; editions: {names}")


def _with_lang(args: argparse.Namespace, lang: str | None) -> argparse.Namespace:
    if lang is None or lang == getattr(args, "input_lang", None):
        return args
    return argparse.Namespace(**{**vars(args), "input_lang": lang})
