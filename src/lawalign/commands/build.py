"""The main job: ingest every edition of a corpus, align them, find divergences, write it all.

Writes into CORPUS/build/ (or --out): one Akoma Ntoso file per edition (<name>.xml), units.jsonl,
alignment.jsonl, findings.json, findings.sarif, report.html, corpus.sqlite (docs/database.md) and
manifest.json (the build id, the inputs' sha256, every file's sha256). Everything is computed first,
written into a fresh temporary folder beside the target and swapped in with renames: the folder
holds the whole old build or the whole new one, never a mix (see docs/guarantees.md).
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path

from lawalign.commands._corpus_args import add_data, add_jobs, add_reader, last_build, run_of
from lawalign.output import build_info, write_folder

HELP = "ingest, align and diff a whole corpus into CORPUS/build/ (the main job)"
log = logging.getLogger(__name__)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "corpus", nargs="?", default="corpus", metavar="CORPUS", help="corpus folder (default: corpus)"
    )
    p.add_argument("--out", help="output folder (default: CORPUS/build)")
    p.add_argument("--model", default="e5", help="embedding model (default: the bundled e5)")
    p.add_argument("--no-align", action="store_true", help="skip alignment and divergences (structure only)")
    add_data(p)
    add_reader(p)
    add_jobs(p)


def run(args: argparse.Namespace) -> int:
    from lawalign.pipeline import build_outputs

    # the stage results of the last build of the same inputs and settings, when current (the key
    # covers the inputs' bytes, the settings, the --data files, the tool's code and data and the
    # model): the outputs are computed from them byte for byte as from a fresh run
    run = last_build(run_of(args, [args.corpus]), say=False)
    out = Path(args.out) if args.out else Path(args.corpus) / "build"
    editions = run.editions
    files = {item.path: item.location for item in run.inputs}
    build = build_info([e.path for e in editions], {"model": args.model, "align": not args.no_align}, files)
    outputs = build_outputs(run, build=build)
    write_folder(out, outputs)
    from lawalign.runcache import save_results

    save_results(run, str(build["id"]), out)  # show, diff, report... read them while current
    summary = {name: len(data) for name, data in sorted(outputs.items())}
    n_units = sum(len(e.law_units) for e in editions)
    n_debris = sum(len(e.debris) for e in editions)
    print(
        f"build {build['id']}: {len(editions)} editions ({n_units} units, {n_debris} debris) into {out}/",
        file=sys.stderr,
    )
    for name, size in summary.items():
        print(f"  {name:<22} {size:>8} bytes", file=sys.stderr)
    if "findings.json" in outputs:
        findings = json.loads(outputs["findings.json"])["findings"]
        by_sev: dict[str, int] = {}
        for f in findings:
            by_sev[f["severity"]] = by_sev.get(f["severity"], 0) + 1
        print("  findings: " + ", ".join(f"{k} {v}" for k, v in sorted(by_sev.items())), file=sys.stderr)
    return 0
