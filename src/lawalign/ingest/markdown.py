"""Markdown (``.md``): the text a reader of the rendered page sees, line by line, located.

A law kept in Markdown (a translation in a repository, a wiki or forum post's source) marks its
structure with syntax the reader of the page never sees: ``## A. Claim Defined`` is a heading "A.
Claim Defined", ``**B.**`` is a bold "B.", and a list's ``1.`` may be any number (CommonMark numbers
an ordered list from its first item: "1. 1. 1." shows 1, 2, 3). Read as plain text, "# Law 68"
was the law's introduction and a bullet "* " a footnote mark.

The file is parsed with markdown-it-py (CommonMark, with tables), and each source line becomes the
text it shows: heading marks, emphasis, link targets and code fences dropped. A list item starts with
its marker: a bullet as the renderer draws it ("• ", as :mod:`lawalign.ingest.listmarks` does for
HTML); a number as the renderer counts it when every item of the list was written with the same one
("1. 1. 1." is 1, 2, 3), else as written ("1. 2. 3. 1. 2.", a law's next section restarting its
points with no heading between, would render as 4 and 5: the renderer's artefact, not the author's
numbering). A block quote keeps its "> " (the reader's quoted-reply mark), a table row shows its
cells side by side, parted by a tab, as a web page's and a Word file's rows are read. Every line
keeps its number in the file, so a unit's source is the Markdown line it came from; a line that
shows nothing (a blank line, a rule, a heading's underline, a link definition) is blank.

>>> page = extract_markdown("# Law 68\\n\\n1. **Claim** [defined](x.html)\\n1. B", "x.md")
>>> [line.text for line in page.lines]
['Law 68', '', '1. Claim defined', '2. B']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from markdown_it import MarkdownIt

from lawalign.errors import InputError
from lawalign.ingest.html import Extracted
from lawalign.ingest.normalize import RawLine, check_line_breaks
from lawalign.limits import MAX_PARAGRAPH_CHARS

MARKDOWN_SUFFIXES = (".md", ".markdown", ".mdown", ".mkd")
# Bullets by nesting, as a browser draws an unordered list's markers.
_BULLETS = ("• ", "◦ ", "▪ ")
# Inline tokens whose own content is shown (the others are markup or line breaks).
_SHOWN = frozenset({"text", "text_special", "code_inline", "html_inline"})


def looks_like_markdown(path: str) -> bool:
    """A Markdown file by its name (Markdown has no signature to sniff).

    >>> looks_like_markdown("laws/68.md"), looks_like_markdown("68.txt")
    (True, False)
    """
    return path.lower().endswith(MARKDOWN_SUFFIXES)


@dataclass(slots=True)
class _List:
    ordered: bool
    next_number: int
    depth: int
    as_written: bool  # each item shows the number written before it


def _written_numbers(tokens: list[Any]) -> dict[int, list[str]]:
    """For each ordered list (by its opening token's index), the numbers written before its items."""
    numbers: dict[int, list[str]] = {}
    open_lists: list[tuple[int, int]] = []  # (index, level)
    for index, token in enumerate(tokens):
        if token.type == "ordered_list_open":
            open_lists.append((index, token.level))
            numbers[index] = []
        elif token.type == "ordered_list_close":
            open_lists.pop()
        elif token.type == "list_item_open" and open_lists and token.level == open_lists[-1][1] + 1:
            numbers[open_lists[-1][0]].append(token.info)
    return numbers


class _Lines:
    """The text shown on each source line (0-based), filled block by block."""

    def __init__(self, count: int) -> None:
        self.text = [""] * count
        self.marker = ""  # a list item's marker, waiting for the item's first line
        self.quote = 0  # block quote depth

    def put(self, index: int, text: str) -> None:
        if not 0 <= index < len(self.text):
            return
        prefix = "> " * self.quote + self.marker
        self.marker = ""
        shown = prefix + text
        self.text[index] = f"{self.text[index]} {shown}" if self.text[index] else shown


def _inline_lines(parser: MarkdownIt, content: str, env: dict[str, Any]) -> list[str]:
    """The text an inline run shows, one entry per source line (split at its line breaks). Parsed
    here, one run at a time, so that only one paragraph's inline tokens are ever held."""
    children: list[Any] = []
    parser.inline.parse(content, parser, env, children)
    lines = [""]
    for child in children:
        if child.type in ("softbreak", "hardbreak"):
            lines.append("")
        elif child.type in _SHOWN:
            lines[-1] += child.content
        elif child.type == "image":
            lines[-1] += "".join(c.content for c in child.children or ())
    return lines


def _check_paragraphs(source: list[str], path: str) -> None:
    """Refuse before parsing what the plain-text reader would refuse after: a block of lines (a
    paragraph, blank-line separated) longer than :data:`~lawalign.limits.MAX_PARAGRAPH_CHARS`. The
    parser's tokens cost a few hundred bytes per character of markup, so this bounds its memory."""
    size, first = 0, 0
    for number, line in enumerate(source, start=1):
        if not line.strip():
            size = 0
            continue
        first = first if size else number
        size += len(line) + 1
        if size > MAX_PARAGRAPH_CHARS:
            raise InputError(
                path,
                f"a paragraph of more than {MAX_PARAGRAPH_CHARS:,} characters is over the limit for one "
                "paragraph (split it, or check that this file is a law text)",
                first,
                1,
            )


def extract_markdown(text: str, path: str) -> Extracted:
    """The lines a Markdown file shows, each at its own line number (1-based raw lines).

    A line that shows nothing though it holds a letter or a digit (text nested past the parser's
    depth, a fence's info string) keeps its own text: nothing written is lost. Link definitions
    ("[1]: http://…") show nothing, as on the rendered page.

    Raises:
        InputError: more lines than the limit, or a paragraph longer than the limit.
    """
    # blocks first; each paragraph's inline run is parsed when it is read (_inline_lines)
    parser = MarkdownIt("commonmark").enable("table").disable("inline")
    text = text.replace("\r\n", "\n").replace("\r", "\n")  # as markdown-it counts lines
    check_line_breaks(text, path)  # the line limit, counted as for plain text, before anything is built
    source = text.split("\n")
    _check_paragraphs(source, path)
    env: dict[str, Any] = {}
    out = _Lines(len(source))
    lists: list[_List] = []
    row: list[str] = []
    row_line = -1
    in_cell = False
    tokens = parser.parse(text, env)
    written = _written_numbers(tokens)
    for index, token in enumerate(tokens):
        kind = token.type
        if kind in ("bullet_list_open", "ordered_list_open"):
            start = token.attrGet("start")
            number = int(start) if isinstance(start, (int, str)) and str(start).isdigit() else 1
            bullets = sum(1 for lst in lists if not lst.ordered)
            # "1. 1. 1." leaves the numbers to the renderer, which counts from the first; a list whose
            # numbers differ ("1. 2. 3. 1. 2.", a law's sections restarting their points) means them
            as_written = len(set(written.get(index, ()))) > 1
            lists.append(_List(kind == "ordered_list_open", number, bullets, as_written))
        elif kind in ("bullet_list_close", "ordered_list_close"):
            lists.pop()
        elif kind == "list_item_open" and lists:
            current = lists[-1]
            if current.ordered:
                label = token.info if current.as_written and token.info else str(current.next_number)
                out.marker = f"{label}{token.markup or '.'} "
                current.next_number += 1
            else:
                out.marker = _BULLETS[min(current.depth, len(_BULLETS) - 1)]
        elif kind == "blockquote_open":
            out.quote += 1
        elif kind == "blockquote_close":
            out.quote -= 1
        elif kind == "tr_open":
            row, row_line = [], token.map[0] if token.map else -1
        elif kind == "tr_close":
            out.put(row_line, "\t".join(cell for cell in row if cell))  # side by side, as drawn
        elif kind in ("th_open", "td_open"):
            in_cell = True
        elif kind in ("th_close", "td_close"):
            in_cell = False
        elif kind == "inline" and in_cell:
            row.append(" ".join(_inline_lines(parser, token.content, env)).strip())
        elif kind == "inline" and token.map:
            shown = _inline_lines(parser, token.content, env)
            for offset, line in enumerate(shown):
                out.put(token.map[0] + offset, line)
        elif kind in ("fence", "code_block", "html_block") and token.map:
            first = token.map[0] + (1 if kind == "fence" else 0)
            for offset, line in enumerate(token.content.rstrip("\n").split("\n")):
                out.put(first + offset, line)
    definitions = {n for ref in env.get("references", {}).values() for n in range(*ref.get("map", (0, 0)))}
    lines = tuple(
        RawLine(
            raw if not shown and index not in definitions and any(c.isalnum() for c in raw) else shown,
            index + 1,
        )
        for index, (shown, raw) in enumerate(zip(out.text, source, strict=True))
    )
    return Extracted(lines, (), (), "text/markdown")
