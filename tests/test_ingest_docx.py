"""Word editions: each seed written as a .docx whose points are automatic list items (labels only in
numbering.xml), with heading styles and real footnotes, gives the same units as the plain-text seed."""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

import docx
import pytest
from lxml import etree

import docx_fixtures
from ingest_fixtures import SEEDS, seed_text
from lawalign.cli import main
from lawalign.ingest import read_source
from lawalign.ingest.decode import sniff_format
from lawalign.ingest.docx import format_number
from lawalign.models import Edition
from lawalign.structure import segment_law


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("docx")
    # No ".docx" suffix: the format is recognised by content.
    return {lang: docx_fixtures.word(seed_text(lang), folder / f"{lang}.bin") for lang in SEEDS}


def _units(edition: Edition) -> dict[str, tuple[str, str]]:
    return {u.id: (u.kind, " ".join(f"{u.label} {u.text}".split())) for u in edition.law_units}


@pytest.mark.parametrize("lang", sorted(SEEDS))
def test_word_seed_gives_the_plain_text_units(written, lang):
    plain = segment_law(read_source(SEEDS[lang], lang=lang))
    source = read_source(written[lang], lang=lang)
    assert source.media_type.endswith("wordprocessingml.document")
    edition = segment_law(source)
    assert _units(edition) == _units(plain)
    # Same order too, except that footnotes stand at their anchors.
    body = [u.id for u in edition.law_units if u.kind != "footnote"]
    assert body == [u.id for u in plain.law_units if u.kind != "footnote"]
    for u in edition.units:
        assert u.source.page is None and u.source.line_start >= 1


def test_labels_are_only_in_the_numbering(written):
    document = docx.Document(str(written["ru"]))
    texts = [p.text for p in document.paragraphs]
    assert not any(t[:2] in ("1.", "2.", "A.", "B.") for t in texts)
    numbered = [p for p in document.paragraphs if p._p.pPr is not None and p._p.pPr.numPr is not None]
    assert len(numbered) >= 6
    edition = segment_law(read_source(written["ru"], lang="ru"))
    assert [u.label for u in edition.law_units if u.id in ("68A.title", "68B1", "68B2", "68D.title")] == [
        "A.",
        "1.",
        "2.",
        "D.",
    ]


def test_footnotes_at_their_anchor(written):
    edition = segment_law(read_source(written["tr"], lang="tr"))
    fn = edition.unit("68.fn1")
    assert fn is not None and fn.anchor == "68.intro"
    intro = edition.unit("68.intro")
    assert intro is not None and "[1]" in intro.text and "68.fn1" in intro.footnotes
    ru = segment_law(read_source(written["ru"], lang="ru"))
    assert ru.unit("68.fn1") is not None and ru.unit("68.fn1").anchor == "68.intro"  # type: ignore[union-attr]


def test_headings_from_styles(written):
    source = read_source(written["vi"], lang="vi")
    headings = [line.text for line in source.lines if line.heading]
    assert headings[0].startswith("ĐIỀU 68.")
    assert any(h.startswith("C. ") for h in headings)
    assert not any(h.startswith("Mọi tuyên bố") for h in headings)


def test_tracked_changes_and_comments_are_debris(tmp_path):
    path = docx_fixtures.word(seed_text("ru"), tmp_path / "rev.docx", revisions=True)
    source = read_source(path, lang="ru")
    reasons = {u.reason: u for u in source.removed}
    assert set(reasons) == {"tracked-deletion", "comment"}
    assert reasons["tracked-deletion"].text == "(wording withdrawn)"
    assert reasons["comment"].evidence == "comment by Reviewer"
    edition = segment_law(source)
    assert not any("withdrawn" in u.text or "English text" in u.text for u in edition.law_units)
    assert _units(edition) == _units(segment_law(read_source(SEEDS["ru"], lang="ru")))
    assert {n.code for n in source.notices} >= {"word-revisions", "word-comments"}


def test_nothing_lost(written):
    source = read_source(written["vi"], lang="vi")
    edition = segment_law(source)
    rebuilt = "".join(u.label + u.text for u in sorted(edition.units, key=lambda u: u.span) if u.span[1])
    assert "".join(rebuilt.split()) == "".join(source.text.split())


def test_sniffed_by_content(written):
    assert sniff_format(written["tr"].read_bytes()) == "docx"
    other = io.BytesIO()
    with zipfile.ZipFile(other, "w") as zf:
        zf.writestr("notes.txt", "Law 68")
    assert sniff_format(other.getvalue()) == "text"


def test_damaged_word_file_is_one_line_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.docx"
    with zipfile.ZipFile(bad, "w") as zf:
        zf.writestr("[Content_Types].xml", "<Types")
        zf.writestr("word/document.xml", "<w:document")
    out = tmp_path / "out"
    assert main(["ingest", str(SEEDS["tr"]), str(bad), "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and err.startswith(f"{bad}: ") and "Word file" in err
    assert not out.exists()


def test_number_formats():
    assert [format_number(n, "upperLetter") for n in (1, 26, 27)] == ["A", "Z", "AA"]
    assert format_number(14, "upperRoman") == "XIV"
    assert format_number(2, "russianLower") == "б"


@pytest.mark.parametrize("lang", sorted(SEEDS))
def test_opendocument_seed_gives_the_plain_text_units(tmp_path, lang):
    path = docx_fixtures.odt(seed_text(lang), tmp_path / f"{lang}.odt")
    assert sniff_format(path.read_bytes()) == "odt"
    source = read_source(path, lang=lang)
    assert source.media_type == "application/vnd.oasis.opendocument.text"
    edition = segment_law(source)
    assert _units(edition) == _units(segment_law(read_source(SEEDS[lang], lang=lang)))


_LABEL_CELL = re.compile(r"^(\d{1,2}\.|[A-H]\.|-)\s+")


def _two_columns(text: str) -> list[tuple[str, str]]:
    """The seed's paragraphs as the rows of a two-column table: the label in the first cell (empty
    when the paragraph has none), the rest in the second, as a law is often laid out in Word."""
    rows = []
    for para in docx_fixtures.paragraphs(text):
        m = _LABEL_CELL.match(para)
        rows.append((m.group(1), para[m.end() :]) if m else ("", para))
    return rows


@pytest.mark.parametrize("lang", sorted(SEEDS))
def test_a_law_laid_out_in_a_table_reads_as_its_text(tmp_path, lang):
    """Word and OpenDocument draw a table row's cells side by side: "A." in the first cell beside
    "Claim Defined" in the second is one line. The cells were read one under the other, so a label
    stood alone on its line, rows ran into one paragraph and the law was read as no law at all."""
    rows = _two_columns(seed_text(lang))
    document = docx.Document()
    table = document.add_table(rows=0, cols=2)
    for label, rest in rows:
        cells = table.add_row().cells
        cells[0].text, cells[1].text = label, rest
    document.save(str(tmp_path / "table.docx"))
    plain = _units(segment_law(read_source(SEEDS[lang], lang=lang)))
    assert _units(segment_law(read_source(tmp_path / "table.docx", lang=lang))) == plain

    t = docx_fixtures.ODT_NS | {"table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0"}
    root = etree.Element(f"{{{t['office']}}}document-content", nsmap=t)
    body = etree.SubElement(etree.SubElement(root, f"{{{t['office']}}}body"), f"{{{t['office']}}}text")
    tab = etree.SubElement(body, f"{{{t['table']}}}table")
    for label, rest in rows:
        row = etree.SubElement(tab, f"{{{t['table']}}}table-row")
        for cell_text in (label, rest):
            cell = etree.SubElement(row, f"{{{t['table']}}}table-cell")
            etree.SubElement(cell, f"{{{t['text']}}}p").text = cell_text
    with zipfile.ZipFile(tmp_path / "table.odt", "w") as zf:
        zf.writestr("mimetype", "application/vnd.oasis.opendocument.text")
        zf.writestr("content.xml", etree.tostring(root, xml_declaration=True, encoding="UTF-8"))
    assert _units(segment_law(read_source(tmp_path / "table.odt", lang=lang))) == plain


def test_a_nested_table_is_read_once(tmp_path):
    """Every cell of the document was walked, and a nested table's cells again inside their own cell:
    their text came twice."""
    document = docx.Document()
    cells = document.add_table(rows=1, cols=2).rows[0].cells
    cells[0].text = "A."
    inner = cells[1].add_table(rows=2, cols=1)
    inner.rows[0].cells[0].text = "Claim Defined"
    inner.rows[1].cells[0].text = "Any statement is a claim."
    document.save(str(tmp_path / "nested.docx"))
    texts = [line.text for line in read_source(tmp_path / "nested.docx", lang="en").lines if line.text]
    assert texts == ["A. Claim Defined", "Any statement is a claim."]


def test_a_document_laid_out_in_columns_is_read_column_by_column(tmp_path):
    """A table used for layout (a column of notes beside the text) is read cell after cell."""
    document = docx.Document()
    cells = document.add_table(rows=1, cols=2).rows[0].cells
    cells[0].text = "Note one"
    cells[0].add_paragraph("Note two")
    cells[1].text = "LAW 68"
    cells[1].add_paragraph("A. Claim Defined")
    document.save(str(tmp_path / "columns.docx"))
    texts = [line.text for line in read_source(tmp_path / "columns.docx", lang="en").lines if line.text]
    assert texts == ["Note one", "Note two", "LAW 68", "A. Claim Defined"]
