"""Reading what a user types to cite a clause ("Law 68 B 2", "Điều 68B2", "70D") as a unit query.

One function, :func:`parse_unit_query`, accepts WBF citation forms in any bundled language: the law
keywords come from the language profiles (``law_keywords``), so a new profile teaches it a new word.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from typing import Literal

from lawalign.errors import ConfigError
from lawalign.ingest.letters import LETTERS
from lawalign.ingest.profiles import Profile, available_languages, load_profile
from lawalign.models import ASCII_DIGITS, UnitId

QueryLevel = Literal["law", "section", "unit"]

EXAMPLES = "68B2, 68.B.2, Law 68 B 2, Điều 68B2, 70D, 68, 68.fn1, 69B.wrap"

# Russian editions may print section letters in Cyrillic; these look exactly like the Latin ones
# (data/letters/letters.toml, [typed]).
_CYRILLIC_LOOKALIKES = str.maketrans(dict(LETTERS.typed))

# The suffix of an unnumbered part, typed with or without its dot: "68.fn1", "69B wrap", "68 title".
_SUFFIX = re.compile(r"[\s.,]*(?P<suffix>title|intro|wrap|fn\s*\d+)\s*$", re.I)

# The numbered core once keyword and suffix are gone: "68", "68B2", "68.B.2", "68 b 2", "71.1".
_CORE = re.compile(
    r"""^(?P<law>\d{1,3})            # law number: 68
        (?:[\s.,]*(?P<section>[A-Za-z])(?![A-Za-z]))?   # section letter: B (not the start of a word)
        (?:[\s.,]*(?P<point>\d{1,2}))?                  # point number: 2
        [\s.,]*$""",
    re.X,
)


@dataclass(frozen=True, slots=True)
class UnitQuery:
    """A parsed clause citation.

    ``level`` says what it names: a whole law ("68"), a section with its heading, chapeau, points
    and wrap ("70D"), or one unit ("68B2", "68.fn1", "68D.title").
    """

    law: str
    section: str = ""
    point: int = 0
    suffix: str = ""
    text: str = ""  # what the user typed

    @property
    def id(self) -> UnitId:
        """The canonical id (``68B2``, ``70D``, ``68``, ``68.fn1``)."""
        return UnitId.of(self.law, self.section, self.point, self.suffix)

    @property
    def level(self) -> QueryLevel:
        if self.suffix or self.point:
            return "unit"
        if self.section:
            return "section"
        return "law"


def _keyword_pattern() -> re.Pattern[str]:
    return _keywords_of(tuple(load_profile(lang) for lang in available_languages()))


@cache
def _keywords_of(profiles: tuple[Profile, ...]) -> re.Pattern[str]:  # keyed on the profiles in force
    # English citation words: the WBF's "Law", and "Rule", which English renderings of the Russian
    # "Правило" (and Polish "Przepis") print; the profiles add every language's own keywords.
    words: dict[str, None] = {"Law": None, "Laws": None, "Rule": None, "Rules": None}
    for profile in profiles:
        for word in (*profile.law_keywords, *profile.law_keywords_plural):
            words.setdefault(unicodedata.normalize("NFC", word), None)
    # Longest first so "Правилами" wins over "Правила"; a trailing word boundary keeps "Lawyer" out.
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=lambda w: (-len(w), w)))
    return re.compile(rf"^(?:{alternatives})(?![^\W\d_])[\s.:,]*", re.I)


def parse_unit_query(text: str) -> UnitQuery:
    """Parse a clause citation in any bundled language into a :class:`UnitQuery`.

    Args:
        text: What the user typed: "68B2", "68.B.2", "Law 68 B 2", "Điều 68B2", "Правило 68B2",
            "Yasa 68B2", "70D", "68", "68.fn1", "69B.wrap", "71.1".

    Returns:
        The parsed query; ``.id`` is its canonical id and ``.level`` what it names.

    Raises:
        ConfigError: When ``text`` is not a citation; the message shows accepted forms.

    >>> str(parse_unit_query("Law 68 B 2").id)
    '68B2'
    >>> str(parse_unit_query("Điều 68B2").id)
    '68B2'
    >>> parse_unit_query("70D").level
    'section'
    >>> str(parse_unit_query("68.fn1").id)
    '68.fn1'

    Typed forms are folded (NFKC, every script's digits as ASCII): a full-width IME's "６８Ｂ２" and
    "٦٨B2" are 68B2 too.

    >>> str(parse_unit_query("６８Ｂ２").id), str(parse_unit_query("٦٨B2").id)
    ('68B2', '68B2')
    """
    cleaned = unicodedata.normalize("NFKC", text).translate(ASCII_DIGITS).strip()
    cleaned = _keyword_pattern().sub("", cleaned, count=1).strip()
    suffix = ""
    m = _SUFFIX.search(cleaned)
    if m and m.start() > 0:
        suffix = re.sub(r"\s+", "", m["suffix"].lower())
        cleaned = cleaned[: m.start()]
    core = _CORE.match(cleaned.translate(_CYRILLIC_LOOKALIKES))
    if not cleaned or core is None:
        raise ConfigError(f"cannot read {text!r} as a clause; try one of: {EXAMPLES}")
    section = (core["section"] or "").upper()
    point = int(core["point"]) if core["point"] else 0
    return UnitQuery(law=core["law"], section=section, point=point, suffix=suffix, text=text)
