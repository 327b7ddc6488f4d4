"""Word-level differences between two versions of a unit's text (difflib on word tokens).

Tokens are words and runs of punctuation, each carrying the whitespace that follows it, so joining
the tokens of either side gives back its text exactly: no character is lost in a diff.
"""

from __future__ import annotations

import difflib
import html
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

# A word ("yêu", "16D") or a run of punctuation ("),", "“"), then the whitespace after it.
_TOKEN = re.compile(r"(\w+|[^\w\s]+)(\s*)")
# Whitespace before the first token.
_LEAD = re.compile(r"^\s*")

OpKind = Literal["equal", "delete", "insert", "replace"]


@dataclass(frozen=True, slots=True)
class WordOp:
    """One run of a word diff: ``old`` and ``new`` are exact substrings of the two texts."""

    op: OpKind
    old: str
    new: str

    def as_dict(self) -> dict[str, str]:
        """JSON form; ``equal`` runs carry only ``text``."""
        if self.op == "equal":
            return {"op": "equal", "text": self.old}
        return {"op": self.op, "old": self.old, "new": self.new}


def tokenize(text: str) -> tuple[str, list[tuple[str, str]]]:
    """Split ``text`` into leading whitespace and (token, trailing whitespace) pairs.

    >>> tokenize(" Law 16D, ok")
    (' ', [('Law', ' '), ('16D', ''), (',', ' '), ('ok', '')])
    """
    lead = _LEAD.match(text)
    start = lead.end() if lead else 0
    return text[:start], [(m[1], m[2]) for m in _TOKEN.finditer(text, start)]


def similarity(a: str, b: str) -> float:
    """Similarity of two texts in [0, 1] (difflib ratio on word tokens).

    >>> similarity("a b c d", "a b x d")
    0.75
    """
    ta = [t for t, _ in tokenize(a)[1]]
    tb = [t for t, _ in tokenize(b)[1]]
    if not ta and not tb:
        return 1.0
    return difflib.SequenceMatcher(None, ta, tb, autojunk=False).ratio()


MERGE_EQUAL_MAX = 1
"""An unchanged run of at most this many tokens between two edits is folded into one replacement,
so "ngay lập tức" -> "tức thì" reads ``[-ngay lập tức-]{+tức thì+}``, not three scattered edits."""

Opcode = tuple[str, int, int, int, int]


def _merge_short_equals(opcodes: Sequence[Opcode]) -> list[Opcode]:
    out: list[Opcode] = []
    for op in opcodes:
        out.append(op)
        # fold [edit, short equal, edit] into one replace
        while (
            len(out) >= 3
            and out[-1][0] != "equal"
            and out[-2][0] == "equal"
            and out[-2][2] - out[-2][1] <= MERGE_EQUAL_MAX
            and out[-3][0] != "equal"
        ):
            last, first = out.pop(), out[-2]
            out.pop()
            out[-1] = ("replace", first[1], last[2], first[3], last[4])
    return out


def word_diff(old: str, new: str) -> tuple[WordOp, ...]:
    """The word-level edit script turning ``old`` into ``new``.

    Joining ``op.old`` over all runs gives ``old`` back; joining ``op.new`` gives ``new``.

    >>> [o.op for o in word_diff("play ceases now", "play stops now")]
    ['equal', 'replace', 'equal']
    """
    lead_a, ta = tokenize(old)
    lead_b, tb = tokenize(new)
    ops: list[WordOp] = []
    if lead_a or lead_b:
        ops.append(WordOp("equal" if lead_a == lead_b else "replace", lead_a, lead_b))
    matcher = difflib.SequenceMatcher(None, [t for t, _ in ta], [t for t, _ in tb], autojunk=False)
    for tag, i1, i2, j1, j2 in _merge_short_equals(matcher.get_opcodes()):
        a = "".join(t + s for t, s in ta[i1:i2])
        b = "".join(t + s for t, s in tb[j1:j2])
        if tag == "equal" and a != b:  # same words, different spacing: keep both sides exact
            ops.append(WordOp("replace", a, b))
        else:
            ops.append(WordOp(tag, a, b))  # type: ignore[arg-type]
    return tuple(op for op in ops if op.old or op.new)


def _split_ws(s: str) -> tuple[str, str]:
    body = s.rstrip()
    return body, s[len(body) :]


def render_text(ops: tuple[WordOp, ...]) -> str:
    """The diff inline as ``[-old-]{+new+}`` (wdiff style).

    >>> render_text(word_diff("play ceases now", "play stops now"))
    'play [-ceases-]{+stops+} now'
    """
    out: list[str] = []
    for op in ops:
        if op.op == "equal":
            out.append(op.old)
            continue
        old, ws_old = _split_ws(op.old)
        new, ws_new = _split_ws(op.new)
        if old:
            out.append(f"[-{old}-]")
        if new:
            out.append(f"{{+{new}+}}")
        out.append(ws_new or ws_old)
    return "".join(out)


def render_html(ops: tuple[WordOp, ...]) -> str:
    """The diff inline as escaped HTML with ``<del>`` / ``<ins>``.

    >>> render_html(word_diff("a < b", "a > b"))
    'a <del>&lt;</del><ins>&gt;</ins> b'
    """
    out: list[str] = []
    for op in ops:
        if op.op == "equal":
            out.append(html.escape(op.old, quote=False))
            continue
        old, ws_old = _split_ws(op.old)
        new, ws_new = _split_ws(op.new)
        if old:
            out.append(f"<del>{html.escape(old, quote=False)}</del>")
        if new:
            out.append(f"<ins>{html.escape(new, quote=False)}</ins>")
        out.append(ws_new or ws_old)
    return "".join(out)
