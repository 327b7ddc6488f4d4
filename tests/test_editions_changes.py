"""Change maps and the 2017 skeleton: the data is consistent, and a further edition is data only."""

from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

import pytest

from editions_fixtures import drop_unit, edit_unit, vi_edition
from lawalign.editions import (
    CHANGE_TYPES,
    change_path,
    check_change_map,
    fingerprint_edition,
    known_editions,
    load_change_map,
    plan_update,
)
from lawalign.editions.changes import change_map_from_toml, skeleton_for
from lawalign.errors import ConfigError


def test_2017_skeleton_facts() -> None:
    sk = skeleton_for("2017")
    assert sk.unit("68.intro").refs == ("16", "57A")
    assert sk.unit("68.fn1") is None
    assert sk.unit("68B2").refs == ("68B1", "16C")
    assert sk.unit("68C").sentences == 2
    assert sk.unit("68D").role == "chapeau" and sk.unit("68D").refs == ()
    assert sk.unit("68D1").refs == ("69",) and sk.unit("68D2").refs == ("70",)
    assert sk.unit("70D3") is None
    assert sk.unit("71A") and sk.unit("71B") and sk.unit("71.1") is None
    assert sk.unit("68D.title").heading == "Suspension of Play"


def test_bundled_change_maps_are_consistent() -> None:
    cmap = load_change_map("2007", "2017")
    assert check_change_map(cmap) == []
    assert all(c.change in CHANGE_TYPES for c in cmap.changes)
    assert cmap.change("68B2").detail.startswith("reference Law 16D becomes Law 16C")
    assert cmap.change("70D3").to == ()
    assert cmap.change("68D").to == ("68D", "68D1", "68D2")
    assert cmap.change("70B1") is None and cmap.change("69B1") is None
    assert known_editions() == ("1997", "2007", "2017")


def test_unknown_change_type_lists_valid_ones() -> None:
    text = 'from = "a"\nto = "b"\n[[change]]\nunit = "68A"\nchange = "rewritten"\n'
    with pytest.raises(ConfigError, match="valid: split, merged"):
        change_map_from_toml(text, "x.toml")


def test_bad_condition_key_is_rejected() -> None:
    text = (
        'from = "a"\nto = "b"\n[[change]]\nunit = "68A"\nchange = "removed"\n'
        '[[change.signal]]\nname = "s"\n[[change.signal.when]]\nunit = "68A"\neditions = ["a"]\nquotes = 1\n'
    )
    with pytest.raises(ConfigError, match="unknown key"):
        change_map_from_toml(text, "x.toml")


def test_no_chain_names_what_exists() -> None:
    with pytest.raises(ConfigError, match="2007->2017"):
        change_path("2007", "2030")
    with pytest.raises(ConfigError, match="partial"):
        plan_update(vi_edition(), "2007", source="1997")


SKELETON_2027 = """edition = "2027"
laws = ["68", "69", "70", "71"]
"""

CHANGES_2027 = """from = "2017"
to = "2027"

[[change]]
unit = "70E2"
change = "removed"
to = []
detail = "point 70E2 is removed (fictional, for the test)"

[[change.signal]]
name = "law-70E2-point"
weight = 5.0
[[change.signal.when]]
unit = "70E2"
editions = ["2007", "2017"]
says = "Law 70E has a point 2"
[[change.signal.when]]
unit = "70E1"
absent = ["70E2"]
editions = ["2027"]
says = "Law 70E has one point only"
"""


@pytest.fixture()
def data_2027(tmp_path: Path) -> Path:
    """A data folder with a fake 2027 skeleton (2017 minus 70E2) and a 2017 -> 2027 change map."""
    (tmp_path / "skeletons").mkdir()
    (tmp_path / "changes").mkdir()
    src = resources.files("lawalign").joinpath("data", "skeletons", "2017.toml").read_text(encoding="utf-8")
    units = [u for u in src.split("[[unit]]")[1:] if 'id = "70E2"' not in u]
    (tmp_path / "skeletons" / "2027.toml").write_text(
        SKELETON_2027 + "".join("[[unit]]" + u for u in units), encoding="utf-8"
    )
    (tmp_path / "changes" / "2017-2027.toml").write_text(CHANGES_2027, encoding="utf-8")
    return tmp_path


def test_2027_is_data_only(data_2027: Path) -> None:
    assert "2027" in known_editions(data_2027)
    cmap = load_change_map("2017", "2027", data_2027)
    assert check_change_map(cmap, data_2027) == []
    # one step: a 2017 translation
    plan = plan_update(vi_edition(), "2027", source="2017", data_dir=data_2027)
    assert [i.unit for i in plan.items] == ["70E2"]
    # two steps: the 2007 seed goes through 2017 to 2027
    plan = plan_update(vi_edition(), "2027", data_dir=data_2027)
    units = [i.unit for i in plan.items]
    assert "68B2" in units and "70E2" in units and "70D3" in units
    e2 = next(i for i in plan.items if i.unit == "70E2")
    assert e2.change == "removed" and e2.to == ()


def test_2027_signals_reach_the_fingerprint(data_2027: Path) -> None:
    ed = vi_edition()
    for old, new in (("Điều 16D", "Điều 16C"), ("(nhưng xem Điều 73D3)", "")):
        ed = edit_unit(ed, "68B2" if "16D" in old else "68D", old, new)
    ed = drop_unit(drop_unit(drop_unit(ed, "70D3"), "70E2"), "68.fn1")
    fp = fingerprint_edition(ed, data_dir=data_2027)
    assert fp.edition == "2027", fp.scores


def test_data_dir_without_files_falls_back_to_bundled(tmp_path: Path) -> None:
    assert load_change_map("2007", "2017", tmp_path).change("68B2") is not None
    shutil.rmtree(tmp_path)
