"""XLIFF 2.0 (default) or 1.2 for one language pair, sentence- or clause-level, findings as notes.

Source = ``--src`` (else the authoritative edition, else the first edition), target = ``--tgt`` (else
the one remaining language). Every unit id the source has becomes a unit (2.0 ``unit``, 1.2 ``group``)
whose segments (2.0 ``segment``, 1.2 ``trans-unit``) are the aligned sentence groups of
:mod:`lawalign.export.segments` (or the whole clause). Segment text is the words only; the printed
label ("1.", "A.", "[1]") is a note (``label``) beside it. The findings about the unit in either
language are notes (``finding``; priority 1 for errors, 5 for warnings, 9 for info), and the state
says what a translator should do. One mapping from findings to states serves both versions; a unit
is *for review* when a finding about it in either language is at least as severe as the review
threshold (``--review-on``: ``info`` by default, so every finding, warnings and info included, marks
its unit; ``warning`` or ``error`` raise the threshold, ``none`` marks nothing):

======================================  ==============================  ==========================
situation                               XLIFF 1.2 ``target/@state``     XLIFF 2.0 ``segment``
======================================  ==============================  ==========================
the unit is for review (above)          ``needs-review-translation``    ``state="initial"``,
                                                                        ``subState="lawalign:needs-review-translation"``
no target text                          ``needs-translation``           ``state="initial"``
otherwise (a published translation)     ``translated``                  ``state="translated"``
======================================  ==============================  ==========================

A source is never empty: a unit id the source edition lacks (the target has it alone) is no
translatable unit; its target text is kept as a file-level note (``missing-source``, 2.0
``file/notes``, 1.2 ``header/note``). A target sentence the aligner matched to no source sentence is
kept as a note (``unaligned``), and a unit the target lacks gets an empty target and a ``missing``
note, so nothing is lost.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lxml import etree

from lawalign.errors import ConfigError
from lawalign.export.base import ExportOptions, pick_editions, source_language
from lawalign.export.segments import Segment, corpus_segments

if TYPE_CHECKING:
    from lawalign.models import Finding
    from lawalign.query import Corpus

NS = "urn:oasis:names:tc:xliff:document:2.0"
NS12 = "urn:oasis:names:tc:xliff:document:1.2"
XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"
SUFFIX = ".xlf"
MEDIA_TYPE = "application/xliff+xml"
VERSIONS = ("2.0", "1.2")
NEEDS_REVIEW = "needs-review-translation"
_PRIORITY = {"error": "1", "warning": "5", "info": "9"}
REVIEW_LEVELS = ("info", "warning", "error", "none")
"""Values of ``--review-on``: the least severe finding that marks its unit for review."""
_RANK = {"error": 0, "warning": 1, "info": 2}


def for_review(severities: Sequence[str], threshold: str = "info") -> bool:
    """Whether findings of ``severities`` about a unit mark it for review at ``threshold``.

    >>> for_review(["warning"]), for_review(["warning"], "error"), for_review(["info"], "none")
    (True, False, False)
    """
    if threshold not in REVIEW_LEVELS:
        raise ConfigError(f"unknown review threshold {threshold!r}; valid: {', '.join(REVIEW_LEVELS)}")
    if threshold == "none":
        return False
    return any(_RANK.get(s, 1) <= _RANK[threshold] for s in severities)


def language_pair(corpus: Corpus, options: ExportOptions) -> tuple[str, str]:
    """The (source, target) languages of an XLIFF export.

    The source is ``options.src``, else the authoritative edition's language, else the first
    edition's; the target is ``options.tgt``, else the one remaining language.

    Raises:
        ConfigError: The target is ambiguous, or a language the corpus lacks is named.
    """
    langs = corpus.langs
    if options.tgt is not None and options.tgt not in langs:
        raise ConfigError(f"--tgt {options.tgt!r}: no such edition; the corpus has: {', '.join(langs)}")
    src = source_language(corpus, options.src)
    tgt = options.tgt
    if tgt is None:
        others = [lang for lang in langs if lang != src]
        if len(others) != 1:
            raise ConfigError(f"choose --tgt from {', '.join(others) or '(no other language)'}")
        tgt = others[0]
    if src == tgt:
        raise ConfigError(f"--src and --tgt are both {src!r}")
    return src, tgt


@dataclass(frozen=True, slots=True)
class _Note:
    category: str  # label, finding, unaligned, missing
    text: str
    applies_to: str = ""  # "source", "target" or "" (both)
    priority: str = ""


@dataclass(frozen=True, slots=True)
class _Unit:
    id: str
    notes: tuple[_Note, ...]
    segments: tuple[tuple[str, str, str], ...]  # (segment id, source text, target text)
    review: bool  # a finding at or above the review threshold is about this unit


def _finding_note(finding: Finding) -> _Note:
    text = f"{finding.severity} {finding.type} ({finding.lang}): {finding.message}"
    if finding.suggestion:
        text += f" Suggestion: {finding.suggestion}"
    return _Note("finding", text, priority=_PRIORITY.get(finding.severity, "5"))


def _units(
    segments: Sequence[Segment], findings: Sequence[Finding], src: str, tgt: str, threshold: str = "info"
) -> tuple[list[_Unit], list[_Note]]:
    """The translatable units, and the file-level notes keeping what has no source."""
    by_unit: dict[str, list[Segment]] = {}
    for segment in segments:
        by_unit.setdefault(segment.unit, []).append(segment)
    about: dict[str, list[Finding]] = {}
    for finding in findings:
        if finding.lang in (src, tgt):
            about.setdefault(finding.unit or "", []).append(finding)
    units = []
    orphans: list[_Note] = []
    for unit_id, parts in by_unit.items():
        has = {lang for part in parts for lang in part.langs}
        if src not in has or not any(part.text(src) for part in parts):
            alone = " ".join(t for part in parts if (t := part.text(tgt)))
            if alone:
                orphans.append(_Note("missing-source", f"{unit_id}: no {src} source; {tgt} text: {alone}"))
            continue
        notes: list[_Note] = []
        for part in parts:
            for lang, label in part.labels:
                notes.append(_Note("label", f"printed label: {label}", "source" if lang == src else "target"))
        for lang in (src, tgt):
            if lang not in has:
                notes.append(_Note("missing", f"no {unit_id} in the {lang} edition"))
        rows: list[tuple[str, str, str]] = []
        for part in parts:
            source, target = part.text(src), part.text(tgt)
            if not source and target:
                notes.append(
                    _Note("unaligned", f"{tgt} sentence with no {src} counterpart: {target}", "target")
                )
                continue
            name = part.key[len(unit_id) + 1 :] if part.key.startswith(f"{unit_id}.") else "s"
            rows.append((name, source or "", target or ""))
        findings_here = about.get(unit_id, [])
        notes.extend(_finding_note(f) for f in findings_here)
        review = for_review([f.severity for f in findings_here], threshold)
        units.append(_Unit(unit_id, tuple(notes), tuple(rows), review))
    return units, orphans


def _text(el: etree._Element, text: str, where: str) -> None:
    try:
        el.text = text
    except ValueError as exc:
        raise ConfigError(f"{where}: {exc}") from None


def _render_20(
    units: Sequence[_Unit], orphans: Sequence[_Note], src: str, tgt: str, name: str, original: str
) -> etree._Element:
    root = etree.Element(f"{{{NS}}}xliff", nsmap={None: NS}, version="2.0", srcLang=src, trgLang=tgt)
    file_el = etree.SubElement(root, f"{{{NS}}}file", id=name, original=original)
    if orphans:
        file_notes = etree.SubElement(file_el, f"{{{NS}}}notes")
        for note in orphans:
            _text(etree.SubElement(file_notes, f"{{{NS}}}note", category=note.category), note.text, name)
    for unit in units:
        unit_el = etree.SubElement(file_el, f"{{{NS}}}unit", id=unit.id)
        if unit.notes:
            notes = etree.SubElement(unit_el, f"{{{NS}}}notes")
            for note in unit.notes:
                attrs = {"category": note.category}
                if note.applies_to:
                    attrs["appliesTo"] = note.applies_to
                if note.priority:
                    attrs["priority"] = note.priority
                _text(etree.SubElement(notes, f"{{{NS}}}note", attrib=attrs), note.text, unit.id)
        for seg_id, source, target in unit.segments:
            attrs = {"id": seg_id, "state": "translated" if target and not unit.review else "initial"}
            if unit.review:
                attrs["subState"] = f"lawalign:{NEEDS_REVIEW}"
            segment = etree.SubElement(unit_el, f"{{{NS}}}segment", attrib=attrs)
            _text(etree.SubElement(segment, f"{{{NS}}}source"), source, f"{unit.id} {seg_id}")
            _text(etree.SubElement(segment, f"{{{NS}}}target"), target, f"{unit.id} {seg_id}")
    return root


def _render_12(
    units: Sequence[_Unit], orphans: Sequence[_Note], src: str, tgt: str, original: str
) -> etree._Element:
    root = etree.Element(f"{{{NS12}}}xliff", nsmap={None: NS12}, version="1.2")
    file_el = etree.SubElement(
        root,
        f"{{{NS12}}}file",
        original=original,
        datatype="plaintext",
        attrib={"source-language": src, "target-language": tgt},
    )
    if orphans:
        header = etree.SubElement(file_el, f"{{{NS12}}}header")
        for note in orphans:
            attrs = {"from": f"lawalign-{note.category}"}
            _text(etree.SubElement(header, f"{{{NS12}}}note", attrib=attrs), note.text, original)
    body = etree.SubElement(file_el, f"{{{NS12}}}body")
    for unit in units:
        group = etree.SubElement(body, f"{{{NS12}}}group", id=unit.id, resname=unit.id)
        for seg_id, source, target in unit.segments:
            tu = etree.SubElement(group, f"{{{NS12}}}trans-unit", id=f"{unit.id}.{seg_id}")
            tu.set(XML_SPACE, "preserve")
            _text(etree.SubElement(tu, f"{{{NS12}}}source"), source, f"{unit.id} {seg_id}")
            state = NEEDS_REVIEW if unit.review else ("translated" if target else "needs-translation")
            _text(etree.SubElement(tu, f"{{{NS12}}}target", state=state), target, f"{unit.id} {seg_id}")
            for note in unit.notes:  # 1.2 tools show a trans-unit's notes, not its group's
                attrs = {"from": f"lawalign-{note.category}"}
                if note.applies_to:
                    attrs["annotates"] = note.applies_to
                if note.priority:
                    attrs["priority"] = note.priority
                _text(etree.SubElement(tu, f"{{{NS12}}}note", attrib=attrs), note.text, unit.id)
    return root


def render(corpus: Corpus, options: ExportOptions) -> bytes:
    """The corpus as an XLIFF document for one language pair.

    Args:
        corpus: The corpus.
        options: ``src``/``tgt`` choose the pair, ``level`` the segments, ``xliff_version`` 2.0 or 1.2,
            ``review_on`` the review threshold (module docstring).

    Returns:
        UTF-8 XML bytes.

    Raises:
        ConfigError: Ambiguous or unknown languages, an unknown version or level.
    """
    if options.xliff_version not in VERSIONS:
        raise ConfigError(f"unknown XLIFF version {options.xliff_version!r}; valid: {', '.join(VERSIONS)}")
    src, tgt = language_pair(corpus, options)
    source_edition = pick_editions(corpus, (src,))[0]
    segments = corpus_segments(corpus, options.level, src, (src, tgt))
    units, orphans = _units(segments, corpus.finding_list(), src, tgt, options.review_on)
    if options.xliff_version == "2.0":
        root = _render_20(units, orphans, src, tgt, source_edition.name, source_edition.path)
    else:
        root = _render_12(units, orphans, src, tgt, source_edition.path)
    return bytes(etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True))
