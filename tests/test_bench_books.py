"""The generated books of the benchmarks (``scripts/bench_books.py``: the seeds' Law 68 as Laws 1..N,
with a skeleton that knows them) are read as the books they stand for."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from lawalign.models import UnitId

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"


def _books() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_books", SCRIPTS / "bench_books.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_book_skeleton_carries_typed_ids() -> None:
    skeleton = _books().book_skeleton(3)
    assert skeleton.laws == ("1", "2", "3")
    assert all(isinstance(u.id, UnitId) for u in skeleton.units)
    assert all(isinstance(f, UnitId) for u in skeleton.units for f in u.footnotes)
    assert {u.id.law for u in skeleton.units} == {"1", "2", "3"}


def test_a_book_is_read_against_its_skeleton(tmp_path: Path) -> None:
    """In a child interpreter, as the benchmarks run it (the skeleton is swapped for that process).
    The sub-point reading once failed here on ids the generated skeleton gave as plain text."""
    path = tmp_path / "vi.txt"
    path.write_text(_books().book_text("vi", 2), encoding="utf-8")
    code = (
        f"import sys; sys.path.insert(0, {str(SCRIPTS)!r}); import bench_books\n"
        "bench_books.use_book_skeleton(2)\n"
        "from lawalign.ingest.read import read_source\n"
        "from lawalign.run import read_structure\n"
        f"for edition, _ in read_structure(read_source({str(path)!r}, lang='vi'), given='2007'):\n"
        "    print(' '.join(str(u.id) for u in edition.units))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-500:]
    ids = done.stdout.split()
    for law in ("1", "2"):
        assert {f"{law}.title", f"{law}A", f"{law}B1", f"{law}B2", f"{law}C", f"{law}D"} <= set(ids)
