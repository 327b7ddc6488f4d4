"""Cross-lingual semantic search with the real embedding model (marker ``model``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lawalign.cli import main
from lawalign.query import Corpus
from query_fixtures import ROOT, seed_editions

QUESTION = "after a claim play stops and the Director must be called"


@pytest.fixture(autouse=True)
def _cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LAWALIGN_CACHE", str(tmp_path / "cache"))


@pytest.mark.model
def test_semantic_search_finds_68d_in_every_language() -> None:
    hits = Corpus(seed_editions()).search(QUESTION, top=6)
    assert {h.lang for h in hits if h.id == "68D"} == {"vi", "ru", "tr"}
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)


@pytest.mark.model
def test_semantic_search_is_deterministic_and_filters() -> None:
    corpus = Corpus(seed_editions())
    first = [h.as_dict() for h in corpus.search(QUESTION, top=5, langs=["ru"])]
    again = [h.as_dict() for h in Corpus(seed_editions()).search(QUESTION, top=5, langs=["ru"])]
    assert first == again and {h["lang"] for h in first} == {"ru"}
    assert first[0]["id"] == "68D"


@pytest.mark.model
def test_search_command_on_bundled_corpus(capsys: pytest.CaptureFixture[str]) -> None:
    try:
        from lawalign.ingest import read_source  # noqa: F401
    except ImportError:
        pytest.skip("the ingest stage is not available yet")
    code = main(["search", QUESTION, str(ROOT / "corpus"), "--top", "6", "--format", "json"])
    assert code == 0
    hits = json.loads(capsys.readouterr().out)
    assert {h["lang"] for h in hits if h["id"] == "68D"} == {"vi", "ru", "tr"}
    assert set(hits[0]) == {"lang", "id", "score", "text", "source"}
