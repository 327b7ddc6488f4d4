"""Real published pages (tests/realworld/) and synthetic layouts: gold sanity, the page scorer, floors.

The floors are the accuracy measured by ``make eval`` (section ``pages``) minus a small margin; raise
them when the layout recognition improves.
"""

from __future__ import annotations

import doctest
import json
import re
from pathlib import Path

import pytest

import lawalign_dev.evaluate.pages as pages
from lawalign_dev.evaluate.pages import (
    GOLD_KINDS,
    LineResult,
    batch_scores,
    calibration,
    confident_share,
    evaluate_pages,
    load_gold,
    parse_gold,
    score_lines,
)
from structure_fixtures import SHARED_DEV as SHARED_REAL_PAGES

# Line accuracy of `lawalign units FILE` (no --lang) on tests/realworld/pages, and on the synthetic
# layouts, minus a margin of one to two points. Measured values are in tests/realworld/README.md.
# REAL_FLOOR and REAL_CONFIDENT_FLOOR hold for the first 52 pages (batches "1" to "6" of the gold,
# whose first-sight figures are recorded in tests/realworld/batches.json) and pages without a batch.
REAL_FLOOR = 0.93  # 1125/1189 (94.6 %) over 52 pages; 895/942 over the first 42; was 342/587
SYNTHETIC_FLOOR = 0.98  # 162/162 (100 %)
# Accuracy of the real-page lines whose deciding unit has confidence >= 0.9 (issue 10 asks for 0.9).
REAL_CONFIDENT_FLOOR = 0.98  # 1125/1133 (99.3 %) over 52 pages; 895/895 over 42; was 317/380
# Batches of pages added later (gold "batch"): each keeps a floor at its first-sight figures (measured
# before any change made for it, tests/realworld/README.md) rounded down to the next 0.01, as
# (accuracy, accuracy at confidence >= 0.9); raise them when recognition improves.
FIRST_PAGES = frozenset({"1", "2", "3", "4", "5", "6"})
BATCH_FLOORS: dict[str, tuple[float, float]] = {
    "2026-12-a": (0.42, 0.66),  # first sight 405/964 (42.0 %); at >= 0.9: 401/607 (66.1 %)
    "2026-12-b": (0.54, 0.72),  # first sight 386/712 (54.2 %); at >= 0.9: 386/529 (73.0 %)
    "2026-12-c": (0.39, 0.75),  # first sight 186/466 (39.9 %); at >= 0.9: 172/229 (75.1 %)
    "2026-12-d": (0.35, 0.70),  # first sight 41/116 (35.3 %); at >= 0.9: 19/27 (70.4 %)
    # 2026-12-e: first sight 182/219 (83.1 %); at >= 0.9: 147/157 (93.6 %). Lowered 2026-12-06: the
    # reader refitted with the seven new profiles keeps a document host's page of Law 7 on the run
    # veto's edge (probability of noise 0.494, vetoed at 0.5; 5 noise lines as 7.title ... 7B):
    # 177/219 in sample and cross-validated (docs/ingest.md).
    "2026-12-e": (0.80, 0.93),
    "2026-12-f": (0.49, 0.86),  # first sight 114/229 (49.8 %); at >= 0.9: 93/108 (86.1 %)
    "2026-12-g": (0.80, 0.98),  # first sight 53/66 (80.3 %); at >= 0.9: 53/53 (100 %)
    "2026-12-h": (0.65, 0.98),  # first sight 247/376 (65.7 %); at >= 0.9: 219/219 (100 %)
    "2026-12-i": (0.72, 0.95),  # first sight 202/277 (72.9 %); at >= 0.9: 152/159 (95.6 %)
    "2026-12-j": (0.72, 0.81),  # first sight 228/313 (72.8 %); at >= 0.9: 121/149 (81.2 %)
    "2026-12-k": (0.84, 0.97),  # first sight 234/276 (84.8 %); at >= 0.9: 220/226 (97.3 %)
    "2026-12-l": (0.86, 0.84),  # first sight 149/172 (86.6 %); at >= 0.9: 70/83 (84.3 %)
    "2026-12-m": (0.86, 0.97),  # first sight 174/202 (86.1 %); at >= 0.9: 90/92 (97.8 %)
    "2026-12-n": (0.67, 0.68),  # first sight 41/61 (67.2 %); at >= 0.9: 30/44 (68.2 %)
    "2026-12-o": (1.0, 1.0),  # first sight 104/104 (all hard negatives); at >= 0.9: 68/68
    "2026-12-p": (0.82, 0.98),  # first sight 78/94 (83.0 %); at >= 0.9: 64/65 (98.5 %)
    "2026-12-q": (0.9, 0.97),  # first sight 168/185 (90.8 %); at >= 0.9: 128/131 (97.7 %)
    "2026-12-r": (0.95, 0.96),  # first sight 262/275 (95.3 %); at >= 0.9: 169/176 (96.0 %)
    "2026-12-s": (0.94, 0.99),  # first sight 205/216 (94.9 %); at >= 0.9: 107/108 (99.1 %)
    "2026-12-t": (0.99, 0.99),  # first sight 272/272 (100 %); at >= 0.9: 210/210 (100 %)
}

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT / "tests" / "realworld"
SYNTHETIC = REAL / "synthetic"
# The shared development split, when this checkout sits next to it (structure_fixtures.SHARED_DEV).
SHARED_DEV = SHARED_REAL_PAGES or ROOT / "shared-benchmarks-not-found"
GOLD_SETS = [REAL, SYNTHETIC, SHARED_DEV]


def _page(folder: Path, name: str) -> Path:
    return folder / name if (folder / name).exists() else folder / "pages" / name


def test_doctests_of_the_scorer() -> None:
    result = doctest.testmod(pages, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 5
    assert result.failed == 0


@pytest.mark.parametrize("folder", GOLD_SETS, ids=lambda p: p.name)
def test_gold_covers_every_non_blank_line_and_nothing_else(folder: Path) -> None:
    if not (folder / "gold.json").is_file():
        pytest.skip(f"no gold at {folder}")
    data = json.loads((folder / "gold.json").read_text(encoding="utf-8"))
    assert set(data) == {"_about", "files"}
    gold = parse_gold(data)  # validates kinds, ids, null ids on noise
    assert gold
    for name, fg in gold.items():
        path = _page(folder, name)
        assert path.is_file(), name
        raw = path.read_text(encoding="utf-8").split("\n")
        labelled = {g.line for g in fg.lines}
        wanted = {i + 1 for i, text in enumerate(raw) if text.strip()}
        assert labelled == wanted, (name, sorted(wanted - labelled), sorted(labelled - wanted))
        assert re.fullmatch(r"[a-z]{2}", fg.lang), name
        assert name.startswith(fg.lang + "-"), name
        if fg.batch:  # pages added in a batch name the site they came from (registered domain)
            assert re.fullmatch(r"[a-z0-9-]+(\.[a-z0-9-]+)+", fg.site), (name, fg.site)
        for g in fg.lines:
            assert g.kind in GOLD_KINDS
            assert (g.id is None) == (g.kind == "noise"), (name, g.line)
            if g.id is not None:
                law = re.match(r"\d+", g.id)
                assert law and 1 <= int(law.group()) <= 93, (name, g.line, g.id)  # the book has 93 laws


def test_real_pages_are_documented_and_small() -> None:
    readme = (REAL / "README.md").read_text(encoding="utf-8")
    for name in load_gold(REAL / "gold.json"):
        assert name in readme, f"{name} has no source entry in tests/realworld/README.md"
        pattern = r"[a-z]{2}(-[a-z]{2})?-(1987|1997|2007|2017)-[a-z0-9]+-[a-z0-9-]+\.txt"
        assert re.fullmatch(pattern, name), name
        assert (REAL / "pages" / name).stat().st_size < 8 * 1024, name


def test_synthetic_layouts_are_named_for_their_class_and_documented() -> None:
    readme = (REAL / "README.md").read_text(encoding="utf-8")
    gold = load_gold(SYNTHETIC / "gold.json")
    assert len(gold) >= 8
    for name, fg in gold.items():
        assert re.fullmatch(r"[a-z]{2}(-[a-z]{2})?-[a-z-]+-(68|69|70|71)\.txt", name), name
        assert name.startswith(fg.lang + "-"), name
        assert name in readme, f"{name} is not described in tests/realworld/README.md"


def test_noise_is_matched_by_any_debris_unit_and_uncovered_lines_are_wrong() -> None:
    lines = {"1": [None, "noise"], "2": ["68A", "text"], "4": ["68B1", "text"]}
    gold = parse_gold({"files": {"p.txt": {"lang": "en", "lines": lines}}})["p.txt"]
    rows = [
        {"id": "debris.1", "kind": "debris", "confidence": 1.0, "source": {"line_start": 1, "line_end": 1}},
        {"id": "68A.title", "kind": "title", "confidence": 1.0, "source": {"line_start": 2, "line_end": 2}},
        {"id": "68A", "kind": "text", "confidence": 0.7, "source": {"line_start": 2, "line_end": 2}},
    ]
    results = score_lines(rows, gold)
    assert [(r.line, r.right) for r in results] == [(1, True), (2, True), (4, False)]
    assert results[1].pred_id == "68A" and results[1].confidence == 0.7  # the matching unit decides
    assert results[2].pred_kind is None and results[2].confidence == 0.0


def test_a_refused_page_scores_every_line_wrong(tmp_path: Path) -> None:
    from lawalign.errors import InputError

    (tmp_path / "en-x.txt").write_text("A. Claim Defined\n", encoding="utf-8")
    gold = {"files": {"en-x.txt": {"lang": "en", "lines": {"1": ["68A.title", "title"]}}}}
    (tmp_path / "gold.json").write_text(json.dumps(gold), encoding="utf-8")

    def refuse(path: Path) -> list[dict[str, object]]:
        raise InputError(str(path), "no law structure")

    results = evaluate_pages(tmp_path, refuse)
    assert [(r.line, r.right, r.pred_kind) for r in results] == [(1, False, "refused")]


def test_refusing_a_page_without_law_text_is_right(tmp_path: Path) -> None:
    from lawalign.errors import InputError

    (tmp_path / "en-x.txt").write_text("Home | Contact\n\nClub news\n", encoding="utf-8")
    gold = {"files": {"en-x.txt": {"lang": "en", "lines": {"1": [None, "noise"], "3": [None, "noise"]}}}}
    (tmp_path / "gold.json").write_text(json.dumps(gold), encoding="utf-8")

    def refuse(path: Path) -> list[dict[str, object]]:
        raise InputError(str(path), "no law structure")

    assert [r.right for r in evaluate_pages(tmp_path, refuse)] == [True, True]


def test_calibration_bins_partition_the_lines() -> None:
    results = [
        LineResult("a", "en", i, "68A", "text", i % 2 == 0, "68A", "text", c)
        for i, c in enumerate([0.0, 0.3, 0.5, 0.69, 0.7, 0.85, 0.9, 0.949, 0.95, 0.99, 1.0, 1.0])
    ]
    bins = calibration(results)
    assert sum(b.score.total for b in bins) == len(results)
    assert bins[-1].low == 1.0 and bins[-1].score.total == 2
    share, score = confident_share(results)
    assert score.total == 6 and share == 0.5


def test_malformed_gold_is_refused() -> None:
    for bad in (["68Z9x", "text"], [None, "text"], ["68A", "noise"], ["68A", "heading"], ["68A"]):
        with pytest.raises(ValueError):
            parse_gold({"files": {"p.txt": {"lang": "en", "lines": {"1": bad}}}})


@pytest.fixture(scope="module")
def real_results() -> list[LineResult]:
    return evaluate_pages(REAL)


def test_real_pages_accuracy_and_calibration_floors(real_results: list[LineResult]) -> None:
    results = [r for r in real_results if not r.batch or r.batch in FIRST_PAGES]
    accuracy = sum(r.right for r in results) / len(results)
    assert accuracy >= REAL_FLOOR, pages.format_report(results)
    _, confident = confident_share(results)
    assert confident.accuracy >= REAL_CONFIDENT_FLOOR, pages.format_report(results)


def test_every_batch_of_real_pages_keeps_its_first_sight_floor(real_results: list[LineResult]) -> None:
    scores = {b.batch: b for b in batch_scores(real_results) if b.batch}
    missing = set(scores) - set(BATCH_FLOORS) - FIRST_PAGES
    assert not missing, f"batches without a first-sight floor: {missing}"
    for batch, (floor, confident_floor) in BATCH_FLOORS.items():
        assert batch in scores, f"no page of batch {batch} in tests/realworld/gold.json"
        mine = [r for r in real_results if r.batch == batch]
        assert scores[batch].score.accuracy >= floor, pages.format_report(mine)
        assert scores[batch].confident.accuracy >= confident_floor, pages.format_report(mine)


def test_gold_site_and_batch_are_read_and_reported(tmp_path: Path) -> None:
    (tmp_path / "en-x.txt").write_text("LAW 68 - CLAIM\nHome\n", encoding="utf-8")
    lines = {"1": ["68.title", "title"], "2": [None, "noise"]}
    entry = {"lang": "en", "site": "example.org", "batch": "b1", "lines": lines}
    (tmp_path / "gold.json").write_text(json.dumps({"files": {"en-x.txt": entry}}), encoding="utf-8")
    source = {"line_start": 1, "line_end": 1}
    rows = [{"id": "68.title", "kind": "title", "confidence": 1.0, "source": source}]
    results = evaluate_pages(tmp_path, lambda path: rows)
    assert [(r.batch, r.right) for r in results] == [("b1", True), ("b1", False)]
    assert "per batch" in pages.format_report(results)
    with pytest.raises(ValueError):
        parse_gold({"files": {"p.txt": {"lang": "en", "batch": 3, "lines": lines}}})


def test_synthetic_layouts_accuracy_floor() -> None:
    results = evaluate_pages(SYNTHETIC)
    accuracy = sum(r.right for r in results) / len(results)
    assert accuracy >= SYNTHETIC_FLOOR, pages.format_report(results)


def test_sub_point_ids_are_valid_gold() -> None:
    for uid in ("16B1a", "40A1b", "9A2a.title"):
        parse_gold({"files": {"p.txt": {"lang": "en", "lines": {"1": [uid, "text"]}}}})
