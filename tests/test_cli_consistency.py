"""One CLI: --lang filters output everywhere, --input-lang states the input's language, findings by
file and line with an `id` field and a suggestion each, --version, "did you mean", report counts."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from lawalign.cli import main
from lawalign.diff import find_divergences
from lawalign.diff.findings import order_findings
from lawalign.export import ExportOptions, render_report
from lawalign.query import Corpus
from lawalign.run import load_editions

ROOT = Path(__file__).resolve().parents[1]
TR = "corpus/raw/003_e30df247acf19ab2.txt"


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("lawalign ") and out.split()[1][0].isdigit()


def test_did_you_mean_a_command_or_a_value(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serach", "claim"]) == 2
    assert "did you mean search?" in capsys.readouterr().err
    assert main(["diff", "corpus", "--format", "jsn"]) == 2
    assert "did you mean json?" in capsys.readouterr().err


def test_did_you_mean_a_mistyped_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["units", "--langg", "vi", "corpus/raw/000_e6edf3a6b624c89e.txt"]) == 2
    assert "did you mean --lang" in capsys.readouterr().err
    assert main(["show", "68B2", "corpus", "--no-such-flag"]) == 2
    assert "did you mean" not in capsys.readouterr().err


def test_diff_lang_shows_only_that_language_by_file_and_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", "corpus", "--no-align", "--lang", "tr", "--format", "json"]) == 0
    findings = json.loads(capsys.readouterr().out)["findings"]
    assert findings and {f["lang"] for f in findings} == {"tr"}
    assert all("id" in f and "unit" not in f and f["suggestion"] for f in findings)
    lines = [next(e["line"] for e in f["evidence"] if e["lang"] == "tr") for f in findings]
    assert lines == sorted(lines)


def test_diff_sort_orders(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", "corpus", "--no-align", "--sort", "severity", "--format", "csv"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].split(",")[:4] == ["type", "severity", "lang", "id"]
    ranks = [{"error": 0, "warning": 1, "info": 2}[r.split(",")[1]] for r in rows[1:]]
    assert ranks == sorted(ranks)


def test_lang_naming_no_edition_points_to_input_lang(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["units", TR, "--lang", "vi"]) == 2
    err = capsys.readouterr().err
    assert "--input-lang vi" in err and "(the editions are in: tr)" in err and err.count("\n") == 1
    assert main(["units", TR, "--input-lang", "tr", "--format", "jsonl"]) == 0
    assert {json.loads(line)["lang"] for line in capsys.readouterr().out.splitlines()} == {"tr"}
    assert main(["units", "corpus", "--lang", "ru,tr", "--format", "jsonl"]) == 0
    assert {json.loads(line)["lang"] for line in capsys.readouterr().out.splitlines()} == {"ru", "tr"}


def test_ingest_lang_filters_what_is_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ingest", "corpus", "--lang", "ru", "-o", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ru.xml"]


def test_every_finding_carries_a_suggestion() -> None:
    editions = load_editions([ROOT / "corpus"])
    findings = find_divergences(editions, None)
    assert findings and [f for f in findings if not f.suggestion] == []
    by_file = order_findings(findings, "file")
    assert [f.key for f in order_findings(by_file, "id")] == [f.key for f in findings]


def test_report_counts_follow_the_language_filter() -> None:
    editions = load_editions([ROOT / "corpus"])
    corpus = Corpus(editions)
    findings = find_divergences(editions, None)
    page = render_report(corpus, findings, ExportOptions(langs=("tr",))).decode("utf-8")
    n_tr = sum(1 for f in findings if f.lang == "tr")
    assert "1 edition shown" in page and "1 editions" not in page
    assert f"{n_tr} findings: " in page and n_tr < len(findings)


def test_show_keeps_a_second_edition_of_one_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copytree(ROOT / "corpus", tmp_path / "corpus", ignore=shutil.ignore_patterns("build"))
    manifest = tmp_path / "corpus" / "manifest.toml"
    manifest.write_text(
        manifest.read_text(encoding="utf-8")
        + '\n[[edition]]\nname = "tr-blog"\nfile = "raw/003_e30df247acf19ab2.txt"\nlang = "tr"\n',
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    assert main(["show", "68B2", "corpus", "--no-findings", "--format", "json", "--lang", "tr"]) == 0
    entries = json.loads(capsys.readouterr().out)["langs"]
    assert [(e["lang"], e["edition"], e["present"]) for e in entries] == [
        ("tr", "tr", True),
        ("tr", "tr-blog", True),
    ]
    assert main(["show", "68B2", "corpus", "--no-findings", "--lang", "tr"]) == 0
    out = capsys.readouterr().out
    assert "== 68B2 · tr/tr · " in out and "== 68B2 · tr/tr-blog · " in out
