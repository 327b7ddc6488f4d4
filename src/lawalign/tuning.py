"""The tuned numbers of the structure stage and the readers of the input, read from one file.

Every number the rules of :mod:`lawalign.structure` and :mod:`lawalign.ingest` decide with that was
set by looking at text (a heading's longest length, the cost of an unplaced paragraph, the confidence
of an id read by position, the share of a PDF page's lines that makes a running header) lives in
``data/reader/settings.toml``, beside the fitted reader's training settings, with its meaning: one
table per module (``[structure.ids]``, ``[ingest.pdf]``). A module reads each of its numbers once, by
name, when it is imported. The run's decision thresholds that the evaluation protocol chooses per
run (:class:`lawalign.structure.constants.RuleConstants`) and the fitted weights (``roles.json``)
are the other two places a tuned number may live; resource bounds (:mod:`lawalign.limits`) and
formats' own numbers are no tuning and stay in the code.

The file is part of the package: a table or key missing, or a value of the wrong type, is a broken
installation (:class:`~lawalign.errors.ConfigError`); a key no module reads is refused by the tests
(``tests/test_tuning.py``).

>>> tuned_float("structure.ids", "extra_cost") > 0, tuned_int("structure.blocks", "max_heading_chars")
(True, 120)
>>> tuned_float("structure.ids", "no_such_key")
Traceback (most recent call last):
...
lawalign.errors.ConfigError: settings.toml: [structure.ids] has no key no_such_key
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any

from lawalign.errors import ConfigError

SETTINGS_FILE = "settings.toml"


@cache
def settings_tables() -> Mapping[str, Any]:
    """The settings file's tables, parsed once (``data/reader/settings.toml``)."""
    text = (resources.files("lawalign") / "data" / "reader" / SETTINGS_FILE).read_text(encoding="utf-8")
    try:
        tables: Mapping[str, Any] = _frozen(tomllib.loads(text))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{SETTINGS_FILE}: {exc}") from None
    return tables


def _frozen(value: Any) -> Any:
    """Tables as read-only mappings, all the way down (the numbers are read, never changed)."""
    if isinstance(value, dict):
        return MappingProxyType({k: _frozen(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


def _value(table: str, key: str) -> object:
    node: object = settings_tables()
    for part in table.split("."):
        if not isinstance(node, Mapping) or part not in node:
            raise ConfigError(f"{SETTINGS_FILE}: no table [{table}]")
        node = node[part]
    if not isinstance(node, Mapping) or key not in node:
        raise ConfigError(f"{SETTINGS_FILE}: [{table}] has no key {key}")
    return node[key]


def tuned_int(table: str, key: str) -> int:
    """The whole number ``key`` of ``[table]``.

    Raises:
        ConfigError: no such table or key, or the value is not a whole number.
    """
    value = _value(table, key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"{SETTINGS_FILE}: [{table}] {key} must be a whole number, not {value!r}")
    return value


def tuned_float(table: str, key: str) -> float:
    """The number ``key`` of ``[table]`` (a whole number is read as a float).

    Raises:
        ConfigError: no such table or key, or the value is not a number.
    """
    value = _value(table, key)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ConfigError(f"{SETTINGS_FILE}: [{table}] {key} must be a number, not {value!r}")
    return float(value)


def tuned_floats(table: str, key: str) -> Mapping[str, float]:
    """The inline table ``key`` of ``[table]``: names to numbers, read-only.

    Raises:
        ConfigError: no such table or key, or not a table of numbers.
    """
    value = _value(table, key)
    if not isinstance(value, Mapping) or any(
        isinstance(v, bool) or not isinstance(v, (int, float)) for v in value.values()
    ):
        raise ConfigError(f"{SETTINGS_FILE}: [{table}] {key} must be a table of numbers, not {value!r}")
    return MappingProxyType({str(k): float(v) for k, v in value.items()})
