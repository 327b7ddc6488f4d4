"""Every seed, through the real ingest and structure stages, gives strictly valid AKN that round-trips."""

from __future__ import annotations

from pathlib import Path

import pytest

from akn_fixtures import SEEDS
from lawalign.models import Edition, Line, SourceText
from lawalign.structure.akn import edition_text, from_akn, to_akn, validate
from test_akn_read import assert_same_edition


def _source(path: Path, lang: str) -> SourceText:
    try:
        from lawalign.ingest import read_source  # type: ignore[attr-defined]
    except ImportError:  # the seeds are already UTF-8, NFC, LF: a plain line map is faithful
        text = path.read_text(encoding="utf-8")
        lines, offset = [], 0
        for n, line in enumerate(text.split("\n"), 1):
            lines.append(Line(line, n, offset))
            offset += len(line) + 1
        return SourceText(str(path), text, tuple(lines), lang, "utf-8")
    return read_source(path, lang=lang)  # type: ignore[no-any-return]


def _segment(path: Path, lang: str) -> Edition:
    structure = pytest.importorskip("lawalign.structure.segment")
    return structure.segment_law(_source(path, lang))  # type: ignore[no-any-return]


@pytest.mark.parametrize("lang", sorted(SEEDS))
def test_seed_validates_strictly_and_round_trips(lang: str) -> None:
    edition = _segment(SEEDS[lang], lang)
    xml = to_akn(edition)
    ok, errors = validate(xml, strict=True)
    assert ok, errors
    assert_same_edition(from_akn(xml), edition)
    assert edition_text(from_akn(xml)) == edition_text(edition)
    assert to_akn(edition) == xml


def test_bundled_corpus_validates_strictly_and_round_trips() -> None:
    from lawalign.run import load_editions

    root = Path(__file__).resolve().parents[1] / "corpus"
    editions = load_editions([root])
    assert editions
    for edition in editions:
        xml = to_akn(edition)
        ok, errors = validate(xml, strict=True)
        assert ok, (edition.name, errors)
        assert_same_edition(from_akn(xml), edition)
