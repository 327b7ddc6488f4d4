"""One knowledge value per run: bundled data overlaid by --data, merged the same way in every command.

Each test here failed before the run owned its knowledge: a partial termbase replaced the bundled one
in ``diff`` (the Turkish 68C "at once" omission disappeared), ``diff --data glossary.tbx`` was refused,
and whether "Rule 16" was read as a reference depended on which call came first in the process.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from lawalign.cli import main
from lawalign.knowledge import Knowledge

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "src" / "lawalign" / "data"
CORPUS = ROOT / "corpus"
AT_ONCE = "68C lacks “at once”"

TBX = """<?xml version="1.0" encoding="UTF-8"?>
<martif type="TBX" xml:lang="en"><text><body>
  <termEntry id="claim">
    <langSet xml:lang="tr">
      <tig><term>talep</term>
        <termNote type="administrativeStatus">deprecatedTerm-admn-sts</termNote></tig>
      <tig><term>iddia</term></tig>
    </langSet>
  </termEntry>
</body></text></martif>
"""


def _findings(capsys: pytest.CaptureFixture[str], *extra: str) -> list[dict[str, object]]:
    capsys.readouterr()
    code = main(["diff", str(CORPUS), "--lang", "tr", "--format", "json", "--no-align", *extra])
    out = capsys.readouterr().out
    assert code == 0, out
    found: list[dict[str, object]] = json.loads(out)["findings"]
    return found


def _one_concept_termbase(folder: Path) -> Path:
    (folder / "termbase").mkdir(parents=True)
    (folder / "termbase" / "tr.toml").write_text(
        'lang = "tr"\n[concept.claim]\nterms = ["iddia"]\n', encoding="utf-8"
    )
    return folder


def test_a_partial_termbase_adds_to_the_bundled_one_in_diff(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bare = _findings(capsys)
    assert any(AT_ONCE in str(f["message"]) for f in bare)
    mine = _findings(capsys, "--data", str(_one_concept_termbase(tmp_path / "data")))
    assert any(AT_ONCE in str(f["message"]) for f in mine)  # the other concepts are still checked
    assert {f["key"] for f in bare} <= {f["key"] for f in mine}


def test_diff_takes_a_tbx_glossary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tbx = tmp_path / "club.tbx"
    tbx.write_text(TBX, encoding="utf-8")
    found = _findings(capsys, "--data", str(tbx))
    assert any(AT_ONCE in str(f["message"]) for f in found)
    terms = [f for f in found if f["type"] == "terminology"]
    assert terms and "talep" in str(terms[0]["message"]) and "iddia" in str(terms[0]["message"])


def test_diff_and_terms_read_the_same_knowledge(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _one_concept_termbase(tmp_path / "data")
    known = Knowledge.load(data)
    claim = known.termbase("tr").concept("claim")
    assert claim is not None and "iddia" in claim.terms and "talep" in claim.terms
    assert known.termbase("tr").concept("at-once") is not None
    capsys.readouterr()
    args = ["terms", "at-once", str(CORPUS), "--data", str(data), "--lang", "tr", "--format", "json"]
    assert main(args) == 0
    entries = json.loads(capsys.readouterr().out)
    assert entries and entries[0]["concept"] == "at-once"


def _rule_profile(folder: Path) -> Path:
    """An English profile whose law keyword is also "Rule" (as some clubs print the Laws)."""
    (folder / "profiles").mkdir(parents=True)
    text = (DATA / "profiles" / "en.toml").read_text(encoding="utf-8")
    text = re.sub(r'(?m)^law_keywords = \["Law"\]$', 'law_keywords = ["Law", "Rule"]', text)
    text = re.sub(r'(?m)^law_keywords_plural = \["Laws"\]$', 'law_keywords_plural = ["Laws", "Rules"]', text)
    (folder / "profiles" / "en.toml").write_text(text, encoding="utf-8")
    return folder


PAGE = """LAW 68 - CLAIM OR CONCESSION DEFINED

A. Claim Defined
Any statement to the effect that a contestant will win a specific number of tricks is a claim of
those tricks (see Rule 16).
"""


def _cited(path: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> list[str]:
    capsys.readouterr()
    code = main(["refs", str(path), "--input-lang", "en", "--format", "json", *extra])
    out = capsys.readouterr().out
    assert code == 0, out
    return sorted(str(r["target"]) for r in json.loads(out) if r["kind"] == "external")


@pytest.mark.parametrize("first", ["bundled", "user"])
def test_rule_16_does_not_depend_on_which_call_came_first(
    first: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from lawalign.structure import refs

    refs._patterns.cache_clear()  # a fresh process
    page = tmp_path / "en68.txt"
    page.write_text(PAGE, encoding="utf-8")
    data = _rule_profile(tmp_path / "data")
    calls = [(), ("--data", str(data))]
    results = {}
    for extra in calls if first == "bundled" else calls[::-1]:
        results[bool(extra)] = _cited(page, capsys, *extra)
    assert "16" not in results[False]  # "Rule" is no law keyword of the bundled profile
    assert "16" in results[True]  # it is one of the user's


def test_data_explain_says_where_each_file_comes_from(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _rule_profile(_one_concept_termbase(tmp_path / "data"))
    tbx = tmp_path / "club.tbx"
    tbx.write_text(TBX, encoding="utf-8")
    capsys.readouterr()
    assert main(["data", "--data", str(data), "--data", str(tbx), "--explain"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"overlay: {data}, {tbx}"
    assert any(re.match(rf"profiles\s+en\s+replaced\s+{re.escape(str(data))}", x) for x in lines)
    assert any(re.match(r"termbase\s+tr\s+merged\s+.*tr\.toml \(amended claim\)", x) for x in lines)
    assert any(re.match(rf"glossary\s+tr\s+merged\s+{re.escape(str(tbx))}", x) for x in lines)
    assert any(re.match(r"skeletons\s+2007\s+bundled\s+skeletons/2007\.toml", x) for x in lines)
    assert not any(re.match(r"profiles\s+en\s+bundled", x) for x in lines)


def test_bad_data_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["diff", str(CORPUS), "--data", str(tmp_path / "nowhere")]) == 2
    err = capsys.readouterr().err
    assert "--data must be a folder" in err and "Traceback" not in err and len(err.splitlines()) == 1
