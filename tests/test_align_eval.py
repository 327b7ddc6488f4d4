"""Quality floors of the alignment (gold Law 68 links) and robustness of ids after anchoring."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from align_fixtures import ROOT, SEEDS, seed_editions
from lawalign.align.anchor import anchor_editions
from lawalign.align.clauses import align_editions
from lawalign.align.embed import get_embedder
from lawalign_dev.evaluate.alignment import evaluate_alignment, load_gold

pytestmark = pytest.mark.model
GOLD = ROOT / "tests" / "gold"


def _scores(editions):  # type: ignore[no-untyped-def]
    emb = get_embedder("e5", cache=False)
    return evaluate_alignment(
        editions, load_gold(GOLD / "sentences"), lambda e: align_editions(e, embedder=emb), emb
    )


def _check_floors(results) -> None:  # type: ignore[no-untyped-def]
    ours = results["ours"]["all"]
    assert ours.strict_f1 >= 0.95
    assert ours.lax_f1 >= 0.95
    for baseline in ("gale-church", "cosine-argmax"):
        assert ours.strict_f1 >= results[baseline]["all"].strict_f1 + 0.15, baseline


def test_floors_with_hand_ids() -> None:
    _check_floors(_scores(seed_editions()))


def test_floors_through_the_pipeline() -> None:
    from lawalign.run import load_editions

    _check_floors(_scores(load_editions([str(ROOT / "corpus")])))


# --- robustness: damaged variants of the seeds keep the right ids after anchoring --------------


def _gold_ids(lang: str) -> dict[int, str]:
    rows = json.loads((GOLD / "ids" / f"{lang}.json").read_text(encoding="utf-8"))["units"]
    return {int(r["line_start"]): r["id"] for r in rows if r["id"]}


def _variant(tmp_path: Path, lang: str, edit) -> tuple[Path, dict[str, str]]:  # type: ignore[no-untyped-def]
    """Write an edited copy of a seed; return it and text-prefix → expected id for kept lines."""
    lines = SEEDS[lang].read_text(encoding="utf-8").split("\n")
    gold = _gold_ids(lang)
    kept: list[str] = []
    expected: dict[str, str] = {}
    for no, line in enumerate(lines, 1):
        new = edit(no, line)
        if new is None:
            continue
        kept.append(new)
        if no in gold and new.strip():
            expected[new.strip()[-40:]] = gold[no]
    path = tmp_path / f"{lang}.txt"
    path.write_text("\n".join(kept), encoding="utf-8")
    return path, expected


def _ids_after_anchoring(path: Path, lang: str, expected: dict[str, str]) -> dict[str, tuple[str, str]]:
    from lawalign.run import read_edition

    damaged = read_edition(str(path), lang)
    others = [read_edition(str(p), other) for other, p in SEEDS.items() if other != lang]
    fixed = anchor_editions([damaged, *others], embedder=get_embedder("e5")).editions[0]
    wrong = {}
    for unit in fixed.law_units:
        full = (unit.label + " " + unit.text).strip()
        for tail, want in expected.items():
            if full.endswith(tail) and unit.id != want:
                wrong[tail] = (unit.id, want)
    return wrong


def test_russian_without_headings_and_point_numbers(tmp_path: Path) -> None:
    import re

    def edit(no: int, line: str) -> str | None:
        if re.match(r"^[A-D]\. ", line):
            return None  # section heading gone
        return re.sub(r"^\d\. ", "", line)  # point number gone

    path, expected = _variant(tmp_path, "ru", edit)
    expected = {k: v for k, v in expected.items() if not v.endswith(".title") or v == "68.title"}
    assert _ids_after_anchoring(path, "ru", expected) == {}


def test_vietnamese_point_deleted(tmp_path: Path) -> None:
    path, expected = _variant(tmp_path, "vi", lambda no, line: None if no == 7 else line)  # 68B1 gone
    assert _ids_after_anchoring(path, "vi", expected) == {}


def test_law_heading_missing(tmp_path: Path) -> None:
    path, expected = _variant(tmp_path, "ru", lambda no, line: None if no == 1 else line)
    assert _ids_after_anchoring(path, "ru", expected) == {}
