"""List markers of saved web pages: the labels a browser draws for ``<ol>``/``<ul>`` are read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lxml import html

from lawalign.cli import main
from lawalign.ingest import read_source
from lawalign.ingest.listmarks import marker_of

# Law 68 as a federation's hypertext book might print it: the sections an <ol type="A">, the points
# of B a nested <ol>; the page's text holds no label at all.
PAGE = """<!DOCTYPE html><html><head><meta charset="utf-8"><title>Law 68</title></head><body>
<nav><ul><li><a href="67.html">Law 67</a></li><li><a href="69.html">Law 69</a></li></ul></nav>
<h2>LAW 68 - CLAIM OR CONCESSION OF TRICKS</h2>
<ol type="A">
<li><b>Claim Defined</b><p>Any statement to the effect that a contestant will win a specific number
of tricks is a claim of those tricks.</p></li>
<li><b>Concession Defined</b>
 <ol>
 <li>Any statement to the effect that a contestant will lose a specific number of tricks is a
 concession of those tricks.</li>
 <li>Regardless of B1, if a defender attempts to concede one or more tricks and his partner
 immediately objects, no concession has occurred.</li>
 </ol></li>
<li><b>Clarification Required for Claim</b><p>A claim should be accompanied at once by a clear
statement as to the order in which cards will be played.</p></li>
<li style="list-style-type: upper-alpha"><b>Suspension of Play</b><p>After any claim or concession,
play is suspended.</p></li>
</ol>
</body></html>
"""


def test_an_ordered_list_page_reads_with_its_drawn_labels(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Read as text without its markers, the page lost its labels: every section was read by position
    at 0.76–0.80, and B's two points were one unit 68B."""
    page = tmp_path / "law68.html"
    page.write_text(PAGE, encoding="utf-8")
    assert main(["units", str(page)]) == 0
    units = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    law = [(u["id"], u["label"]) for u in units if u["kind"] != "debris"]
    assert law == [
        ("68.title", "LAW 68 -"),
        ("68A.title", "A."),
        ("68A", ""),
        ("68B.title", "B."),
        ("68B1", "1."),
        ("68B2", "2."),
        ("68C.title", "C."),
        ("68C", ""),
        ("68D.title", "D."),
        ("68D", ""),
    ]
    assert all(not u["inferred"] for u in units if u["label"])
    # the site menu's list is chrome: debris, bullets and all
    assert any(u["kind"] == "debris" and u["text"].startswith("• Law 67") for u in units)


def test_the_lines_carry_the_markers_at_the_item_line(tmp_path: Path) -> None:
    page = tmp_path / "law68.html"
    page.write_text(PAGE, encoding="utf-8")
    lines = [(ln.text, ln.raw_line) for ln in read_source(page, "en").lines if ln.text]
    assert ("A. Claim Defined", 5) in lines
    assert (
        "1. Any statement to the effect that a contestant will lose a specific number of tricks is a "
        "concession of those tricks.",
        9,
    ) in lines


@pytest.mark.parametrize(
    ("markup", "markers"),
    [
        ("<ol><li>a</li><li>b</li></ol>", ["1. ", "2. "]),
        ('<ol type="a" start="3"><li>a</li><li>b</li></ol>', ["c. ", "d. "]),
        ('<ol type="I" reversed><li>a</li><li>b</li><li>c</li></ol>', ["III. ", "II. ", "I. "]),
        ('<ol><li>a</li><li value="7">b</li><li>c</li></ol>', ["1. ", "7. ", "8. "]),
        ('<ol><li>a</li><li type="A">b</li></ol>', ["1. ", "B. "]),
        ('<ol style="list-style-type: lower-roman"><li>a</li><li>b</li></ol>', ["i. ", "ii. "]),
        ('<ol style="list-style: none"><li>a</li></ol>', [""]),
        ('<ol type="A" start="27"><li>a</li></ol>', ["AA. "]),
        ('<ol start="-1"><li>a</li><li>b</li></ol>', ["-1. ", "0. "]),
        ('<ol start="99999999999999"><li>a</li></ol>', [f"{2**31 - 1}. "]),
        ('<ul type="square"><li>a</li></ul>', ["▪ "]),
        ('<ul style="list-style-type: decimal"><li>a</li><li>b</li></ul>', ["1. ", "2. "]),
        (
            "<ul><li>a<ul><li>b<ul><li>c<ul><li>d</li></ul></li></ul></li></ul></li></ul>",
            ["• ", "◦ ", "▪ ", "▪ "],
        ),
    ],
)
def test_markers_as_html_specifies(markup: str, markers: list[str]) -> None:
    root = html.fromstring(markup)
    assert [marker_of(li) for li in root.iter("li")] == markers


def test_an_item_outside_a_list_has_no_marker() -> None:
    assert marker_of(html.fromstring("<div><li>x</li></div>")[0]) == ""


def test_a_long_list_is_numbered_in_one_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each item used to count its list's items up to itself: 20,000 items ran past two minutes."""
    import lawalign.ingest.html as html_module

    calls = []
    real = html_module.list_markers

    def counted(lst: object) -> dict[object, str]:
        calls.append(lst)
        return real(lst)

    monkeypatch.setattr(html_module, "list_markers", counted)
    text = "<html><body><ol>" + "".join("<li>item</li>" for _ in range(2000)) + "</ol></body></html>"
    lines = [ln.text for ln in html_module.extract_html(text, "list.html").lines if ln.text]
    assert lines[0] == "1. item" and lines[-1] == "2000. item"
    assert len(calls) == 1


def test_items_printing_their_own_labels_get_no_second_one(tmp_path: Path) -> None:
    """A page whose style sheet hides the list's markers and prints each label in the text would
    read "1. A. Claim Defined" if a marker were drawn before every item."""
    page = tmp_path / "own.html"
    page.write_text(
        "<html><head><style>ol.law { list-style: none }</style></head><body>"
        '<h2>LAW 68 - CLAIM OR CONCESSION OF TRICKS</h2><ol class="law">'
        "<li><b>A. Claim Defined</b></li><li>Any statement to the effect that a contestant will win a "
        "specific number of tricks is a claim of those tricks.</li>"
        '<li><b>B.</b> Concession Defined<ol class="law"><li>1. Any statement to the effect that a '
        "contestant will lose a specific number of tricks is a concession of those tricks.</li>"
        "<li>(a) one</li><li>§ two</li></ol></li></ol></body></html>",
        encoding="utf-8",
    )
    lines = [ln.text for ln in read_source(page, "en").lines if ln.text]
    assert lines[1] == "A. Claim Defined"
    assert lines[2].startswith("2. Any statement")  # no label of its own: the marker is drawn
    assert lines[3] == "B. Concession Defined"
    assert lines[4].startswith("1. Any statement") and lines[5:] == ["(a) one", "§ two"]


def test_the_marker_stands_before_the_items_first_text() -> None:
    """An item whose text is in a paragraph ("<li><p>Claim Defined</p>", as Word and most editors
    write lists) put its marker alone on a line; the browser draws it before the first line of text."""
    from lawalign.ingest.html import extract_html

    page = (
        "<html><body><ol type=A><li><p><b>Claim Defined</b></p><p>Any statement is a claim.</p></li>"
        "<li>\n  <p>Concession Defined</p></li><li></li></ol></body></html>"
    )
    assert [ln.text for ln in extract_html(page, "x.html").lines] == [
        "A. Claim Defined",
        "",  # the margin of the item's paragraphs
        "Any statement is a claim.",
        "",
        "B. Concession Defined",
        "",
        "C.",
    ]
