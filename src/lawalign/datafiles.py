"""Knowledge as data: where data files come from (a user's ``--data`` folder, then the bundled
``lawalign/data``) and how they are checked on load (unknown keys refused with file and line).

A user data folder has the layout of the bundled one: ``profiles/<lang>.toml``,
``skeletons/<edition>.toml``, ``termbase/<lang>.toml``, ``changes/<from>-<to>.toml``. Its files are
used before the bundled ones. The folder in force is set for the duration of a run's stages
(:func:`using_data`), so every loader, however deep, reads the same files.

>>> with using_data(None):
...     data_file("profiles", "ru").name
'ru.toml'
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Collection, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from lawalign.errors import ConfigError

KINDS = ("profiles", "skeletons", "termbase", "changes")
"""The kinds of data file, each a folder of TOML files."""

_USER: ContextVar[Path | None] = ContextVar("lawalign_user_data", default=None)


def user_data() -> Path | None:
    """The user data folder in force (None: bundled data only)."""
    return _USER.get()


@contextmanager
def using_data(folder: str | Path | None) -> Iterator[None]:
    """Use ``folder`` (a user data folder) before the bundled data inside the ``with`` block.

    Raises:
        ConfigError: ``folder`` is not a folder, or holds none of the known data folders.
    """
    path = Path(folder) if folder is not None else None
    if path is not None:
        check_data_dir(path)
    token = _USER.set(path)
    try:
        yield
    finally:
        _USER.reset(token)


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


def data_file(kind: str, name: str, folder: Path | None = None) -> Traversable | None:
    """``<kind>/<name>.toml`` from ``folder`` (default: the user data folder in force), else the
    bundled one, else None."""
    user = folder if folder is not None else user_data()
    if user is not None:
        path = user / kind / f"{name}.toml"
        if path.is_file():
            return path
    entry = bundled(kind).joinpath(f"{name}.toml")
    return entry if entry.is_file() else None


def data_names(kind: str) -> tuple[str, ...]:
    """Stems of every ``<kind>`` file, user and bundled, sorted."""
    names = {p.name[:-5] for p in bundled(kind).iterdir() if p.name.endswith(".toml")}
    user = user_data()
    if user is not None and (user / kind).is_dir():
        names |= {p.name[:-5] for p in (user / kind).iterdir() if p.name.endswith(".toml")}
    return tuple(sorted(names))


def parse_toml(text: str, source: str) -> dict[str, Any]:
    """A data file's TOML, or a :class:`ConfigError` naming ``source`` and where the syntax breaks.

    >>> parse_toml('edition = "2017"', "skeletons/2017.toml")
    {'edition': '2017'}
    """
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{source}: {exc}") from None


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
    pattern = re.compile(rf"^\s*\[\[\s*{re.escape(table)}\s*\]\]")
    seen = -1
    for number, line in enumerate(text.splitlines(), start=1):
        if pattern.match(line):
            seen += 1
            if seen == index:
                return number
    return 0


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
