"""Exports keep every unit: two units of one edition that share an id (a long printed heading split
in two) each get a row in TMX, XLIFF and the report, and law text with right-to-left override
characters is isolated in the report so it cannot reorder what surrounds it."""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import replace

import pytest
from lxml import etree
from lxml import html as lhtml

from lawalign.export import render_report
from lawalign.export.base import ExportOptions
from lawalign.export.tmx import render as render_tmx
from lawalign.export.xliff import render as render_xliff
from lawalign.models import Edition
from lawalign.query import Corpus
from query_fixtures import seed_editions

SECOND = "İTİRAZ HAKKINDA İKİNCİ SATIR (the heading's second printed line)"
RLO = "\u202e"


def _split_heading() -> list[Edition]:
    """The seeds, with the tr 68A heading printed over two lines that both read as 68A.title."""
    editions = seed_editions()
    tr = editions[2]
    at = next(i for i, u in enumerate(tr.units) if u.id == "68A.title")
    first = tr.units[at]
    second = replace(first, text=SECOND, label="", heading=SECOND)
    units = (*tr.units[: at + 1], second, *tr.units[at + 1 :])
    editions[2] = replace(tr, units=units)
    return editions


def test_tmx_keeps_both_units_of_a_repeated_id():
    options = ExportOptions(level="clause", include_unaligned=True)  # the second line has no counterpart
    doc = etree.fromstring(render_tmx(Corpus(_split_heading()), options))
    tuids = doc.xpath("//tu/@tuid")
    assert len(tuids) == len(set(tuids))
    assert "68A.title" in tuids and "68A.title_2" in tuids
    seg = doc.xpath("//tu[@tuid='68A.title_2']/tuv/seg/text()")
    assert seg == [SECOND]


def test_xliff_keeps_both_units_of_a_repeated_id():
    options = ExportOptions(src="vi", tgt="tr", level="clause")
    doc = etree.fromstring(render_xliff(Corpus(_split_heading()), options))
    ns = {"x": "urn:oasis:names:tc:xliff:document:2.0"}
    ids = doc.xpath("//x:unit/@id", namespaces=ns)
    assert len(ids) == len(set(ids)) and "68A" in ids
    # vi prints no 68A heading: not a unit with an empty source, its text kept as a file note
    assert "68A.title" not in ids and "68A.title_2" not in ids
    notes = doc.xpath("//x:file/x:notes/x:note[@category='missing-source']/text()", namespaces=ns)
    assert f"68A.title_2: no vi source; tr text: {SECOND}" in notes


def test_report_keeps_both_units_of_a_repeated_id():
    page = render_report(Corpus(_split_heading()), [])
    doc = lhtml.fromstring(page)
    ids = doc.xpath("//table[@class='units']/tbody/tr/@id")
    assert len(ids) == len(set(ids)) and "u-68A.title_2" in ids
    assert SECOND in doc.xpath("//tr[@id='u-68A.title_2']/td[@lang='tr']")[0].text_content()


def _with_override() -> list[Edition]:
    editions = seed_editions()
    ru = editions[1]
    units = tuple(replace(u, text=f"{RLO}evil {u.text}") if u.id == "68A" else u for u in ru.units)
    editions[1] = replace(ru, units=units, description=f"{RLO}desc")
    return editions


def test_report_isolates_bidi_text():
    page = render_report(Corpus(_with_override()), [])
    doc = lhtml.fromstring(page)
    cell = doc.xpath("//tr[@id='u-68A']/td[@lang='ru']")[0]
    text = cell.xpath(".//div[contains(@class, 'text')]")[0]
    assert text.get("dir") == "auto"
    assert RLO in text.text_content()
    # every element holding text from an input isolates it
    for el in doc.xpath("//*[contains(@class, 'text') or contains(@class, 'src') or @class='quote']"):
        assert el.get("dir") == "auto" or el.tag == "bdi" or el.xpath("ancestor::bdi"), el.tag
    assert b"unicode-bidi: isolate" in page


@pytest.mark.browser
def test_bidi_isolation_holds_in_headless_chromium(tmp_path):
    browser = next(
        (shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)), None
    )
    if browser is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is required in CI (apt-get install -y chromium)")
        pytest.skip("chromium is not installed")
    page = tmp_path / "report.html"
    page.write_bytes(render_report(Corpus(_with_override()), []))
    done = subprocess.run(
        [
            browser,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            f"--user-data-dir={tmp_path / 'profile'}",
            "--dump-dom",
            page.as_uri(),
        ],
        capture_output=True,
        check=True,
    )
    dom = lhtml.fromstring(done.stdout)
    text = dom.xpath("//tr[@id='u-68A']/td[@lang='ru']//div[contains(@class, 'text')]")[0]
    assert text.get("dir") == "auto" and text.text_content().startswith(f"{RLO}evil")
    # the override stays inside its element: the source line after it is a sibling, not inside
    src = dom.xpath("//tr[@id='u-68A']/td[@lang='ru']//div[contains(@class, 'src')]")[0]
    assert RLO not in src.text_content() and src.get("dir") == "auto"
    assert dom.getroottree().getroot().get("data-js") == "ready"


def test_corpus_sqlite_keeps_both_units_of_a_repeated_id(tmp_path):
    import sqlite3

    from lawalign.export.sqlite import database_bytes
    from lawalign.output import format_rows, iter_units_rows

    editions = _split_heading()
    files = {"units.jsonl": format_rows(iter_units_rows(editions), "jsonl").encode("utf-8")}
    db = tmp_path / "corpus.sqlite"
    db.write_bytes(database_bytes(editions, files))
    conn = sqlite3.connect(db)
    texts = [t for (t,) in conn.execute("SELECT text FROM units WHERE id = '68A.title' AND lang = 'tr'")]
    conn.close()
    assert len(texts) == 2 and SECOND in texts
