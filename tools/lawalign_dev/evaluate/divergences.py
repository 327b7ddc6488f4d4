"""Divergence evaluation: precision/recall per finding type against gold, and synthetic-variant recall.

Gold (``tests/gold/divergences/seeds.json``) lists the divergences of the seed corpus as
``{"type", "lang", "unit", "note"}``. A finding matches a gold item with the same type, language and
unit; precision per type is matched findings / findings of that type, recall is matched gold / gold.

Variants (:mod:`lawalign_dev.variants`) change one edition's raw text; a variant is *detected* when
the changed corpus yields a finding of the expected type, language and unit that the unchanged
corpus did not have (a new key), or whose evidence quotes the changed text. Its *unrelated new
findings* are new keys of another language, or of the same language with another type and unit.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from lawalign.diff import find_divergences
from lawalign.models import Edition, Finding
from lawalign_dev.variants import Variant, generate_variants

GoldItem = tuple[str, str, str]  # (type, lang, unit)


@dataclass(frozen=True, slots=True)
class TypeScore:
    """Precision and recall of one finding type."""

    type: str
    tp: int
    fp: int
    fn: int

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0


def load_gold(path: str | Path) -> list[GoldItem]:
    """Gold divergences of a JSON file: a list of ``{"type", "lang", "unit"}`` objects."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    return [(str(d["type"]), str(d["lang"]), str(d["unit"])) for d in data]


def score_findings(findings: Sequence[Finding], gold: Sequence[GoldItem]) -> dict[str, TypeScore]:
    """Per-type scores plus ``"all"`` (micro-averaged)."""
    predicted = {(f.type, f.lang, f.unit or "") for f in findings}
    wanted = set(gold)
    types = sorted({t for t, _, _ in predicted | wanted})
    out: dict[str, TypeScore] = {}
    for t in types:
        p = {x for x in predicted if x[0] == t}
        g = {x for x in wanted if x[0] == t}
        out[t] = TypeScore(t, len(p & g), len(p - g), len(g - p))
    out["all"] = TypeScore("all", len(predicted & wanted), len(predicted - wanted), len(wanted - predicted))
    return out


@dataclass
class VariantReport:
    """Outcome of a synthetic-variant run."""

    total: int = 0
    detected: int = 0
    unrelated: int = 0
    missed: list[str] = field(default_factory=list)
    noisy: dict[str, list[str]] = field(default_factory=dict)
    by_operation: dict[str, tuple[int, int]] = field(default_factory=dict)  # op -> (detected, total)

    @property
    def recall(self) -> float:
        return self.detected / self.total if self.total else 1.0

    @property
    def unrelated_per_variant(self) -> float:
        return self.unrelated / self.total if self.total else 0.0


def _related(f: Finding, v: Variant) -> bool:
    return f.lang == v.lang and (f.type == v.expected_type or (f.unit or "") == v.expected_unit)


def evaluate_variants(
    editions: Sequence[Edition],
    raws: dict[str, str],
    make_edition: Callable[[str, str], Edition],
    *,
    seed: int = 0,
    per_operation: int = 4,
) -> VariantReport:
    """Run every variant through structure + diff (no alignment) and measure recall and noise.

    Args:
        editions: the unmodified editions.
        raws: their raw texts by language.
        make_edition: ``(raw_text, lang) -> Edition`` (the structure stage on a changed text).
        seed: variant sampling seed.
        per_operation: variants per operation and edition.
    """
    base_keys = {f.key for f in find_divergences(editions)}
    report = VariantReport()
    for v in generate_variants(list(editions), raws, seed=seed, per_operation=per_operation):
        changed = [make_edition(v.text, v.lang) if e.lang == v.lang else e for e in editions]
        found = find_divergences(changed)
        new = [f for f in found if f.key not in base_keys]
        hit = any(
            (f.type, f.lang, f.unit or "") == (v.expected_type, v.lang, v.expected_unit)
            and (
                f in new or (v.marker and any(v.marker in e.quote or e.quote in v.marker for e in f.evidence))
            )
            for f in found
        )
        noise = [f.key for f in new if not _related(f, v)]
        report.total += 1
        report.detected += int(hit)
        report.unrelated += len(noise)
        d, t = report.by_operation.get(v.operation, (0, 0))
        report.by_operation[v.operation] = (d + int(hit), t + 1)
        if not hit:
            report.missed.append(v.name)
        if noise:
            report.noisy[v.name] = noise
    return report


def format_scores(scores: dict[str, TypeScore]) -> str:
    """A small table of per-type precision/recall."""
    lines = [f"  {'type':<16}{'tp':>4}{'fp':>4}{'fn':>4}{'P':>8}{'R':>8}"]
    for t, s in scores.items():
        lines.append(f"  {t:<16}{s.tp:>4}{s.fp:>4}{s.fn:>4}{s.precision:>8.3f}{s.recall:>8.3f}")
    return "\n".join(lines)


def format_variant_report(r: VariantReport) -> str:
    """Recall per operation, overall recall and unrelated new findings per variant."""
    lines = [f"  {'operation':<22}{'detected':>9}{'total':>7}"]
    for op, (d, t) in sorted(r.by_operation.items()):
        lines.append(f"  {op:<22}{d:>9}{t:>7}")
    lines.append(
        f"  recall {r.recall:.3f} ({r.detected}/{r.total}); unrelated new findings per variant "
        f"{r.unrelated_per_variant:.3f}"
    )
    for name in r.missed:
        lines.append(f"  missed: {name}")
    for name, keys in sorted(r.noisy.items()):
        lines.append(f"  noise in {name}: {', '.join(keys)}")
    return "\n".join(lines)


def _raw_path(path: str, corpus: str | Path) -> Path:
    """An edition's file: as given (relative to the working folder), else relative to the corpus's parent."""
    p = Path(path)
    return p if p.exists() else Path(corpus).resolve().parent / path


def evaluate_corpus(
    corpus: str | Path, gold: str | Path, *, seed: int = 0, per_operation: int = 6
) -> tuple[dict[str, TypeScore], VariantReport]:
    """Score the bundled pipeline (ingest → structure → diff, no alignment) on a corpus folder.

    Variants are written to a temporary folder under their original file names and read back with
    :func:`lawalign.run.read_edition`, so every stage runs on each of them.
    """
    import tempfile
    from dataclasses import replace

    from lawalign.run import load_editions, read_edition

    editions = load_editions([str(corpus)])
    scores = score_findings(find_divergences(editions), load_gold(gold))
    raws = {e.lang: _raw_path(e.path, corpus).read_text(encoding="utf-8") for e in editions}
    by_lang = {e.lang: e for e in editions}
    with tempfile.TemporaryDirectory(prefix="lawalign-variants-") as tmp:

        def make(text: str, lang: str) -> Edition:
            original = by_lang[lang]
            path = Path(tmp) / Path(original.path).name
            path.write_text(text, encoding="utf-8")
            # read as the corpus manifest reads it: the laws it declares for the edition
            laws = original.laws if original.laws_declared else ()
            fresh = read_edition(path, lang, name=original.name, laws=laws)
            return replace(
                fresh,
                laws=original.laws,
                laws_declared=original.laws_declared,
                authoritative=original.authoritative,
            )

        report = evaluate_variants(editions, raws, make, seed=seed, per_operation=per_operation)
    return scores, report


def main(corpus: str | Path, gold: str | Path) -> None:
    """Print the divergence evaluation of a corpus folder against its gold (``make eval`` runs this
    on the bundled corpus and ``tests/gold/divergences/seeds.json``)."""
    scores, report = evaluate_corpus(corpus, gold)
    print(f"== divergences: findings vs gold ({Path(gold).name}), no alignment")
    print(format_scores(scores))
    try:
        from lawalign.run import Run

        aligned = list(Run.from_paths([str(corpus)]).findings)
        print("== divergences: findings vs gold, with the e5 alignment")
        print(format_scores(score_findings(aligned, load_gold(gold))))
    except Exception as exc:  # the model may be unavailable; the structure-only numbers stand
        print(f"  (alignment unavailable: {type(exc).__name__}: {exc})")
    print("== divergences: synthetic variants of the seeds (seed 0)")
    print(format_variant_report(report))
