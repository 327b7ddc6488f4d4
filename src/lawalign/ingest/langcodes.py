"""Language codes lawalign accepts: lowercase ISO 639-1 codes it knows (profiles, detector, AKN table).

An upper-case code (``EN``) is read as its lower-case form with a warning; anything else (``zz``,
``eng``, ``en-US``) is refused with the list of valid codes.
"""

from __future__ import annotations

import logging
from functools import cache
from pathlib import Path

from lawalign.errors import InputError

log = logging.getLogger(__name__)


# ISO 639-1 -> ISO 639-2/B, which FRBRlanguage wants. The B ("bibliographic") codes differ from the
# T codes for about twenty languages (fre/fra, ger/deu, chi/zho, ...); lingua only knows the T codes.
_ISO639_2B: dict[str, str] = {
    "af": "afr", "ar": "ara", "az": "aze", "be": "bel", "bg": "bul", "bn": "ben", "bs": "bos",
    "ca": "cat", "cs": "cze", "cy": "wel", "da": "dan", "de": "ger", "el": "gre", "en": "eng",
    "eo": "epo", "es": "spa", "et": "est", "eu": "baq", "fa": "per", "fi": "fin", "fr": "fre",
    "ga": "gle", "gl": "glg", "he": "heb", "hi": "hin", "hr": "hrv", "hu": "hun", "hy": "arm",
    "id": "ind", "is": "ice", "it": "ita", "ja": "jpn", "ka": "geo", "kk": "kaz", "ko": "kor",
    "la": "lat", "lt": "lit", "lv": "lav", "mk": "mac", "mn": "mon", "ms": "may", "my": "bur",
    "nb": "nob", "nl": "dut", "nn": "nno", "no": "nor", "pl": "pol", "pt": "por", "ro": "rum",
    "ru": "rus", "sk": "slo", "sl": "slv", "sq": "alb", "sr": "srp", "sv": "swe", "th": "tha",
    "tr": "tur", "uk": "ukr", "ur": "urd", "uz": "uzb", "vi": "vie", "zh": "chi",
}  # fmt: skip
_ISO639_1 = {v: k for k, v in _ISO639_2B.items()}


def iso639_1_codes() -> frozenset[str]:
    """Every ISO 639-1 code this table knows (the languages lawalign accepts).

    >>> "vi" in iso639_1_codes(), "zz" in iso639_1_codes()
    (True, False)
    """
    return frozenset(_ISO639_2B)


def lang_to_iso639_2b(lang: str) -> str:
    """The three-letter ISO 639-2/B code of an ISO 639-1 code; ``und`` when unknown.

    >>> lang_to_iso639_2b("vi"), lang_to_iso639_2b("de"), lang_to_iso639_2b("xx")
    ('vie', 'ger', 'und')
    """
    return _ISO639_2B.get(lang.lower(), "und")


def lang_from_iso639_2b(code: str) -> str:
    """The ISO 639-1 code of a 639-2/B code (the code itself when unknown).

    >>> lang_from_iso639_2b("tur")
    'tr'
    """
    return _ISO639_1.get(code.lower(), code)


def known_languages(data_dir: Path | None = None) -> frozenset[str]:
    """Every language code lawalign accepts: the AKN table, the profiles (bundled and of the ``--data``
    folder ``data_dir``), the detector's extras.

    >>> {"vi", "ru", "tr", "en"} <= known_languages(), "zz" in known_languages()
    (True, False)
    """
    from lawalign.ingest.profiles import available_languages

    return _known(available_languages(data_dir))


@cache
def _known(profiles: tuple[str, ...]) -> frozenset[str]:  # keyed on the profiles in force
    from lawalign.ingest.langid import EXTRA_LANGUAGES

    return iso639_1_codes() | frozenset(profiles) | frozenset(EXTRA_LANGUAGES)


def check_lang(value: object, path: str, line: int = 0, col: int = 0, *, data_dir: Path | None = None) -> str:
    """``value`` as a known ISO 639-1 code; an upper-case spelling is lowered with a warning.

    Args:
        value: The code as given (a manifest value or ``--lang``).
        path: Where it was given, for the error (a file, or ``--lang``).
        line: Its line in ``path`` (0: unknown).
        col: Its column (0: unknown).
        data_dir: The run's ``--data`` folder (its profiles add languages).

    Raises:
        InputError: Not a string, or not a known code.

    >>> check_lang("vi", "manifest.toml")
    'vi'
    >>> check_lang("zz", "manifest.toml", 3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lawalign.errors.InputError: manifest.toml:3: language 'zz' is not a known ISO 639-1 code (known: af, ...)
    """
    if not isinstance(value, str):
        raise InputError(path, f"language must be a string such as 'vi', not {value!r}", line, col)
    code = value.strip()
    known = known_languages(data_dir)
    if code.lower() in known and code != code.lower():
        log.warning(
            "%s: language %r read as %r (codes are lower-case)", _where(path, line), code, code.lower()
        )
        code = code.lower()
    if code not in known:
        raise InputError(
            path,
            f"language {value!r} is not a known ISO 639-1 code (known: {', '.join(sorted(known))})",
            line,
            col,
        )
    return code


def _where(path: str, line: int) -> str:
    return f"{path}:{line}" if line else path
