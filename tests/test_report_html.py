"""The HTML report: structure, escaping, self-containment, and a headless Chromium run."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from lxml import html as lhtml

from lawalign.export import render_report
from lawalign.query import Corpus
from query_fixtures import script_edition, seed_editions, seed_findings


def _page(extra: bool = False) -> bytes:
    editions = seed_editions()
    if extra:
        editions.append(script_edition())
    return render_report(Corpus(editions), seed_findings())


def test_columns_rows_findings() -> None:
    doc = lhtml.fromstring(_page())
    assert doc.xpath("//th[@data-lang]/@data-lang") == ["vi", "ru", "tr"]
    cell = doc.xpath("//tr[@id='u-68D']/td[@lang='vi']")[0]
    assert "sev-error" in cell.get("class")
    assert "xem Điều 73D3" in cell.text_content() and "см. Правило 70D3" in cell.text_content()
    missing = doc.xpath("//tr[@id='u-68.intro']/td[@lang='vi']")[0]
    assert "missing" in missing.get("class") and "the intro is missing" in missing.text_content()
    assert "Laws 69-71 are absent" in doc.xpath("//section[@id='other-findings']")[0].text_content()


def test_inferred_and_debris() -> None:
    doc = lhtml.fromstring(_page())
    badge = doc.xpath("//tr[@id='u-68A']/td[@lang='vi']//span[@class='inferred']")[0]
    assert badge.text == "inferred id · confidence 0.80" and badge.get("title") == "numbering restart"
    debris = doc.xpath("//section[@id='debris']//tbody/tr")
    assert len(debris) == 5 and not doc.xpath("//table[@class='units']//tr[starts-with(@id, 'u-debris')]")


def test_self_contained_and_deterministic() -> None:
    page = _page()
    assert page == _page()
    doc = lhtml.fromstring(page)
    assert not doc.xpath("//*[@src] | //link | //*[@href]")  # nothing to fetch
    assert len(doc.xpath("//script")) == 1 and b"@media print" in page
    assert doc.xpath("//form[@id='filters']/@hidden") == ["hidden"]  # shown by JS only


def test_law_text_escaped() -> None:
    page = _page(extra=True)
    doc = lhtml.fromstring(page)
    assert len(doc.xpath("//script")) == 1
    assert b"&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<script>alert(1)</script>" in doc.xpath("//tr[@id='u-68C']/td[@lang='en']")[0].text_content()


def _chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.mark.browser
def test_in_headless_chromium(tmp_path: Path) -> None:
    browser = _chromium()
    if browser is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is required in CI (apt-get install -y chromium)")
        pytest.skip("chromium is not installed")
    page = tmp_path / "report.html"
    page.write_bytes(_page(extra=True))
    args = [
        browser,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        f"--user-data-dir={tmp_path / 'profile'}",
    ]
    done = subprocess.run([*args, "--dump-dom", page.as_uri()], capture_output=True, check=True)
    dom = lhtml.fromstring(done.stdout)
    root = dom.getroottree().getroot()
    assert root.get("data-js") == "ready", "the report's own script ran"
    assert root.get("data-xss") is None, "no script from law text ran"
    assert dom.xpath("//th[@data-lang]/@data-lang") == ["vi", "ru", "tr", "en"]
    assert not dom.xpath("//form[@id='filters']/@hidden")
    assert dom.xpath("//span[@id='shown-count']")[0].text == str(
        len(dom.xpath("//table[@class='units']/tbody/tr"))
    )
    for text in ("cites Law 73D3", "the Law 54 exception is missing", "the intro is missing"):
        assert text in done.stdout.decode("utf-8")
    cell = dom.xpath("//tr[@id='u-68C']/td[@lang='en']")[0]
    assert "<script>alert(1)</script>" in cell.text_content()
    assert len(dom.xpath("//script")) == 1
    shot = tmp_path / "report.png"
    subprocess.run(
        [*args, "--window-size=1280,900", f"--screenshot={shot}", page.as_uri()],
        capture_output=True,
        check=True,
    )
    assert shot.stat().st_size > 10_000
