"""A table row as it is drawn, for every format that has tables (web pages, Word, OpenDocument).

A row whose cells but the last show one line at most is one line: those lines and the last cell's
first line side by side ("A." beside "Claim Defined", a data table's row), the last cell's other
lines after it. A row whose earlier cells show several lines is a page laid out in columns (a menu
beside the text): its cells are read one after another, as a reader reads columns, never
interleaved line by line. Each format keeps its own kind of line; the rule is the same.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

Line = TypeVar("Line")


def row_lines(
    cells: Sequence[Sequence[Line]], shown: Callable[[Line], bool], join: Callable[[list[Line]], Line]
) -> list[Line] | None:
    """The lines of one table row, each cell's lines in order (``shown``: a line shows text; ``join``:
    lines side by side as one); None when an earlier cell shows several lines (a layout in columns:
    its cells are read as they stand, one after another). A row that shows nothing is its first
    line, if any (one blank).

    >>> row_lines([["A."], ["Claim", "", "Any"]], bool, " ".join)
    ['A. Claim', '', 'Any']
    >>> row_lines([["Home", "Laws"], ["LAW 68"]], bool, " ".join) is None
    True
    >>> row_lines([[""], [""]], bool, " ".join)
    ['']
    """
    if not cells or any(sum(map(shown, cell)) > 1 for cell in cells[:-1]):
        return None
    firsts = [next((x for x in cell if shown(x)), None) for cell in cells]
    joined = [x for x in firsts if x is not None]
    if not joined:
        return [x for cell in cells for x in cell][:1]
    last, first_of_last = cells[-1], firsts[-1]
    rest = list(last[last.index(first_of_last) + 1 :]) if first_of_last is not None else []
    return [join(joined), *rest]
