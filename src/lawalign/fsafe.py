"""Reading a user's file without hanging on it: only regular files are opened for reading.

A named pipe (FIFO) blocks a reader until someone writes to it, a device such as ``/dev/zero`` never
ends, a socket cannot be read at all: each is refused before any byte is read. The check is made on
the open file itself (``fstat`` after a non-blocking open), so the name cannot be swapped between
the check and the read.

>>> import tempfile, os
>>> folder = tempfile.mkdtemp(); fifo = os.path.join(folder, "pipe"); os.mkfifo(fifo)
>>> read_regular(fifo, "pipe")
Traceback (most recent call last):
...
lawalign.errors.InputError: pipe: is a named pipe (FIFO), not a regular file: refused before reading
"""

from __future__ import annotations

import os
import stat

from lawalign.errors import InputError

_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def special_kind(mode: int) -> str:
    """What a file of ``mode`` is when it is not a regular file ("" for a regular file)."""
    if stat.S_ISREG(mode):
        return ""
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def check_regular(path: str | os.PathLike[str], shown: str) -> os.stat_result:
    """The ``stat`` of ``path`` (links followed), refusing anything but a regular file.

    Raises:
        InputError: missing, unreadable, or a folder, FIFO, device or socket.
    """
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise InputError(shown, "no such file") from None
    except OSError as exc:
        raise InputError(shown, f"cannot read: {exc.strerror or exc}") from None
    kind = special_kind(st.st_mode)
    if kind:
        raise InputError(shown, f"is {kind}, not a regular file: refused before reading")
    return st


def read_regular(path: str | os.PathLike[str], shown: str, *, limit: int | None = None) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    Raises:
        InputError: not a regular file (checked before and after opening, without blocking), or
            longer than ``limit`` (``file is over the … limit``), or unreadable.
    """
    check_regular(path, shown)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise InputError(shown, f"cannot read: {exc.strerror or exc}") from None
    with os.fdopen(fd, "rb") as fh:
        kind = special_kind(os.fstat(fd).st_mode)
        if kind:
            raise InputError(shown, f"is {kind}, not a regular file: refused before reading")
        try:
            data = fh.read() if limit is None else fh.read(limit + 1)
        except OSError as exc:
            raise InputError(shown, f"cannot read: {exc.strerror or exc}") from None
    if limit is not None and len(data) > limit:
        raise InputError(shown, f"file is over the {limit:,}-byte limit")
    return data


__all__ = ["check_regular", "read_regular", "special_kind"]
