"""CSV of the unit table (``Corpus.frame()``): UTF-8 without BOM, ``\\n`` line ends, RFC 4180 quoting.

A text cell starting with ``= + - @``, tab or CR gets a leading ``'`` so no spreadsheet runs it as a
formula (:func:`lawalign.output.csv_cell`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from lawalign.export.base import ExportOptions, pick_editions
from lawalign.output import csv_text

if TYPE_CHECKING:
    from lawalign.query import Corpus

SUFFIX = ".csv"
MEDIA_TYPE = "text/csv"


def render(corpus: Corpus, options: ExportOptions) -> bytes:
    """The unit table as CSV bytes (columns of :data:`lawalign.query.UNIT_COLUMNS`; ``refs`` space-separated).

    Args:
        corpus: The corpus.
        options: ``langs`` limits the languages.

    Returns:
        UTF-8 bytes.
    """
    frame = corpus.frame()
    if options.langs is not None:
        pick_editions(corpus, options.langs)  # validates the languages
        frame = frame[frame["lang"].isin(options.langs)]
    frame = frame.assign(refs=frame["refs"].map(" ".join))  # "68B1 16D": one cell, space-separated
    records = [
        {k: (None if v is None or (isinstance(v, float) and math.isnan(v)) else v) for k, v in r.items()}
        for r in frame.to_dict("records")
    ]
    return csv_text([str(c) for c in frame.columns], records).encode("utf-8")
