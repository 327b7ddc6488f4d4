"""`--jobs N`: texts the cache lacks are encoded in N worker processes when there are enough of them;
vectors (and so every output) are the same whatever N."""

from __future__ import annotations

import os

import numpy as np
import pytest

from lawalign.align import parallel
from lawalign.align.cache import Store
from lawalign.align.embed import CachedEmbedder, E5Embedder
from lawalign.cli import build_parser
from perf_fixtures import PidEmbedder, SpawnableHashEmbedder, UnmakeableEmbedder

TEXTS = [f"Paragraph {k}: the claimer states the number of tricks, case {k}." for k in range(40)]


def _slices(texts: list[str], size: int) -> list[list[str]]:
    return [texts[i : i + size] for i in range(0, len(texts), size)]


def test_slices_are_spread_over_worker_processes_and_come_back_in_order() -> None:
    slices = _slices(TEXTS, 5)
    rows = np.concatenate(list(parallel.encode_slices(PidEmbedder(), slices, 2)))
    assert rows[:, 1].tolist() == [len(t) for t in TEXTS]
    assert os.getpid() not in set(rows[:, 0].tolist())
    parallel.shutdown()


def test_few_slices_or_one_job_stay_in_this_process() -> None:
    for slices, jobs in ((_slices(TEXTS, 20), 2), (_slices(TEXTS, 5), 1)):
        rows = np.concatenate(list(parallel.encode_slices(PidEmbedder(), slices, jobs)))
        assert set(rows[:, 0].tolist()) == {os.getpid()}


def test_an_embedder_workers_cannot_make_is_encoded_here() -> None:
    class Local(PidEmbedder):
        spawn_spec = None  # type: ignore[assignment]

    rows = np.concatenate(list(parallel.encode_slices(Local(), _slices(TEXTS, 5), 2)))
    assert set(rows[:, 0].tolist()) == {os.getpid()}


def test_workers_that_cannot_start_leave_the_work_here(caplog) -> None:
    with caplog.at_level("WARNING", logger="lawalign.align.parallel"):
        rows = np.concatenate(list(parallel.encode_slices(UnmakeableEmbedder(), _slices(TEXTS, 5), 2)))
    assert rows[:, 1].tolist() == [len(t) for t in TEXTS]
    assert set(rows[:, 0].tolist()) == {os.getpid()}
    assert "encoding in this process" in caplog.text


def test_cached_vectors_are_the_same_whatever_the_jobs(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr("lawalign.align.embed.ENCODE_CHUNK", 4)
    one = CachedEmbedder(SpawnableHashEmbedder(), Store(tmp_path / "a"), jobs=1).encode(TEXTS)
    two = CachedEmbedder(SpawnableHashEmbedder(), Store(tmp_path / "b"), jobs=2).encode(TEXTS)
    assert one.tobytes() == two.tobytes()
    parallel.shutdown()


@pytest.mark.model
def test_the_bundled_model_gives_the_same_bytes_in_workers(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr("lawalign.align.embed.ENCODE_CHUNK", 3)
    texts = TEXTS[:12]
    here = CachedEmbedder(E5Embedder(), Store(tmp_path / "a"), jobs=1).encode(texts)
    spread = CachedEmbedder(E5Embedder(), Store(tmp_path / "b"), jobs=2).encode(texts)
    assert here.tobytes() == spread.tobytes()
    parallel.shutdown()


def test_jobs_default_and_option(monkeypatch) -> None:
    monkeypatch.setenv(parallel.JOBS_ENV, "3")
    assert parallel.default_jobs() == 3
    monkeypatch.delenv(parallel.JOBS_ENV)
    assert 1 <= parallel.default_jobs() <= parallel.MAX_DEFAULT_JOBS
    args = build_parser(only="build").parse_args(["build", "corpus", "--jobs", "2"])
    assert args.jobs == 2
    with pytest.raises(SystemExit):
        build_parser(only="build").parse_args(["build", "corpus", "--jobs", "0"])
