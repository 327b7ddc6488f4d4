"""TMX 1.4b translation memories: sentence-level (default) or clause-level, every language pair kept.

The header's ``srclang`` is ``--src``, else the manifest's authoritative edition, else the corpus'
first edition: a real language, never ``*all*``, which CAT tools read as "any variant may be the
source". One memory holds every language pair of the corpus: a unit the source edition lacks (the
Russian and Turkish 68.intro a Vietnamese-sourced memory has no Vietnamese for) is segmented from the
first other language that has it, and its ``tu`` names that language in its own ``srclang`` (TMX 1.4b
lets a ``tu`` override the header), so the ru–tr pairs are kept. Sentence level gives one ``tu`` per
source sentence group with the sentences every other language's edition was aligned to
(:mod:`lawalign.export.segments`); clause level one ``tu`` per unit id. A ``tu`` holding a single
language is a gap, not a translation: left out unless ``include_unaligned``. Segments carry the words
only: the printed label ("1.", "A.", "[1]") is a ``x-label`` property of its ``tuv``. Every finding
about the unit in a language of the ``tu`` is an ``x-finding`` property of the ``tu``
(``"<severity> <type> (<lang>): <message>"``), so a memory never holds a flagged translation as a
clean match. The header has no date, so the same corpus always gives the same bytes; debris is never
exported.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lxml import etree

from lawalign.errors import ConfigError
from lawalign.export.base import TOOL, ExportOptions, source_language, tool_version
from lawalign.export.segments import corpus_segments

if TYPE_CHECKING:
    from lawalign.query import Corpus

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
SUFFIX = ".tmx"
MEDIA_TYPE = "application/x-tmx+xml"


@dataclass(frozen=True, slots=True)
class TranslationUnit:
    """One ``tu``: texts per language (source first), properties of the unit and of each variant."""

    tuid: str
    texts: tuple[tuple[str, str], ...]
    props: tuple[tuple[str, str], ...] = ()
    variant_props: tuple[tuple[str, str, str], ...] = ()  # (lang, type, value)
    srclang: str = ""  # the tu's own source language, when it is not the header's


def _prop(parent: etree._Element, kind: str, value: str) -> None:
    prop = etree.SubElement(parent, "prop", type=kind)
    prop.text = value


def tmx_document(srclang: str, segtype: str, units: Sequence[TranslationUnit]) -> bytes:
    """A TMX 1.4b document of ``units``.

    Raises:
        ConfigError: A text holds characters XML cannot carry (the message names the unit).

    >>> data = tmx_document("de", "sentence", [TranslationUnit("1", (("de", "Ja."), ("fr", "Oui.")))])
    >>> b'srclang="de"' in data and b"<seg>Oui.</seg>" in data
    True
    """
    root = etree.Element("tmx", version="1.4")
    etree.SubElement(
        root,
        "header",
        creationtool=TOOL,
        creationtoolversion=tool_version(),
        segtype=segtype,
        attrib={"o-tmf": TOOL, "adminlang": "en", "srclang": srclang, "datatype": "plaintext"},
    )
    body = etree.SubElement(root, "body")
    for unit in units:
        tu = etree.SubElement(body, "tu", tuid=unit.tuid)
        if unit.srclang and unit.srclang != srclang:
            tu.set("srclang", unit.srclang)
        for kind, value in unit.props:
            _prop(tu, kind, value)
        for lang, text in unit.texts:
            tuv = etree.SubElement(tu, "tuv", attrib={XML_LANG: lang})
            for where, kind, value in unit.variant_props:
                if where == lang:
                    _prop(tuv, kind, value)
            seg = etree.SubElement(tuv, "seg")
            try:
                seg.text = text
            except ValueError as exc:
                raise ConfigError(f"tu {unit.tuid} ({lang}): {exc}") from None
    return bytes(etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True))


def source_lang(corpus: Corpus, options: ExportOptions) -> str:
    """The TMX ``srclang``: ``--src``, else the authoritative edition's language, else the first edition's."""
    return source_language(corpus, options.src)


def render(corpus: Corpus, options: ExportOptions) -> bytes:
    """The corpus as a TMX 1.4b document.

    Args:
        corpus: The corpus.
        options: ``src`` sets ``srclang``; ``langs`` limits the languages; ``level`` picks sentence or
            clause segments; ``include_unaligned`` keeps single-language units.

    Returns:
        UTF-8 XML bytes.

    Raises:
        ConfigError: Unknown language or level, or a text holding characters XML cannot carry.
    """
    src = source_lang(corpus, options)
    langs = options.langs
    if langs is not None and src not in langs:
        langs = (src, *langs)
    about: dict[tuple[str, str], list[str]] = {}
    for finding in corpus.finding_list():
        text = f"{finding.severity} {finding.type} ({finding.lang}): {finding.message}"
        about.setdefault((finding.unit or "", finding.lang), []).append(text)
    units = []
    for segment in corpus_segments(corpus, options.level, src, langs, pivot=True):
        if len(segment.texts) < 2 and not options.include_unaligned:
            continue
        props: tuple[tuple[str, str], ...] = (
            (("x-unit", segment.unit),) if segment.key != segment.unit else ()
        )
        props += (("x-law", segment.law), ("x-role", segment.role))
        base = segment.unit.split("_")[0]  # a repeated id's row key ("68.title_2") names its unit
        props += tuple(("x-finding", text) for lang in segment.langs for text in about.get((base, lang), ()))
        variant_props = (
            tuple((lang, "x-source", where) for lang, where in segment.sources)
            + tuple((lang, "x-inferred", f"{confidence:.3f}") for lang, confidence in segment.inferred)
            + tuple((lang, "x-label", label) for lang, label in segment.labels)
        )
        units.append(
            TranslationUnit(segment.key, segment.texts, props, variant_props, srclang=segment.texts[0][0])
        )
    return tmx_document(src, "sentence" if options.level == "sentence" else "paragraph", units)
