"""``read_source``: a file → :class:`SourceText`, through named steps.

``check`` (exists, is a file, not empty, under :data:`MAX_BYTES`) → ``format`` (by content, not by
extension: a PDF → ``pdf``, a Word or OpenDocument file → ``docx``; their paragraphs skip decoding)
→ ``decode`` → ``markup`` (a saved web page or XML → post-body lines; plain text → its lines) →
``normalize`` → ``language``.
Any bad input raises :class:`InputError` naming the file (and line); nothing partial is returned.
"""

from __future__ import annotations

import logging
import os
from dataclasses import replace
from pathlib import Path

from lawalign.errors import InputError
from lawalign.fsafe import check_regular, read_regular
from lawalign.ingest.controls import RemovedControl, spell_controls, strip_controls
from lawalign.ingest.decode import decode_bytes, sniff_format
from lawalign.ingest.document import Document
from lawalign.ingest.html import Extracted, extract_html, extract_xml, looks_like_html, looks_like_xml
from lawalign.ingest.langcodes import check_lang
from lawalign.ingest.langid import detect_language
from lawalign.ingest.markdown import extract_markdown, looks_like_markdown
from lawalign.ingest.normalize import (
    SOFT_LINE_BREAK,
    RawLine,
    check_line_breaks,
    check_line_count,
    normalize_line,
    normalize_lines,
    split_raw_lines,
)
from lawalign.ingest.patterns import DECLARED_CHARSET
from lawalign.ingest.profiles import GENERIC, available_languages, available_termbases, load_profile
from lawalign.limits import (
    MAX_LAW_NUMBER,
    MAX_POINTS,
    beyond,
    check_limits,
    law_number_at,
    point_number_at,
    shown_number,
)
from lawalign.models import DebrisId, DebrisReason, Line, Notice, Source, SourceText, Unit

log = logging.getLogger(__name__)

MAX_BYTES = 20 * 1024 * 1024
"""Largest input read (20 MiB): a law text is far smaller; anything bigger is refused before reading."""


def _check_file(path: Path, shown: str) -> int:
    if path.is_dir():
        raise InputError(shown, "is a directory, not a file (a corpus folder goes to load_editions)")
    st = check_regular(path, shown)  # a FIFO, device or socket is refused before it is opened
    if st.st_size > MAX_BYTES:
        raise InputError(
            shown,
            f"file is {st.st_size / 1048576:.1f} MB, "
            f"over the {MAX_BYTES / 1048576:.0f} MB limit for one law text",
        )
    if st.st_size == 0:
        raise InputError(shown, "empty file")
    return st.st_size


def _read_bytes(path: Path, shown: str, size: int) -> bytes:
    try:
        # Opened without blocking and checked again on the open file; reads at most MAX_BYTES + 1.
        return read_regular(path, shown, limit=MAX_BYTES)
    except InputError as exc:
        if exc.message.startswith("file is over"):  # grew since stat()
            raise InputError(
                shown, f"file is over the {MAX_BYTES / 1048576:.0f} MB limit for one law text"
            ) from None
        raise


def _declared_charset(data: bytes) -> str | None:
    match = DECLARED_CHARSET.search(data[:4096])
    if match is None:
        return None
    return (match["meta"] or match["xml"]).decode("ascii")


def _removed_units(extracted: Extracted, shown: str, lang: str) -> tuple[Unit, ...]:
    units = []
    for n, item in enumerate(extracted.removed, start=1):
        units.append(
            Unit(
                id=DebrisId.of(n, "html"),
                kind="debris",
                role="debris",
                lang=lang,
                law="",
                text=normalize_line(spell_controls(item.text)),
                source=Source(shown, item.raw_line, item.raw_line),
                reason="html-chrome",
                evidence=item.where,
            )
        )
    return tuple(units)


def _document_units(doc: Document, shown: str, lang: str, prefix: str) -> tuple[Unit, ...]:
    return tuple(
        Unit(
            id=DebrisId.of(n, prefix),
            kind="debris",
            role="debris",
            lang=lang,
            law="",
            text=normalize_line(spell_controls(item.text)),
            source=Source(shown, item.line, item.line, item.page, item.page),
            reason=item.reason,
            evidence=item.where,
        )
        for n, item in enumerate(doc.removed, start=1)
    )


def _control_units(controls: list[RemovedControl], shown: str, lang: str) -> tuple[Unit, ...]:
    return tuple(
        Unit(
            id=DebrisId.of(n, "ctl"),
            kind="debris",
            role="debris",
            lang=lang,
            law="",
            text=item.spelled,
            source=Source(shown, item.raw_line, item.raw_line),
            reason="control",
            evidence=f"column {item.col}: control character(s) taken out of the text",
        )
        for n, item in enumerate(controls, start=1)
    )


def _without_controls(
    raw: list[RawLine], shown: str, notices: list[Notice]
) -> tuple[list[RawLine], list[RemovedControl]]:
    """Step ``controls``: control characters out of the lines, each run kept as located debris."""
    kept, controls = strip_controls(raw)
    if controls:
        notices.append(
            Notice(
                "control-characters",
                f"{sum(len(c.chars) for c in controls)} control character(s) removed, kept as debris",
                shown,
                controls[0].raw_line,
            )
        )
    return kept, controls


def _read_document(data: bytes, shown: str, fmt: str) -> Document | None:
    """The paragraphs of a PDF, Word or OpenDocument file; ``None`` for formats read as text."""
    if fmt == "pdf":
        from lawalign.ingest.pdf import extract_pdf

        return extract_pdf(data, shown)
    if fmt in ("docx", "odt"):
        from lawalign.ingest.docx import extract_docx, extract_odt

        return extract_docx(data, shown) if fmt == "docx" else extract_odt(data, shown)
    return None


def _document_lines(
    doc: Document, shown: str
) -> tuple[tuple[Line, ...], str, list[Notice], list[RemovedControl]]:
    """Paragraphs → normalized lines (one per paragraph) carrying their pages and end lines."""
    raw: list[RawLine] = []
    where = []
    for para in doc.paragraphs:
        for part in SOFT_LINE_BREAK.split(para.text):
            raw.append(RawLine(part, para.line))
            where.append(para)
    check_line_count(shown, raw)
    control_notices: list[Notice] = []
    raw, controls = _without_controls(raw, shown, control_notices)
    lines, text, notices = normalize_lines(raw, shown)
    placed = tuple(
        replace(
            line,
            page=para.page,
            raw_line_end=para.line_end,
            page_end=para.page_end,
            heading=para.heading,
        )
        for line, para in zip(lines, where, strict=True)
    )
    return placed, text, [*control_notices, *notices], controls


def read_source(
    path: str | os.PathLike[str],
    lang: str | None = None,
    *,
    encoding: str | None = None,
    shown: str | None = None,
    data_dir: Path | None = None,
) -> SourceText:
    """Read one law text: decode, extract a web page's post body, normalize, identify the language.

    Args:
        path: a plain-text file, a saved web page, an XML document, a PDF with a text layer, a Word
            (.docx) or OpenDocument (.odt) file: the format is recognised by content.
        lang: the language (ISO 639-1); detected with lingua when omitted (``lang_detected`` is set).
        encoding: force this encoding instead of detecting it.
        shown: how outputs and messages name the file (default ``path``: a corpus names its files
            canonically, see :func:`lawalign.corpus.canonical_path`).
        data_dir: the run's ``--data`` folder (its profiles are used before the bundled ones).

    Returns:
        The normalized text with its line map into the raw file, the encoding used, removed page chrome
        (``removed``) and notices of everything the steps changed.

    Raises:
        InputError: missing path, a directory, an empty/whitespace-only/binary/undecodable file, a file
            over :data:`MAX_BYTES`, malformed XML or a document declaring entities, a PDF without a
            text layer (a scan), an encrypted, truncated or damaged PDF or Word file.
    """
    p = Path(os.fspath(path))
    shown = shown or os.fspath(path)
    size = _check_file(p, shown)
    data = _read_bytes(p, shown, size)
    if lang is not None:
        lang = check_lang(lang, shown, data_dir=data_dir)

    fmt = sniff_format(data)
    document = _read_document(data, shown, fmt)
    notices: list[Notice] = []
    removed_items: Extracted | None = None
    if document is not None:
        notices.extend(document.notices)
        lines, text, norm, controls = _document_lines(document, shown)
        notices.extend(norm)
        if not text.strip():
            raise InputError(shown, "no text: the document holds no paragraphs of text")
        enc, kind = document.encoding, document.media_type
        return _finish(shown, text, lines, lang, enc, kind, notices, document, controls, data_dir)

    declared = _declared_charset(data)
    decoded = decode_bytes(data, shown, lang=lang, declared=declared, encoding=encoding, data_dir=data_dir)
    notices.extend(decoded.notices)

    if looks_like_html(decoded.text, shown):
        extracted = extract_html(decoded.text, shown)
    elif looks_like_markdown(shown):
        extracted = extract_markdown(decoded.text, shown)
    elif looks_like_xml(decoded.text, shown):
        extracted = extract_xml(decoded.text, shown)
    else:
        extracted = None
    if extracted is not None:
        removed_items = extracted
        notices.extend(extracted.notices)
        raw = [
            RawLine(part, item.raw_line)
            for item in extracted.lines
            for part in SOFT_LINE_BREAK.split(item.text)
        ]
        check_line_count(shown, raw)
        media_type = extracted.media_type
    else:
        check_line_breaks(decoded.text, shown)
        raw, line_notices = split_raw_lines(decoded.text, shown)
        notices.extend(line_notices)
        media_type = "text/plain"

    raw, controls = _without_controls(raw, shown, notices)
    lines, text, norm_notices = normalize_lines(raw, shown)
    notices.extend(norm_notices)
    if not text.strip():
        where = "the page has no post text" if extracted is not None else "the file holds only whitespace"
        raise InputError(shown, f"no text: {where}")
    return _finish(
        shown, text, lines, lang, decoded.encoding, media_type, notices, removed_items, controls, data_dir
    )


def _finish(
    shown: str,
    text: str,
    lines: tuple[Line, ...],
    lang: str | None,
    encoding: str,
    media_type: str,
    notices: list[Notice],
    removed_items: Extracted | Document | None,
    controls: list[RemovedControl] | None = None,
    data_dir: Path | None = None,
) -> SourceText:
    """Identify the language, log the notices and assemble the :class:`SourceText`."""
    lang_detected = False
    if lang is None:
        lang, confidence = detect_language(text, data_dir)
        lang_detected = True
        notices.append(
            Notice("lang-detected", f"language detected as {lang!r} (confidence {confidence:.2f})", shown)
        )
    if lang not in available_languages(data_dir):
        notices.append(
            Notice(
                "no-profile",
                f"no language profile for {lang!r}; generic rules apply (union of all profiles)",
                shown,
            )
        )
    if lang not in available_termbases(data_dir):
        notices.append(
            Notice(
                "no-termbase",
                f"no termbase for {lang!r}; terminology and modality checks are skipped for this language",
                shown,
            )
        )
    if lang == GENERIC:
        log.warning("%s: language unknown", shown)

    if isinstance(removed_items, Document):
        prefix = "page" if removed_items.media_type.endswith("pdf") else "doc"
        removed = _document_units(removed_items, shown, lang, prefix)
    elif removed_items is not None:
        removed = _removed_units(removed_items, shown, lang)
    else:
        removed = ()
    removed += _control_units(controls or [], shown, lang)
    for notice in notices:
        log.info("%s:%s: %s", notice.path, notice.line, notice.message)
    source = SourceText(
        path=shown,
        text=text,
        lines=lines,
        lang=lang,
        encoding=encoding,
        media_type=media_type,
        lang_detected=lang_detected,
        removed=removed,
        notices=tuple(notices),
    )
    source = _set_aside(source, load_profile(source.lang, data_dir).law_keywords)
    check_limits(source)  # paragraph length, points: refused at their line (docs/guarantees.md)
    return source


def _set_aside(source: SourceText, law_keywords: tuple[str, ...]) -> SourceText:
    """Steps ``other-law`` and ``long-list``: what opens with a number beyond the book's limits is
    read as what it is, not as the law before it (``lawalign.limits``).

    - A line that opens with a law keyword and a number beyond :data:`~lawalign.limits.MAX_LAW_NUMBER`
      ("Article 1384 du Code civil", "§ 1004 BGB") starts another code's text (reason ``other-law``).
    - A numbered line past :data:`~lawalign.limits.MAX_POINTS` after a line numbered 99 ("100.")
      starts a list that is no law's points: an index, a list of rulings (reason ``long-list``).

    Either runs to the next law heading numbered within the range: each of its non-blank lines
    becomes located debris and a blank line in the text, and the rest of the page is read as usual.
    """
    aside: dict[int, tuple[DebrisReason, str]] = {}  # line index -> (reason, evidence)
    opened: tuple[DebrisReason, int, str] | None = None  # (reason, raw line, what) of the stretch set aside
    point_99 = False
    for k, line in enumerate(source.lines):
        start: tuple[DebrisReason, str, int, str] | None = None  # (reason, what, column, why) of a stretch
        law = law_number_at(line.text, law_keywords)
        if law is not None and beyond(law["num"], MAX_LAW_NUMBER):
            what, why = f"law number {shown_number(law['num'])}", f"is beyond this book's 1-{MAX_LAW_NUMBER}"
            start = ("other-law", what, law.start("num") + 1, f"{why}: another code's article")
        elif law is not None:
            opened, point_99 = None, False
        point = point_number_at(line.text) if start is None and opened is None else None
        if point is not None:
            number = int(point["num"])
            point_99 = point_99 or number == MAX_POINTS
            if number > MAX_POINTS and point_99:
                why = f"runs a numbering on past {MAX_POINTS}: a list, not a law's points"
                start = ("long-list", f"point {number}", point.start("num") + 1, why)
        if start is not None:
            reason, what, column, why = start
            opened = (reason, line.raw_line, what)
            aside[k] = (reason, f"column {column}: {what} {why}, set aside up to the next law heading")
        elif opened is not None and line.text.strip():
            aside[k] = (opened[0], f"under {opened[2]} (line {opened[1]}), set aside with it")
    if not aside:
        return source
    lines: list[Line] = []
    offset = 0
    for k, line in enumerate(source.lines):
        lines.append(replace(line, text="" if k in aside else line.text, offset=offset))
        offset += len(lines[-1].text) + 1
    units = tuple(
        Unit(
            id=DebrisId.of(n, "aside"),
            kind="debris",
            role="debris",
            lang=source.lang,
            law="",
            text=source.lines[k].text,
            source=source.source_of(k, k),
            reason=reason,
            evidence=evidence,
        )
        for n, (k, (reason, evidence)) in enumerate(sorted(aside.items()), start=1)
    )
    notice = Notice(
        "set-aside",
        f"{len(aside)} line(s) set aside as debris: another code's article or a list past point 99",
        source.path,
        source.lines[min(aside)].raw_line,
    )
    return replace(
        source,
        text="\n".join(ln.text for ln in lines),
        lines=tuple(lines),
        removed=source.removed + units,
        notices=(*source.notices, notice),
    )
