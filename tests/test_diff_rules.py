"""Divergence rules on the seed editions (structure stage only, no model) and on hand-made cases."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from diff_fixtures import ROOT, edition_from_text, seed_editions, seed_text
from lawalign.diff import RULES, find_divergences
from lawalign.errors import ConfigError
from lawalign.models import Alignment, Bead, UnitLink

GOLD = json.loads((ROOT / "tests" / "gold" / "divergences" / "seeds.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def findings():  # type: ignore[no-untyped-def]
    return find_divergences(seed_editions())


def test_every_gold_divergence_found_once(findings) -> None:  # type: ignore[no-untyped-def]
    for g in GOLD:
        hits = [f for f in findings if (f.type, f.lang, f.unit or "") == (g["type"], g["lang"], g["unit"])]
        assert len(hits) == 1, g


def test_nothing_beyond_gold_on_seeds(findings) -> None:  # type: ignore[no-untyped-def]
    gold = {(g["type"], g["lang"], g["unit"]) for g in GOLD}
    assert [f.key for f in findings if (f.type, f.lang, f.unit or "") not in gold] == []


def test_evidence_points_at_the_quoted_line(findings) -> None:  # type: ignore[no-untyped-def]
    for f in findings:
        assert f.evidence, f.key
        for e in f.evidence:
            lines = (ROOT / e.path).read_text(encoding="utf-8").split("\n")
            assert e.quote[:30] in lines[e.line - 1], (f.key, e)


def test_messages_and_suggestions(findings) -> None:  # type: ignore[no-untyped-def]
    by = {(f.type, f.lang, f.unit or ""): f for f in findings}
    vi68d = by[("cross-reference", "vi", "68D")]
    assert "73D3" in vi68d.message and "70D3" in vi68d.suggestion
    assert {e.lang for e in vi68d.evidence} == {"vi", "ru"}
    tr68d = by[("omission", "tr", "68D")]
    assert tr68d.severity == "error" and all(t in tr68d.message for t in ("70D3", "69", "70", "dummy"))
    tr68c = by[("omission", "tr", "68C")]
    assert tr68c.severity == "warning" and "сразу" in tr68c.message and "ngay lập tức" in tr68c.message
    assert ("coverage", "vi", "") not in by  # the manifest declares Laws 68-70: covered as declared
    assert by[("missing-heading", "vi", "")].detail["units"].count(".title") == 9


def test_deterministic(findings) -> None:  # type: ignore[no-untyped-def]
    assert [f.as_dict() for f in find_divergences(seed_editions())] == [f.as_dict() for f in findings]
    reordered = find_divergences(tuple(reversed(seed_editions())))
    assert [f.key for f in reordered] == [f.key for f in findings]


def test_unknown_rule_lists_valid() -> None:
    with pytest.raises(ConfigError, match=r"valid: .*omission"):
        find_divergences(seed_editions(), rules=["omission", "nonsense"])
    assert set(RULES) >= {"omission", "addition", "cross-reference", "drift", "length", "terminology"}


def test_rules_subset() -> None:
    found = find_divergences(seed_editions(), rules=["duplicate"])
    assert {f.type for f in found} == {"duplicate"} and len(found) == 2
    undeclared = [replace(e, laws_declared=False) for e in seed_editions()]
    found = find_divergences(undeclared, rules=["coverage"])  # editions no manifest describes
    assert {f.type for f in found} == {"coverage"} and len(found) == 3
    assert "71" in next(f.message for f in found if f.lang == "vi")


def test_authoritative_edition_decides() -> None:
    vi, ru, tr = seed_editions()
    found = find_divergences([vi, replace(ru, authoritative=True), tr])
    xref = [f for f in found if f.type == "cross-reference" and f.unit == "68D"]
    assert [f.lang for f in xref] == ["vi"] and "the ru edition" in xref[0].message
    assert not [f for f in found if f.lang == "ru" and f.type in ("omission", "cross-reference")]


def test_no_omission_flood_for_uncovered_laws() -> None:
    found = find_divergences(seed_editions())
    assert not [
        f for f in found if f.type == "omission" and f.lang in ("ru", "tr") and not f.unit.startswith("68")
    ]


def test_marker_without_note_and_terminology_avoid() -> None:
    text = (
        "ПРАВИЛО 68. ПРЕТЕНЗИЯ\n\nЧтобы заявление <*>. Если оно:\n\n"
        "A. Определение\n\nДиректор выиграет 13 взяток.\n"
    )
    ed = edition_from_text(text, "ru", path="t/ru.txt")
    found = find_divergences([ed], rules=["footnote", "terminology"])
    kinds = {(f.type, f.detail.get("key")) for f in found}
    assert ("terminology", "director") in kinds
    assert ("footnote", "marker-without-note") in kinds or ("footnote", "missing") in kinds


def test_number_mismatch() -> None:
    vi, _ru, tr = seed_editions()
    text = seed_text("ru").replace("одну или более взяток", "13 взяток")
    found = find_divergences([vi, edition_from_text(text, "ru"), tr], rules=["number"])
    assert [(f.lang, f.unit) for f in found] == [("ru", "68B2")]


def test_order_difference() -> None:
    text = seed_text("tr").split("\n")
    text[4], text[5] = text[5], text[4]  # 68B2 before 68B1, labels kept
    ed = edition_from_text("\n".join(text), "tr")
    found = find_divergences([ed], rules=["order"])
    assert found and all(f.type == "order" for f in found)


def _links(scores: dict[str, float], langs: tuple[str, str]) -> list[UnitLink]:
    return [UnitLink(uid, langs[0], langs[1], s, (Bead((0,), (0,), s),)) for uid, s in scores.items()]


def test_drift_is_calibrated_per_pair() -> None:
    vi, *_ = seed_editions()
    ids = [u.id for u in vi.law_units if u.role in ("section", "point", "chapeau", "wrap")]
    other = replace(vi, lang="xx", name="xx", units=tuple(replace(u, lang="xx") for u in vi.units))
    scores = {uid: 0.85 + 0.01 * (i % 3) for i, uid in enumerate(ids)}
    scores[ids[3]] = 0.40
    alignment = Alignment(ids=tuple(ids), links=tuple(_links(scores, ("vi", "xx"))))
    found = find_divergences([vi, replace(other, authoritative=True)], alignment, rules=["drift"])
    assert [(f.type, f.lang, f.unit) for f in found] == [("drift", "vi", ids[3])]
    assert "robust z" in found[0].message


def test_length_outlier_and_folding() -> None:
    vi, *_ = seed_editions()
    other = replace(vi, lang="xx", name="xx", units=tuple(replace(u, lang="xx") for u in vi.units))
    target = "70B2"
    units = tuple(replace(u, text=u.text[:20]) if u.id == target else u for u in other.units)
    found = find_divergences([replace(vi, authoritative=True), replace(other, units=units)], rules=["length"])
    assert [(f.lang, f.unit) for f in found] == [("xx", target)]


def test_unit_paths_are_relative_and_exist(findings) -> None:  # type: ignore[no-untyped-def]
    for f in findings:
        for e in f.evidence:
            assert not Path(e.path).is_absolute() and (ROOT / e.path).is_file()
