"""Canonical ids on the seeds (gold, 100 %), on damaged variants, and outside the skeleton."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from lawalign.run import read_edition
from lawalign.structure import segment_law
from structure_fixtures import SEEDS, assert_no_law, source_from_text

ROOT = Path(__file__).resolve().parent.parent
GOLD = Path(__file__).parent / "gold" / "ids"


def _rows(edition):
    rows = []
    for u in edition.units:
        row = {
            "id": u.id if u.kind != "debris" else None,
            "kind": u.kind,
            "line_start": u.source.line_start,
            "line_end": u.source.line_end,
        }
        if u.kind == "debris":
            row["reason"] = u.reason
            if u.duplicate_of:
                row["duplicate_of"] = u.duplicate_of
        else:
            row["inferred"] = u.inferred
            if u.kind == "footnote":
                row["anchor"] = u.anchor
        rows.append(row)
    return rows


@pytest.mark.parametrize("lang", ["vi", "ru", "tr"])
def test_seed_ids_match_gold_exactly(lang, monkeypatch):
    monkeypatch.chdir(ROOT)
    gold = json.loads((GOLD / f"{lang}.json").read_text(encoding="utf-8"))
    edition = read_edition(gold["file"], lang)
    assert _rows(edition) == gold["units"]


def test_seed_unit_counts(monkeypatch):
    monkeypatch.chdir(ROOT)
    counts = {lang: read_edition(path, lang) for lang, path in SEEDS.items()}
    assert (len(counts["vi"].law_units), len(counts["vi"].debris)) == (30, 1)
    assert (len(counts["ru"].law_units), len(counts["ru"].debris)) == (12, 1)
    assert (len(counts["tr"].law_units), len(counts["tr"].debris)) == (11, 3)
    assert counts["vi"].unit("68.intro") is None
    assert counts["vi"].unit("68.fn1").anchor is None  # orphaned: its anchor sentence is missing
    assert counts["ru"].unit("68.fn1").anchor == "68.intro"
    assert counts["tr"].unit("68.fn1").anchor == "68.intro"
    assert counts["vi"].unit("70.fn1").anchor == "70C3"


def test_turkish_law_is_inferred_with_evidence(monkeypatch):
    monkeypatch.chdir(ROOT)
    tr = read_edition(SEEDS["tr"], "tr")
    assert tr.laws == ("68",)
    assert all(u.inferred for u in tr.law_units)
    # the rules' own confidence in the inferred law; the pipeline's is that weighed by the line reader
    # and calibrated on unseen sites (docs/ingest.md), lower for a law read without its heading
    from lawalign.models import EditionInput
    from lawalign.run import read_input

    ((rules, _),) = read_input(EditionInput(SEEDS["tr"], "tr"), reader=None)
    assert [u.id for u in rules.law_units] == [u.id for u in tr.law_units]
    assert all(u.confidence >= 0.8 for u in rules.law_units)
    assert all(0.0 < u.confidence < 1.0 for u in tr.law_units)  # calibrated: never certain
    assert "Law 68" in tr.unit("68A").evidence
    assert any(n.code == "law-inferred" for n in tr.notices)


def _seed_text(lang: str) -> str:
    return (ROOT / SEEDS[lang]).read_text(encoding="utf-8")


def _ids_by_first_words(edition):
    return {u.text[:30]: u.id for u in edition.law_units}


def test_russian_without_headings_or_point_numbers_keeps_ids():
    lines = [ln for ln in _seed_text("ru").split("\n") if not re.match(r"^[A-D]\. ", ln)]
    lines = [re.sub(r"^\d\. ", "", ln) for ln in lines]
    damaged = segment_law(source_from_text("\n".join(lines), "ru"))
    intact = segment_law(source_from_text(_seed_text("ru"), "ru"))
    want = {
        k: v for k, v in _ids_by_first_words(intact).items() if not v.endswith(".title") or v == "68.title"
    }
    assert _ids_by_first_words(damaged) == want


def test_vietnamese_with_one_point_deleted_keeps_other_ids():
    lines = [ln for ln in _seed_text("vi").split("\n") if not ln.startswith("2. Sau đó, trọng tài")]
    damaged = segment_law(source_from_text("\n".join(lines), "vi"))
    intact = segment_law(source_from_text(_seed_text("vi"), "vi"))
    want = {k: v for k, v in _ids_by_first_words(intact).items() if v != "70B2"}
    assert _ids_by_first_words(damaged) == want


@pytest.mark.parametrize("heading", ["ĐIỀU 69.", "ĐIỀU 70."])
def test_missing_law_heading_keeps_ids(heading):
    lines = [ln for ln in _seed_text("vi").split("\n") if not ln.startswith(heading)]
    damaged = segment_law(source_from_text("\n".join(lines), "vi"))
    intact = segment_law(source_from_text(_seed_text("vi"), "vi"))
    law = heading.split()[1].rstrip(".")
    want = {k: v for k, v in _ids_by_first_words(intact).items() if v != f"{law}.title"}
    assert _ids_by_first_words(damaged) == want
    assert any(n.code == "law-heading-missing" for n in damaged.notices)


def test_law_outside_the_skeleton_keeps_printed_ids():
    text = "\n".join(
        [
            "LAW 12. DIRECTOR'S DISCRETIONARY POWERS",
            "A. Power to Award an Adjusted Score",
            "The Director may award an adjusted score on his own initiative.",
            "1. when these Laws empower him to do so.",
            "2. when a board cannot be played normally.",
            "B. Objectives of Score Adjustment",
            "1. The objective is to redress damage.",
            "Text after the points.",
        ]
    )
    e = segment_law(source_from_text(text, "en"))
    assert [u.id for u in e.law_units] == [
        "12.title",
        "12A.title",
        "12A",
        "12A1",
        "12A2",
        "12B.title",
        "12B1",
        "12B.wrap",
    ]
    assert not any(u.inferred for u in e.law_units)


def test_numbering_restart_outside_skeleton_infers_a_section():
    text = "LAW 12. POWERS\nIntro text.\n1. One.\n2. Two.\n1. Again one.\n"
    e = segment_law(source_from_text(text, "en"))
    ids = [(u.id, u.inferred) for u in e.law_units]
    assert ids == [("12.title", False), ("12.intro", False), ("12A1", True), ("12A2", True), ("12B1", True)]


def test_text_without_law_structure_is_read_as_debris():
    """Read, not refused: every line recorded as debris, with a located notice and warning."""
    ed = segment_law(source_from_text("Just a shopping list.\nMilk, eggs and bread.", "en", path="list.txt"))
    assert_no_law(ed)
    assert [u.text for u in ed.units] == ["Just a shopping list.", "Milk, eggs and bread."]
    (notice,) = [n for n in ed.notices if n.code == "no-law"]
    assert notice.path == "list.txt" and notice.line == 1
    assert "no recognizable law structure" in notice.message
