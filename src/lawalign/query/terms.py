"""Terms as data: how each edition renders each concept of the termbase, and where it is not consistent.

The termbases are the bundled ``data/termbase/<lang>.toml`` (see :mod:`lawalign.diff.termbase`), plus
any glossaries the user adds: a TOML file in the same format (with ``lang = "xx"``) or a TBX file
(TBX-Basic / TBX 2 ``termEntry``/``langSet``/``tig`` and TBX 3 ``conceptEntry``/``langSec``/``termSec``;
a term whose ``administrativeStatus`` is deprecated, superseded or not recommended is one to avoid).
A glossary's concept with the id of a bundled concept adds its terms to it (a term it lists under
``avoid`` is no longer accepted, and the reverse); a TBX entry whose id is
unknown joins the bundled concept one of its terms belongs to, else becomes a concept of its own.

The concordance groups the occurrences of a concept in an edition by *variant*: the termbase term
that matched. Terms that share a stem (one is the other up to its last two letters: Turkish "talep" /
"talebi", Russian "взятк" / "взяток") are one variant in two inflections. An edition that uses two
variants of one concept, or a term listed under ``avoid``, is flagged as inconsistent.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lawalign.diff.glossary import merge_termbase, read_glossary, termbases
from lawalign.diff.termbase import Concept, Termbase, find_terms, load_termbase
from lawalign.errors import ConfigError
from lawalign.models import Edition, Unit

if TYPE_CHECKING:
    import pandas as pd

TERM_COLUMNS: tuple[str, ...] = (
    "concept",
    "kind",
    "id",
    "lang",
    "edition",
    "term",
    "matched",
    "form",
    "avoided",
    "start",
    "end",
    "path",
    "line",
)
"""One row per occurrence: unit ``id`` renders ``concept`` with the variant ``term`` (the one ``lawalign
terms`` shows: Turkish "talebi", "talebe", "talebin" are all the variant "talep"), the termbase term
``matched`` ("talebi"), printed as ``form`` ("talebidir")."""

_WORD_REST = re.compile(r"[^\W_]*")


@dataclass(frozen=True, slots=True)
class TermOccurrence:
    """One rendering of a concept in one unit.

    Attributes:
        concept: The concept id ("claim").
        kind: "term" or "modality".
        id: The unit's canonical id.
        lang: The edition's language.
        edition: The edition's name.
        term: The variant: the first listed termbase term of the matched term's stem group
            (:func:`variant_of`; Turkish "talebi" is the variant "talep"), as ``lawalign terms``
            shows it.
        form: The word(s) as printed, to the end of the last word ("претензии").
        avoided: True when the term is listed under ``avoid``.
        start: Offset of ``form`` in the unit's text.
        end: Offset just past ``form``.
        path: The raw file.
        line: The 1-based raw line.
    """

    concept: str
    kind: str
    id: str
    lang: str
    edition: str
    term: str
    form: str
    avoided: bool
    start: int
    end: int
    path: str
    line: int
    matched: str = ""  # the termbase term that matched ("talebi"); ``term`` is its variant

    def as_dict(self) -> dict[str, object]:
        """A row with :data:`TERM_COLUMNS` as keys."""
        return {name: getattr(self, name) for name in TERM_COLUMNS}


@dataclass(frozen=True, slots=True)
class Rendering:
    """How one edition renders one concept with one variant (its inflections counted together)."""

    variant: str  # the termbase term standing for the variant (the first listed)
    terms: tuple[str, ...]  # the termbase terms of this variant found
    forms: tuple[tuple[str, int], ...]  # printed forms and their counts, most frequent first
    ids: tuple[str, ...]  # the units, in source order
    avoided: bool

    @property
    def count(self) -> int:
        """How many occurrences."""
        return sum(n for _, n in self.forms)

    def describe(self) -> str:
        """``'сразу' (1× in 68C)``."""
        return f"{self.variant!r} ({self.count}× in {', '.join(self.ids)})"

    def as_dict(self) -> dict[str, object]:
        """The JSON of one rendering in ``lawalign terms``."""
        return {
            "variant": self.variant,
            "terms": list(self.terms),
            "forms": dict(self.forms),
            "count": self.count,
            "ids": list(self.ids),
            "avoided": self.avoided,
        }


# -- occurrences and concordance --------------------------------------------------------------------


def occurrences(
    editions: Iterable[Edition], bases: Mapping[str, Termbase] | None = None
) -> list[TermOccurrence]:
    """Every termbase term in the law units of the editions, in edition then source order.

    Args:
        editions: The editions.
        bases: Language → termbase (default: the bundled ones).

    Returns:
        The occurrences.
    """
    out: list[TermOccurrence] = []
    for edition in editions:
        tb = bases.get(edition.lang) if bases is not None else None
        for unit in edition.law_units:
            out.extend(unit_occurrences(edition, unit, tb))
    return out


def unit_occurrences(edition: Edition, unit: Unit, termbase: Termbase | None = None) -> list[TermOccurrence]:
    """The termbase terms in one unit, in text order (none for debris).

    Args:
        edition: The unit's edition.
        unit: The unit.
        termbase: The termbase of the edition's language (default: the bundled one).

    Returns:
        The occurrences.
    """
    if unit.kind == "debris":
        return []
    tb = termbase if termbase is not None else load_termbase(edition.lang)
    kinds = {c.id: c.kind for c in tb.concepts}
    out: list[TermOccurrence] = []
    for hit in find_terms(unit.text, edition.lang, termbase):
        rest = _WORD_REST.match(unit.text, hit.end)
        end = rest.end() if rest else hit.end
        out.append(
            TermOccurrence(
                concept=hit.concept,
                kind=kinds.get(hit.concept, "term"),
                id=unit.id,
                lang=edition.lang,
                edition=edition.name,
                term=variant_of(tb.concept(hit.concept), hit.term, hit.avoided),
                matched=hit.term,
                form=unit.text[hit.start : end],
                avoided=hit.avoided,
                start=hit.start,
                end=end,
                path=unit.source.path,
                line=unit.source.line_start + unit.text.count("\n", 0, hit.start),
            )
        )
    return out


def same_variant(a: str, b: str) -> bool:
    """True when two terms are one rendering in two inflections (a shared stem).

    >>> same_variant("talep", "talebi"), same_variant("взятк", "взяток"), same_variant("ngay", "ngay lập tức")
    (True, True, True)
    >>> same_variant("defans oyuncu", "savunmacı"), same_variant("mor", "người chết")
    (False, False)
    """
    x, y = a.casefold(), b.casefold()
    common = 0
    for cx, cy in zip(x, y, strict=False):
        if cx != cy:
            break
        common += 1
    return common >= 3 and common >= min(len(x), len(y)) - 2


def variant_of(concept: Concept | None, term: str, avoided: bool = False) -> str:
    """The variant ``term`` belongs to: the first term of its stem group among the concept's listed
    terms (``avoid`` terms for an avoided one), in the termbase's order; ``term`` when unlisted.

    >>> from lawalign.diff.termbase import Concept
    >>> claim = Concept("claim", "term", ("talep", "talebi", "talebe", "talebin"))
    >>> variant_of(claim, "talebin"), variant_of(claim, "istem")
    ('talep', 'istem')
    """
    listed = (concept.avoid if avoided else concept.terms) if concept is not None else ()
    if term not in listed:
        return term
    for group in _variant_groups(listed):
        if term in group:
            return group[0]
    return term


def _variant_groups(terms: Sequence[str]) -> list[list[str]]:
    groups: list[list[str]] = []
    for term in terms:
        for group in groups:
            if any(same_variant(term, other) for other in group):
                group.append(term)
                break
        else:
            groups.append([term])
    return groups


def select_concepts(query: str | None, bases: Mapping[str, Termbase]) -> list[str]:
    """The concept ids a ``terms`` query names: a concept id, or a term of any language.

    Args:
        query: "claim", "претензия", "hakem"; None for every concept.
        bases: Language → termbase.

    Returns:
        Concept ids, sorted.

    Raises:
        ConfigError: Nothing matches; the message suggests close concept ids.
    """
    every = sorted({c.id for tb in bases.values() for c in tb.concepts})
    if query is None:
        return every
    folded = query.casefold().strip()
    if folded in every:
        return [folded]
    hits = sorted(
        {
            c.id
            for tb in bases.values()
            for c in tb.concepts
            if any(
                folded.startswith(t.casefold()) or t.casefold().startswith(folded)
                for t in (*c.terms, *c.avoid)
            )
        }
    )
    if hits:
        return hits
    close = difflib.get_close_matches(folded, every, n=3, cutoff=0.5)
    hint = f"; did you mean {', '.join(close)}?" if close else f"; the termbase has: {', '.join(every)}"
    raise ConfigError(f"no term or concept {query!r}{hint}")


def concordance(
    editions: Sequence[Edition],
    query: str | None = None,
    bases: Mapping[str, Termbase] | None = None,
    found: Sequence[TermOccurrence] | None = None,
) -> list[dict[str, object]]:
    """How each edition renders each concept: variants, counts, unit ids, and inconsistencies.

    Args:
        editions: The editions, in corpus order.
        query: A concept id or a term in any language (None: every concept).
        bases: Language → termbase (default: the bundled ones).
        found: The occurrences, when already computed (default: computed here).

    Returns:
        One entry per concept: ``{"concept", "kind", "langs": [{"lang", "edition", "termbase",
        "count", "renderings": [{"variant", "terms", "forms", "count", "ids", "avoided"}],
        "consistent", "flags"}]}``; ``forms`` maps each printed form to its count.
    """
    bases = dict(bases) if bases is not None else {e.lang: load_termbase(e.lang) for e in editions}
    for e in editions:
        bases.setdefault(e.lang, load_termbase(e.lang))
    wanted = select_concepts(query, bases)
    occ = list(found) if found is not None else occurrences(editions, bases)
    out: list[dict[str, object]] = []
    for cid in wanted:
        kind = next((c.kind for tb in bases.values() for c in tb.concepts if c.id == cid), "term")
        langs: list[dict[str, object]] = []
        for edition in editions:
            concept = bases[edition.lang].concept(cid)
            mine = [
                o for o in occ if o.concept == cid and o.edition == edition.name and o.lang == edition.lang
            ]
            renderings: list[Rendering] = []
            for avoided in (False, True):
                listed = (concept.avoid if avoided else concept.terms) if concept is not None else ()
                order = {t: i for i, t in enumerate(listed)}
                # one rendering per variant, the variant every view names (TermOccurrence.term)
                variants = sorted(
                    dict.fromkeys(o.term for o in mine if o.avoided is avoided),
                    key=lambda t: order.get(t, len(listed)),
                )
                for variant in variants:
                    these = [o for o in mine if o.avoided is avoided and o.term == variant]
                    group = sorted(
                        dict.fromkeys(o.matched or o.term for o in these),
                        key=lambda t: order.get(t, len(listed)),
                    )
                    forms: dict[str, int] = {}
                    for o in these:
                        forms[o.form] = forms.get(o.form, 0) + 1
                    renderings.append(
                        Rendering(
                            variant=variant,
                            terms=tuple(group),
                            forms=tuple(sorted(forms.items(), key=lambda kv: (-kv[1], kv[0]))),
                            ids=tuple(dict.fromkeys(o.id for o in these)),
                            avoided=avoided,
                        )
                    )
            renderings.sort(key=lambda r: (r.avoided, -r.count, r.variant))
            flags: list[str] = []
            notes: list[str] = []
            accepted = [r for r in renderings if not r.avoided]
            if len(accepted) > 1 and source_varies(cid, bases):
                notes.append(
                    "follows the source, which varies too ("
                    + " / ".join(f"“{t}”" for t in _source_terms(cid))
                    + "): "
                    + " vs ".join(r.describe() for r in accepted)
                )
            elif len(accepted) > 1:
                flags.append("inconsistent: " + " vs ".join(r.describe() for r in accepted))
            flags.extend(f"uses a rendering to avoid: {r.describe()}" for r in renderings if r.avoided)
            langs.append(
                {
                    "lang": edition.lang,
                    "edition": edition.name,
                    "termbase": list(concept.terms) if concept is not None else [],
                    "count": len(mine),
                    "renderings": [r.as_dict() for r in renderings],
                    "consistent": not flags,
                    "flags": flags,
                    "notes": notes,
                }
            )
        out.append({"concept": cid, "kind": kind, "langs": langs})
    return out


def source_varies(concept_id: str, bases: Mapping[str, Termbase]) -> bool:
    """Whether the WBF English renders ``concept_id`` with several terms (``varies`` in a termbase).

    >>> source_varies("at-once", {}), source_varies("claim", {})
    (True, False)
    """
    for tb in (*bases.values(), load_termbase("en")):
        concept = tb.concept(concept_id)
        if concept is not None and concept.varies:
            return True
    return False


def _source_terms(concept_id: str) -> tuple[str, ...]:
    concept = load_termbase("en").concept(concept_id)
    return concept.terms if concept is not None else ()


def terms_frame(found: Sequence[TermOccurrence]) -> pd.DataFrame:
    """Term occurrences as a table with :data:`TERM_COLUMNS`, in the order given."""
    import pandas as pd

    frame = pd.DataFrame([o.as_dict() for o in found], columns=list(TERM_COLUMNS))
    return frame.astype({"avoided": "bool", "start": "int64", "end": "int64", "line": "int64"})


__all__ = [
    "TERM_COLUMNS",
    "Rendering",
    "TermOccurrence",
    "concordance",
    "merge_termbase",
    "occurrences",
    "read_glossary",
    "same_variant",
    "select_concepts",
    "termbases",
    "terms_frame",
    "unit_occurrences",
]
