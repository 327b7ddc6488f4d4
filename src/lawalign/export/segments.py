"""Translation segments of a corpus for TMX and XLIFF: one per clause, or one per sentence bead.

A segment's text never carries the printed label ("1.", "A.", "- ", "[1]", "<*>"): labels travel
beside it (``labels``), so a CAT tool's matches are on the words alone. Sentence segments come from
the corpus alignment (:mod:`lawalign.align.clauses`): the source edition's sentence groups, each
with the target sentences the aligner linked to it in every other language. A sentence group is
cut from the unit's text as published (from the first sentence's first character to the last
sentence's last), so the whitespace between sentences is kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lawalign.errors import ConfigError

if TYPE_CHECKING:
    from lawalign.models import Alignment, Bead, Unit, UnitLink
    from lawalign.query import Corpus

LEVELS = ("sentence", "clause")


@dataclass(frozen=True, slots=True)
class Segment:
    """One translation segment: texts per language (source first), and what sits beside them."""

    unit: str  # the unit id ("68B2")
    key: str  # unique id of the segment: "68B2" (clause) or "68B2.s1", "68B2.s2-3" (source sentences)
    texts: tuple[tuple[str, str], ...]  # (lang, text), source language first when present
    labels: tuple[tuple[str, str], ...] = ()  # (lang, printed label) of units whose first sentence is here
    sources: tuple[tuple[str, str], ...] = ()  # (lang, "path:line_start-line_end")
    law: str = ""
    role: str = ""
    inferred: tuple[tuple[str, float], ...] = ()  # (lang, confidence) of ids inferred from structure

    @property
    def langs(self) -> tuple[str, ...]:
        """Languages with text in this segment."""
        return tuple(lang for lang, _ in self.texts)

    def text(self, lang: str) -> str | None:
        """The text in ``lang``, or None."""
        return next((t for code, t in self.texts if code == lang), None)


def check_level(level: str) -> str:
    """``level`` if it is one of :data:`LEVELS`.

    Raises:
        ConfigError: Unknown level; the message lists the valid ones.
    """
    if level not in LEVELS:
        raise ConfigError(f"unknown level {level!r}; valid: {', '.join(LEVELS)}")
    return level


def _where(unit: Unit) -> str:
    """``path:start-end``; a paged file (PDF) names the page: ``path#page=2:17-18``."""
    src = unit.source
    if src.page is not None:
        end = f"{src.line_end}" if src.page_end in (None, src.page) else f"page {src.page_end}:{src.line_end}"
        return f"{src.path}#page={src.page}:{src.line_start}-{end}"
    return f"{src.path}:{src.line_start}-{src.line_end}"


def _body(unit: Unit) -> str:
    """The translatable words of a unit: its text as published, without the printed label."""
    return unit.text


def _with_unit_facts(segment: Segment, cells: dict[str, Unit]) -> Segment:
    """``segment`` with the law, role and inferred-id confidences of its units."""
    from dataclasses import replace

    first = next(iter(cells.values()))
    inferred = tuple(
        (lang, cells[lang].confidence) for lang in segment.langs if lang in cells and cells[lang].inferred
    )
    return replace(segment, law=first.law, role=first.role, inferred=inferred)


def clause_segments(rows: Sequence[tuple[str, dict[str, Unit]]], order: Sequence[str]) -> list[Segment]:
    """One segment per unit id (rows of :func:`lawalign.export.base.unit_table`), languages in ``order``."""
    out = []
    for unit_id, cells in rows:
        langs = [lang for lang in order if lang in cells]
        segment = Segment(
            unit=unit_id,
            key=unit_id,
            texts=tuple((lang, _body(cells[lang])) for lang in langs),
            labels=tuple((lang, cells[lang].label) for lang in langs if cells[lang].label),
            sources=tuple((lang, _where(cells[lang])) for lang in langs),
        )
        out.append(_with_unit_facts(segment, cells))
    return out


def group_text(text: str, sentences: Sequence[str], idx: Sequence[int]) -> str:
    """Sentences ``idx`` as one string cut from ``text`` (whitespace between them kept), when found.

    >>> group_text("One.  Two. Three.", ["One.", "Two.", "Three."], [0, 1])
    'One.  Two.'
    """
    if not idx:
        return ""
    starts: list[int] = []
    pos = 0
    for sentence in sentences:
        at = text.find(sentence, pos)
        if at < 0:
            return " ".join(sentences[i] for i in idx)
        starts.append(at)
        pos = at + len(sentence)
    first, last = min(idx), max(idx)
    return text[starts[first] : starts[last] + len(sentences[last])]


def _oriented(link: UnitLink, src: str) -> tuple[tuple[str, ...], tuple[str, ...], list[Bead]]:
    """(source sentences, target sentences, beads src→tgt) of a link, whichever way it was stored."""
    from lawalign.models import Bead

    if link.src_lang == src:
        return link.src_sentences, link.tgt_sentences, list(link.beads)
    flipped = [Bead(b.tgt, b.src, b.score) for b in link.beads]
    return link.tgt_sentences, link.src_sentences, flipped


def sentence_segments(
    rows: Sequence[tuple[str, dict[str, Unit]]],
    alignment: Alignment | None,
    src: str,
    order: Sequence[str],
    *,
    pivot: bool = False,
) -> list[Segment]:
    """Sentence segments of every unit: the source's sentence groups with their counterparts.

    A source group that every other language left unmatched, and a target sentence with no source
    counterpart, become single-language segments (exporters drop them unless asked).

    Args:
        rows: unit rows (:func:`lawalign.export.base.unit_table`).
        alignment: the corpus alignment (None: no sentence links, every sentence stands alone).
        src: the source language.
        order: languages in output order (source first).
        pivot: a unit the source lacks takes the first language of ``order`` that has it as its
            source (its segments' first text), so the other languages' sentence links are kept
            (a multilingual TMX keeps every language pair); otherwise each language stands alone.
    """
    links: dict[tuple[str, str, str], UnitLink] = {}
    for link in alignment.links if alignment is not None else ():
        links.setdefault((link.id, link.src_lang, link.tgt_lang), link)
        links.setdefault((link.id, link.tgt_lang, link.src_lang), link)
    out: list[Segment] = []
    main_src = src
    for unit_id, cells in rows:
        src = main_src
        if pivot and src not in cells:
            src = next((lang for lang in order if lang in cells), src)
        row_order = [src, *(lang for lang in order if lang != src)]
        groups: dict[tuple[int, ...], dict[str, tuple[str, bool]]] = {}  # src idx → lang → (text, first?)
        src_sentences: tuple[str, ...] = ()
        extra: list[tuple[tuple[int, int, str, int], str, str]] = []  # target-only sentences
        for lang in row_order:
            if lang == src or lang not in cells:
                continue
            found = links.get((unit_id, src, lang))
            if found is None or src not in cells:
                continue
            s_sents, t_sents, beads = _oriented(found, src)
            src_sentences = s_sents
            consumed = 0
            for bead in beads:
                if bead.src and bead.tgt:
                    text = group_text(_body(cells[lang]), t_sents, bead.tgt)
                    groups.setdefault(bead.src, {})[lang] = (text, 0 in bead.tgt)
                elif bead.tgt:
                    for j in bead.tgt:
                        extra.append(((consumed, 1, lang, j), lang, t_sents[j]))
                consumed += len(bead.src)
        if src in cells:
            if not src_sentences:
                src_sentences = (_body(cells[src]),)
            covered = {i for g in groups for i in g}
            for i in range(len(src_sentences)):
                if i not in covered:
                    groups.setdefault((i,), {})
        keyed: list[tuple[tuple[int, int, str, int], Segment]] = []
        for idx, targets in groups.items():
            texts = (
                (src, group_text(_body(cells[src]), src_sentences, idx)),
                *((lang, targets[lang][0]) for lang in row_order if lang in targets),
            )
            first = {src: 0 in idx, **{lang: has_first for lang, (_, has_first) in targets.items()}}
            labels = tuple(
                (lang, cells[lang].label) for lang, _ in texts if first[lang] and cells[lang].label
            )
            name = f"{unit_id}.s{idx[0] + 1}" + (f"-{idx[-1] + 1}" if len(idx) > 1 else "")
            where = tuple((lang, _where(cells[lang])) for lang, _ in texts)
            keyed.append(((idx[0], 0, "", 0), Segment(unit_id, name, texts, labels, where)))
        for sort_key, lang, text in extra:
            name = f"{unit_id}.{lang}{sort_key[3] + 1}"
            labels = ((lang, cells[lang].label),) if sort_key[3] == 0 and cells[lang].label else ()
            keyed.append(
                (sort_key, Segment(unit_id, name, ((lang, text),), labels, ((lang, _where(cells[lang])),)))
            )
        if not keyed:  # no sentence links (a unit the source lacks): each language stands alone
            for lang in row_order:
                if lang in cells:
                    unit = cells[lang]
                    labels = ((lang, unit.label),) if unit.label else ()
                    alone = Segment(
                        unit_id, f"{unit_id}.{lang}", ((lang, _body(unit)),), labels, ((lang, _where(unit)),)
                    )
                    keyed.append(((0, 2, lang, 0), alone))
        out.extend(_with_unit_facts(seg, cells) for _, seg in sorted(keyed, key=lambda item: item[0]))
    return out


def corpus_segments(
    corpus: Corpus, level: str, src: str, langs: Sequence[str] | None = None, *, pivot: bool = False
) -> list[Segment]:
    """Segments of ``corpus`` at ``level`` with ``src`` as the source language.

    Args:
        corpus: The corpus (sentence level computes its alignment, which loads the model once).
        level: ``sentence`` or ``clause``.
        src: The source language (first in every segment).
        langs: Languages to include (default: every language of the corpus).
        pivot: Sentence level: a unit ``src`` lacks is segmented from the first other language that
            has it (:func:`sentence_segments`); clause segments always start with the first language
            present.
    """
    from lawalign.export.base import pick_editions, unit_table

    editions = pick_editions(corpus, tuple(langs) if langs is not None else None)
    order = [src, *(e.lang for e in editions if e.lang != src)]
    rows = unit_table(corpus, editions)
    if check_level(level) == "clause":
        return clause_segments(rows, order)
    return sentence_segments(rows, corpus.alignment_result(), src, order, pivot=pivot)
