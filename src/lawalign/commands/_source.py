"""Find the edition a command names: a file, or the name of an edition in a corpus folder."""

from __future__ import annotations

import logging
from pathlib import Path

from lawalign.corpus import is_corpus
from lawalign.errors import InputError
from lawalign.run import Run

log = logging.getLogger(__name__)

DEFAULT_CORPUS = "corpus"


def resolve_run(
    spec: str,
    *,
    lang: str | None = None,
    corpus: str = DEFAULT_CORPUS,
    data_dir: Path | None = None,
    model: str = "e5",
) -> tuple[Run, str]:
    """The run holding the edition ``spec`` names, and that edition's name.

    ``spec`` is a file (a run of that file alone), else the name of an edition of the corpus folder
    ``corpus`` (the corpus' run, so the edition has the ids every other command gives it).

    Raises:
        InputError: neither a readable file nor an edition of the corpus (the message lists the names).
    """
    path = Path(spec)
    if path.is_file():
        run = Run.from_paths([path], lang, data_dir=data_dir, model=model, align=False)
        return run, run.segmented[0].name
    if path.is_dir():
        raise InputError(spec, "is a folder: name one file or one edition of a corpus")
    if not is_corpus(corpus):
        raise InputError(spec, f"no such file, and {corpus!r} is not a corpus folder to look the name up in")
    run = Run.from_paths([corpus], lang, data_dir=data_dir, model=model, align=False)
    for edition in run.segmented:
        if spec in (edition.name, Path(edition.path).name, Path(edition.path).stem):
            return run, edition.name
    names = ", ".join(sorted(e.name for e in run.segmented))
    raise InputError(spec, f"no such file or edition in {corpus}; editions: {names}")
