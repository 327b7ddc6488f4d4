"""Comparing two editions of one translation: units and words."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from editions_fixtures import drop_unit, edit_unit, ru_edition, vi_edition
from lawalign.editions import compare_editions, word_diff
from lawalign.editions.render import compare_html, compare_text, to_json
from lawalign.editions.worddiff import render_text
from lawalign.errors import InputError
from lawalign.models import Edition

ADDED = " Trọng tài ghi lại quyết định."


def _edited() -> Edition:
    """2-3 words changed in two units, one unit deleted, one sentence added."""
    ed = vi_edition()
    ed = edit_unit(ed, "68C", "ngay lập tức", "tức thì")
    ed = edit_unit(ed, "70A", "công bằng", "thật công bằng")
    ed = drop_unit(ed, "70E2")
    text = ed.unit("70D1").text
    return edit_unit(ed, "70D1", text, text + ADDED)


def test_reports_exactly_the_edits() -> None:
    cmp = compare_editions(vi_edition(), _edited())
    got = [(c.status, c.unit) for c in cmp.changes]
    assert got == [("changed", "68C"), ("changed", "70A"), ("changed", "70D1"), ("removed", "70E2")]
    by = {c.unit: c for c in cmp.changes}
    assert render_text(by["68C"].ops).count("[-ngay lập tức-]{+tức thì+}") == 1
    assert "{+thật+} công bằng" in render_text(by["70A"].ops)
    assert render_text(by["70D1"].ops).endswith("{+Trọng tài ghi lại quyết định.+}")
    assert by["70E2"].old_line == 59
    assert len(cmp.unchanged) == len(vi_edition().law_units) - 4


def test_identical_editions_have_no_changes() -> None:
    cmp = compare_editions(vi_edition(), vi_edition())
    assert cmp.changes == () and len(cmp.unchanged) == len(vi_edition().law_units)


def test_renumbered_units_are_moved_not_rewritten() -> None:
    """After deleting 70B2 a segmenter renumbers 70B3 as 70B2: that is a removal and a move."""
    old = vi_edition()
    units = []
    for u in old.units:
        if u.id == "70B2":
            continue
        units.append(replace(u, id="70B2") if u.id == "70B3" else u)
    cmp = compare_editions(old, replace(old, units=tuple(units)))
    got = [(c.status, c.old_id, c.new_id) for c in cmp.changes]
    assert got == [("removed", "70B2", None), ("moved", "70B3", "70B2")]
    assert cmp.changes[1].similarity == 1.0


def test_added_unit() -> None:
    old = drop_unit(vi_edition(), "69B.wrap")
    cmp = compare_editions(old, vi_edition())
    assert [(c.status, c.unit) for c in cmp.changes] == [("added", "69B.wrap")]


def test_languages_must_match() -> None:
    with pytest.raises(InputError, match="one language"):
        compare_editions(vi_edition(), ru_edition())


def test_renderings_escape_and_are_deterministic() -> None:
    new = edit_unit(vi_edition(), "70B1", "Trọng tài", "<Trọng & tài>")
    cmp = compare_editions(vi_edition(), new)
    page = compare_html(cmp)
    assert "<del>Trọng tài</del><ins>&lt;Trọng &amp; tài&gt;</ins>" in page
    assert "<Trọng" not in page
    assert compare_text(cmp) == compare_text(compare_editions(vi_edition(), new))
    data = json.loads(to_json(cmp.as_dict()))
    assert data["summary"]["changed"] == 1
    assert data["changes"][0]["ops"] == [{"op": "replace", "old": "Trọng tài ", "new": "<Trọng & tài> "}]


WORDS = st.lists(
    st.sampled_from(["Điều", "16D", "yêu", "sách", ",", "(", ")", "ПРАВИЛО", "löve", "“x”", "a", "b"]),
    max_size=12,
)
SPACE = st.sampled_from([" ", "  ", "\n", " \t"])


@st.composite
def texts(draw: st.DrawFn) -> str:
    lead = draw(st.sampled_from(["", " "]))
    body = "".join(w + draw(SPACE) for w in draw(WORDS))
    return lead + (body if draw(st.booleans()) else body.rstrip())


@settings(derandomize=True, max_examples=200, deadline=None)
@given(texts(), texts())
def test_word_diff_loses_no_character(a: str, b: str) -> None:
    ops = word_diff(a, b)
    assert "".join(op.old for op in ops) == a
    assert "".join(op.new for op in ops) == b
