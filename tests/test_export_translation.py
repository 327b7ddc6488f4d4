"""Sentence-level TMX and XLIFF of the seeds (real alignment), read back as a CAT tool would:
python-tmx and translate-toolkit see the right source language, sentence segments, no printed labels
inside segments, and the findings as notes."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from lxml import etree

from lawalign.align.embed import get_embedder
from lawalign.align.sentences import split_sentences
from lawalign.export import ExportOptions, render_export
from lawalign.query import Corpus
from query_fixtures import seed_editions, seed_findings

pytestmark = pytest.mark.model
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Corpus:
    cache: Path = tmp_path_factory.mktemp("embeddings")
    corpus = Corpus(seed_editions(), embedder=get_embedder("e5", cache))
    corpus.set_findings(seed_findings())
    return corpus


def _labels(corpus: Corpus) -> dict[tuple[str, str], str]:
    return {(u.lang, u.id): u.label for e in corpus.editions for u in e.law_units if u.label}


def _sentences(corpus: Corpus) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for e in corpus.editions:
        for u in e.law_units:
            text = u.text
            out.setdefault(e.lang, set()).update(split_sentences(text, e.lang))
    return out


def test_sentence_tmx(corpus: Corpus) -> None:
    import PythonTmx
    from translate.storage import tmx

    data = render_export(corpus, "tmx")
    assert data == render_export(corpus, "tmx"), "deterministic"
    root = etree.fromstring(data, etree.XMLParser(resolve_entities=False, no_network=True))
    header = root.find("header")
    assert (header.get("srclang"), header.get("segtype")) == ("vi", "sentence")
    doc = PythonTmx.from_element(root)
    labels = _labels(corpus)
    sentences = _sentences(corpus)
    multi = 0
    units: dict[str, int] = {}
    for tu in doc.tus:
        langs = [tuv.lang for tu_ in [tu] for tuv in tu_.tuvs]
        # no single-language unit, source first (a unit vi lacks names its own source language)
        assert len(langs) >= 2 and langs[0] == (tu.srclang or "vi")
        unit = next(p.text for p in tu.props if p.type == "x-unit")
        units[unit] = units.get(unit, 0) + 1
        for tuv in tu.tuvs:
            text = "".join(str(c) for c in tuv.content)
            label = labels.get((tuv.lang, unit))
            assert not (label and text.startswith(label)), (unit, tuv.lang, text[:30])
            # a segment is one sentence or a few consecutive ones, never a whole multi-sentence unit
            assert text in sentences[tuv.lang] or any(text.startswith(s) for s in sentences[tuv.lang])
    multi = sum(1 for count in units.values() if count > 1)
    assert multi >= 3, "units of several sentences give several units of translation"
    store = tmx.tmxfile(io.BytesIO(data))
    vi = {"".join(str(c) for c in tu.tuvs[0].content) for tu in doc.tus}
    assert {u.source for u in store.units} == vi  # translate-toolkit takes vi as the source
    with_gaps = etree.fromstring(render_export(corpus, "tmx", ExportOptions(include_unaligned=True)))
    assert len(list(with_gaps.iter("tu"))) > len(doc.tus)


@pytest.mark.parametrize("version", ["2.0", "1.2"])
def test_sentence_xliff(corpus: Corpus, version: str) -> None:
    from translate.storage import xliff, xliff2

    data = render_export(corpus, "xliff", ExportOptions(tgt="ru", xliff_version=version))
    store = (xliff2.Xliff2File if version == "2.0" else xliff.xlifffile)(io.BytesIO(data))
    assert (store.getsourcelanguage(), store.gettargetlanguage()) == ("vi", "ru")
    labels = _labels(corpus)
    segments = [u for u in store.units if u.source]
    unit_ids = {u.getid().split("::")[0].split("\x04")[-1].rsplit(".s", 1)[0] for u in segments}
    assert len(segments) > len(unit_ids), "sentence segments, several per clause"
    for unit in segments:
        for lang, text in (("vi", unit.source), ("ru", unit.target)):
            assert not any(
                text.startswith(label) for (code, _), label in labels.items() if code == lang and text
            )
    root = etree.fromstring(data)
    if version == "2.0":
        unit = root.find(".//{*}unit[@id='68D']")
        notes = " ".join(n.text for n in unit.iterfind("{*}notes/{*}note"))
        assert {s.get("subState") for s in unit.iterfind("{*}segment")} == {
            "lawalign:needs-review-translation"
        }
    else:
        units = root.findall(".//{*}group[@id='68D']/{*}trans-unit")
        notes = " ".join(n.text for u in units for n in u.iterfind("{*}note"))
        assert {u.find("{*}target").get("state") for u in units} == {"needs-review-translation"}
        toolkit = [u for u in store.units if u.getid().split("\x04")[-1].rsplit(".s", 1)[0] == "68D"]
        assert toolkit and all("cites Law 73D3" in u.getnotes() for u in toolkit)
    assert "cites Law 73D3" in notes
