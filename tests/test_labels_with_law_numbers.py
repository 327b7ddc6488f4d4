"""Labels that print the law's number with the section: a point labelled with its whole id ("68B1. Any
statement …") and a section heading "Law 68A – Claim Defined" (a dash after the letter). Before, the
points were glued into their section's text (both lines read 68B) and the headings were read as a
navigation line and dropped as debris, their sections' ids inferred by position (issue 25, class 1:
law text read by its printed outline). The texts are Law 68 of 2017 for this test."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawalign.run import load_editions
from lawalign.structure.patterns import LAW_SECTION_HEADING, POINT

WHOLE_IDS = (
    "LAW 68 CLAIM OR CONCESSION\n"
    "68A. Claim Defined\n"
    "Any statement that a contestant will win a specific number of tricks is a claim of those tricks.\n"
    "68B. Concession Defined\n"
    "68B1. Any statement that a contestant will lose a specific number of tricks is a concession.\n"
    "68B2. Regardless of B1, if a defender attempts to concede one or more tricks and his partner immediately"
    " objects, no concession has occurred.\n"
    "68C. Clarification Required\n"
    "A claim should be accompanied at once by a clear statement.\n"
)

DASHED = (
    "Law 68 – Claim or Concession\n"
    "Law 68A – Claim Defined\n"
    "Any statement that a contestant will win a specific number of tricks is a claim of those tricks.\n"
    "Law 68B – Concession Defined\n"
    "1. Any statement that a contestant will lose a specific number of tricks is a concession.\n"
    "2. Regardless of B1, if a defender attempts to concede one or more tricks and his partner immediately"
    " objects, no concession has occurred.\n"
    "Law 68C – Clarification Required\n"
    "A claim should be accompanied at once by a clear statement.\n"
)

EXPECTED = ["68.title", "68A.title", "68A", "68B.title", "68B1", "68B2", "68C.title", "68C"]


@pytest.mark.parametrize("text", [WHOLE_IDS, DASHED], ids=["whole-ids", "dashed-headings"])
def test_labels_printing_the_law_number_are_read(tmp_path: Path, text: str) -> None:
    path = tmp_path / "law68.txt"
    path.write_text(text, encoding="utf-8")
    (edition,) = load_editions([str(path)])
    units = [u for u in edition.units if u.kind != "debris"]
    assert [str(u.id) for u in units] == EXPECTED
    assert not any(u.inferred for u in units)


def test_a_dash_after_the_letter_needs_a_law_word() -> None:
    m = LAW_SECTION_HEADING.match("Law 68A – Claim Defined")
    assert m is not None and (m["num"], m["letter"], m["rest"]) == ("68", "A", "Claim Defined")
    assert LAW_SECTION_HEADING.match("68A - 3 tricks to declarer") is None  # a score, not a heading
    assert LAW_SECTION_HEADING.match('Law 68A: "Any statement …"') is None  # a citation of a quote


def test_a_point_label_may_print_its_whole_id() -> None:
    m = POINT.match("68B1. Any statement")
    assert m is not None and m["label"] == "68B1." and m["num"] == "1"
