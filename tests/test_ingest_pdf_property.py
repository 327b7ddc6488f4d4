"""Property: whatever paragraphs a booklet holds, reading it back gives exactly those paragraphs, in
order, and nothing of the running header or page numbers (seeded; examples are typeset with fpdf2).

Booklets of two pages and more: on a single page a running header cannot be told from text.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

import pdf_fixtures
from ingest_fixtures import SEEDS, seed_text
from lawalign.ingest import read_source

WORDS = sorted({w for lang in SEEDS for w in seed_text(lang).split() if not re.fullmatch(r"-+", w)})
LABELS = ["", "", "", "1. ", "2. ", "A. ", "- ", "* ", "[1] "]

paragraph = st.builds(
    lambda label, words: label + " ".join(words),
    st.sampled_from(LABELS),
    st.lists(st.sampled_from(WORDS), min_size=8, max_size=70),
)


@seed(20071)
# Each example is a typeset booklet (about a second): few examples, no shrinking.
@settings(
    max_examples=8,
    deadline=None,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.lists(paragraph, min_size=40, max_size=60), st.booleans())
def test_booklet_reads_back_its_paragraphs(paras, ragged):
    with tempfile.TemporaryDirectory() as tmp:
        path = pdf_fixtures.booklet("\n".join(paras), Path(tmp) / "p.pdf", ragged=ragged)
        source = read_source(path, lang="vi")
    assert len({line.page for line in source.lines}) >= 2
    assert [line.text for line in source.lines] == [" ".join(p.split()) for p in paras]
    assert all(u.reason == "page-furniture" for u in source.removed)
    assert {u.source.page for u in source.removed} == {line.page for line in source.lines} | {
        u.source.page for u in source.removed
    }
