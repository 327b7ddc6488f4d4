"""The package's layers: the import contract, the README's list of it, and what the wheel holds.

``make lint`` runs import-linter on the contract in pyproject.toml; these tests check that the
contract is the one the README states, that it holds (when import-linter is installed), and that the
development package (evaluation, benchmarks, baselines, variant generators) stays out of the library.
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "lawalign"
DEV = "lawalign_dev"

# What moved out of the runtime package into tools/lawalign_dev/ (issue 21, item 5).
DEV_ONLY = ("evaluate", "align/bench.py", "align/baselines.py", "align/dp.py", "diff/variants.py")


def _contract() -> dict[str, object]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    return next(c for c in contracts if c["id"] == "layers")


def _norm(layer: str) -> str:
    return " | ".join(part.strip() for part in layer.split("|"))


def _readme_layers() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"<!-- layers:[^>]*-->\n```\n(.*?)```", text, re.S)
    assert found, "README.md has no layers block"
    lines = [line.strip() for line in found.group(1).splitlines() if line.strip()]
    return [_norm(re.split(r"\s{2,}", line)[0]) for line in lines]


def test_readme_lists_the_contract_layers_in_order() -> None:
    assert _readme_layers() == [_norm(layer) for layer in _contract()["layers"]]  # type: ignore[union-attr]


def test_every_top_level_module_has_a_layer() -> None:
    named = {part.strip() for layer in _contract()["layers"] for part in layer.split("|")}  # type: ignore[union-attr]
    present = {p.stem for p in SRC.glob("*.py") if p.stem != "__init__"}
    present |= {p.name for p in SRC.iterdir() if (p / "__init__.py").is_file()}
    assert present == named


def test_development_modules_are_not_in_the_library() -> None:
    assert [name for name in DEV_ONLY if (SRC / name).exists()] == []
    assert (ROOT / "tools" / DEV / "__init__.py").is_file()


def _imported(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
    return out


def test_no_library_module_imports_the_development_package() -> None:
    offenders = sorted(
        str(path.relative_to(ROOT))
        for path in SRC.rglob("*.py")
        if any(name == DEV or name.startswith(DEV + ".") for name in _imported(path))
    )
    assert offenders == []


def test_the_wheel_packages_are_the_library_only() -> None:
    """The packages setuptools puts in the wheel (pyproject: ``packages.find where = ["src"]``)."""
    from setuptools import find_packages

    packages = find_packages(where=str(ROOT / "src"))
    assert "lawalign" in packages
    assert [p for p in packages if p.startswith(DEV) or p == "lawalign.evaluate"] == []


def test_the_baseline_dp_is_not_an_alignment_export() -> None:
    import lawalign.align

    assert "align_sentences" not in lawalign.align.__all__
    assert not hasattr(lawalign.align, "DPConfig")
    assert lawalign.align.parse_beads(lawalign.align.beads_text(lawalign.align.parse_beads("[0]:[0, 1]")))


def _lint_imports() -> str | None:
    beside = Path(sys.executable).with_name("lint-imports")
    return str(beside) if beside.exists() else shutil.which("lint-imports")


@pytest.mark.skipif(_lint_imports() is None, reason="import-linter is not installed")
def test_the_import_contract_holds() -> None:
    exe = _lint_imports()
    assert exe is not None
    env = {"PYTHONPATH": f"{ROOT / 'src'}:{ROOT / 'tools'}", "PATH": "/usr/bin:/bin"}
    done = subprocess.run([exe, "--no-cache"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout
