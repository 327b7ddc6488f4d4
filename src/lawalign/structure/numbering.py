"""List numbering that runs on across laws and sections, as Word numbers a list nobody restarted.

A federation's Word file whose automatic numbering was never restarted prints "3." and "4." for the
first two points of Law 69 when Law 68 ended at "2.", and "5." for the first point of Law 70B: the
numbers count the list's items, not the law's points. A reader of the printed page reads them by the
outline: each run of numbered paragraphs is a section's points from 1. The Laws always restart their
numbering in a new law, so a law whose first point continues the previous law's last point number is
the evidence that the text's lists run on; only then are point numbers read relative to their run
(a run ends at any paragraph that is not a numbered point), and a point's number is then a weak
signal, as a point whose number was lost (``ids.match_cost``): "14." right after 70D3 can be 70E1.
The printed labels are kept as printed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from lawalign.structure.blocks import Block


def runs_on(blocks: Sequence[Block]) -> bool:
    """Some law's first point continues the numbering of the law before it (and is not 1).

    >>> def b(kind, number=0):
    ...     return Block(0, 0, 0, 0, 0, "", kind=kind, number=number)
    >>> runs_on([b("law"), b("point", 1), b("point", 2), b("law"), b("point", 3)])
    True
    >>> runs_on([b("law"), b("point", 1), b("point", 2), b("law"), b("point", 1)])
    False
    """
    last: int | None = None
    new_law = False
    for blk in blocks:
        if blk.kind == "law":
            new_law = True
        elif blk.kind == "point":
            if new_law and last is not None and blk.number == last + 1 and blk.number > 1:
                return True
            new_law = False
            last = blk.number
    return False


def restart_runs(blocks: Sequence[Block]) -> list[Block]:
    """The blocks with point numbers read relative to their run when the text's lists run on.

    >>> def b(kind, number=0):
    ...     return Block(0, 0, 0, 0, 0, "", kind=kind, number=number)
    >>> bs = [b("law"), b("point", 1), b("point", 2), b("law"), b("text"), b("point", 3), b("point", 4)]
    >>> bs = restart_runs(bs)
    >>> [(x.number, x.run_on) for x in bs if x.kind == "point"]
    [(1, True), (2, True), (1, True), (2, True)]
    """
    if not runs_on(blocks):
        return list(blocks)
    out: list[Block] = []
    offset = 0
    in_run = False
    for blk in blocks:
        if blk.kind == "point":
            if not in_run:
                offset = blk.number - 1
                in_run = True
            blk = replace(blk, number=blk.number - offset, run_on=True)
        elif blk.kind != "debris":
            in_run = False
        out.append(blk)
    return out
