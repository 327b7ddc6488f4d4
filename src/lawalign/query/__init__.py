"""Query a corpus: clause lookup in any citation form, search, and pandas frames.

>>> str(parse_unit_query("Правило 68B2").id)
'68B2'
"""

from __future__ import annotations

from lawalign.query.corpus import Corpus, compose, open_corpus, reference_order
from lawalign.query.frames import ALIGNMENT_COLUMNS, FINDING_COLUMNS, UNIT_COLUMNS
from lawalign.query.ids import UnitQuery, parse_unit_query
from lawalign.query.refs import REF_COLUMNS, UnitRef, refs_frame
from lawalign.query.search import SEARCH_MODES, SearchHit, display_text

__all__ = [
    "ALIGNMENT_COLUMNS",
    "FINDING_COLUMNS",
    "REF_COLUMNS",
    "SEARCH_MODES",
    "UNIT_COLUMNS",
    "Corpus",
    "SearchHit",
    "UnitQuery",
    "UnitRef",
    "compose",
    "display_text",
    "open_corpus",
    "parse_unit_query",
    "reference_order",
    "refs_frame",
]
