"""Ingest: read a law text file into a :class:`~lawalign.models.SourceText`.

Named steps, one module each: ``decode`` (bytes → text, code page chosen by evidence, mojibake
repaired), ``html`` (a saved web page or XML → post-body lines, chrome kept as debris), ``normalize``
(line ends, spaces, zero-width characters, NFC; exact line map), ``langid`` (lingua). Language profiles
are data (``profiles``).
"""

from typing import TYPE_CHECKING

from lawalign.lazy import lazy_attributes

if TYPE_CHECKING:
    from lawalign.ingest.decode import decode_bytes
    from lawalign.ingest.html import extract_html, extract_xml
    from lawalign.ingest.langid import detect_language
    from lawalign.ingest.normalize import fold_label, normalize_line, normalize_text
    from lawalign.ingest.read import MAX_BYTES, read_source

__all__ = [
    "MAX_BYTES",
    "decode_bytes",
    "detect_language",
    "extract_html",
    "extract_xml",
    "fold_label",
    "normalize_line",
    "normalize_text",
    "read_source",
]

__getattr__ = lazy_attributes(
    __name__,
    {
        "decode_bytes": "decode",
        "extract_html": "html",
        "extract_xml": "html",
        "detect_language": "langid",
        "fold_label": "normalize",
        "normalize_line": "normalize",
        "normalize_text": "normalize",
        "MAX_BYTES": "read",
        "read_source": "read",
    },
)
