"""Sentence splitting per language: spaCy blank pipeline + sentencizer, then abbreviation re-joins.

Units already carry their printed label ("1.", "A.", "ĐIỀU 68.") apart from ``text``, so the
structural prefix that every splitter wrongly cuts off never reaches the splitter. After spaCy,
a sentence that ends with one of the profile's abbreviations ("bkz.", "см.", "e.g.") is joined to
the next one, and so is one that ends where no sentence can (after an initial, "Ch. | Evans", or
inside a bracket it opened, "(voir p. 83. | Les Alpes)": :func:`lawalign.align.ends.false_end`).
Sentences are exact slices of the text: joined with the whitespace between them they give the text
back, character for character (see :func:`sentence_spans`).

Splits are cached on disk (:class:`lawalign.align.cache.Store`) so a warm run never imports spaCy.
"""

from __future__ import annotations

import logging
import re
import sys
from collections.abc import Sequence
from functools import cache
from importlib import metadata
from typing import Any

from lawalign.align.cache import Store, text_key
from lawalign.align.ends import false_end
from lawalign.ingest.profiles import Profile, load_profile

log = logging.getLogger(__name__)

SPLITTER_VERSION = "2"


def splitter_name(lang: str, profile: Profile | None = None) -> str:
    """Cache key prefix of the splitter for ``lang`` (changes with spaCy, the profile or this module);
    ``profile``: the run's profile of ``lang`` (default: the bundled one)."""
    return _splitter_name(profile if profile is not None else load_profile(lang))


@cache
def _splitter_name(profile: Profile) -> str:  # keyed on the profile in force, not its language
    abbrev = "|".join(profile.abbreviations)
    return f"spacy-{metadata.version('spacy')}/{profile.spacy}/v{SPLITTER_VERSION}/{text_key(abbrev)[:8]}"


def _import_spacy() -> Any:
    """``import spacy`` without torch: thinc imports torch when it can (~1 s, ~250 MB), and a blank
    pipeline with a sentencizer never uses it. While spaCy loads, ``torch`` is marked missing in
    ``sys.modules`` (unless it is loaded already); the mark is removed right after, so an embedder can
    still import torch later."""
    if "spacy" in sys.modules or "torch" in sys.modules:
        import spacy

        return spacy
    sys.modules["torch"] = None  # type: ignore[assignment]
    try:
        import spacy
    finally:
        if sys.modules.get("torch", 0) is None:
            del sys.modules["torch"]
    return spacy


@cache
def _pipeline(code: str) -> Any:
    spacy = _import_spacy()  # imported here, paid only when a split is not cached

    try:
        nlp = spacy.blank(code)
    except Exception as exc:  # a spaCy language that needs a missing extra (vi → pyvi)
        log.warning("spacy.blank(%r) failed (%s); using the multi-language pipeline", code, exc)
        nlp = spacy.blank("xx")
    nlp.add_pipe("sentencizer")
    return nlp


def _ends_with_abbreviation(sentence: str, abbreviations: Sequence[str]) -> bool:
    tail = sentence.rstrip()
    for abbr in abbreviations:
        if tail.endswith(abbr):
            before = tail[: -len(abbr)]
            # "bkz." must be a word of its own: "Yasa bkz." yes, "abkz." no.
            if not before or not before[-1].isalnum():
                return True
    return False


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def sentence_spans(text: str, lang: str, profile: Profile | None = None) -> list[tuple[int, int]]:
    """[start, end) offsets of the sentences of ``text`` (no label), whitespace-trimmed.

    Every non-space character of ``text`` lies in exactly one span; spans are in order.
    """
    if not text.strip():
        return []
    profile = profile if profile is not None else load_profile(lang)
    doc = _pipeline(profile.spacy)(text)
    raw = [_trim(text, s.start_char, s.end_char) for s in doc.sents]
    raw = [(a, b) for a, b in raw if b > a]
    # spaCy may leave a gap (whitespace only) between sentences; make the spans tile the text.
    merged: list[tuple[int, int]] = []
    for a, b in raw:
        before = text[merged[-1][0] : merged[-1][1]] if merged else ""
        if (
            merged
            and (
                _ends_with_abbreviation(before, profile.abbreviations)
                or not re.search(r"\w", text[a:b])  # a lone ")" or "*" belongs to the sentence before
                or false_end(before, text[a:b])
            )
        ):
            merged[-1] = (merged[-1][0], b)
        else:
            merged.append((a, b))
    if merged:  # characters spaCy left out at either end (never whitespace-only after trimming)
        first, last = _trim(text, 0, len(text))
        merged[0] = (min(first, merged[0][0]), merged[0][1])
        merged[-1] = (merged[-1][0], max(last, merged[-1][1]))
    return merged


def split_sentences(text: str, lang: str, profile: Profile | None = None) -> list[str]:
    """The sentences of ``text`` (a unit's text, label excluded) in ``lang`` (``profile``: the run's
    profile of ``lang``, default the bundled one).

    >>> split_sentences("Oyun devam eder. Ayrıca bkz. Yasa 57A.", "tr")
    ['Oyun devam eder.', 'Ayrıca bkz. Yasa 57A.']
    >>> split_sentences("Leiter war Ch. Evans. Sie kamen (vgl. S. 83. Abs. 2) an.", "de")
    ['Leiter war Ch. Evans.', 'Sie kamen (vgl. S. 83. Abs. 2) an.']
    """
    return [text[a:b] for a, b in sentence_spans(text, lang, profile)]


def split_many(
    texts: Sequence[str], lang: str, store: Store | None = None, profile: Profile | None = None
) -> list[list[str]]:
    """Split many texts of one language, through the on-disk cache when ``store`` is given
    (``profile``: the run's profile of ``lang``, default the bundled one)."""
    name = splitter_name(lang, profile)
    keys = [text_key(t) for t in texts]
    found = store.get_splits(name, keys, texts) if store is not None else {}  # checked against texts
    todo = {k: t for k, t in zip(keys, texts, strict=True) if k not in found}
    fresh: dict[str, list[str]] = {}
    if todo:
        from lawalign.progress import progress

        for key, text in progress(todo.items(), f"splitting {len(todo)} {lang} texts", total=len(todo)):
            fresh[key] = split_sentences(text, lang, profile)
    out = [list(found[key] if key in found else fresh[key]) for key in keys]
    if store is not None and fresh:
        store.put_splits(name, fresh)
    return out
