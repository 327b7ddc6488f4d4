"""Fuzzing the readers (text, HTML, Akoma Ntoso, manifest) and the writers (AKN, CSV, TMX, XLIFF,
report) with hypothesis.

Seeded (``@seed(FUZZ_SEED)``, no example database), so every run tries the same inputs; on a failure
hypothesis prints the falsifying example and the seed is printed with it (``note``). Readers must
return a result or raise an error of lawalign's hierarchy (never anything else); what they return
must be writable; writers must give well-formed, loss-free output.
"""

from __future__ import annotations

import csv
import html
import io
import json
import tempfile
from dataclasses import replace
from pathlib import Path

from hypothesis import HealthCheck, given, note, seed, settings
from hypothesis import strategies as st
from lxml import etree
from lxml import html as lhtml

from lawalign.corpus import load_manifest
from lawalign.errors import InputError, LawalignError
from lawalign.export import render_report
from lawalign.export.base import ExportOptions
from lawalign.export.tmx import render as render_tmx
from lawalign.export.xliff import render as render_xliff
from lawalign.ingest.controls import CONTROL_RUN
from lawalign.ingest.html import extract_html
from lawalign.models import Edition
from lawalign.output import csv_uncell, format_rows, name_problem
from lawalign.query import Corpus
from lawalign.run import read_edition
from lawalign.structure.akn import assert_validates, to_akn
from lawalign.structure.akn_read import from_akn
from query_fixtures import seed_editions

FUZZ_SEED = 14_2026
FUZZ = settings(
    max_examples=40,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
FORMULA = ("=", "+", "-", "@", "\t", "\r")


def _seed_note() -> None:
    note(f"fuzz seed {FUZZ_SEED} (re-run: pytest tests/test_fuzz.py, the seed is fixed)")


# --- strategies ---------------------------------------------------------------------------------

PREFIXES = ["", "", "1. ", "2. ", "A. ", "B. ", "- ", "* ", "<*> ", "[1] ", "ĐIỀU 68. ", "ПРАВИЛО 68. ",
            "LAW 68 ", "LAW 69. ", "LAW 1000 ", "=", "@", "\x1b[31m", "\u202e", "----------"]  # fmt: skip
ANY_CHAR = st.characters(blacklist_categories=("Cs",))  # every code point a UTF-8 file can hold
any_text = st.text(alphabet=ANY_CHAR, max_size=80)
law_line = st.builds(lambda p, t: p + t, st.sampled_from(PREFIXES), any_text)
law_text = st.lists(st.one_of(law_line, st.just("")), min_size=1, max_size=30).map("\n".join)

# Text XML can carry (what ingest lets through), with the characters that tend to break writers.
XML_SAFE = st.characters(
    blacklist_categories=("Cs", "Cc"), blacklist_characters="\ufffe\uffff"
) | st.sampled_from(["\t", "<", "&", "]", ">", "\u202e", "\u2066", "=", "+", "-", "@", '"', "'"])
xml_text = st.text(alphabet=XML_SAFE, min_size=1, max_size=60).filter(lambda s: s.strip() != "")


def _non_ws(s: str) -> str:
    return "".join(ch for ch in s if not ch.isspace())


# --- readers ------------------------------------------------------------------------------------


@seed(FUZZ_SEED)
@FUZZ
@given(law_text, st.sampled_from(["vi", "ru", "tr", "en"]), st.sampled_from(["utf-8", "utf-16", "cp1251"]))
def test_text_reader_and_akn_writer(text, lang, encoding):
    _seed_note()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "law.txt"
        try:
            path.write_bytes(text.encode(encoding))
        except UnicodeEncodeError:
            path.write_bytes(text.encode("utf-8"))
        try:
            edition = read_edition(str(path), lang)
        except LawalignError as err:
            assert str(err).startswith(str(path)) or not isinstance(err, InputError)
            return
    for unit in edition.units:
        if unit.reason != "control":
            assert not CONTROL_RUN.search((unit.label + unit.text).replace("\n", " ")), unit
    xml = to_akn(edition)
    assert_validates(xml)
    assert from_akn(xml) == edition


SAFE_TAGS = ["div", "p", "span", "b", "section", "article", "blockquote", "li", "td"]
html_text = st.text(
    alphabet=st.characters(whitelist_categories=("L", "N", "P", "Zs"), blacklist_characters="<>&"),
    max_size=30,
)


def _html_tree(depth: int) -> st.SearchStrategy[tuple[str, str]]:
    """(markup, its visible text) of a random tree of block and inline elements."""
    leaf = html_text.map(lambda t: (html.escape(t), t))
    if depth == 0:
        return leaf

    def wrap(tag: str, children: list[tuple[str, str]]) -> tuple[str, str]:
        return (f"<{tag}>" + "".join(m for m, _ in children) + f"</{tag}>", " ".join(t for _, t in children))

    return st.one_of(
        leaf,
        st.builds(wrap, st.sampled_from(SAFE_TAGS), st.lists(_html_tree(depth - 1), min_size=1, max_size=4)),
    )


@seed(FUZZ_SEED)
@FUZZ
@given(_html_tree(4), st.integers(min_value=0, max_value=600))
def test_html_reader_keeps_all_visible_text(tree, nesting):
    _seed_note()
    markup, visible = tree
    page = (
        "<!DOCTYPE html><html><head><title>t</title></head><body>"
        + "<div>" * nesting
        + f"<div class='post-body'>{markup}</div>"
        + "</div>" * nesting
        + "</body></html>"
    )
    extracted = extract_html(page, "page.html")
    assert _non_ws("".join(line.text for line in extracted.lines)) == _non_ws(visible.replace("\xa0", " "))


def _akn_seed() -> bytes:
    return to_akn(seed_editions()[1])


@seed(FUZZ_SEED)
@FUZZ
@given(st.data())
def test_akn_reader_survives_damaged_documents(data):
    _seed_note()
    doc = bytearray(_akn_seed())
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(doc) - 1))
        action = data.draw(st.sampled_from(["delete", "insert", "flip"]))
        if action == "delete":
            del doc[at : at + data.draw(st.integers(1, 40))]
        elif action == "insert":
            doc[at:at] = data.draw(
                st.sampled_from([b"<", b">", b"&", b'"', b"<!ENTITY x 'y'>", b"\x00", b"\xff"])
            )
        else:
            doc[at] = data.draw(st.integers(0, 255))
    try:
        from_akn(bytes(doc), "damaged.xml")
    except LawalignError:
        pass


manifest_value = st.one_of(
    st.text(max_size=20),
    st.sampled_from(
        ["../x.txt", "/etc/passwd", "ru.txt", "a/b", "", "nul", "EN", "ru", "zz", "2007", "1997"]
    ),
    st.integers(-5, 5000),
    st.booleans(),
    st.lists(st.one_of(st.integers(0, 2000), st.text(max_size=5)), max_size=3),
    st.floats(allow_nan=False, allow_infinity=False),
)
EDITION_KEYS = ["file", "lang", "name", "source_edition", "laws", "description", "authoritative", "extra"]


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)  # a TOML basic string


@seed(FUZZ_SEED)
@FUZZ
@given(
    st.dictionaries(st.sampled_from(["name", "reference", "other"]), manifest_value, max_size=2),
    st.lists(st.dictionaries(st.sampled_from(EDITION_KEYS), manifest_value, max_size=5), max_size=3),
    st.one_of(
        st.none(), st.tuples(st.integers(0, 400), st.sampled_from(["", "[", "]", '"', "=", "\n", "\x00"]))
    ),
)
def test_manifest_reader_is_valid_or_one_located_error(corpus, editions, damage):
    _seed_note()
    text = "[corpus]\n" + "".join(f"{k} = {_toml(v)}\n" for k, v in corpus.items())
    for entry in editions:
        text += "\n[[edition]]\n" + "".join(f"{k} = {_toml(v)}\n" for k, v in entry.items())
    if damage is not None:
        at, junk = damage
        text = text[:at] + junk + text[at:]
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder) / "corpus"
        root.mkdir()
        (root / "ru.txt").write_text("LAW 68\n", encoding="utf-8")
        (root / "manifest.toml").write_text(text, encoding="utf-8")
        try:
            manifest = load_manifest(root)
        except InputError as err:
            assert str(err).startswith(str(root / "manifest.toml")) and "\n" not in str(err)
            return
        for entry in manifest.editions:
            assert name_problem(entry.name) == ""
            entry.file.resolve().relative_to(root.resolve())
            assert isinstance(entry.authoritative, bool)


# --- writers ------------------------------------------------------------------------------------

cell = st.one_of(st.none(), st.integers(), xml_text, st.sampled_from(["=1+1", "-", "@x", "+3", "\tx", "\rx"]))


@seed(FUZZ_SEED)
@FUZZ
@given(st.lists(st.dictionaries(st.sampled_from(["id", "text", "label", "n"]), cell, min_size=1), max_size=8))
def test_csv_writer_round_trips_and_never_starts_a_formula(rows):
    _seed_note()
    out = format_rows(rows, "csv")
    parsed = list(csv.DictReader(io.StringIO(out)))
    assert len(parsed) == len(rows)
    for row, back in zip(rows, parsed, strict=True):
        for key, value in row.items():
            got = back[key]
            if not isinstance(value, str):  # numbers stay numbers ("-1" is not a formula)
                assert got == ("" if value is None else str(value))
                continue
            assert not got.startswith(FORMULA)
            assert csv_uncell(got) == value


@st.composite
def fuzzed_editions(draw: st.DrawFn) -> list[Edition]:
    """The seed editions with random law text in random units, some ids repeated."""
    editions = seed_editions()
    out = []
    for edition in editions:
        units = list(edition.units)
        for i in draw(st.lists(st.integers(0, len(units) - 1), max_size=4)):
            units[i] = replace(units[i], text=draw(xml_text))
        if draw(st.booleans()):
            law = [i for i, u in enumerate(units) if u.kind != "debris"]
            i = draw(st.sampled_from(law))
            units.insert(i + 1, replace(units[i], text=draw(xml_text), label=""))
        out.append(replace(edition, units=tuple(units)))
    return out


def _law_texts(editions: list[Edition], langs: set[str]) -> list[str]:
    return [u.text for e in editions if e.lang in langs for u in e.law_units]


@seed(FUZZ_SEED)
@settings(FUZZ, max_examples=25)
@given(fuzzed_editions())
def test_tmx_xliff_report_writers_keep_every_unit(editions):
    _seed_note()
    corpus = Corpus(editions).with_findings([])  # XLIFF notes would otherwise run the diff
    tmx = etree.fromstring(render_tmx(corpus, ExportOptions(level="clause", include_unaligned=True)))
    tuids = tmx.xpath("//tu/@tuid")
    assert len(tuids) == len(set(tuids))
    segs = "\n".join(tmx.xpath("//seg/text()"))
    for text in _law_texts(editions, {"vi", "ru", "tr"}):
        assert text in segs

    xliff = etree.fromstring(render_xliff(corpus, ExportOptions(src="vi", tgt="ru", level="clause")))
    ids = xliff.xpath("//x:unit/@id", namespaces={"x": "urn:oasis:names:tc:xliff:document:2.0"})
    assert len(ids) == len(set(ids))
    body = "\n".join(xliff.xpath("//text()"))
    for text in _law_texts(editions, {"vi", "ru"}):
        assert text in body

    page = lhtml.fromstring(render_report(corpus, []))
    assert len(page.xpath("//script")) == 1
    rows = page.xpath("//table[@class='units']/tbody/tr/@id")
    assert len(rows) == len(set(rows))
    shown = page.xpath("//table[@class='units']")[0].text_content()
    for text in _law_texts(editions, {"vi", "ru", "tr"}):
        assert text in shown
