"""The general sentence aligner on the Bleualign dev document (German–French, real model), and the
``lawalign pair`` contract evaluation scripts rely on.

Encoding is the cost (every run of up to ``max_side`` sentences is embedded): the tests use a window
of :data:`WINDOW` gold beads and share one embedding cache, so the model encodes each text once per
module. ``make eval`` scores the whole document (strict F1 0.944 there with both searches
reconciled, 0.930 through fragments alone, 0.904 aligning whole sentences; on this window 0.951,
0.951 and 0.916, where the previous DP reaches 0.674 and Gale–Church 0.651; without the false-end
charge 0.916, 0.916 and 0.881).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from align_fixtures import ROOT
from lawalign.align.embed import get_embedder
from lawalign.align.fragments import FRAGMENT_CONFIG
from lawalign.align.hybrid import align_prepared_hybrid, prepare_hybrid
from lawalign.align.sentalign import AlignConfig
from lawalign.cli import main
from lawalign_dev.evaluate.alignment import parse_bead_lines, score_beads
from lawalign_dev.evaluate.documents import (
    BenchmarkDoc,
    benchmark_folder,
    coverage_ok,
    evaluate_document,
    load_document,
    window,
)

pytestmark = pytest.mark.model

WINDOW = (360, 40)  # gold beads 360-399: 49 German and 58 French sentences (7.8k characters)
FOLDER = benchmark_folder(ROOT)


@pytest.fixture(scope="module")
def doc() -> BenchmarkDoc:
    if not (FOLDER / "dev.defr").exists():
        pytest.skip(f"the Bleualign dev document is not at {FOLDER} (set LAWALIGN_BLEUALIGN)")
    return window(load_document(FOLDER, "dev", "de", "fr"), *WINDOW)


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("embeddings")


def test_floor_beats_the_previous_aligner_and_gale_church(doc: BenchmarkDoc, cache: Path) -> None:
    results = {r.method: r for r in evaluate_document(doc, get_embedder("e5", cache))}
    ours = results["sentalign"].prf
    assert coverage_ok([(b.src, b.tgt) for b in results["sentalign"].beads], len(doc.src), len(doc.tgt))
    assert ours.strict_f1 >= 0.93
    assert ours.lax_f1 >= 0.97
    # clause fragments find the groupings whole sentences miss
    assert results["sentalign-fragments"].prf.strict_f1 >= 0.93
    assert ours.strict_f1 >= results["sentalign-sentences"].prf.strict_f1 + 0.02
    for other in ("previous-dp", "gale-church"):
        assert ours.strict_f1 >= results[other].prf.strict_f1 + 0.1, other


def test_false_ends_keep_cut_sentences_whole(doc: BenchmarkDoc, cache: Path) -> None:
    """The window holds a sentence cut after an initial on one side only (``Leiter Ch . | Evans``
    against ``Chef Ch.Evans ;``) and one cut inside an open bracket on both sides
    (``N° 293 ( Nov . | 1956 ) , p.310-329 .``)."""
    inputs = prepare_hybrid(doc.src, doc.tgt, get_embedder("e5", cache), FRAGMENT_CONFIG)

    def strict(charge: float) -> float:
        fragment = dataclasses.replace(FRAGMENT_CONFIG, false_end_charge=charge)
        beads = align_prepared_hybrid(inputs, fragment, AlignConfig(false_end_charge=charge))
        return score_beads([list(doc.gold)], [[(b.src, b.tgt) for b in beads]]).strict_f1

    assert strict(AlignConfig().false_end_charge) >= strict(0.0) + 0.02


def _write(path: Path, lines: tuple[str, ...]) -> Path:
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return path


def test_pair_beads_contract(
    doc: BenchmarkDoc, cache: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = _write(tmp_path / "dev.de", doc.src)
    tgt = _write(tmp_path / "dev.fr", ("", *doc.tgt))  # a blank first line: a deletion, still covered
    args = ["pair", str(src), str(tgt), "--presplit", "--cache-dir", str(cache)]
    assert main([*args, "--format", "beads"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "[]:[0]"
    assert all(line == str(line) and ":" in line for line in lines)
    beads = parse_bead_lines(out)
    assert [f"[{', '.join(map(str, x))}]:[{', '.join(map(str, y))}]" for x, y in beads] == lines
    assert coverage_ok(beads, len(doc.src), len(doc.tgt) + 1)
    shifted = [(x, tuple(j - 1 for j in y)) for x, y in beads[1:]]
    assert sum(b in set(doc.gold) for b in shifted) >= 0.85 * len(doc.gold)
    # the same beads through the other formats
    assert main([*args, "--format", "jsonl", "--src-lang", "de", "--tgt-lang", "fr"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert len(rows) == len(lines) and '"src_text"' in rows[1]
    assert main([*args, "--format", "tsv", "--jobs", "2"]) == 0
    assert capsys.readouterr().out.startswith("src\ttgt\tscore\tsrc_text\ttgt_text\n")
    out_tmx = tmp_path / "pair.tmx"
    assert main([*args, "--format", "tmx", "-o", str(out_tmx)]) == 0
    assert b'srclang="de"' in out_tmx.read_bytes()


def test_pair_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("", encoding="utf-8")
    assert main(["pair", str(empty), str(empty), "--jobs", "0"]) == 2
    assert "--jobs: expected a whole number of at least 1" in capsys.readouterr().err
    assert main(["pair", str(empty), str(empty), "--presplit"]) == 2
    assert capsys.readouterr().err.strip() == f"{empty}: empty file"
    assert main(["pair", str(tmp_path / "nope.txt"), str(empty)]) == 2
    assert "no such file" in capsys.readouterr().err
    from lawalign.limits import MAX_LINES

    many = tmp_path / "many.txt"
    many.write_text("Satz.\n" * (MAX_LINES + 1), encoding="utf-8")  # refused before a sentence is read
    assert main(["pair", str(many), str(many), "--presplit", "--no-cache"]) == 2
    assert capsys.readouterr().err.startswith(f"{many}:{MAX_LINES + 1}:1: more than {MAX_LINES:,} lines")
