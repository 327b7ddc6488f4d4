"""Locations in paged and Word sources: the Turkish seed typeset as a PDF booklet gives findings,
the report, update plans and exports that name the page (and the line on that page); a PDF and a
Word file of one stem ingest side by side under distinct names."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import pdf_fixtures
from docx_fixtures import word
from ingest_fixtures import SEEDS, seed_text
from lawalign.cli import main

pytestmark = pytest.mark.model


@pytest.fixture(scope="module")
def tr_pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return pdf_fixtures.booklet(seed_text("tr"), tmp_path_factory.mktemp("pdf") / "tr2007.pdf")


def _inputs(pdf: Path) -> list[str]:
    return [str(SEEDS["vi"]), str(SEEDS["ru"]), str(pdf)]


def test_findings_name_the_page(tr_pdf: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["diff", *_inputs(tr_pdf), "--format", "json"])
    findings = json.loads(capsys.readouterr().out)["findings"]
    tr = [e for f in findings if f["lang"] == "tr" for e in f["evidence"] if e["lang"] == "tr" and e["id"]]
    assert tr and all(isinstance(e.get("page"), int) for e in tr)
    pages = {e["page"] for e in tr}
    assert len(pages) >= 2  # the 68A and 68D findings stand on different pages of the booklet
    main(["diff", *_inputs(tr_pdf), "--format", "text"])
    text = capsys.readouterr().out
    assert re.search(r"tr2007\.pdf#page=\d+:\d+: error \[omission\] tr 68D", text)
    main(["diff", *_inputs(tr_pdf), "--format", "sarif"])
    sarif = json.loads(capsys.readouterr().out)
    props = [
        loc.get("properties", {}).get("page")
        for r in sarif["runs"][0]["results"]
        for loc in r["locations"]
        if loc["physicalLocation"]["artifactLocation"]["uri"].endswith("tr2007.pdf")
    ]
    assert props and all(isinstance(p, int) for p in props)


def test_report_plan_and_exports_name_the_page(
    tr_pdf: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "report.html"
    assert main(["report", *_inputs(tr_pdf), "-o", str(report)]) == 0
    assert re.search(r"tr2007\.pdf#page=\d+:\d+", report.read_text(encoding="utf-8"))
    assert main(["update-plan", str(tr_pdf), "--to", "2017", "--format", "json"]) == 0
    plan = json.loads(capsys.readouterr().out)
    present = [i for i in plan["items"] if i["present"]]
    assert present and all(isinstance(i["page"], int) for i in present)
    assert main(["update-plan", str(tr_pdf), "--to", "2017"]) == 0
    assert re.search(r"\[page \d+, line \d+\]", capsys.readouterr().out)
    tmx = tmp_path / "out.tmx"
    assert main(["export", *_inputs(tr_pdf), "--format", "tmx", "--src", "ru", "-o", str(tmx)]) == 0
    assert re.search(r'<prop type="x-source">[^<]*tr2007\.pdf#page=\d+:\d+-', tmx.read_text(encoding="utf-8"))
    csv = tmp_path / "units.csv"
    assert main(["export", str(tr_pdf), "--format", "csv", "-o", str(csv)]) == 0
    header = csv.read_text(encoding="utf-8").splitlines()[0].split(",")
    assert "page" in header and "page_end" in header


def test_one_stem_two_formats_keep_distinct_names(tr_pdf: Path, tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    pdf = folder / "ru2007.pdf"
    pdf_fixtures.booklet(seed_text("ru"), pdf)
    docx = word(seed_text("ru"), folder / "ru2007.docx")
    out = tmp_path / "akn"
    assert main(["ingest", str(pdf), str(docx), "-o", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["ru2007-docx.xml", "ru2007-pdf.xml"]


def test_word_pages_from_its_page_breaks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import docx
    from docx.enum.text import WD_BREAK

    path = word(seed_text("ru"), tmp_path / "ru.docx")
    document = docx.Document(str(path))
    paragraphs = document.paragraphs
    at = next(i for i, p in enumerate(paragraphs) if p.text.startswith("Разъяснение"))  # 68C's heading
    paragraphs[at - 1].add_run().add_break(WD_BREAK.PAGE)  # 68C starts page 2
    document.save(str(path))
    assert main(["units", str(path), "--format", "jsonl"]) == 0
    rows = {r["id"]: r["source"] for r in map(json.loads, capsys.readouterr().out.splitlines())}
    assert (rows["68B2"]["page"], rows["68C.title"]["page"], rows["68C.title"]["line_start"]) == (1, 2, 1)
    assert (rows["68D"]["page"], rows["68D"]["line_start"]) == (2, 4)  # the line counted on its page
    main(["diff", str(SEEDS["vi"]), str(path), str(SEEDS["tr"]), "--format", "json"])
    findings = json.loads(capsys.readouterr().out)["findings"]
    quoted = [e for f in findings for e in f["evidence"] if e["lang"] == "ru" and e["id"] == "68D"]
    assert quoted and all((e["page"], e["line"]) == (2, 4) for e in quoted)
