"""One contract every exporter passes: writes, non-empty, deterministic, all units, read back
by an independent reader (python-tmx, translate-toolkit, pandas, lxml.html).

TMX and XLIFF are checked here at clause level (no model); their sentence level, which needs the
alignment, is checked in ``test_export_translation.py``."""

from __future__ import annotations

import io
import re
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pandas as pd
import pytest
from lxml import etree
from lxml import html as lhtml

from lawalign.errors import ConfigError
from lawalign.export import FORMATS, ExportOptions, render_export, write_export
from lawalign.output import csv_uncell
from lawalign.query import Corpus, display_text
from query_fixtures import script_edition, seed_editions, seed_findings

OPTIONS = {
    "xliff": ExportOptions(src="vi", tgt="ru", level="clause"),
    "tmx": ExportOptions(level="clause", include_unaligned=True),
}
UNLABELLED = ("tmx", "xliff")  # translation formats keep the printed label out of the segment


def _corpus() -> Corpus:
    corpus = Corpus(seed_editions())
    corpus.set_findings(seed_findings())
    corpus.set_alignment(None)  # the SQLite export would otherwise align (and load the model)
    return corpus


def _body(unit) -> str:  # type: ignore[no-untyped-def]
    return unit.text


def _units(
    corpus: Corpus, langs: tuple[str, ...] | None = None, *, labelled: bool = True
) -> set[tuple[str, str, str]]:
    return {
        (u.id, u.lang, display_text(u) if labelled else _body(u))
        for e in corpus.editions
        if langs is None or e.lang in langs
        for u in e.law_units
    }


def read_tmx(data: bytes) -> set[tuple[str, str, str]]:
    import PythonTmx

    root = etree.fromstring(data, etree.XMLParser(resolve_entities=False, no_network=True))
    tmx = PythonTmx.from_element(root)
    out = set()
    for tu in tmx.tus:
        for tuv in tu.tuvs:
            out.add((tu.tuid, tuv.lang, "".join(str(c) for c in tuv.content)))
    return out


def read_tmx_toolkit(data: bytes) -> set[tuple[str, str]]:
    from translate.storage import tmx

    store = tmx.tmxfile(io.BytesIO(data))
    # translate-toolkit's TMX model is bilingual: it sees the first two variants of each tu.
    return {(u.getid(), u.source) for u in store.units}


def read_xliff(data: bytes) -> set[tuple[str, str, str]]:
    from translate.storage import xliff2

    store = xliff2.Xliff2File(io.BytesIO(data))
    out = set()
    for unit in store.units:
        uid = unit.getid().split("::")[0]  # toolkit ids read "unit::segment"
        if unit.source:
            out.add((uid, "vi", unit.source))
        if unit.target:
            out.add((uid, "ru", unit.target))
    # a unit the source lacks is no translatable unit: its target text is a file-level note
    for note in etree.fromstring(data).iterfind("{*}file/{*}notes/{*}note[@category='missing-source']"):
        found = re.fullmatch(r"(\S+): no \w+ source; (\w+) text: (.*)", note.text, re.S)
        assert found, note.text
        out.add((found[1], found[2], found[3]))
    return out


def read_table(data: bytes, fmt: str) -> set[tuple[str, str, str]]:
    frame = (
        pd.read_csv(io.BytesIO(data), keep_default_na=False, dtype=str)
        if fmt == "csv"
        else pd.read_parquet(io.BytesIO(data))
    )
    law = frame[frame["kind"] != "debris"]
    if fmt == "csv":  # cells neutralised against spreadsheet formulas ("'- Heading") read back as written
        law = law.assign(label=law["label"].map(csv_uncell), text=law["text"].map(csv_uncell))
    return {(r.id, r.lang, f"{r.label} {r.text}" if r.label else r.text) for r in law.itertuples()}


def read_sqlite(data: bytes) -> set[tuple[str, str, str]]:
    db = sqlite3.connect(":memory:")
    db.deserialize(data)
    rows = db.execute("SELECT id, lang, label, text FROM units WHERE kind != 'debris'").fetchall()
    return {(uid, lang, f"{label} {text}" if label else text) for uid, lang, label, text in rows}


def read_html(data: bytes) -> set[tuple[str, str, str]]:
    doc = lhtml.fromstring(data)
    out = set()
    for row in doc.xpath("//table[@class='units']/tbody/tr"):
        for cell in row.xpath("td"):
            text = cell.xpath("div[@class='text']")
            if text:
                out.add((row.get("id")[2:], cell.get("lang"), text[0].text_content()))
    return out


READERS: dict[str, Callable[[bytes], set[tuple[str, str, str]]]] = {
    "tmx": read_tmx,
    "xliff": read_xliff,
    "csv": lambda data: read_table(data, "csv"),
    "parquet": lambda data: read_table(data, "parquet"),
    "html": read_html,
    "sqlite": read_sqlite,
}
EXPECTED_LANGS: dict[str, tuple[str, ...] | None] = {"xliff": ("vi", "ru")}


def test_every_format_has_a_reader() -> None:
    assert set(READERS) == set(FORMATS)


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_contract(fmt: str, tmp_path: Path) -> None:
    corpus = _corpus()
    options = OPTIONS.get(fmt, ExportOptions())
    target = tmp_path / f"out{FORMATS[fmt].suffix}"
    write_export(corpus, fmt, target, options)
    data = target.read_bytes()
    assert data
    assert render_export(_corpus(), fmt, options) == data, "same input must give the same bytes"
    assert READERS[fmt](data) == _units(corpus, EXPECTED_LANGS.get(fmt), labelled=fmt not in UNLABELLED)
    assert [p.name for p in tmp_path.iterdir()] == [target.name], "no temporary file left behind"


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_markup_in_law_text_is_data(fmt: str) -> None:
    corpus = Corpus([script_edition(), *seed_editions()[1:2]])
    corpus.set_findings([])  # the report would otherwise run the diff stage (and load the model)
    corpus.set_alignment(None)
    options = ExportOptions(src="en", tgt="ru", level="clause", include_unaligned=True)
    data = render_export(corpus, fmt, options)
    expected = _units(corpus, ("en",), labelled=fmt not in UNLABELLED)
    assert READERS[fmt](data) >= {u for u in expected if u[0] == "68C"} or fmt == "xliff"
    if fmt in ("tmx", "xliff", "html"):
        assert b"<script>alert" not in data


def test_tmx_header_and_units() -> None:
    data = render_export(_corpus(), "tmx", ExportOptions(level="clause"))
    root = etree.fromstring(data)
    header = root.find("header")
    assert header.get("creationtool") == "lawalign" and header.get("srclang") == "vi"
    assert header.get("segtype") == "paragraph"
    assert "creationdate" not in header.attrib
    tuids = [tu.get("tuid") for tu in root.iter("tu")]
    assert len(tuids) == len(set(tuids))
    every = etree.fromstring(
        render_export(_corpus(), "tmx", ExportOptions(level="clause", include_unaligned=True))
    )
    assert len(list(every.iter("tu"))) == len(_corpus().ids()) > len(tuids)
    for tu in root.iter("tu"):  # without --include-unaligned: no single-language unit
        assert len(tu.findall("tuv")) >= 2
    tu = root.find("body/tu[@tuid='68B2']")
    langs = [tuv.get("{http://www.w3.org/XML/1998/namespace}lang") for tuv in tu.iter("tuv")]
    assert langs == ["vi", "ru", "tr"]
    ru = tu.find("tuv[@{http://www.w3.org/XML/1998/namespace}lang='ru']")
    assert ru.find("prop[@type='x-label']").text == "2."
    assert not ru.find("seg").text.startswith("2.")
    assert {(i, s) for i, s in read_tmx_toolkit(data) if i == "68B2"}  # translate-toolkit reads it too


def test_tmx_srclang_is_the_first_edition_without_an_authoritative_one() -> None:
    editions = [e for e in seed_editions()[1:]]
    root = etree.fromstring(render_export(Corpus(editions), "tmx", ExportOptions(level="clause")))
    assert root.find("header").get("srclang") == editions[0].lang != "*all*"
    with pytest.raises(ConfigError, match="no such edition"):
        render_export(Corpus(editions), "tmx", ExportOptions(src="de", level="clause"))


def test_xliff_pair_choice() -> None:
    corpus = _corpus()  # vi is authoritative
    root = etree.fromstring(render_export(corpus, "xliff", ExportOptions(tgt="tr", level="clause")))
    assert (root.get("srcLang"), root.get("trgLang")) == ("vi", "tr")
    with pytest.raises(ConfigError, match="choose --tgt from ru, tr"):
        render_export(corpus, "xliff")
    with pytest.raises(ConfigError, match="no such edition"):
        render_export(corpus, "xliff", ExportOptions(tgt="de"))
    with pytest.raises(ConfigError, match="unknown XLIFF version"):
        render_export(corpus, "xliff", ExportOptions(tgt="tr", xliff_version="1.1"))
    assert root.find(".//{*}unit[@id='68.intro']") is None  # vi lacks it: no unit with an empty source
    kept = root.find("{*}file/{*}notes/{*}note[@category='missing-source']").text
    assert kept.startswith("68.intro: no vi source; tr text: Bu yasalara")
    missing = root.find(".//{*}unit[@id='68C']")  # vi has 68C, tr lacks nothing; ru is not the target
    assert missing is not None


def test_xliff_findings_labels_and_states_in_both_versions() -> None:
    from translate.storage import xliff, xliff2

    corpus = _corpus()  # seed findings: an error on vi 68D, a warning on tr 68A
    for version in ("2.0", "1.2"):
        options = ExportOptions(tgt="tr", level="clause", xliff_version=version)
        data = render_export(corpus, "xliff", options)
        store = (xliff2.Xliff2File if version == "2.0" else xliff.xlifffile)(io.BytesIO(data))
        assert (store.getsourcelanguage(), store.gettargetlanguage()) == ("vi", "tr")
        # toolkit ids: 2.0 "68B1::s"; 1.2 "<file>\x0468B1.s"
        ids = [u.getid().split("::")[0].split("\x04")[-1] for u in store.units]
        units = {
            (i if version == "2.0" else i.rsplit(".", 1)[0]): u for i, u in zip(ids, store.units, strict=True)
        }
        assert not units["68B1"].source.startswith("1.") and not units["68B1"].target.startswith("1.")
        root = etree.fromstring(data)
        if version == "1.2":
            notes = {uid: unit.getnotes() for uid, unit in units.items()}
        else:  # XLIFF 2.0 puts <notes> in the <unit>; translate-toolkit 3.20 looks inside <segment>
            notes = {
                u.get("id"): "\n".join(n.text for n in u.iterfind("{*}notes/{*}note"))
                for u in root.iter("{*}unit")
            }
        assert "cites Law 73D3" in notes["68D"]
        assert "the Law 54 exception is missing" in notes["68A"]
        assert "printed label: 1." in notes["68B1"]
        if version == "1.2":
            assert (
                root.find(".//{*}trans-unit[@id='68D.s']/{*}target").get("state")
                == "needs-review-translation"
            )
            # a warning marks its unit for review too (by default every finding does)
            assert (
                root.find(".//{*}trans-unit[@id='68A.s']/{*}target").get("state")
                == "needs-review-translation"
            )
            assert root.find(".//{*}trans-unit[@id='68B1.s']/{*}target").get("state") == "translated"
        else:
            seg = root.find(".//{*}unit[@id='68D']/{*}segment")
            assert (seg.get("state"), seg.get("subState")) == ("initial", "lawalign:needs-review-translation")
            assert root.find(".//{*}unit[@id='68A']/{*}segment").get("state") == "initial"
            assert root.find(".//{*}unit[@id='68B1']/{*}segment").get("state") == "translated"
        raised = etree.fromstring(
            render_export(
                corpus,
                "xliff",
                ExportOptions(tgt="tr", level="clause", xliff_version=version, review_on="error"),
            )
        )
        state = (
            ".//{*}trans-unit[@id='68A.s']/{*}target"
            if version == "1.2"
            else ".//{*}unit[@id='68A']/{*}segment"
        )
        assert raised.find(state).get("state") == "translated"


def test_stdout_for_text_formats_only(capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    write_export(_corpus(), "csv", "-")
    assert capsysbinary.readouterr().out.startswith(b"id,law,kind,role,lang,text")
    with pytest.raises(ConfigError, match="binary format"):
        write_export(_corpus(), "parquet", "-")


def test_failed_export_leaves_old_file(tmp_path: Path) -> None:
    target = tmp_path / "out.xlf"
    target.write_bytes(b"old")
    with pytest.raises(ConfigError):
        write_export(_corpus(), "xliff", target)  # ambiguous pair: fails before writing
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.xlf"]


def test_unknown_format() -> None:
    with pytest.raises(ConfigError, match="valid: csv, html, parquet, sqlite, tmx, xliff"):
        render_export(_corpus(), "docx")
