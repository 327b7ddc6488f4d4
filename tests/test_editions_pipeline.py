"""The editions commands on the real seed files, read and segmented by the pipeline."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from editions_fixtures import RU, TR, VI
from lawalign import cli
from lawalign.editions import compare_editions, fingerprint_edition, plan_update
from lawalign.run import read_edition


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = cli.main(list(argv))
    return code, capsys.readouterr().out


def test_vietnamese_plan_from_the_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(capsys, "update-plan", str(VI), "--to", "2017", "--lang", "vi", "--format", "json")
    assert code == 0
    data = json.loads(out)
    units = [i["id"] for i in data["items"]]
    assert units == [
        "68.intro", "68.fn1", "68A", "68B1", "68B2", "68C", "68D.title", "68D",
        "69A.title", "69A", "69B.title", "69B", "70B2", "70D2", "70D3", "70E1",
    ]  # fmt: skip
    for unchanged in ("70B1", "70C2", "69B1"):
        assert unchanged not in units and unchanged in data["keep"]
    by = {i["id"]: i for i in data["items"]}
    assert by["68B2"]["state"] == "needed" and any("16D" in n for n in by["68B2"]["notes"])
    assert by["70D3"]["present"] and by["70D3"]["state"] == "needed"
    assert "68.intro" in data["missing"]


@pytest.mark.parametrize(("path", "lang"), [(VI, "vi"), (RU, "ru"), (TR, "tr")], ids=["vi", "ru", "tr"])
def test_seed_files_follow_2007(path: Path, lang: str) -> None:
    fp = fingerprint_edition(read_edition(path, lang))
    assert fp.edition == "2007", fp.scores
    if path == TR:
        assert any("1997" in d for d in fp.dissent)


def test_2017_style_file_is_2017(tmp_path: Path) -> None:
    text = RU.read_text(encoding="utf-8").replace("Правило 16D", "Правило 16C")
    text = text.replace(" (но см. Правило 70D3)", "")
    variant = tmp_path / "ru-2017.txt"
    variant.write_text(text, encoding="utf-8")
    fp = fingerprint_edition(read_edition(variant, "ru"))
    assert fp.edition == "2017", fp.scores
    plan = plan_update(read_edition(variant, "ru"))
    b2 = next(i for i in plan.items if i.unit == "68B2")
    assert b2.state == "done"


def test_compare_reports_exactly_the_edits_in_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = VI.read_text(encoding="utf-8").split("\n")
    assert lines[12].startswith("Yêu sách phải, ngay lập tức,")  # 68C
    lines[12] = lines[12].replace("ngay lập tức", "tức thì")
    lines[32] = lines[32].replace("công bằng", "thật công bằng")  # 70A
    lines[50] += " Trọng tài ghi lại quyết định."  # 70D1: one sentence added
    del lines[58:60]  # 70E2 and the blank line after it
    edited = tmp_path / "vi-revised.txt"
    edited.write_text("\n".join(lines), encoding="utf-8")
    cmp = compare_editions(read_edition(VI, "vi"), read_edition(edited, "vi"))
    assert [(c.status, c.unit) for c in cmp.changes] == [
        ("changed", "68C"),
        ("changed", "70A"),
        ("changed", "70D1"),
        ("removed", "70E2"),
    ]
    code, out = _run(capsys, "compare", str(VI), str(edited), "--lang", "vi")
    assert code == 0 and "[-ngay lập tức-]{+tức thì+}" in out and "{+Trọng tài ghi lại quyết định.+}" in out


def test_edition_named_in_the_corpus(capsys: pytest.CaptureFixture[str]) -> None:
    corpus = str(VI.parent.parent)
    code, out = _run(capsys, "fingerprint", "ru", "--corpus", corpus, "--format", "json")
    assert code == 0 and json.loads(out)["edition"] == "2007"
    code = cli.main(["fingerprint", "xx", "--corpus", corpus])
    err = capsys.readouterr().err
    assert code == 2 and "editions: ru, tr, vi" in err
