"""The text of saved web pages and XML: everything shown is read, comments and instructions are not."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from ingest_fixtures import SEEDS, seed_text
from lawalign.ingest import read_source
from lawalign.ingest.html import extract_html, extract_xml
from lawalign.structure import segment_law
from pdf_fixtures import paragraphs


def test_text_after_a_comment_is_read() -> None:
    """The walk over a page skipped comments and processing instructions, and with them the text after
    each one: "<p>a <!-- c --> b</p>" read "a", and a Word page saved as HTML, whose list numbers sit
    between conditional comments ("<![if !supportLists]>1.<![endif]>Any statement …"), read "1."
    alone: the paragraph's text was in no unit and no debris."""
    page = (
        "<html><body><p>a <!-- c --> b</p>\n"
        "<p class=MsoListParagraph><![if !supportLists]><span>1.<span>&nbsp;&nbsp; </span></span>"
        "<![endif]>Any statement to the effect that a contestant will lose tricks.</p>\n"
        "<p>x<!--\nmulti\nline-->y<?php echo 1 ?> z</p></body></html>"
    )
    assert [(ln.text, ln.raw_line) for ln in extract_html(page, "word.htm").lines] == [
        ("a b", 1),
        ("", 1),
        ("1.\xa0\xa0 Any statement to the effect that a contestant will lose tricks.", 2),
        ("", 2),
        ("xy z", 3),
    ]
    xml = '<?xml version="1.0"?><doc><p>a <!-- c --> b</p><?pi x?>tail</doc>'
    assert [ln.text for ln in extract_xml(xml, "doc.xml").lines] == ["a b", "tail"]


def test_blocks_with_a_margin_are_parted_by_a_blank_line() -> None:
    """A browser draws a blank between two paragraphs, headings or lists (their default margins,
    collapsed into one), none between the lines of one paragraph parted by <br>, a nested list's items,
    or <div>s. The walk ended a line at each block but drew no blank: a page of paragraphs read as one
    run of lines, as a text with no blank line at all, and a board diagram in its own paragraph ran on
    into the text around it."""
    page = (
        "<html><body><h2>LAW 70</h2><p>A. General\n<br>Objective</p>\n\n"
        "<p>In ruling on a contested claim.</p><ol><li>one<ol><li>nested</li></ol></li><li>two</li></ol>"
        "<div>d1</div><div>d2</div><p></p><blockquote>quoted</blockquote></body></html>"
    )
    assert [(ln.text, ln.raw_line) for ln in extract_html(page, "law70.html").lines] == [
        ("LAW 70", 1),
        ("", 1),
        ("A. General", 1),
        ("Objective", 2),
        ("", 2),
        ("In ruling on a contested claim.", 4),
        ("", 4),
        ("1. one", 4),
        ("1. nested", 4),
        ("2. two", 4),
        ("", 4),
        ("d1", 4),
        ("d2", 4),
        ("", 4),
        ("quoted", 4),
    ]
    # a document that is not a web page has no style sheet, hence no margins
    xml = '<?xml version="1.0"?><doc><p>a</p><p>b</p></doc>'
    assert [ln.text for ln in extract_xml(xml, "doc.xml").lines] == ["a", "b"]


@pytest.mark.parametrize("lang", sorted(SEEDS))
def test_a_law_laid_out_in_a_table_reads_as_its_text(tmp_path, lang):
    """A browser draws a row's cells side by side: "A." in the first cell beside "Claim Defined" in the
    second is one line. Each cell was a line of its own, so with the cells on lines of their own in
    the page's source a label stood alone and the rows ran into one paragraph."""
    rows = []
    for para in paragraphs(seed_text(lang)):
        m = re.match(r"^(\d{1,2}\.|[A-H]\.|-)\s+", para)
        label, rest = (m.group(1), para[m.end() :]) if m else ("", para)
        rows.append(f"<tr>\n<td>{html.escape(label)}</td>\n<td>{html.escape(rest)}</td>\n</tr>")
    page = "<!DOCTYPE html><html><body><table>\n" + "\n".join(rows) + "\n</table></body></html>\n"
    (tmp_path / "law.html").write_text(page, encoding="utf-8")

    def units(path: Path) -> list[tuple[str, str, str]]:
        edition = segment_law(read_source(path, lang=lang))
        return [(u.id, u.kind, " ".join(f"{u.label} {u.text}".split())) for u in edition.law_units]

    assert units(tmp_path / "law.html") == units(SEEDS[lang])
    lines = [ln.text for ln in extract_html(page, "law.html").lines]
    assert len(lines) == len(rows) and not any(re.fullmatch(r"(\d{1,2}\.|[A-H]\.|-)", t) for t in lines)


def test_a_page_laid_out_in_columns_is_read_column_by_column() -> None:
    """A layout table (a menu beside the text) is not a row of one line: its cells are read one after
    another, as a reader reads columns, never interleaved line by line."""
    page = (
        "<html><body><table><tr><td>Home<br>Laws<br>Contact</td>"
        "<td><h2>LAW 68</h2><p>A. Claim Defined</p></td></tr></table></body></html>"
    )
    assert [ln.text for ln in extract_html(page, "p.html").lines] == [
        "Home",
        "Laws",
        "Contact",
        "",  # the heading's margin, at the top of the second column
        "LAW 68",
        "",
        "A. Claim Defined",
    ]
