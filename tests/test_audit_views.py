"""One vocabulary for every view of the bundled corpus: the SQL and pandas ``term`` is the variant
``lawalign terms`` shows, the documented full-text tip finds every unit, every unit's sentences are
reachable from Python, frames take ``lang``, edition-level findings have a null id, and ``show``
takes the default corpus and "Rule 68B2"."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from lawalign.cli import main
from lawalign.errors import ConfigError
from lawalign.query import open_corpus
from lawalign.query.refs import UnitRef

pytestmark = pytest.mark.model
DOCS = Path(__file__).resolve().parents[1] / "docs"


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> sqlite3.Connection:
    out = tmp_path_factory.mktemp("sql") / "corpus.sqlite"
    assert main(["export", "corpus", "--format", "sqlite", "-o", str(out)]) == 0
    return sqlite3.connect(out)


def test_term_column_is_the_variant_terms_shows(
    db: sqlite3.Connection, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["terms", "claim", "corpus", "--format", "json"]) == 0
    entry = json.loads(capsys.readouterr().out)[0]
    shown = {lang["lang"]: {r["variant"] for r in lang["renderings"]} for lang in entry["langs"]}
    assert shown["tr"] == {"talep"}
    sql = {
        lang: {
            t
            for (t,) in db.execute(
                "SELECT DISTINCT term FROM terms WHERE concept='claim' AND lang=?", (lang,)
            )
        }
        for lang in shown
    }
    assert sql == shown
    matched = {
        m for (m,) in db.execute("SELECT DISTINCT matched FROM terms WHERE concept='claim' AND lang='tr'")
    }
    assert matched == {"talep", "talebi", "talebe", "talebin"}
    frame = open_corpus("corpus").terms_frame(lang="tr")
    assert set(frame[frame["concept"] == "claim"]["term"]) == {"talep"} and set(frame["lang"]) == {"tr"}


def test_documented_full_text_tip_finds_every_unit(db: sqlite3.Connection) -> None:
    doc = (DOCS / "database.md").read_text(encoding="utf-8")
    fts = next(line for line in doc.splitlines() if "MATCH 'tale*'" in line)
    by_terms = next(line for line in doc.splitlines() if line.startswith("SELECT DISTINCT id FROM terms"))
    full = {uid for (uid,) in db.execute(fts)}
    termbase = {uid for (uid,) in db.execute(by_terms)}
    assert full == termbase and len(full) == 7
    assert "talep*" not in fts


def test_sentences_of_single_language_units_from_python(db: sqlite3.Connection) -> None:
    corpus = open_corpus("corpus")
    vi = corpus.sentences(lang="vi")
    assert {"70C1", "69B.wrap", "70.fn1"} <= set(vi["id"])  # Laws 69-70: only Vietnamese has them
    sql = set(db.execute("SELECT id, lang, n, text FROM sentences WHERE lang = 'vi'"))
    assert {(r.id, r.lang, r.n, r.text) for r in vi.itertuples()} == sql
    assert len(corpus.sentences()) == db.execute("SELECT count(*) FROM sentences").fetchone()[0]


def test_frames_take_lang_and_citing_is_documented() -> None:
    corpus = open_corpus("corpus")
    assert set(corpus.frame(lang="ru")["lang"]) == {"ru"}
    assert set(corpus.frame(lang="ru,tr")["lang"]) == {"ru", "tr"}
    assert set(corpus.findings(lang=["tr"])["lang"]) == {"tr"}
    with pytest.raises(ConfigError, match="no edition in de"):
        corpus.frame(lang="de")
    refs = corpus.citing("16")
    assert refs and all(isinstance(r, UnitRef) for r in refs)
    assert "Corpus.citing(q, *, langs=None) -> list[UnitRef]" in (DOCS / "query.md").read_text(
        encoding="utf-8"
    )


def test_edition_level_findings_have_null_id(
    db: sqlite3.Connection, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["diff", "corpus", "--format", "json"]) in (0, 1)
    out = capsys.readouterr().out
    findings = json.loads(out)
    findings = findings["findings"] if isinstance(findings, dict) else findings
    debris = [f for f in findings if f["type"] == "debris"]
    assert debris and all(f["id"] is None for f in debris)
    assert all(f["id"] != "" for f in findings)
    frame = open_corpus("corpus").findings()
    assert frame[frame["type"] == "debris"]["id"].isna().all()
    assert db.execute("SELECT count(*) FROM findings WHERE id = ''").fetchone()[0] == 0
    assert db.execute("SELECT count(*) FROM findings WHERE id IS NULL").fetchone()[0] == len(
        [f for f in findings if f["id"] is None]
    )


def test_show_defaults_to_corpus_and_reads_rule(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "68B2", "--no-findings", "--format", "json"]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert main(["show", "Rule 68B2", "--no-findings", "--format", "json"]) == 0
    rule = json.loads(capsys.readouterr().out)
    assert plain["id"] == rule["id"] == "68B2"
    assert {e["lang"] for e in rule["langs"] if e["present"]} == {"vi", "ru", "tr"}
