"""Two parallel texts of any kind → sentence beads: the library behind ``lawalign pair``.

A document is read either as one sentence per line (``presplit``: line ``k`` is sentence ``k``,
nothing split or merged, so bead indices are 0-based line numbers) or as ordinary text: decoded,
normalized, one paragraph per non-empty line, each paragraph split into sentences
(:mod:`lawalign.align.sentences`). Blank lines of a presplit file take part in no match: each
becomes a deletion bead in its place, so the beads still cover every line once, in order.

Bead renderings: ``beads`` (vecalign notation, one bead per line), ``jsonl``, ``tsv`` and ``tmx``
(sentence-level TMX 1.4b, deletions left out).
"""

from __future__ import annotations

import csv
import io
import json
import logging
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from lawalign.align.embed import CachedEmbedder, Embedder
from lawalign.align.sentalign import AlignConfig
from lawalign.align.sentences import split_many
from lawalign.align.strategies import DEFAULT_STRATEGY, STRATEGIES, align_documents
from lawalign.errors import InputError
from lawalign.models import Bead

log = logging.getLogger(__name__)

PAIR_FORMATS = ("beads", "jsonl", "tsv", "tmx")
MAX_BYTES = 20 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class PairDocument:
    """One side of a pair: its sentences, each with the 1-based line it starts on."""

    path: str
    lang: str
    sentences: tuple[str, ...]
    lines: tuple[int, ...]

    def joined(self, idx: Sequence[int]) -> str:
        """The sentences ``idx`` as one text, as every rendering of a bead groups them.

        >>> PairDocument("a.txt", "en", ("One. ", " Two."), (1, 1)).joined((0, 1))
        'One. Two.'
        """
        return " ".join(self.sentences[i].strip() for i in idx)


def _read_text(path: str, lang: str | None) -> str:
    from lawalign.fsafe import check_regular, read_regular
    from lawalign.ingest.decode import decode_bytes

    p = Path(path)
    try:
        if p.is_dir():
            raise InputError(path, "is a directory, not a file")
        size = check_regular(p, path).st_size  # a FIFO, device or socket is refused unopened
        if size > MAX_BYTES:
            raise InputError(
                path, f"file is {size / 1048576:.1f} MB, over the {MAX_BYTES // 1048576} MB limit"
            )
        data = read_regular(p, path, limit=MAX_BYTES)
    except FileNotFoundError:
        raise InputError(path, "no such file") from None
    except OSError as exc:
        raise InputError(path, f"cannot read: {exc.strerror or exc}") from None
    if not data:
        raise InputError(path, "empty file")
    return decode_bytes(data, path, lang=lang).text


def _split_lines(text: str) -> list[str]:
    """Lines as a text-mode file iteration gives them (``\\n``, ``\\r\\n`` or ``\\r`` end a line).

    >>> _split_lines("a\\r\\nb\\n\\nc")
    ['a', 'b', '', 'c']
    """
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def read_document(
    path: str | os.PathLike[str], lang: str | None = None, *, presplit: bool = False, store: object = None
) -> PairDocument:
    """Read one side of a pair.

    Args:
        path: a text file (any encoding lawalign decodes); with ``presplit``, one sentence per line.
        lang: ISO 639-1 code; detected from the text when omitted.
        presplit: take every line as one sentence (blank lines included, as deletions).
        store: the embedding cache's :class:`~lawalign.align.cache.Store`, to cache sentence splits.

    Raises:
        InputError: a missing, empty, binary or undecodable file, or one of more than
            :data:`~lawalign.limits.MAX_LINES` lines.
    """
    from lawalign.ingest.langid import detect_language
    from lawalign.ingest.normalize import check_line_breaks

    shown = os.fspath(path)
    if presplit:
        text = _read_text(shown, lang)
        if not text.strip():
            raise InputError(shown, "no text: the file holds only whitespace")
        check_line_breaks(text, shown)
        code = lang or detect_language(text)[0]
        lines = _split_lines(text)
        return PairDocument(shown, code, tuple(lines), tuple(range(1, len(lines) + 1)))
    from lawalign.ingest.read import read_source

    source = read_source(shown, lang)
    paragraphs: list[tuple[int, str]] = []
    for line in source.lines:
        if line.text.strip():
            paragraphs.append((line.raw_line, line.text.strip()))
    splits = split_many([p for _, p in paragraphs], source.lang, store)  # type: ignore[arg-type]
    sentences: list[str] = []
    starts: list[int] = []
    for (line_no, _), sents in zip(paragraphs, splits, strict=True):
        sentences.extend(sents)
        starts.extend([line_no] * len(sents))
    return PairDocument(shown, source.lang, tuple(sentences), tuple(starts))


def _with_blanks(beads: Sequence[Bead], src_blank: list[int], tgt_blank: list[int]) -> tuple[Bead, ...]:
    """Insert deletion beads for blank sentences (already re-indexed beads), keeping the order."""
    out: list[Bead] = []
    si = ti = 0
    for bead in beads:
        if bead.src:
            while si < len(src_blank) and src_blank[si] < bead.src[0]:
                out.append(Bead((src_blank[si],), ()))
                si += 1
        if bead.tgt:
            while ti < len(tgt_blank) and tgt_blank[ti] < bead.tgt[0]:
                out.append(Bead((), (tgt_blank[ti],)))
                ti += 1
        out.append(bead)
    out.extend(Bead((i,), ()) for i in src_blank[si:])
    out.extend(Bead((), (j,)) for j in tgt_blank[ti:])
    return tuple(out)


PAIR_UNITS = tuple(STRATEGIES)


def pair_documents(
    src: PairDocument,
    tgt: PairDocument,
    embedder: Embedder,
    config: AlignConfig | None = None,
    unit: str = DEFAULT_STRATEGY,
) -> tuple[Bead, ...]:
    """Sentence beads of two documents: every sentence of both sides in exactly one bead, in order.

    ``unit`` names the strategy (:data:`lawalign.align.strategies.STRATEGIES`): ``sentence``
    (default; whole sentences, runs of sentences encoded only where a first pass is uncertain),
    ``sentence-all`` (every run encoded), ``fragment`` (clause fragments read back as sentence
    beads) or ``both`` (fragments and sentences reconciled); ``config`` applies to that unit (to
    the fragments for ``fragment`` and ``both``).

    >>> from lawalign.align.embed import normalize_rows
    >>> import numpy as np
    >>> class Letters:
    ...     name, dim = "letters", 26
    ...     def encode(self, texts):
    ...         return normalize_rows(np.array([[t.count(c) for c in "abcdefghijklmnopqrstuvwxyz"]
    ...                                         for t in texts], dtype=float))
    >>> a = PairDocument("a", "en", ("aaa", "", "bbb"), (1, 2, 3))
    >>> b = PairDocument("b", "en", ("aaa", "bbb"), (1, 2))
    >>> [str(x) for x in pair_documents(a, b, Letters())]
    ['[0]:[0]', '[1]:[]', '[2]:[1]']
    """
    src_keep = [i for i, s in enumerate(src.sentences) if s.strip()]
    tgt_keep = [j for j, s in enumerate(tgt.sentences) if s.strip()]
    if unit not in PAIR_UNITS:
        raise ValueError(f"unit must be one of {', '.join(PAIR_UNITS)}, not {unit!r}")
    core = align_documents(
        [src.sentences[i] for i in src_keep],
        [tgt.sentences[j] for j in tgt_keep],
        embedder,
        strategy=unit,
        config=config,
    )
    mapped = [
        Bead(tuple(src_keep[i] for i in b.src), tuple(tgt_keep[j] for j in b.tgt), b.score) for b in core
    ]
    src_blank = sorted(set(range(len(src.sentences))) - set(src_keep))
    tgt_blank = sorted(set(range(len(tgt.sentences))) - set(tgt_keep))
    return _with_blanks(mapped, src_blank, tgt_blank)


def store_of(embedder: Embedder) -> object:
    """The on-disk cache behind ``embedder`` (None when it is not cached)."""
    return embedder.store if isinstance(embedder, CachedEmbedder) else None


def render_beads(beads: Sequence[Bead]) -> str:
    """One bead per line in vecalign notation (``[0]:[0, 1]``, ``[5]:[]``).

    >>> print(render_beads([Bead((0,), (0, 1)), Bead((1,), ())]), end="")
    [0]:[0, 1]
    [1]:[]
    """
    return "".join(f"{b}\n" for b in beads)


def render_jsonl(beads: Sequence[Bead], src: PairDocument, tgt: PairDocument) -> str:
    """One JSON object per bead: indices, score, texts, and the line each side starts on."""
    rows = []
    for b in beads:
        row: dict[str, object] = {"src": list(b.src), "tgt": list(b.tgt), "score": b.score}
        row["src_text"] = src.joined(b.src)
        row["tgt_text"] = tgt.joined(b.tgt)
        row["src_line"] = src.lines[b.src[0]] if b.src else None
        row["tgt_line"] = tgt.lines[b.tgt[0]] if b.tgt else None
        rows.append(json.dumps(row, ensure_ascii=False))
    return "".join(f"{r}\n" for r in rows)


def render_tsv(beads: Sequence[Bead], src: PairDocument, tgt: PairDocument) -> str:
    """Tab-separated ``src tgt score src_text tgt_text`` with a header (RFC 4180-style quoting)."""
    buf = io.StringIO()
    writer = csv.writer(buf, delimiter="\t", lineterminator="\n")
    writer.writerow(["src", "tgt", "score", "src_text", "tgt_text"])
    for b in beads:
        writer.writerow(
            [
                str(list(b.src)),
                str(list(b.tgt)),
                f"{b.score:.4f}",
                src.joined(b.src),
                tgt.joined(b.tgt),
            ]
        )
    return buf.getvalue()
