"""Data files: a user's --data folder used before the bundled data, unknown keys refused with line."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from lawalign.cli import main
from lawalign.errors import ConfigError

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "src" / "lawalign" / "data"
PAGE = ROOT / "tests" / "run_pages" / "no-2007-lovboka-70.txt"


def _user_profile(folder: Path, extra: str = "") -> Path:
    """A user profile for Norwegian that knows one more line of page chrome."""
    (folder / "profiles").mkdir(parents=True, exist_ok=True)
    text = (DATA / "profiles" / "no.toml").read_text(encoding="utf-8")
    chrome = '  "^B\\\\. Redegjørelsen gjentas$",'  # TOML: the regex ^B\. Redegjørelsen gjentas$
    text = text.replace("debris = [", "debris = [\n" + chrome, 1)
    text = re.sub(r'(?m)^name = ".*"$', 'name = "Norsk (user)"', text)
    (folder / "profiles" / "no.toml").write_text(text + extra, encoding="utf-8")
    return folder


def test_a_user_profile_is_used_by_the_run(tmp_path: Path) -> None:
    from lawalign.ingest.profiles import load_profile
    from lawalign.run import Run

    data = _user_profile(tmp_path / "data")
    bundled = load_profile("no").name
    assert load_profile("no", data).name == "Norsk (user)"
    assert load_profile("no").name == bundled  # no folder is in force but the one given
    bare = Run.from_paths([PAGE], "no", anchor=False, align=False).editions[0]
    mine = Run.from_paths([PAGE], "no", data_dir=data, anchor=False, align=False).editions[0]
    assert bare.unit("70B.title") is not None  # a heading with the bundled profile
    assert mine.unit("70B.title") is None  # page chrome with the user's
    assert any(u.kind == "debris" and "Redegjørelsen" in u.text for u in mine.units)


def test_unknown_keys_are_refused_with_file_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _user_profile(tmp_path / "data", 'law_keyword = ["Lov"]\n')
    code = main(["units", str(PAGE), "--input-lang", "no", "--data", str(data), "--no-anchor"])
    err = capsys.readouterr().err
    line = (data / "profiles" / "no.toml").read_text(encoding="utf-8").splitlines().index(
        'law_keyword = ["Lov"]'
    ) + 1
    assert code == 2 and f"no.toml:{line}: unknown key 'law_keyword'" in err and "Traceback" not in err


def test_skeleton_roles_and_change_kinds_are_checked(tmp_path: Path) -> None:
    from lawalign.editions.changes import change_map_from_toml
    from lawalign.structure.skeleton import skeleton_from_toml

    text = (DATA / "skeletons" / "2007.toml").read_text(encoding="utf-8")
    bad = text.replace('role = "chapeau"', 'role = "preamble"', 1)
    line = bad.splitlines().index('role = "preamble"') + 1
    with pytest.raises(ConfigError, match=rf"x.toml:{line}: unknown role 'preamble'"):
        skeleton_from_toml(bad, "x.toml")
    with pytest.raises(ConfigError, match="unknown key 'sentence'"):
        skeleton_from_toml(text.replace("sentences = 2", "sentence = 2", 1), "x.toml")
    changes = (DATA / "changes" / "2007-2017.toml").read_text(encoding="utf-8")
    with pytest.raises(ConfigError, match=r"c.toml:\d+: unknown key 'detial'"):
        change_map_from_toml(changes.replace("detail =", "detial =", 1), "c.toml")
    with pytest.raises(ConfigError, match=r"c.toml:\d+: unknown change 'reworded'"):
        change_map_from_toml(
            changes.replace('change = "wording-changed"', 'change = "reworded"', 1), "c.toml"
        )


def test_a_user_skeleton_and_change_map_extend_the_editions(tmp_path: Path) -> None:
    from lawalign.editions.changes import known_editions

    data = tmp_path / "data"
    (data / "skeletons").mkdir(parents=True)
    shutil.copy(DATA / "skeletons" / "2017.toml", data / "skeletons" / "2027.toml")
    text = (data / "skeletons" / "2027.toml").read_text(encoding="utf-8")
    (data / "skeletons" / "2027.toml").write_text(text.replace('edition = "2017"', 'edition = "2027"'))
    assert "2027" in known_editions(data)
    assert "2027" not in known_editions()
    from lawalign.knowledge import Knowledge

    with pytest.raises(ConfigError, match="--data must be a folder"):
        Knowledge.load(tmp_path / "nowhere")


def test_runs_with_and_without_a_data_folder_do_not_see_each_others_data(tmp_path: Path) -> None:
    """No data folder is in force for a process: each run reads the folder it was given, whichever
    stage of which run is computed first."""
    from lawalign.run import Run

    data = _user_profile(tmp_path / "data")
    mine = Run.from_paths([PAGE], "no", data_dir=data, anchor=False, align=False)
    bare = Run.from_paths([PAGE], "no", anchor=False, align=False)
    assert mine.editions[0].unit("70B.title") is None  # computed first: the user's profile
    assert bare.editions[0].unit("70B.title") is not None  # then the bundled one, not the user's
    import lawalign.datafiles as datafiles

    assert not any(type(v).__name__ == "ContextVar" for v in vars(datafiles).values())
