"""The same edition re-encoded, with CRLF line ends, or wrapped in a saved blog page gives identical
units (ids, kinds, labels, texts, inferred flags); only line numbers of a web page differ."""

from __future__ import annotations

import pytest

from ingest_fixtures import blogger_page, encode_as, seed_lines, seed_text
from lawalign.run import read_edition


def _units(edition, *, with_lines: bool = True):
    return [
        (u.id, u.kind, u.label, u.text, u.inferred, u.reason) + ((u.source.line_start,) if with_lines else ())
        for u in edition.units
        if u.reason != "html-chrome"
    ]


CASES = [
    ("vi", "cp1258"),
    ("vi", "utf-16"),
    ("ru", "cp1251"),
    ("ru", "koi8-r"),
    ("ru", "utf-8-sig"),
    ("tr", "cp1254"),
    ("tr", "utf-16"),
]


@pytest.mark.parametrize(("lang", "encoding"), CASES)
def test_re_encoded_edition_gives_identical_units(tmp_path, lang, encoding):
    plain = tmp_path / "plain.txt"
    plain.write_text(seed_text(lang), encoding="utf-8")
    other = tmp_path / f"other-{encoding}.txt"
    other.write_bytes(encode_as(seed_text(lang), encoding))
    assert _units(read_edition(other)) == _units(read_edition(plain))


@pytest.mark.parametrize("lang", ["vi", "ru", "tr"])
def test_crlf_gives_identical_units(tmp_path, lang):
    plain = tmp_path / "plain.txt"
    plain.write_text(seed_text(lang), encoding="utf-8")
    crlf = tmp_path / "crlf.txt"
    crlf.write_bytes(seed_text(lang).replace("\n", "\r\n").encode("utf-8"))
    assert _units(read_edition(crlf, lang)) == _units(read_edition(plain, lang))


@pytest.mark.parametrize("lang", ["vi", "ru", "tr"])
@pytest.mark.parametrize("style", ["br", "p"])
def test_blog_page_gives_identical_units_and_records_the_chrome(tmp_path, lang, style):
    plain = tmp_path / "plain.txt"
    plain.write_text(seed_text(lang), encoding="utf-8")
    page = tmp_path / "page.html"
    page.write_text(blogger_page(seed_lines(lang), lang, style=style), encoding="utf-8")
    from_page = read_edition(page, lang)
    assert _units(from_page, with_lines=False) == _units(read_edition(plain, lang), with_lines=False)
    chrome = [u for u in from_page.units if u.reason == "html-chrome"]
    assert chrome and all(u.source.line_start >= 1 for u in chrome)
