"""Knowledge as data: where data files come from (a user's ``--data`` folder, then the bundled
``lawalign/data``) and how they are checked on load (unknown keys refused with file and line).

A user data folder has the layout of the bundled one: ``profiles/<lang>.toml``,
``skeletons/<edition>.toml``, ``termbase/<lang>.toml``, ``changes/<from>-<to>.toml``. Its files are
used before the bundled ones. No folder is in force by default: every loader is given the run's
folder (``--data``), so what a run reads is decided by its arguments, never by which call came first.

>>> data_file("profiles", "ru", None).name
'ru.toml'
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Collection, Mapping
from functools import lru_cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from lawalign.errors import ConfigError, InputError
from lawalign.fsafe import check_regular, read_regular
from lawalign.limits import DATA_MAX_BYTES

KINDS = ("profiles", "skeletons", "termbase", "changes")
"""The kinds of data file, each a folder of TOML files."""


def check_data_dir(path: Path) -> None:
    """Refuse a ``--data`` folder that is missing or holds nothing lawalign reads.

    Raises:
        ConfigError: not a folder, or none of ``profiles/``, ``skeletons/``, ``termbase/``,
            ``changes/`` in it.
    """
    if not path.is_dir():
        raise ConfigError(f"{path}: --data must be a folder with {', '.join(k + '/' for k in KINDS)}")
    if not any((path / kind).is_dir() for kind in KINDS):
        raise ConfigError(f"{path}: holds none of {', '.join(k + '/' for k in KINDS)}; nothing to read there")


def bundled(kind: str) -> Traversable:
    """The bundled folder of ``kind``."""
    return resources.files("lawalign").joinpath("data", kind)


def data_file(kind: str, name: str, folder: Path | None) -> Traversable | None:
    """``<kind>/<name>.toml`` from the user data folder ``folder`` (None: none), else the bundled
    one, else None."""
    if folder is not None:
        path = folder / kind / f"{name}.toml"
        if path.exists():
            check_regular(path, str(path))  # a FIFO there would block the reader
            return path
    entry = bundled(kind).joinpath(f"{name}.toml")
    return entry if entry.is_file() else None


def data_names(kind: str, folder: Path | None) -> tuple[str, ...]:
    """Stems of every ``<kind>`` file, of the user data folder ``folder`` (None: none) and bundled, sorted."""
    names = {p.name[:-5] for p in bundled(kind).iterdir() if p.name.endswith(".toml")}
    if folder is not None and (folder / kind).is_dir():
        names |= {p.name[:-5] for p in (folder / kind).iterdir() if p.name.endswith(".toml")}
    return tuple(sorted(names))


TOML_MAX_DEPTH = 32
"""Deepest nesting of arrays and inline tables in a TOML file (manifest, data files, glossaries): the
bundled files nest 3 deep; a file nested thousands deep would exhaust the reader's recursion."""
_TOML_WHERE = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")


def toml_depth_problem(text: str) -> tuple[int, int] | None:
    """(line, column) where ``text`` nests arrays or inline tables deeper than
    :data:`TOML_MAX_DEPTH`, or None. Strings and comments are skipped; one pass, no recursion.

    >>> toml_depth_problem("a = [[1], {b = [2]}]")
    >>> toml_depth_problem("a = " + "[" * 40 + "]" * 40)
    (1, 37)
    """
    depth = 0
    line, line_start = 1, 0
    i, n = 0, len(text)
    at_line_start = True
    while i < n:
        ch = text[i]
        if ch == "\n":
            line, line_start, at_line_start = line + 1, i + 1, True
            i += 1
            continue
        if ch in " \t\r":
            i += 1
            continue
        if ch == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        if at_line_start and depth == 0 and ch == "[":  # a table header: [x] or [[x]], not a value
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        at_line_start = False
        if ch in "\"'":
            triple = text.startswith(ch * 3, i)
            quote = ch * 3 if triple else ch
            j = i + len(quote)
            while j < n:
                if ch == '"' and text[j] == "\\":
                    j += 2
                    continue
                if text.startswith(quote, j):
                    break
                if not triple and text[j] == "\n":
                    break
                if text[j] == "\n":
                    line, line_start = line + 1, j + 1
                j += 1
            i = j + len(quote)
            continue
        if ch in "[{":
            depth += 1
            if depth > TOML_MAX_DEPTH:
                return line, i - line_start + 1
        elif ch in "]}":
            depth = max(depth - 1, 0)
        i += 1
    return None


def load_toml(text: str, source: str) -> dict[str, Any]:
    """``text`` as TOML, nesting bounded: the one TOML reader of manifests, data files, glossaries.

    Raises:
        tomllib.TOMLDecodeError: malformed TOML, or nested deeper than :data:`TOML_MAX_DEPTH`
            (the message ends with ``(at line L, column C)``, as tomllib's own).
    """
    where = toml_depth_problem(text)
    if where is not None:
        raise tomllib.TOMLDecodeError(
            f"arrays or inline tables nest deeper than {TOML_MAX_DEPTH} levels (at line {where[0]}, "
            f"column {where[1]})"
        )
    try:
        return tomllib.loads(text)
    except RecursionError:  # belt and braces: the scan above bounds what tomllib recurses on
        raise tomllib.TOMLDecodeError(
            f"nested deeper than {TOML_MAX_DEPTH} levels (at line 1, column 1)"
        ) from None


def toml_location(exc: tomllib.TOMLDecodeError, text: str = "") -> tuple[str, int, int]:
    """tomllib's message without its ``(at line L, column C)`` (or ``(at end of document)``: the
    end of ``text``), and L and C (0 when unknown).

    >>> toml_location(tomllib.TOMLDecodeError("Invalid value (at line 3, column 7)"))
    ('Invalid value', 3, 7)
    """
    message = str(exc)
    where = _TOML_WHERE.search(message)
    if where:
        return _TOML_WHERE.sub("", message), int(where[1]), int(where[2])
    if message.endswith("(at end of document)"):
        line = text.count("\n") + 1
        return message.removesuffix("(at end of document)").rstrip(), line, len(text) - text.rfind("\n")
    return message, 0, 0


def parse_toml(text: str, source: str) -> dict[str, Any]:
    """A data file's TOML, or a :class:`ConfigError` ``source:line:col: message`` where it breaks.

    >>> parse_toml('edition = "2017"', "skeletons/2017.toml")
    {'edition': '2017'}
    >>> parse_toml('edition = ', "s.toml")
    Traceback (most recent call last):
    ...
    lawalign.errors.ConfigError: s.toml:1:11: Invalid value
    """
    try:
        return load_toml(text, source)
    except tomllib.TOMLDecodeError as exc:
        message, line, col = toml_location(exc, text)
        loc = f"{source}:{line}:{col}" if line else source
        raise ConfigError(f"{loc}: {message}") from None


def read_data(entry: Traversable, source: str) -> str:
    """The text of a data file: a user's file is read only if it is a regular file of at most
    :data:`~lawalign.limits.DATA_MAX_BYTES` (a FIFO there would block the reader for ever).

    Raises:
        InputError: the user's file is not a regular file, is too large, or is not UTF-8.
    """
    if not isinstance(entry, Path):
        return entry.read_text(encoding="utf-8")
    try:
        return read_regular(entry, source, limit=DATA_MAX_BYTES).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(source, f"not UTF-8: {exc.reason}") from None


def shown(entry: Traversable, kind: str) -> str:
    """How a data file is named in messages: its path for a user file, ``kind/name`` when bundled."""
    return str(entry) if isinstance(entry, Path) else f"{kind}/{entry.name}"


def key_line(text: str, key: str, after: int = 0) -> int:
    """The 1-based line where ``key = …`` (or ``[… .key]``) first stands at or after line ``after``.

    >>> key_line('a = 1\\n[x]\\nfoo = 2\\n', "foo")
    3
    >>> key_line('a = 1\\n', "zzz")
    0
    """
    pattern = re.compile(rf"""^\s*(?:["']?{re.escape(key)}["']?\s*=|\[+[^\]]*\b{re.escape(key)}\]+)""")
    for number, line in enumerate(text.splitlines(), start=1):
        if number >= after and pattern.match(line):
            return number
    return 0


def table_line(text: str, table: str, index: int) -> int:
    """The 1-based line of the ``index``-th (0-based) ``[[table]]`` header, 0 when not found.

    >>> table_line('[[unit]]\\nid = "a"\\n[[unit]]\\nid = "b"\\n', "unit", 1)
    3
    """
    lines = _table_lines(text, table)
    return lines[index] if 0 <= index < len(lines) else 0


@lru_cache(maxsize=16)
def _table_lines(text: str, table: str) -> tuple[int, ...]:
    """The 1-based lines of every ``[[table]]`` header of ``text`` (one scan for all the tables of a
    file, where a scan per table made loading a skeleton quadratic in its units)."""
    pattern = re.compile(rf"^\s*\[\[\s*{re.escape(table)}\s*\]\]")
    return tuple(number for number, line in enumerate(text.splitlines(), start=1) if pattern.match(line))


def check_keys(
    raw: Mapping[str, object],
    allowed: Collection[str],
    source: str,
    text: str,
    *,
    where: str = "",
    after: int = 0,
) -> None:
    """Refuse keys of ``raw`` that are not in ``allowed``: ``source:line: unknown key …; valid: …``.

    Args:
        raw: the table read.
        allowed: the keys it may have.
        source: the file, as shown in messages.
        text: the file's text (to find the line).
        where: what the table is ("unit 68B2"), for the message.
        after: the line the table starts at (keys are looked up from there).

    Raises:
        ConfigError: an unknown key.

    >>> check_keys({"id": 1, "rol": 2}, {"id", "role"}, "s.toml", 'id = 1\\nrol = 2\\n')
    Traceback (most recent call last):
    ...
    lawalign.errors.ConfigError: s.toml:2: unknown key 'rol'; valid: id, role
    """
    unknown = sorted(set(raw) - set(allowed))
    if not unknown:
        return
    key = unknown[0]
    line = key_line(text, key, after)
    loc = f"{source}:{line}" if line else source
    what = f" in {where}" if where else ""
    raise ConfigError(f"{loc}: unknown key {key!r}{what}; valid: {', '.join(sorted(allowed))}")


def check_choice(
    value: str, valid: Collection[str], source: str, text: str, *, name: str, after: int = 0
) -> None:
    """Refuse ``value`` of key ``name`` when not one of ``valid``, with file and line.

    Raises:
        ConfigError: ``source:line: unknown <name> '<value>'; valid: …``.
    """
    if value in valid:
        return
    line = key_line(text, name, after)
    loc = f"{source}:{line}" if line else source
    raise ConfigError(f"{loc}: unknown {name} {value!r}; valid: {', '.join(valid)}")
