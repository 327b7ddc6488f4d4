"""Bilingual pages: one text holding the law in two languages → one source text per language.

Federations publish a translation next to the English original on one page (the Greek text, then the
English; or paragraph by paragraph). Each paragraph long enough to tell (:data:`MIN_LETTERS`) is
identified on its own; shorter ones (headings, labels) go with the paragraph before them (or after,
at the start). When a second language holds a real share of the text (:data:`MIN_SHARE`, at least
:data:`MIN_PARAGRAPHS` paragraphs) and is not a close neighbour of the first (Danish next to
Norwegian is a misreading, not a second edition), the text is split: each language's source text keeps
every line of its own paragraphs and blanks the others' to spaces, so offsets and line numbers stay
those of the file and nothing is lost across the set.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from pathlib import Path

from lawalign.ingest.langid import detect_language
from lawalign.models import Line, Notice, SourceText
from lawalign.tuning import tuned_float, tuned_int

log = logging.getLogger(__name__)

MIN_LETTERS = tuned_int("ingest.bilingual", "min_letters")
MIN_SHARE = tuned_float("ingest.bilingual", "min_share")
MIN_PARAGRAPHS = tuned_int("ingest.bilingual", "min_paragraphs")
# Languages a detector confuses paragraph by paragraph: never read as a bilingual page.
CLOSE_LANGUAGES: tuple[frozenset[str], ...] = (
    frozenset({"no", "da", "sv", "nb", "nn"}),
    frozenset({"cs", "sk"}),
    frozenset({"ru", "uk", "be", "bg", "sr", "mk"}),
    frozenset({"es", "pt", "ca", "gl"}),
    frozenset({"hr", "sr", "bs", "sl"}),
    frozenset({"id", "ms"}),
    frozenset({"nl", "af"}),
)


def _paragraphs(lines: tuple[Line, ...]) -> list[list[int]]:
    blank_separated = sum(1 for ln in lines if not ln.text.strip()) >= 2
    out: list[list[int]] = []
    for i, ln in enumerate(lines):
        if not ln.text.strip():
            continue
        if blank_separated and out and out[-1][-1] == i - 1:
            out[-1].append(i)
        else:
            out.append([i])
    return out


def _close(a: str, b: str) -> bool:
    return any(a in group and b in group for group in CLOSE_LANGUAGES)


def paragraph_languages(source: SourceText, data_dir: Path | None = None) -> list[tuple[list[int], str]]:
    """Pieces of the text (line indices) with their language ("" when too short to tell).

    A paragraph is one piece unless its lines tell two languages apart (a translation printed line
    after line with its original): then each line is a piece.
    """
    out: list[tuple[list[int], str]] = []
    for para in _paragraphs(source.lines):
        per_line = [
            (
                i,
                detect_language(source.lines[i].text, data_dir)[0]
                if _letters(source.lines[i].text) >= MIN_LETTERS
                else "",
            )
            for i in para
        ]
        told = {lang for _, lang in per_line if lang}
        if len(para) > 1 and len(told) > 1 and not all(_close(a, b) for a in told for b in told):
            # a line too short to tell that goes on in lowercase is the line above's (a wrapped end)
            for k in range(1, len(per_line)):
                i, lang = per_line[k]
                if not lang and source.lines[i].text.lstrip()[:1].islower():
                    per_line[k] = (i, per_line[k - 1][1])
            out.extend(([i], lang) for i, lang in per_line)
            continue
        text = "\n".join(source.lines[i].text for i in para)
        out.append((para, detect_language(text, data_dir)[0] if _letters(text) >= MIN_LETTERS else ""))
    return out


def _letters(text: str) -> int:
    return sum(1 for c in text if c.isalpha())


def split_languages(source: SourceText, data_dir: Path | None = None) -> tuple[SourceText, ...]:
    """One source text per language of a bilingual page; ``(source,)`` when it is not one.

    The language the text was detected as (``source.lang``) comes first; a caller-given language
    (``lang_detected`` False) is never second-guessed.
    """
    if not source.lang_detected:
        return (source,)
    paras = paragraph_languages(source, data_dir)
    letters: dict[str, int] = {}
    count: dict[str, int] = {}
    for para, lang in paras:
        if lang:
            n = sum(1 for i in para for c in source.lines[i].text if c.isalpha())
            letters[lang] = letters.get(lang, 0) + n
            count[lang] = count.get(lang, 0) + 1
    total = sum(letters.values())
    langs = [
        lang
        for lang in sorted(letters, key=lambda x: -letters[x])
        if letters[lang] >= MIN_SHARE * total and count[lang] >= MIN_PARAGRAPHS
    ]
    if len(langs) < 2 or _close(langs[0], langs[1]):
        return (source,)
    langs = langs[:2]
    if source.lang in langs:
        langs.remove(source.lang)
        langs.insert(0, source.lang)
    # Short pieces (headings, labels) go with the long piece after them, as a heading goes with its
    # text; the last ones with the piece before.
    resolved: list[str] = [""] * len(paras)
    following = ""
    for k in range(len(paras) - 1, -1, -1):
        lang = paras[k][1]
        following = lang if lang in langs else following
        resolved[k] = following
    last = next((x for x in reversed([p[1] for p in paras]) if x in langs), langs[0])
    resolved = [x or last for x in resolved]
    owner = {i: lang for (para, _), lang in zip(paras, resolved, strict=True) for i in para}
    out = []
    for lang in langs:
        lines = tuple(
            ln if owner.get(i, lang) == lang else replace(ln, text=" " * len(ln.text))
            for i, ln in enumerate(source.lines)
        )
        text = "\n".join(ln.text for ln in lines)
        kept = [source.lines[i].raw_line for i, x in owner.items() if x == lang]
        notice = Notice(
            "bilingual",
            f"bilingual page: the {lang!r} text (lines {min(kept)}-{max(kept)}) read as its own edition",
            source.path,
            min(kept),
        )
        log.info("%s: %s", source.path, notice.message)
        removed = source.removed if lang == langs[0] else ()
        out.append(
            replace(
                source, text=text, lines=lines, lang=lang, removed=removed, notices=(*source.notices, notice)
            )
        )
    return tuple(out)
