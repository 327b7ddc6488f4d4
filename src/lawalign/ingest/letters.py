"""Section letters and the characters printed in their place, read from one data file.

``data/letters/letters.toml`` holds the Latin section letters a printed heading carries (A–H) and a
reference may carry (A–L), the Cyrillic capitals printed for the Latin letters they look like, the
first Cyrillic letters a Russian heading may print, the Greek and Hebrew letters read by their place
in the alphabet ("Γ." is section C), the Cyrillic letters a user may type in an id, the look-alike
table folded in labels, and the law numbers the book prints (1–93). Every pattern that matches a
section letter builds its character class here, so the ranges differ by context on purpose and in one
place.

>>> LETTERS.heading, LETTERS.cyrillic_for(LETTERS.heading)
('ABCDEFGH', 'АВСЕН')
>>> char_class(LETTERS.reference, LETTERS.cyrillic_for(LETTERS.reference), LETTERS.greek_by_place)
'ABCDEFGHIJKLАВСЕНКΑΒΓΔΕΖΗ'
>>> "Γ3".translate(LETTERS.by_place)
'C3'
>>> 93 in LETTERS.book_laws, 94 in LETTERS.book_laws, 0 in LETTERS.book_laws
(True, False, False)
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType
from typing import Any

from lawalign.errors import ConfigError

FILE = "letters/letters.toml"
_SECTION_KEYS = (
    "heading",
    "reference",
    "cyrillic_lookalikes",
    "cyrillic_alphabet",
    "greek_by_place",
    "hebrew_by_place",
)


@dataclass(frozen=True, slots=True)
class Letters:
    """The letters of ``data/letters/letters.toml``, checked."""

    heading: str
    reference: str
    cyrillic_lookalikes: str
    cyrillic_alphabet: str
    greek_by_place: str
    hebrew_by_place: str
    typed: MappingProxyType[str, str]
    label_fold: MappingProxyType[str, str]
    laws: int

    @property
    def book_laws(self) -> range:
        """The law numbers the book prints (1 to ``laws``)."""
        return range(1, self.laws + 1)

    @property
    def subpoint(self) -> str:
        """The sub-point letters "(a)" …: the heading letters in lowercase."""
        return self.heading.lower()

    @property
    def printed_heading(self) -> str:
        """The letters a printed section heading's label may be, Latin and Cyrillic (look-alikes and
        the first letters of the Cyrillic alphabet), each once."""
        return char_class(self.heading, self.cyrillic_alphabet, self.cyrillic_for(self.heading))

    def cyrillic_for(self, latin: str) -> str:
        """The Cyrillic look-alikes of the letters ``latin`` (in the data file's order)."""
        fold = self.label_fold
        return "".join(c for c in self.cyrillic_lookalikes if c in fold and fold[c] in latin)

    @property
    def by_place(self) -> dict[int, int]:
        """A ``str.translate`` table reading Greek and Hebrew letters as Latin by their place."""
        return str.maketrans(
            self.greek_by_place + self.hebrew_by_place,
            self.heading[: len(self.greek_by_place)] + self.heading[: len(self.hebrew_by_place)],
        )

    @property
    def cyrillic_by_place(self) -> dict[int, int]:
        """A ``str.translate`` table reading the first Cyrillic letters as Latin by their place
        ("Б" is B, "В" is C, "Г" is D): for a text whose section labels follow the Cyrillic alphabet.

        >>> "АБВГ".translate(LETTERS.cyrillic_by_place)
        'ABCD'
        """
        return str.maketrans(self.cyrillic_alphabet, self.heading[: len(self.cyrillic_alphabet)])

    @property
    def by_place_map(self) -> dict[str, str]:
        """Greek letters read by their place, as a mapping ("Γ" → "C")."""
        return dict(zip(self.greek_by_place, self.heading, strict=False))


def char_class(*parts: str) -> str:
    """The letters of ``parts`` joined, each once, escaped for a regular expression's ``[…]``."""
    seen = dict.fromkeys("".join(parts))
    return "".join(re.escape(c) if c in "\\]^-[" else c for c in seen)


def _letters_only(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value or not all(c.isalpha() for c in value):
        raise ConfigError(f"{where}: must be a string of letters")
    if len(set(value)) != len(value):
        raise ConfigError(f"{where}: a letter is given twice")
    return value


def _pairs(value: Any, where: str) -> MappingProxyType[str, str]:
    if not isinstance(value, dict):
        raise ConfigError(f"{where}: must be a table")
    for k, v in value.items():
        if len(k) != 1 or not isinstance(v, str) or len(v) != 1:
            raise ConfigError(f"{where}: {k!r} = {v!r} must map one character to one character")
    return MappingProxyType(dict(value))


def parse_letters(text: str, where: str = FILE) -> Letters:
    """The letters of a data file's text, checked.

    Raises:
        ConfigError: a key missing or unknown, a value that is not a string of letters, a by-place
            alphabet longer than the heading letters, a look-alike the fold table does not fold.
    """
    data = tomllib.loads(text)
    if set(data) != {"book", "sections", "typed", "label_fold"}:
        raise ConfigError(f"{where}: tables must be [book], [sections], [typed] and [label_fold]")
    book = data["book"]
    laws = book.get("laws") if isinstance(book, dict) else None
    if not isinstance(book, dict) or set(book) != {"laws"} or type(laws) is not int or laws < 1:
        raise ConfigError(f"{where}: [book] must hold laws, a whole number of at least 1")
    sections = data["sections"]
    if not isinstance(sections, dict) or set(sections) != set(_SECTION_KEYS):
        raise ConfigError(f"{where}: [sections] must hold {', '.join(_SECTION_KEYS)}")
    values = {k: _letters_only(sections[k], f"{where}: sections.{k}") for k in _SECTION_KEYS}
    typed = _pairs(data["typed"], f"{where}: [typed]")
    fold_table = _pairs(data["label_fold"], f"{where}: [label_fold]")
    letters = Letters(**values, typed=typed, label_fold=fold_table, laws=laws)
    for k in ("greek_by_place", "hebrew_by_place"):
        if len(values[k]) > len(letters.heading):
            raise ConfigError(f"{where}: sections.{k} has more letters than sections.heading")
    if not set(letters.heading) <= set(letters.reference):
        raise ConfigError(f"{where}: every heading letter must be a reference letter too")
    fold = letters.label_fold
    unfolded = [c for c in letters.cyrillic_lookalikes if c not in fold or fold[c] not in letters.reference]
    if unfolded:
        raise ConfigError(f"{where}: look-alikes {''.join(unfolded)} fold to no reference letter")
    return letters


def _load() -> Letters:
    path = resources.files("lawalign").joinpath("data", FILE)
    return parse_letters(path.read_text(encoding="utf-8"))


LETTERS: Letters = _load()
"""The bundled letters (read once, at import)."""
