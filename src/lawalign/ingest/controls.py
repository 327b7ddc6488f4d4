"""Control characters in law text (ESC, BEL, NUL, C1 controls ...): taken out, each kept as debris.

A control character is never law text, yet one pasted ``ESC[31m`` must not crash a writer (XML cannot
carry it) nor reach a terminal. Step ``controls`` removes every C0/C1 control but tab (line ends and
the soft breaks VT/FF/NEL are handled earlier) and records each run as located debris, so nothing of
the input is lost: the debris row names the code points, the file, line and column.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from lawalign.ingest.normalize import RawLine

CONTROL_RUN = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\ufffe\uffff]+")
"""A run of control characters other than tab, e.g. the ``\\x1b`` of ``\\x1b[31m`` (with the
noncharacters U+FFFE and U+FFFF, which XML cannot carry either)."""


@dataclass(frozen=True, slots=True)
class RemovedControl:
    """A run of control characters taken out of a line: where (raw line, 1-based column) and what."""

    chars: str
    raw_line: int
    col: int

    @property
    def spelled(self) -> str:
        """The run as visible code points: ``U+001B ESCAPE``.

        >>> RemovedControl("\\x1b\\x07", 3, 1).spelled
        'U+001B ESCAPE, U+0007 BELL'
        """
        return ", ".join(f"U+{ord(c):04X} {_name(c)}" for c in self.chars)


def _name(ch: str) -> str:
    name = unicodedata.name(ch, "")
    if name:
        return name
    return {
        "\x00": "NULL",
        "\x07": "BELL",
        "\x08": "BACKSPACE",
        "\x1b": "ESCAPE",
        "\x7f": "DELETE",
        "\ufffe": "NONCHARACTER",
        "\uffff": "NONCHARACTER",
    }.get(ch, "CONTROL")


def strip_controls(lines: list[RawLine]) -> tuple[list[RawLine], list[RemovedControl]]:
    """``lines`` without control characters (tab kept), and every run taken out, located.

    Columns count characters of the line as it reached this step (the decoded raw line for plain text).

    >>> kept, removed = strip_controls([RawLine("\\x1b[31mLaw 68\\x1b[0m", 4)])
    >>> kept[0].text, [(r.raw_line, r.col, r.chars) for r in removed]
    ('[31mLaw 68[0m', [(4, 1, '\\x1b'), (4, 12, '\\x1b')])
    """
    kept: list[RawLine] = []
    removed: list[RemovedControl] = []
    for line in lines:
        if not CONTROL_RUN.search(line.text):
            kept.append(line)
            continue
        removed.extend(
            RemovedControl(m.group(), line.raw_line, m.start() + 1) for m in CONTROL_RUN.finditer(line.text)
        )
        kept.append(RawLine(CONTROL_RUN.sub("", line.text), line.raw_line))
    return kept, removed


def spell_controls(text: str) -> str:
    """``text`` with each control character (tab kept) written as ``<U+001B>``: for debris text.

    >>> spell_controls("menu\x1b[0m")
    'menu<U+001B>[0m'
    """
    return CONTROL_RUN.sub(lambda m: "".join(f"<U+{ord(c):04X}>" for c in m.group()), text)
