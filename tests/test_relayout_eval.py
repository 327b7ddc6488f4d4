"""Layout robustness floors: real pages re-laid out without changing a word read the same.

Figures come from ``make eval`` (section ``relayout``); the floors sit a little under the measured
shares so a regression in unwrapping, run-in cutting or paragraph continuation fails here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lawalign_dev.evaluate.pages import load_gold
from lawalign_dev.evaluate.relayout import VARIANTS, Stability, relayout

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT / "tests" / "realworld"
# measured: real pages 120/138 (87.0 %), 114/115 (99.1 %) without the one-line variant (one line:
# 6/23); synthetic layouts 57/72 (79.2 %). The real-page floors hold for the pages whose gold names
# no batch; pages added in a batch are measured by make eval (tests/realworld/README.md).
# With the stacked line reader (docs/ingest.md) the real pages read the same in 132/162 (81.5 %), 129/135
# (95.6 %) without the one-line variant (each refit of the reader moves these by a point or two): its
# cues see the blank lines and line lengths a re-layout changes, and it was kept because it reads
# unseen sites better (70.6 % against 64.3 % of lines, cross-validated by site); the rules alone
# read 87.0 % and 99.1 % the same. Refitted with batch 2026-12-g: 92.8 % without the one-line variant.
REAL_FLOOR, REAL_LINE_BREAKS_KEPT_FLOOR, SYNTHETIC_FLOOR = 0.78, 0.92, 0.75


def _share(results: list[Stability]) -> float:
    return sum(r.stable for r in results) / len(results)


@pytest.fixture(scope="module")
def real() -> list[Stability]:
    # the first 52 pages carry batches "1" to "6" (tests/realworld/batches.json); later batches are out
    first = {"1", "2", "3", "4", "5", "6"}
    batched = {
        name for name, fg in load_gold(REAL / "gold.json").items() if fg.batch and fg.batch not in first
    }
    return relayout(sorted(p for p in (REAL / "pages").glob("*.txt") if p.name not in batched))


def test_every_page_has_gold() -> None:
    named = {p.name for p in (REAL / "pages").glob("*.txt")}
    assert named == set(load_gold(REAL / "gold.json"))


def test_real_pages_read_the_same_when_re_laid_out(real: list[Stability]) -> None:
    assert {r.variant for r in real} == set(VARIANTS)
    assert _share(real) >= REAL_FLOOR
    kept = [r for r in real if r.variant != "one-line"]
    assert _share(kept) >= REAL_LINE_BREAKS_KEPT_FLOOR


def test_synthetic_layouts_read_the_same_when_re_laid_out() -> None:
    results = relayout(sorted((ROOT / "tests" / "realworld" / "synthetic").glob("*.txt")))
    assert _share(results) >= SYNTHETIC_FLOOR


def test_a_page_whose_reading_changes_is_reported(tmp_path: Path) -> None:
    page = tmp_path / "law_70.txt"
    page.write_text(
        "LAW 70\n\nA. General Objective\n\nIn ruling on a contested claim the Director adjudicates.\n\n"
        "B. Clarification Statement Repeated\n\n1. The Director requires claimer to repeat.\n",
        encoding="utf-8",
    )
    lost = relayout([page], {"labels-lost": lambda t: t.replace("A. ", "").replace("B. ", "")})
    assert len(lost) == 1 and not lost[0].stable and "70A.title/title" in lost[0].expected


def test_a_page_saved_in_another_format_is_compared_with_its_text(tmp_path: Path) -> None:
    from lawalign_dev.evaluate.relayout import reformat

    page = tmp_path / "law_70.txt"
    page.write_text(
        "LAW 70\n\nA. General Objective\n\nIn ruling on a contested claim the Director adjudicates.\n",
        encoding="utf-8",
    )

    def same(text: str, path: Path) -> Path:
        path.write_text(text, encoding="utf-8")
        return path

    def web(text: str, path: Path) -> Path:  # the labels lost on the way, as a careless export would
        path.write_text("<html><body>" + text.replace("A. ", "").replace("\n", "<br>") + "</body></html>")
        return path

    results = reformat(
        [page], {"same": same, "web": web, "skipped": same}, keep=lambda name, _: name != "skipped"
    )
    assert [(r.variant, r.stable) for r in results] == [("same", True), ("web", False)]
