"""The show, search, report and export commands, on hand-segmented seeds (no model)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import lawalign.commands._corpus_args
from lawalign.cli import main
from lawalign.query import Corpus
from lawalign.run import Run
from query_fixtures import seed_editions, seed_findings


@pytest.fixture(autouse=True)
def _seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    def run_of(args: object, paths: object = None, align: bool = True) -> Run:
        return Run.from_editions(seed_editions())

    monkeypatch.setattr(lawalign.commands._corpus_args, "run_of", run_of)
    monkeypatch.setattr(Corpus, "finding_list", lambda self: seed_findings())


def test_show_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "Điều 68D", "corpus"]) == 0
    out = capsys.readouterr().out
    assert "== 68D · vi · corpus/raw/000_e6edf3a6b624c89e.txt:15\n" in out
    assert (
        "== 68D · ru · corpus/raw/002_1323563bdd032735.txt:23-25\n[68D.title] D. Розыгрыш прекращается" in out
    )
    assert "  ! error cross-reference 68D: cites Law 73D3" in out
    assert "(inferred id, confidence 0.80)" in out


def test_show_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "68.intro", "corpus", "--format", "json", "--lang", "vi,tr"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["id"] == "68.intro" and [e["lang"] for e in data["langs"]] == ["vi", "tr"]
    assert data["langs"][0]["present"] is False and data["langs"][0]["findings"][0]["type"] == "omission"
    assert data["langs"][1]["source"] == {
        "path": "corpus/raw/003_e30df247acf19ab2.txt",
        "line_start": 1,
        "line_end": 1,
    }


def test_show_unknown_id_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "68F", "corpus"]) == 2
    assert "did you mean 68D" in capsys.readouterr().err


def test_search_exact_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["search", "57A", "corpus", "--exact", "--format", "json", "--top", "2"]) == 0
    hits = json.loads(capsys.readouterr().out)
    assert [(h["lang"], h["id"]) for h in hits] == [("vi", "68.fn1"), ("ru", "68.fn1")]
    assert set(hits[0]) == {"lang", "id", "score", "text", "source", "match"}


def test_search_regex_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["search", r"\b16D\b", "corpus", "--regex", "--lang", "tr"]) == 0
    assert capsys.readouterr().out.startswith(
        "     1  tr  68B2      corpus/raw/003_e30df247acf19ab2.txt:6  2. "
    )


def test_search_takes_a_pasted_paragraph_longer_than_a_file_name(capsys: pytest.CaptureFixture[str]) -> None:
    """The first word is the query unless it names a path; a paragraph of 300 characters cannot, and
    asking the file system about it failed with "File name too long" (exit 2)."""
    rows = [
        line for line in Path("corpus/raw/002_1323563bdd032735.txt").read_text("utf-8").splitlines() if line
    ]
    pasted = " ".join(rows[3:8])
    assert len(pasted.encode()) > 255
    assert main(["search", pasted, "corpus", "--lexical", "--format", "json", "--top", "1"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["lang"] == "ru"


def test_report_and_export(tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    assert main(["report", "corpus", "-o", str(page)]) == 0
    assert b"cites Law 73D3" in page.read_bytes()
    out = tmp_path / "c.tmx"
    clause_tmx = ["--format", "tmx", "--level", "clause", "--include-unaligned", "-o", str(out)]
    assert main(["export", "corpus", *clause_tmx]) == 0
    assert out.read_bytes().count(b"<tu ") == 34
    assert main(["export", "corpus", "--format", "xliff", "-o", str(tmp_path / "x.xlf")]) == 2
    assert not (tmp_path / "x.xlf").exists()


def test_export_stdout(capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    pair = ["--src", "ru", "--tgt", "tr", "--level", "clause"]
    assert main(["export", "corpus", "--format", "xliff", *pair, "-o", "-"]) == 0
    assert b'srcLang="ru" trgLang="tr"' in capsysbinary.readouterr().out


@pytest.mark.parametrize("name", ["show", "search", "report", "export"])
def test_help(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([name, "--help"]) == 0
    assert "FILE|CORPUS" in capsys.readouterr().out
    assert f"lawalign {name}" in (Path(__file__).parents[1] / "docs" / "query.md").read_text(encoding="utf-8")
