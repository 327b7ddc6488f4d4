"""Sentence-alignment and unit-id evaluation against the gold files under ``tests/gold/``.

Gold sentence alignments (``tests/gold/sentences/<law>.<src>-<tgt>.json``) list beads of sentence
*texts* over a whole law, so any aligner can be scored whatever ids the structure stage gave.
A bead is a translation link (both sides non-empty); 1-0/0-1 beads are not scored — a missed or
invented link already shows in recall or precision. Strict: a predicted bead equals a gold bead.
Lax: it shares at least one source and one target sentence with a gold bead (vecalign's measure).
Sentences are compared after dropping whitespace and case.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from lawalign.align.anchor import unit_text
from lawalign.align.baselines import cosine_argmax, gale_church
from lawalign.align.embed import Embedder
from lawalign.align.sentences import split_many
from lawalign.models import Alignment, Edition

Key = str
LinkSet = set[tuple[frozenset[Key], frozenset[Key]]]


def sentence_key(text: str) -> Key:
    """Comparison form of a sentence: no whitespace, case-folded."""
    return re.sub(r"\s+", "", text).casefold()


@dataclass(frozen=True, slots=True)
class GoldPair:
    """Gold sentence links of one law between two languages."""

    law: str
    src_lang: str
    tgt_lang: str
    links: frozenset[tuple[frozenset[Key], frozenset[Key]]]
    path: str


@dataclass(frozen=True, slots=True)
class PRF:
    """Precision, recall, F1 (strict and lax) of one method on one or more gold pairs."""

    strict_p: float
    strict_r: float
    strict_f1: float
    lax_p: float
    lax_r: float
    lax_f1: float
    predicted: int
    gold: int


def load_gold(folder: str | Path) -> list[GoldPair]:
    """Every gold file of ``folder``, sorted by file name."""
    pairs = []
    for path in sorted(Path(folder).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        links = frozenset(
            (frozenset(sentence_key(s) for s in b["src"]), frozenset(sentence_key(s) for s in b["tgt"]))
            for b in data["beads"]
            if b["src"] and b["tgt"]
        )
        pairs.append(GoldPair(str(data["law"]), data["src_lang"], data["tgt_lang"], links, str(path)))
    return pairs


def _f1(p: float, r: float) -> float:
    return 2 * p * r / (p + r) if p + r else 0.0


def score_links(predicted: LinkSet, gold: LinkSet) -> PRF:
    """Strict and lax P/R/F1 of ``predicted`` links against ``gold`` links."""
    pred = {x for x in predicted if x[0] and x[1]}

    def lax_hit(link: tuple[frozenset[Key], frozenset[Key]], pool: LinkSet) -> bool:
        return any(link[0] & g[0] and link[1] & g[1] for g in pool)

    sp = len(pred & gold) / len(pred) if pred else 0.0
    sr = len(pred & gold) / len(gold) if gold else 0.0
    lp = sum(lax_hit(x, gold) for x in pred) / len(pred) if pred else 0.0
    lr = sum(lax_hit(g, pred) for g in gold) / len(gold) if gold else 0.0
    return PRF(sp, sr, _f1(sp, sr), lp, lr, _f1(lp, lr), len(pred), len(gold))


def law_sentences(edition: Edition, law: str) -> list[str]:
    """The sentences of one law of an edition, in source order (titles included, debris excluded)."""
    units = [u for u in edition.law_units if u.law == law]
    splits = split_many([unit_text(u) for u in units], edition.lang)
    return [s for sents in splits for s in sents]


def links_from_alignment(alignment: Alignment, src_lang: str, tgt_lang: str, law: str) -> LinkSet:
    """The sentence links an :class:`Alignment` makes between two languages in one law."""
    out: LinkSet = set()
    for link in alignment.links:
        if not link.id.startswith(law) or not re.match(rf"{law}(?!\d)", link.id):
            continue
        if (link.src_lang, link.tgt_lang) == (src_lang, tgt_lang):
            src_s, tgt_s, flip = link.src_sentences, link.tgt_sentences, False
        elif (link.src_lang, link.tgt_lang) == (tgt_lang, src_lang):
            src_s, tgt_s, flip = link.tgt_sentences, link.src_sentences, True
        else:
            continue
        for bead in link.beads:
            a, b = (bead.tgt, bead.src) if flip else (bead.src, bead.tgt)
            if a and b:
                out.add(
                    (
                        frozenset(sentence_key(src_s[i]) for i in a),
                        frozenset(sentence_key(tgt_s[j]) for j in b),
                    )
                )
    return out


def _beads_to_links(beads: Sequence[object], src: list[str], tgt: list[str]) -> LinkSet:
    out: LinkSet = set()
    for bead in beads:
        a, b = bead.src, bead.tgt  # type: ignore[attr-defined]
        if a and b:
            out.add((frozenset(sentence_key(src[i]) for i in a), frozenset(sentence_key(tgt[j]) for j in b)))
    return out


def baseline_links(method: str, src: list[str], tgt: list[str], embedder: Embedder | None = None) -> LinkSet:
    """Links of a baseline (``gale-church`` or ``cosine-argmax``) over two law sentence sequences."""
    if method == "gale-church":
        return _beads_to_links(gale_church([len(s) for s in src], [len(t) for t in tgt]), src, tgt)
    if method == "cosine-argmax":
        if embedder is None:
            raise ValueError("cosine-argmax needs an embedder")
        return _beads_to_links(cosine_argmax(embedder.encode(src), embedder.encode(tgt)), src, tgt)
    raise ValueError(f"unknown baseline {method!r}")


def evaluate_alignment(
    editions: Sequence[Edition],
    gold: Sequence[GoldPair],
    align: Callable[[Sequence[Edition]], Alignment],
    embedder: Embedder,
) -> dict[str, dict[str, PRF]]:
    """Score our method and both baselines on every gold pair (and ``all`` pooled).

    Returns:
        method → (``"<src>-<tgt>"`` or ``"all"``) → :class:`PRF`.
    """
    by_lang = {e.lang: e for e in editions}
    alignment = align(editions)
    results: dict[str, dict[str, PRF]] = {"ours": {}, "gale-church": {}, "cosine-argmax": {}}
    pooled: dict[str, tuple[LinkSet, LinkSet]] = {m: (set(), set()) for m in results}
    for g in gold:
        if g.src_lang not in by_lang or g.tgt_lang not in by_lang:
            continue
        src = law_sentences(by_lang[g.src_lang], g.law)
        tgt = law_sentences(by_lang[g.tgt_lang], g.law)
        name = f"{g.src_lang}-{g.tgt_lang}"
        gold_links: LinkSet = set(g.links)
        predicted = {
            "ours": links_from_alignment(alignment, g.src_lang, g.tgt_lang, g.law),
            "gale-church": baseline_links("gale-church", src, tgt),
            "cosine-argmax": baseline_links("cosine-argmax", src, tgt, embedder),
        }
        for method, links in predicted.items():
            results[method][name] = score_links(links, gold_links)
            # pool with the pair name so equal sentences of different pairs stay apart
            pooled[method][0].update((frozenset(f"{name}|{k}" for k in a), frozenset(b)) for a, b in links)
            pooled[method][1].update(
                (frozenset(f"{name}|{k}" for k in a), frozenset(b)) for a, b in gold_links
            )
    for method, (pred, gl) in pooled.items():
        results[method]["all"] = score_links(pred, gl)
    return results


def id_accuracy(editions: Sequence[Edition], gold_dir: str | Path) -> dict[str, tuple[int, int]]:
    """Unit-id accuracy against ``tests/gold/ids/<lang>.json``: lang → (correct, total) over law units.

    A gold row is matched to the unit that starts on the same raw line; debris rows (id null) count
    as correct when the unit there is debris.
    """
    out: dict[str, tuple[int, int]] = {}
    for ed in editions:
        path = Path(gold_dir) / f"{ed.lang}.json"
        if not path.exists():
            continue
        rows = json.loads(path.read_text(encoding="utf-8"))["units"]
        by_line = {u.source.line_start: u for u in ed.units}
        correct = 0
        for row in rows:
            unit = by_line.get(int(row["line_start"]))
            if unit is None:
                continue
            if row["id"] is None:
                correct += unit.kind == "debris"
            else:
                correct += unit.id == row["id"]
        out[ed.lang] = (correct, len(rows))
    return out


def as_table(results: dict[str, dict[str, PRF]]) -> list[dict[str, object]]:
    """Rows (method, pair, strict P/R/F1, lax P/R/F1) for printing, 3 decimals."""
    rows: list[dict[str, object]] = []
    for method, per_pair in results.items():
        for pair, prf in per_pair.items():
            rows.append(
                {
                    "method": method,
                    "pair": pair,
                    "strict_p": round(prf.strict_p, 3),
                    "strict_r": round(prf.strict_r, 3),
                    "strict_f1": round(prf.strict_f1, 3),
                    "lax_p": round(prf.lax_p, 3),
                    "lax_r": round(prf.lax_r, 3),
                    "lax_f1": round(prf.lax_f1, 3),
                    "n_pred": prf.predicted,
                    "n_gold": prf.gold,
                }
            )
    return rows
