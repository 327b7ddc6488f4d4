"""Benchmark the pipeline stages (``make bench``): wall time and peak memory, one subprocess each.

Inputs: the three seeds, and a generated book (the Vietnamese seed's three laws copied with renumbered
law headings: 1× = 30 laws, 2× = 60, 4× = 120) written to ``.cache/bench/``; time per MB over the sizes
shows whether growth is linear. Each measurement runs in a fresh interpreter so numbers do not leak
into each other: a first call on the three seeds ("cold": imports done, models/detectors built),
then the timed call, then the same call again under tracemalloc for its peak. A stage whose library
function does not exist yet prints "n/a". Numbers only: nothing here asserts a timing.

PDF ingestion (``--pdf`` alone, or as part of the whole run): A5 booklets of 25, 50, 100 and 200
pages typeset by the tests' typesetter (``tests/pdf_fixtures.py``) are read; pages per second, and
milliseconds per page staying flat, show time linear in pages.

``--pair`` (also part of the whole run): cold ``lawalign pair`` on a 300-sentence pair against the
CPU time of encoding each side's sentences once (:mod:`bench_pair`), with strings and tokens encoded
per input sentence.

The last part (:mod:`bench_perf`) prints CPU seconds and peak memory of everyday commands, cold
encoding throughput against the model's own, and per-unit costs on generated books of 10 to 1,000
laws in three languages, side by side with the figures measured before (``bench_before.json``).

Add a stage by adding a function to ``STAGES`` (name → callable taking a list of paths) and a row to
``ROWS``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import re
import resource
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))  # the development package lawalign_dev (not in the wheel)
SEEDS = sorted((ROOT / "corpus" / "raw").glob("*.txt"))
BENCH_DIR = ROOT / ".cache" / "bench"
SCALES = (1, 2, 4)
LAWS_PER_SCALE = 30
VI_SEED = ROOT / "corpus" / "raw" / "000_e6edf3a6b624c89e.txt"


class Missing(Exception):
    """The stage's library function does not exist (yet)."""


def _function(module: str, name: str) -> Callable[..., Any]:
    try:
        mod = importlib.import_module(module)
    except ImportError as exc:
        raise Missing(f"{module}: {exc}") from None
    fn = getattr(mod, name, None)
    if fn is None:
        raise Missing(f"{module}.{name}")
    return fn  # type: ignore[no-any-return]


def stage_ingest(paths: Sequence[Path]) -> int:
    read_source = _function("lawalign.ingest", "read_source")
    return sum(len(read_source(p).lines) for p in paths)


def stage_structure(paths: Sequence[Path]) -> int:
    read_source = _function("lawalign.ingest", "read_source")
    segment_law = _function("lawalign.structure", "segment_law")
    return sum(len(segment_law(read_source(p)).units) for p in paths)


def _editions(paths: Sequence[Path]) -> list[Any]:
    read_source = _function("lawalign.ingest", "read_source")
    segment_law = _function("lawalign.structure", "segment_law")
    return [segment_law(read_source(p)) for p in paths]


def stage_align(paths: Sequence[Path]) -> int:
    align_editions = _function("lawalign.align", "align_editions")
    return len(align_editions(_editions(paths)).links)


def stage_diff(paths: Sequence[Path]) -> int:
    align_editions = _function("lawalign.align", "align_editions")
    find_divergences = _function("lawalign.diff", "find_divergences")
    editions = _editions(paths)
    return len(find_divergences(editions, align_editions(editions)))


def stage_database(paths: Sequence[Path]) -> int:
    """Write corpus.sqlite (structure-only build: units, references, terms, FTS) in memory; its bytes."""
    database_bytes = _function("lawalign.export.sqlite", "database_bytes")
    format_rows = _function("lawalign.output", "format_rows")
    iter_units_rows = _function("lawalign.output", "iter_units_rows")
    editions = _editions(paths)
    units = format_rows(iter_units_rows(editions), "jsonl").encode("utf-8")
    return len(database_bytes(editions, {"units.jsonl": units}))


STAGES: dict[str, Callable[[Sequence[Path]], int]] = {
    "ingest": stage_ingest,
    "structure": stage_structure,
    "align": stage_align,
    "diff": stage_diff,
    "database": stage_database,
}


def make_book(scale: int) -> Path:
    """The Vietnamese seed's laws copied ``10 * scale`` times, law headings renumbered 1..30*scale."""
    BENCH_DIR.mkdir(parents=True, exist_ok=True)
    path = BENCH_DIR / f"book-{scale}x.txt"
    seed = VI_SEED.read_text(encoding="utf-8").rstrip("\n")
    heading = re.compile(r"^(ĐIỀU )(\d+)(\.)", re.MULTILINE)
    parts = []
    number = 0
    for _ in range(LAWS_PER_SCALE * scale // 3):

        def renumber(m: re.Match[str]) -> str:
            nonlocal number
            if m.group(2) != getattr(renumber, "last", None):  # the seed repeats one heading
                number += 1
            renumber.last = m.group(2)  # type: ignore[attr-defined]
            return f"{m.group(1)}{number}{m.group(3)}"

        parts.append(heading.sub(renumber, seed))
    text = "\n\n".join(parts) + "\n"
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")
    return path


def measure(stage: str, paths: Sequence[Path]) -> dict[str, Any]:
    """Run in a fresh interpreter: cold first call, timed call, tracemalloc peak, max RSS."""
    fn = STAGES[stage]
    try:
        t0 = time.perf_counter()
        fn(SEEDS)
        cold = time.perf_counter() - t0
        t0 = time.perf_counter()
        count = fn(paths)
        wall = time.perf_counter() - t0
        tracemalloc.start()
        fn(paths)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    except Missing as exc:
        return {"status": "n/a", "why": str(exc)}
    except Exception as exc:  # a benchmark reports a broken stage instead of stopping
        return {"status": "error", "why": f"{type(exc).__name__}: {exc}"}
    rss_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"status": "ok", "cold": cold, "wall": wall, "peak": peak, "rss": rss_kb * 1024, "count": count}


ROWS: list[tuple[str, str, list[Path]]] = [("database", "3 seeds", list(SEEDS))]


def _rows() -> list[tuple[str, str, list[Path]]]:
    rows: list[tuple[str, str, list[Path]]] = []
    for stage in ("ingest", "structure"):
        rows.extend((stage, f"seed {p.name[:3]}", [p]) for p in SEEDS)
        rows.append((stage, "3 seeds", list(SEEDS)))
        rows.extend((stage, f"book {k}x ({LAWS_PER_SCALE * k} laws)", [make_book(k)]) for k in SCALES)
    rows.extend((stage, "3 seeds", list(SEEDS)) for stage in ("align", "diff"))
    return rows + ROWS


def _run_child(stage: str, paths: Sequence[Path]) -> dict[str, Any]:
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    cmd = [sys.executable, __file__, "--measure", stage, *map(str, paths)]
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    if proc.returncode != 0 or not lines:
        return {"status": "error", "why": (proc.stderr.strip().splitlines() or ["no output"])[-1]}
    return dict(json.loads(lines[-1]))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--measure", metavar="STAGE", help=argparse.SUPPRESS)
    parser.add_argument("paths", nargs="*", help=argparse.SUPPRESS)
    parser.add_argument("--stage", action="append", choices=sorted(STAGES), help="only these stages")
    parser.add_argument("--pdf", action="store_true", help="only the PDF ingestion benchmark")
    parser.add_argument(
        "--pair", action="store_true", help="only cold `lawalign pair` against encoding each side once"
    )
    args = parser.parse_args(argv)
    if args.measure:
        print(json.dumps(measure(args.measure, [Path(p) for p in args.paths])))
        return 0
    if args.pdf:
        bench_pdf()
        return 0
    if args.pair:
        _bench_pair()
        return 0

    columns = ("MB", 7), ("cold s", 7), ("wall s", 8), ("s/MB", 7), ("peak MB", 8), ("RSS MB", 7)
    header = f"{'stage':<10} {'input':<22} " + " ".join(f"{name:>{width}}" for name, width in columns)
    print(header)
    print("-" * len(header))
    for stage, label, paths in _rows():
        if args.stage and stage not in args.stage:
            continue
        size = sum(p.stat().st_size for p in paths) / 1e6
        r = _run_child(stage, paths)
        if r["status"] != "ok":
            print(f"{stage:<10} {label:<22} {size:>7.3f} {r['status']:>7}  ({r['why'][:60]})")
            continue
        print(
            f"{stage:<10} {label:<22} {size:>7.3f} {r['cold']:>7.2f} {r['wall']:>8.3f} "
            f"{r['wall'] / size:>7.2f} {r['peak'] / 1e6:>8.1f} {r['rss'] / 1e6:>7.0f}"
        )
    print(
        "\ncold: first call on the three seeds in a fresh process (imports, detectors, models); "
        "wall: the timed call after it; peak: tracemalloc; RSS: the process's maximum resident set."
    )
    if not args.stage:
        bench_pdf()
        bench_build()
        print("\nalignment (fresh interpreters, bundled e5 model):")
        from lawalign_dev.bench import bench_alignment

        for row in bench_alignment(ROOT / "tests", "e5"):
            print(f"  {row['name']:<40} {row['value']!s:>10} {row['unit']}")
        # CPU and memory of everyday commands, cold encoding throughput, growth to 1,000 laws,
        # next to the figures measured before (scripts/bench_before.json)
        import bench_perf

        bench_perf.main([])
    if not args.stage:
        print("\nsentence aligner, beyond encoding (random unit vectors; DP time only, best of 3):")
        from lawalign_dev.bench import bench_hybrid, bench_sentalign

        for row in [*bench_sentalign(), *bench_sentalign(fragments=True), *bench_hybrid()]:
            print(f"  {row['name']:<60} {row['value']!s:>8} {row['unit']}")
        _bench_pair()
    return 0


def _bench_pair() -> None:
    """Cold ``lawalign pair`` on a 300-sentence pair against the floor (``scripts/bench_pair.py``)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import bench_pair

    print("\nlawalign pair, cold, against encoding each side's sentences once (CPU seconds of each child):")
    for line in bench_pair.bench_pair():
        print(line, flush=True)


PDF_PAGES = (25, 50, 100, 200)


def make_booklet(pages: int) -> Path:
    """An A5 booklet of about ``pages`` pages: the Vietnamese seed typeset again and again."""
    sys.path.insert(0, str(ROOT / "tests"))
    import pdf_fixtures

    BENCH_DIR.mkdir(parents=True, exist_ok=True)
    path = BENCH_DIR / f"booklet-{pages}p.pdf"
    if not path.exists():
        text = VI_SEED.read_text(encoding="utf-8")
        per_copy = 3  # pages one copy of the seed fills
        pdf_fixtures.booklet(text, path, copies=max(1, round(pages / per_copy)))
    return path


def bench_pdf() -> None:
    """PDF ingestion: pages per second over booklets of 25–200 pages (time should grow linearly)."""
    import pypdfium2 as pdfium

    from lawalign.ingest import read_source
    from lawalign.ingest.pdf import extract_pdf

    print("\nPDF ingestion (A5 booklet, running header, page numbers; in process, after a warm-up):")
    print(
        f"  {'pages':>6} {'text layer s':>13} {'pages/s':>8} {'read_source s':>14} {'pages/s':>8}"
        f" {'ms/page':>8}"
    )
    read_source(make_booklet(25), lang="vi")
    for target in PDF_PAGES:
        path = make_booklet(target)
        data = path.read_bytes()
        pages = len(pdfium.PdfDocument(data))
        t0 = time.perf_counter()
        extract_pdf(data, str(path))
        layer = time.perf_counter() - t0
        t0 = time.perf_counter()
        read_source(path, lang="vi")
        whole = time.perf_counter() - t0
        print(
            f"  {pages:>6} {layer:>13.2f} {pages / layer:>8.1f} {whole:>14.2f} {pages / whole:>8.1f} "
            f"{1000 * whole / pages:>8.1f}"
        )
    print("  linear: ms/page stays flat as the page count doubles")


def _timed_build(argv: Sequence[str], cache: Path) -> tuple[float, float]:
    """Run a ``lawalign build`` command in a child process; wall seconds and the child's peak RSS in MB."""
    import os
    import resource
    import time

    env = dict(os.environ, LAWALIGN_CACHE=str(cache))
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    t0 = time.perf_counter()
    proc = subprocess.run(
        list(argv),
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        raise SystemExit(f"lawalign build failed: {proc.stderr.strip()[-300:]}")
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return wall, max(peak, before) / 1024


def bench_build() -> None:
    """``lawalign build`` end to end: the bundled corpus and a 30-law book in three languages (the
    seeds' Law 68 as Laws 1..30, built against a skeleton that knows them: ``bench_books``), cold and
    warm cache."""
    import shutil
    import tempfile

    from bench_books import build_argv, write_book

    print("\nlawalign build, end to end (child process; RSS is the largest child so far):")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        seeds = root / "seeds"
        shutil.copytree(ROOT / "corpus", seeds, ignore=shutil.ignore_patterns("build"))
        book = write_book(root / "book", LAWS_PER_SCALE)

        def seeds_argv(out: Path) -> list[str]:
            return [sys.executable, "-m", "lawalign", "build", str(seeds), "--out", str(out)]

        def book_argv(out: Path) -> list[str]:
            return build_argv(LAWS_PER_SCALE, book, out)

        for label, argv, name in (
            ("bundled corpus (3 editions)", seeds_argv, "seeds"),
            (f"{LAWS_PER_SCALE}-law book (3 editions)", book_argv, "book"),
        ):
            cache = root / f"cache-{name}"
            cold, rss_cold = _timed_build(argv(root / f"out-{name}-1"), cache)
            warm, rss_warm = _timed_build(argv(root / f"out-{name}-2"), cache)
            peak = max(rss_cold, rss_warm)
            print(f"  {label:<30} cold {cold:6.2f} s   warm {warm:6.2f} s   peak RSS {peak:6.0f} MB")


if __name__ == "__main__":
    sys.exit(main())
