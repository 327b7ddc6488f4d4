"""The update-plan, fingerprint and compare commands: plumbing, formats, errors, determinism."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from editions_fixtures import drop_unit, edit_unit, ru_edition, tr_edition, vi_edition
from lawalign import cli
from lawalign.models import Edition
from lawalign.run import Run

EDITIONS = {"vi": vi_edition, "ru": ru_edition, "tr": tr_edition}


@pytest.fixture()
def hand_built(monkeypatch: pytest.MonkeyPatch) -> dict[str, Edition]:
    """Resolve EDITION arguments "vi"/"ru"/"tr"/"vi-edited" to hand-segmented seeds."""
    table: dict[str, Edition] = {k: f() for k, f in EDITIONS.items()}
    edited = edit_unit(vi_edition(), "68C", "ngay lập tức", "tức thì")
    table["vi-edited"] = drop_unit(edited, "70E2")

    def fake(args: object, spec: str, *, lang: str | None = None) -> tuple[Run, str]:
        edition = table[spec]
        return Run.from_editions([edition]), edition.name

    for name in ("update_plan", "fingerprint", "compare"):
        monkeypatch.setattr(f"lawalign.commands.{name}.resolve_run", fake)
    return table


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_every_command_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("update-plan", "fingerprint", "compare"):
        code, out, _ = _run(capsys, name, "--help")
        assert code == 0 and "--format" in out


def test_update_plan_json(hand_built: dict[str, Edition], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "update-plan", "vi", "--to", "2017", "--format", "json")
    assert code == 0
    data = json.loads(out)
    units = [i["id"] for i in data["items"]]
    assert "68B2" in units and "70D3" in units and "70B1" not in units
    assert "70B1" in data["keep"] and "68.intro" in data["missing"]
    _, out2, _ = _run(capsys, "update-plan", "vi", "--format", "json")
    assert out2 == out  # deterministic, --to defaults to 2017


def test_update_plan_html_to_file(
    hand_built: dict[str, Edition], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "plan.html"
    code, out, _ = _run(capsys, "update-plan", "ru", "--format", "html", "-o", str(target))
    assert code == 0 and out == ""
    page = target.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "68B2" in page and "Правило 16D" in page


def test_unknown_target_is_a_usage_error(
    hand_built: dict[str, Edition], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _run(capsys, "update-plan", "vi", "--to", "2030")
    assert code == 2 and out == "" and "2007->2017" in err and "Traceback" not in err


def test_fingerprint_text_and_json(
    hand_built: dict[str, Edition], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = _run(capsys, "fingerprint", "tr")
    assert code == 0 and "follows the 2007 edition" in out and "1997" in out
    code, out, _ = _run(capsys, "fingerprint", "ru", "--format", "json")
    data = json.loads(out)
    assert data["edition"] == "2007" and set(data["scores"]) == {"1997", "2007", "2017"}
    assert {"signal", "id", "quote", "line"} <= set(data["evidence"][0])


def test_compare_text_json_html(hand_built: dict[str, Edition], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "compare", "vi", "vi-edited")
    assert code == 0 and "[-ngay lập tức-]{+tức thì+}" in out and "- 70E2 removed" in out
    code, out, _ = _run(capsys, "compare", "vi", "vi-edited", "--format", "json")
    data = json.loads(out)
    assert [(c["status"], c["id"]) for c in data["changes"]] == [("changed", "68C"), ("removed", "70E2")]
    code, out, _ = _run(capsys, "compare", "vi", "vi-edited", "--format", "html")
    assert "<del>ngay lập tức</del><ins>tức thì</ins>" in out


def test_compare_across_languages_is_an_input_error(
    hand_built: dict[str, Edition], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _run(capsys, "compare", "vi", "ru")
    assert code == 2 and out == "" and "one language" in err
