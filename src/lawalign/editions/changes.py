"""Change maps between editions of the Laws, as data: ``lawalign/data/changes/<from>-<to>.toml``.

A change map lists every unit of the older edition that changed, with the kind of change, the ids
that carry its content in the newer edition, the concrete change in plain English, and optional
*signals* that tell from a translation which edition it follows (see :mod:`lawalign.editions.signals`).

Supporting a new edition of the Laws (2027) means adding ``skeletons/2027.toml`` and
``changes/2017-2027.toml``; no code. A caller may point ``data_dir`` at a folder of its own with the
same layout (``skeletons/``, ``changes/``); its files are used before the bundled ones.
"""

from __future__ import annotations

import logging
from collections import deque
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from lawalign.datafiles import check_choice, check_keys, parse_toml, read_data, table_line
from lawalign.errors import ConfigError
from lawalign.structure.skeleton import Skeleton, available_skeletons, known_skeletons, load_skeleton

log = logging.getLogger(__name__)

CHANGE_TYPES: tuple[str, ...] = (
    "split",
    "merged",
    "moved",
    "renumbered",
    "removed",
    "added",
    "reference-changed",
    "sentence-added",
    "sentence-removed",
    "clause-removed",
    "wording-changed",
    "heading-changed",
    "content-moved",
)
"""The kinds of change a change map may name."""

_MAP_KEYS = frozenset({"from", "to", "partial", "change"})
_CHANGE_KEYS = frozenset({"unit", "change", "to", "detail", "signal"})
_SIGNAL_KEYS = frozenset({"name", "weight", "when", "editions"})
_CONDITION_KEYS = frozenset(
    {"unit", "present", "cites", "lacks", "context_refs", "requires", "absent", "editions", "says"}
)


@dataclass(frozen=True, slots=True)
class Condition:
    """One observable state of a translation, and the editions it points to.

    Holds when ``unit`` is present (or absent, with ``present = false``), cites every ref in
    ``cites``, cites none in ``lacks`` while citing all of ``context_refs``, every unit in
    ``requires`` is present and every unit in ``absent`` is missing.
    """

    unit: str
    editions: tuple[str, ...]
    says: str
    present: bool = True
    cites: tuple[str, ...] = ()
    lacks: tuple[str, ...] = ()
    context_refs: tuple[str, ...] = ()
    requires: tuple[str, ...] = ()
    absent: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Signal:
    """A named, weighted test of which edition a translation follows."""

    name: str
    weight: float
    when: tuple[Condition, ...]
    editions: tuple[str, ...]  # the editions this signal can speak for (the rest score 0)
    unit: str = ""  # the changed unit the signal belongs to


@dataclass(frozen=True, slots=True)
class Change:
    """One changed unit of the older edition."""

    unit: str
    change: str
    to: tuple[str, ...]
    detail: str
    signals: tuple[Signal, ...] = ()


@dataclass(frozen=True, slots=True)
class ChangeMap:
    """Every change from one edition of the Laws to the next."""

    source: str  # edition changed from ("2007")
    target: str  # edition changed to ("2017")
    changes: tuple[Change, ...]
    partial: bool = False  # only some facts recorded: usable by the fingerprint, not for plans
    path: str = ""

    def change(self, unit_id: str) -> Change | None:
        """The change of ``unit_id``, or None when the unit is unchanged."""
        for c in self.changes:
            if c.unit == unit_id:
                return c
        return None

    @property
    def signals(self) -> tuple[Signal, ...]:
        """Every signal of every change, in file order."""
        return tuple(s for c in self.changes for s in c.signals)


def _bundled_dir() -> Traversable:
    return resources.files("lawalign").joinpath("data")


def _change_files(data_dir: Path | None) -> dict[tuple[str, str], Traversable]:
    """(from, to) -> file, ``data_dir`` first, then the bundled files."""
    found: dict[tuple[str, str], Traversable] = {}
    roots: list[Traversable] = [_bundled_dir().joinpath("changes")]
    if data_dir is not None:
        roots.insert(0, data_dir / "changes")
    for root in roots:
        if not root.is_dir():
            continue
        for entry in sorted(root.iterdir(), key=lambda p: p.name):
            stem = entry.name[:-5] if entry.name.endswith(".toml") else ""
            if stem.count("-") != 1:
                continue
            src, tgt = stem.split("-")
            found.setdefault((src, tgt), entry)
    return found


def available_change_maps(data_dir: Path | None = None) -> tuple[tuple[str, str], ...]:
    """Every (from, to) pair with a change map, sorted.

    >>> ("2007", "2017") in available_change_maps()
    True
    """
    return tuple(sorted(_change_files(data_dir)))


def known_editions(data_dir: Path | None = None) -> tuple[str, ...]:
    """Every edition named by a skeleton or a change map, sorted (``("1997", "2007", "2017")``)."""
    names = set(known_skeletons(data_dir))
    for src, tgt in available_change_maps(data_dir):
        names.update((src, tgt))
    return tuple(sorted(names))


def skeleton_for(edition: str, data_dir: Path | None = None) -> Skeleton:
    """The skeleton of ``edition``: from ``data_dir/skeletons`` when it has one, else bundled."""
    if data_dir is not None:
        folder = data_dir / "skeletons"
        if folder.is_dir() and edition in available_skeletons(folder):
            return load_skeleton(edition, folder)
    return load_skeleton(edition)


def _strings(raw: dict[str, object], key: str, where: str) -> tuple[str, ...]:
    value = raw.get(key, [])
    if isinstance(value, str):
        return (value,)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{where}: {key!r} must be a list of strings")
    return tuple(value)


def _condition(raw: dict[str, object], where: str) -> Condition:
    unknown = sorted(set(raw) - _CONDITION_KEYS)
    if unknown:
        raise ConfigError(
            f"{where}: unknown key(s) {', '.join(unknown)}; valid: {', '.join(sorted(_CONDITION_KEYS))}"
        )
    if "unit" not in raw or "editions" not in raw:
        raise ConfigError(f"{where}: a condition needs 'unit' and 'editions'")
    return Condition(
        unit=str(raw["unit"]),
        editions=_strings(raw, "editions", where),
        says=str(raw.get("says", "")),
        present=bool(raw.get("present", True)),
        cites=_strings(raw, "cites", where),
        lacks=_strings(raw, "lacks", where),
        context_refs=_strings(raw, "context_refs", where),
        requires=_strings(raw, "requires", where),
        absent=_strings(raw, "absent", where),
    )


def _signal(raw: dict[str, object], unit: str, default_editions: tuple[str, ...], where: str) -> Signal:
    name = str(raw.get("name", ""))
    if not name:
        raise ConfigError(f"{where}: a signal needs a 'name'")
    when_raw = raw.get("when", [])
    if not isinstance(when_raw, list) or not when_raw:
        raise ConfigError(f"{where}: signal {name!r} needs at least one [[when]] condition")
    when = tuple(_condition(w, f"{where}: signal {name!r}") for w in when_raw)
    editions = _strings(raw, "editions", where) or default_editions
    try:
        weight = float(raw.get("weight", 1.0))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise ConfigError(f"{where}: signal {name!r}: weight must be a number") from None
    return Signal(name=name, weight=weight, when=when, editions=editions, unit=unit)


def change_map_from_toml(text: str, source: str) -> ChangeMap:
    """Parse a change map file's text; unknown keys and change kinds are refused with ``source`` and line."""
    data = parse_toml(text, source)
    check_keys(data, _MAP_KEYS, source, text)
    for i, raw in enumerate(data.get("change", [])):
        at = table_line(text, "change", i)
        check_keys(raw, _CHANGE_KEYS, source, text, where=f"change #{i + 1}", after=at)
        check_choice(str(raw.get("change", "")), CHANGE_TYPES, source, text, name="change", after=at)
        for signal in raw.get("signal", []):
            check_keys(signal, _SIGNAL_KEYS, source, text, where=f"a signal of change #{i + 1}", after=at)
    try:
        src, tgt = str(data["from"]), str(data["to"])
    except KeyError as exc:
        raise ConfigError(f"{source}: missing key {exc.args[0]!r}") from None
    changes: list[Change] = []
    seen: set[str] = set()
    for i, raw in enumerate(data.get("change", [])):
        where = f"{source}: change #{i + 1}"
        try:
            unit, kind = str(raw["unit"]), str(raw["change"])
        except KeyError as exc:
            raise ConfigError(f"{where} lacks {exc.args[0]!r}") from None
        if kind not in CHANGE_TYPES:
            raise ConfigError(f"{where} ({unit}): unknown change {kind!r}; valid: {', '.join(CHANGE_TYPES)}")
        if unit in seen:
            raise ConfigError(f"{where}: unit {unit!r} is listed twice")
        seen.add(unit)
        signals = tuple(_signal(s, unit, (src, tgt), f"{where} ({unit})") for s in raw.get("signal", []))
        changes.append(
            Change(
                unit=unit,
                change=kind,
                to=_strings(raw, "to", where),
                detail=str(raw.get("detail", "")),
                signals=signals,
            )
        )
    return ChangeMap(
        source=src,
        target=tgt,
        changes=tuple(changes),
        partial=bool(data.get("partial", False)),
        path=source,
    )


def load_change_map(source: str, target: str, data_dir: Path | None = None) -> ChangeMap:
    """The change map from edition ``source`` to the next edition ``target``.

    >>> load_change_map("2007", "2017").change("68B2").to
    ('68B2',)
    """
    files = _change_files(data_dir)
    if (source, target) not in files:
        valid = ", ".join(f"{a}->{b}" for a, b in sorted(files))
        raise ConfigError(f"no change map from {source} to {target}; valid: {valid}")
    entry = files[(source, target)]
    label = str(entry) if data_dir is not None and isinstance(entry, Path) else f"changes/{entry.name}"
    return change_map_from_toml(read_data(entry, label), label)


def change_path(source: str, target: str, data_dir: Path | None = None) -> tuple[ChangeMap, ...]:
    """The change maps leading from ``source`` to ``target`` (2007 -> 2017 -> 2027), shortest first.

    Raises:
        ConfigError: no chain of change maps connects the two editions.
    """
    if source == target:
        return ()
    pairs = available_change_maps(data_dir)
    queue: deque[tuple[str, tuple[tuple[str, str], ...]]] = deque([(source, ())])
    visited = {source}
    while queue:
        at, path = queue.popleft()
        for a, b in pairs:
            if a != at or b in visited:
                continue
            if b == target:
                return tuple(load_change_map(x, y, data_dir) for x, y in (*path, (a, b)))
            visited.add(b)
            queue.append((b, (*path, (a, b))))
    valid = ", ".join(f"{a}->{b}" for a, b in pairs)
    raise ConfigError(f"no chain of change maps from {source} to {target}; available: {valid}")


def check_change_map(cmap: ChangeMap, data_dir: Path | None = None) -> list[str]:
    """Consistency problems of a change map against the two skeletons (empty list: consistent).

    Every listed unit must exist in the old skeleton, every ``to`` id in the new one, every old
    unit missing from the new skeleton must be listed (as removed, renumbered, moved, ...), and every
    new unit of a law both skeletons describe must be the target of a change.
    """
    if cmap.partial:
        return []
    old, new = skeleton_for(cmap.source, data_dir), skeleton_for(cmap.target, data_dir)
    problems: list[str] = []
    for c in cmap.changes:
        if old.unit(c.unit) is None and c.change != "added":
            problems.append(f"{c.unit}: not a unit of the {cmap.source} skeleton")
        for t in c.to:
            if new.unit(t) is None:
                problems.append(f"{c.unit}: target {t} is not a unit of the {cmap.target} skeleton")
        if c.change == "removed" and c.to:
            problems.append(f"{c.unit}: a removed unit has no targets")
    listed = {c.unit for c in cmap.changes}
    for u in old.units:
        if u.law not in new.laws:
            continue  # a law the new skeleton does not describe: nothing to say what became of it
        if new.unit(u.id) is None and u.id not in listed:
            problems.append(f"{u.id}: missing from the {cmap.target} skeleton but not listed as changed")
    targets = {t for c in cmap.changes for t in c.to}
    for u in new.units:
        if u.law not in old.laws:
            continue  # a law the old skeleton does not describe: nothing to say what changed in it
        if old.unit(u.id) is None and u.id not in targets:
            problems.append(f"{u.id}: new in {cmap.target} but no change leads to it")
    return problems
