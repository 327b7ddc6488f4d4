"""Searching a corpus: exact substring, regular expression, or cross-lingual semantic search.

Semantic search follows the e5 retrieval convention: the question is embedded with the ``query:``
prefix (the align stage's ``e5`` embedder) and the clauses with ``passage:`` (``e5-passage``). Each
clause is embedded together with the heading of its section, and headings are not candidates of their
own: short headings sit close to every question and crowd the clauses out (measured in docs/query.md).
"""

from __future__ import annotations

import logging
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from lawalign.errors import ConfigError, unknown_name
from lawalign.models import Edition, Source, Unit
from lawalign.structure.skeleton import parse_id

if TYPE_CHECKING:
    import numpy as np

    from lawalign.align.embed import Embedder

log = logging.getLogger(__name__)

SearchMode = Literal["semantic", "exact", "regex", "cites"]
SEARCH_MODES: tuple[str, ...] = ("semantic", "exact", "regex", "cites")


def embedder_pair(model: str) -> tuple[str, str]:
    """The registered embedder names for the question and for the clauses of semantic search.

    ``<model>-query`` / ``<model>-passage`` are used when the align stage registers them (for e5:
    the same weights with the ``query:`` / ``passage:`` prefix); otherwise ``model`` serves both sides.

    Args:
        model: An embedder name (``e5``).

    Returns:
        (query-side name, passage-side name).
    """
    from lawalign.align.embed import embedder_names

    names = set(embedder_names())
    query = f"{model}-query" if f"{model}-query" in names else model
    passage = f"{model}-passage" if f"{model}-passage" in names else model
    return query, passage


@dataclass(frozen=True, slots=True)
class SearchHit:
    """One search result: a unit of one language and how well it matches."""

    lang: str
    id: str
    score: float  # cosine similarity (semantic) or number of matches (exact, regex)
    text: str
    source: Source
    edition: str = ""
    match: str = ""  # exact/regex: the first matched span, as it stands in the text

    def as_dict(self) -> dict[str, object]:
        """The JSON contract of ``lawalign search --format json``."""
        out: dict[str, object] = {
            "lang": self.lang,
            "id": self.id,
            "score": round(self.score, 4),
            "text": self.text,
            "source": self.source.as_dict(),
        }
        if self.match:
            out["match"] = self.match
        return out


def display_text(unit: Unit) -> str:
    """A unit's printed label and text, as one string (nothing dropped).

    >>> from lawalign.models import Source
    >>> display_text(Unit("68B1", "text", "point", "ru", "68", "Всякое...", Source("x", 1, 1), label="1."))
    '1. Всякое...'
    """
    return f"{unit.label} {unit.text}" if unit.label else unit.text


def _fold(text: str) -> str:
    return unicodedata.normalize("NFC", text).casefold()


def _hit(unit: Unit, edition: Edition, score: float, match: str = "") -> SearchHit:
    return SearchHit(
        lang=unit.lang,
        id=unit.id,
        score=score,
        text=display_text(unit),
        source=unit.source,
        edition=edition.name,
        match=match,
    )


def _rank(hits: list[tuple[float, int, SearchHit]], top: int) -> list[SearchHit]:
    # Highest score first; ties keep corpus order so output is deterministic.
    hits.sort(key=lambda item: (-item[0], item[1]))
    return [hit for _, _, hit in hits[: max(top, 0)]]


def search_exact(units: Sequence[tuple[Edition, Unit]], query: str, top: int = 10) -> list[SearchHit]:
    """Case-insensitive substring search (Unicode case folding, NFC).

    Args:
        units: Candidate (edition, unit) pairs in corpus order.
        query: The substring.
        top: How many hits to return.

    Returns:
        Hits scored by the number of occurrences, most first.
    """
    needle = _fold(query)
    if not needle:
        raise ConfigError("empty search query")
    hits: list[tuple[float, int, SearchHit]] = []
    for position, (edition, unit) in enumerate(units):
        text = display_text(unit)
        folded = _fold(text)
        count = folded.count(needle)
        if count:
            start = folded.find(needle)
            # Case folding can change lengths (ß → ss); quote the original only when it lines up.
            match = text[start : start + len(query)] if len(folded) == len(text) else query
            hits.append((float(count), position, _hit(unit, edition, float(count), match)))
    return _rank(hits, top)


def search_regex(units: Sequence[tuple[Edition, Unit]], pattern: str, top: int = 10) -> list[SearchHit]:
    """Regular-expression search (Python ``re`` syntax; add ``(?i)`` to ignore case).

    Args:
        units: Candidate (edition, unit) pairs in corpus order.
        pattern: The regular expression.
        top: How many hits to return.

    Returns:
        Hits scored by the number of matches, most first.

    Raises:
        ConfigError: The pattern does not compile.
    """
    try:
        regex = re.compile(pattern)
    except re.error as exc:
        raise ConfigError(f"bad regular expression {pattern!r}: {exc}") from None
    hits: list[tuple[float, int, SearchHit]] = []
    for position, (edition, unit) in enumerate(units):
        text = display_text(unit)
        matches = [m for m in regex.finditer(text) if m.group(0)]
        if matches:
            hits.append(
                (float(len(matches)), position, _hit(unit, edition, float(len(matches)), matches[0][0]))
            )
    return _rank(hits, top)


def search_cites(
    units: Sequence[tuple[Edition, Unit]], target: str, top: int | None = None
) -> list[SearchHit]:
    """The units citing a law, section or unit (``16`` finds references to 16, 16D, 16D3), in source order.

    Args:
        units: Candidate (edition, unit) pairs in corpus order.
        target: What is cited, in any citation form ("16", "Law 16", "70D3", "Điều 70D3").
        top: At most this many hits (None: all).

    Returns:
        Hits in corpus and source order, scored by the number of references to ``target``;
        ``match`` is the first such reference as printed.

    Raises:
        ConfigError: ``target`` is not a citation.
    """
    from lawalign.query.refs import canonical_target, falls_under, refs_of

    wanted = canonical_target(target)
    hits: list[SearchHit] = []
    for edition, unit in units:
        refs = [r for r in refs_of(unit) if falls_under(r.target, wanted)]
        if refs:
            hits.append(_hit(unit, edition, float(len(refs)), refs[0].surface))
    return hits if top is None else hits[: max(top, 0)]


def passage_text(unit: Unit, headings: dict[tuple[str, str], str]) -> str:
    """The text embedded for a clause: its section's heading (if any), then its own text.

    Args:
        unit: A law unit that is not a heading.
        headings: (law, section) → heading text of the same edition.

    Returns:
        The string to embed.
    """
    heading = ""
    try:
        parts = parse_id(unit.id)
        heading = headings.get((parts.law, parts.section), "")
    except ConfigError:
        pass
    return f"{heading}. {unit.text}" if heading else unit.text


def semantic_candidates(editions: Sequence[Edition]) -> list[tuple[Edition, Unit, str]]:
    """The clauses semantic search ranks, with the text embedded for each.

    Args:
        editions: The corpus editions.

    Returns:
        (edition, unit, passage text) for every law unit that is not a title or heading.
    """
    out: list[tuple[Edition, Unit, str]] = []
    for edition in editions:
        headings: dict[tuple[str, str], str] = {}
        for unit in edition.law_units:
            if unit.kind == "title":
                try:
                    parts = parse_id(unit.id)
                except ConfigError:
                    continue
                headings[(parts.law, parts.section)] = unit.heading or unit.text
        for unit in edition.law_units:
            if unit.kind != "title":
                out.append((edition, unit, passage_text(unit, headings)))
    return out


class SemanticIndex:
    """Clause embeddings of a corpus, computed on first use and kept for later queries."""

    def __init__(
        self,
        candidates: Sequence[tuple[Edition, Unit, str]],
        query_embedder: Callable[[], Embedder],
        passage_embedder: Callable[[], Embedder],
    ) -> None:
        self._candidates = list(candidates)
        self._query_factory = query_embedder
        self._passage_factory = passage_embedder
        self._query: Embedder | None = None
        self._matrix: np.ndarray | None = None

    def _vectors(self) -> np.ndarray:
        if self._matrix is None:
            from lawalign.progress import progress

            embedder = self._passage_factory()
            texts = [text for _, _, text in self._candidates]
            log.info("embedding %d clauses with %s", len(texts), embedder.name)
            batches = [texts[i : i + 32] for i in range(0, len(texts), 32)]
            import numpy as np

            parts = [embedder.encode(batch) for batch in progress(batches, "embedding clauses")]
            self._matrix = np.vstack(parts) if parts else np.zeros((0, 1), dtype=np.float32)
        return self._matrix

    def search(self, query: str, langs: Sequence[str] | None, top: int) -> list[SearchHit]:
        """Rank the clauses by cosine similarity to ``query``.

        Args:
            query: The question, in any language the model covers.
            langs: Keep only these languages (None: all).
            top: How many hits to return.

        Returns:
            Hits, best first.
        """
        if not query.strip():
            raise ConfigError("empty search query")
        matrix = self._vectors()
        if self._query is None:
            self._query = self._query_factory()
        vector = self._query.encode([query])[0]
        scores = matrix @ vector if len(self._candidates) else []
        hits: list[tuple[float, int, SearchHit]] = []
        for position, ((edition, unit, _), score) in enumerate(zip(self._candidates, scores, strict=True)):
            if langs is None or unit.lang in langs:
                # Round before ranking so that float noise cannot reorder near-ties between runs.
                value = round(float(score), 6)
                hits.append((value, position, _hit(unit, edition, value)))
        return _rank(hits, top)


def check_mode(mode: str) -> SearchMode:
    """Validate a search mode name.

    Args:
        mode: "semantic", "exact" or "regex".

    Returns:
        The mode.

    Raises:
        ConfigError: Unknown mode; the message lists the valid ones.
    """
    if mode not in SEARCH_MODES:
        raise unknown_name("search mode", mode, SEARCH_MODES)
    return mode  # type: ignore[return-value]
