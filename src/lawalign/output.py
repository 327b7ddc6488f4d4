"""Writing results: atomic files (no half-written output) and row formats for the CLI.

Rows are plain dicts; ``jsonl`` writes one JSON object per line (keys in the row's order),
``csv`` flattens nested dicts with dotted names (``source.path``), ``text`` is for people.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import secrets
import tempfile
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import IO

from lawalign.errors import ConfigError, WriteError
from lawalign.limits import MAX_FILE_NAME_CHARS, MAX_NAME_CHARS

log = logging.getLogger(__name__)

ROW_FORMATS = ("jsonl", "json", "csv", "text")

MAX_NAME = MAX_NAME_CHARS
"""Longest edition name (it becomes a file name: ``<name>.xml``; :mod:`lawalign.limits`)."""
_PLAIN_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")
# Names Windows reserves in every folder, with or without an extension.
_RESERVED = frozenset(
    {"con", "prn", "aux", "nul"} | {f"com{i}" for i in range(10)} | {f"lpt{i}" for i in range(10)}
)


def name_problem(name: str, limit: int = MAX_NAME) -> str:
    """Why ``name`` cannot be an edition name (a file name in an output folder), or "" when it can.

    A plain name is ASCII letters, digits, ``_``, ``-`` and ``.``, starts with a letter or digit, has no
    ``..``, does not end with ``.``, is at most :data:`MAX_NAME` characters and is not a reserved device
    name (``con``, ``nul``, ``com1`` ...).

    >>> name_problem("vi"), name_problem("ru-2007.b")
    ('', '')
    >>> name_problem("../pwned")
    'not a plain name (letters, digits, _ - . only, starting with a letter or digit)'
    >>> name_problem("nul")
    'a reserved device name'
    """
    if not name:
        return "empty"
    if len(name) > limit:
        return f"longer than {limit} characters"
    if not _PLAIN_NAME.fullmatch(name):
        return "not a plain name (letters, digits, _ - . only, starting with a letter or digit)"
    if ".." in name or name.endswith("."):
        return "not a plain name (no '..', no final '.')"
    if name.split(".", 1)[0].lower() in _RESERVED:
        return "a reserved device name"
    return ""


def slug(text: str) -> str:
    """A plain name made from any text (a file stem): accents dropped, other characters as ``-``.

    >>> slug("Điều 68 (bản dịch)"), slug("..."), slug("con")
    ('Dieu-68-ban-dich', 'edition', 'ed-con')
    """
    folded = unicodedata.normalize("NFKD", text.replace("Đ", "D").replace("đ", "d"))
    ascii_only = "".join(ch for ch in folded if not unicodedata.combining(ch))
    out = re.sub(r"[^A-Za-z0-9_.-]+", "-", ascii_only)
    out = re.sub(r"\.{2,}", ".", out).strip("-.")[:MAX_NAME].rstrip("-.")
    if not out:
        return "edition"
    if name_problem(out):  # a reserved device name
        out = ("ed-" + out)[:MAX_NAME]
    return out


def edition_file(name: str, suffix: str = ".xml") -> str:
    """The file name an edition's output gets: ``name + suffix``, only for a plain ``name``.

    Raises:
        ConfigError: ``name`` is not a plain name (it would leave or escape the output folder).

    >>> edition_file("vi")
    'vi.xml'
    """
    problem = name_problem(name)
    if problem:
        raise ConfigError(f"edition name {name!r} cannot be a file name: {problem}")
    return name + suffix


def _fsync_dir(folder: Path) -> None:
    """Make a folder's entries (renames, new files) durable; a no-op where folders cannot be opened."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _write_file(path: Path, data: bytes) -> None:
    """Create ``path`` (which must not exist) with ``data``, flushed to disk, mode as plain open()."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())


def _write_error(exc: OSError, fallback: Path) -> WriteError:
    where = exc.filename if isinstance(exc.filename, str) else str(fallback)
    return WriteError(where, f"cannot write: {exc.strerror or exc}")


def write_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder and a rename.

    Raises:
        WriteError: ``path`` is a folder, or the disk refused the write (full, read-only, no
            permission); the temporary file is removed and ``path`` keeps its old content.
    """
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if target.is_dir():
        raise WriteError(str(target), "is a folder; give a file name")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise WriteError(str(target), f"cannot write here: {exc.strerror}") from None
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
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise WriteError(str(target), f"cannot write: {exc.strerror or exc}") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


# --- the build folder: written whole into a temporary sibling, then swapped in -------------------

TMP_MARK = ".tmp-"
OLD_MARK = ".old-"


def _pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # exists, owned by someone else
        return True
    return True


def _siblings(target: Path, mark: str) -> list[Path]:
    parent = target.parent if str(target.parent) else Path(".")
    if not parent.is_dir():
        return []
    prefix = target.name + mark
    return sorted(p for p in parent.iterdir() if p.name.startswith(prefix) and p.is_dir())


def _owner(path: Path, mark: str, target: Path) -> int:
    rest = path.name[len(target.name) + len(mark) :]
    head = rest.split("-", 1)[0]
    return int(head) if head.isdigit() else 0


def recover_folder(target: str | os.PathLike[str]) -> list[str]:
    """Finish or undo a build that was killed while swapping ``target``; remove stale temporaries.

    A build writes ``<target>.tmp-<pid>-<r>/`` and, to swap it in, renames ``target`` to
    ``<target>.old-<pid>-<r>/`` and the temporary to ``target``. Killed before the second rename,
    ``target`` is missing and the old folder is put back; killed after, the old folder is removed.
    Temporaries of processes that are no longer running are removed.

    Returns:
        What was done, one line each (also logged).
    """
    target = Path(target)
    done: list[str] = []
    for old in _siblings(target, OLD_MARK):
        if _pid_alive(_owner(old, OLD_MARK, target)) and _owner(old, OLD_MARK, target) != os.getpid():
            continue
        if not target.exists():
            os.rename(old, target)
            done.append(f"{target}: restored the previous build from {old.name} (a build was interrupted)")
        elif _remove_written(old):
            done.append(f"{target}: removed {old.name} left by an interrupted build")
    for tmp in _siblings(target, TMP_MARK):
        if _pid_alive(_owner(tmp, TMP_MARK, target)) and _owner(tmp, TMP_MARK, target) != os.getpid():
            continue
        if _remove_written(tmp):
            done.append(f"{target}: removed the stale temporary folder {tmp.name}")
    for line in done:
        log.warning("%s", line)
    return done


BUILD_MARKER = ".lawalign-build"
"""The marker file every build folder carries: JSON ``{"lawalign-build": 1, "files": [...]}`` naming
the files the build wrote. A folder is replaced only when it is empty or carries this marker (or is
a build of an earlier version: a lawalign ``manifest.json`` naming its files), and it holds nothing
but those plain files; replacing it deletes only the files named there."""


def _marker(names: Iterable[str]) -> bytes:
    return (json.dumps({"lawalign-build": 1, "files": sorted(names)}) + "\n").encode("utf-8")


def _written_files(folder: Path) -> set[str] | None:
    """The names a build wrote into ``folder`` (its marker, or an earlier version's manifest), or None
    when ``folder`` carries neither (it is not a lawalign build)."""
    try:
        doc = json.loads((folder / BUILD_MARKER).read_bytes())
    except (OSError, ValueError):
        doc = None
    if isinstance(doc, dict) and doc.get("lawalign-build") == 1 and isinstance(doc.get("files"), list):
        names = {n for n in doc["files"] if isinstance(n, str) and not name_problem(n, MAX_FILE_NAME_CHARS)}
        return names | {BUILD_MARKER}
    try:  # a build folder written before the marker existed
        legacy = json.loads((folder / "manifest.json").read_bytes())
    except (OSError, ValueError):
        return None
    build = legacy.get("build") if isinstance(legacy, dict) else None
    files = legacy.get("files") if isinstance(legacy, dict) else None
    if (
        isinstance(build, dict)
        and str(build.get("tool", "")).startswith("lawalign ")
        and re.fullmatch(r"[0-9a-f]{16}", str(build.get("id", "")))
        and isinstance(files, dict)
    ):
        return {n for n in files if isinstance(n, str) and not name_problem(n, MAX_FILE_NAME_CHARS)} | {
            "manifest.json"
        }
    return None


def replace_problem(folder: Path) -> str:
    """Why a build may not replace the existing folder ``folder``, or "" when it may: it is empty, or
    it carries :data:`BUILD_MARKER` and holds only the plain files a build wrote there."""
    entries = list(folder.iterdir())
    if not entries:
        return ""
    written = _written_files(folder)
    if written is None:
        return f"it has no {BUILD_MARKER} marker (it was not written by lawalign build)"
    for entry in sorted(entries):
        if entry.name not in written:
            return f"it holds {entry.name!r}, which no build wrote"
        if entry.is_symlink() or not entry.is_file():
            return f"{entry.name!r} is not a plain file"
    return ""


def _remove_written(folder: Path) -> bool:
    """Delete the files a build wrote into ``folder``, then the folder if that emptied it.

    Nothing else is deleted: a file the build did not write keeps the folder (logged). Returns
    whether the folder is gone.
    """
    written = _written_files(folder) or set()
    for name in [*sorted(written - {BUILD_MARKER}), BUILD_MARKER]:
        entry = folder / name
        if entry.is_file() and not entry.is_symlink():
            entry.unlink(missing_ok=True)
    try:
        folder.rmdir()
    except FileNotFoundError:
        return True
    except OSError:
        log.warning("%s: kept, it holds files no build wrote", folder)
        return False
    return True


def write_folder(target: str | os.PathLike[str], files: Mapping[str, bytes]) -> None:
    """Replace the folder ``target`` by exactly ``files`` (name → bytes) and the marker
    :data:`BUILD_MARKER`, all or nothing.

    Everything is written and flushed into a fresh sibling ``<target>.tmp-<pid>-<r>/`` (the marker
    first); then the old folder is renamed aside, the new one renamed in, and the files of the old
    one that a build wrote are removed. A failure before the swap leaves the old folder untouched; a
    kill during the swap is repaired by :func:`recover_folder`, which runs first on the next build.

    Raises:
        WriteError: ``target`` is a file, or a folder a build did not write (it is never replaced:
            see :func:`replace_problem`), or the disk refused a write (full, read-only); the old
            folder is then left as it was.
        ConfigError: a file name is not a plain name.
    """
    target = Path(target)
    parent = target.parent if str(target.parent) else Path(".")
    for name in files:
        problem = name_problem(name, MAX_FILE_NAME_CHARS)
        if problem or name == BUILD_MARKER:
            raise ConfigError(f"output file name {name!r} is {problem or 'the build marker'}")
    if target.is_symlink():
        raise WriteError(str(target), "is a symbolic link; give the folder itself (a link is never replaced)")
    if target.exists() and not target.is_dir():
        raise WriteError(str(target), "exists and is not a folder")
    if target.is_dir():
        try:
            problem = replace_problem(target)
        except OSError as exc:
            raise _write_error(exc, target) from None
        if problem:
            raise WriteError(
                str(target),
                f"exists and is not a lawalign build folder ({problem}); refusing to touch it: "
                "choose a new or empty folder",
            )
    try:
        recover_folder(target)
    except OSError as exc:
        raise _write_error(exc, target) from None
    tag = f"{os.getpid()}-{secrets.token_hex(4)}"
    tmp = parent / f"{target.name}{TMP_MARK}{tag}"
    old = parent / f"{target.name}{OLD_MARK}{tag}"
    moved_aside = False
    try:
        parent.mkdir(parents=True, exist_ok=True)
        tmp.mkdir()
        _write_file(tmp / BUILD_MARKER, _marker(files))
        for name in sorted(files):
            _write_file(tmp / name, files[name])
        _fsync_dir(tmp)
        if target.exists():
            _rename(target, old)
            moved_aside = True
        _rename(tmp, target)
        _fsync_dir(parent)
    except BaseException as exc:
        if tmp.is_dir():
            _remove_written(tmp)
        if moved_aside and not target.exists():
            os.rename(old, target)
        if isinstance(exc, OSError):
            raise _write_error(exc, target) from None
        raise
    if moved_aside:
        _remove_written(old)


def _rename(src: Path, dst: Path) -> None:
    """One step of the swap (a seam for fault-injection tests)."""
    os.rename(src, dst)


# --- build identity -------------------------------------------------------------------------------


def file_sha256(path: str | os.PathLike[str]) -> str:
    """The hex sha256 of a file's bytes ("" when it cannot be read)."""
    digest = hashlib.sha256()
    try:
        with open(path, "rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                digest.update(block)
    except OSError:
        return ""
    return digest.hexdigest()


def build_info(
    paths: Sequence[str], options: Mapping[str, object], files: Mapping[str, str] | None = None
) -> dict[str, object]:
    """The identity of a build: an id from the tool version, the options and the inputs' sha256.

    The id is a hash, not a clock reading or a random number, so the same inputs give byte-identical
    outputs while any change of input, option or version gives a new id. ``paths`` are the inputs as
    outputs name them; ``files`` maps such a name to where the file is read when it differs.

    >>> info = build_info([], {"align": False})
    >>> sorted(info), len(str(info["id"]))
    (['id', 'inputs', 'options', 'tool'], 16)
    """
    where = files or {}
    inputs = [{"path": p, "sha256": file_sha256(where.get(p, p))} for p in paths]
    tool = f"lawalign {_version()}"
    blob = json.dumps({"tool": tool, "options": dict(options), "inputs": inputs}, sort_keys=True)
    return {
        "id": hashlib.sha256(blob.encode("utf-8")).hexdigest()[:16],
        "tool": tool,
        "options": dict(options),
        "inputs": inputs,
    }


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("lawalign")
    except PackageNotFoundError:
        return "0"


def stamp_json(data: bytes, build: Mapping[str, object], *, sarif: bool = False) -> bytes:
    """A JSON output (``findings.json``, SARIF) with the build identity added, same layout.

    ``findings.json`` gets a top-level ``"build"``; SARIF gets ``runs[0].automationDetails.id``
    (``lawalign/<id>``) and ``runs[0].properties.build``.
    """
    doc = json.loads(data)
    if sarif:
        for run in doc.get("runs", []):
            run["automationDetails"] = {"id": f"lawalign/{build['id']}"}
            run.setdefault("properties", {})["build"] = dict(build)
    else:
        doc = {"build": dict(build), **doc}
    return (json.dumps(doc, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _formula_like(text: str) -> bool:
    return text.lstrip("'").startswith(_FORMULA_START) and (
        text.startswith(_FORMULA_START) or text.startswith("'")
    )


def csv_cell(value: object) -> object:
    """A CSV cell a spreadsheet will not run as a formula: text starting with ``= + - @``, tab or CR
    gets a leading ``'`` (the OWASP advice); anything else is returned unchanged. Text that already
    starts with ``'`` before such a character gets one more, so :func:`csv_uncell` undoes it exactly.

    >>> csv_cell("=1+2"), csv_cell("-"), csv_cell("68B2"), csv_cell(3), csv_cell("'=x")
    ("'=1+2", "'-", '68B2', 3, "''=x")
    """
    if isinstance(value, str) and _formula_like(value):
        return "'" + value
    return value


def csv_uncell(text: str) -> str:
    """The text of a cell written by :func:`csv_cell` (for readers that want it back exactly).

    >>> csv_uncell("'=1+2"), csv_uncell("'quoted"), csv_uncell("''=x")
    ('=1+2', "'quoted", "'=x")
    """
    if text.startswith("'") and _formula_like(text[1:]):
        return text[1:]
    return text


_CSV_SPECIAL = re.compile(r'[,"\n\r]')


def csv_text(fields: Sequence[str], rows: Iterable[Mapping[str, object]]) -> str:
    """RFC 4180 CSV (``\\n`` line ends) of ``rows`` under the header ``fields``, every cell through
    :func:`csv_cell`. Unlike the ``csv`` module with ``\\n`` line ends, a field holding a carriage
    return is quoted too, so every reader gets the same rows back.

    >>> print(csv_text(["id", "text"], [{"id": "68A", "text": "=1"}, {"id": "x", "text": "a\\rb"}]), end="")
    id,text
    68A,'=1
    x,"a\rb"
    """

    def field(value: object) -> str:
        text = "" if value is None else str(csv_cell(value))
        return f'"{text.replace(chr(34), chr(34) * 2)}"' if _CSV_SPECIAL.search(text) else text

    def line(values: list[str]) -> str:
        return '""' if values == [""] else ",".join(values)  # a lone empty field is not a blank line

    out = [line([field(name) for name in fields])]
    out.extend(line([field(row.get(name)) for name in fields]) for row in rows)
    return "".join(part + "\n" for part in out)


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


_UNPRINTABLE = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    r"""``text`` safe for a terminal: control characters (tab kept) spelled ``\x1b``, never sent raw.

    >>> print(printable("\x1b[2J68B2"))
    \x1b[2J68B2
    """
    return _UNPRINTABLE.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


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
        return csv_text(list(fields), flat)
    if fmt == "text":
        render = text_line if callable(text_line) else (lambda r: json.dumps(r, ensure_ascii=False))
        return "".join(printable(str(render(r))) + "\n" for r in rows)
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
