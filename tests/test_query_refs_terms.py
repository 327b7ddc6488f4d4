"""References and terms as data: the refs/terms commands, search --cites, frames, glossaries (no model)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ingest_fixtures import SEEDS
from lawalign.cli import main
from lawalign.errors import ConfigError
from lawalign.query import open_corpus
from lawalign.query.refs import falls_under
from lawalign.query.terms import read_glossary, same_variant, termbases


def _json(capsys: pytest.CaptureFixture[str]) -> object:
    return json.loads(capsys.readouterr().out)


def test_search_cites_law_16_in_every_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["search", "--cites", "16", "corpus", "--format", "json"]) == 0
    hits = _json(capsys)
    assert isinstance(hits, list)
    assert sorted((h["lang"], h["id"]) for h in hits) == sorted(
        (lang, uid) for lang in ("vi", "ru", "tr") for uid in ("68B2", "68.fn1")
    )
    assert {h["match"] for h in hits} >= {"Điều 16D", "Правило 16", "Yasa 16D"}


def test_search_cites_54_misses_the_turkish_68a(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["search", "--cites", "Law 54", "corpus", "--format", "json"]) == 0
    hits = _json(capsys)
    assert isinstance(hits, list)
    assert [(h["lang"], h["id"]) for h in hits] == [("vi", "68A"), ("ru", "68A")]


def test_search_cites_a_clause_and_sorts_by_file_and_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["search", "--cites", "70D3", "corpus", "--format", "json"]) == 0
    assert [(h["lang"], h["id"]) for h in _json(capsys)] == [("ru", "68D")]  # type: ignore[union-attr]
    assert main(["search", "--cites", "16", "corpus", "--lang", "ru"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[2] for line in lines] == ["68.fn1", "68B2"]  # the ru footnote stands first


def test_search_without_query_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["search", "corpus"]) == 2
    assert "needs a QUERY" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("target", "query", "expected"),
    [
        ("16D", "16", True),
        ("16D3", "16D", True),
        ("160", "16", False),
        ("70", "70D3", False),
        ("71.1", "71", True),
        ("68B10", "68B1", False),
        ("68B.title", "68B", True),
    ],
)
def test_falls_under(target: str, query: str, expected: bool) -> None:
    assert falls_under(target, query) is expected


def test_refs_command_rows_and_reverse_index(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["refs", "corpus", "--format", "json", "--lang", "tr"]) == 0
    rows = _json(capsys)
    assert isinstance(rows, list)
    assert [(r["id"], r["target"], r["kind"], r["surface"]) for r in rows] == [
        ("68B2", "68B1", "internal", "1’deki"),
        ("68B2", "16D", "external", "Yasa 16D"),
        ("68.fn1", "16", "external", "Yasa 16"),
        ("68.fn1", "57A", "external", "Yasa 57A"),
    ]
    assert rows[1]["path"] == "corpus/raw/003_e30df247acf19ab2.txt" and rows[1]["line"] == 6
    assert main(["refs", "corpus", "--reverse", "--format", "json", "--cites", "70"]) == 0
    index = _json(capsys)
    assert isinstance(index, list)
    assert [r["target"] for r in index] == ["70", "70C", "70D3"]
    assert [(b["lang"], b["id"]) for b in index[0]["cited_by"]] == [
        ("vi", "68D"),
        ("vi", "70.fn1"),
        ("ru", "68D"),
    ]


def test_frames_have_refs() -> None:
    corpus = open_corpus("corpus")
    units = corpus.frame()
    row = units[(units["id"] == "68B2") & (units["lang"] == "ru")].iloc[0]
    assert list(row["refs"]) == ["68B1", "16D"]
    refs = corpus.refs_frame()
    assert set(refs[refs["target"] == "54"]["lang"]) == {"vi", "ru"}
    assert refs["line"].dtype == "int64"


def test_terms_claim_per_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["terms", "claim", "corpus", "--format", "json"]) == 0
    entries = _json(capsys)
    assert isinstance(entries, list) and [e["concept"] for e in entries] == ["claim"]
    by_lang = {e["lang"]: e for e in entries[0]["langs"]}
    assert set(by_lang) == {"vi", "ru", "tr"}
    ru = by_lang["ru"]["renderings"]
    assert [r["variant"] for r in ru] == ["претензи"] and "претензией" in ru[0]["forms"]
    assert "68A" in ru[0]["ids"] and by_lang["ru"]["count"] == sum(ru[0]["forms"].values())
    tr = by_lang["tr"]["renderings"]
    assert len(tr) == 1 and set(tr[0]["terms"]) >= {"talep", "talebi"}  # one stem, several inflections
    assert by_lang["vi"]["renderings"][0]["variant"] == "yêu sách"


def test_terms_two_renderings_where_the_english_varies_are_noted_not_flagged(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # the 2007 English says "immediately" in 68B2 and "at once" in 68C and 68D (termbase: varies)
    assert main(["terms", "немедленно", "corpus", "--format", "json", "--lang", "ru"]) == 0
    entries = _json(capsys)
    assert isinstance(entries, list)
    ru = entries[0]["langs"][0]
    assert entries[0]["concept"] == "at-once" and ru["consistent"] is True and not ru["flags"]
    assert "'немедленно'" in ru["notes"][0] and "'сразу'" in ru["notes"][0]


def test_terms_flags_two_variants_where_the_english_has_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = SEEDS["vi"].read_text(encoding="utf-8")
    text = text.replace("nếu ĐTTC ngửa bài", "nếu người cầm cái ngửa bài")
    edition = tmp_path / "vi.txt"
    edition.write_text(text.replace("ĐTPN", "ĐTTC", 1), encoding="utf-8")
    assert main(["terms", "declarer", str(edition), "--format", "json"]) == 0
    vi = _json(capsys)[0]["langs"][0]  # type: ignore[index]
    assert vi["consistent"] is False and "'người cầm cái'" in vi["flags"][0] and "'ĐTTC'" in vi["flags"][0]


def test_terms_unknown_term_suggests(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["terms", "clam", "corpus"]) == 2
    assert "did you mean claim" in capsys.readouterr().err


def test_same_variant() -> None:
    assert same_variant("talep", "talebin") and not same_variant("ĐTTC", "đấu thủ tấn công")


TBX = """<?xml version="1.0" encoding="UTF-8"?>
<martif type="TBX" xml:lang="en"><text><body>
  <termEntry id="c7">
    <langSet xml:lang="en"><tig><term>claim</term></tig></langSet>
    <langSet xml:lang="ru">
      <tig><term>заявлени</term></tig>
      <tig><term>требовани</term>
        <termNote type="administrativeStatus">deprecatedTerm-admn-sts</termNote></tig>
    </langSet>
  </termEntry>
  <termEntry id="lead">
    <langSet xml:lang="ru"><tig><term>заход</term></tig></langSet>
  </termEntry>
</body></text></martif>
"""


def test_tbx_glossary_joins_the_bundled_concept(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "club.tbx"
    path.write_text(TBX, encoding="utf-8")
    bases = read_glossary(path)
    claim = bases["ru"].concept("claim")
    assert claim is not None and claim.terms == ("заявлени",) and claim.avoid == ("требовани",)
    assert bases["ru"].concept("lead") is not None
    merged = termbases(["ru"], [path])["ru"].concept("claim")
    assert merged is not None and merged.terms[0] == "претензи" and "заявлени" in merged.terms
    assert main(["terms", "lead", "corpus", "--data", str(path), "--format", "json"]) == 0
    entries = _json(capsys)
    assert isinstance(entries, list) and entries[0]["concept"] == "lead"


def test_toml_glossary_and_bad_glossaries(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "mine.toml"
    good.write_text(
        'lang = "tr"\n[concept.claim]\nterms = ["iddia"]\navoid = ["talebin"]\n', encoding="utf-8"
    )
    assert main(["terms", "claim", "corpus", "--data", str(good), "--lang", "tr", "--format", "json"]) == 0
    tr = _json(capsys)[0]["langs"][0]  # type: ignore[index]
    assert tr["consistent"] is False and any("avoid" in f for f in tr["flags"])
    bad = tmp_path / "bad.toml"
    bad.write_text("[concept.claim]\nterms = []\n", encoding="utf-8")
    assert main(["terms", "claim", "corpus", "--data", str(bad)]) == 2
    assert capsys.readouterr().err.startswith(f"{bad}: ")
    broken = tmp_path / "broken.tbx"
    broken.write_text("<martif><text>", encoding="utf-8")
    assert main(["terms", "--data", str(broken), "corpus"]) == 2
    assert str(broken) in capsys.readouterr().err


def test_terms_frame_and_corpus_api() -> None:
    corpus = open_corpus("corpus")
    frame = corpus.terms_frame()
    assert {"concept", "id", "lang", "term", "form", "line"} <= set(frame.columns)
    assert (frame[(frame["concept"] == "claim")]["lang"].unique().tolist()) == ["vi", "ru", "tr"]
    with pytest.raises(ConfigError):
        corpus.citing("not a clause")


def test_glossary_from_a_data_folder(tmp_path: Path) -> None:
    folder = tmp_path / "data" / "termbase"
    folder.mkdir(parents=True)
    (folder / "vi.toml").write_text('lang = "vi"\n[concept.claim]\nterms = ["đòi"]\n', encoding="utf-8")
    claim = read_glossary(tmp_path / "data")["vi"].concept("claim")
    assert claim is not None and claim.terms == ("đòi",)
