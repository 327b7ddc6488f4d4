"""What every divergence rule reads: the editions, the alignment, the skeleton, and cached views of them.

Rules are functions ``rule(ctx: DiffContext) -> list[Finding]``. The context answers the questions
they share: which editions cover a law, what a unit's counterparts in the other editions are (only
the authoritative edition when one is marked), which references a unit carries, and how to quote a
span of a unit as :class:`~lawalign.models.Evidence` with its file and 1-based line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from lawalign.align.cache import Store
from lawalign.diff.termbase import Termbase, load_termbase
from lawalign.ingest.profiles import Profile, load_profile
from lawalign.models import Alignment, Edition, Evidence, Unit, UnitId, UnitLink
from lawalign.structure.refs import Ref, find_refs
from lawalign.structure.skeleton import Skeleton, SkeletonUnit

# Roles whose absence is reported by their own rules (headings, footnotes), not as an omission.
NON_BODY_ROLES = frozenset({"law-title", "heading", "footnote", "debris"})
# What ends a unit of law text: a sentence end, or the colon before points; closers may follow.
TERMINAL = frozenset(".!?:;…。")
CLOSERS = frozenset(")]\"'”’»*")


def unit_section(unit_id: str) -> str:
    """The section letter of a canonical id ("68B2" → "B", "68.intro" → "").

    >>> unit_section("68B2"), unit_section("69B.wrap"), unit_section("68.fn1")
    ('B', 'B', '')
    """
    uid = UnitId.maybe(unit_id)
    return uid.section if uid is not None else ""


def _key(edition: Edition) -> str:
    return edition.name + "\x00" + edition.path


def sentence_bounds(text: str, pos: int) -> tuple[int, int]:
    """[start, end) of the sentence of ``text`` around offset ``pos`` (cheap, regex-free boundaries).

    >>> t = "One two. Three (Law 54). Four."
    >>> t[slice(*sentence_bounds(t, t.index("54")))]
    'Three (Law 54).'
    """
    pos = max(0, min(pos, len(text)))
    start = 0
    for i in range(pos - 1, 0, -1):
        if text[i] in ".!?;:" and (i + 1 >= len(text) or text[i + 1].isspace()):
            if i + 2 < len(text) and not text[i + 2].islower():
                start = i + 1
                break
    end = len(text)
    for i in range(pos, len(text)):
        if text[i] in ".!?;:" and (i + 1 >= len(text) or text[i + 1].isspace()):
            if i + 2 >= len(text) or not text[i + 2].islower():
                end = i + 1
                break
    while start < end and text[start].isspace():
        start += 1
    return start, end


@dataclass
class DiffContext:
    """The inputs of a diff run and the views rules share (built once per run)."""

    editions: Sequence[Edition]
    alignment: Alignment | None = None
    skeleton: Skeleton | None = None
    _refs: dict[tuple[str, str, tuple[int, int]], tuple[Ref, ...]] = field(default_factory=dict)
    store: Store | None = None
    _sentences: dict[tuple[str, str], tuple[tuple[int, int], ...]] = field(default_factory=dict)
    _links: dict[str, list[UnitLink]] | None = None
    _reference_ids: dict[str, list[UnitId]] | None = None
    _by_law: dict[str, dict[str, tuple[Unit, ...]]] = field(default_factory=dict)
    _laws: dict[str, tuple[str, ...]] = field(default_factory=dict)
    _sections: dict[str, dict[str, Unit]] = field(default_factory=dict)
    _skeleton_units: dict[str, SkeletonUnit] | None = None
    _skeleton_laws: dict[str, tuple[SkeletonUnit, ...]] | None = None
    _cut: dict[str, tuple[UnitId | None, frozenset[UnitId]]] = field(default_factory=dict)
    termbases: Mapping[str, Termbase] = field(default_factory=dict)
    profiles: Mapping[str, Profile] = field(default_factory=dict)

    def profile(self, lang: str) -> Profile:
        """The run's language profile of ``lang`` (``--data`` before bundled); the bundled one when
        the run gave none for that language."""
        found = self.profiles.get(lang)
        return found if found is not None else load_profile(lang)

    def termbase(self, lang: str) -> Termbase:
        """The run's termbase of ``lang`` (bundled, the user's ``--data`` merged in); the bundled one
        when the run gave none for that language."""
        found = self.termbases.get(lang)
        return found if found is not None else load_termbase(lang)

    @cached_property
    def authoritative(self) -> Edition | None:
        """The first edition marked authoritative, if any."""
        return next((e for e in self.editions if e.authoritative), None)

    def laws_of(self, edition: Edition) -> tuple[str, ...]:
        """The laws an edition contains (manifest first, else the laws of its units)."""
        if edition.laws:
            return edition.laws
        key = _key(edition)
        if key not in self._laws:
            self._laws[key] = tuple(dict.fromkeys(u.law for u in edition.law_units if u.law))
        return self._laws[key]

    def units_of_law(self, edition: Edition, law: str) -> tuple[Unit, ...]:
        """The law units of ``edition`` in ``law``, in source order (an index built once per edition)."""
        key = _key(edition)
        if key not in self._by_law:
            table: dict[str, list[Unit]] = {}
            for u in edition.law_units:
                table.setdefault(u.law, []).append(u)
            self._by_law[key] = {k: tuple(v) for k, v in table.items()}
        return self._by_law[key].get(law, ())

    def section_body(self, edition: Edition, section_id: str) -> Unit | None:
        """The first body unit (no heading, law title or footnote) of a section ("68B" → 68B, 68B1,
        69B.wrap…) in ``edition``, or None when the edition has no body text of that section."""
        key = _key(edition)
        if key not in self._sections:
            table: dict[str, Unit] = {}
            for u in edition.law_units:
                if u.role in ("heading", "law-title", "footnote"):
                    continue
                uid = u.uid
                if uid is None:
                    continue
                # the unit opens its section and itself: "68B2" → "68B"; "68.intro", "71.1" → "68", "71"
                table.setdefault(uid.section_id, u)
                table.setdefault(u.id, u)
            self._sections[key] = table
        return self._sections[key].get(section_id)

    def skeleton_unit(self, unit_id: str) -> SkeletonUnit | None:
        """The reference skeleton's unit ``unit_id`` (None without a skeleton or such a unit)."""
        if self.skeleton is None:
            return None
        if self._skeleton_units is None:
            self._skeleton_units = {}
            for sk in self.skeleton.units:
                self._skeleton_units.setdefault(sk.id, sk)
        return self._skeleton_units.get(unit_id)

    def skeleton_law_units(self, law: str) -> tuple[SkeletonUnit, ...]:
        """The reference skeleton's units of ``law`` in order (empty without a skeleton)."""
        if self.skeleton is None:
            return ()
        if self._skeleton_laws is None:
            table: dict[str, list[SkeletonUnit]] = {}
            for sk in self.skeleton.units:
                table.setdefault(sk.law, []).append(sk)
            self._skeleton_laws = {k: tuple(v) for k, v in table.items()}
        return self._skeleton_laws.get(law, ())

    def covering(self, law: str) -> list[Edition]:
        """Editions that contain ``law``."""
        return [e for e in self.editions if law in self.laws_of(e)]

    def truncation(self, edition: Edition) -> tuple[UnitId | None, frozenset[UnitId]]:
        """Where an edition that stops early stops, and the ids it cuts: ``("68D", {"68D", …})``.

        An edition stops early when its last law unit of body text ends without a sentence end
        (the page was cut mid-sentence), or when its text ends on a heading. It cuts that unit (when
        it stopped inside it) and every later unit of the same law (the reference order) it lacks.
        ``(None, frozenset())`` for an edition that ends normally.
        """
        key = _key(edition)
        if key not in self._cut:
            self._cut[key] = self._find_truncation(edition)
        return self._cut[key]

    def cut(self, edition: Edition) -> frozenset[UnitId]:
        """The ids a truncated edition cuts (see :meth:`truncation`); empty for a whole edition."""
        return self.truncation(edition)[1]

    def _find_truncation(self, edition: Edition) -> tuple[UnitId | None, frozenset[UnitId]]:
        body = [u for u in edition.law_units if u.role != "footnote" and u.law]
        if not body:
            return (None, frozenset())
        last = body[-1]
        text = last.text.rstrip()
        ends = text[-1:] in TERMINAL or (text[-2:-1] in TERMINAL and text[-1:] in CLOSERS)
        heading = last.kind == "title"
        if ends and not heading:
            return (None, frozenset())
        ids = self.reference_ids(last.law)
        later = ids[ids.index(last.unit_id) + 1 :] if last.unit_id in ids else []
        cut = {i for i in later if edition.unit(i) is None}
        if not heading:
            cut.add(last.unit_id)
        if not cut:
            return (None, frozenset())
        return (last.unit_id, frozenset(cut))

    def counterparts(self, edition: Edition, unit_id: str) -> list[tuple[Edition, Unit]]:
        """The same unit in the other editions; only the authoritative one when it is marked and has it.

        A unit a truncated edition cuts (:meth:`cut`) is no counterpart: its missing end would count
        as text the others added.
        """
        found = [
            (e, u)
            for e in self.editions
            if e is not edition
            and (u := e.unit(unit_id)) is not None
            and u.kind != "debris"
            and unit_id not in self.cut(e)
        ]
        auth = self.authoritative
        if auth is not None and auth is not edition:
            only = [(e, u) for e, u in found if e is auth]
            if only:
                return only
        return found

    def refs(self, edition: Edition, unit: Unit) -> tuple[Ref, ...]:
        """Cross-references of a unit, internal ones resolved against its law and section."""
        key = (_key(edition), unit.id, unit.span)  # two units may share an id (a repeated heading)
        if key not in self._refs:
            section = unit_section(unit.id)
            profile = self.profile(edition.lang)
            self._refs[key] = tuple(
                find_refs(unit.text, edition.lang, law=unit.law, section=section, profile=profile)
            )
        return self._refs[key]

    def sentences(self, edition: Edition, unit: Unit) -> tuple[tuple[int, int], ...]:
        """[start, end) spans of the sentences of a unit's text (the align stage's splitter).

        The first call for an edition splits all its law units at once through the on-disk split
        cache (:func:`lawalign.align.sentences.split_many`), so a warm run never imports spaCy.
        """
        key = (edition.lang, unit.text)  # spans depend on the text only (two units may share an id)
        if key not in self._sentences:
            from lawalign.align.sentences import split_many

            if self.store is None:
                self.store = Store()
            texts = [u.text for u in edition.law_units if (edition.lang, u.text) not in self._sentences]
            texts = list(dict.fromkeys([*texts, unit.text]))
            splits = split_many(texts, edition.lang, self.store, self.profile(edition.lang))
            for text, sents in zip(texts, splits, strict=True):
                self._sentences[(edition.lang, text)] = spans_of(text, sents)
        return self._sentences[key]

    def ref_targets(self, edition: Edition, unit: Unit) -> tuple[str, ...]:
        """Distinct reference targets of a unit, in text order."""
        return tuple(dict.fromkeys(r.target for r in self.refs(edition, unit)))

    def reference_ids(self, law: str) -> list[UnitId]:
        """Ids of ``law`` in reference order: the skeleton's, then any other edition's extras."""
        if self._reference_ids is None:
            by_law: dict[str, dict[UnitId, None]] = {}
            if self.skeleton is not None:
                for sk in self.skeleton.units:
                    by_law.setdefault(sk.law, {}).setdefault(sk.id, None)
            for e in self.editions:
                for u in e.law_units:
                    by_law.setdefault(u.law, {}).setdefault(u.unit_id, None)
            self._reference_ids = {k: list(v) for k, v in by_law.items()}
        return list(self._reference_ids.get(law, ()))

    def links(self, unit_id: str) -> list[UnitLink]:
        """Alignment links of one unit id (every language pair), empty without an alignment."""
        if self.alignment is None:
            return []
        if self._links is None:
            self._links = {}
            for link in self.alignment.links:
                self._links.setdefault(link.id, []).append(link)
        return list(self._links.get(unit_id, ()))

    def edition_of(self, lang: str) -> Edition | None:
        """The first edition in ``lang``."""
        return next((e for e in self.editions if e.lang == lang), None)

    def quote(self, edition: Edition, unit: Unit, start: int = 0, end: int | None = None) -> Evidence:
        """Evidence quoting ``unit.text[start:end]`` (whole unit by default) with its file and line.

        The line is the unit's first raw line plus the newlines before ``start`` inside the unit,
        clamped to the unit's last line: exact for one-paragraph units, and never outside the unit.
        """
        end = len(unit.text) if end is None else end
        quote = unit.text[start:end].strip() or unit.label.strip()
        offset = start + (len(unit.text[start:end]) - len(unit.text[start:end].lstrip()))
        line = unit.source.line_start + unit.text[:offset].count("\n")
        line = min(max(line, unit.source.line_start), max(unit.source.line_end, unit.source.line_start))
        return Evidence(
            lang=edition.lang,
            unit=unit.id,
            quote=quote,
            path=unit.source.path or edition.path,
            line=line,
            page=unit.source.page,
        )

    def quote_sentence(self, edition: Edition, unit: Unit, pos: int) -> Evidence:
        """Evidence quoting the sentence of ``unit`` around offset ``pos``."""
        for start, end in self.sentences(edition, unit):
            if start <= pos < end:
                return self.quote(edition, unit, start, end)
        start, end = sentence_bounds(unit.text, pos)
        return self.quote(edition, unit, start, end)

    def location(self, edition: Edition) -> Evidence:
        """Evidence for an edition-level finding: the first line of its file."""
        first = edition.units[0] if edition.units else None
        path = first.source.path if first is not None else edition.path
        quote = (first.label + " " + first.text).strip() if first is not None else ""
        page = first.source.page if first is not None else None
        line = first.source.line_start if first is not None and page is not None else 1
        return Evidence(
            lang=edition.lang, unit=None, quote=quote, path=path or edition.path, line=line, page=page
        )


def spans_of(text: str, sentences: Sequence[str]) -> tuple[tuple[int, int], ...]:
    """[start, end) offsets of ``sentences`` in ``text``, found in order (they are exact slices of it).

    >>> spans_of("One. Two.  Three.", ["One.", "Two.", "Three."])
    ((0, 4), (5, 9), (11, 17))
    """
    spans: list[tuple[int, int]] = []
    pos = 0
    for sentence in sentences:
        start = text.find(sentence, pos)
        if start < 0:  # not a slice (cannot happen with the bundled splitter): stop here
            break
        spans.append((start, start + len(sentence)))
        pos = start + len(sentence)
    return tuple(spans)
