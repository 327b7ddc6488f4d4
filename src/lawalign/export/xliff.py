"""XLIFF 2.0 for one language pair: source = ``--src`` or the authoritative edition, target = ``--tgt``.

Every unit id either side has becomes a ``unit`` (``id`` = unit id, a valid NMTOKEN); a side that lacks
the unit gets an empty element and a ``lawalign:missing`` note, so a translator sees the gap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lxml import etree

from lawalign.errors import ConfigError
from lawalign.export.base import ExportOptions, pick_editions, unit_table
from lawalign.query.search import display_text

if TYPE_CHECKING:
    from lawalign.query import Corpus

NS = "urn:oasis:names:tc:xliff:document:2.0"
SUFFIX = ".xlf"
MEDIA_TYPE = "application/xliff+xml"


def language_pair(corpus: Corpus, options: ExportOptions) -> tuple[str, str]:
    """The (source, target) languages of an XLIFF export.

    The source is ``options.src``, else the authoritative edition's language, else the only choice
    of a two-language corpus; the target is ``options.tgt``, else the one remaining language.

    Raises:
        ConfigError: The pair is ambiguous or names a language the corpus lacks.
    """
    langs = corpus.langs
    for flag, value in (("--src", options.src), ("--tgt", options.tgt)):
        if value is not None and value not in langs:
            raise ConfigError(f"{flag} {value!r}: no such edition; the corpus has: {', '.join(langs)}")
    src = options.src
    if src is None:
        authoritative = corpus.authoritative
        if authoritative is not None:
            src = authoritative.lang
        elif len(langs) == 2:
            src = langs[0] if options.tgt != langs[0] else langs[1]
        else:
            raise ConfigError(f"no authoritative edition: choose --src from {', '.join(langs)}")
    tgt = options.tgt
    if tgt is None:
        others = [lang for lang in langs if lang != src]
        if len(others) != 1:
            raise ConfigError(f"choose --tgt from {', '.join(others) or '(no other language)'}")
        tgt = others[0]
    if src == tgt:
        raise ConfigError(f"--src and --tgt are both {src!r}")
    return src, tgt


def render(corpus: Corpus, options: ExportOptions) -> bytes:
    """The corpus as an XLIFF 2.0 document for one language pair.

    Args:
        corpus: The corpus.
        options: ``src``/``tgt`` choose the pair.

    Returns:
        UTF-8 XML bytes.

    Raises:
        ConfigError: Ambiguous or unknown languages.
    """
    src, tgt = language_pair(corpus, options)
    editions = pick_editions(corpus, (src, tgt))
    root = etree.Element(f"{{{NS}}}xliff", nsmap={None: NS}, version="2.0", srcLang=src, trgLang=tgt)
    by_lang = {e.lang: e for e in editions}
    file_el = etree.SubElement(root, f"{{{NS}}}file", id=f"{by_lang[src].name}", original=by_lang[src].path)
    for unit_id, cells in unit_table(corpus, editions):
        unit_el = etree.SubElement(file_el, f"{{{NS}}}unit", id=unit_id)
        missing = [lang for lang in (src, tgt) if lang not in cells]
        if missing:
            notes = etree.SubElement(unit_el, f"{{{NS}}}notes")
            for lang in missing:
                note = etree.SubElement(notes, f"{{{NS}}}note", category="lawalign:missing")
                note.text = f"no {unit_id} in the {lang} edition"
        segment = etree.SubElement(unit_el, f"{{{NS}}}segment", id=f"{unit_id}.s")
        for lang, tag in ((src, "source"), (tgt, "target")):
            el = etree.SubElement(segment, f"{{{NS}}}{tag}")
            if lang in cells:
                unit = cells[lang]
                try:
                    el.text = display_text(unit)
                except ValueError as exc:
                    raise ConfigError(
                        f"{unit.source.path}:{unit.source.line_start}: unit {unit_id}: {exc}"
                    ) from None
    return bytes(etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True))
