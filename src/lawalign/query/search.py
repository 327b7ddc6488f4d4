"""Searching a corpus: hybrid (the default), semantic, lexical, exact substring or regular expression.

Candidates are the law units that are not headings (never debris). Semantic ranking follows the e5
retrieval convention: the question is embedded with the ``query:`` prefix (``e5-query``) and each
clause, together with the heading of its section, with ``passage:`` (``e5``); headings are not
candidates of their own: short headings sit close to every question and crowd the clauses out
(measured in docs/query.md). Lexical ranking is BM25 (k1 1.2, b 0.75) over normalised tokens (NFC,
case-folded words cut to their first :data:`STEM` letters, so "претензию"/"претензия" and
"talep"/"talepte" meet) plus one token per termbase concept the text renders (the bundled termbases:
a question saying "dummy" carries the concept that the Russian "болвана" and the Vietnamese "mor"
carry), so it matches across languages through the project's terminology and through citations
("16D", "57A"). Hybrid search fuses the two rankings by reciprocal-rank fusion (``1/(60 + rank)``
summed over the rankings a unit is in, the constant of Cormack et al. 2009, nothing fitted), each
ranking taken within one language: an embedding model scores some languages higher than others for
the same question, and ranks within a language are comparable across languages where raw cosines
are not. Measured on 50 hand-written questions in 8 languages (``make eval``, section ``search``).
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

if TYPE_CHECKING:
    import numpy as np

    from lawalign.align.embed import Embedder

log = logging.getLogger(__name__)

SearchMode = Literal["hybrid", "semantic", "lexical", "exact", "regex", "cites"]
SEARCH_MODES: tuple[str, ...] = ("hybrid", "semantic", "lexical", "exact", "regex", "cites")
RANKED_MODES: tuple[str, ...] = ("hybrid", "semantic", "lexical")
"""The modes that rank every candidate clause (the others filter)."""
STEM = 5
"""Lexical tokens are words cut to this many letters (a fixed light stemmer for every language)."""
RRF_K = 60
"""The reciprocal-rank fusion constant (Cormack, Clarke and Büttcher 2009)."""
BM25_K1 = 1.2
BM25_B = 0.75
_WORD = re.compile(r"[^\W_]+")


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
    score: float  # fused rank score (hybrid), cosine (semantic), BM25 (lexical), matches (exact, regex)
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
    parts = unit.uid
    heading = headings.get((parts.law, parts.section), "") if parts is not None else ""
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
            if unit.kind == "title" and (parts := unit.uid) is not None:
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
        self._lexical: LexicalIndex | None = None

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

    def cosines(self, query: str) -> list[float]:
        """The cosine of ``query`` (embedded with the query side) with every candidate, in order."""
        matrix = self._vectors()
        if self._query is None:
            self._query = self._query_factory()
        vector = self._query.encode([query])[0]
        # Round so that float noise cannot reorder near-ties between runs.
        return [round(float(x), 6) for x in (matrix @ vector if len(self._candidates) else [])]

    def lexical(self) -> LexicalIndex:
        """The BM25 index of the same candidates (built on first use)."""
        if self._lexical is None:
            self._lexical = LexicalIndex([(unit.lang, text) for _, unit, text in self._candidates])
        return self._lexical

    def search(
        self, query: str, langs: Sequence[str] | None, top: int, how: str = "hybrid"
    ) -> list[SearchHit]:
        """Rank the clauses for ``query``.

        Args:
            query: The question, in any language the model covers.
            langs: Keep only these languages (None: all).
            top: How many hits to return.
            how: ``hybrid`` (both rankings fused), ``semantic`` (cosine only) or ``lexical`` (BM25 only).

        Returns:
            Hits, best first: ``score`` is the fused score (hybrid), the cosine or the BM25 score.
        """
        if not query.strip():
            raise ConfigError("empty search query")
        if how not in RANKED_MODES:
            raise unknown_name("ranking", how, RANKED_MODES)
        keep = [i for i, (_, unit, _) in enumerate(self._candidates) if langs is None or unit.lang in langs]
        if how == "semantic":
            scores = self.cosines(query)
        elif how == "lexical":
            scores = self.lexical().scores(query)
        else:
            langs_all = [unit.lang for _, unit, _ in self._candidates]
            fused = fuse(langs_all, self.cosines(query), self.lexical().scores(query))
            scores = with_translations([unit.id for _, unit, _ in self._candidates], fused)
        hits: list[tuple[float, int, SearchHit]] = []
        for position in keep:
            edition, unit, _ = self._candidates[position]
            value = round(scores[position], 6)
            if how == "lexical" and value <= 0:
                continue  # no word or concept in common: not a lexical match
            hits.append((value, position, _hit(unit, edition, value)))
        return _rank(hits, top)


def tokens(text: str) -> list[str]:
    """Lexical tokens of ``text``: NFC, case-folded words cut to :data:`STEM` letters.

    >>> tokens("Претензию следует сразу же, Law 16D")
    ['прете', 'следу', 'сразу', 'же', 'law', '16d']
    """
    return [word[:STEM] for word in _WORD.findall(_fold(text))]


def concept_tokens(text: str, langs: Sequence[str]) -> list[str]:
    """One ``#<concept>`` token per termbase term of ``langs`` rendered in ``text`` (avoided ones too).

    >>> concept_tokens("включая болвана", ["ru"])
    ['#dummy']
    """
    from lawalign.diff.termbase import find_terms

    return [f"#{hit.concept}" for lang in langs for hit in find_terms(text, lang)]


def query_tokens(query: str) -> list[str]:
    """The question's lexical tokens: its words and the concepts any bundled termbase finds in it."""
    from lawalign.datafiles import data_names

    found = concept_tokens(query, data_names("termbase", None))
    return tokens(query) + sorted(set(found))


class LexicalIndex:
    """BM25 over the candidates' tokens and termbase concepts (one index for every language)."""

    def __init__(self, texts: Sequence[tuple[str, str]]) -> None:
        import math

        self._docs: list[dict[str, int]] = []
        for lang, text in texts:
            counts: dict[str, int] = {}
            for token in tokens(text) + concept_tokens(text, [lang]):
                counts[token] = counts.get(token, 0) + 1
            self._docs.append(counts)
        self._lengths = [sum(d.values()) for d in self._docs]
        self._mean = (sum(self._lengths) / len(self._lengths)) if self._lengths else 0.0
        df: dict[str, int] = {}
        for doc in self._docs:
            for token in doc:
                df[token] = df.get(token, 0) + 1
        n = len(self._docs)
        self._idf = {t: math.log(1 + (n - f + 0.5) / (f + 0.5)) for t, f in df.items()}

    def scores(self, query: str) -> list[float]:
        """The BM25 score of every candidate for ``query`` (0 where nothing is shared)."""
        wanted = set(query_tokens(query))
        out = []
        for doc, length in zip(self._docs, self._lengths, strict=True):
            total = 0.0
            for token in wanted:
                tf = doc.get(token, 0)
                if tf:
                    norm = tf + BM25_K1 * (1 - BM25_B + BM25_B * length / (self._mean or 1))
                    total += self._idf[token] * tf * (BM25_K1 + 1) / norm
            out.append(total)
        return out


def fuse(langs: Sequence[str], semantic: Sequence[float], lexical: Sequence[float]) -> list[float]:
    """Reciprocal-rank fusion of the semantic and the lexical ranking, each taken within one language.

    Within each language, candidates are ranked by cosine (all of them) and by BM25 score (those
    scoring above 0: a clause sharing nothing with the question is not in the lexical ranking), ties
    in candidate order; a candidate gets ``sum(1 / (RRF_K + rank))`` over the rankings it is in.

    >>> [round(x, 4) for x in fuse(["vi", "vi", "ru"], [0.9, 0.8, 0.1], [0.0, 2.0, 1.0])]
    [0.0164, 0.0325, 0.0328]
    """
    out = [0.0] * len(langs)
    for scores, partial in ((semantic, False), (lexical, True)):
        by_lang: dict[str, list[int]] = {}
        for i, lang in enumerate(langs):
            if not partial or scores[i] > 0:
                by_lang.setdefault(lang, []).append(i)
        for members in by_lang.values():
            members.sort(key=lambda i: (-scores[i], i))
            for rank, i in enumerate(members, start=1):
                out[i] += 1.0 / (RRF_K + rank)
    return out


def with_translations(ids: Sequence[str], scores: Sequence[float]) -> list[float]:
    """``scores`` plus the reciprocal rank of each candidate's clause id among all ids.

    An aligned corpus gives a clause the same id in every language, so the evidence of its
    translations counts for it: ids are ranked by the sum of their units' scores over every
    language, and each unit adds ``1 / (RRF_K + rank of its id)``. A question the model matches
    better in Russian than in Vietnamese then lifts the Vietnamese clause with the same id.

    >>> [round(x, 4) for x in with_translations(["68A", "68B", "68A"], [0.01, 0.02, 0.015])]
    [0.0264, 0.0361, 0.0314]
    """
    by_id: dict[str, float] = {}
    for uid, score in zip(ids, scores, strict=True):
        by_id[uid] = by_id.get(uid, 0.0) + score
    order = sorted(by_id, key=lambda uid: (-by_id[uid], uid))
    rank = {uid: i for i, uid in enumerate(order, start=1)}
    return [score + 1.0 / (RRF_K + rank[uid]) for uid, score in zip(ids, scores, strict=True)]


def no_hits_reason(searched: Sequence[str], mode: str, query: str) -> str:
    """Why a search found nothing, in one line, with what to try instead.

    Args:
        searched: The languages searched.
        mode: The search mode.
        query: The query, pattern or cited id.

    >>> no_hits_reason(["vi", "ru"], "exact", "claim")[:67]
    "no unit of the vi, ru law text (units, not debris) contains 'claim'"
    """
    where = f"the {', '.join(searched)} law text (units, not debris)"
    if mode == "cites":
        return f"no unit of {where} cites {query!r}; `lawalign refs` lists every reference"
    if mode == "lexical":
        return (
            f"no unit of {where} shares a word or termbase concept with {query!r}; "
            "drop --lexical for a cross-lingual search"
        )
    if mode in ("exact", "regex"):
        what = "contains" if mode == "exact" else "matches"
        how = "case-insensitive" if mode == "exact" else "Python re"
        return f"no unit of {where} {what} {query!r} ({how}); drop --{mode} for a cross-lingual search"
    return f"no candidate clause in {where}: the editions hold headings only"


def check_mode(mode: str) -> SearchMode:
    """Validate a search mode name.

    Args:
        mode: one of :data:`SEARCH_MODES`.

    Returns:
        The mode.

    Raises:
        ConfigError: Unknown mode; the message lists the valid ones.
    """
    if mode not in SEARCH_MODES:
        raise unknown_name("search mode", mode, SEARCH_MODES)
    return mode  # type: ignore[return-value]
