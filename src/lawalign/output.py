"""Writing results: atomic files (no half-written output) and row formats for the CLI.

Rows are plain dicts; ``jsonl`` writes one JSON object per line (keys in the row's order),
``csv`` flattens nested dicts with dotted names (``source.path``), ``text`` is for people.
"""

from __future__ import annotations

import csv
import io
import json
import os
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import IO

from lawalign.errors import ConfigError, InputError

ROW_FORMATS = ("jsonl", "json", "csv", "text")


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder and a rename."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise InputError(str(target), f"cannot write here: {exc.strerror}") from None
    try:
        # mkstemp creates the file 0600; give the result the mode a plain open() would have.
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(fd, 0o666 & ~umask)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _flatten(row: Mapping[str, object], prefix: str = "") -> dict[str, object]:
    flat: dict[str, object] = {}
    for key, value in row.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            flat.update(_flatten(value, name + "."))
        elif isinstance(value, (list, tuple)):
            flat[name] = (
                json.dumps(list(value), ensure_ascii=False)
                if value and not isinstance(value[0], str)
                else "|".join(map(str, value))
            )
        else:
            flat[name] = value
    return flat


def format_rows(rows: Sequence[Mapping[str, object]], fmt: str, text_line: object = None) -> str:
    """Render rows as jsonl, json (a list), csv or text (``text_line(row) -> str`` per row)."""
    if fmt == "jsonl":
        return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
    if fmt == "json":
        return json.dumps(list(rows), ensure_ascii=False, indent=2) + "\n"
    if fmt == "csv":
        flat = [_flatten(r) for r in rows]
        fields: dict[str, None] = {}
        for r in flat:
            fields.update(dict.fromkeys(r))
        buf = io.StringIO()
        writer = csv.DictWriter(buf, fieldnames=list(fields), lineterminator="\n")
        writer.writeheader()
        for r in flat:
            writer.writerow({k: ("" if v is None else v) for k, v in r.items()})
        return buf.getvalue()
    if fmt == "text":
        render = text_line if callable(text_line) else (lambda r: json.dumps(r, ensure_ascii=False))
        return "".join(str(render(r)) + "\n" for r in rows)
    raise ConfigError(f"unknown format {fmt!r}; valid: {', '.join(ROW_FORMATS)}")


def emit(text: str, out: str | None, stream: IO[str]) -> None:
    """Send text to ``out`` (a path, atomically) or to the stream when ``out`` is None or "-"."""
    if out and out != "-":
        write_atomic(out, text.encode("utf-8"))
    else:
        stream.write(text)


def iter_units_rows(editions: Iterable[object]) -> list[dict[str, object]]:
    """The ``lawalign units`` rows of editions, debris included, in source order."""
    rows: list[dict[str, object]] = []
    for e in editions:
        for u in getattr(e, "units", ()):
            rows.append(u.as_row())
    return rows
