"""A corpus: a folder with ``manifest.toml`` describing each edition, or plain files.

Manifest keys, per ``[[edition]]``: ``file`` (relative to the folder), ``lang`` (ISO 639-1),
``name`` (short name, default the file stem), ``source_edition`` (which WBF edition it translates;
default: chosen by the run from the text, see :func:`lawalign.run.read_structure`), ``laws`` (the
laws it covers: coverage findings use them, and a text holding a law not listed is refused),
``description``, ``authoritative`` (true for the text findings are stated against). ``[corpus]``
has ``name`` and ``reference`` (the WBF edition findings are stated against: editions following
another one are compared like with like, see :func:`lawalign.diff.divergences.find_run_divergences`;
default: the most common ``source_edition``).
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from lawalign.datafiles import load_toml, toml_location
from lawalign.errors import InputError
from lawalign.fsafe import read_regular, special_kind
from lawalign.ingest.langcodes import check_lang
from lawalign.limits import MAX_LAW_NUMBER
from lawalign.models import DEFAULT_REFERENCE, Edition
from lawalign.output import name_problem, slug

MANIFEST = "manifest.toml"
MANIFEST_MAX_BYTES = 20 * 1024 * 1024
"""Largest manifest read (the input size limit, 20 MiB; the bundled one is 2 KB)."""


@dataclass(frozen=True, slots=True)
class EditionEntry:
    """One ``[[edition]]``: ``file`` where it is read from; ``shown`` how every output names it
    (:func:`canonical_path`, the same however the corpus folder was typed)."""

    name: str
    file: Path
    lang: str | None
    source_edition: str | None = None  # None: the run chooses (see lawalign.run.read_structure)
    laws: tuple[str, ...] = ()
    description: str = ""
    authoritative: bool = False
    shown: str = ""


def canonical_path(root: Path, file_value: str) -> str:
    """How outputs name a manifest's file: the corpus folder's own name, then the path the manifest
    gives, normalized (an absolute path stays absolute). It does not depend on the working folder
    or on how the corpus folder was typed (``corpus``, ``.`` inside it, ``/abs/corpus``).

    >>> canonical_path(Path("/data/corpus"), "./raw/ru.txt"), canonical_path(Path("/c"), "/x/ru.txt")
    ('corpus/raw/ru.txt', '/x/ru.txt')
    """
    value = file_value.replace("\\", "/")
    if os.path.isabs(value):
        return os.path.normpath(value)
    name = Path(os.path.abspath(root)).resolve().name
    return os.path.normpath(os.path.join(name, value)) if name else os.path.normpath(value)


@dataclass(frozen=True, slots=True)
class Manifest:
    root: Path
    name: str
    reference: str
    editions: tuple[EditionEntry, ...]
    reference_given: bool = False  # [corpus] reference is in the file (not the default)


_EDITION_KEYS = frozenset({"file", "lang", "name", "source_edition", "laws", "description", "authoritative"})
_CORPUS_KEYS = frozenset({"name", "reference"})
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


class _Locator:
    """Lines of keys in the manifest text, so a wrong value is reported as ``path:line:col``."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.tables: list[tuple[str, int]] = []  # (header, 0-based line)
        for i, line in enumerate(self.lines):
            stripped = line.strip()
            if stripped.startswith("["):
                self.tables.append((stripped.split("#", 1)[0].strip(), i))

    def find(self, table: str, index: int, key: str) -> tuple[int, int]:
        """(line, col) of ``key`` in the ``index``-th ``table`` header's block (1-based; 0 when unknown).

        ``table`` "" is the top level (before the first header).
        """
        starts = [i for header, i in self.tables if header == table] if table else [-1]
        if index >= len(starts):
            return (0, 0)
        begin = starts[index]
        end = next((i for _, i in self.tables if i > begin), len(self.lines))
        pattern = re.compile(rf"^\s*[\"']?{re.escape(key)}[\"']?\s*=")
        for i in range(begin + 1, end):
            match = pattern.match(self.lines[i])
            if match:
                value_col = len(self.lines[i]) - len(self.lines[i][match.end() :].lstrip())
                return (i + 1, value_col + 1)
        return (begin + 1, 1) if begin >= 0 else (0, 0)


def load_manifest(
    folder: str | os.PathLike[str], *, allow_outside: bool = False, data_dir: Path | None = None
) -> Manifest:
    """Read and validate ``folder/manifest.toml``; every error names the file, line and column.

    Args:
        folder: The corpus folder.
        allow_outside: Let ``file`` entries point outside ``folder`` (absolute paths, ``..``, links
            leaving it): the run's setting (the CLI's ``--allow-outside``).
        data_dir: The run's ``--data`` folder: its profiles, skeletons and change maps name languages
            and editions a manifest may use.

    Raises:
        InputError: The manifest is missing, malformed TOML, or a value has the wrong type, names an
            unknown language or edition, an unsafe edition name, or a file outside the folder.
    """
    root = Path(folder)
    path = root / MANIFEST
    shown = str(path)
    if not path.exists():
        raise InputError(shown, "no manifest.toml in this corpus folder")
    try:
        text = read_regular(path, shown, limit=MANIFEST_MAX_BYTES).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(shown, f"manifest is not UTF-8: {exc.reason}") from None
    try:
        data = load_toml(text, shown)
    except tomllib.TOMLDecodeError as exc:
        message, line, col = toml_location(exc, text)
        raise InputError(shown, f"malformed manifest: {message}", line, col) from None
    loc = _Locator(text)

    def fail(message: str, table: str = "", index: int = 0, key: str = "") -> InputError:
        line, col = loc.find(table, index, key) if table or key else (0, 0)
        return InputError(shown, message, line, col)

    unknown_top = sorted(set(data) - {"corpus", "edition"})
    if unknown_top:
        raise fail(f"unknown top-level key(s) {', '.join(unknown_top)}; valid: [corpus], [[edition]]")
    head = data.get("corpus", {})
    if not isinstance(head, dict):
        raise fail("'corpus' must be a table ([corpus])", key="corpus")

    def string(table: str, index: int, raw: dict[str, object], key: str, default: str) -> str:
        value = raw.get(key, default)
        if not isinstance(value, str):
            raise fail(f"{key!r} must be a string, not {value!r}", table, index, key)
        bad = _CONTROL.search(value)
        if bad:
            raise fail(f"{key!r} holds the control character U+{ord(bad.group()):04X}", table, index, key)
        return value

    extra = sorted(set(head) - _CORPUS_KEYS)
    if extra:
        raise fail(
            f"unknown key(s) in [corpus]: {', '.join(extra)}; valid: {', '.join(sorted(_CORPUS_KEYS))}",
            "[corpus]",
            0,
            extra[0],
        )
    reference = string("[corpus]", 0, head, "reference", DEFAULT_REFERENCE)
    skeletons = _skeletons(data_dir)
    if reference not in skeletons:
        raise fail(
            f"reference {reference!r} has no skeleton; known: {', '.join(skeletons)}",
            "[corpus]",
            0,
            "reference",
        )
    corpus_name = string("[corpus]", 0, head, "name", root.name)
    raw_editions = data.get("edition", [])
    if not isinstance(raw_editions, list) or not all(isinstance(r, dict) for r in raw_editions):
        header = re.search(r"^[ \t]*\[[ \t]*edition[ \t]*\]", text, re.M)
        line, col = (text.count("\n", 0, header.start()) + 1, 1) if header else loc.find("", 0, "edition")
        raise InputError(
            shown,
            "'edition' must be a list of tables: write each edition as [[edition]] (two brackets)",
            line,
            col,
        )
    editions_known = _known_editions(data_dir)
    entries = []
    resolved_root = root.resolve()
    for i, raw in enumerate(raw_editions):
        table = "[[edition]]"
        extra = sorted(set(raw) - _EDITION_KEYS)
        if extra:
            raise fail(
                f"edition #{i + 1}: unknown key(s) {', '.join(extra)}; "
                f"valid: {', '.join(sorted(_EDITION_KEYS))}",
                table,
                i,
                extra[0],
            )
        if "file" not in raw:
            raise fail(f"edition #{i + 1} has no 'file'", table, i, "file")
        file_value = string(table, i, raw, "file", "")
        if not file_value.strip():
            raise fail(f"edition #{i + 1}: 'file' is empty", table, i, "file")
        file = root / file_value
        if not allow_outside:
            try:
                file.resolve().relative_to(resolved_root)
            except ValueError:
                raise fail(
                    f"edition #{i + 1}: file {file_value!r} is outside the corpus folder "
                    "(refused; pass --allow-outside to read it)",
                    table,
                    i,
                    "file",
                ) from None
        name = string(table, i, raw, "name", "") if "name" in raw else slug(file.stem)
        problem = name_problem(name)
        if problem:
            raise fail(f"edition #{i + 1}: name {name!r} is {problem}", table, i, "name")
        lang: str | None = None
        if "lang" in raw:
            line, col = loc.find(table, i, "lang")
            lang = check_lang(raw["lang"], shown, line, col, data_dir=data_dir)
        source_edition: str | None = None
        if "source_edition" in raw:
            source_edition = string(table, i, raw, "source_edition", reference)
        if source_edition is not None and source_edition not in editions_known:
            raise fail(
                f"edition #{i + 1}: source_edition {source_edition!r} is not a known edition "
                f"({', '.join(editions_known)})",
                table,
                i,
                "source_edition",
            )
        laws = raw.get("laws", [])
        if not isinstance(laws, list):
            raise fail(
                f"edition #{i + 1}: 'laws' must be a list of law numbers, not {_short(laws)}",
                table,
                i,
                "laws",
            )
        if len(laws) > MAX_LAW_NUMBER:
            raise fail(
                f"edition #{i + 1}: 'laws' lists {len(laws):,} items, more than there are law numbers "
                f"(1-{MAX_LAW_NUMBER})",
                table,
                i,
                "laws",
            )
        for x in laws:
            number = x if isinstance(x, int) and not isinstance(x, bool) else None
            if isinstance(x, str) and re.fullmatch(r"[0-9]{1,3}", x.strip()):
                number = int(x)
            if number is None or not 1 <= number <= MAX_LAW_NUMBER:
                raise fail(
                    f"edition #{i + 1}: 'laws' holds {_short(x)}; law numbers run 1-{MAX_LAW_NUMBER}",
                    table,
                    i,
                    "laws",
                )
        authoritative = raw.get("authoritative", False)
        if not isinstance(authoritative, bool):
            raise fail(
                f"edition #{i + 1}: 'authoritative' must be true or false, not {authoritative!r}",
                table,
                i,
                "authoritative",
            )
        entries.append(
            EditionEntry(
                name=name,
                file=file,
                lang=lang,
                source_edition=source_edition,
                laws=tuple(str(int(x)) for x in laws),
                description=string(table, i, raw, "description", ""),
                authoritative=authoritative,
                shown=canonical_path(root, file_value),
            )
        )
    if not entries:
        raise fail("the manifest lists no [[edition]]")
    names = [e.name for e in entries]
    if len(set(names)) != len(names):
        raise fail(f"edition names repeat: {', '.join(sorted(names))}")
    return Manifest(
        root=root,
        name=corpus_name,
        reference=reference,
        editions=tuple(entries),
        reference_given="reference" in head,
    )


def _short(value: object) -> str:
    """A value for a message, at most 40 characters."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _skeletons(data_dir: Path | None) -> tuple[str, ...]:
    from lawalign.structure.skeleton import known_skeletons

    return known_skeletons(data_dir)


def _known_editions(data_dir: Path | None) -> tuple[str, ...]:
    from lawalign.editions.changes import known_editions

    return known_editions(data_dir)  # the bundled skeletons and change maps name 1997, 2007 and 2017


def read_akn_edition(path: str | os.PathLike[str], shown: str | None = None) -> Edition | None:
    """The edition in ``path`` when it is an Akoma Ntoso document this project wrote, else None.

    Such a document carries every unit with its id (``la:id``), so it is read back as it is, never
    segmented again: ``lawalign units X.xml`` gives the units ``build`` wrote.

    Raises:
        InputError: it is the project's AKN but does not read (malformed, a unit attribute wrong).
    """
    p = Path(path)
    try:
        if special_kind(p.stat().st_mode):
            return None  # not read here: ``read_source`` refuses it with its kind
        with p.open("rb") as fh:
            head = fh.read(4096)
    except OSError:
        return None
    if b"akomaNtoso" not in head or AKN_MARK not in head:
        return None
    from lawalign.ingest.read import MAX_BYTES
    from lawalign.structure.akn_read import from_akn

    name = shown or os.fspath(path)
    if p.stat().st_size > MAX_BYTES:
        raise InputError(name, f"file is over the {MAX_BYTES / 1048576:.0f} MB limit for one law text")
    return from_akn(read_regular(p, name, limit=MAX_BYTES), name)


AKN_MARK = b"https://lawalign.dev/ns/1.0"
"""The project namespace (``la:``) that marks an Akoma Ntoso document written by ``to_akn``."""


def is_corpus(path: str | os.PathLike[str]) -> bool:
    return (Path(path) / MANIFEST).exists() and Path(path).is_dir()
