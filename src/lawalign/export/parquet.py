"""Parquet of the unit table (``Corpus.frame()``), written with pyarrow (snappy, no index)."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from lawalign.export.base import ExportOptions, pick_editions

if TYPE_CHECKING:
    from lawalign.query import Corpus

SUFFIX = ".parquet"
MEDIA_TYPE = "application/vnd.apache.parquet"


def render(corpus: Corpus, options: ExportOptions) -> bytes:
    """The unit table as Parquet bytes (columns of :data:`lawalign.query.UNIT_COLUMNS`).

    Args:
        corpus: The corpus.
        options: ``langs`` limits the languages.

    Returns:
        The Parquet file's bytes (the same for the same corpus and library versions).
    """
    frame = corpus.frame()
    if options.langs is not None:
        pick_editions(corpus, options.langs)
        frame = frame[frame["lang"].isin(options.langs)].reset_index(drop=True)
    buffer = io.BytesIO()
    frame.to_parquet(buffer, engine="pyarrow", index=False, compression="snappy")
    return buffer.getvalue()
