"""List markers as a browser draws them: an ordered list's "1." "B." "iv.", an unordered list's bullet.

A web page that prints a law as ``<ol type="A">`` shows its section letters, though no letter is in
the page's text; read without them, the law loses its labels ("Claim Defined" is no longer "A."). So
each list item of a page's text starts with the marker the browser draws for it: the list's ``type``
attribute or an inline ``list-style-type`` (``decimal``, ``lower-alpha``/``upper-alpha`` and the
``-latin`` forms, ``lower-roman``/``upper-roman``, ``lower-greek``, ``decimal-leading-zero``,
``none``; another style counts in decimal), ``start``, ``reversed`` and an item's ``value``, as HTML
specifies; bullets by nesting (disc "•", then circle "◦", then square "▪") unless a style names one.
A style set in a style sheet is not read (no style sheet is applied), so such a list counts in decimal;
an item whose text starts with a label of its own ("A. Claim Defined") gets no marker, since its page
most likely hides the markers with a style sheet (:func:`prints_own_label`).

>>> from lxml import html
>>> ol = html.fromstring('<ol type="A" start="2"><li>x</li><li value="5">y</li><li>z</li></ol>')
>>> [marker_of(li) for li in ol]
['B. ', 'E. ', 'F. ']
>>> ul = html.fromstring('<ul><li>x<ul><li>y</li></ul></li></ul>')
>>> marker_of(ul[0]), marker_of(ul[0][0][0])
('• ', '◦ ')
"""

from __future__ import annotations

import re
from typing import Any

from lawalign.ingest.xmlsafe import local_name

_LISTS = frozenset({"ol", "ul", "menu", "dir"})
_STYLE = re.compile(r"list-style(?:-type)?\s*:\s*([a-z-]+)", re.I)
_TYPE_ATTR = {"1": "decimal", "a": "lower-alpha", "A": "upper-alpha", "i": "lower-roman", "I": "upper-roman"}
_BULLETS = {"disc": "•", "circle": "◦", "square": "▪"}
_BULLET_BY_DEPTH = ("disc", "circle", "square")
_ROMAN = (
    (1000, "m"),
    (900, "cm"),
    (500, "d"),
    (400, "cd"),
    (100, "c"),
    (90, "xc"),
    (50, "l"),
    (40, "xl"),
    (10, "x"),
    (9, "ix"),
    (5, "v"),
    (4, "iv"),
    (1, "i"),
)
_GREEK = "αβγδεζηθικλμνξοπρστυφχψω"
# A label the item's own text starts with: "A.", "1)", "(a)", "iv.", "68B1", "§ 3", a bullet.
_OWN_LABEL = re.compile(
    r"\s*(?:\(?[0-9]{1,4}[A-Za-z]?[0-9]*[.):]|\(?[A-Za-z][.):]|\([a-z]{1,4}\)|[ivxlcIVXLC]{1,6}[.)]|§|[•·▪◦●\-–*])(?:\s|$)"
)
# HTML's limit for a counter's value: browsers clamp to a 32-bit integer.
_MAX_COUNTER = 2**31 - 1


def _integer(value: str | None) -> int | None:
    """An HTML integer attribute ("3", " -2 "), or None when it is none."""
    m = re.match(r"\s*([+-]?\d{1,10})", value or "")
    if m is None:
        return None
    return max(-_MAX_COUNTER, min(_MAX_COUNTER, int(m.group(1))))


def _style(el: Any, ordered: bool) -> str | None:
    """The list style an element names: inline ``list-style-type`` first, then ``type``."""
    m = _STYLE.search(el.get("style") or "")
    if m:
        return m.group(1).lower()
    kind = (el.get("type") or "").strip()
    if not kind:
        return None
    if ordered:
        return _TYPE_ATTR.get(kind, "decimal")
    return kind.lower() if kind.lower() in _BULLETS else None


def roman(n: int) -> str:
    """``n`` in lowercase roman numerals ("" for 0 or less).

    >>> roman(1994)
    'mcmxciv'
    """
    out = []
    for value, letters in _ROMAN:
        while n >= value:
            out.append(letters)
            n -= value
    return "".join(out)


def _alphabetic(n: int, letters: str) -> str:
    """Bijective base-len(letters): 1 → a, 26 → z, 27 → aa (CSS's alphabetic counters)."""
    out = []
    while n > 0:
        n, r = divmod(n - 1, len(letters))
        out.append(letters[r])
    return "".join(reversed(out))


def counter_text(n: int, style: str) -> str:
    """The text of counter value ``n`` in ``style``; outside a style's range, decimal (as CSS falls back).

    >>> counter_text(4, "upper-roman"), counter_text(28, "lower-alpha"), counter_text(3, "lower-greek")
    ('IV', 'ab', 'γ')
    >>> counter_text(7, "decimal-leading-zero"), counter_text(0, "upper-alpha")
    ('07', '0')
    """
    if style in ("lower-alpha", "lower-latin", "upper-alpha", "upper-latin") and n > 0:
        text = _alphabetic(n, "abcdefghijklmnopqrstuvwxyz")
        return text.upper() if style.startswith("upper") else text
    if style in ("lower-roman", "upper-roman") and 0 < n < 4000:
        text = roman(n)
        return text.upper() if style == "upper-roman" else text
    if style == "lower-greek" and n > 0:
        return _alphabetic(n, _GREEK)
    if style == "decimal-leading-zero" and 0 <= n < 10:
        return f"0{n}"
    return str(n)


def _depth(lst: Any) -> int:
    """How many lists ``lst`` is nested in."""
    depth, up = 0, lst.getparent()
    while up is not None:
        depth += local_name(up.tag) in _LISTS
        up = up.getparent()
    return depth


def list_markers(lst: Any) -> dict[Any, str]:
    """The marker a browser draws before each item of list ``lst`` (with its trailing space; ``""``
    where it draws none), in one pass over the list's items."""
    if local_name(lst.tag) not in _LISTS:
        return {}
    items = [c for c in lst if local_name(c.tag) == "li"]
    ordered = local_name(lst.tag) == "ol"
    list_style = _style(lst, ordered)
    bullet_style = list_style or _BULLET_BY_DEPTH[min(_depth(lst), len(_BULLET_BY_DEPTH) - 1)]
    step = -1 if ordered and lst.get("reversed") is not None else 1
    start = _integer(lst.get("start")) if ordered else None
    value = start if start is not None else (len(items) if step < 0 else 1)
    markers: dict[Any, str] = {}
    for item in items:
        own = _integer(item.get("value")) if ordered else None
        if own is not None:
            value = own
        style = _style(item, ordered) or (list_style if ordered else bullet_style) or "decimal"
        if style == "none":
            markers[item] = ""
        elif not ordered and style in _BULLETS:
            markers[item] = f"{_BULLETS[style]} "
        else:
            # an unordered list styled with a counter ("list-style-type: decimal") counts like an ordered one
            markers[item] = f"{counter_text(value, style)}. "
        value += step
    return markers


def prints_own_label(li: Any) -> bool:
    """The item's text starts with a label of its own ("A. Claim Defined" inside an ``<ol>``): the
    page's style sheet most likely hides the list's markers, and a marker drawn before it would give
    the item two labels ("1. A. Claim Defined"). Style sheets are not applied, so this is read from the
    text.

    >>> from lxml import html
    >>> items = html.fromstring("<ol><li><b>A.</b> Claim</li><li>Any claim</li></ol>")
    >>> [prints_own_label(li) for li in items]
    [True, False]
    """
    for chunk in li.itertext():
        if chunk.strip():
            return _OWN_LABEL.match(chunk) is not None
    return False


def marker_of(li: Any) -> str:
    """The marker a browser draws before list item ``li`` (with its trailing space), or ``""`` when it
    draws none (``list-style-type: none``, or an item outside a list)."""
    lst = li.getparent()
    if lst is None:
        return ""
    return list_markers(lst).get(li, "")
