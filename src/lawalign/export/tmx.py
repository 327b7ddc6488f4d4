"""TMX 1.4b: one ``tu`` per unit id (``tuid`` = id), one ``tuv`` per language.

The header carries no date, so the same corpus always gives the same bytes. ``srclang`` is the
authoritative edition's language (or ``--src``), else ``*all*`` as TMX allows for multilingual memories.
Each segment is the unit's printed label and text (``2. Вне зависимости…``); debris is not exported.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lxml import etree

from lawalign.errors import ConfigError
from lawalign.export.base import (
    ALL_LANGS,
    TOOL,
    ExportOptions,
    pick_editions,
    tool_version,
    unit_table,
)
from lawalign.query.search import display_text

if TYPE_CHECKING:
    from lawalign.query import Corpus

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
SUFFIX = ".tmx"
MEDIA_TYPE = "application/x-tmx+xml"


def _prop(parent: etree._Element, kind: str, value: str) -> None:
    prop = etree.SubElement(parent, "prop", type=kind)
    prop.text = value


def source_lang(corpus: Corpus, options: ExportOptions) -> str:
    """The TMX ``srclang``: ``options.src``, else the authoritative edition's language, else ``*all*``."""
    if options.src:
        if options.src not in corpus.langs:
            raise ConfigError(
                f"--src {options.src!r}: no such edition; the corpus has: {', '.join(corpus.langs)}"
            )
        return options.src
    authoritative = corpus.authoritative
    return authoritative.lang if authoritative is not None else ALL_LANGS


def render(corpus: Corpus, options: ExportOptions) -> bytes:
    """The corpus as a TMX 1.4b document.

    Args:
        corpus: The corpus.
        options: ``src`` sets ``srclang``; ``langs`` limits the languages.

    Returns:
        UTF-8 XML bytes.

    Raises:
        ConfigError: Unknown language, or a text holding characters XML cannot carry.
    """
    editions = pick_editions(corpus, options.langs)
    root = etree.Element("tmx", version="1.4")
    etree.SubElement(
        root,
        "header",
        creationtool=TOOL,
        creationtoolversion=tool_version(),
        segtype="paragraph",
        attrib={
            "o-tmf": TOOL,
            "adminlang": "en",
            "srclang": source_lang(corpus, options),
            "datatype": "plaintext",
        },
    )
    body = etree.SubElement(root, "body")
    for unit_id, cells in unit_table(corpus, editions):
        tu = etree.SubElement(body, "tu", tuid=unit_id)
        first = next(iter(cells.values()))
        _prop(tu, "x-law", first.law)
        _prop(tu, "x-role", first.role)
        for lang, unit in cells.items():
            tuv = etree.SubElement(tu, "tuv", attrib={XML_LANG: lang})
            _prop(tuv, "x-source", f"{unit.source.path}:{unit.source.line_start}-{unit.source.line_end}")
            if unit.inferred:
                _prop(tuv, "x-inferred", f"{unit.confidence:.3f}")
            seg = etree.SubElement(tuv, "seg")
            try:
                seg.text = display_text(unit)
            except ValueError as exc:
                raise ConfigError(
                    f"{unit.source.path}:{unit.source.line_start}: unit {unit_id} ({lang}): {exc}"
                ) from None
    return bytes(etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True))
