"""A corpus: a folder with ``manifest.toml`` describing each edition, or plain files.

Manifest keys, per ``[[edition]]``: ``file`` (relative to the folder), ``lang`` (ISO 639-1),
``name`` (short name, default the file stem), ``source_edition`` (which WBF edition it translates,
default the corpus ``reference``), ``laws`` (laws it covers, if known), ``description``,
``authoritative`` (true for the text findings are stated against). ``[corpus]`` has ``name`` and
``reference`` (the reference skeleton, default "2007").
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from lawalign.errors import ConfigError, InputError
from lawalign.models import Edition

MANIFEST = "manifest.toml"


@dataclass(frozen=True, slots=True)
class EditionEntry:
    name: str
    file: Path
    lang: str | None
    source_edition: str = "2007"
    laws: tuple[str, ...] = ()
    description: str = ""
    authoritative: bool = False


@dataclass(frozen=True, slots=True)
class Manifest:
    root: Path
    name: str
    reference: str
    editions: tuple[EditionEntry, ...]


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
                source_edition=str(raw.get("source_edition", reference)),
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
        root=root, name=str(head.get("name", root.name)), reference=reference, editions=tuple(entries)
    )


def read_edition(
    path: str | os.PathLike[str],
    lang: str | None = None,
    *,
    name: str | None = None,
    source_edition: str | None = None,
) -> Edition:
    """Ingest and segment one file: decode, normalize, find units and ids (the page's main language)."""
    return read_editions(path, lang, name=name, source_edition=source_edition)[0]


def read_editions(
    path: str | os.PathLike[str],
    lang: str | None = None,
    *,
    name: str | None = None,
    source_edition: str | None = None,
) -> list[Edition]:
    """Every edition one file holds (a bilingual page holds two), each segmented against the skeleton
    of ``source_edition`` when it is a known one, else against the skeleton that fits it best."""
    from lawalign.ingest import read_source
    from lawalign.structure.segment import segment_editions
    from lawalign.structure.skeleton import available_skeletons

    source = read_source(path, lang=lang)
    known = source_edition if source_edition in available_skeletons() else None
    return [ed for ed, _ in segment_editions(source, name=name, edition=known)]


def _display(path: Path) -> str:
    """Paths as given, relative to the working folder when inside it (stable across machines)."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def load_entry(entry: EditionEntry) -> Edition:
    edition = read_edition(
        _display(entry.file), entry.lang, name=entry.name, source_edition=entry.source_edition
    )
    return replace(
        edition,
        source_edition=entry.source_edition,
        authoritative=entry.authoritative,
        description=entry.description,
    )


def is_corpus(path: str | os.PathLike[str]) -> bool:
    return (Path(path) / MANIFEST).is_file()


def load_editions(paths: Sequence[str | os.PathLike[str]], lang: str | None = None) -> list[Edition]:
    """Editions from corpus folders (with a manifest) and/or files, in the order given.

    Raises:
        InputError: a path is missing, a folder has no manifest, or a file is bad input.
        ConfigError: two editions share a name.
    """
    editions: list[Edition] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            if not is_corpus(path):
                raise InputError(
                    str(path), "is a folder without manifest.toml (give files, or a corpus folder)"
                )
            editions.extend(load_entry(e) for e in load_manifest(path).editions)
        else:
            editions.extend(read_editions(_display(path) if path.exists() else str(p), lang))
    names = [e.name for e in editions]
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise ConfigError(f"two editions are named {', '.join(dupes)}; give them distinct file names")
    return editions
