"""Sentence-alignment and unit-id evaluation against the gold files under ``tests/gold/``.

Gold sentence alignments (``tests/gold/sentences/<law>.<src>-<tgt>.json``) list beads of sentence
*texts* over a whole law, so any aligner can be scored whatever ids the structure stage gave.
A bead is a translation link (both sides non-empty); 1-0/0-1 beads are not scored — a missed or
invented link already shows in recall or precision. Strict: a predicted bead equals a gold bead.
Lax: it shares at least one source and one target sentence with a gold bead (vecalign's measure).
Sentences are compared after dropping whitespace and case.

Document-level bead files (the Bleualign benchmark, ``lawalign pair --format beads``) are scored by
:func:`score_beads`, which counts exactly as vecalign's ``score.py`` does (see its docstring).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from lawalign.align.anchor import unit_text
from lawalign.align.embed import Embedder
from lawalign.align.sentences import split_many
from lawalign.models import Alignment, Edition, UnitId
from lawalign_dev.baselines import cosine_argmax, gale_church

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


Beads = Sequence[tuple[Sequence[int], Sequence[int]]]


def parse_bead_lines(text: str) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Beads from vecalign-notation lines (``[0]:[0, 1]``, ``[]:[3]``; a third ``:score`` field is ignored).

    >>> parse_bead_lines("[0]:[0, 1]\\n[]:[2]\\n[1, 2]:[3]:0.12\\n")
    [((0,), (0, 1)), ((), (2,)), ((1, 2), (3,))]
    """
    beads: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        fields = [f.strip() for f in line.split(":")]
        try:
            sides = [tuple(int(x) for x in f.strip("[]").split(",") if x.strip()) for f in fields[:2]]
            if len(sides) != 2 or not all(f.startswith("[") and f.endswith("]") for f in fields[:2]):
                raise ValueError(line)
        except ValueError:
            raise ValueError(f"line {number}: not a bead: {line!r}") from None
        beads.append((sides[0], sides[1]))
    return beads


def read_beads(path: str | Path) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The beads of a vecalign-style alignment file (one bead per line)."""
    return parse_bead_lines(Path(path).read_text(encoding="utf-8"))


def _bead_counts(gold: Beads, test: Beads) -> tuple[int, int, int, int]:
    """(strict tp, strict fp, lax tp, lax fp) of ``test`` against ``gold``, as vecalign's ``_precision``.

    Beads empty on both sides are dropped; a test bead is a strict hit when ``gold`` holds it
    exactly, else a lax hit when one of its source sentences is linked in ``gold`` to one of its
    target sentences (so a deletion is only ever a strict hit).
    """
    test_set = {(tuple(x), tuple(y)) for x, y in test if len(x) or len(y)}
    gold_set = {(tuple(x), tuple(y)) for x, y in gold if len(x) or len(y)}
    linked: dict[int, set[int]] = {}
    for gx, gy in gold_set:
        for i in gx:
            linked.setdefault(i, set()).update(gy)
    tp_strict = fp_strict = tp_lax = fp_lax = 0
    for tx, ty in test_set:
        if (tx, ty) in gold_set:
            tp_strict += 1
            tp_lax += 1
            continue
        fp_strict += 1
        targets = set().union(*(linked.get(i, set()) for i in tx)) if tx else set()
        if targets & set(ty):
            tp_lax += 1
        else:
            fp_lax += 1
    return tp_strict, fp_strict, tp_lax, fp_lax


def score_beads(gold_docs: Sequence[Beads], test_docs: Sequence[Beads]) -> PRF:
    """Strict and lax P/R/F1 over one or more documents, exactly as vecalign's ``score.py``.

    Precision counts every test bead (deletions included: a deletion the gold also has is a hit);
    recall is the same count with the roles swapped over beads with both sides non-empty. Counts are
    summed over documents before dividing; an empty denominator gives 0.

    >>> gold = parse_bead_lines("[0]:[0]\\n[1]:[]\\n[2]:[1, 2]")
    >>> test = parse_bead_lines("[0]:[0]\\n[1]:[]\\n[2]:[1]\\n[]:[2]")
    >>> prf = score_beads([gold], [test])
    >>> prf.strict_p, prf.strict_r, prf.lax_p, prf.lax_r, round(prf.lax_f1, 3)
    (0.5, 0.5, 0.75, 1.0, 0.857)
    """
    if len(gold_docs) != len(test_docs):
        raise ValueError(f"{len(gold_docs)} gold documents but {len(test_docs)} test documents")
    p = [0, 0, 0, 0]
    r = [0, 0, 0, 0]
    predicted = gold = 0
    for gold_beads, test_beads in zip(gold_docs, test_docs, strict=True):
        for k, value in enumerate(_bead_counts(gold_beads, test_beads)):
            p[k] += value
        test_links = [(x, y) for x, y in test_beads if len(x) and len(y)]
        gold_links = [(x, y) for x, y in gold_beads if len(x) and len(y)]
        for k, value in enumerate(_bead_counts(test_links, gold_links)):
            r[k] += value
        predicted += len({(tuple(x), tuple(y)) for x, y in test_beads if len(x) or len(y)})
        gold += len({(tuple(x), tuple(y)) for x, y in gold_beads if len(x) or len(y)})

    def ratio(hit: int, miss: int) -> float:
        return hit / (hit + miss) if hit + miss else 0.0

    sp, sr = ratio(p[0], p[1]), ratio(r[0], r[1])
    lp, lr = ratio(p[2], p[3]), ratio(r[2], r[3])
    return PRF(sp, sr, _f1(sp, sr), lp, lr, _f1(lp, lr), predicted, gold)


def law_sentences(edition: Edition, law: str) -> list[str]:
    """The sentences of one law of an edition, in source order (titles included, debris excluded)."""
    units = [u for u in edition.law_units if u.law == law]
    splits = split_many([unit_text(u) for u in units], edition.lang)
    return [s for sents in splits for s in sents]


def links_from_alignment(alignment: Alignment, src_lang: str, tgt_lang: str, law: str) -> LinkSet:
    """The sentence links an :class:`Alignment` makes between two languages in one law."""
    out: LinkSet = set()
    for link in alignment.links:
        uid = UnitId.maybe(link.id)
        if uid is None or uid.law != law:
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
