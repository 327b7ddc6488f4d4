"""Layout robustness: does a page read the same when its layout changes and its words do not?

The same law text reaches users laid out many ways: with or without blank lines between paragraphs,
hard-wrapped by a mail program, double-spaced by a web page that made every line a paragraph,
indented, with Windows line ends, with every line break lost (a printed page's text layer), or saved
as a web page (a paragraph per block of lines, a ``<br>`` per line). Each
variant here re-lays out a real page without changing a word; the page is *stable* under it when
``units`` gives the same sequence of (id, kind) for its law units as on the page as published.
Pages the pipeline refuses as published, or reads without any law unit, say nothing and are skipped.
"""

from __future__ import annotations

import html
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from lawalign_dev.evaluate.pages import Rows, units_of_file
from lawalign_dev.evaluate.relaid import LAYOUTS, relaid_lines


def _relaid(layout: str, text: str) -> str:
    """``text`` re-laid out as ``layout`` (:func:`lawalign_dev.evaluate.relaid.relaid_lines`)."""
    return "\n".join(line for line, _ in relaid_lines(text.split("\n"), layout))


def _crlf(text: str) -> str:
    return text.replace("\n", "\r\n")


def _one_line(text: str) -> str:
    return " ".join(ln.strip() for ln in text.split("\n") if ln.strip())


def _web_page(text: str) -> str:
    r"""The page saved as a web page: a paragraph per block of lines, a ``<br>`` per line break, every
    line on the raw line it had (the words are escaped, never changed).

    >>> print(_web_page("LAW 70\n\nA. General\nText."))
    <!DOCTYPE html><html><body><p>LAW 70</p>
    <BLANKLINE>
    <p>A. General<br>
    Text.</p></body></html>
    """
    lines = text.split("\n")
    out = []
    for i, line in enumerate(lines):
        if not line.strip():
            out.append("")
            continue
        first = i == 0 or not lines[i - 1].strip()
        last = i + 1 == len(lines) or not lines[i + 1].strip()
        out.append(("<p>" if first else "") + html.escape(line, quote=False) + ("</p>" if last else "<br>"))
    return "<!DOCTYPE html><html><body>" + "\n".join(out) + "</body></html>"


VARIANTS: dict[str, Callable[[str], str]] = {
    **{layout: partial(_relaid, layout) for layout in LAYOUTS},
    "crlf": _crlf,
    "one-line": _one_line,
    "web-page": _web_page,
}
"""Re-layouts of a page that keep every word: name → function of the page's text."""


@dataclass(frozen=True, slots=True)
class Stability:
    """How one page fared under one variant."""

    page: str
    variant: str
    stable: bool
    expected: tuple[str, ...]
    got: tuple[str, ...]


def law_ids(rows: Rows) -> tuple[str, ...]:
    """The ``id/kind`` sequence of a reading's law units (debris left out)."""
    return tuple(f"{r['id']}/{r['kind']}" for r in rows if r.get("kind") != "debris")


def _read(path: Path, units: Callable[[Path], Rows]) -> tuple[str, ...] | None:
    from lawalign.errors import LawalignError

    try:
        return law_ids(units(path))
    except LawalignError:
        return None


def relayout(
    pages: Sequence[Path],
    variants: Mapping[str, Callable[[str], str]] = VARIANTS,
    units: Callable[[Path], Rows] = units_of_file,
) -> list[Stability]:
    """Read each page as published and under each variant (same file name, so a slug still counts)."""
    return reformat(pages, {name: partial(_write, change) for name, change in variants.items()}, units)


def _write(change: Callable[[str], str], text: str, path: Path) -> Path:
    """``text`` re-laid out by ``change``, written to ``path`` in UTF-8."""
    path.write_bytes(change(text).encode("utf-8"))
    return path


def reformat(
    pages: Sequence[Path],
    makers: Mapping[str, Callable[[str, Path], Path]],
    units: Callable[[Path], Rows] = units_of_file,
    keep: Callable[[str, str], bool] = lambda name, text: True,
) -> list[Stability]:
    """Read each page as published and again saved in each other format (``makers``: name → a function
    writing the page's text to a path as a Word file, a PDF, ...; the page's name is kept, the format is
    recognised by content). ``keep(maker, text)`` says whether a maker can render the page at all (a
    typesetter's fonts cover its scripts)."""
    out: list[Stability] = []
    with tempfile.TemporaryDirectory(prefix="lawalign-relayout-") as tmp:
        for page in sorted(pages):
            expected = _read(page, units)
            if not expected:
                continue
            text = page.read_text(encoding="utf-8", errors="replace")
            for name, make in makers.items():
                if not keep(name, text):
                    continue
                folder = Path(tmp) / name
                folder.mkdir(exist_ok=True)
                got = _read(make(text, folder / page.name), units) or ()
                out.append(Stability(page.name, name, got == expected, expected, got))
    return out


def format_report(results: Sequence[Stability], indent: str = "  ") -> str:
    """Stable pages per variant, overall, and what changed where a page was not stable."""
    lines = []
    for name in dict.fromkeys(r.variant for r in results):
        rs = [r for r in results if r.variant == name]
        lines.append(f"{indent}{name:<16}{sum(r.stable for r in rs)}/{len(rs)} pages read the same")
    stable = sum(r.stable for r in results)
    share = stable / len(results) if results else 0.0
    lines.append(f"{indent}overall         {stable}/{len(results)} ({100 * share:.1f} %)")
    for r in results:
        if not r.stable:
            missing = [x for x in r.expected if x not in r.got]
            extra = [x for x in r.got if x not in r.expected]
            lines.append(
                f"{indent}  {r.page} [{r.variant}]: "
                + (f"missing {', '.join(missing[:6])} " if missing else "")
                + (f"extra {', '.join(extra[:6])}" if extra else "")
                + ("" if missing or extra else "order differs")
            )
    return "\n".join(lines)
