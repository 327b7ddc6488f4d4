"""Where lawalign keeps what it can compute again: embeddings, sentence splits, build results.

>>> cache_dir("/tmp/x")
PosixPath('/tmp/x')
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

log = logging.getLogger(__name__)

DEFAULT_DIR = Path(".cache") / "embeddings"
CACHE_ENV = "LAWALIGN_CACHE"


def cache_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The cache folder: ``explicit``, else ``$LAWALIGN_CACHE``, else ``.cache/embeddings``."""
    if explicit is not None:
        return Path(explicit)
    env = os.environ.get(CACHE_ENV)
    return Path(env) if env else DEFAULT_DIR


_WARNED: set[str] = set()


def warn_unusable(folder: Path, why: str) -> None:
    """Say once per process and folder that the cache is off (every user of the folder calls this)."""
    key = os.path.abspath(folder)
    if key in _WARNED:
        return
    _WARNED.add(key)
    log.warning("%s: cache unusable (%s); running without cache", folder, why)


def cache_problem(folder: Path) -> str:
    """Why ``folder`` cannot hold the cache ("" when it can; it is created when missing).

    >>> import tempfile; f = Path(tempfile.mkdtemp()) / "file"; _ = f.write_text("x")
    >>> cache_problem(f)
    'it exists and is not a folder'
    """
    if folder.exists() and not folder.is_dir():
        return "it exists and is not a folder"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return f"cannot create the folder: {exc.strerror or exc}"
    return ""


__all__ = ["CACHE_ENV", "DEFAULT_DIR", "cache_dir", "cache_problem", "warn_unusable"]
