"""Read-only SQL over a built ``corpus.sqlite`` (see ``docs/database.md`` for the schema).

The database is opened with a ``mode=ro`` URI, ``PRAGMA query_only`` is set, and an authorizer
refuses ``ATTACH`` (which could otherwise create a file): a statement that would write anything
raises :class:`~lawalign.errors.ConfigError` and leaves the database as it was.

A query is bounded (the limits are in :mod:`lawalign.limits`): it runs at most
:data:`~lawalign.limits.SQL_SECONDS` (a progress handler interrupts it: an endless recursive CTE
stops), returns at most :data:`~lawalign.limits.SQL_MAX_ROWS` rows and
:data:`~lawalign.limits.SQL_MAX_BYTES` bytes of values, no single value may exceed
:data:`~lawalign.limits.SQL_MAX_VALUE` bytes (``zeroblob(500000000)`` is refused by SQLite itself
before it allocates), and SQLite's own memory is capped at :data:`~lawalign.limits.SQL_HEAP_BYTES`.
Past any of them the query is refused with one line (exit 2), never a traceback.
"""

from __future__ import annotations

import re
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from lawalign.errors import ConfigError, InputError
from lawalign.limits import SQL_HEAP_BYTES, SQL_MAX_BYTES, SQL_MAX_ROWS, SQL_MAX_VALUE, SQL_SECONDS

DEFAULT_DB = Path("corpus") / "build" / "corpus.sqlite"

# SQL comments: what is left of a statement without them (and blanks, semicolons) must not be empty.
_COMMENT = re.compile(r"--[^\n]*|/\*.*?(?:\*/|$)", re.S)

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
    conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, SQL_MAX_VALUE)
    conn.setlimit(sqlite3.SQLITE_LIMIT_SQL_LENGTH, SQL_MAX_VALUE)
    conn.execute(f"PRAGMA hard_heap_limit = {SQL_HEAP_BYTES}")
    return conn


def _size(value: object) -> int:
    if isinstance(value, (str, bytes)):
        return len(value)
    return 8


def run_query(
    path: str | Path, sql: str, params: Sequence[object] = (), *, seconds: float = SQL_SECONDS
) -> QueryResult:
    """Run one read-only statement on the database at ``path``, within the limits above.

    Args:
        path: The ``corpus.sqlite`` file.
        sql: One SQL statement.
        params: Values for ``?`` placeholders.
        seconds: The time limit (default :data:`~lawalign.limits.SQL_SECONDS`).

    Returns:
        The columns and rows.

    Raises:
        InputError: The file is missing or not a database.
        ConfigError: No statement (blank, or only comments), a statement that would write, is not
            valid SQL (SQLite's message included), runs past the time limit, returns too many rows or
            bytes, or makes a value too big.
    """
    if not _COMMENT.sub("", sql).strip(" \t\r\n\f\v;"):
        # SQLite runs an empty statement as nothing: an empty shell variable printed nothing, exit 0
        raise ConfigError(
            "sql: no SQL statement given (blank or only comments); give one SELECT, WITH or PRAGMA"
        )
    conn = connect_read_only(path)
    deadline = time.monotonic() + seconds
    timed_out = False

    def over_time() -> int:
        nonlocal timed_out
        timed_out = time.monotonic() > deadline
        return int(timed_out)

    conn.set_progress_handler(over_time, 10_000)
    try:
        try:
            cursor = conn.execute(sql, tuple(params))
            rows: list[tuple[object, ...]] = []
            size = 0
            for row in cursor:  # one row at a time: the caps hold before the next row is read
                size += sum(_size(v) for v in row)
                rows.append(tuple(row))
                if len(rows) > SQL_MAX_ROWS:
                    raise ConfigError(
                        f"sql: refused: the result has more than {SQL_MAX_ROWS:,} rows (the limit); "
                        "add LIMIT or a narrower WHERE"
                    )
                if size > SQL_MAX_BYTES:
                    raise ConfigError(
                        f"sql: refused: the result holds more than {SQL_MAX_BYTES:,} bytes (the limit); "
                        "select fewer or shorter values"
                    )
        except MemoryError:
            raise ConfigError(
                "sql: refused: the query ran out of memory (SQLite's heap is capped at "
                f"{SQL_HEAP_BYTES:,} bytes); select fewer or shorter values"
            ) from None
        except (sqlite3.OperationalError, sqlite3.DatabaseError, sqlite3.ProgrammingError) as exc:
            message = str(exc)
            if timed_out or message == "interrupted":
                raise ConfigError(
                    f"sql: refused: the query ran past the time limit of {seconds:g} s and was stopped"
                ) from None
            if "too big" in message or "out of memory" in message:
                raise ConfigError(
                    f"sql: refused: {message} (one value may hold at most {SQL_MAX_VALUE:,} bytes)"
                ) from None
            if any(word in message for word in ("readonly", "read-only", "authoriz")):
                raise ConfigError(f"sql: refused: {message}; {_WRITE_HINT}") from None
            raise ConfigError(f"sql: {message}") from None
        columns = tuple(d[0] for d in cursor.description or ())
        return QueryResult(columns, tuple(rows))
    finally:
        conn.close()
