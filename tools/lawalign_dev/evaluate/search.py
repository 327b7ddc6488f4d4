"""Search quality against hand gold: recall@5 of cross-lingual questions, per ranking.

The gold (``tests/gold/search/queries.toml``) lists questions written by hand in several languages,
each with the canonical ids of the clauses that answer it. A question is scored once per corpus
language that holds one of its clauses: the search is restricted to that language (``--lang``) and
recall@5 is the share of that language's relevant clauses among its first five hits. Recall@1 and
the mean reciprocal rank of the first relevant clause are printed beside it, and ``mixed`` scores the
unrestricted ranking (every language at once): the share of relevant (language, clause) pairs in its
first 5 × (number of languages) hits, which is where a model's preference for one language shows.
Nothing in hybrid search is fitted (BM25 and fusion constants are the literature's), so the figures
need no cross-validation.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lawalign.query import Corpus


@dataclass(frozen=True, slots=True)
class GoldQuery:
    """One hand-written question and the clause ids that answer it."""

    q: str
    lang: str
    relevant: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SearchScore:
    """Figures of one ranking over the gold questions."""

    mode: str
    pairs: int  # (question, language) pairs scored
    recall5: float
    recall1: float
    mrr: float
    mixed: float  # recall in the first 5 x languages hits of the unrestricted ranking
    by_lang: dict[str, float]  # recall@5 per target language
    misses: tuple[tuple[str, str, str], ...]  # (question, language, relevant ids) not in the top 5


def load_queries(path: str | Path) -> list[GoldQuery]:
    """The gold questions of a TOML file (``[[query]]`` tables with ``q``, ``lang``, ``relevant``)."""
    data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    return [
        GoldQuery(str(r["q"]), str(r["lang"]), tuple(str(x) for x in r["relevant"])) for r in data["query"]
    ]


def evaluate_search(corpus: Corpus, queries: Sequence[GoldQuery], mode: str) -> SearchScore:
    """Score ``mode`` (``hybrid``, ``semantic`` or ``lexical``) on ``queries``.

    Args:
        corpus: The corpus searched.
        queries: The gold questions.
        mode: A ranked search mode of :meth:`lawalign.query.Corpus.search`.
    """
    from lawalign.query.search import semantic_candidates

    held: dict[str, set[str]] = {}
    for _edition, unit, _ in semantic_candidates(corpus.editions):
        held.setdefault(unit.lang, set()).add(unit.id)
    langs = sorted(held)
    pairs = 0
    recall5 = recall1 = rr = 0.0
    mixed_found = mixed_total = 0
    per_lang: dict[str, list[float]] = {}
    misses: list[tuple[str, str, str]] = []
    for query in queries:
        for lang in langs:
            relevant = set(query.relevant) & held[lang]
            if not relevant:
                continue
            ranked = [h.id for h in corpus.search(query.q, langs=[lang], top=len(held[lang]), mode=mode)]
            found5 = len(relevant & set(ranked[:5])) / len(relevant)
            pairs += 1
            recall5 += found5
            recall1 += 1.0 if ranked[:1] and ranked[0] in relevant else 0.0
            first = next((i for i, uid in enumerate(ranked, start=1) if uid in relevant), None)
            rr += 1.0 / first if first else 0.0
            per_lang.setdefault(lang, []).append(found5)
            if found5 < 1:
                misses.append((query.q, lang, ",".join(sorted(relevant - set(ranked[:5])))))
        wanted = {(lang, uid) for lang in langs for uid in query.relevant if uid in held[lang]}
        if wanted:
            top = corpus.search(query.q, top=5 * len(langs), mode=mode)
            mixed_found += len(wanted & {(h.lang, h.id) for h in top})
            mixed_total += len(wanted)
    n = pairs or 1
    return SearchScore(
        mode=mode,
        pairs=pairs,
        recall5=recall5 / n,
        recall1=recall1 / n,
        mrr=rr / n,
        mixed=mixed_found / (mixed_total or 1),
        by_lang={lang: sum(v) / len(v) for lang, v in sorted(per_lang.items())},
        misses=tuple(misses),
    )
