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
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from lawalign.errors import InputError
from lawalign.models import Edition

MANIFEST = "manifest.toml"


@dataclass(frozen=True, slots=True)
class EditionEntry:
    name: str
    file: Path
    lang: str | None
    source_edition: str | None = None  # None: the run chooses (see lawalign.run.read_structure)
    laws: tuple[str, ...] = ()
    description: str = ""
    authoritative: bool = False


@dataclass(frozen=True, slots=True)
class Manifest:
    root: Path
    name: str
    reference: str
    editions: tuple[EditionEntry, ...]
    reference_given: bool = False  # [corpus] reference is in the file (not the default)


def load_manifest(folder: str | os.PathLike[str]) -> Manifest:
    """Read ``folder/manifest.toml``; errors name the file and line."""
    root = Path(folder)
    path = root / MANIFEST
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(str(path), "no manifest.toml in this corpus folder") from None
    except tomllib.TOMLDecodeError as exc:
        line = int(getattr(exc, "lineno", 0) or 0)
        raise InputError(str(path), f"malformed manifest: {exc}", line=line) from None
    except UnicodeDecodeError as exc:
        raise InputError(str(path), f"manifest is not UTF-8: {exc.reason}") from None
    head = data.get("corpus", {})
    reference = str(head.get("reference", "2007"))
    entries = []
    for i, raw in enumerate(data.get("edition", [])):
        if "file" not in raw:
            raise InputError(str(path), f"edition #{i + 1} has no 'file'")
        file = root / str(raw["file"])
        entries.append(
            EditionEntry(
                name=str(raw.get("name", file.stem)),
                file=file,
                lang=str(raw["lang"]) if raw.get("lang") else None,
                source_edition=str(raw["source_edition"]) if "source_edition" in raw else None,
                laws=tuple(str(x) for x in raw.get("laws", ())),
                description=str(raw.get("description", "")),
                authoritative=bool(raw.get("authoritative", False)),
            )
        )
    if not entries:
        raise InputError(str(path), "the manifest lists no [[edition]]")
    names = [e.name for e in entries]
    if len(set(names)) != len(names):
        raise InputError(str(path), f"edition names repeat: {', '.join(sorted(names))}")
    return Manifest(
        root=root,
        name=str(head.get("name", root.name)),
        reference=reference,
        editions=tuple(entries),
        reference_given="reference" in head,
    )


def read_akn_edition(path: str | os.PathLike[str]) -> Edition | None:
    """The edition in ``path`` when it is an Akoma Ntoso document this project wrote, else None.

    Such a document carries every unit with its id (``la:id``), so it is read back as it is, never
    segmented again: ``lawalign units X.xml`` gives the units ``build`` wrote.

    Raises:
        InputError: it is the project's AKN but does not read (malformed, a unit attribute wrong).
    """
    p = Path(path)
    try:
        with p.open("rb") as fh:
            head = fh.read(4096)
    except OSError:
        return None
    if b"akomaNtoso" not in head or AKN_MARK not in head:
        return None
    from lawalign.ingest.read import MAX_BYTES
    from lawalign.structure.akn_read import from_akn

    if p.stat().st_size > MAX_BYTES:
        raise InputError(str(path), f"file is over the {MAX_BYTES / 1048576:.0f} MB limit for one law text")
    return from_akn(p.read_bytes(), os.fspath(path))


AKN_MARK = b"https://lawalign.dev/ns/1.0"
"""The project namespace (``la:``) that marks an Akoma Ntoso document written by ``to_akn``."""


def read_edition(
    path: str | os.PathLike[str],
    lang: str | None = None,
    *,
    name: str | None = None,
    source_edition: str | None = None,
) -> Edition:
    """Ingest and segment one file alone (or read back the project's own Akoma Ntoso): the page's
    main language. The reference edition is chosen as a run chooses it
    (:func:`lawalign.run.read_structure`)."""
    return read_editions(path, lang, name=name, source_edition=source_edition)[0]


def read_editions(
    path: str | os.PathLike[str],
    lang: str | None = None,
    *,
    name: str | None = None,
    source_edition: str | None = None,
) -> list[Edition]:
    """Every edition one file holds (a bilingual page holds two), each segmented against the skeleton
    of ``source_edition`` when given, else against the skeleton that fits it best."""
    from lawalign.run import EditionInput, read_input

    item = EditionInput(path=os.fspath(path), lang=lang, name=name, source_edition=source_edition)
    return [edition for edition, _ in read_input(item)]


def is_corpus(path: str | os.PathLike[str]) -> bool:
    return (Path(path) / MANIFEST).is_file()


def load_editions(paths: Sequence[str | os.PathLike[str]], lang: str | None = None) -> list[Edition]:
    """Editions from corpus folders (with a manifest) and/or files, as the structure stage reads them.

    This is :attr:`lawalign.run.Run.segmented` (ids before anchoring); commands read
    :attr:`lawalign.run.Run.editions`.

    Raises:
        InputError: a path is missing, a folder has no manifest, or a file is bad input.
        ConfigError: two editions share a name.
    """
    from lawalign.run import Run

    return list(Run.from_paths(paths, lang, anchor=False, align=False).segmented)
