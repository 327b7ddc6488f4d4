"""The command line: every command has help and is documented; units rows keep their contract;
bad input exits 2 with one located line and writes nothing; build is deterministic."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from lawalign.cli import COMMANDS, build_parser, main

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", COMMANDS)
def test_every_command_has_help_and_is_in_the_readme(name, capsys):
    assert main([name, "--help"]) == 0
    out = capsys.readouterr().out
    assert "usage: lawalign " + name in out
    assert f"`lawalign {name}" in README


def test_parser_lists_exactly_the_commands():
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    assert tuple(sub.choices) == COMMANDS


def test_units_rows_keep_the_public_contract(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert main(["units", "corpus"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(rows) == 30 + 1 + 12 + 1 + 11 + 3
    for row in rows:
        assert {"id", "kind", "lang", "text", "source", "inferred", "confidence"} <= set(row)
        assert set(row["source"]) == {"path", "line_start", "line_end"}
        assert row["kind"] in {"title", "text", "footnote", "debris"}
        if row["kind"] == "debris":
            assert row["reason"]
    dup = next(r for r in rows if r.get("duplicate_of") == "68.title")
    assert dup["source"] == {"path": "corpus/raw/000_e6edf3a6b624c89e.txt", "line_start": 3, "line_end": 3}


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "empty file"),
        (b"\x00\x01\x02binary\xff\xfe\x00\x00" * 50, "binary"),
        (b"Just a shopping list.\nMilk and bread.\n", "no recognizable law structure"),
        (b'<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY a "aaaa">]>\n<x>&a;</x>\n', "entit"),
    ],
)
def test_bad_input_exits_2_with_a_located_line_and_no_output(tmp_path, capsys, content, message):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(content)
    good = ROOT / "corpus" / "raw" / "002_1323563bdd032735.txt"
    out = tmp_path / "out"
    assert main(["ingest", str(good), str(bad), "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert err.startswith(str(bad))
    assert message in err
    assert "Traceback" not in err
    assert not out.exists()


def test_a_text_without_law_is_listed_as_debris_with_one_warning(tmp_path, capsys):
    """Read, not refused: every line a debris row, one located warning; ingest refuses it."""
    text = tmp_path / "list.txt"
    text.write_text("Just a shopping list.\nMilk and bread.\n", encoding="utf-8")
    assert main(["units", str(text), "--input-lang", "en"]) == 0
    captured = capsys.readouterr()
    rows = [json.loads(line) for line in captured.out.splitlines()]
    assert [(r["kind"], r["text"]) for r in rows] == [
        ("debris", "Just a shopping list."),
        ("debris", "Milk and bread."),
    ]
    assert captured.err.splitlines() == [
        f"{text}:1:1: warning: no recognizable law structure (no law heading, section label, numbered point "
        "or reference); every line is recorded as debris"
    ]
    assert main(["ingest", str(text), "--input-lang", "en", "-o", str(tmp_path / "out")]) == 2
    assert not (tmp_path / "out").exists()


def test_missing_path_and_folder_without_manifest(tmp_path, capsys):
    assert main(["units", str(tmp_path / "nope.txt")]) == 2
    assert main(["units", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "nope.txt: no such file" in err
    assert "manifest" in err


def test_huge_file_is_refused_without_reading_it(tmp_path, capsys):
    big = tmp_path / "big.txt"
    with big.open("wb") as fh:
        fh.truncate(50 * 1024 * 1024)  # sparse: 50 MB of NUL bytes on disk costs nothing
    assert main(["units", str(big)]) == 2
    err = capsys.readouterr().err
    assert str(big) in err and "MB" in err


def test_ingest_writes_valid_akn_per_input(tmp_path, capsys):
    from lawalign.structure.akn import validate

    raw = sorted((ROOT / "corpus" / "raw").glob("*.txt"))
    assert main(["ingest", *map(str, raw), "-o", str(tmp_path)]) == 0
    written = sorted(tmp_path.glob("*.xml"))
    assert [p.stem for p in written] == [p.stem for p in raw]
    for path in written:
        ok, errors = validate(path.read_bytes())
        assert ok, errors


@pytest.mark.model
def test_build_is_deterministic_and_complete(tmp_path, monkeypatch):
    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", corpus, ignore=shutil.ignore_patterns("build"))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("LAWALIGN_CACHE", str(tmp_path / "cache"))
    assert main(["build", "corpus"]) == 0
    first = {p.name: p.read_bytes() for p in (corpus / "build").iterdir()}
    assert {
        "units.jsonl",
        "alignment.jsonl",
        "findings.json",
        "findings.sarif",
        "report.html",
        "vi.xml",
        "ru.xml",
        "tr.xml",
        "corpus.sqlite",
    } <= set(first)
    assert main(["build", "corpus", "--out", "again"]) == 0
    second = {p.name: p.read_bytes() for p in (tmp_path / "again").iterdir()}
    assert first == second
    build_id = json.loads(first["manifest.json"])["build"]["id"]
    assert f'name="lawalign-build" content="{build_id}"'.encode() in first["report.html"]


@pytest.mark.model
def test_build_outputs_read_back_as_the_same_units(tmp_path, monkeypatch, capsys):
    """`units X.xml` on each AKN `build` wrote equals `units` on its source text read as the corpus
    reads it (its manifest entry: the laws it declares), and every id of units.jsonl is in
    alignment.jsonl (one row per unit per language) and in the AKN files."""
    import json

    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", corpus, ignore=shutil.ignore_patterns("build"))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("LAWALIGN_CACHE", str(tmp_path / "cache"))
    assert main(["build", "corpus"]) == 0
    capsys.readouterr()
    build = corpus / "build"
    editions = json.loads((build / "manifest.json").read_text(encoding="utf-8"))["editions"]
    for ed in editions:
        assert main(["units", str(build / ed["file"])]) == 0
        from_akn = capsys.readouterr().out
        assert main(["units", "corpus", "--lang", ed["lang"]]) == 0
        assert capsys.readouterr().out == from_akn, ed["name"]
    units = [json.loads(x) for x in (build / "units.jsonl").read_text(encoding="utf-8").splitlines()]
    rows = [json.loads(x) for x in (build / "alignment.jsonl").read_text(encoding="utf-8").splitlines()]
    assert sorted((r["lang"], r["id"]) for r in rows) == sorted(
        (u["lang"], u["id"]) for u in units if u["kind"] != "debris"
    )
    assert len(rows) == 53
