"""PDF editions: each seed typeset as an A5 booklet and as an A4 two-column page gives the same units
(id, kind, text) as the plain-text seed, with page furniture set aside as located debris."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import pdf_fixtures
from ingest_fixtures import SEEDS, seed_text
from lawalign.cli import main
from lawalign.ingest import read_source
from lawalign.ingest.decode import sniff_format
from lawalign.models import Edition
from lawalign.structure import segment_law
from lawalign.structure.akn import validate
from lawalign.structure.akn_read import from_akn
from lawalign.structure.akn_write import to_akn

LAYOUTS = {
    "booklet": pdf_fixtures.booklet,
    "columns": pdf_fixtures.two_columns,
    "ragged": lambda text, path: pdf_fixtures.booklet(text, path, ragged=True),
}


@pytest.fixture(scope="module")
def typeset(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Path]:
    folder = tmp_path_factory.mktemp("pdf")
    out = {}
    for lang in SEEDS:
        for layout, make in LAYOUTS.items():
            # No ".pdf" suffix: the format is recognised by content.
            out[(lang, layout)] = make(seed_text(lang), folder / f"{lang}-{layout}.bin")
    return out


def _law_units(edition: Edition) -> list[tuple[str, str, str]]:
    return [
        (u.id, u.kind, " ".join(f"{u.label} {u.text}".split())) for u in edition.units if u.kind != "debris"
    ]


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
@pytest.mark.parametrize("lang", sorted(SEEDS))
def test_typeset_seed_gives_the_plain_text_units(typeset, lang, layout):
    plain = segment_law(read_source(SEEDS[lang], lang=lang))
    source = read_source(typeset[(lang, layout)], lang=lang)
    assert source.media_type == "application/pdf"
    edition = segment_law(source)
    assert _law_units(edition) == _law_units(plain)
    furniture = [u for u in edition.units if u.reason == "page-furniture"]
    assert furniture, "the page numbers are recognised"
    for u in edition.law_units:
        assert pdf_fixtures.RUNNING_HEADER not in u.text
        assert not re.search(r"–\s*\d+\s*–", u.text), "no page number inside law text"
        assert u.source.page is not None and u.source.page >= 1
    for u in furniture:
        assert u.source.page is not None and u.text.strip()


@pytest.mark.parametrize("lang", sorted(SEEDS))
def test_booklet_furniture_is_on_every_page(typeset, lang):
    source = read_source(typeset[(lang, "booklet")], lang=lang)
    pages = {u.source.page for u in source.removed}
    headers = [u for u in source.removed if u.text == pdf_fixtures.RUNNING_HEADER]
    numbers = [u for u in source.removed if u.text.isdigit()]
    assert len(pages) >= 2
    assert len(headers) == len(pages) == len(numbers)
    assert [int(u.text) for u in numbers] == [u.source.page for u in numbers]
    assert all(u.source.line_start == 1 for u in headers)


def test_paragraphs_split_across_pages_are_joined_and_located(typeset):
    edition = segment_law(read_source(typeset[("vi", "booklet")], lang="vi"))
    split = [u for u in edition.law_units if u.source.page_end not in (None, u.source.page)]
    assert split, "the booklet breaks at least one paragraph across pages"
    for u in split:
        row = u.as_row()["source"]
        assert isinstance(row, dict)
        assert row["page"] == u.source.page and row["page_end"] == u.source.page + 1


def test_hyphenated_line_ends_and_headings(typeset):
    source = read_source(typeset[("ru", "booklet")], lang="ru")
    codes = {n.code: n.message for n in source.notices}
    assert "pdf-hyphens" in codes and "pdf-page-furniture" in codes
    assert "\u00ad" not in source.text and not re.search(r"\w-\n", source.text)
    heading = {line.text for line in source.lines if line.heading}
    assert "ПРАВИЛО 68. ПРЕТЕНЗИЯ НА ВЗЯТКИ ИЛИ УСТУПКА ВЗЯТОК" in heading
    assert "A. Определение претензии" in heading
    assert not any(line.text.startswith("Чтобы") for line in source.lines if line.heading)


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_nothing_lost(typeset, layout):
    """Every character of the extracted text is in a unit or debris, in order; furniture too."""
    source = read_source(typeset[("tr", layout)], lang="tr")
    edition = segment_law(source)
    body = [u for u in edition.units if u not in source.removed]
    rebuilt = "".join(u.label + u.text for u in sorted(body, key=lambda u: u.span))
    assert "".join(rebuilt.split()) == "".join(source.text.split())
    assert all(u.kind == "debris" and u.reason == "page-furniture" for u in source.removed)


def test_deterministic(typeset):
    a = read_source(typeset[("vi", "columns")], lang="vi")
    b = read_source(typeset[("vi", "columns")], lang="vi")
    assert a == b


def test_akn_carries_pages(typeset):
    edition = segment_law(read_source(typeset[("vi", "booklet")], lang="vi"))
    xml = to_akn(edition)
    ok, errors = validate(xml)
    assert ok, errors
    back = from_akn(xml)
    assert [u.source for u in back.units] == [u.source for u in edition.units]
    assert any(u.source.page_end != u.source.page for u in back.units)


def test_sniffed_by_content(typeset):
    assert sniff_format(typeset[("tr", "booklet")].read_bytes()) == "pdf"


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda p: pdf_fixtures.scanned(p), "no text layer: run OCR first"),
        (lambda p: pdf_fixtures.encrypted(seed_text("ru"), p), "encrypted PDF"),
        (lambda p: pdf_fixtures.truncated(seed_text("ru"), p), "truncated PDF"),
    ],
    ids=["scan", "encrypted", "truncated"],
)
def test_unreadable_pdf_is_one_line_exit_2_nothing_written(tmp_path, capsys, make, message):
    bad = make(tmp_path / "bad.pdf")
    out = tmp_path / "out"
    assert main(["ingest", str(SEEDS["ru"]), str(bad), "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert err.startswith(f"{bad}: ") and message in err
    assert "Traceback" not in err
    assert not out.exists()


def test_a_pdf_of_too_many_pages_is_refused_before_a_page_is_read(tmp_path, capsys):
    from lawalign.limits import MAX_PDF_PAGES

    big = pdf_fixtures.many_pages(tmp_path / "big.pdf", MAX_PDF_PAGES + 1)
    assert big.stat().st_size < 80_000
    assert main(["units", str(big), "--input-lang", "en"]) == 2
    over = f"a PDF of {MAX_PDF_PAGES + 1:,} pages is over the limit of {MAX_PDF_PAGES:,} pages"
    assert capsys.readouterr().err.strip() == f"{big}: {over} for one input"
    # the limit itself is read: every page prints the same line, page furniture, so no text is left
    at_limit = pdf_fixtures.many_pages(tmp_path / "limit.pdf", MAX_PDF_PAGES)
    assert main(["units", str(at_limit), "--input-lang", "en"]) == 2
    assert capsys.readouterr().err.strip() == f"{at_limit}: no text: the document holds no paragraphs of text"


def test_commands_work_on_a_pdf_edition(typeset, tmp_path, capsys):
    pdf = typeset[("ru", "columns")]
    assert main(["units", str(pdf), "--lang", "ru", "--format", "text"]) == 0
    text = capsys.readouterr().out
    assert "68B2" in text and "(p. 1)" in text and "[page-furniture]" in text
    assert main(["ingest", str(pdf), "--lang", "ru", "-o", str(tmp_path)]) == 0
    written = list(tmp_path.glob("*.xml"))
    assert len(written) == 1 and validate(written[0].read_bytes())[0]


def test_raised_footnote_digit_and_centred_heading(tmp_path):
    pdf = pdf_fixtures.new_pdf()
    pdf.add_page()
    pdf.set_font("Serif", "B", 12)
    for y, words in ((60, "LAW 68"), (75, "CLAIM OR CONCESSION")):
        pdf.text((pdf.w - pdf.get_string_width(words)) / 2, y, words)
    pdf.set_font("Serif", "", 10)
    pdf.text(40, 110, "A. Claim Defined")
    pdf.text(40, 130, "Any statement is a claim")
    x = 40 + pdf.get_string_width("Any statement is a claim")
    pdf.set_font("Serif", "", 6)
    pdf.text(x + 0.5, 126, "1")
    pdf.set_font("Serif", "", 10)
    pdf.text(x + 8, 130, "of tricks.")
    path = tmp_path / "small.pdf"
    pdf.output(str(path))
    source = read_source(path, lang="en")
    assert [line.text for line in source.lines] == [
        "LAW 68 CLAIM OR CONCESSION",
        "A. Claim Defined",
        "Any statement is a claim¹ of tricks.",
    ]
    assert [line.heading for line in source.lines] == [True, False, False]


def test_page_furniture_is_no_debris_finding(typeset):
    from lawalign.diff.context import DiffContext
    from lawalign.diff.rules.debris import rule

    edition = segment_law(read_source(typeset[("ru", "booklet")], lang="ru"))
    assert any(u.reason == "page-furniture" for u in edition.debris)
    assert not [f for f in rule(DiffContext([edition])) if "page-furniture" in f.message]


def _set_line(
    pdf, y: float, text: str, size: float, justify: bool, left: float = 40, right: float = 380
) -> None:
    pdf.set_font("Serif", "", size)
    words = text.split()
    widths = [pdf.get_string_width(w) for w in words]
    gap = (right - left - sum(widths)) / (len(words) - 1) if justify else pdf.get_string_width(" ")
    x = left
    for word, width in zip(words, widths, strict=True):
        pdf.text(x, y, word)
        x += width + gap


def test_footnote_at_the_foot_of_a_page_does_not_cut_the_paragraph(tmp_path):
    pdf = pdf_fixtures.new_pdf()
    body = [
        "When a claim or concession is disputed, the Director",
        "determines the result on the board as equitably as",
        "possible to both sides, but any doubtful point as to a",
    ]
    for page, lines in ((1, body), (2, ["claim shall be resolved against the claimer."])):
        pdf.add_page()
        for k, text in enumerate(lines):
            _set_line(pdf, 80 + 13 * k, text, 10, justify=page == 1)
        if page == 1:
            _set_line(
                pdf, 540, "* Normal includes play that would be careless or inferior.", 7, justify=False
            )
        _set_line(pdf, 570, f"Page {page}", 8, justify=False, left=190)
    path = tmp_path / "foot.pdf"
    pdf.output(str(path))
    source = read_source(path, lang="en")
    assert [line.text for line in source.lines] == [
        " ".join([*body, "claim shall be resolved against the claimer."]),
        "* Normal includes play that would be careless or inferior.",
    ]
    first = source.lines[0]
    assert (first.page, first.raw_line, first.page_end, first.raw_line_end) == (1, 1, 2, 1)
    assert [u.text for u in source.removed] == ["Page 1", "Page 2"]


def test_alternating_running_headers(tmp_path):
    path = pdf_fixtures.booklet(
        seed_text("vi"), tmp_path / "alt.pdf", header="Luật Bridge|Yêu sách và nhượng bộ"
    )
    source = read_source(path, lang="vi")
    headers = [u.text for u in source.removed if not u.text.isdigit()]
    pages = {u.source.page for u in source.removed}
    assert len(pages) >= 3 and len(headers) == len(pages)
    assert set(headers) == {"Luật Bridge", "Yêu sách và nhượng bộ"}
    edition = segment_law(source)
    assert _law_units(edition) == _law_units(segment_law(read_source(SEEDS["vi"], lang="vi")))


def _law_per_page(path: Path, headings: list[tuple[str, str]], header: str) -> Path:
    """A booklet that starts each law on a new page: a running header, the law's heading alone on its
    line and set apart, its title, a few lines of text and the page number at the foot."""
    pdf = pdf_fixtures.new_pdf()
    for n, (heading, title) in enumerate(headings, start=1):
        pdf.add_page()
        pdf.set_font("Serif", "", 8)
        pdf.text(40, 30, header.format(heading=heading))
        pdf.set_font("Serif", "B", 12)
        pdf.text(40, 70, heading)  # set apart from the title, as the header is from the heading
        pdf.text(40, 100, title)
        pdf.set_font("Serif", "", 10)
        for k, words in enumerate(("A. The Director is called", "when attention is drawn to it.")):
            pdf.text(40, 130 + 14 * k, words)
        pdf.set_font("Serif", "", 8)
        pdf.text(205, 560, str(n))
    pdf.output(str(path))
    return path


@pytest.mark.parametrize("header", ["Laws of Duplicate Bridge", "{heading} – Laws of Duplicate Bridge"])
def test_a_law_heading_at_the_top_of_a_page_is_no_furniture(tmp_path, header):
    """A law's heading alone on its line, set apart at the top of a page, was taken for a page number
    ("LAW 9" has the shape of "Page 9") or, digits masked, for a running header repeated by the next
    law's heading ("LAW #"): the law lost its heading and was read as debris. A law keyword and a
    number alone name a law; a header naming the law on each page is still a header."""
    headings = [("LAW 9", "Procedure Following an Irregularity"), ("LAW 10", "Assessment of Rectification")]
    path = _law_per_page(tmp_path / "laws.pdf", headings, header)
    source = read_source(path, lang="en")
    furniture = sorted((u.source.page, u.text) for u in source.removed)
    assert furniture == sorted(
        [(1, header.format(heading="LAW 9")), (1, "1"), (2, header.format(heading="LAW 10")), (2, "2")]
    )
    ids = [u.id for u in segment_law(source).units if u.kind != "debris"]
    assert ids[:2] == ["9.title", "9A"] and ids[2:] == ["10.title", "10A"]


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("LAW 40 Partnership Understandings", "A. Players' Systemic Agreements"),
        ("CHAPTER VI - THE PLAY: Procedure", "LAW 41 Commencement of Play"),
        ("LAW 73 Communication, Tempo and", "E.Deception"),  # a letter glued to its heading
    ],
)
def test_a_label_under_a_bold_line_starts_a_paragraph(tmp_path, first, second):
    """Two headings set in bold on consecutive lines, the first reaching the column's edge (a law's
    title, then "A. Players' Systemic Agreements"; a chapter's, then "LAW 41 …"), were read as one
    heading set on two lines: the section or the law lost its heading."""
    pdf = pdf_fixtures.new_pdf()
    pdf.add_page()
    pdf.set_font("Serif", "B", 11)
    right = 40 + pdf.get_string_width(first)
    pdf.text(40, 60, first)
    pdf.text(40, 73.2, second)
    pdf.set_font("Serif", "", 10)
    for k, words in enumerate(("1. A player may make any call or play", "without prior announcement.")):
        last = words.split()[-1]
        pdf.text(40, 90 + 12 * k, words[: -len(last)])
        if k == 0:  # justified: the line's last word ends at the column's edge
            pdf.text(right - pdf.get_string_width(last), 90, last)
        else:
            pdf.text(40 + pdf.get_string_width(words[: -len(last)]), 102, last)
    path = tmp_path / "headings.pdf"
    pdf.output(str(path))
    lines = [line.text for line in read_source(path, lang="en").lines]
    assert lines == [first, second, "1. A player may make any call or play without prior announcement."]
