"""Markdown files read as their rendered text: headings, emphasis and list markers as shown, lines kept."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ingest_fixtures import SEEDS, seed_text
from lawalign.cli import main
from lawalign.ingest import read_source
from lawalign.ingest.markdown import extract_markdown
from lawalign.structure import segment_law
from pdf_fixtures import paragraphs

LAW_68 = """# Law 68 - Claim or Concession of Tricks

## A. Claim Defined

Any statement to the effect that a contestant will win a specific number of tricks is a claim of
those tricks.

## B. Concession Defined

1. Any statement to the effect that a contestant will lose a specific number of tricks is a
   concession of those tricks.
1. Regardless of B1, if a defender attempts to concede one or more tricks and his partner
   immediately objects, no concession has occurred.

**C. Clarification Required for Claim**

A claim should be accompanied at once by a clear statement as to the order in which cards will be
played.
"""


def _units(path: Path, capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    assert main(["units", str(path)]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_a_law_in_markdown_reads_as_rendered(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Read as plain text, "# Law 68 …" was the law's introduction (68.intro at 0.5), "## A." no label,
    and both points of B, written "1." as Markdown allows, the same number."""
    page = tmp_path / "law68.md"
    page.write_text(LAW_68, encoding="utf-8")
    units = _units(page, capsys)
    got = [(u["id"], u["label"], u["source"]["line_start"], u["source"]["line_end"]) for u in units]
    assert got == [
        ("68.title", "Law 68 -", 1, 1),
        ("68A.title", "A.", 3, 3),
        ("68A", "", 5, 6),
        ("68B.title", "B.", 8, 8),
        ("68B1", "1.", 10, 11),
        ("68B2", "2.", 12, 13),
        ("68C.title", "C.", 15, 15),
        ("68C", "", 17, 18),
    ]


def test_markup_is_not_text(tmp_path: Path) -> None:
    text = (
        "Title\n=====\n\n> quoted **bold** line\n\n* one\n  * two\n\n3. three\n3. four\n\n"
        "| Board | Dealer |\n|---|---|\n| 1 | North |\n\n```\n# kept as written\n```\n\n---\n[x]: http://x\n"
    )
    shown = [line.text for line in extract_markdown(text, "x.md").lines]
    assert shown == [
        "Title",
        "",
        "",
        "> quoted bold line",
        "",
        "• one",
        "◦ two",
        "",
        "3. three",
        "4. four",
        "",
        "Board\tDealer",
        "",
        "1\tNorth",
        "",
        "",
        "# kept as written",
        "",
        "",
        "",
        "",
        "",
    ]
    assert len(shown) == text.count("\n") + 1  # one entry per line of the file


def _as_markdown(text: str, titles: dict[int, str]) -> str:
    """A seed written as Markdown: its law and section headings marked "#"/"##", every character that
    Markdown would read as syntax at a line's start escaped."""
    out = []
    for number, line in enumerate(text.split("\n"), start=1):
        line = re.sub(r"^([*+>#-])", r"\\\1", line)
        out.append(titles.get(number, "") + line)
    return "\n".join(out)


@pytest.mark.parametrize("lang", sorted(SEEDS))
def test_a_seed_in_markdown_has_the_ids_of_its_plain_text(
    lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plain = tmp_path / f"{lang}.txt"
    plain.write_text(seed_text(lang), encoding="utf-8")
    units = _units(plain, capsys)
    titles = {
        int(u["source"]["line_start"]): "# " if u["role"] == "law-title" else "## "  # type: ignore[call-overload]
        for u in units
        if u["kind"] == "title"
    }
    marked = tmp_path / f"{lang}.md"
    marked.write_text(_as_markdown(seed_text(lang), titles), encoding="utf-8")
    again = _units(marked, capsys)

    def key(u: dict[str, object]) -> tuple[object, ...]:
        return u["id"], u["source"]["line_start"], u["source"]["line_end"]

    assert [key(u) for u in again if u["kind"] != "debris"] == [
        key(u) for u in units if u["kind"] != "debris"
    ]
    assert len(titles) >= 4  # the law headings and the section headings the seed prints
    assert read_source(marked, lang).encoding == "utf-8"


def test_text_the_renderer_drops_is_kept(tmp_path: Path) -> None:
    """Nested past the parser's depth (20 block quotes), a line showed nothing, and a page of only that
    was refused as having no text; a fence's info string is kept too."""
    deep = ">" * 30 + " deep text\n\n```python\nprint(1)\n```\n\n[1]: http://example.org/law68\n"
    shown = [line.text for line in extract_markdown(deep, "x.md").lines]
    assert shown[0] == ">" * 30 + " deep text"
    assert shown[2:5] == ["```python", "print(1)", ""]
    assert shown[6] == ""  # a link definition shows nothing, as on the rendered page


def test_oversized_markdown_is_refused_before_parsing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """1.4 MB of emphasis marks in one paragraph took 450 MB of parser tokens before the paragraph
    limit refused it; the limit is now checked on the source lines first."""
    page = tmp_path / "marks.md"
    page.write_text("*a **b " * 10_000 + "\n", encoding="utf-8")
    assert main(["units", str(page)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith(f"{page}:1:1: a paragraph of more than 50,000 characters")
    many = tmp_path / "lines.md"
    many.write_text("x\n" * 100_001, encoding="utf-8")
    assert main(["units", str(many)]) == 2
    assert "more than 100,000 lines" in capsys.readouterr().err


@pytest.mark.parametrize("lang", ["ru", "tr", "vi"])
def test_a_law_laid_out_in_a_table_reads_as_its_text(tmp_path: Path, lang: str) -> None:
    """A Markdown table renders as a web page's: the cells of a row side by side. They were shown
    between " | ", so every unit of a law laid out in two columns began with "| " ("| Claim Defined"),
    and an empty header row read as a line of its own."""
    rows = ["| | |", "|---|---|"]
    for para in paragraphs(seed_text(lang)):
        m = re.match(r"^(\d{1,2}\.|[A-H]\.|-)\s+", para)
        label, rest = (m.group(1), para[m.end() :]) if m else ("", para)
        rows.append(f"| {label} | {rest.replace('|', '/')} |")
    path = tmp_path / "law.md"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")

    def units(p: Path) -> list[tuple[str, str]]:
        return [(u.id, " ".join(u.text.split())) for u in segment_law(read_source(p, lang=lang)).law_units]

    assert units(path) == [(i, t.replace("|", "/")) for i, t in units(SEEDS[lang])]
