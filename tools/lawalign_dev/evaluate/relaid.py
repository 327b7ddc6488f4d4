"""Re-laid-out copies of training pages, their gold carried line by line.

The same law text reaches users laid out many ways (:mod:`lawalign_dev.evaluate.relayout`): with or
without blank lines, double-spaced, hard-wrapped, indented. A line reader fitted on pages as they were
published learns their layouts too: which blank lines and line lengths go with law text on the sites
it has seen. Fitted also on one re-laid-out copy of each page, its layout cues might weigh less
against the rest (the rules' reading, the labels' shapes). An option of ``make train`` (the setting
``relaid_copy`` of ``data/reader/settings.toml``), measured and off: the protocol did not confirm
what the 10-fold harness read (docs/ingest.md, "Re-laid-out training copies").

Each page gets one copy, under the layout :func:`layout_of` its name picks (the same page the same
layout in every fold and every run). The copy keeps the page's file name (a name may say which law a
page holds) in a folder of its layout, in a temporary folder of the process; its gold is the page's
gold moved to the copy's lines: a line wrapped into several carries its label on each.
"""

from __future__ import annotations

import hashlib
import tempfile
import textwrap
from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path

from lawalign.ingest.normalize import RAW_LINE_END
from lawalign_dev.evaluate.pages import GoldLine
from lawalign_dev.evaluate.protocol import Page

WRAP_COLUMNS = 60
"""The width of the ``hard-wrapped`` layout."""

LAYOUTS = ("no-blank-lines", "double-spaced", "hard-wrapped", "indented")
"""The layouts that keep every word, the line order and every line's gold one line's; the layout
measure's variants (:data:`lawalign_dev.evaluate.relayout.VARIANTS`) are these and two more, Windows
line ends (which the reader normalizes away) and one line for the whole page (whose lines have no
gold of their own)."""

Placed = list[tuple[str, int | None]]
"""A copy's lines, each with the index of the page's line it comes from (None: a blank line added)."""


def layout_of(name: str) -> str:
    """The layout of a page's copy, picked by its name's digest.

    >>> layout_of("en-2007-blml-law69.txt") in LAYOUTS
    True
    """
    return LAYOUTS[hashlib.sha256(name.encode("utf-8")).digest()[0] % len(LAYOUTS)]


def relaid_lines(lines: Sequence[str], layout: str) -> Placed:
    """The lines of a page re-laid out as ``layout``, each with the index of its page line.

    >>> relaid_lines(["A. Claim", "", "Text"], "double-spaced")
    [('A. Claim', 0), ('', None), ('Text', 2)]
    >>> relaid_lines(["A. Claim", "", "Text"], "no-blank-lines")
    [('A. Claim', 0), ('Text', 2)]
    """
    filled: Placed = [(line, i) for i, line in enumerate(lines) if line.strip()]
    if layout == "no-blank-lines":
        return filled
    if layout == "double-spaced":
        out: Placed = []
        for k, (line, i) in enumerate(filled):
            if k:
                out.append(("", None))
            out.append((line, i))
        return out
    if layout == "hard-wrapped":
        return [
            (piece, i if piece.strip() else None)
            for i, line in enumerate(lines)
            for piece in (textwrap.wrap(line, WRAP_COLUMNS) or [""])
        ]
    if layout == "indented":
        return [("    " + line if line.strip() else line, i) for i, line in enumerate(lines)]
    raise ValueError(f"no training layout {layout!r} (one of {', '.join(LAYOUTS)})")


_FOLDER: tempfile.TemporaryDirectory[str] | None = None


def _folder() -> Path:
    """The process's folder of copies (removed when the process ends)."""
    global _FOLDER
    if _FOLDER is None:
        _FOLDER = tempfile.TemporaryDirectory(prefix="lawalign-relaid-")
    return Path(_FOLDER.name)


def relaid_page(page: Page, folder: Path | None = None) -> Page | None:
    """A copy of ``page`` in the layout its name picks, with its gold moved (its raw lines split as the
    reader splits them); None for a page that is not UTF-8 text."""
    try:
        text = page.path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        return None
    layout = layout_of(page.name)
    placed = relaid_lines(RAW_LINE_END.split(text), layout)
    gold = {g.line: g for g in page.gold.lines}
    lines = []
    for number, (_, origin) in enumerate(placed, 1):
        g = gold.get(origin + 1) if origin is not None else None
        if g is not None:
            lines.append(GoldLine(number, g.id, g.kind, g.note))
    slot = hashlib.sha256(page.name.encode("utf-8")).hexdigest()[:16]  # two gold sets may share a file name
    path = (folder or _folder()) / layout / slot / page.path.name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(line for line, _ in placed), encoding="utf-8")
    name = f"{page.name}#{layout}"
    return replace(page, name=name, path=path, gold=replace(page.gold, name=name, lines=tuple(lines)))


@cache
def _copy(page: Page) -> Page | None:
    """:func:`relaid_page` in the process's folder, once per page (every fold trains on most pages)."""
    return relaid_page(page)


def with_copies(pages: Sequence[Page]) -> list[Page]:
    """``pages`` and a re-laid-out copy of each (:func:`relaid_page`)."""
    copies = [_copy(p) for p in pages]
    return [*pages, *(c for c in copies if c is not None)]


__all__ = ["LAYOUTS", "layout_of", "relaid_lines", "relaid_page", "with_copies"]
