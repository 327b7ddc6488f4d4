"""On-disk cache of embeddings and sentence splits, keyed by model name and sha256 of the text.

One SQLite file (``.cache/embeddings/lawalign.sqlite`` by default, or ``$LAWALIGN_CACHE``) holds
two tables: ``vectors`` (model, sha256 → float32 bytes) and ``splits`` (splitter, sha256 → JSON
list of sentences). A vector is stored exactly as computed, so a warm run returns the same bytes as
the cold run that filled it. SQLite was chosen over one ``.npy`` per text because a warm lookup of
every seed text is one indexed query instead of ~150 file opens (measured in ``docs/align.md``).

The cache is an optimisation, never a source of truth: see :class:`Store` for how a corrupt,
unwritable or forged cache is handled (and ``docs/guarantees.md``).
"""

from __future__ import annotations

import hashlib
import json
import logging
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TypeVar

import numpy as np

from lawalign.cachedir import cache_dir, cache_problem, warn_unusable

log = logging.getLogger(__name__)
T = TypeVar("T")

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


_ENVIRONMENT = ("unable to open", "readonly", "read-only", "disk i/o", "disk is full", "locked", "permission")
"""SQLite messages that mean the environment refused (not a corrupt file): the cache is turned off."""


def split_fits(text: str, sentences: Sequence[str]) -> bool:
    """True when ``sentences`` are non-empty, trimmed slices of ``text`` that tile it in order.

    That is what the splitter produces (joined with the whitespace between them they give the text
    back), so a cached split that fails this test is stale or forged and is not trusted.

    >>> split_fits("A b. C d.", ["A b.", "C d."]), split_fits("A b. C d.", ["C d.", "A b."])
    (True, False)
    >>> split_fits("A b. C d.", ["A b."]), split_fits("", [])
    (False, True)
    """
    pos = 0
    for sentence in sentences:
        if not isinstance(sentence, str) or not sentence or sentence != sentence.strip():
            return False
        at = text.find(sentence, pos)
        if at < 0 or text[pos:at].strip():
            return False
        pos = at + len(sentence)
    return not text[pos:].strip()


def vector_fits(vec: np.ndarray, dim: int | None = None) -> bool:
    """True for a non-empty 1-d vector of finite values (of length ``dim`` when given).

    >>> vector_fits(np.ones(3, dtype=np.float32)), vector_fits(np.array([1.0, np.nan]))
    (True, False)
    >>> vector_fits(np.ones(3), dim=384), vector_fits(np.array([np.inf]))
    (False, False)
    """
    return (
        vec.ndim == 1
        and vec.shape[0] > 0
        and (dim is None or vec.shape[0] == dim)
        and bool(np.isfinite(vec).all())
    )


class Store:
    """A small SQLite key-value store for vectors and sentence splits (opened lazily).

    The cache never stops a run: a corrupt file (truncated, garbage, another program's database) is
    deleted and rebuilt from scratch with a warning; a folder that cannot be created or written
    (``$LAWALIGN_CACHE`` naming a file, no permission, full disk) turns the cache off with a warning
    and the run goes on computing everything. Values read back are checked (vectors finite and of
    their stored length, splits tiling their text); a bad one is recomputed.
    """

    def __init__(self, folder: str | Path | None = None) -> None:
        self.folder = cache_dir(folder)
        self._conn: sqlite3.Connection | None = None
        self.disabled = ""  # why the cache is off ("" while it works)

    @property
    def path(self) -> Path:
        """The SQLite file."""
        return self.folder / _FILE

    def _disable(self, why: str) -> None:
        if not self.disabled:
            warn_unusable(self.folder, why)
        self.disabled = why
        self.close()

    def _db(self) -> sqlite3.Connection | None:
        if self.disabled:
            return None
        if self._conn is None:
            problem = cache_problem(self.folder)
            if problem:
                self._disable(problem)
                return None
            if self.path.exists() and not self.path.is_file():
                self._disable(f"{self.path} is not a file")
                return None
            conn = sqlite3.connect(self.path, timeout=30.0)
            try:
                for stmt in _SCHEMA:
                    conn.execute(stmt)
                conn.commit()
            except BaseException:
                conn.close()
                raise
            self._conn = conn
        return self._conn

    def _rebuild(self, exc: sqlite3.DatabaseError) -> None:
        log.warning("%s: the cache file is corrupt (%s); rebuilt from scratch", self.path, exc)
        self.close()
        for suffix in ("", "-journal", "-wal", "-shm"):
            try:
                Path(f"{self.path}{suffix}").unlink(missing_ok=True)
            except OSError as err:
                self._disable(f"cannot remove the corrupt file: {err.strerror or err}")
                return

    def _run(self, op: Callable[[sqlite3.Connection], T], default: T) -> T:
        """Run ``op`` on the database; rebuild a corrupt file once, turn the cache off on failure."""
        for attempt in (1, 2):
            try:
                db = self._db()
                if db is None:
                    return default
                return op(db)
            except sqlite3.DatabaseError as exc:
                message = str(exc).lower()
                if any(word in message for word in _ENVIRONMENT):
                    self._disable(str(exc))
                    return default
                if attempt == 2:
                    self._disable(f"still failing after a rebuild: {exc}")
                    return default
                self._rebuild(exc)
        return default

    def get_vectors(self, model: str, keys: Sequence[str], dim: int | None = None) -> dict[str, np.ndarray]:
        """Cached vectors of ``model`` for those of ``keys`` that are present and sound.

        A vector that is not finite, not of its stored length (or of ``dim`` when given), or whose
        length differs from the other vectors of the model, is left out (so it is recomputed).
        """
        unique = sorted(set(keys))

        seen: list[str] = []

        def op(db: sqlite3.Connection) -> dict[str, np.ndarray]:
            found: dict[str, np.ndarray] = {}
            seen.clear()
            for start in range(0, len(unique), 500):
                chunk = unique[start : start + 500]
                marks = ",".join("?" * len(chunk))
                rows = db.execute(
                    f"SELECT key, dim, vec FROM vectors WHERE model = ? AND key IN ({marks})", (model, *chunk)
                )
                for key, stored_dim, blob in rows:
                    seen.append(key)
                    if not isinstance(blob, bytes) or len(blob) % 4:
                        continue
                    vec = np.frombuffer(blob, dtype="<f4")
                    if vec.shape[0] == stored_dim and vector_fits(vec, dim):
                        found[key] = vec.astype(np.float32)
            return found

        empty: dict[str, np.ndarray] = {}
        found = self._run(op, empty)
        dims = [v.shape[0] for v in found.values()]
        if len(set(dims)) > 1:  # vectors of two lengths under one model: keep the usual one
            common = max(set(dims), key=lambda d: (dims.count(d), d))
            found = {k: v for k, v in found.items() if v.shape[0] == common}
        if len(found) < len(seen):
            log.warning(
                "%s: %d cached vector(s) of %s were unsound; recomputed",
                self.path,
                len(seen) - len(found),
                model,
            )
        return found

    def put_vectors(self, model: str, items: dict[str, np.ndarray]) -> None:
        """Store vectors (float32, little-endian) of ``model``."""
        if not items:
            return
        rows = [
            (model, k, int(v.shape[0]), np.asarray(v, dtype="<f4").tobytes())
            for k, v in sorted(items.items())
        ]

        def op(db: sqlite3.Connection) -> None:
            db.executemany("INSERT OR REPLACE INTO vectors (model, key, dim, vec) VALUES (?, ?, ?, ?)", rows)
            db.commit()

        self._run(op, None)

    def get_splits(
        self, splitter: str, keys: Sequence[str], texts: Sequence[str] | None = None
    ) -> dict[str, list[str]]:
        """Cached sentence splits of ``splitter`` for those of ``keys`` that are present.

        With ``texts`` (the texts of ``keys``, in the same order) a split is returned only when it
        tiles its text (:func:`split_fits`); a forged or stale one is left out and recomputed.
        """
        unique = sorted(set(keys))

        def op(db: sqlite3.Connection) -> dict[str, list[str]]:
            found: dict[str, list[str]] = {}
            for start in range(0, len(unique), 500):
                chunk = unique[start : start + 500]
                marks = ",".join("?" * len(chunk))
                rows = db.execute(
                    f"SELECT key, sentences FROM splits WHERE splitter = ? AND key IN ({marks})",
                    (splitter, *chunk),
                )
                for key, blob in rows:
                    try:
                        value = json.loads(blob)
                    except (TypeError, ValueError):
                        continue
                    if isinstance(value, list) and all(isinstance(s, str) for s in value):
                        found[key] = value
            return found

        none: dict[str, list[str]] = {}
        found = self._run(op, none)
        if texts is not None:
            by_key = dict(zip(keys, texts, strict=True))
            unsound = [k for k, v in found.items() if k in by_key and not split_fits(by_key[k], v)]
            if unsound:
                log.warning(
                    "%s: %d cached split(s) do not fit their text; recomputed", self.path, len(unsound)
                )
            for key in unsound:
                del found[key]
        return found

    def put_splits(self, splitter: str, items: Mapping[str, Sequence[str]]) -> None:
        """Store sentence splits (one transaction)."""
        if not items:
            return
        rows = [(splitter, k, json.dumps(list(v), ensure_ascii=False)) for k, v in sorted(items.items())]

        def op(db: sqlite3.Connection) -> None:
            db.executemany("INSERT OR REPLACE INTO splits (splitter, key, sentences) VALUES (?, ?, ?)", rows)
            db.commit()

        self._run(op, None)

    def close(self) -> None:
        """Close the connection (reopened on next use)."""
        if self._conn is not None:
            try:
                self._conn.close()
            except sqlite3.Error:
                pass
            self._conn = None
