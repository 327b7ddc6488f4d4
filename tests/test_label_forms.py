"""Label forms read by the printed outline (issue 25, class 1). Labels that print the law's number with
the section: a point labelled with its whole id ("68B1. Any statement …") and a section heading "Law
68A – Claim Defined" (a dash after the letter); before, the points were glued into their section's text
(both lines read 68B) and the headings were read as a navigation line and dropped as debris, their
sections' ids inferred by position. Labels closed by a dash between spaces, as Portuguese and Italian
books print them ("A - Definição", "1 - Qualquer declaração"); before, the section ids were inferred
and the points glued into their section's text. The texts are Law 68 of 2017 for this test."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawalign.run import load_editions
from lawalign.structure.patterns import LAW_SECTION_HEADING, POINT, SECTION

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

DASH_LABELS = (
    "LAW 68 - CLAIM OR CONCESSION\n"
    "A - Claim Defined\n"
    "Any statement that a contestant will win a specific number of tricks is a claim of those tricks.\n"
    "B - Concession Defined\n"
    "1 - Any statement that a contestant will lose a specific number of tricks is a concession.\n"
    "2 - Regardless of B1, if a defender attempts to concede one or more tricks and his partner immediately"
    " objects, no concession has occurred.\n"
    "C - Clarification Required\n"
    "A claim should be accompanied at once by a clear statement.\n"
)

EXPECTED = ["68.title", "68A.title", "68A", "68B.title", "68B1", "68B2", "68C.title", "68C"]


@pytest.mark.parametrize(
    "text", [WHOLE_IDS, DASHED, DASH_LABELS], ids=["whole-ids", "dashed-headings", "dash-labels"]
)
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


@pytest.mark.parametrize(
    ("line", "label"),
    [("1 - Qualquer declaração", "1 -"), ("2 – the Director", "2 –"), ("2 - 3 tricks", None)],
)
def test_a_point_closed_by_a_dash_needs_a_word_after_it(line: str, label: str | None) -> None:
    m = POINT.match(line)
    assert (m["label"] if m else None) == label


@pytest.mark.parametrize(
    ("line", "label"),
    [("A - Definição de reclamação", "A -"), ("E - W vulnerable", None), ("B - 2 down", None)],
)
def test_a_section_closed_by_a_dash_needs_a_capitalised_word(line: str, label: str | None) -> None:
    m = SECTION.match(line)
    assert (m["label"] if m else None) == label
