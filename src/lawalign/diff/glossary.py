"""Glossaries: a user's terms merged over the bundled termbases, read from TOML (the termbase format,
with ``lang = "xx"``) or TBX (TBX-Basic / TBX 2 ``termEntry``/``langSet``/``tig`` and TBX 3
``conceptEntry``/``langSec``/``termSec``; a term whose ``administrativeStatus`` is deprecated,
superseded or not recommended is one to avoid).

A glossary's concept with the id of a bundled concept adds its terms to it (a term it lists under
``avoid`` is no longer accepted, and the reverse); a TBX entry whose id is unknown joins the bundled
concept one of its terms belongs to, else becomes a concept of its own. Merging never drops a
concept: a one-concept glossary adds to (or amends) that concept and leaves the others as they are.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path

from lawalign.datafiles import load_toml, toml_location
from lawalign.diff.termbase import Concept, Termbase, load_termbase, parse_termbase
from lawalign.errors import ConfigError, InputError
from lawalign.fsafe import check_regular, read_regular

# TBX administrative statuses that mark a term to avoid.
_AVOID_STATUS = ("deprecated", "superseded", "notrecommended", "not recommended", "obsolete")


def merge_termbase(base: Termbase, extra: Termbase) -> Termbase:
    """``base`` with the concepts of ``extra`` added (same id: terms and avoid lists joined)."""
    concepts = {c.id: c for c in base.concepts}
    for c in extra.concepts:
        old = concepts.get(c.id)
        if old is None:
            concepts[c.id] = c
        else:
            # The later glossary wins: a term it avoids is no longer accepted, and the reverse.
            concepts[c.id] = replace(
                old,
                terms=tuple(t for t in dict.fromkeys((*old.terms, *c.terms)) if t not in c.avoid),
                avoid=tuple(t for t in dict.fromkeys((*old.avoid, *c.avoid)) if t not in c.terms),
                varies=old.varies or c.varies,
            )
    return Termbase(base.lang, tuple(concepts[k] for k in sorted(concepts)))


GLOSSARY_MAX_BYTES = 20 * 1024 * 1024
"""Largest glossary read (the input size limit)."""


def _read_toml(path: Path) -> dict[str, Termbase]:
    try:
        text = read_regular(path, str(path), limit=GLOSSARY_MAX_BYTES).decode("utf-8")
        data = load_toml(text, str(path))
    except tomllib.TOMLDecodeError as exc:
        message, line, col = toml_location(exc, text)
        raise InputError(str(path), f"malformed glossary: {message}", line, col) from None
    except UnicodeDecodeError as exc:
        raise InputError(str(path), f"glossary is not UTF-8: {exc.reason}") from None
    lang = data.get("lang")
    if not isinstance(lang, str) or not lang:
        raise InputError(str(path), 'a TOML glossary needs lang = "xx" (its ISO 639-1 language)')
    try:
        return {lang: parse_termbase(data, lang, str(path), text)}
    except ConfigError as exc:
        message = str(exc).removeprefix(str(path))
        where = re.match(r":(\d+)(?::(\d+))?: ", message)
        if where:
            line, col = int(where[1]), int(where[2] or 0)
            raise InputError(str(path), message[where.end() :], line, col) from None
        raise InputError(str(path), message.removeprefix(": ")) from None


def _local(tag: object) -> str:
    return str(tag).rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _slug(text: str) -> str:
    return re.sub(r"[^\w]+", "-", text.casefold()).strip("-") or "concept"


def _known_concept(lang: str, term: str) -> str | None:
    """The bundled concept of ``lang`` one of whose terms ``term`` is (or starts with)."""
    folded = term.casefold()
    for concept in load_termbase(lang).concepts:
        if any(folded.startswith(t.casefold()) for t in concept.terms):
            return concept.id
    return None


def _read_tbx(path: Path) -> dict[str, Termbase]:
    from lawalign.ingest.read import MAX_BYTES
    from lawalign.ingest.xmlsafe import parse_xml

    root = parse_xml(read_regular(path, str(path), limit=MAX_BYTES), str(path), max_bytes=MAX_BYTES)
    xml_lang = "{http://www.w3.org/XML/1998/namespace}lang"
    per_lang: dict[str, dict[str, Concept]] = {}
    entries = [e for e in root.iter() if _local(e.tag) in ("termEntry", "conceptEntry")]
    if not entries:
        raise InputError(str(path), "no termEntry or conceptEntry in this TBX file")
    for n, entry in enumerate(entries, 1):
        found: list[tuple[str, str, bool]] = []  # (lang, term, avoided)
        for lang_set in entry:
            if _local(lang_set.tag) not in ("langSet", "langSec"):
                continue
            lang = (lang_set.get(xml_lang) or lang_set.get("lang") or "").split("-")[0].lower()
            if not lang:
                raise InputError(
                    str(path), f"entry #{n}: a langSet without xml:lang", line=lang_set.sourceline or 0
                )
            for group in lang_set.iter():
                if _local(group.tag) not in ("tig", "ntig", "termSec"):
                    continue
                term = next((t for t in group.iter() if _local(t.tag) == "term"), None)
                if term is None or not "".join(term.itertext()).strip():
                    continue
                status = " ".join(
                    "".join(note.itertext())
                    for note in group.iter()
                    if _local(note.tag) == "termNote" and note.get("type") == "administrativeStatus"
                ).casefold()
                squeezed = status.replace("-", "").replace(" ", "")
                avoided = any(word.replace(" ", "") in squeezed for word in _AVOID_STATUS)
                found.append((lang, " ".join("".join(term.itertext()).split()), avoided))
        if not found:
            continue
        cid = entry.get("id") or ""
        bundled = {c.id for lang, _, _ in found for c in load_termbase(lang).concepts}
        if cid not in bundled:
            known = next((k for lang, t, bad in found if not bad and (k := _known_concept(lang, t))), None)
            english = next((t for lang, t, _ in found if lang == "en"), None)
            cid = known or cid or _slug(english or found[0][1])
        for lang, term, avoided in found:
            concepts = per_lang.setdefault(lang, {})
            old = concepts.get(cid, Concept(cid, "term", ()))
            if avoided:
                concepts[cid] = replace(old, avoid=(*old.avoid, term))
            else:
                concepts[cid] = replace(old, terms=(*old.terms, term))
    out: dict[str, Termbase] = {}
    for lang, concepts in per_lang.items():
        out[lang] = Termbase(lang, tuple(sorted(concepts.values(), key=lambda c: c.id)))
    return out


def read_glossary(path: str | Path) -> dict[str, Termbase]:
    """Read a user's glossary: TOML (the bundled termbase format, with ``lang``) or TBX.

    Args:
        path: A ``.toml`` or ``.tbx`` (or ``.xml``) file, or a folder of them (read in name order),
            or a data folder whose ``termbase/`` subfolder holds them.

    Returns:
        Language → the glossary's concepts in that language.

    Raises:
        InputError: The file is missing, malformed, or not a glossary (``path: message``).
    """
    p = Path(path)
    if p.is_dir() and (p / "termbase").is_dir():
        p = p / "termbase"  # a user data folder (skeletons/, profiles/, termbase/, ...)
    if p.is_dir():
        merged: dict[str, Termbase] = {}
        files = sorted(f for f in p.iterdir() if f.suffix.lower() in (".toml", ".tbx", ".xml"))
        if not files:
            raise InputError(str(p), "no .toml or .tbx glossary in this folder")
        for f in files:
            for lang, tb in read_glossary(f).items():
                merged[lang] = merge_termbase(merged[lang], tb) if lang in merged else tb
        return merged
    if not p.exists():
        raise InputError(str(p), "no such glossary file")
    check_regular(p, str(p))  # a FIFO, device or socket is refused unopened
    if p.suffix.lower() == ".toml":
        return _read_toml(p)
    if p.suffix.lower() in (".tbx", ".xml"):
        return _read_tbx(p)
    raise InputError(str(p), "a glossary is a .toml or .tbx file")


def termbases(langs: Iterable[str], glossaries: Sequence[str | Path] = ()) -> dict[str, Termbase]:
    """The termbase of each language: the bundled one with the glossaries merged in.

    Args:
        langs: The languages wanted (a language only a glossary covers is included too).
        glossaries: Glossary files or folders (see :func:`read_glossary`), merged in the order given.

    Returns:
        Language → termbase.
    """
    out = {lang: load_termbase(lang) for lang in langs}
    for path in glossaries:
        for lang, tb in read_glossary(path).items():
            out[lang] = merge_termbase(out.get(lang, Termbase(lang, ())), tb)
    return out
