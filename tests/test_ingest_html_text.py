"""The text of saved web pages and XML: everything shown is read, comments and instructions are not."""

from __future__ import annotations

from lawalign.ingest.html import extract_html, extract_xml


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
