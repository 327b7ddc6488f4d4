"""On-disk cache of embeddings and sentence splits, keyed by model name and sha256 of the text.

One SQLite file (``.cache/embeddings/lawalign.sqlite`` by default, or ``$LAWALIGN_CACHE``) holds
two tables: ``vectors`` (model, sha256 → float32 bytes) and ``splits`` (splitter, sha256 → JSON
list of sentences). A vector is stored exactly as computed, so a warm run returns the same bytes as
the cold run that filled it. SQLite was chosen over one ``.npy`` per text because a warm lookup of
every seed text is one indexed query instead of ~150 file opens (measured in ``docs/align.md``).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import sqlite3
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np

log = logging.getLogger(__name__)

DEFAULT_DIR = Path(".cache") / "embeddings"
CACHE_ENV = "LAWALIGN_CACHE"
_FILE = "lawalign.sqlite"
_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS vectors (model TEXT NOT NULL, key TEXT NOT NULL, dim INTEGER NOT NULL,"
    " vec BLOB NOT NULL, PRIMARY KEY (model, key))",
    "CREATE TABLE IF NOT EXISTS splits (splitter TEXT NOT NULL, key TEXT NOT NULL, sentences TEXT NOT NULL,"
    " PRIMARY KEY (splitter, key))",
)


def text_key(text: str) -> str:
    """The cache key of a text: the hex sha256 of its UTF-8 bytes.

    >>> text_key("")[:12]
    'e3b0c44298fc'
    """
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def cache_dir(explicit: str | Path | None = None) -> Path:
    """The cache folder: ``explicit``, else ``$LAWALIGN_CACHE``, else ``.cache/embeddings``."""
    if explicit is not None:
        return Path(explicit)
    env = os.environ.get(CACHE_ENV)
    return Path(env) if env else DEFAULT_DIR


class Store:
    """A small SQLite key-value store for vectors and sentence splits (opened lazily)."""

    def __init__(self, folder: str | Path | None = None) -> None:
        self.folder = cache_dir(folder)
        self._conn: sqlite3.Connection | None = None

    @property
    def path(self) -> Path:
        """The SQLite file."""
        return self.folder / _FILE

    def _db(self) -> sqlite3.Connection:
        if self._conn is None:
            self.folder.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, timeout=30.0)
            for stmt in _SCHEMA:
                conn.execute(stmt)
            conn.commit()
            self._conn = conn
        return self._conn

    def get_vectors(self, model: str, keys: Sequence[str]) -> dict[str, np.ndarray]:
        """Cached vectors of ``model`` for those of ``keys`` that are present."""
        found: dict[str, np.ndarray] = {}
        unique = sorted(set(keys))
        db = self._db()
        for start in range(0, len(unique), 500):
            chunk = unique[start : start + 500]
            marks = ",".join("?" * len(chunk))
            rows = db.execute(
                f"SELECT key, dim, vec FROM vectors WHERE model = ? AND key IN ({marks})", (model, *chunk)
            )
            for key, dim, blob in rows:
                vec = np.frombuffer(blob, dtype="<f4")
                if vec.shape[0] == dim:
                    found[key] = vec.astype(np.float32)
        return found

    def put_vectors(self, model: str, items: dict[str, np.ndarray]) -> None:
        """Store vectors (float32, little-endian) of ``model``."""
        if not items:
            return
        db = self._db()
        db.executemany(
            "INSERT OR REPLACE INTO vectors (model, key, dim, vec) VALUES (?, ?, ?, ?)",
            [
                (model, k, int(v.shape[0]), np.asarray(v, dtype="<f4").tobytes())
                for k, v in sorted(items.items())
            ],
        )
        db.commit()

    def get_splits(self, splitter: str, keys: Sequence[str]) -> dict[str, list[str]]:
        """Cached sentence splits of ``splitter`` for those of ``keys`` that are present."""
        found: dict[str, list[str]] = {}
        unique = sorted(set(keys))
        db = self._db()
        for start in range(0, len(unique), 500):
            chunk = unique[start : start + 500]
            marks = ",".join("?" * len(chunk))
            rows = db.execute(
                f"SELECT key, sentences FROM splits WHERE splitter = ? AND key IN ({marks})",
                (splitter, *chunk),
            )
            for key, blob in rows:
                value = json.loads(blob)
                if isinstance(value, list):
                    found[key] = [str(s) for s in value]
        return found

    def put_splits(self, splitter: str, items: Mapping[str, Sequence[str]]) -> None:
        """Store sentence splits (one transaction)."""
        if not items:
            return
        db = self._db()
        db.executemany(
            "INSERT OR REPLACE INTO splits (splitter, key, sentences) VALUES (?, ?, ?)",
            [(splitter, k, json.dumps(list(v), ensure_ascii=False)) for k, v in sorted(items.items())],
        )
        db.commit()

    def close(self) -> None:
        """Close the connection (reopened on next use)."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None
