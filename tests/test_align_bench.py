"""The aligner's benchmark rows (``make bench``): produced for every size, in the units printed.

No wall-clock limits here: the figures are printed by ``scripts/bench.py``, not judged by tests.
"""

from __future__ import annotations

from lawalign_dev.bench import bench_hybrid, bench_sentalign


def test_bench_rows_name_every_size() -> None:
    for rows in (bench_sentalign((40, 80), repeat=1), bench_hybrid((40, 80), repeat=1)):
        assert [r["unit"] for r in rows] == ["s", "ms", "s", "ms"]
        assert all(isinstance(r["value"], float) and r["value"] >= 0 for r in rows)
        assert "40 sentences" in str(rows[0]["name"]) and "80 sentences" in str(rows[2]["name"])
