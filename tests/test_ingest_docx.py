"""Word editions: each seed written as a .docx whose points are automatic list items (labels only in
numbering.xml), with heading styles and real footnotes, gives the same units as the plain-text seed."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import docx
import pytest

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
