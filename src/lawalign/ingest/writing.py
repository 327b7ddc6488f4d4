"""Writing systems without an alphabet (Chinese, Japanese, Korean), read from one data file.

``data/letters/writing.toml`` names, for each system, the scripts its letters are written in, its
commonest characters and the multi-byte code pages it was written in before UTF-8. Decoding
(:mod:`lawalign.ingest.decode`) tries those code pages and judges a reading in such a system by the
share of its letters in the system's scripts and among its commonest characters, as it judges an
alphabetic reading by a language profile's alphabet and commonest letters.

>>> [w.key for w in WRITING]
['zh-hans', 'zh-hant', 'ja', 'ko']
>>> WRITING[2].encodings, "Hiragana" in WRITING[2].scripts
(('cp932', 'euc_jp'), True)
"""

from __future__ import annotations

import codecs
import tomllib
from dataclasses import dataclass
from importlib import resources

from lawalign.errors import ConfigError
from lawalign.ingest.charclass import script_of

FILE = "letters/writing.toml"
_KEYS = ("name", "scripts", "common", "encodings")


@dataclass(frozen=True, slots=True)
class WritingSystem:
    """One system of ``data/letters/writing.toml``, checked."""

    key: str
    name: str
    scripts: frozenset[str]
    common: frozenset[str]
    encodings: tuple[str, ...]


def _strings(value: object, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not value or not all(isinstance(v, str) and v for v in value):
        raise ConfigError(f"{where}: must be a list of names")
    return tuple(value)


def parse_writing(text: str, where: str = FILE) -> tuple[WritingSystem, ...]:
    """The writing systems of a data file's text, checked.

    Raises:
        ConfigError: a key missing or unknown, a common character that is not a letter, is given
            twice or is outside the system's scripts, a code page Python does not know.

    >>> parse_writing('[x]\\nname = "X"\\nscripts = ["Cjk"]\\ncommon = "的的"\\nencodings = ["gbk"]\\n')
    Traceback (most recent call last):
    ...
    lawalign.errors.ConfigError: letters/writing.toml: x.common: a character is given twice
    """
    data = tomllib.loads(text)
    if not data:
        raise ConfigError(f"{where}: no writing system")
    systems = []
    for key, table in data.items():
        if not isinstance(table, dict) or set(table) != set(_KEYS):
            raise ConfigError(f"{where}: [{key}] must hold {', '.join(_KEYS)}")
        name = table["name"]
        if not isinstance(name, str) or not name:
            raise ConfigError(f"{where}: {key}.name: must be a name")
        common = table["common"]
        if not isinstance(common, str) or not common or not all(c.isalpha() for c in common):
            raise ConfigError(f"{where}: {key}.common: must be a string of letters")
        if len(set(common)) != len(common):
            raise ConfigError(f"{where}: {key}.common: a character is given twice")
        encodings = _strings(table["encodings"], f"{where}: {key}.encodings")
        for encoding in encodings:
            try:
                codecs.lookup(encoding)
            except LookupError:
                raise ConfigError(f"{where}: {key}.encodings: unknown code page {encoding!r}") from None
        scripts = _strings(table["scripts"], f"{where}: {key}.scripts")
        outside = sorted({c for c in common if script_of(c) not in scripts})
        if outside:
            raise ConfigError(f"{where}: {key}.common: {''.join(outside)} not in the system's scripts")
        systems.append(WritingSystem(key, name, frozenset(scripts), frozenset(common), encodings))
    return tuple(systems)


def _load() -> tuple[WritingSystem, ...]:
    path = resources.files("lawalign").joinpath("data", FILE)
    return parse_writing(path.read_text(encoding="utf-8"))


WRITING: tuple[WritingSystem, ...] = _load()
"""The bundled writing systems (read once, at import)."""
