"""Exports of a corpus: TMX, XLIFF, CSV, Parquet, SQLite and the HTML report, one module per format.

>>> sorted(FORMATS)
['csv', 'html', 'parquet', 'sqlite', 'tmx', 'xliff']
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from lawalign.errors import unknown_name
from lawalign.export import csv, html, parquet, sqlite, tmx, xliff
from lawalign.export.base import ExportFormat, ExportOptions, write_output
from lawalign.export.html import render_report
from lawalign.output import write_atomic

if TYPE_CHECKING:
    from lawalign.query import Corpus

FORMATS: dict[str, ExportFormat] = {
    "tmx": ExportFormat(
        "tmx", tmx.SUFFIX, False, tmx.MEDIA_TYPE, tmx.render, "TMX 1.4b, sentence- or clause-level"
    ),
    "xliff": ExportFormat(
        "xliff", xliff.SUFFIX, False, xliff.MEDIA_TYPE, xliff.render, "XLIFF 2.0 or 1.2 for one language pair"
    ),
    "csv": ExportFormat("csv", csv.SUFFIX, False, csv.MEDIA_TYPE, csv.render, "the unit table as CSV"),
    "parquet": ExportFormat(
        "parquet", parquet.SUFFIX, True, parquet.MEDIA_TYPE, parquet.render, "the unit table as Parquet"
    ),
    "html": ExportFormat("html", html.SUFFIX, False, html.MEDIA_TYPE, html.render, "the static HTML report"),
    "sqlite": ExportFormat(
        "sqlite", sqlite.SUFFIX, True, sqlite.MEDIA_TYPE, sqlite.render, "the corpus as an SQLite database"
    ),
}


def get_format(name: str) -> ExportFormat:
    """The registered format ``name``.

    Raises:
        ConfigError: Unknown name; the message lists the valid ones.
    """
    if name not in FORMATS:
        raise unknown_name("export format", name, tuple(FORMATS))
    return FORMATS[name]


def render_export(corpus: Corpus, fmt: str, options: ExportOptions | None = None) -> bytes:
    """Render ``corpus`` in format ``fmt``.

    Args:
        corpus: The corpus.
        fmt: A name of :data:`FORMATS`.
        options: Language choices.

    Returns:
        The file's bytes.
    """
    return get_format(fmt).render(corpus, options or ExportOptions())


def write_export(corpus: Corpus, fmt: str, dest: str | Path, options: ExportOptions | None = None) -> None:
    """Render and write atomically to ``dest`` (``-``: stdout, text formats only).

    Args:
        corpus: The corpus.
        fmt: A name of :data:`FORMATS`.
        dest: The output path or ``-``.
        options: Language choices.
    """
    spec = get_format(fmt)
    data = spec.render(corpus, options or ExportOptions())  # render fully before touching the target
    write_output(dest, data, binary=spec.binary)


__all__ = [
    "FORMATS",
    "ExportFormat",
    "ExportOptions",
    "get_format",
    "render_export",
    "render_report",
    "write_atomic",
    "write_export",
    "write_output",
]
