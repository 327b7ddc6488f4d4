"""Quality numbers against the hand-made gold data (``make eval``), one section per area.

ids        unit-id accuracy of the bundled corpus: structure stage alone, and after anchoring
alignment  strict/lax sentence-alignment P/R/F1 on Law 68 (ru-tr, ru-vi, tr-vi): our method,
           a length-only Gale-Church baseline, plain cosine argmax
divergences  findings vs gold per type (P/R), synthetic-variant recall and unrelated new findings
bleualign  strict/lax P/R/F1 (vecalign's score.py) on the Bleualign German-French dev document: the
           general sentence aligner, the previous DP and Gale-Church, side by side
crossval   the same scores out of sample: constants chosen without the document scored (leave one
           group out; de-fr: 4 contiguous parts of the Bleualign dev document, zh-en: the 6 MAC-Dev
           chapters), the in-sample figure beside it, vecalign-style and bertalign-style baselines
encoder    the encoder of `lawalign pair` fitted to a language pair (e5+en-zh), out of fold: each
           chapter and part aligned with an encoder fitted on its pair's other groups, beside the
           bundled encoder in the same run, and for zh-en that encoder mixed with USE-multilingual
           at the weight of their spreads on the other chapters (e5+en-zh+use; 10 fits, about 30
           minutes)
pages      line-level id/kind accuracy on real published pages (tests/realworld/, and the shared
           real-pages-dev set when a ../shared/benchmarks folder exists), calibration, wrong lines;
           synthetic layouts (tests/realworld/synthetic/) scored separately
protocol   the honest protocol on the real pages: every figure cross-validated by site (leave one
           site out; the shared real-pages-dev set scored by readers fitted without its sites),
           confidence calibrated out of fold (isotonic), the table "confidence bin -> share right",
           per-batch first-sight figures (gold field `batch`); in-sample figures beside
relayout   the same pages re-laid out without changing a word (no blank lines, double-spaced,
           hard-wrapped, indented, CRLF, one line, a web page): share of pages whose law ids stay the
           same
formats    the real pages saved as a Word file (a paragraph per line) and typeset as PDF (the tests'
           booklet and two-column typesetters): share of pages whose law ids stay the same
search     recall@5 of hand-written cross-lingual questions (tests/gold/search/queries.toml) on the
           bundled corpus: hybrid search beside its lexical-only and embedding-only rankings
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
ROOT = Path(__file__).resolve().parents[1]
GOLD = ROOT / "tests" / "gold"
sys.path.insert(0, str(ROOT / "tools"))  # the development package lawalign_dev (not in the wheel)


def _load_corpus() -> list[object] | None:
    try:
        from lawalign.run import load_editions

        return list(load_editions([str(ROOT / "corpus")]))
    except Exception as exc:  # the structure stage may not be importable yet
        print(f"  (corpus not loadable: {type(exc).__name__}: {exc})")
        return None


def section_ids() -> None:
    """Unit-id accuracy, before and after cross-language anchoring."""
    from lawalign.align.anchor import anchor_editions
    from lawalign.align.embed import get_embedder
    from lawalign_dev.evaluate.alignment import id_accuracy

    print("== ids: unit-id accuracy (gold: tests/gold/ids/*.json)")
    editions = _load_corpus()
    if editions is None:
        return
    before = id_accuracy(editions, GOLD / "ids")  # type: ignore[arg-type]
    anchoring = anchor_editions(editions, embedder=get_embedder())  # type: ignore[arg-type]
    checks = anchoring.checks
    after = id_accuracy(list(anchoring.editions), GOLD / "ids")
    print(f"  {'lang':<6}{'structure':>12}{'+anchoring':>12}")
    for lang in sorted(before):
        b, a = before[lang], after[lang]
        print(f"  {lang:<6}{b[0]:>6}/{b[1]:<5}{a[0]:>6}/{a[1]:<5}")
    disagree = [c for c in checks if not c.agrees]
    print(f"  anchoring checks: {len(checks)}, disagreements: {len(disagree)}")
    for c in disagree:
        print(f"    {c.lang} {c.unit} -> {c.proposed} ({c.score:.2f}) {c.message}")


def section_alignment() -> None:
    """Sentence alignment P/R/F1, ours vs baselines, on the seed editions."""
    from lawalign.align.clauses import align_editions
    from lawalign.align.embed import get_embedder
    from lawalign_dev.evaluate.alignment import as_table, evaluate_alignment, load_gold

    print("== alignment: Law 68 sentence links (gold: tests/gold/sentences/*.json)")
    emb = get_embedder()
    gold = load_gold(GOLD / "sentences")
    sets: list[tuple[str, list[object]]] = []
    sys.path.insert(0, str(ROOT / "tests"))
    from align_fixtures import seed_editions

    sets.append(("hand ids", list(seed_editions())))
    corpus = _load_corpus()
    if corpus is not None:
        sets.append(("pipeline", corpus))
    for label, editions in sets:
        results = evaluate_alignment(editions, gold, lambda e: align_editions(e, embedder=emb), emb)  # type: ignore[arg-type]
        print(f"  -- editions: {label}")
        print(f"  {'method':<14}{'pair':<7}{'strict P':>9}{'R':>7}{'F1':>7}{'lax P':>8}{'R':>7}{'F1':>7}")
        for row in as_table(results):
            print(
                f"  {row['method']!s:<14}{row['pair']!s:<7}{row['strict_p']:>9.3f}{row['strict_r']:>7.3f}"
                f"{row['strict_f1']:>7.3f}{row['lax_p']:>8.3f}{row['lax_r']:>7.3f}{row['lax_f1']:>7.3f}"
            )


def section_divergences() -> None:
    """Divergence findings vs gold per type, and synthetic-variant recall (lawalign_dev.evaluate)."""
    from lawalign_dev.evaluate.divergences import main as divergences_main

    divergences_main(ROOT / "corpus", GOLD / "divergences" / "seeds.json")


def section_bleualign() -> None:
    """Document-level sentence alignment on the Bleualign dev document (test documents held out)."""
    from lawalign.align.embed import get_embedder
    from lawalign_dev.evaluate.documents import benchmark_folder, evaluate_document, load_document

    folder = benchmark_folder(ROOT)
    print(f"== bleualign: dev.de-fr sentence beads (gold: {folder}/dev.defr; scored as vecalign's score.py)")
    if not (folder / "dev.defr").exists():
        print(f"  (no benchmark at {folder}; set LAWALIGN_BLEUALIGN)")
        return
    doc = load_document(folder, "dev", "de", "fr")
    emb = get_embedder()
    print(f"  {len(doc.src)} de / {len(doc.tgt)} fr sentences, {len(doc.gold)} gold beads")
    print(f"  {'method':<21}{'strict P':>9}{'R':>7}{'F1':>7}{'lax P':>8}{'R':>7}{'F1':>7}{'align s':>9}")
    for result in evaluate_document(doc, emb):
        prf = result.prf
        print(
            f"  {result.method:<21}{prf.strict_p:>9.3f}{prf.strict_r:>7.3f}{prf.strict_f1:>7.3f}"
            f"{prf.lax_p:>8.3f}{prf.lax_r:>7.3f}{prf.lax_f1:>7.3f}{result.seconds:>9.2f}"
        )


def section_crossval() -> None:
    """Document sentence alignment out of sample (leave one group out) beside in sample, both pairs."""
    from lawalign.align.embed import get_embedder
    from lawalign_dev.evaluate.crossval import (
        bleualign_suite,
        evaluate_method,
        format_results,
        mac_suite,
        standard_methods,
    )

    shared = _shared_benchmarks()
    print(
        "== crossval: sentence beads held out by document (de-fr: 4 contiguous parts of the one dev document)"
    )
    if shared is None:
        print("  (skipped: no ../shared/benchmarks)")
        return
    from lawalign_dev.evaluate.train_aligner import cross_validate, pool
    from lawalign_dev.evaluate.train_both import cross_validate as cross_validate_both
    from lawalign_dev.evaluate.train_both import per_pair, read_all

    emb = get_embedder()
    suites = []
    for folder, make in (("bleualign-dev", bleualign_suite), ("mac-dev", mac_suite)):
        if not (shared / folder).is_dir():
            print(f"  (skipped: no {shared / folder})")
            continue
        suites.append(make(shared / folder))
    # the fitted score (--unit sentence) and the constants of both (lawalign pair's default) are
    # chosen across both pairs at once; both's rows (a choice per pair, and across the pairs) read the
    # same alignments, made once
    paired = len(suites) == 2
    fitted = cross_validate(pool(suites, emb)) if paired else [None] * len(suites)
    readings = read_all(suites, emb)
    chosen = cross_validate_both(readings) if paired else [None] * len(suites)
    methods = standard_methods(emb, fragments=True)
    for suite, both, extra, default in zip(suites, per_pair(readings), fitted, chosen, strict=True):
        results = [evaluate_method(method, suite) for method in methods]
        print(format_results(suite, results + [r for r in (both, extra, default) if r]))


def section_encoder() -> None:
    """``lawalign pair``'s encoder fitted out of fold beside the bundled one, both pairs."""
    print("== encoder: e5's biases fitted to gold beads, held out by document")
    shared = _shared_benchmarks()
    if shared is None or not (shared / "mac-dev").is_dir() or not (shared / "bleualign-dev").is_dir():
        print("  (skipped: no ../shared/benchmarks)")
        return
    from lawalign.align.st_convert import models_dir
    from lawalign_dev.evaluate.train_aligner import default_suites
    from lawalign_dev.evaluate.train_encoder import cross_validate, report

    results = cross_validate(default_suites(shared), models_dir() / "folds")
    print("\n".join(report(results)))


def _shared_benchmarks() -> Path | None:
    """``shared/benchmarks`` beside the repo (or beside a worktree's parent); ``LAWALIGN_BENCHMARKS`` wins."""
    env = os.environ.get("LAWALIGN_BENCHMARKS")
    if env:
        return Path(env)
    for base in (ROOT.parent, ROOT.parent.parent):
        if (base / "shared" / "benchmarks").is_dir():
            return base / "shared" / "benchmarks"
    return None


def section_pages() -> None:
    """Line-level accuracy of ``lawalign units FILE`` (no --lang) on real pages and synthetic layouts."""
    from lawalign_dev.evaluate.pages import evaluate_pages, format_report

    shared = _shared_benchmarks()
    sets = [
        ("real-pages-dev (shared)", shared / "real-pages-dev" if shared else None),
        ("tests/realworld (real pages)", ROOT / "tests" / "realworld"),
        ("tests/realworld/synthetic (synthetic layouts)", ROOT / "tests" / "realworld" / "synthetic"),
    ]
    for label, folder in sets:
        print(f"== pages: {label}")
        if folder is None or not (folder / "gold.json").is_file():
            print(f"  (skipped: no gold.json at {folder or '../shared/benchmarks/real-pages-dev'})")
            continue
        print(format_report(evaluate_pages(folder)))


def section_relayout() -> None:
    """Layout robustness: real pages re-laid out without changing a word read the same.

    The pages of ``tests/realworld`` are reported apart by batch (gold ``batch``): the pages without
    one, then each batch added later.
    """
    from lawalign_dev.evaluate.pages import load_gold
    from lawalign_dev.evaluate.relayout import format_report, relayout

    shared = _shared_benchmarks()
    real = ROOT / "tests" / "realworld"
    batch_of = {name: fg.batch for name, fg in load_gold(real / "gold.json").items()}
    real_pages = sorted((real / "pages").glob("*.txt"))
    sets: list[tuple[str, list[Path]]] = [
        (
            f"tests/realworld ({batch or 'real pages without a batch'})",
            [p for p in real_pages if batch_of.get(p.name, "") == batch],
        )
        for batch in sorted(set(batch_of.values()))
    ]
    sets += [
        ("real-pages-dev (shared)", sorted((shared / "real-pages-dev").glob("*.txt")) if shared else []),
        ("tests/realworld/synthetic (synthetic layouts)", sorted((real / "synthetic").glob("*.txt"))),
    ]
    for label, files in sets:
        print(f"== relayout: {label}")
        if not files:
            print("  (skipped: not found)")
            continue
        print(format_report(relayout(files)))


def section_formats() -> None:
    """Format robustness: each real page saved as a Word file and typeset as two kinds of PDF reads the
    law ids of its text (the typesetters are the tests', ``tests/pdf_fixtures.py``; their fonts cover
    Latin, Greek and Cyrillic, so pages in other scripts are left out of the PDFs)."""
    import docx

    sys.path.insert(0, str(ROOT / "tests"))
    import pdf_fixtures
    from lawalign_dev.evaluate.relayout import format_report, reformat

    def word(text: str, path: Path) -> Path:
        document = docx.Document()
        for line in text.split("\n"):
            document.add_paragraph(line)
        document.save(str(path))
        return path

    def typeset(name: str, text: str) -> bool:
        return name == "word" or all(ord(c) < 0x530 or 0x1E00 <= ord(c) < 0x2100 for c in text)

    makers = {"word": word, "pdf-booklet": pdf_fixtures.booklet, "pdf-columns": pdf_fixtures.two_columns}
    pages = sorted((ROOT / "tests" / "realworld" / "pages").glob("*.txt"))
    print("== formats: tests/realworld saved as Word and typeset as PDF")
    print(format_report(reformat(pages, makers, keep=typeset)))


def section_search() -> None:
    """Search recall@5 on hand-written questions: hybrid, lexical-only, embedding-only."""
    from lawalign.query import open_corpus
    from lawalign_dev.evaluate.search import evaluate_search, load_queries

    queries = load_queries(GOLD / "search" / "queries.toml")
    corpus = open_corpus(str(ROOT / "corpus"))
    langs = sorted({q.lang for q in queries})
    print(f"== search: {len(queries)} questions in {', '.join(langs)} (gold: tests/gold/search/queries.toml)")
    print("  nothing is fitted (BM25 k1 1.2, b 0.75; fusion 1/(60 + rank)): no cross-validation needed")
    scores = [evaluate_search(corpus, queries, mode) for mode in ("hybrid", "lexical", "semantic")]
    by_lang = sorted(scores[0].by_lang)
    head = "".join(f"{'r@5 ' + lang:>9}" for lang in by_lang)
    print(f"  {'ranking':<10}{'pairs':>6}{'recall@5':>10}{'recall@1':>10}{'MRR':>7}{'mixed':>7}{head}")
    for score in scores:
        cells = "".join(f"{score.by_lang.get(lang, 0.0):>9.3f}" for lang in by_lang)
        print(
            f"  {score.mode:<10}{score.pairs:>6}{score.recall5:>10.3f}{score.recall1:>10.3f}"
            f"{score.mrr:>7.3f}{score.mixed:>7.3f}{cells}"
        )
    for question, lang, missed in scores[0].misses:
        print(f"    hybrid miss: {lang} {missed:<9} {question}")


# The rules' thresholds the protocol reads with (--rules FILE; None: the bundled data/reader/rules.json).
RULES_FILE: Path | None = None


def section_protocol() -> None:
    """Cross-validated by site, calibrated out of fold, batch by batch (lawalign_dev.evaluate.protocol)."""
    from lawalign.structure.constants import RuleConstants
    from lawalign_dev.evaluate.protocol_report import report

    shared = _shared_benchmarks()
    rules = RuleConstants.from_json(RULES_FILE.read_text(encoding="utf-8")) if RULES_FILE else None
    if rules is not None:
        print(f"rules' thresholds from {RULES_FILE}: {rules}")
    print(report(ROOT / "tests" / "realworld", shared / "real-pages-dev" if shared else None, rules=rules))


SECTIONS = {
    "ids": section_ids,
    "alignment": section_alignment,
    "divergences": section_divergences,
    "bleualign": section_bleualign,
    "crossval": section_crossval,
    "encoder": section_encoder,
    "pages": section_pages,
    "protocol": section_protocol,
    "relayout": section_relayout,
    "formats": section_formats,
    "search": section_search,
}


def main(argv: list[str]) -> int:
    """Run the named sections (default: all, in order); ``--rules FILE`` first reads the rules with
    the thresholds of FILE (the format of data/reader/rules.json) in section ``protocol``."""
    global RULES_FILE
    if argv[:1] == ["--rules"] and len(argv) > 1:
        RULES_FILE, argv = Path(argv[1]), argv[2:]
    names = argv or list(SECTIONS)
    for name in names:
        if name not in SECTIONS:
            print(f"unknown section {name!r}; valid: {', '.join(SECTIONS)}", file=sys.stderr)
            return 2
        SECTIONS[name]()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
