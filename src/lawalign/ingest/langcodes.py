"""Language codes lawalign accepts: lowercase ISO 639-1 codes it knows (profiles, detector, AKN table).

An upper-case code (``EN``) is read as its lower-case form with a warning; anything else (``zz``,
``eng``, ``en-US``) is refused with the list of valid codes.
"""

from __future__ import annotations

import logging
from functools import cache

from lawalign.errors import InputError

log = logging.getLogger(__name__)


@cache
def known_languages() -> frozenset[str]:
    """Every language code lawalign accepts: the AKN table, the bundled profiles, the detector's extras.

    >>> {"vi", "ru", "tr", "en"} <= known_languages(), "zz" in known_languages()
    (True, False)
    """
    from lawalign.ingest.langid import EXTRA_LANGUAGES
    from lawalign.ingest.profiles import available_languages
    from lawalign.structure.akn_names import iso639_1_codes

    return iso639_1_codes() | frozenset(available_languages()) | frozenset(EXTRA_LANGUAGES)


def check_lang(value: object, path: str, line: int = 0, col: int = 0) -> str:
    """``value`` as a known ISO 639-1 code; an upper-case spelling is lowered with a warning.

    Args:
        value: The code as given (a manifest value or ``--lang``).
        path: Where it was given, for the error (a file, or ``--lang``).
        line: Its line in ``path`` (0: unknown).
        col: Its column (0: unknown).

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
    known = known_languages()
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
