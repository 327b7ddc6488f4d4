"""Language identification with lingua, over every language lingua knows.

A text of :data:`MIN_LETTERS_ALL` letters or more is compared against every language (lingua's
low-accuracy mode: trigram models only, fast and small, and reliable on paragraph-length text); a
shorter one against the profile languages and their neighbours in high-accuracy mode. Norwegian
Bokmål and Nynorsk are reported as ``no``, the code the profiles use. Detectors are built on first use
(never at import) and cached; lingua is deterministic.
"""

from __future__ import annotations

import logging
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from lawalign.ingest.profiles import GENERIC, available_languages
from lawalign.tuning import tuned_int

if TYPE_CHECKING:
    from lingua import LanguageDetector

log = logging.getLogger(__name__)

# Languages lingua chooses among besides the bundled profiles: neighbours a law text could be
# mistaken for (uk/bg next to ru, pt/ro/ca next to es/it/fr, cs/sk next to pl, ...).
EXTRA_LANGUAGES: tuple[str, ...] = (
    "uk", "bg", "be", "pt", "ro", "ca", "cs", "sk", "hu", "sv", "da", "nb", "nn", "id", "el", "he", "ar",
    "zh", "ja", "ko", "th",
)  # fmt: skip

# Codes lingua reports that the profiles spell otherwise: Bokmål and Nynorsk are Norwegian ("no").
CODE_ALIASES = {"nb": "no", "nn": "no"}

# From this many letters on, a text is compared against every language lingua knows.
MIN_LETTERS_ALL = tuned_int("ingest.langid", "min_letters_all")

# Longer texts are sampled: this many characters, taken from evenly spaced stretches.
SAMPLE_CHARS = 6000


def _detector(data_dir: Path | None = None) -> LanguageDetector:
    return _detector_for(available_languages(data_dir))


@cache
def _detector_for(profiles: tuple[str, ...]) -> LanguageDetector:  # keyed on the profiles in force
    from lingua import IsoCode639_1, Language, LanguageDetectorBuilder

    codes = sorted((set(profiles) | set(EXTRA_LANGUAGES)) - set(CODE_ALIASES.values()))
    languages = []
    for code in codes:
        try:
            languages.append(Language.from_iso_code_639_1(getattr(IsoCode639_1, code.upper())))
        except (AttributeError, ValueError):
            log.debug("lingua has no language %r", code)
    log.debug("building the language detector for %s", ", ".join(codes))
    return LanguageDetectorBuilder.from_languages(*languages).build()


@cache
def _all_detector() -> LanguageDetector:
    from lingua import LanguageDetectorBuilder

    log.debug("building the language detector for every language lingua knows")
    # preloading every trigram model at once is several times faster than loading them lazily
    return (
        LanguageDetectorBuilder.from_all_languages()
        .with_low_accuracy_mode()
        .with_preloaded_language_models()
        .build()
    )


def _sample(text: str) -> str:
    if len(text) <= SAMPLE_CHARS:
        return text
    pieces = 6
    size = SAMPLE_CHARS // pieces
    step = (len(text) - size) // (pieces - 1)
    return "\n".join(text[i * step : i * step + size] for i in range(pieces))


def detect_language(text: str, data_dir: Path | None = None) -> tuple[str, float]:
    """The language of ``text`` as ``(ISO 639-1 code, confidence 0..1)``, among the languages with a
    profile (bundled, and of the ``--data`` folder ``data_dir``) for a short text.

    Returns ``("xx", 0.0)`` when there is nothing to go on (no letters).

    >>> detect_language("Правило 68. Претензия на взятки или уступка")[0]
    'ru'
    >>> detect_language("Når TL dømmer i et krav eller en avståelse som ikke er godtatt, beregner TL "
    ...                 "resultatet av mappen så rettferdig som mulig for begge sider.")[0]
    'no'
    """
    sample = _sample(text)
    letters = sum(1 for c in sample if c.isalpha())
    if not letters:
        return GENERIC, 0.0
    detector = _all_detector() if letters >= MIN_LETTERS_ALL else _detector(data_dir)
    values = detector.compute_language_confidence_values(sample)
    if not values or values[0].value <= 0.0:
        return GENERIC, 0.0
    top = values[0]
    code = top.language.iso_code_639_1.name.lower()
    return CODE_ALIASES.get(code, code), round(float(top.value), 4)
