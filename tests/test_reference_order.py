"""One reference order: an id the skeleton lacks lands at the same place in the build's rows, the
SQLite export and the alignment itself (it used to go last in the export and the alignment, which
read a second ``reference_order`` hard-wired to the 2007 skeleton, and after its predecessor in the
build)."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

from align_fixtures import HashEmbedder, seed_editions
from lawalign.align import alignment_rows
from lawalign.export.base import ExportOptions
from lawalign.export.sqlite import render
from lawalign.models import Edition
from lawalign.query import Corpus
from lawalign.run import Run

EXTRA = "68A.x1"


def _with_extra(edition: Edition, text: str) -> Edition:
    """``edition`` with a paragraph the reference has no place for, right after 68A."""
    units = list(edition.units)
    at = next(k for k, u in enumerate(units) if u.id == "68A")
    units.insert(at + 1, replace(units[at], id=EXTRA, text=text))
    return replace(edition, units=tuple(units))


def _ids_in_order(ids: list[str]) -> list[str]:
    return list(dict.fromkeys(ids))


def test_an_extra_id_has_one_place_in_build_export_and_alignment(tmp_path: Path) -> None:
    vi, ru, tr = seed_editions()
    eds = [_with_extra(vi, "Một đoạn thêm vào."), _with_extra(ru, "Добавленный абзац."), tr]
    run = Run.from_editions(eds, embedder=HashEmbedder())
    alignment = run.alignment
    assert alignment is not None
    build = _ids_in_order([str(r["id"]) for r in alignment_rows(alignment, run.editions, run.order)])
    assert build.index(EXTRA) == build.index("68A") + 1  # where it is printed, not last
    db = tmp_path / "corpus.sqlite"
    db.write_bytes(render(Corpus(run=run), ExportOptions()))
    with sqlite3.connect(db) as conn:
        exported = _ids_in_order([row[0] for row in conn.execute("SELECT id FROM beads ORDER BY rowid")])
    assert [i for i in build if i in exported] == exported
    assert [i for i in run.order if i in alignment.ids] == list(alignment.ids)
    alone = _ids_in_order([str(r["id"]) for r in alignment_rows(alignment, run.editions)])
    assert alone == build  # the default order is the same reference order
