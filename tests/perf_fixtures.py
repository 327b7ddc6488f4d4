"""Embedders for the encoding-process tests: picklable by reference, so spawned workers make them."""

from __future__ import annotations

import os
from collections.abc import Sequence

import numpy as np

from align_fixtures import HashEmbedder


class SpawnableHashEmbedder(HashEmbedder):
    """The hashed-trigram test embedder, which worker processes can make again."""

    def spawn_spec(self) -> tuple[type, tuple[()]]:
        return (SpawnableHashEmbedder, ())


class PidEmbedder:
    """Each vector holds the id of the process that computed it (to see the work spread)."""

    name = "test-pid"
    dim = 2

    def spawn_spec(self) -> tuple[type, tuple[()]]:
        return (PidEmbedder, ())

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        return np.array([[os.getpid(), len(t)] for t in texts], dtype=np.float64)


def _refuse() -> PidEmbedder:
    raise RuntimeError("this worker cannot make the embedder")


class UnmakeableEmbedder(PidEmbedder):
    """An embedder whose workers fail to start (the pool breaks; the texts are encoded here)."""

    def spawn_spec(self) -> tuple[object, tuple[()]]:  # type: ignore[override]
        return (_refuse, ())
