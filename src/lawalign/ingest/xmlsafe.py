"""The one way lawalign parses XML: every container (Word and OpenDocument parts, TBX glossaries,
XLIFF and other XML inputs, Akoma Ntoso) goes through :func:`parse_xml`, with one parser setting.

* No entity is ever expanded, no DTD and nothing from the network is ever loaded
  (:data:`PARSER_OPTIONS`); a document that declares entities (``<!ENTITY``) or refers to one the
  XML spec does not predefine (``&xxe;``) is refused at that line, never read with the entity
  silently dropped.
* Bounded (numbers in :mod:`lawalign.limits`): the bytes are streamed into the parser in chunks and
  refused past ``max_bytes`` (so a ZIP member that inflates more than it declares is stopped), at
  most :data:`~lawalign.limits.XML_MAX_ELEMENTS` elements, nesting at most
  :data:`~lawalign.limits.XML_MAX_DEPTH`, and no text node longer than
  :data:`~lawalign.limits.XML_MAX_TEXT`.

>>> parse_xml(b"<a><b>x</b></a>", "t.xml").findtext("b")
'x'
>>> parse_xml(b'<!DOCTYPE a [<!ENTITY e "boom">]><a>&e;</a>', "t.xml")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
lawalign.errors.InputError: t.xml:1:14: the document declares entities (<!ENTITY ...>): refused, ...
"""

from __future__ import annotations

import re
from typing import IO, Any

from lxml import etree

from lawalign.errors import InputError
from lawalign.limits import XML_MAX_BYTES, XML_MAX_DEPTH, XML_MAX_ELEMENTS, XML_MAX_TEXT

PARSER_OPTIONS: dict[str, bool] = {
    "resolve_entities": False,
    "no_network": True,
    "load_dtd": False,
    "dtd_validation": False,
    # libxml2's depth limit is 256 without this and 2,048 with it; this module enforces its own
    # caps on bytes, elements, depth and text, so lifting libxml2's is safe.
    "huge_tree": True,
    "remove_comments": False,
}
"""The parser setting of every XML document lawalign reads."""

_CHUNK = 64 * 1024
_DECL = b"<!ENTITY"
ENTITY_MESSAGE = (
    "the document declares entities (<!ENTITY ...>): refused, entities are never expanded "
    "(billion-laughs and external-entity protection)"
)


def local_name(tag: Any) -> str:
    """An element's tag without its namespace, in lowercase; ``""`` for a comment or instruction.

    >>> local_name("{http://www.w3.org/1999/xhtml}LI"), local_name("p")
    ('li', 'p')
    """
    if not isinstance(tag, str):
        return ""
    return tag.rsplit("}", 1)[-1].lower() if "}" in tag else tag.lower()


def _error(path: str, part: str, message: str, line: int = 0, col: int = 0) -> InputError:
    """``path:line:col: message`` for a document; for a part of a container, whose lines are not
    the file's, ``path: part, line L, column C: message``."""
    if not part:
        return InputError(path, message, line, col)
    at = f", line {line}" + (f", column {col}" if col else "") if line else ""
    return InputError(path, f"{part}{at}: {message}")


_ROOT_START = re.compile(rb"<[A-Za-z_:\x80-\xff]")


class _Scan:
    """Finds an ``<!ENTITY`` declaration (before the root element) in streamed bytes, located."""

    def __init__(self) -> None:
        self.start = 0  # offset of ``tail[0]`` in the document
        self.lines = 0  # line ends before ``start``
        self.last_nl = -1  # offset of the last line end before ``start``
        self.tail = b""
        self.done = False  # the root element has started: "<!ENTITY" after it is text

    def feed(self, chunk: bytes) -> tuple[int, int] | None:
        if self.done:
            return None
        data = self.tail + chunk
        found = data.find(_DECL)
        root = _ROOT_START.search(data)
        if root is not None and (found < 0 or root.start() < found):
            self.done = True
            return None
        if found >= 0:
            nl = data.rfind(b"\n", 0, found)
            last = self.start + nl if nl >= 0 else self.last_nl
            return self.lines + data.count(b"\n", 0, found) + 1, self.start + found - last
        cut = max(len(data) - (len(_DECL) - 1), 0)
        head = data[:cut]
        self.lines += head.count(b"\n")
        nl = head.rfind(b"\n")
        if nl >= 0:
            self.last_nl = self.start + nl
        self.start += cut
        self.tail = data[cut:]
        return None


def parse_xml(
    source: bytes | IO[bytes],
    path: str,
    *,
    part: str = "",
    max_bytes: int = XML_MAX_BYTES,
    keep: bool = True,
    encoding: str | None = None,
) -> Any:
    """The root element of an XML document, parsed with :data:`PARSER_OPTIONS` and bounded.

    Args:
        source: the document's bytes, or a binary stream (a ZIP member: read in chunks, never
            inflated past ``max_bytes``).
        path: the file, as messages name it.
        part: the member of a container (``word/document.xml``), named in messages.
        max_bytes: the most bytes read.
        keep: False to only check the document (elements are freed as they are read; the root
            returned is then empty).
        encoding: the encoding of ``source`` when it is already known (text re-encoded), overriding
            the document's own declaration.

    Raises:
        InputError: malformed XML, entities, or a limit passed: ``path:line:col: [part: ]message``.
    """
    parser = etree.XMLPullParser(events=("start", "end"), encoding=encoding, **PARSER_OPTIONS)
    scan = _Scan()
    total = elements = depth = 0

    def drain() -> None:
        nonlocal elements, depth
        for event, el in parser.read_events():
            if event == "start":
                elements += 1
                depth += 1
                if elements > XML_MAX_ELEMENTS:
                    raise _error(
                        path,
                        part,
                        f"more than {XML_MAX_ELEMENTS:,} elements (the limit): refused",
                        el.sourceline or 0,
                    )
                if depth > XML_MAX_DEPTH:
                    raise _error(
                        path,
                        part,
                        f"elements nest deeper than {XML_MAX_DEPTH} levels: refused",
                        el.sourceline or 0,
                    )
                continue
            depth -= 1
            for text in (el.text, el.tail):
                if text is not None and len(text) > XML_MAX_TEXT:
                    raise _error(
                        path,
                        part,
                        f"a text of {len(text):,} characters is over the limit of {XML_MAX_TEXT:,}",
                        el.sourceline or 0,
                    )
            for child in el:
                if isinstance(child, etree._Entity):
                    raise _error(
                        path,
                        part,
                        f"an entity reference {child.text} (entities are refused, never expanded)",
                        child.sourceline or el.sourceline or 0,
                    )
            if not keep:
                el.clear(keep_tail=False)
                parent = el.getparent()
                if parent is not None:
                    while el.getprevious() is not None:
                        del parent[0]

    seen: list[bytes] = []  # what was fed, to locate an error the push parser reports unlocated

    def fail(exc: etree.XMLSyntaxError) -> InputError:
        line, col = exc.position if exc.position else (0, 0)
        if not line:
            # libxml2's push mode loses some errors (an undefined entity: "no element found");
            # the same bytes parsed whole, with the same setting, say what and where.
            try:
                etree.fromstring(b"".join(seen), etree.XMLParser(encoding=encoding, **PARSER_OPTIONS))
            except etree.XMLSyntaxError as whole:
                exc = whole
                line, col = whole.position if whole.position else (0, 0)
        message = re.sub(r", line \d+, column \d+$", "", exc.msg or str(exc))
        if "Excessive depth" in message or ("depth" in message.lower() and "limit" in message.lower()):
            return _error(path, part, f"elements nest deeper than {XML_MAX_DEPTH} levels: refused", line, col)
        return _error(path, part, f"malformed XML: {message}", line, col)

    def feed(chunk: bytes) -> None:
        nonlocal total
        total += len(chunk)
        if total > max_bytes:
            raise _error(
                path, part, f"more than {max_bytes:,} bytes of XML (the limit for one part): refused"
            )
        seen.append(chunk)
        at = scan.feed(chunk)
        if at is not None:
            raise _error(path, part, ENTITY_MESSAGE, *at)
        try:
            parser.feed(chunk)
        except etree.XMLSyntaxError as exc:
            raise fail(exc) from None
        drain()

    if isinstance(source, (bytes, bytearray)):
        for start in range(0, max(len(source), 1), _CHUNK):
            feed(bytes(source[start : start + _CHUNK]))
    else:
        while True:
            chunk = source.read(_CHUNK)
            if not chunk:
                break
            feed(chunk)
    try:
        root = parser.close()
    except etree.XMLSyntaxError as exc:
        raise fail(exc) from None
    drain()
    dtd = root.getroottree().docinfo.internalDTD
    if dtd is not None and list(dtd.iterentities()):  # declared in a way the byte scan cannot see
        raise _error(path, part, ENTITY_MESSAGE, 1, 1)
    return root


__all__ = ["ENTITY_MESSAGE", "PARSER_OPTIONS", "parse_xml"]
