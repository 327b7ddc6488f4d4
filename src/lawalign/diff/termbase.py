"""Termbases: the accepted (and the to-be-avoided) renderings of key concepts per language, as data.

One TOML file per language in ``lawalign/data/termbase/<lang>.toml`` (format documented in
``en.toml``). Concept ids are shared across languages ("director", "at-once"), which is what makes a
cross-lingual check possible: the Russian 68C says "сразу же", the Vietnamese "ngay lập tức", so a
68C with no rendering of ``at-once`` has lost the time constraint.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from lawalign.datafiles import check_choice, check_keys, data_file, key_line, parse_toml, shown, user_data
from lawalign.errors import ConfigError


@dataclass(frozen=True, slots=True)
class Concept:
    """One concept of a termbase in one language."""

    id: str
    kind: str  # "term" or "modality"
    terms: tuple[str, ...]
    avoid: tuple[str, ...] = ()
    varies: bool = False  # the WBF English itself renders the concept with several of its terms


@dataclass(frozen=True, slots=True)
class Termbase:
    """The concepts of one language (empty for a language without a termbase)."""

    lang: str
    concepts: tuple[Concept, ...]

    def concept(self, concept_id: str) -> Concept | None:
        return next((c for c in self.concepts if c.id == concept_id), None)


@dataclass(frozen=True, slots=True)
class TermHit:
    """Where a term of a concept occurs in a text."""

    concept: str
    term: str
    start: int
    end: int
    avoided: bool


TOP_KEYS = frozenset({"lang", "concept"})
CONCEPT_KEYS = frozenset({"kind", "terms", "avoid", "varies"})
KINDS = ("term", "modality")


def load_termbase(lang: str) -> Termbase:
    """The termbase of ``lang`` (the user's ``--data`` folder first); an empty one when there is none.

    Unknown keys and kinds are refused with file and line.

    >>> load_termbase("ru").concept("at-once").terms[0]
    'сразу'
    >>> load_termbase("zz").concepts
    ()
    """
    return _load(lang, user_data())


@cache
def _load(lang: str, user: Path | None) -> Termbase:
    entry = data_file("termbase", lang)
    if entry is None:
        return Termbase(lang, ())
    source = shown(entry, "termbase")
    text = entry.read_text(encoding="utf-8")
    data = parse_toml(text, source)
    return parse_termbase(data, lang, source, text)


def parse_termbase(data: dict[str, object], lang: str, source: str, text: str = "") -> Termbase:
    """Validate a termbase read from TOML (the format of ``data/termbase/en.toml``).

    Args:
        data: The parsed TOML.
        lang: Its language.
        source: Where it came from, for error messages.
        text: The file's text, to give the line of an unknown key or kind.

    Returns:
        The termbase, concepts sorted by id.

    Raises:
        ConfigError: An unknown key, a bad ``kind`` or a concept with no terms.

    >>> parse_termbase({"concept": {"claim": {"terms": ["claim"]}}}, "en", "x.toml").concepts[0].terms
    ('claim',)
    """
    check_keys(data, TOP_KEYS, source, text)
    raw_concepts = data.get("concept", {})
    if not isinstance(raw_concepts, dict):
        raise _wrong(source, text, "concept", 0, "'concept' must be a table of [concept.<id>] tables")
    concepts = []
    for cid, raw in sorted(raw_concepts.items()):
        if not isinstance(raw, dict):
            raise ConfigError(f"{source}: concept {cid!r} must be a table")
        after = key_line(text, cid)
        check_keys(raw, CONCEPT_KEYS, source, text, where=f"concept {cid!r}", after=after)
        kind = raw.get("kind", "term")
        if not isinstance(kind, str):
            raise _wrong(
                source, text, "kind", after, f"concept {cid!r}: 'kind' must be a string, not {kind!r}"
            )
        check_choice(kind, KINDS, source, text, name="kind", after=after)
        lists = {}
        for key in ("terms", "avoid"):
            value = raw.get(key, [])
            if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
                shown_value = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
                raise _wrong(
                    source,
                    text,
                    key,
                    after,
                    f"concept {cid!r}: {key!r} must be a list of strings, not {shown_value}",
                )
            lists[key] = tuple(value)
        if not lists["terms"]:
            raise ConfigError(f"{source}: concept {cid!r} lists no terms")
        varies = raw.get("varies", False)
        if not isinstance(varies, bool):
            raise _wrong(source, text, "varies", after, f"concept {cid!r}: 'varies' must be true or false")
        concepts.append(Concept(cid, kind, lists["terms"], lists["avoid"], varies))
    return Termbase(lang, tuple(concepts))


def _wrong(source: str, text: str, key: str, after: int, message: str) -> ConfigError:
    line = key_line(text, key, after) if text else 0
    return ConfigError(f"{source}:{line}: {message}" if line else f"{source}: {message}")


@cache
def _pattern(term: str) -> re.Pattern[str]:
    # A term matches at the start of a word; spaces inside a term match any whitespace.
    body = r"\s+".join(re.escape(part) for part in term.split())
    return re.compile(rf"(?<![^\W\d_]){body}", re.I)


def find_terms(text: str, lang: str, termbase: Termbase | None = None) -> list[TermHit]:
    """Every occurrence of a termbase term in ``text``, sorted by position (longest term first).

    ``termbase`` replaces the bundled termbase of ``lang`` (a user's glossary merged in, a test).
    With the bundled termbase, results are memoized per (text, language): the rules ask about the
    same unit many times.

    >>> [(h.concept, h.term) for h in find_terms("trọng tài phải gọi ngay", "vi")]
    [('director', 'trọng tài'), ('at-once', 'ngay')]
    """
    if termbase is None:
        return list(_find_bundled_terms(text, lang))
    return list(_scan_terms(text, termbase))


@lru_cache(maxsize=1 << 17)
def _find_bundled_terms(text: str, lang: str) -> tuple[TermHit, ...]:
    return _scan_terms(text, load_termbase(lang))


def _scan_terms(text: str, termbase: Termbase) -> tuple[TermHit, ...]:
    hits: list[TermHit] = []
    for concept in termbase.concepts:
        for avoided, terms in ((False, concept.terms), (True, concept.avoid)):
            for term in terms:
                for m in _pattern(term).finditer(text):
                    hits.append(TermHit(concept.id, term, m.start(), m.end(), avoided))
    hits.sort(key=lambda h: (h.start, -(h.end - h.start), h.concept))
    kept: list[TermHit] = []
    for h in hits:
        if kept and h.start < kept[-1].end and h.concept == kept[-1].concept:
            continue  # "ngay lập tức" already counts; its "ngay" is not a second hit
        kept.append(h)
    return tuple(kept)


def concepts_in(text: str, lang: str, kind: str | None = None) -> dict[str, TermHit]:
    """The first hit of each concept present in ``text`` (optionally only one ``kind``)."""
    tb = load_termbase(lang)
    out: dict[str, TermHit] = {}
    for h in find_terms(text, lang):
        c = tb.concept(h.concept)
        if h.avoided or c is None or (kind is not None and c.kind != kind):
            continue
        out.setdefault(h.concept, h)
    return out
