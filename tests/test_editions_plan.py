"""Update plans 2007 -> 2017 on the hand-segmented seeds."""

from __future__ import annotations

import json

from editions_fixtures import edit_unit, ru_edition, tr_edition, vi_edition
from lawalign.editions import plan_update
from lawalign.editions.render import plan_html, plan_text, to_json

VI_ITEMS = [
    "68.intro", "68.fn1", "68A", "68B1", "68B2", "68C", "68D.title", "68D",
    "69A.title", "69A", "69B.title", "69B", "70B2", "70D2", "70D3", "70E1",
]  # fmt: skip
VI_MISSING = [
    "68.intro", "68A.title", "68B.title", "68D.title", "69A.title", "69B.title",
    "70A.title", "70B.title", "70C.title", "70E.title",
]  # fmt: skip


def test_vietnamese_plan_lists_exactly_the_changed_units() -> None:
    plan = plan_update(vi_edition(), "2017")
    units = [i.unit for i in plan.items]
    assert units == VI_ITEMS
    assert list(plan.missing) == VI_MISSING
    for unchanged in ("70B1", "70C2", "69B1", "70.fn1", "68.title"):
        assert unchanged not in units and unchanged in plan.keep
    assert not set(plan.keep) & set(units)
    assert plan.laws == ("68", "69", "70") and not any(i.law == "71" for i in plan.items)


def test_vietnamese_plan_checks_the_content() -> None:
    items = {i.unit: i for i in plan_update(vi_edition(), "2017").items}
    b2 = items["68B2"]
    assert b2.change == "reference-changed" and b2.present and b2.state == "needed"
    assert "16D becomes Law 16C" in b2.reason and any("Điều 16D" in n for n in b2.notes)
    d = items["68D"]
    assert d.change == "split" and d.to == ("68D", "68D1", "68D2")
    assert any("73D3 for 70D3" in n for n in d.notes)  # the misprinted 70D3 reference
    d3 = items["70D3"]
    assert d3.change == "removed" and d3.to == () and d3.state == "needed" and d3.line == 55
    assert items["70E1"].change == "clause-removed" and "irrational" in items["70E1"].reason
    assert items["68.fn1"].to == ("68.intro",) and items["68.fn1"].change == "content-moved"
    assert items["68.intro"].present is False
    assert items["68C"].change == "sentence-added"


def test_already_updated_content_is_recognised() -> None:
    ed = edit_unit(vi_edition(), "68B2", "Điều 16D", "Điều 16C")
    item = next(i for i in plan_update(ed, "2017").items if i.unit == "68B2")
    assert item.state == "done" and item.notes[0].startswith("already as in 2017")


def test_law_68_only_editions() -> None:
    for ed in (ru_edition(), tr_edition()):
        plan = plan_update(ed, "2017")
        assert {i.law for i in plan.items} == {"68"}
        assert "70D3" not in [i.unit for i in plan.items]
    tr = plan_update(tr_edition(), "2017")
    assert list(tr.missing) == ["68.title"]


def test_json_shape_and_determinism() -> None:
    plan = plan_update(vi_edition(), "2017")
    text = to_json(plan.as_dict())
    assert text == to_json(plan_update(vi_edition(), "2017").as_dict())
    data = json.loads(text)
    assert set(data) >= {"items", "keep", "missing"}
    row = data["items"][0]
    assert {"id", "change", "reason", "to", "present"} <= set(row)
    present = next(r for r in data["items"] if r["present"])
    assert "text" in present and "line" in present


def test_text_and_html_renderings() -> None:
    ed = edit_unit(vi_edition(), "68B1", "Mọi tuyên bố", "<b>Mọi</b> & tuyên bố")
    plan = plan_update(ed, "2017")
    text = plan_text(plan)
    assert "68B2" in text and "Keep as they are" in text and "70B1" in text
    page = plan_html(plan)
    assert "<b>Mọi</b>" not in page and "&lt;b&gt;Mọi&lt;/b&gt; &amp; tuyên bố" in page
