"""Re-laid-out training copies (tools/lawalign_dev/evaluate/relaid.py): the same text as the layout
measure's variants, every gold label carried to the lines that hold its words."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from lawalign_dev.evaluate.pages import FileGold, GoldLine
from lawalign_dev.evaluate.protocol import Page
from lawalign_dev.evaluate.relaid import (
    LAYOUTS,
    WRAP_COLUMNS,
    layout_of,
    relaid_lines,
    relaid_page,
    with_copies,
)
from lawalign_dev.evaluate.relayout import VARIANTS
from lawalign_dev.evaluate.train_reader import load_settings, training_pages, training_sequences

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT / "tests" / "realworld"

PAGE = (
    "LAW 68 - CLAIM OR CONCESSION OF TRICKS\n"
    "\n"
    "A. Claim Defined\n"
    "Any statement to the effect that a contestant will win a specific number of tricks is a claim of "
    "those tricks. A contestant also claims when he suggests that play be curtailed.\n"
    "\n"
    "Posted by a reader\n"
)
GOLD = ((1, "68.title", "title"), (3, "68A.title", "title"), (4, "68A", "text"), (6, None, "noise"))


def _page(tmp_path: Path, text: str = PAGE) -> Page:
    path = tmp_path / "published" / "en-2007-example-law68.txt"
    path.parent.mkdir()
    path.write_bytes(text.encode("utf-8"))
    gold = FileGold(path.name, "en", tuple(GoldLine(n, i, k) for n, i, k in GOLD))  # type: ignore[arg-type]
    return Page(path.name, path, gold, "example.org", "b")


# Each layout written as text in -> text out, apart from relaid_lines (which the layout measure's
# VARIANTS are built from, so comparing the two alone would compare a function with itself).
EXPECTED: dict[str, Callable[[str], str]] = {
    "no-blank-lines": lambda t: "\n".join(ln for ln in t.split("\n") if ln.strip()),
    "double-spaced": lambda t: "\n\n".join(ln for ln in t.split("\n") if ln.strip()),
    "hard-wrapped": lambda t: "\n".join(
        w for ln in t.split("\n") for w in (textwrap.wrap(ln, WRAP_COLUMNS) or [""])
    ),
    "indented": lambda t: "\n".join("    " + ln if ln.strip() else ln for ln in t.split("\n")),
}


@pytest.mark.parametrize("layout", LAYOUTS)
def test_copies_are_the_layout_measures_variants(layout: str) -> None:
    for page in sorted((REAL / "pages").glob("*.txt"))[:40]:
        text = page.read_text(encoding="utf-8")
        if "\r" in text:
            continue
        placed = relaid_lines(text.split("\n"), layout)
        assert "\n".join(line for line, _ in placed) == EXPECTED[layout](text), page.name
        assert VARIANTS[layout](text) == EXPECTED[layout](text), page.name


@pytest.mark.parametrize("layout", LAYOUTS)
def test_every_word_keeps_its_gold(tmp_path: Path, layout: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("lawalign_dev.evaluate.relaid.layout_of", lambda name: layout)
    page = _page(tmp_path)
    copy = relaid_page(page, tmp_path / "copies")
    assert copy is not None and copy.name == f"{page.name}#{layout}"
    assert copy.path.name == page.path.name  # a file name may say which law a page holds
    assert not copy.path.is_relative_to(page.path.parent)
    lines = copy.path.read_text(encoding="utf-8").split("\n")
    gold = {g.line: g for g in copy.gold.lines}
    words: dict[str | None, str] = {}
    for number, line in enumerate(lines, 1):
        if not line.strip():
            assert number not in gold  # a blank line holds no unit
            continue
        g = gold[number]  # every line of the copy with words has a label
        words[g.id] = f"{words.get(g.id, '')} {line}"
    for n, uid, _ in GOLD:
        assert " ".join(words[uid].split()) == " ".join(PAGE.split("\n")[n - 1].split())
    assert page.path.read_bytes() == PAGE.encode("utf-8")  # the page is left as it was


def test_a_page_that_is_not_utf8_gets_no_copy(tmp_path: Path) -> None:
    page = _page(tmp_path)
    page.path.write_bytes("Правило 68. Заявление\n".encode("cp1251"))
    assert relaid_page(page, tmp_path / "copies") is None
    assert with_copies([page]) == [page]


def test_the_layout_is_the_pages_own_in_every_fold() -> None:
    names = [p.name for p in training_pages(REAL)]
    assert {layout_of(n) for n in names} == set(LAYOUTS)
    assert [layout_of(n) for n in names] == [layout_of(n) for n in names]


def test_training_sees_each_page_and_its_copy() -> None:
    pages = [p for p in training_pages(REAL) if p.name.startswith("en-2007-blml")][:2]
    assert load_settings().relaid_copy is False  # measured and not kept (docs/ingest.md)
    plain = training_sequences(pages, stacked=False)
    both = training_sequences(pages, stacked=False, relaid=True)
    assert len(plain) == 2 and len(both) == 4
    # in page-name order: each page, then its copy, which holds the same roles
    assert [set(labels) for _, labels in both] == [set(labels) for _, labels in plain for _ in (0, 1)]
