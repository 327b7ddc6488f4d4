"""The limits lawalign enforces on an input, each with a clear, located error (never a silent merge
or an unbounded run).

* :data:`MAX_LAW_NUMBER`: law numbers run 1–999 (the WBF Laws have 93). A law heading whose number
  has four or more digits ("LAW 1000") is refused at its line instead of being read as text of the
  law before it.
* :data:`MAX_PARAGRAPH_CHARS`: one line, and one unit (a paragraph, wrapped lines joined), holds at
  most this many characters. The longest paragraph of the Laws is under 2,000; a whole law printed
  on one line is under 20,000. Longer input is not a law paragraph (a dump, a minified page) and
  would only cost minutes of sentence splitting and alignment.

Both run on the normalized text at the end of reading (:func:`check_limits`, called by
``read_source``), so they cost one pass; the unit length is checked again at the end of
segmentation (:func:`check_units`, called by ``segment_law``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from lawalign.errors import InputError
from lawalign.models import Edition, SourceText

MAX_LAW_NUMBER = 999
MAX_PARAGRAPH_CHARS = 50_000


@cache
def _big_law_heading(law_keywords: tuple[str, ...]) -> re.Pattern[str]:
    keywords = "|".join(sorted((re.escape(k) for k in law_keywords), key=len, reverse=True))
    return re.compile(rf"^\s*(?:{keywords})\s+(?P<num>\d{{4,}})(?!\d)", re.I)


def check_limits(source: SourceText, law_keywords: Sequence[str]) -> None:
    """Refuse a text beyond the limits above, naming the file, line and column.

    Args:
        source: the normalized text.
        law_keywords: the words that open a law heading in the text's language (its profile's).

    Raises:
        InputError: a line longer than :data:`MAX_PARAGRAPH_CHARS`, or a law heading numbered above
            :data:`MAX_LAW_NUMBER`.
    """
    heading = _big_law_heading(tuple(law_keywords))
    for line in source.lines:
        if len(line.text) > MAX_PARAGRAPH_CHARS:
            raise InputError(
                source.path,
                f"a paragraph of {len(line.text):,} characters is over the limit of {MAX_PARAGRAPH_CHARS:,} "
                "for one paragraph (split it, or check that this file is a law text)",
                line.raw_line,
                1,
            )
        match = heading.match(line.text)
        if match:
            raise InputError(
                source.path,
                f"law number {match['num']} is over the supported range 1-{MAX_LAW_NUMBER}",
                line.raw_line,
                match.start("num") + 1,
                line.text[:40],
            )


def check_units(edition: Edition) -> None:
    """Refuse an edition with a unit longer than :data:`MAX_PARAGRAPH_CHARS` (wrapped lines joined).

    Raises:
        InputError: at the unit's first line.
    """
    for unit in edition.units:
        if len(unit.text) > MAX_PARAGRAPH_CHARS:
            raise InputError(
                unit.source.path,
                f"unit {unit.id} has {len(unit.text):,} characters, over the limit of "
                f"{MAX_PARAGRAPH_CHARS:,} for one paragraph",
                unit.source.line_start,
            )
