"""Reading stays linear in the size of the book: a count of operations, not a time."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from lawalign.cli import main
from lawalign.models import UnitId

PAGE = Path(__file__).resolve().parent / "realworld" / "pages" / "en-2017-bridgevid-68.txt"


def test_a_law_printed_many_times_over_reads_in_linear_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A law no skeleton knows, printed over and over, is read as one law whose sections run past
    "Z", so its later units are extra ids ("90Z.x7"). Each one searched for a free number from x2
    again: the ids built grew with the square of the copies (18, 682, 8,212 for 10, 20, 40 copies;
    a 2 MB book took 42 s, 0.5 MB 5.8 s). Doubling the copies now about doubles them."""
    built = [0]
    real = UnitId.with_parts

    def counted(self: UnitId, **parts: str | int) -> UnitId:
        built[0] += 1
        return real(self, **parts)  # type: ignore[arg-type]

    monkeypatch.setattr(UnitId, "with_parts", counted)
    monkeypatch.setenv("LAWALIGN_CACHE", str(tmp_path / "cache"))  # a cached reading would build no id
    page = PAGE.read_text(encoding="utf-8").replace("68", "90")
    counts = []
    for copies in (40, 80):
        path = tmp_path / f"copies{copies}.txt"  # no law number in the name: the page alone says 90
        path.write_text((page + "\n\n") * copies, encoding="utf-8")
        built[0] = 0
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(["units", str(path)]) == 0
        counts.append(built[0])
    assert counts[0] > 0
    assert counts[1] <= 2.5 * counts[0]
