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
        ("1.\xa0\xa0 Any statement to the effect that a contestant will lose tricks.", 2),
        ("xy z", 3),
    ]
    xml = '<?xml version="1.0"?><doc><p>a <!-- c --> b</p><?pi x?>tail</doc>'
    assert [ln.text for ln in extract_xml(xml, "doc.xml").lines] == ["a b", "tail"]
