"""False findings on real and realistic texts, each class fixed in general: bare internal references
read as references, glued link text flagged as a garbled reference, a translator's sentence splits not
reported as additions (real additions still are), a page that stops early known as truncated, coverage
following the manifest's laws."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from lawalign.cli import main

pytestmark = pytest.mark.model
ROOT = Path(__file__).resolve().parents[1]
TEXTS = ROOT / "tests" / "audit_texts"
EN_2017 = ROOT / "tests" / "edition_texts" / "en-2017-law68.txt"
SEEDS = sorted(str(p) for p in (ROOT / "corpus" / "raw").glob("*.txt"))


def _findings(capsys: pytest.CaptureFixture[str], *inputs: str) -> list[dict[str, object]]:
    assert main(["diff", *inputs, "--format", "json"]) in (0, 1)
    return json.loads(capsys.readouterr().out)["findings"]  # type: ignore[no-any-return]


def test_bare_internal_reference_is_a_reference(capsys: pytest.CaptureFixture[str]) -> None:
    # "Regardless of B1" (the 2017 68B2) cites 68B1: no "lacks the reference to 68B1"
    found = _findings(capsys, str(EN_2017))
    assert not [f for f in found if "68B1" in str(f["message"])]
    page = ROOT / "tests" / "realworld" / "pages" / "en-2017-bridgevid-68.txt"
    assert main(["refs", str(page), "--format", "json"]) == 0
    refs = json.loads(capsys.readouterr().out)
    assert any(r["id"] == "68B2" and r["target"] == "68B1" and r["surface"] == "B1" for r in refs)


def test_glued_link_text_is_a_garbled_reference_and_splits_are_not_additions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    found = _findings(capsys, str(EN_2017), str(TEXTS / "pl-2017-law68.txt"))
    garbled = [f for f in found if f["type"] == "garbled-reference"]
    assert [(f["lang"], f["id"]) for f in garbled] == [("pl", "68.intro")]
    assert "przepisy 1657A" in str(garbled[0]["message"]) and "16 and 57A" in str(garbled[0]["message"])
    assert garbled[0]["evidence"][0]["quote"] == "przepisy 1657A"  # type: ignore[index]
    # the Polish intro, 68A and 68B1 split English sentences in two: aligned, nothing added
    assert not [f for f in found if f["type"] in ("addition", "omission", "cross-reference")]


def test_added_sentences_still_found_with_the_alignment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    vi, ru, tr = (Path(p) for p in SEEDS)
    (tmp_path / "vi.txt").write_text(vi.read_text(encoding="utf-8"), encoding="utf-8")
    added_ru = "Игрок, заявивший претензию, должен также записать её в протокол."
    text = ru.read_text(encoding="utf-8").replace(
        "на которые предъявлена претензия.", f"на которые предъявлена претензия. {added_ru}"
    )
    (tmp_path / "ru.txt").write_text(text, encoding="utf-8")
    added_tr = "Oyuncular masadan kalkmamalıdır."
    text = tr.read_text(encoding="utf-8").replace("Bu esnada defans", f"{added_tr} Bu esnada defans")
    (tmp_path / "tr.txt").write_text(text, encoding="utf-8")
    found = _findings(capsys, *(str(tmp_path / f"{lang}.txt") for lang in ("vi", "ru", "tr")))
    additions = {(f["lang"], f["id"]): f["evidence"][0]["quote"] for f in found if f["type"] == "addition"}  # type: ignore[index]
    assert additions == {("ru", "68C"): added_ru, ("tr", "68B2"): added_tr}


def test_truncated_page_changes_no_other_finding(capsys: pytest.CaptureFixture[str]) -> None:
    alone = _findings(capsys, *SEEDS)
    cut = _findings(capsys, *SEEDS, str(TEXTS / "en-2007-law68-cut.txt"))
    key = lambda f: (f["type"], f["lang"], f["id"], f.get("detail", {}).get("key"))  # noqa: E731
    assert sorted(map(key, alone)) == sorted(map(key, [f for f in cut if f["lang"] != "en"]))
    en = [f for f in cut if f["lang"] == "en"]
    assert [(f["type"], f["id"]) for f in en if f["type"] != "coverage"] == [("truncated", "68D")]
    assert any("stops inside 68D" in str(f["message"]) for f in en)


def test_coverage_follows_the_manifest(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    found = _findings(capsys, "corpus")
    assert not [f for f in found if f["type"] == "coverage"]  # each edition covers the laws it declares
    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus" / "raw", corpus / "raw")
    manifest = (ROOT / "corpus" / "manifest.toml").read_text(encoding="utf-8")
    manifest = manifest.replace(
        'file = "raw/002_1323563bdd032735.txt"\nlang = "ru"\nsource_edition = "2007"\nlaws = ["68"]',
        'file = "raw/002_1323563bdd032735.txt"\nlang = "ru"\nsource_edition = "2007"\nlaws = ["68", "69"]',
    )
    (corpus / "manifest.toml").write_text(manifest, encoding="utf-8")
    found = _findings(capsys, str(corpus))
    coverage = [(f["lang"], f["message"]) for f in found if f["type"] == "coverage"]
    assert coverage == [("ru", "the manifest declares Law 69, which the text does not hold")]
