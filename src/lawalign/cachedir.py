"""Where lawalign keeps what it can compute again: embeddings, sentence splits, build results.

>>> cache_dir("/tmp/x")
PosixPath('/tmp/x')
"""

from __future__ import annotations

import os
from pathlib import Path

DEFAULT_DIR = Path(".cache") / "embeddings"
CACHE_ENV = "LAWALIGN_CACHE"


def cache_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The cache folder: ``explicit``, else ``$LAWALIGN_CACHE``, else ``.cache/embeddings``."""
    if explicit is not None:
        return Path(explicit)
    env = os.environ.get(CACHE_ENV)
    return Path(env) if env else DEFAULT_DIR


__all__ = ["CACHE_ENV", "DEFAULT_DIR", "cache_dir"]
