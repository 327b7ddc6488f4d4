"""Read-only SQL over a built ``corpus.sqlite`` (see ``docs/database.md`` for the schema).

The database is opened with a ``mode=ro`` URI, ``PRAGMA query_only`` is set, and an authorizer
refuses ``ATTACH`` (which could otherwise create a file): a statement that would write anything
raises :class:`~lawalign.errors.ConfigError` and leaves the database as it was.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from lawalign.errors import ConfigError, InputError

DEFAULT_DB = Path("corpus") / "build" / "corpus.sqlite"

_WRITE_HINT = "the database is read-only here: only queries (SELECT, WITH, read-only PRAGMA) run"


@dataclass(frozen=True, slots=True)
class QueryResult:
    """Column names and rows of one query."""

    columns: tuple[str, ...]
    rows: tuple[tuple[object, ...], ...]

    def records(self) -> list[dict[str, object]]:
        """The rows as dicts keyed by column name."""
        return [dict(zip(self.columns, row, strict=True)) for row in self.rows]


def _deny_attach(action: int, *_: object) -> int:
    if action in (sqlite3.SQLITE_ATTACH, sqlite3.SQLITE_DETACH):
        return sqlite3.SQLITE_DENY
    return sqlite3.SQLITE_OK


def connect_read_only(path: str | Path) -> sqlite3.Connection:
    """Open a database file so that nothing can be written through the connection.

    Raises:
        InputError: No such file, or not an SQLite database.
    """
    p = Path(path)
    if not p.is_file():
        raise InputError(str(p), "no database here (run `lawalign build` first, or give --db PATH)")
    conn = sqlite3.connect(f"{p.resolve().as_uri()}?mode=ro", uri=True)
    try:
        conn.execute("PRAGMA query_only = ON")
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.DatabaseError as exc:
        conn.close()
        raise InputError(str(p), f"not an SQLite database: {exc}") from None
    conn.set_authorizer(_deny_attach)
    return conn


def run_query(path: str | Path, sql: str, params: Sequence[object] = ()) -> QueryResult:
    """Run one read-only statement on the database at ``path``.

    Args:
        path: The ``corpus.sqlite`` file.
        sql: One SQL statement.
        params: Values for ``?`` placeholders.

    Returns:
        The columns and rows.

    Raises:
        InputError: The file is missing or not a database.
        ConfigError: The statement would write, or is not valid SQL (SQLite's message included).
    """
    conn = connect_read_only(path)
    try:
        try:
            cursor = conn.execute(sql, tuple(params))
            rows = tuple(tuple(r) for r in cursor.fetchall())
        except (sqlite3.OperationalError, sqlite3.DatabaseError, sqlite3.ProgrammingError) as exc:
            message = str(exc)
            if any(word in message for word in ("readonly", "read-only", "authoriz")):
                raise ConfigError(f"sql: refused: {message}; {_WRITE_HINT}") from None
            raise ConfigError(f"sql: {message}") from None
        columns = tuple(d[0] for d in cursor.description or ())
        return QueryResult(columns, rows)
    finally:
        conn.close()
