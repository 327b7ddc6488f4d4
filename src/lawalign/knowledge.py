"""The knowledge of a run: bundled data overlaid by the user's ``--data``, always merged the same way.

A :class:`Knowledge` is one frozen value: the language profiles, skeletons, termbases, change maps and
glossaries a run reads, checked once when it is made. It is a field of the run
(:class:`lawalign.run.Run`), and each stage is given what it reads from it.

``--data`` names, for every command that reads a text:

- a folder with the layout of the bundled data (``profiles/<lang>.toml``, ``skeletons/<edition>.toml``,
  ``termbase/<lang>.toml``, ``changes/<from>-<to>.toml``): its profiles, skeletons and change maps are
  used before the bundled ones of the same name; its termbases are merged over the bundled ones;
- a glossary: a ``.toml`` file in the termbase format with ``lang = "xx"``, a ``.tbx`` file, or a
  folder of them (read in name order), merged over the bundled termbases.

Termbases are always merged, never replaced: a concept of the user's with the id of a bundled one
adds its terms to it (a term it lists under ``avoid`` is no longer accepted, and the reverse), a new id
adds a concept, and every other bundled concept stays (:func:`lawalign.diff.glossary.merge_termbase`).
``lawalign data --explain`` prints where each file comes from and what the overlay changed.

>>> k = Knowledge.load(())
>>> k.termbase("tr").concept("at-once") is not None, k.folder
(True, None)
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING

from lawalign.datafiles import KINDS, bundled, check_data_dir, data_names, read_data
from lawalign.diff.glossary import merge_termbase, read_glossary
from lawalign.diff.termbase import Termbase, load_termbase, parse_termbase
from lawalign.errors import ConfigError
from lawalign.fsafe import read_regular
from lawalign.limits import DATA_MAX_BYTES
from lawalign.structure.constants import RuleConstants, bundled_constants
from lawalign.structure.reader import RoleModel, bundled_model

if TYPE_CHECKING:
    from lawalign.ingest.profiles import Profile


@dataclass(frozen=True, slots=True)
class Origin:
    """Where one piece of knowledge comes from, and what the overlay did to it.

    Attributes:
        kind: ``profiles``, ``skeletons``, ``termbase``, ``changes`` or ``glossary``.
        name: the language, edition or edition pair (``2007-2017``).
        source: the file it is read from (bundled: ``termbase/tr.toml``; the user's: its path).
        change: ``bundled``, ``replaced`` (a user's file of that name is used instead), ``added`` (only
            the user has it) or ``merged`` (a termbase or glossary merged over the bundled termbase).
        detail: for merged termbases: the concepts added and amended.
    """

    kind: str
    name: str
    source: str
    change: str = "bundled"
    detail: str = ""

    def line(self, *, detail: bool = True) -> str:
        """One line of ``lawalign data`` (``detail``: with what a merge changed, as ``--explain``)."""
        tail = f" ({self.detail})" if self.detail and detail else ""
        return f"{self.kind:<9} {self.name:<10} {self.change:<8} {self.source}{tail}"


def _user_files(folder: Path, kind: str) -> tuple[str, ...]:
    root = folder / kind
    if not root.is_dir():
        return ()
    return tuple(sorted(p.name[:-5] for p in root.iterdir() if p.name.endswith(".toml")))


def _is_data_folder(path: Path) -> bool:
    return path.is_dir() and any((path / kind).is_dir() for kind in KINDS)


def _amended(base: Termbase, merged: Termbase) -> str:
    before = {c.id: c for c in base.concepts}
    added = [c.id for c in merged.concepts if c.id not in before]
    changed = [c.id for c in merged.concepts if c.id in before and c != before[c.id]]
    parts = []
    if added:
        parts.append("added " + ", ".join(added))
    if changed:
        parts.append("amended " + ", ".join(changed))
    return "; ".join(parts) or "no change"


def _stamp(paths: Sequence[Path]) -> str:
    digest = hashlib.sha256()
    for path in paths:
        files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
        for f in files:  # is_file() above passes no FIFO; a glossary path given itself is checked here
            data = read_regular(f, str(f), limit=DATA_MAX_BYTES)
            digest.update(str(f.resolve()).encode("utf-8") + b"\0" + data + b"\0")
    return digest.hexdigest()


@dataclass(frozen=True, slots=True)
class Knowledge:
    """Bundled data overlaid by the user's ``--data`` paths: one value, checked once.

    Attributes:
        overlay: the ``--data`` paths, in the order given (empty: bundled data only).
        folder: the one data folder among them (profiles, skeletons, change maps are read from it
            before the bundled ones), or None.
        termbases: language → termbase, the bundled one with every user termbase and glossary merged
            in, in the order given.
        origins: where each profile, skeleton, termbase, change map and glossary comes from.
        key: a digest of the overlay's files (empty for bundled data only): runs with the same key read
            the same knowledge.
        reader: the fitted line reader that weighs the structure stage's units
            (:func:`lawalign.structure.reader.weigh_units`): the bundled one, another given by
            :meth:`with_reader`, or None (the rules alone).
        rules: the structure rules' thresholds (:class:`lawalign.structure.constants.RuleConstants`):
            the bundled ones (``data/reader/rules.json``) or others given by :meth:`with_rules`.
    """

    overlay: tuple[Path, ...] = ()
    folder: Path | None = None
    termbases: Mapping[str, Termbase] = field(default_factory=lambda: MappingProxyType({}), compare=False)
    origins: tuple[Origin, ...] = field(default=(), compare=False)
    key: str = ""
    reader: RoleModel | None = field(default_factory=bundled_model, compare=False)
    rules: RuleConstants = field(default_factory=bundled_constants, compare=False)

    def with_reader(self, model: RoleModel | None) -> Knowledge:
        """This knowledge with another line reader (None: the rules alone); the key tells them apart.

        >>> k = Knowledge.load(())
        >>> k.with_reader(None).reader is None, k.with_reader(None).key != k.key
        (True, True)
        """
        mark = hashlib.sha256((model.to_json() if model is not None else "rules").encode("utf-8"))
        key = hashlib.sha256(f"{self.key}\0reader\0{mark.hexdigest()}".encode()).hexdigest()
        return replace(self, reader=model, key=key)

    def with_rules(self, rules: RuleConstants) -> Knowledge:
        """This knowledge with other thresholds for the structure rules; the key tells them apart.

        >>> k = Knowledge.load(())
        >>> k.with_rules(RuleConstants(9.0)).rules.law_margin, k.with_rules(RuleConstants(9.0)).key != k.key
        (9.0, True)
        """
        mark = hashlib.sha256(rules.to_json().encode("utf-8"))
        key = hashlib.sha256(f"{self.key}\0rules\0{mark.hexdigest()}".encode()).hexdigest()
        return replace(self, rules=rules, key=key)

    @classmethod
    def load(cls, paths: Sequence[str | Path] | str | Path | None) -> Knowledge:
        """The knowledge of ``paths`` (``--data``, each a data folder or a glossary) over the bundled data.

        Every file the overlay holds is read and checked here, once: unknown keys, roles and kinds
        stop with ``file:line``.

        Raises:
            ConfigError: a path that is neither a data folder nor a glossary, two data folders, or a
                bad data file.
            InputError: a malformed glossary.
        """
        if paths is None:
            given: tuple[Path, ...] = ()
        elif isinstance(paths, (str, Path)):
            given = (Path(paths),)
        else:
            given = tuple(Path(p) for p in paths)
        folders = [p for p in given if _is_data_folder(p)]
        if len(folders) > 1:
            raise ConfigError(f"{folders[1]}: one --data folder at a time ({folders[0]} is given too)")
        folder = folders[0] if folders else None
        for p in given:
            if not p.exists():
                raise ConfigError(
                    f"{p}: --data must be a folder with {', '.join(k + '/' for k in KINDS)} "
                    "or a glossary (.toml or .tbx)"
                )
            if (
                p.is_dir()
                and p is not folder
                and not any(f.suffix.lower() in (".toml", ".tbx", ".xml") for f in p.iterdir())
            ):
                check_data_dir(p)  # says what a data folder holds
        origins: list[Origin] = []
        if folder is not None:
            origins.extend(_check_folder(folder))
        langs = set(data_names("termbase", None))
        if folder is not None:
            langs |= set(_user_files(folder, "termbase"))
        bases = {lang: load_termbase(lang) for lang in sorted(langs)}
        for p in given:
            if p is folder:
                extra = _folder_termbases(p)
                kind = "termbase"
            else:
                extra = read_glossary(p)
                kind = "glossary"
            for lang, tb in sorted(extra.items()):
                base = bases.get(lang, Termbase(lang, ()))
                merged = merge_termbase(base, tb)
                source = str(p / "termbase" / f"{lang}.toml") if p is folder else str(p)
                origins.append(Origin(kind, lang, source, "merged", _amended(base, merged)))
                bases[lang] = merged
        return cls(
            overlay=given,
            folder=folder,
            termbases=MappingProxyType(bases),
            origins=tuple(origins),
            key=_stamp(given) if given else "",
        )

    def profile(self, lang: str) -> Profile:
        """The language profile of ``lang``: the data folder's, else the bundled one, else generic."""
        from lawalign.ingest.profiles import profile_of

        return profile_of(lang, self.folder)

    def termbase(self, lang: str) -> Termbase:
        """The termbase of ``lang`` (bundled with the overlay merged in; empty when there is none)."""
        return self.termbases.get(lang) or Termbase(lang, ())

    def entries(self) -> tuple[Origin, ...]:
        """Every file the run reads, each once, sorted by kind and name: the overlay's (with what it
        did) and the bundled ones it leaves as they are."""
        out = {(o.kind, o.name, o.source): o for o in self.origins if o.change != "bundled"}
        touched = {(o.kind, o.name) for o in out.values() if o.change != "merged"}
        for kind in KINDS:
            for name in _names_bundled(kind):
                if (kind, name) not in touched:
                    source = f"{kind}/{name}.toml"
                    out.setdefault((kind, name, source), Origin(kind, name, source))
        order = {kind: k for k, kind in enumerate((*KINDS, "glossary"))}
        return tuple(
            sorted(out.values(), key=lambda o: (order.get(o.kind, 9), o.name, o.change != "bundled"))
        )

    def explain(self) -> str:
        """Where each profile, skeleton, termbase, change map and glossary comes from (one per line),
        and what the overlay changed.

        >>> print(Knowledge.load(()).explain().splitlines()[0])
        overlay: none (bundled data only)
        """
        given = ", ".join(str(p) for p in self.overlay) if self.overlay else "none (bundled data only)"
        return "\n".join([f"overlay: {given}", *(o.line() for o in self.entries())]) + "\n"


def _check_folder(folder: Path) -> list[Origin]:
    """Read every profile, skeleton and change map of a user data folder (each checked on load)."""
    from lawalign.editions.changes import change_map_from_toml
    from lawalign.ingest.profiles import check_profile_file
    from lawalign.structure.skeleton import skeleton_from_toml

    out: list[Origin] = []
    for kind in ("profiles", "skeletons", "changes"):
        have = set(_names_bundled(kind))
        for name in _user_files(folder, kind):
            path = folder / kind / f"{name}.toml"
            text = read_data(path, str(path))
            if kind == "profiles":
                check_profile_file(text, str(path))
            elif kind == "skeletons":
                skeleton_from_toml(text, str(path))
            else:
                change_map_from_toml(text, str(path))
            out.append(Origin(kind, name, str(path), "replaced" if name in have else "added"))
    return out


def _names_bundled(kind: str) -> tuple[str, ...]:
    return tuple(sorted(p.name[:-5] for p in bundled(kind).iterdir() if p.name.endswith(".toml")))


def _folder_termbases(folder: Path) -> dict[str, Termbase]:
    import tomllib

    from lawalign.datafiles import load_toml, toml_location
    from lawalign.errors import InputError

    out: dict[str, Termbase] = {}
    for lang in _user_files(folder, "termbase"):
        path = folder / "termbase" / f"{lang}.toml"
        text = read_data(path, str(path))
        try:
            data = load_toml(text, str(path))
        except tomllib.TOMLDecodeError as exc:
            message, line, col = toml_location(exc, text)
            raise InputError(str(path), f"malformed glossary: {message}", line, col) from None
        out[lang] = parse_termbase(data, lang, str(path), text)
    return out


__all__ = ["Knowledge", "Origin"]
