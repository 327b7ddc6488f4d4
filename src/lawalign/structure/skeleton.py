"""Reference skeletons of the WBF Laws: the units each edition of the source text has, as data.

A skeleton lives in ``lawalign/data/skeletons/<edition>.toml`` (see ``2007.toml`` for the format).
Supporting a new edition of the Laws means adding a file, not code; ``data_dir`` lets a caller point
at a folder of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

from lawalign.datafiles import (
    check_choice,
    check_keys,
    data_file,
    data_names,
    parse_toml,
    read_data,
    shown,
    table_line,
)
from lawalign.errors import ConfigError
from lawalign.models import DEFAULT_REFERENCE, UnitId


@dataclass(frozen=True, slots=True)
class SkeletonUnit:
    """One unit of a reference edition: structure facts only, no text."""

    id: UnitId
    role: str  # law-title | heading | intro | section | chapeau | point | wrap | footnote
    law: str
    section: str = ""
    point: int = 0
    sentences: int = 0
    refs: tuple[str, ...] = ()
    footnotes: tuple[UnitId, ...] = ()
    heading: str = ""
    parts: tuple[str, ...] = ()  # lettered parts inside the unit with no unit of their own ("a", "b")


SKELETON_KEYS = frozenset({"edition", "date", "title", "laws", "inferable", "unit"})
UNIT_KEYS = frozenset({"id", "role", "sentences", "refs", "footnotes", "heading", "parts"})
ROLES = ("law-title", "heading", "intro", "section", "chapeau", "point", "wrap", "footnote")


@dataclass(frozen=True, slots=True)
class Skeleton:
    """A reference edition of the Laws (e.g. 2007): its units in order."""

    edition: str
    date: str
    title: str
    laws: tuple[str, ...]
    units: tuple[SkeletonUnit, ...]
    # The laws a text without a printed law heading may be read as (default: every law). A law known
    # only from a few facts of the book is read under its printed heading, never guessed for a quote.
    inferable: tuple[str, ...] = ()

    def can_infer(self, law: str) -> bool:
        """True when a segment without a printed law heading may be read as ``law``."""
        return not self.inferable or law in self.inferable

    def unit(self, unit_id: str) -> SkeletonUnit | None:
        for u in self.units:
            if u.id == unit_id:
                return u
        return None

    def law_units(self, law: str) -> tuple[SkeletonUnit, ...]:
        return tuple(u for u in self.units if u.law == law)

    @property
    def ids(self) -> tuple[UnitId, ...]:
        return tuple(u.id for u in self.units)


def _data_dir() -> resources.abc.Traversable:
    return resources.files("lawalign").joinpath("data", "skeletons")


def available_skeletons(data_dir: Path | None = None) -> tuple[str, ...]:
    """Editions with a skeleton in the skeletons folder ``data_dir``, else bundled, sorted."""
    if data_dir is None:
        return data_names("skeletons", None)
    return tuple(sorted(p.name[:-5] for p in data_dir.iterdir() if p.name.endswith(".toml")))


def known_skeletons(data_folder: Path | None) -> tuple[str, ...]:
    """Editions with a skeleton: bundled, and in ``data_folder/skeletons`` of a ``--data`` folder, sorted.

    >>> known_skeletons(None)
    ('1997', '2007', '2017')
    """
    names = set(available_skeletons())
    if data_folder is not None and (data_folder / "skeletons").is_dir():
        names.update(available_skeletons(data_folder / "skeletons"))
    return tuple(sorted(names))


def skeleton_from_toml(text: str, source: str) -> Skeleton:
    """Parse a skeleton file's text; unknown keys and roles are refused with ``source`` and line."""
    data = parse_toml(text, source)
    check_keys(data, SKELETON_KEYS, source, text)
    units = []
    for i, raw in enumerate(data.get("unit", [])):
        at = table_line(text, "unit", i)
        check_keys(raw, UNIT_KEYS, source, text, where=f"unit #{i + 1}", after=at)
        try:
            uid, role = str(raw["id"]), str(raw["role"])
        except KeyError as exc:
            raise ConfigError(f"{source}:{at}: unit #{i + 1} lacks {exc.args[0]!r}") from None
        check_choice(role, ROLES, source, text, name="role", after=at)
        parts = UnitId(uid)
        units.append(
            SkeletonUnit(
                id=parts,
                role=role,
                law=parts.law,
                section=parts.section,
                point=parts.point,
                sentences=int(raw.get("sentences", 0)),
                refs=tuple(raw.get("refs", ())),
                footnotes=tuple(UnitId(str(x)) for x in raw.get("footnotes", ())),
                heading=str(raw.get("heading", "")),
                parts=tuple(str(x) for x in raw.get("parts", ())),
            )
        )
    laws = tuple(str(x) for x in data.get("laws", ())) or tuple(dict.fromkeys(u.law for u in units))
    inferable = tuple(str(x) for x in data.get("inferable", ()))
    unknown = [law for law in inferable if law not in laws]
    if unknown:
        raise ConfigError(f"{source}: 'inferable' names laws not in 'laws': {', '.join(unknown)}")
    return Skeleton(
        edition=str(data.get("edition", "")),
        date=str(data.get("date", "")),
        title=str(data.get("title", "")),
        laws=laws,
        units=tuple(units),
        inferable=inferable,
    )


@cache
def _load_bundled(edition: str) -> Skeleton:
    entry = data_file("skeletons", edition, None)
    if entry is None:
        raise ConfigError(f"unknown reference edition {edition!r}; valid: {', '.join(available_skeletons())}")
    return skeleton_from_toml(read_data(entry, shown(entry, "skeletons")), shown(entry, "skeletons"))


def load_skeleton(edition: str = DEFAULT_REFERENCE, data_dir: Path | None = None) -> Skeleton:
    """The reference skeleton of a WBF edition.

    >>> load_skeleton("2007").unit("68B2").refs
    ('68B1', '16D')
    """
    valid = available_skeletons(data_dir)
    if edition not in valid:
        raise ConfigError(f"unknown reference edition {edition!r}; valid: {', '.join(valid)}")
    if data_dir is None:
        return _load_bundled(edition)
    path = data_dir / f"{edition}.toml"
    return skeleton_from_toml(read_data(path, str(path)), str(path))
