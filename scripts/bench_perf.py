"""Speed and memory of everyday commands and of growing books, for ``scripts/bench.py``.

Every figure is CPU seconds (user + system, of the child process that did the work; the machine has
two shared cores, so wall time says more about the neighbours than about the code) and peak resident
memory (``ru_maxrss``). Figures sit next to the ones measured before the work on fast warm runs and
linear growth (``bench_before.json``: the same measurements, run on the commit named there).

* Commands: ``lawalign`` on the bundled corpus (copied to a temporary folder, fresh cache): ``--help``,
  a cold build (empty cache), a warm one, then ``show``, ``search``, ``report``, ``diff``, ``export``
  (reading the build's stored results), and ``show``, ``report``, ``diff`` again without them.
* Encoding: what a cold build of the seeds embeds, by the model in one call and by lawalign.
* Cold book: a cold build of a 93-law book in three languages (distinct text in every law), with
  the command line's default ``--jobs`` (``python scripts/bench_perf.py cold-book``, ``make bench-book``).
* Scaling: generated books of 10/30/90/270/999 laws in three languages (:mod:`bench_books`; 999, as
  ingest refuses law numbers over 999), warm
  caches: CPU per stage and per unit (ingest+structure, anchoring, clause/sentence alignment,
  divergences) in one process, then a whole warm ``lawalign build`` in another.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

SCRIPTS = Path(__file__).resolve().parent
ROOT = SCRIPTS.parent
BEFORE = SCRIPTS / "bench_before.json"
SIZES = (10, 30, 90, 270, 999)
STAGES = ("load", "anchor", "align", "diff")


def run_measured(cmd: Sequence[str], *, env: dict[str, str], cwd: Path) -> dict[str, Any]:
    """Run ``cmd``; its CPU seconds, peak RSS (MB) and exit code (stdout dropped, stderr kept)."""
    with tempfile.TemporaryFile() as err:
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err, env=env, cwd=cwd)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        stderr = err.read().decode("utf-8", "replace")
    return {
        "cpu": round(usage.ru_utime + usage.ru_stime, 3),
        "wall": round(wall, 3),
        "rss": round(usage.ru_maxrss / 1024, 1),
        "rc": proc.returncode,
        "stderr": stderr,
    }


def _env(cache: Path, src: Path | None = None) -> dict[str, str]:
    env = dict(os.environ, LAWALIGN_CACHE=str(cache), HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    env["PYTHONPATH"] = str(src or ROOT / "src")
    env.pop("LAWALIGN_NO_PROGRESS", None)
    return env


COMMANDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("interpreter start", ("-c", "pass")),
    ("lawalign --help", ("-m", "lawalign", "--help")),
    ("build, cold cache", ("-m", "lawalign", "build", "corpus", "--out", "out-cold")),
    ("build, warm cache", ("-m", "lawalign", "build", "corpus", "--out", "out-warm")),
    ("show 68B2", ("-m", "lawalign", "show", "68B2", "corpus")),
    ("search (semantic)", ("-m", "lawalign", "search", "claim of tricks", "corpus")),
    ("report", ("-m", "lawalign", "report", "corpus", "-o", "report.html")),
    ("diff", ("-m", "lawalign", "diff", "corpus")),
    ("export tmx", ("-m", "lawalign", "export", "corpus", "--format", "tmx", "-o", "out.tmx")),
)
"""After the warm build, ``show`` ... ``export`` read its stored results (:mod:`lawalign.runcache`)."""

COMPUTED: tuple[str, ...] = ("show 68B2", "report", "diff")
"""Measured again without the stored build results (the embedding cache kept): computed as before."""


def measure_commands(src: Path | None = None) -> dict[str, dict[str, Any]]:
    """Every command of :data:`COMMANDS` on a copy of the bundled corpus, in order, one cache."""
    out: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory(prefix="lawalign-bench-") as tmp:
        work = Path(tmp)
        shutil.copytree(ROOT / "corpus", work / "corpus", ignore=shutil.ignore_patterns("build"))
        env = _env(work / "cache", src)
        for label, args in COMMANDS:
            if label == "search (semantic)":  # the query's own embedding is cached by a first call
                run_measured([sys.executable, *args], env=env, cwd=work)
            out[label] = run_measured([sys.executable, *args], env=env, cwd=work)
        computed = work / "cache-without-runs"
        shutil.copytree(work / "cache", computed, ignore=shutil.ignore_patterns("runs"))
        for label, args in COMMANDS:
            if label in COMPUTED:
                out[f"{label}, computed"] = run_measured(
                    [sys.executable, *args], env=_env(computed, src), cwd=work
                )
        for name in sorted(p.name for p in (work / "out-cold").iterdir()):
            same = (work / "out-cold" / name).read_bytes() == (work / "out-warm" / name).read_bytes()
            out.setdefault("_identical", {})[name] = same
    return out


_STAGE_CHILD = r"""
import json, resource, sys
sys.path.insert(0, {scripts!r})
import bench_books
from pathlib import Path
laws, folder = {laws!r}, Path({folder!r})
bench_books.use_book_skeleton(laws)
def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime
out = {{}}
# a process's one-time imports (numpy, the stages' modules) are a fixed cost, not a stage's per unit
import importlib, pkgutil, numpy, lawalign
for mod in pkgutil.walk_packages(lawalign.__path__, "lawalign."):
    if mod.name.split(".")[1] in ("structure", "align", "diff", "ingest", "editions"):
        importlib.import_module(mod.name)
t = cpu()
from lawalign.run import load_editions
editions = load_editions([folder])
out["load"] = cpu() - t
out["units"] = sum(len(e.law_units) for e in editions)
from lawalign.align import align_editions, anchor_editions, get_embedder
from lawalign.diff import find_divergences
embedder = get_embedder("e5")
t = cpu(); anchor_editions(editions, embedder=embedder); out["anchor"] = cpu() - t
t = cpu(); align_editions(editions, embedder=embedder)
out["align"] = cpu() - t
alignment = align_editions(editions, embedder=embedder)
t = cpu(); find_divergences(editions, alignment); out["diff"] = cpu() - t
out["rss"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps(out))
"""


def measure_scaling(sizes: Sequence[int] = SIZES, src: Path | None = None) -> dict[str, dict[str, Any]]:
    """Per size: stage CPU seconds and units (one process), and a warm ``lawalign build`` (another)."""
    out: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory(prefix="lawalign-bench-") as tmp:
        work = Path(tmp)
        env = _env(work / "cache", src)
        from bench_books import build_argv, write_book

        for laws in sizes:
            folder = write_book(work / f"book-{laws}", laws)
            row: dict[str, Any] = {}
            for attempt in ("warm-up", "measured"):  # the first pass fills the caches
                code = _STAGE_CHILD.format(scripts=str(SCRIPTS), laws=laws, folder=str(folder))
                proc = subprocess.run(
                    [sys.executable, "-c", code],
                    capture_output=True,
                    text=True,
                    env=env,
                    cwd=work,
                    check=False,
                )
                if proc.returncode != 0:
                    row = {"error": (proc.stderr.strip().splitlines() or ["?"])[-1]}
                    break
                if attempt == "measured" or laws != sizes[0]:
                    row = json.loads(proc.stdout.strip().splitlines()[-1])
                    break
            if "error" not in row:
                build = run_measured(build_argv(laws, folder, work / f"out-{laws}"), env=env, cwd=work)
                row["build"] = build["cpu"] if build["rc"] == 0 else None
                row["build_rss"] = build["rss"]
            out[str(laws)] = row
    return out


_ENCODE_CHILD = r"""
import json, resource, sys, time
from itertools import pairwise
sys.path.insert(0, {tests!r})
from align_fixtures import seed_editions
from lawalign.align.anchor import unit_text
from lawalign.align.embed import get_embedder
from lawalign.align.sentences import split_many
texts = {{}}
for e in seed_editions():  # what a cold build embeds: units, sentences, sentence pairs
    units = list(e.law_units)
    for u, sents in zip(units, split_many([unit_text(u) for u in units], e.lang)):
        for t in (unit_text(u), *sents, *(f"{{a}} {{b}}" for a, b in pairwise(sents))):
            texts.setdefault(t, None)
texts = list(texts)
def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime
emb = get_embedder("e5", {cache!r})
emb.inner.encode(["warm up"])
model = emb.inner._load()
tokens = sum(model.token_count(t) for t in texts)
out = {{"texts": len(texts), "tokens": tokens}}
for name, fn in (("single call", lambda: model.passage(texts)), ("lawalign", lambda: emb.encode(texts))):
    t, w = cpu(), time.perf_counter()
    fn()
    out[name] = {{"cpu": cpu() - t, "wall": time.perf_counter() - w}}
print(json.dumps(out))
"""


def measure_encoding() -> dict[str, Any]:
    """Cold encoding of what a seeds build embeds: the model in one call vs lawalign's path (one thread,
    then two)."""
    out: dict[str, Any] = {}
    for threads in ("1", "2"):
        with tempfile.TemporaryDirectory(prefix="lawalign-bench-") as tmp:
            env = _env(Path(tmp) / "cache")
            env["OMP_NUM_THREADS"] = threads
            code = _ENCODE_CHILD.format(tests=str(ROOT / "tests"), cache=str(Path(tmp) / "cache"))
            proc = subprocess.run(
                [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False
            )
            if proc.returncode != 0:
                out[threads] = {"error": (proc.stderr.strip().splitlines() or ["?"])[-1]}
            else:
                out[threads] = json.loads(proc.stdout.strip().splitlines()[-1])
    return out


def print_encoding(now: dict[str, Any], before: dict[str, Any]) -> None:
    """Tokens per CPU second (and per wall second) of the model in one call and of lawalign."""
    print("\ncold encoding of the seeds' build texts (units, sentences, pairs), bundled e5:")
    old = before.get("encoding", {})
    if old:
        rate, note = old.get("lawalign_tok_per_cpu_s", "—"), old.get("note", "")
        print(f"  before: lawalign {rate} tokens per CPU s ({note})")
    for threads, row in now.items():
        if "error" in row:
            print(f"  OMP_NUM_THREADS={threads}: error {row['error'][:80]}")
            continue
        single, ours = row["single call"], row["lawalign"]
        rate = {k: row["tokens"] / max(1e-9, v["cpu"]) for k, v in (("single", single), ("ours", ours))}
        wall = {k: row["tokens"] / max(1e-9, v["wall"]) for k, v in (("single", single), ("ours", ours))}
        print(
            f"  OMP_NUM_THREADS={threads}: {row['texts']} texts, {row['tokens']} tokens; model in one call "
            f"{rate['single']:.0f} tok/CPU-s ({wall['single']:.0f}/wall-s); lawalign {rate['ours']:.0f} "
            f"tok/CPU-s ({wall['ours']:.0f}/wall-s) = {rate['ours'] / rate['single']:.0%} of one call "
            "(target ≥ 90%)"
        )


def measure_cold_book(laws: int = 93) -> dict[str, Any]:
    """A cold ``lawalign build`` (empty cache) of a book of ``laws`` distinct laws in three languages."""
    with tempfile.TemporaryDirectory(prefix="lawalign-bench-") as tmp:
        work = Path(tmp)
        from bench_books import build_argv, write_book

        folder = write_book(work / "book", laws, distinct=True)
        row = run_measured(build_argv(laws, folder, work / "out"), env=_env(work / "cache"), cwd=work)
    row.pop("stderr", None)
    return {"laws": laws, **row}


def print_cold_book(row: dict[str, Any]) -> None:
    """The cold build of a whole book."""
    print(
        f"\ncold build of a {row['laws']}-law book in 3 languages (every law's text distinct, empty cache): "
        f"{row['cpu']:.0f} CPU s, {row['wall']:.0f} s wall, peak {row['rss']:.0f} MB"
        + ("" if row["rc"] == 0 else f" (exit {row['rc']})")
    )


def load_before() -> dict[str, Any]:
    """The figures measured before (see :data:`BEFORE`)."""
    return dict(json.loads(BEFORE.read_text(encoding="utf-8"))) if BEFORE.exists() else {}


def _fmt(value: Any, spec: str = ".2f") -> str:
    return "—" if value is None else format(value, spec)


def print_commands(now: dict[str, dict[str, Any]], before: dict[str, Any]) -> None:
    """The commands table, before and now."""
    old = before.get("commands", {})
    print(
        f"\neveryday commands on the bundled corpus (CPU s / peak RSS MB; before: {before.get('date', '?')}):"
    )
    print(f"  {'command':<22} {'before s':>9} {'now s':>8} {'before MB':>10} {'now MB':>8}")
    for label in [label for label, _ in COMMANDS] + [f"{c}, computed" for c in COMPUTED]:
        n, b = now.get(label, {}), old.get(label.removesuffix(", computed"), {})
        bad = "" if n.get("rc", 0) == 0 else f"  (exit {n.get('rc')}: {n.get('stderr', '').strip()[-60:]})"
        print(
            f"  {label:<22} {_fmt(b.get('cpu')):>9} {_fmt(n.get('cpu')):>8} "
            f"{_fmt(b.get('rss'), '.0f'):>10} {_fmt(n.get('rss'), '.0f'):>8}{bad}"
        )
    start = now.get("interpreter start", {}).get("cpu", 0.0)
    warm = now.get("build, warm cache", {})
    if warm:
        print(
            f"  warm build beyond interpreter start: {warm['cpu'] - start:.2f} s CPU "
            f"(target < 1 s), peak {warm['rss']:.0f} MB (target < 150 MB)"
        )
    same = now.get("_identical", {})
    if same:
        diff = [k for k, v in same.items() if not v]
        print("  cold and warm build outputs: " + ("byte-identical" if not diff else f"DIFFER: {diff}"))


def print_scaling(now: dict[str, dict[str, Any]], before: dict[str, Any]) -> None:
    """The scaling table, per-unit costs, and the largest/90 warm-build ratio."""
    old = before.get("scaling", {})
    print("\ngenerated books, N laws × 3 languages, warm caches (CPU s; µs per unit; before → now):")
    head = f"  {'laws':>5} {'units':>6}"
    for stage in (*STAGES, "build"):
        head += f" {stage + ' s':>15}"
    print(head + f" {'µs/unit now: ' + '/'.join(STAGES):>34} {'build MB':>9}")
    per_unit: dict[str, list[float]] = {s: [] for s in STAGES}
    for laws, row in now.items():
        if "error" in row:
            print(f"  {laws:>5} error: {row['error'][:90]}")
            continue
        was = old.get(laws, {})
        line = f"  {laws:>5} {row['units']:>6}"
        for stage in (*STAGES, "build"):
            line += f" {_fmt(was.get(stage), '7.2f'):>7}→{_fmt(row.get(stage), '.2f'):<7}"
        costs = []
        for stage in STAGES:
            cost = 1e6 * row[stage] / max(1, row["units"])
            per_unit[stage].append(cost)
            costs.append(f"{cost:.0f}")
        print(line + f" {'/'.join(costs):>34} {_fmt(row.get('build_rss'), '.0f'):>9}")
    flat = ", ".join(f"{stage} {max(v) / min(v):.2f}×" for stage, v in per_unit.items() if v and min(v) > 0)
    print(f"  per-unit cost, largest/smallest over the sizes: {flat} (target ≤ 2×)")
    top = max(now, key=int) if now else "90"
    if top != "90" and "90" in now and now["90"].get("build") and now[top].get("build"):
        ratio = now[top]["build"] / now["90"]["build"]
        print(f"  warm build, {top} laws / 90 laws: {ratio:.1f}× (target ≤ 12× for 1,000 laws)")


def main(argv: Sequence[str] | None = None) -> int:
    """``python scripts/bench_perf.py [--src DIR] [--json] [commands|scaling]…``."""
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("parts", nargs="*", default=["commands", "encoding", "scaling", "cold-book"])
    parser.add_argument("--src", type=Path, help="measure this src/ folder (e.g. an older checkout)")
    parser.add_argument("--sizes", help="comma-separated book sizes (default 10,30,90,270,999)")
    parser.add_argument("--json", action="store_true", help="print raw figures as JSON")
    args = parser.parse_args(argv)
    sizes = tuple(int(s) for s in args.sizes.split(",")) if args.sizes else SIZES
    figures: dict[str, Any] = {}
    if "commands" in args.parts:
        figures["commands"] = measure_commands(args.src)
    if "encoding" in args.parts:
        figures["encoding"] = measure_encoding()
    if "scaling" in args.parts:
        figures["scaling"] = measure_scaling(sizes, args.src)
    if "cold-book" in args.parts:
        figures["cold-book"] = measure_cold_book()
    if args.json:
        print(json.dumps(figures, indent=1))
        return 0
    before = load_before()
    if "commands" in figures:
        print_commands(figures["commands"], before)
    if "encoding" in figures:
        print_encoding(figures["encoding"], before)
    if "scaling" in figures:
        print_scaling(figures["scaling"], before)
    if "cold-book" in figures:
        print_cold_book(figures["cold-book"])
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(SCRIPTS))
    sys.exit(main())
