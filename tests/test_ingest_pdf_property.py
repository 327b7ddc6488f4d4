"""Property: whatever paragraphs a booklet holds, reading it back gives exactly those paragraphs, in
order, and nothing of the running header or page numbers.

Random documents from seeded generators (deterministic): 40–60 paragraphs of seed words with the
seeds' labels, typeset justified and ragged. Booklets of two pages and more: on a single page a running
header cannot be told from text.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import pdf_fixtures
from ingest_fixtures import SEEDS, seed_text
from lawalign.ingest import read_source

WORDS = sorted({w for lang in SEEDS for w in seed_text(lang).split() if not re.fullmatch(r"-+", w)})
LABELS = ["", "", "", "1. ", "2. ", "A. ", "- ", "* ", "[1] "]


def _document(seed: int) -> list[str]:
    rng = random.Random(seed)
    return [
        rng.choice(LABELS) + " ".join(rng.choice(WORDS) for _ in range(rng.randint(8, 70)))
        for _ in range(rng.randint(40, 60))
    ]


@pytest.mark.parametrize("ragged", [False, True], ids=["justified", "ragged"])
@pytest.mark.parametrize("seed", range(5))
def test_booklet_reads_back_its_paragraphs(tmp_path: Path, seed: int, ragged: bool) -> None:
    paras = _document(seed)
    path = pdf_fixtures.booklet("\n".join(paras), tmp_path / "p.pdf", ragged=ragged)
    source = read_source(path, lang="vi")
    assert len({line.page for line in source.lines}) >= 2
    assert [line.text for line in source.lines] == [" ".join(p.split()) for p in paras]
    assert all(u.reason == "page-furniture" for u in source.removed)
