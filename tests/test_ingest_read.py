"""read_source end to end: every seed, re-encoded, with CRLF, wrapped in a saved Blogger page."""

from __future__ import annotations

import html
from pathlib import Path

import pytest

from ingest_fixtures import LEGACY, SEEDS, blogger_page, encode_as, seed_lines, seed_text
from lawalign.ingest import read_source

VARIANTS = [(lang, enc) for lang in SEEDS for enc in (*LEGACY[lang], "utf-16", "utf-8-sig", "utf-8")]


def _write(tmp_path: Path, name: str, text: str, encoding: str) -> Path:
    path = tmp_path / name
    path.write_bytes(encode_as(text, encoding))
    return path


@pytest.mark.parametrize("crlf", [False, True], ids=["lf", "crlf"])
@pytest.mark.parametrize(("lang", "encoding"), VARIANTS)
def test_plain_variants_give_the_seed_lines(tmp_path: Path, lang: str, encoding: str, crlf: bool) -> None:
    text = seed_text(lang).replace("\n", "\r\n") if crlf else seed_text(lang)
    path = _write(tmp_path, f"{lang}.txt", text, encoding)
    src = read_source(path, lang)
    assert [ln.text for ln in src.lines] == seed_lines(lang)
    assert src.text == "\n".join(seed_lines(lang))
    assert src.encoding == encoding
    assert [ln.raw_line for ln in src.lines] == list(range(1, len(src.lines) + 1))
    assert src.media_type == "text/plain"


@pytest.mark.parametrize("style", ["br", "p"])
@pytest.mark.parametrize("crlf", [False, True], ids=["lf", "crlf"])
@pytest.mark.parametrize(("lang", "encoding"), VARIANTS)
def test_blogger_page_variants_give_the_seed_lines(
    tmp_path: Path, lang: str, encoding: str, crlf: bool, style: str
) -> None:
    charset = {"utf-8-sig": "UTF-8", "utf-16": "UTF-16"}.get(encoding, encoding)
    page = blogger_page(seed_lines(lang), lang, style=style, charset=charset)
    if crlf:
        page = page.replace("\n", "\r\n")
    path = _write(tmp_path, f"{lang}.html", page, encoding)
    src = read_source(path, lang)
    # a paragraph per line: a browser draws a blank (the paragraphs' margin) between each two
    expected = (
        seed_lines(lang) if style == "br" else "\n\n".join(ln for ln in seed_lines(lang) if ln).split("\n")
    )
    assert [ln.text for ln in src.lines] == expected
    assert src.media_type == "text/html"
    # The line map points into the raw page: each line's raw line holds its (escaped) text.
    raw_lines = page.replace("\r\n", "\n").split("\n")
    for line in src.lines:
        if line.text:
            assert html.escape(line.text, quote=False)[:30] in raw_lines[line.raw_line - 1]
    # Page chrome is kept aside as located debris, never in the text.
    debris = {u.text: u for u in src.removed}
    assert all(u.id == f"debris.html{n}" for n, u in enumerate(src.removed, start=1))
    assert all(u.kind == "debris" and u.role == "debris" and u.reason == "html-chrome" for u in src.removed)
    assert "Email This" in debris
    assert "Powered by" not in src.text and "window" not in src.text and "font:" not in src.text
    if lang == "tr":
        yorum = debris["Hiç yorum yok:"]
        assert "Hiç yorum yok:" in raw_lines[yorum.source.line_start - 1]
        assert yorum.evidence == "div#comments"


def test_seeds_read_as_published() -> None:
    for lang, path in SEEDS.items():
        src = read_source(path)
        assert src.lang == lang and src.lang_detected
        assert src.encoding == "utf-8"
        assert src.text == seed_text(lang).rstrip("\n")
        assert {n.code for n in src.notices} == {"lang-detected"}
        assert src.raw_line_at(src.lines[4].offset + 3) == src.lines[4].raw_line


def test_line_map_by_content() -> None:
    src = read_source(SEEDS["vi"], "vi")
    raw = seed_text("vi").split("\n")
    for ln in src.lines:
        assert raw[ln.raw_line - 1] == ln.text
        assert src.text[ln.offset : ln.offset + len(ln.text)] == ln.text
    heading = next(ln for ln in src.lines if ln.text.startswith("ĐIỀU 69."))
    assert heading.raw_line == raw.index(heading.text) + 1


def test_unknown_language_still_reads(tmp_path: Path) -> None:
    path = tmp_path / "x.txt"
    path.write_text(seed_text("tr"), encoding="utf-8")
    src = read_source(path, "sq")
    assert src.lang == "sq" and not src.lang_detected
    assert "no-profile" in {n.code for n in src.notices}


def test_mojibake_is_repaired_with_a_notice(tmp_path: Path) -> None:
    broken = seed_text("tr").encode("utf-8").decode("cp1252", errors="strict")
    path = tmp_path / "moji.txt"
    path.write_text(broken, encoding="utf-8")
    src = read_source(path, "tr")
    assert src.text == seed_text("tr").rstrip("\n")
    assert "encoding-repaired" in {n.code for n in src.notices}


def test_utf16_without_bom(tmp_path: Path) -> None:
    for lang in SEEDS:
        for enc in ("utf-16-le", "utf-16-be"):
            path = tmp_path / f"{lang}-{enc}.txt"
            path.write_bytes(seed_text(lang).encode(enc))
            src = read_source(path, lang)
            assert src.encoding == enc
            assert [ln.text for ln in src.lines] == seed_lines(lang)


def test_legacy_without_language(tmp_path: Path) -> None:
    for lang in SEEDS:
        for enc in LEGACY[lang]:
            path = tmp_path / f"{lang}-{enc}.txt"
            path.write_bytes(encode_as(seed_text(lang), enc))
            src = read_source(path)
            assert (src.lang, src.encoding) == (lang, enc)
            assert [ln.text for ln in src.lines] == seed_lines(lang)


def test_xhtml_and_xml(tmp_path: Path) -> None:
    xml = tmp_path / "law.xml"
    xml.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<law>\n  <heading>ПРАВИЛО 68.</heading>\n'
        "  <p>Если <b>заявление</b>\n  или действие</p>\n</law>\n",
        encoding="utf-8",
    )
    src = read_source(xml, "ru")
    assert src.media_type == "application/xml"
    assert [(ln.text, ln.raw_line) for ln in src.lines] == [
        ("ПРАВИЛО 68.", 3),
        ("Если заявление или действие", 4),
    ]


def test_output_is_deterministic(tmp_path: Path) -> None:
    page = tmp_path / "p.html"
    page.write_text(blogger_page(seed_lines("ru"), "ru"), encoding="utf-8")
    assert read_source(page) == read_source(page)
