"""corpus.sqlite (export/sqlite.py) and `lawalign sql`: same units as units.jsonl, FTS5, read-only SQL."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from lawalign.cli import main
from lawalign.diff.formats import findings_to_json
from lawalign.export.sqlite import TABLES, database_bytes
from lawalign.output import format_rows, iter_units_rows
from lawalign.run import load_editions
from query_fixtures import seed_findings

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A structure-only build of the bundled corpus (no model)."""
    root = tmp_path_factory.mktemp("db")
    shutil.copytree(ROOT / "corpus", root / "corpus", ignore=shutil.ignore_patterns("build"))
    out = root / "corpus" / "build"
    assert main(["build", str(root / "corpus"), "--no-align", "--out", str(out)]) == 0
    return out


def _connect(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)


def test_every_unit_of_units_jsonl_with_the_same_ids(built: Path) -> None:
    rows = [json.loads(line) for line in (built / "units.jsonl").read_text(encoding="utf-8").splitlines()]
    db = _connect(built / "corpus.sqlite")
    got = db.execute("SELECT id, lang, kind, text, path, line_start FROM units ORDER BY pk").fetchall()
    assert got == [
        (r["id"], r["lang"], r["kind"], r["text"], r["source"]["path"], r["source"]["line_start"])
        for r in rows
    ]
    names = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert set(TABLES) <= names
    assert db.execute("PRAGMA foreign_key_check").fetchall() == []
    assert db.execute("SELECT count(*) FROM editions").fetchone() == (3,)


def test_full_text_search_per_language(built: Path) -> None:
    db = _connect(built / "corpus.sqlite")
    query = (
        "SELECT u.lang, u.id FROM units_fts JOIN units u ON u.pk = units_fts.rowid "
        "WHERE units_fts MATCH ? AND u.lang = ? ORDER BY u.pk"
    )
    ru = db.execute(query, ("претензи*", "ru")).fetchall()
    assert ("ru", "68A") in ru and all(lang == "ru" for lang, _ in ru)
    assert ("vi", "68B2") in db.execute(query, ('"trọng tài"', "vi")).fetchall()
    assert db.execute(query, ('"trong tai"', "vi")).fetchall() == []  # diacritics are kept


def test_references_and_terms_tables(built: Path) -> None:
    db = _connect(built / "corpus.sqlite")
    cites = db.execute("SELECT lang, id FROM refs WHERE target_law = '16' ORDER BY lang, id").fetchall()
    assert cites == sorted((lang, uid) for lang in ("vi", "ru", "tr") for uid in ("68B2", "68.fn1"))
    (n,) = db.execute("SELECT count(*) FROM terms WHERE concept = 'claim' AND lang = 'ru'").fetchone()
    assert n == 13


def test_alignment_and_findings_rows_and_determinism() -> None:
    editions = load_editions([ROOT / "corpus"])
    units = format_rows(iter_units_rows(editions), "jsonl").encode("utf-8")
    ru, tr = (next(u for u in e.units if u.id == "68B1") for e in editions[1:])
    rows = [
        {
            "id": "68B1",
            "lang": u.lang,
            "edition": e.name,
            "score": 0.9,
            "beads": {"ru-tr": "[0]:[0]"},
            "sentences": [u.text],
        }
        for e, u in ((editions[1], ru), (editions[2], tr))
    ]
    rows.append(
        {
            "id": "68B9",
            "lang": "vi",
            "edition": editions[0].name,
            "score": 0.5,
            "beads": {},
            "sentences": [],
            "id_check": {"structure": "68B1", "proposed": "68B9", "agrees": False},
        }
    )
    rows.append({"id": "99Z", "lang": "vi", "edition": editions[0].name, "score": 0.5, "beads": {}})
    files = {
        "units.jsonl": units,
        "alignment.jsonl": format_rows(rows, "jsonl").encode("utf-8"),
        "findings.json": findings_to_json(seed_findings()).encode("utf-8"),
    }
    data = database_bytes(editions, files)
    assert data == database_bytes(editions, files)
    db = sqlite3.connect(":memory:")
    db.deserialize(data)
    assert db.execute("SELECT src_lang, tgt_lang, beads FROM beads").fetchall() == [("ru", "tr", "[0]:[0]")]
    assert db.execute("SELECT count(*) FROM sentences").fetchone() == (2,)
    relabelled = "SELECT u.id FROM alignments a JOIN units u ON u.pk = a.unit_pk WHERE a.id = '68B9'"
    assert db.execute(relabelled).fetchall() == [("68B1",)]  # the anchoring's id, the structure's unit
    assert db.execute("SELECT count(*) FROM alignments WHERE id = '99Z'").fetchone() == (0,)
    found = db.execute(
        "SELECT f.type, u.lang, u.id FROM findings f JOIN units u ON u.pk = f.unit_pk WHERE f.id = '68D'"
    ).fetchall()
    assert found and found[0] == ("cross-reference", "vi", "68D")
    assert db.execute("PRAGMA foreign_key_check").fetchall() == []


def test_sql_command_reads(built: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(built / "corpus.sqlite")
    sql = "SELECT lang, id FROM refs WHERE target = ? ORDER BY path, line"
    assert main(["sql", sql, "--db", db, "-p", "54", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == [{"lang": "vi", "id": "68A"}, {"lang": "ru", "id": "68A"}]
    assert main(["sql", "SELECT count(*) AS n FROM units WHERE kind = 'debris'", "--db", db]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "n"


@pytest.mark.parametrize(
    "statement",
    [
        "DELETE FROM units",
        "UPDATE units SET text = ''",
        "INSERT INTO editions (name) VALUES ('x')",
        "DROP TABLE units",
        "CREATE TABLE x (a)",
        "ATTACH DATABASE 'attached.sqlite' AS other",
        "VACUUM INTO 'copy.sqlite'",
    ],
)
def test_sql_refuses_writes(
    statement: str,
    built: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = built / "corpus.sqlite"
    before = path.read_bytes()
    monkeypatch.chdir(tmp_path)
    assert main(["sql", statement, "--db", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("sql: refused") and err.count("\n") == 1
    assert path.read_bytes() == before and list(tmp_path.iterdir()) == []


def test_sql_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sql", "SELECT 1", "--db", str(tmp_path / "none.sqlite")]) == 2
    assert "no database here" in capsys.readouterr().err
    bad = tmp_path / "bad.sqlite"
    bad.write_bytes(b"not a database at all" * 100)
    assert main(["sql", "SELECT 1", "--db", str(bad)]) == 2
    assert "not an SQLite database" in capsys.readouterr().err


@pytest.mark.parametrize("statement", ["", "   ", " ; ;", "-- a comment", "/* only */ ;", "/* open"])
def test_sql_without_a_statement(statement: str, built: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A blank query (an empty shell variable) printed nothing and exited 0, as if it had no rows."""
    assert main(["sql", statement, "--db", str(built / "corpus.sqlite")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("sql: no SQL statement") and err.count("\n") == 1


def test_sql_keeps_comments_and_literals(built: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sql = "/* count */ SELECT '--' AS dash, count(*) AS n FROM editions -- three seeds"
    assert main(["sql", sql, "--db", str(built / "corpus.sqlite"), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == [{"dash": "--", "n": 3}]


def test_export_sqlite_for_some_languages(tmp_path: Path) -> None:
    import lawalign.query.corpus as qc

    out = tmp_path / "ru-tr.sqlite"
    with pytest.MonkeyPatch.context() as mp:  # no model: no alignment, the seed findings
        mp.setattr(qc.Corpus, "alignment_result", lambda self: None)
        mp.setattr(qc.Corpus, "finding_list", lambda self: seed_findings())
        assert main(["export", "corpus", "--format", "sqlite", "--lang", "ru,tr", "-o", str(out)]) == 0
    db = _connect(out)
    assert db.execute("SELECT DISTINCT lang FROM units ORDER BY lang").fetchall() == [("ru",), ("tr",)]
    assert {lang for (lang,) in db.execute("SELECT lang FROM findings")} <= {"ru", "tr"}
    assert main(["export", "corpus", "--format", "sqlite", "-o", "-"]) == 2  # binary: not to stdout
