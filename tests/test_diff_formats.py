"""Reports (text, JSON, CSV, SARIF), baselines, and the ``diff`` / ``check`` commands."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from diff_fixtures import CORPUS, seed_editions
from lawalign.cli import main
from lawalign.diff import (
    apply_baseline,
    find_divergences,
    findings_to_csv,
    findings_to_json,
    findings_to_sarif,
    findings_to_text,
    read_baseline,
    write_baseline,
)
from lawalign.errors import InputError


@pytest.fixture(scope="module")
def findings():  # type: ignore[no-untyped-def]
    return find_divergences(seed_editions())


def test_json(findings) -> None:  # type: ignore[no-untyped-def]
    data = json.loads(findings_to_json(findings))
    assert list(data) == ["findings"] and len(data["findings"]) == len(findings)
    first = data["findings"][0]
    assert {"type", "severity", "lang", "id", "message", "evidence", "key"} <= set(first)
    assert {"lang", "id", "quote", "path", "line"} == set(first["evidence"][0])


def test_csv(findings) -> None:  # type: ignore[no-untyped-def]
    rows = list(csv.DictReader(io.StringIO(findings_to_csv(findings))))
    assert len(rows) == len(findings) and all(r["path"] and r["line"] for r in rows)


def test_sarif(findings) -> None:  # type: ignore[no-untyped-def]
    doc = json.loads(findings_to_sarif(findings))
    assert doc["version"] == "2.1.0"
    run = doc["runs"][0]
    rule_ids = [r["id"] for r in run["tool"]["driver"]["rules"]]
    for result in run["results"]:
        assert result["ruleId"] in rule_ids and rule_ids[result["ruleIndex"]] == result["ruleId"]
        assert result["level"] in ("error", "warning", "note")
        loc = result["locations"][0]["physicalLocation"]
        assert loc["artifactLocation"]["uri"].startswith("corpus/raw/") and loc["region"]["startLine"] >= 1


def test_text(findings) -> None:  # type: ignore[no-untyped-def]
    text = findings_to_text(findings)
    assert "error [cross-reference] vi 68D" in text and text.endswith("info\n")


def test_baseline_round_trip(tmp_path: Path, findings) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "baseline.json"
    write_baseline(path, findings[:3], {findings[0].key: "accepted: editorial choice"})
    accepted = read_baseline(path)
    assert accepted[findings[0].key] == "accepted: editorial choice" and len(accepted) == 3
    new, old = apply_baseline(findings, accepted)
    assert len(new) == len(findings) - 3 and len(old) == 3


def test_bad_baseline(tmp_path: Path) -> None:
    bad = tmp_path / "b.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(InputError, match=r"b\.json:1:2"):
        read_baseline(bad)


def test_diff_command_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", str(CORPUS), "--no-align", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {(f["type"], f["lang"], f["id"]) for f in data["findings"]} >= {("cross-reference", "vi", "68D")}


def test_diff_command_is_byte_identical(capsys: pytest.CaptureFixture[str]) -> None:
    main(["diff", str(CORPUS), "--no-align", "--format", "sarif"])
    first = capsys.readouterr().out
    main(["diff", str(CORPUS), "--no-align", "--format", "sarif"])
    assert capsys.readouterr().out == first


def test_check_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(CORPUS), "--no-align"]) == 1
    assert "at or above error" in capsys.readouterr().out
    baseline = tmp_path / "accepted.json"
    assert main(["diff", str(CORPUS), "--no-align", "--write-baseline", str(baseline)]) == 0
    capsys.readouterr()
    assert (
        main(["check", str(CORPUS), "--no-align", "--fail-on", "warning", "--baseline", str(baseline)]) == 0
    )
    assert main(["check", str(tmp_path / "missing.txt"), "--no-align"]) == 2
    assert main(["check", str(CORPUS), "--no-align", "--rules", "bogus"]) == 2


def test_help_mentions_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", "--help"]) == 0
    out = capsys.readouterr().out
    assert all(opt in out for opt in ("--format", "--baseline", "--write-baseline", "--lang"))
    assert main(["check", "--help"]) == 0
    assert "--fail-on" in capsys.readouterr().out
