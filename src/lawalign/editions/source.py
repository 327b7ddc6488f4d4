"""Find the edition a command names: a file, or the name of an edition in a corpus folder."""

from __future__ import annotations

import logging
from pathlib import Path

from lawalign.corpus import is_corpus, load_editions, read_edition
from lawalign.errors import InputError
from lawalign.models import Edition

log = logging.getLogger(__name__)

DEFAULT_CORPUS = "corpus"


def resolve_edition(spec: str, *, lang: str | None = None, corpus: str = DEFAULT_CORPUS) -> Edition:
    """The edition ``spec`` names: a text file, else an edition name in the corpus folder ``corpus``.

    Raises:
        InputError: neither a readable file nor an edition of the corpus (the message lists the names).
    """
    path = Path(spec)
    if path.is_file():
        return read_edition(path, lang)
    if path.is_dir():
        raise InputError(spec, "is a folder: name one file or one edition of a corpus")
    if not is_corpus(corpus):
        raise InputError(spec, f"no such file, and {corpus!r} is not a corpus folder to look the name up in")
    editions = load_editions([corpus], lang)
    for edition in editions:
        if spec in (edition.name, Path(edition.path).name, Path(edition.path).stem):
            return edition
    names = ", ".join(sorted(e.name for e in editions))
    raise InputError(spec, f"no such file or edition in {corpus}; editions: {names}")
