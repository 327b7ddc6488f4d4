"""Character classes the ingest stage reasons with: scripts, control characters, joiner-using scripts."""

from __future__ import annotations

import unicodedata
from functools import lru_cache

# Code point ranges of the scripts law texts here are written in. Anything else is named by the
# first word of its Unicode name ("ARABIC", "HEBREW", "CJK", ...).
_LATIN = ((0x0041, 0x024F), (0x1E00, 0x1EFF), (0x2C60, 0x2C7F), (0xA720, 0xA7FF), (0xFF21, 0xFF5A))
_GREEK = ((0x0370, 0x03FF), (0x1F00, 0x1FFF))
_CYRILLIC = ((0x0400, 0x052F), (0x1C80, 0x1C8F), (0x2DE0, 0x2DFF), (0xA640, 0xA69F))

# Text ends that never need ZWJ/ZWNJ: Latin, Greek, Cyrillic (with their combining marks),
# general punctuation. Joiners between two such characters are invisible debris.
_NO_JOINER = (
    (0x0000, 0x052F),
    (0x1AB0, 0x1AFF),
    (0x1D00, 0x1FFF),
    (0x2000, 0x206F),
    (0x2C60, 0x2C7F),
    (0xA640, 0xA69F),
    (0xA720, 0xA7FF),
)

# Control characters that are ordinary in text files.
TEXT_CONTROLS = frozenset("\t\n\r\f\v")


def _in(ranges: tuple[tuple[int, int], ...], code: int) -> bool:
    return any(lo <= code <= hi for lo, hi in ranges)


@lru_cache(maxsize=4096)
def script_of(ch: str) -> str:
    """The script of a letter: ``"Latin"``, ``"Cyrillic"``, ``"Greek"`` or the first word of its name.

    >>> script_of("Đ"), script_of("П"), script_of("Ω")
    ('Latin', 'Cyrillic', 'Greek')
    """
    code = ord(ch)
    if _in(_LATIN, code):
        return "Latin"
    if _in(_CYRILLIC, code):
        return "Cyrillic"
    if _in(_GREEK, code):
        return "Greek"
    name = unicodedata.name(ch, "UNKNOWN")
    return name.split(" ", 1)[0].capitalize()


def needs_no_joiner(ch: str | None) -> bool:
    """True when ``ch`` (or a line edge, ``None``) belongs to a script that never uses ZWJ/ZWNJ."""
    return ch is None or _in(_NO_JOINER, ord(ch))


@lru_cache(maxsize=4096)
def is_suspect(ch: str) -> bool:
    """Characters a correct decoding of a law text should (almost) never produce.

    C0/C1 controls other than tab and line ends, private-use and unassigned code points, U+FFFD, and
    box-drawing/block elements (what Cyrillic bytes become in the wrong DOS/KOI8 code page).
    """
    if ch in TEXT_CONTROLS:
        return False
    cat = unicodedata.category(ch)
    if cat in ("Cc", "Co", "Cn") or ch == "\ufffd":
        return True
    return 0x2500 <= ord(ch) <= 0x259F


def is_control(ch: str) -> bool:
    """A control character that is not ordinary in text (tab and line ends are ordinary)."""
    return ch not in TEXT_CONTROLS and unicodedata.category(ch) == "Cc"
