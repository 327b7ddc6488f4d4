"""Update packages: the new WBF edition as a bilingual file, pre-filled from a published translation.

A federation moving its translation to a new edition of the Laws has its published translation (a
web page, a PDF, a Word file) and the WBF's English originals. :func:`build_package` turns them into
the units of the **new** edition, in the order of the new original, each with its sentences as
segments and a target pre-filled from the old translation:

* every unit of the new original is present once, with its id of the new edition;
* the old translation reaches a new unit through the ids and the change maps (an unchanged unit by
  its id, ``71.1`` → ``71A`` by the renumbering, the footnote ``68.fn1`` into ``68.intro`` by the
  move, ``68D`` → ``68D``, ``68D1``, ``68D2`` by the split), then sentence by sentence: the old
  original's sentences aligned to the old translation's (when the old original is given), the new
  original's to the old original's by their words; without the old original, the new original's
  sentences are aligned to the old translation's directly;
* a unit is ``unchanged`` (translated, with the match kind), ``changed`` (pre-filled, for review,
  with the change map's description and, with both originals, the English word diff) or ``new``
  (empty); an old unit with no place in the new edition is ``deleted``: listed in notes and in the
  summary, never an empty translatable unit;
* an old translation sentence the new edition has no counterpart for is kept as a note of the unit
  it stood in, so nothing of the old translation is lost.

The package's files (XLIFF 2.0 and 1.2, a TMX reference memory, the summary) are written by
:mod:`lawalign.export.package`.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from lawalign.editions.changes import Change, ChangeMap, change_path, skeleton_for
from lawalign.editions.worddiff import WordOp, render_text, similarity, word_diff
from lawalign.errors import ConfigError
from lawalign.models import Bead, Edition, Unit

log = logging.getLogger(__name__)

STATUSES = ("unchanged", "changed", "new")
"""What a unit of the new edition is, relative to the old one (deleted units are listed apart)."""

_WORD = re.compile(r"\w+")

Aligner = Callable[[Sequence[str], Sequence[str]], Sequence[Bead]]
"""Cross-lingual sentence aligner: (source sentences, target sentences) → beads."""
Splitter = Callable[[Sequence[str], str], list[list[str]]]
"""Sentence splitter: (texts, language) → the sentences of each text."""
Similarity = Callable[[Sequence[str], Sequence[str]], Sequence[Sequence[float]]]
"""Cross-lingual similarity of every source sentence to every target sentence (cosine)."""


def word_count(text: str) -> int:
    """Words of a text (runs of word characters), the unit a federation budgets by.

    >>> word_count("Law 16C applies; play continues.")
    5
    """
    return len(_WORD.findall(text))


@dataclass(frozen=True, slots=True)
class PackageNote:
    """A note of a unit: ``category`` is ``change``, ``diff``, ``label``, ``source``, ``deleted``,
    ``unplaced`` (an old sentence with no counterpart), ``moved`` (its translation is in another
    segment) or ``missing`` (the old translation lacks the unit)."""

    category: str
    text: str
    priority: int = 5


@dataclass(frozen=True, slots=True)
class PackageSegment:
    """One sentence (or sentence group) of a unit: the new English and the pre-filled target."""

    id: str  # "s1", "s2", ...
    source: str
    target: str
    match: str = ""  # how the target was found: "id", "sentence", "" (none)
    old: tuple[str, ...] = ()  # ids of the old units the target sentences come from


@dataclass(frozen=True, slots=True)
class PackageUnit:
    """One unit of the new edition."""

    id: str
    kind: str
    role: str
    law: str
    label: str
    status: str  # unchanged | changed | new
    match: str  # id | renumbered | change-map | "" (new)
    old_ids: tuple[str, ...]
    changes: tuple[str, ...]  # change kinds that lead to it
    segments: tuple[PackageSegment, ...]
    notes: tuple[PackageNote, ...] = ()
    footnotes: tuple[str, ...] = ()  # footnotes whose marker stands in it (from the new original)

    @property
    def words(self) -> int:
        """Words of the new English text."""
        return sum(word_count(s.source) for s in self.segments)

    @property
    def source(self) -> str:
        return " ".join(s.source for s in self.segments)

    @property
    def filled(self) -> bool:
        """Every segment has a pre-filled target."""
        return all(s.target for s in self.segments)


@dataclass(frozen=True, slots=True)
class DeletedUnit:
    """A unit of the old edition with no unit of its own in the new one."""

    id: str
    change: str  # removed, content-moved, merged, ...
    detail: str
    to: tuple[str, ...]  # where its content went ([] when removed)
    text: str  # the old translation's text ("" when the translation lacks it)
    english: str = ""  # the old original's text, when given
    words: int = 0  # words of the old English (or, without it, of the old translation)
    note_on: str = ""  # the unit of the new edition whose notes list it


@dataclass(frozen=True, slots=True)
class MemoryPair:
    """One sentence pair of the reference memory: old English and old translation."""

    id: str  # "68B2.s1"
    unit: str
    source: str
    target: str


@dataclass(frozen=True, slots=True)
class UpdatePackage:
    """The result of :func:`build_package`."""

    name: str
    src_lang: str
    tgt_lang: str
    source: str  # WBF edition of the old translation
    target: str  # WBF edition of the package
    translation: str  # path of the old translation
    original: str  # path of the new original
    old_original: str  # path of the old original ("" when not given)
    units: tuple[PackageUnit, ...]
    deleted: tuple[DeletedUnit, ...]
    missing: tuple[str, ...]  # units of the new skeleton the new original lacks (a text cut short)
    memory: tuple[MemoryPair, ...] = ()
    laws: tuple[str, ...] = ()
    notes: tuple[str, ...] = field(default=())  # package-level notes

    def counts(self) -> dict[str, dict[str, int]]:
        """Units and words per status (``unchanged``, ``changed``, ``new``, ``deleted``)."""
        out = {s: {"units": 0, "words": 0} for s in (*STATUSES, "deleted")}
        for unit in self.units:
            out[unit.status]["units"] += 1
            out[unit.status]["words"] += unit.words
        for d in self.deleted:
            out["deleted"]["units"] += 1
            out["deleted"]["words"] += d.words
        return out

    def as_dict(self) -> dict[str, object]:
        """JSON form of the summary (``summary.json``)."""
        return {
            "name": self.name,
            "src_lang": self.src_lang,
            "tgt_lang": self.tgt_lang,
            "from": self.source,
            "to": self.target,
            "translation": self.translation,
            "original": self.original,
            "old_original": self.old_original,
            "laws": list(self.laws),
            "counts": self.counts(),
            "units": [
                {
                    "id": u.id,
                    "status": u.status,
                    "match": u.match,
                    "old": list(u.old_ids),
                    "changes": list(u.changes),
                    "words": u.words,
                    "segments": len(u.segments),
                    "filled": sum(1 for s in u.segments if s.target),
                    "notes": [{"category": n.category, "text": n.text} for n in u.notes],
                }
                for u in self.units
            ],
            "deleted": [
                {"id": d.id, "change": d.change, "detail": d.detail, "to": list(d.to), "words": d.words}
                for d in self.deleted
            ],
            "missing": list(self.missing),
            "notes": list(self.notes),
        }


# -- following units through the change maps ---------------------------------------------------


def _follow(
    unit_id: str, maps: Sequence[ChangeMap]
) -> tuple[list[tuple[ChangeMap, Change]], tuple[str, ...]]:
    """The changes a unit goes through along ``maps`` and the ids that carry it at the end."""
    steps: list[tuple[ChangeMap, Change]] = []
    current: tuple[str, ...] = (unit_id,)
    for cmap in maps:
        nxt: list[str] = []
        for cid in current:
            change = cmap.change(cid)
            if change is None or change.change == "added":
                nxt.append(cid)
            else:
                steps.append((cmap, change))
                nxt.extend(change.to)
        current = tuple(dict.fromkeys(nxt))
    return steps, current


def _step_text(cmap: ChangeMap, change: Change) -> str:
    return f"{cmap.source}→{cmap.target}, {change.unit} {change.change}: {change.detail}"


# -- sentence alignment within a group ---------------------------------------------------------


def _same_language_beads(new: Sequence[str], old: Sequence[str]) -> list[Bead]:
    """Monotone alignment of two lists of sentences in one language by word similarity.

    Beads 1-1 (cost 1 − similarity), 1-0/0-1 (0.35 each: two sentences are paired when their
    similarity exceeds 0.3) and 2-1/1-2 (1 − similarity of the joined pair, plus one skip: chosen only
    when the pair joined is closer than its best single sentence).

    >>> [str(b) for b in _same_language_beads(["A b c.", "New one.", "D e f."], ["A b c.", "D e f."])]
    ['[0]:[0]', '[1]:[]', '[2]:[1]']
    """
    n, m = len(new), len(old)
    skip = 0.35
    inf = float("inf")
    cost = [[inf] * (m + 1) for _ in range(n + 1)]
    back: list[list[tuple[int, int] | None]] = [[None] * (m + 1) for _ in range(n + 1)]
    cost[0][0] = 0.0
    moves = ((1, 1, 0.0), (1, 0, 0.0), (0, 1, 0.0), (2, 1, skip), (1, 2, skip))
    for i in range(n + 1):
        for j in range(m + 1):
            if cost[i][j] == inf:
                continue
            for di, dj, extra in moves:
                a, b = i + di, j + dj
                if a > n or b > m:
                    continue
                if di and dj:
                    c = 1.0 - similarity(" ".join(new[i:a]), " ".join(old[j:b])) + extra
                else:
                    c = skip
                if cost[i][j] + c < cost[a][b] - 1e-12:
                    cost[a][b] = cost[i][j] + c
                    back[a][b] = (i, j)
    beads: list[Bead] = []
    i, j = n, m
    while (i, j) != (0, 0):
        prev = back[i][j]
        assert prev is not None
        pi, pj = prev
        beads.append(Bead(tuple(range(pi, i)), tuple(range(pj, j))))
        i, j = pi, pj
    beads.reverse()
    return beads


def _partition(sims: Sequence[Sequence[float]]) -> list[tuple[int, ...]]:
    """Give each target sentence to one source sentence, in order, each to its most similar one.

    ``sims[i][j]`` is the similarity of source ``i`` and target ``j``, less the mean of row ``i``
    (embedding similarities of a short fragment are high for every sentence: what counts is how much
    more it resembles one than the others); every target is given to exactly one source (a source
    may get none), monotonically, maximising the summed similarity.

    >>> _partition([[0.9, 0.2, 0.1], [0.1, 0.8, 0.7]])
    [(0,), (1, 2)]
    >>> _partition([[0.853, 0.833, 0.823], [0.813, 0.809, 0.787]])  # 68D: chapeau, then 68D1
    [(0,), (1, 2)]
    """
    n = len(sims)
    m = len(sims[0]) if n else 0
    if m > 1:  # each source's own level taken out (a short fragment is close to everything)
        sims = [[v - sum(row) / m for v in row] for row in sims]
    neg = float("-inf")
    best = [[neg] * (m + 1) for _ in range(n + 1)]
    back = [[0] * (m + 1) for _ in range(n + 1)]
    best[0][0] = 0.0
    for i in range(1, n + 1):
        for j in range(m + 1):
            run = 0.0
            for k in range(j, -1, -1):  # source i-1 takes targets k..j-1
                if k < j:
                    run += sims[i - 1][k]
                if best[i - 1][k] == neg:
                    continue
                if best[i - 1][k] + run > best[i][j] + 1e-12:
                    best[i][j] = best[i - 1][k] + run
                    back[i][j] = k
    out: list[tuple[int, ...]] = []
    j = m
    for i in range(n, 0, -1):
        k = back[i][j]
        out.append(tuple(range(k, j)))
        j = k
    out.reverse()
    return out


def _refine(
    beads: Sequence[Bead], new_s: Sequence[_Sentence], tr_s: Sequence[_Sentence], similar: Similarity | None
) -> list[Bead]:
    """Beads with several source sentences cut into one bead per source sentence (its own targets,
    by :func:`_partition`), so each sentence is a segment with its own translation."""
    if similar is None:
        return list(beads)
    out: list[Bead] = []
    for bead in beads:
        if len(bead.src) < 2 or not bead.tgt:
            out.append(bead)
            continue
        sims = similar([new_s[i].text for i in bead.src], [tr_s[j].text for j in bead.tgt])
        for i, part in zip(bead.src, _partition(sims), strict=True):
            out.append(Bead((i,), tuple(bead.tgt[k] for k in part)))
    return out


def _compose(new_to_old: Sequence[Bead], old_to_tgt: Sequence[Bead], n_new: int) -> list[Bead]:
    """Beads new → target through the old sentences (new ↔ old, old ↔ target), monotone."""
    tgt_of_old: dict[int, tuple[int, ...]] = {}
    for bead in old_to_tgt:
        for k, o in enumerate(bead.src):
            tgt_of_old[o] = bead.tgt if k == 0 else ()  # a target group goes with its first old sentence
    out: list[Bead] = []
    used: set[int] = set()
    for bead in new_to_old:
        targets: list[int] = []
        for o in bead.tgt:
            for t in tgt_of_old.get(o, ()):
                if t not in used:
                    used.add(t)
                    targets.append(t)
        if bead.src:
            out.append(Bead(bead.src, tuple(targets)))
    assigned = {s for b in out for s in b.src}
    out.extend(Bead((s,), ()) for s in range(n_new) if s not in assigned)
    return out


@dataclass(slots=True)
class _Sentence:
    unit: str  # id of the unit it belongs to
    text: str


def _sentences(units: Sequence[tuple[str, Unit]], split: Splitter, lang: str) -> list[_Sentence]:
    """The sentences of ``units`` (package id, unit), each with its unit's package id."""
    texts = [u.text.strip() for _, u in units]
    out: list[_Sentence] = []
    for (pid, unit), parts in zip(units, split(texts, lang), strict=True):
        parts = [p.strip() for p in parts if p.strip()] or ([unit.text.strip()] if unit.text.strip() else [])
        out.extend(_Sentence(pid, p) for p in parts)
    return out


# -- the package -------------------------------------------------------------------------------


def _by_id(edition: Edition) -> dict[str, Unit]:
    out: dict[str, Unit] = {}
    for unit in edition.law_units:
        out.setdefault(unit.id, unit)
    return out


def _laws_of(edition: Edition) -> tuple[str, ...]:
    laws = dict.fromkeys(u.law for u in edition.law_units if u.law)
    return tuple(sorted(laws, key=lambda x: (len(x), x)))


def build_package(
    translation: Edition,
    original: Edition,
    *,
    target: str,
    source: str | None = None,
    old_original: Edition | None = None,
    align: Aligner,
    split: Splitter,
    similar: Similarity | None = None,
    data_dir: Path | None = None,
) -> UpdatePackage:
    """The update package of ``translation`` to the edition ``target`` of ``original``.

    Args:
        translation: the published translation (segmented against the edition it follows).
        original: the English original of the new edition (segmented against ``target``).
        target: the WBF edition of ``original`` ("2017").
        source: the WBF edition the translation follows (default: its ``source_edition``).
        old_original: the English original of the translation's edition, when at hand: its sentences
            are aligned to the translation's and give the word diff of each changed unit.
        align: cross-lingual sentence aligner (English sentences, translation sentences) → beads.
        split: sentence splitter.
        similar: cross-lingual sentence similarity, to give each sentence of a many-to-many bead its
            own translation (None: such a bead stays one segment's).
        data_dir: an extra data folder (``skeletons/``, ``changes/``).

    Returns:
        The package: units of the new edition, deleted units, units the original lacks, memory.

    Raises:
        ConfigError: no chain of complete change maps from the translation's edition to ``target``.
    """
    src_edition = source or translation.source_edition
    maps = change_path(src_edition, target, data_dir)
    partial = [f"{m.source}->{m.target}" for m in maps if m.partial]
    if partial:
        raise ConfigError(
            f"the change map {', '.join(partial)} is partial: it cannot drive an update package"
        )
    old_skeleton = skeleton_for(src_edition, data_dir)
    new_skeleton = skeleton_for(target, data_dir)
    laws = _laws_of(original)
    trans = _by_id(translation)
    old_en = _by_id(old_original) if old_original is not None else {}
    new_units, skipped = _package_units(original)
    new_ids = {pid for pid, _ in new_units}

    # old id -> (steps, ids in the new edition); every old unit of the laws the original holds
    old_ids: list[str] = [u.id for u in old_skeleton.units if u.law in laws]
    old_ids += [uid for uid in trans if uid not in set(old_ids) and trans[uid].law in laws]
    follow: dict[str, tuple[list[tuple[ChangeMap, Change]], tuple[str, ...]]] = {
        oid: _follow(oid, maps) for oid in old_ids
    }
    incoming: dict[str, list[str]] = {}
    for oid in old_ids:
        for nid in follow[oid][1]:
            incoming.setdefault(nid, []).append(oid)

    # groups: connected old/new ids, so a split or merge is aligned as one block
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for oid in old_ids:
        for nid in follow[oid][1]:
            if nid in new_ids:
                parent[find("o:" + oid)] = find("n:" + nid)

    split_tr = _sentence_cache(split, translation.lang)
    split_en = _sentence_cache(split, original.lang)

    segments: dict[str, list[PackageSegment]] = {}
    unit_notes: dict[str, list[PackageNote]] = {pid: [] for pid, _ in new_units}
    memory: list[MemoryPair] = []
    groups: dict[str, tuple[list[str], list[str]]] = {}
    covered: set[str] = set()  # new ids whose group was aligned through the old original
    old_english: dict[str, list[str]] = {}  # new id -> the old English sentences aligned to it
    for pid, _ in new_units:
        groups.setdefault(find("n:" + pid), ([], []))[1].append(pid)
    for oid in old_ids:
        key = find("o:" + oid)
        if key in groups:
            groups[key][0].append(oid)

    new_by_id = dict(new_units)
    for olds, news in groups.values():
        src_units = [(n, new_by_id[n]) for n in news]
        tr_units = [(o, trans[o]) for o in olds if o in trans]
        new_s = split_en(src_units)
        tr_s = split_tr(tr_units)
        with_old = [o for o in olds if o in trans]
        if old_original is not None and with_old and all(o in old_en for o in with_old):
            covered.update(news)
            en_units = [(o, old_en[o]) for o in olds if o in old_en]
            old_s = split_en(en_units)
            old_to_tr = list(align([s.text for s in old_s], [s.text for s in tr_s])) if old_s and tr_s else []
            if not tr_s:
                old_to_tr = [Bead((i,), ()) for i in range(len(old_s))]
            old_to_tr = _complete(old_to_tr, len(old_s), len(tr_s))
            for k, bead in enumerate(old_to_tr):
                if bead.src and bead.tgt:
                    unit = old_s[bead.src[0]].unit
                    memory.append(
                        MemoryPair(
                            f"{unit}.s{k + 1}",
                            unit,
                            " ".join(old_s[i].text for i in bead.src),
                            " ".join(tr_s[j].text for j in bead.tgt),
                        )
                    )
            new_to_old = _same_language_beads([s.text for s in new_s], [s.text for s in old_s])
            for bead in new_to_old:  # the old English each new unit stands for (its word diff)
                if bead.src:
                    here = old_english.setdefault(new_s[bead.src[0]].unit, [])
                    here.extend(old_s[o].text for o in bead.tgt)
            beads = _compose(new_to_old, old_to_tr, len(new_s))
            match = "sentence"
        elif len(news) > 1 and similar is not None and new_s and tr_s:
            # a split: the old sentences go, in order, each to the new sentence most like it
            sims = similar([s.text for s in new_s], [s.text for s in tr_s])
            beads = [Bead((i,), part) for i, part in enumerate(_partition(sims))]
            match = "sentence"
        else:
            beads = list(align([s.text for s in new_s], [s.text for s in tr_s])) if new_s and tr_s else []
            match = "sentence"
        beads = _refine(_complete(beads, len(new_s), len(tr_s)), new_s, tr_s, similar)
        _place(beads, new_s, tr_s, segments, unit_notes, match, news)

    # memory where the old original does not reach: the sentence pairs of unchanged units
    for nid, segs in segments.items():
        olds = incoming.get(nid, [])
        if nid not in covered and len(olds) == 1 and olds[0] == nid and not follow[nid][0]:
            memory.extend(
                MemoryPair(f"{nid}.{s.id}", nid, s.source, s.target) for s in segs if s.source and s.target
            )

    # a unit of a split left without an old sentence of its own: say where the old text went
    for olds, news in groups.values():
        if len(news) < 2:
            continue
        placed = [f"{n} ({s.id})" for n in news for s in segments.get(n, []) if s.target]
        for n in news:
            if placed and not any(s.target for s in segments.get(n, [])):
                unit_notes[n].append(
                    PackageNote(
                        "moved",
                        f"no old sentence of its own: the old translation of {', '.join(olds)} is pre-filled"
                        f" in {', '.join(placed)}",
                        3,
                    )
                )

    units: list[PackageUnit] = []
    for pid, nu in new_units:
        olds = [o for o in incoming.get(pid, []) if o in old_ids]
        steps = [st for o in olds for st in follow[o][0]]
        kinds = tuple(dict.fromkeys(c.change for _, c in steps))
        notes = list(unit_notes[pid])
        if nu.label:
            notes.insert(0, PackageNote("label", f"printed label in the {target} original: {nu.label}", 9))
        for cmap, change in steps:
            notes.append(PackageNote("change", _step_text(cmap, change), 3))
        segs = segments.get(pid, [])
        if not olds:
            status, match = "new", ""
            notes.append(PackageNote("change", f"new in {target}: translate from the English", 3))
        else:
            only_renumbered = bool(steps) and all(c.change == "renumbered" for _, c in steps)
            status = "unchanged" if not steps or only_renumbered else "changed"
            match = "id" if not steps else ("renumbered" if only_renumbered else "change-map")
            if old_original is not None:
                if pid in covered:
                    old_text = " ".join(old_english.get(pid, []))
                else:
                    old_text = " ".join(old_en[o].text.strip() for o in olds if o in old_en)
                diff = tuple(  # the same words with other spacing (an extract's cut) are no change
                    WordOp("equal", op.old, op.new)
                    if op.op == "replace" and op.old.split() == op.new.split()
                    else op
                    for op in word_diff(_norm(old_text), _norm(nu.text))
                )
                if old_text and any(op.op != "equal" for op in diff):
                    notes.append(
                        PackageNote("diff", f"English {src_edition} → {target}: {render_text(diff)}", 3)
                    )
                    if status == "unchanged":
                        status = "changed"
                        if not steps:
                            notes.append(
                                PackageNote(
                                    "change",
                                    f"the English text differs from {src_edition} though no change map"
                                    " lists it",
                                    3,
                                )
                            )
            absent = [o for o in olds if o not in trans]
            for o in absent:
                notes.append(PackageNote("missing", f"the {src_edition} translation has no {o}", 5))
            for o in olds:
                if o != pid and not any(o == c.unit and c.change == "split" for _, c in steps):
                    notes.append(
                        PackageNote("source", f"pre-filled from {o} of the {src_edition} translation", 9)
                    )
        units.append(
            PackageUnit(
                id=pid,
                kind=nu.kind,
                role=nu.role,
                law=nu.law,
                label=nu.label,
                status=status,
                match=match,
                old_ids=tuple(olds),
                changes=kinds,
                segments=tuple(segs),
                notes=tuple(notes),
                footnotes=nu.footnotes,
            )
        )

    deleted = _deleted(old_ids, follow, new_ids, set(new_skeleton.ids), trans, old_en, target)
    units = _note_deleted(units, deleted, target)
    missing = tuple(u.id for u in new_skeleton.units if u.law in laws and u.id not in new_ids)
    package_notes: list[str] = [
        f"{uid}: no text in the {target} original (line {line}): not a unit of the package"
        for uid, line in skipped
    ]
    if missing:
        package_notes.append(
            f"the {target} original lacks {len(missing)} unit(s) of the {target} skeleton:"
            f" {', '.join(missing)}"
            " (not in the package: translate them when the complete original is at hand)"
        )
    log.debug(
        "package %s %s->%s: %d units, %d deleted",
        translation.name,
        src_edition,
        target,
        len(units),
        len(deleted),
    )
    return UpdatePackage(
        name=translation.name,
        src_lang=original.lang,
        tgt_lang=translation.lang,
        source=src_edition,
        target=target,
        translation=translation.path,
        original=original.path,
        old_original=old_original.path if old_original is not None else "",
        units=tuple(units),
        deleted=deleted,
        missing=missing,
        memory=tuple(memory),
        laws=laws,
        notes=tuple(package_notes),
    )


def _package_units(original: Edition) -> tuple[list[tuple[str, Unit]], list[tuple[str, int]]]:
    """The original's units with their package ids: the unit's id, and for a repeated id ``_2``,
    ``_3`` after it (XLIFF ids are unique; the suffix no canonical id contains). A unit without
    text is left out (an XLIFF unit needs a segment) and returned with its line."""
    out: list[tuple[str, Unit]] = []
    skipped: list[tuple[str, int]] = []
    seen: dict[str, int] = {}
    for unit in original.law_units:
        if not unit.text.strip():
            skipped.append((unit.id, unit.source.line_start))
            continue
        seen[unit.id] = seen.get(unit.id, 0) + 1
        out.append((unit.id if seen[unit.id] == 1 else f"{unit.id}_{seen[unit.id]}", unit))
    return out, skipped


def _norm(text: str) -> str:
    return " ".join(text.split())


def _sentence_cache(split: Splitter, lang: str) -> Callable[[Sequence[tuple[str, Unit]]], list[_Sentence]]:
    def run(units: Sequence[tuple[str, Unit]]) -> list[_Sentence]:
        return _sentences(units, split, lang) if units else []

    return run


def _complete(beads: Sequence[Bead], n: int, m: int) -> list[Bead]:
    """``beads`` with every source and target index placed once (missing ones as 1-0 / 0-1 beads)."""
    out = list(beads)
    src_seen = {i for b in out for i in b.src}
    tgt_seen = {j for b in out for j in b.tgt}
    out.extend(Bead((i,), ()) for i in range(n) if i not in src_seen)
    out.extend(Bead((), (j,)) for j in range(m) if j not in tgt_seen)
    with_src = sorted((b for b in out if b.src), key=lambda b: min(b.src))
    # a target-only bead goes after the bead holding the target just before it
    for b in (b for b in out if not b.src):
        j = min(b.tgt)
        at = 0
        for k, other in enumerate(with_src):
            if other.tgt and max(other.tgt) < j:
                at = k + 1
        with_src.insert(at, b)
    return with_src


def _place(
    beads: Sequence[Bead],
    new_s: Sequence[_Sentence],
    tr_s: Sequence[_Sentence],
    segments: dict[str, list[PackageSegment]],
    notes: dict[str, list[PackageNote]],
    match: str,
    news: Sequence[str],
) -> None:
    """Segments of the group's new units from the beads; unplaced old sentences become notes."""
    last_unit = news[0]
    for bead in beads:
        if not bead.src:
            text = " ".join(tr_s[j].text for j in bead.tgt)
            olds = ", ".join(dict.fromkeys(tr_s[j].unit for j in bead.tgt))
            notes[last_unit].append(
                PackageNote(
                    "unplaced",
                    f"old translation ({olds}) with no counterpart in the new English (deleted or reworded"
                    f" away): {text}",
                    3,
                )
            )
            continue
        by_unit: dict[str, list[int]] = {}
        for i in bead.src:
            by_unit.setdefault(new_s[i].unit, []).append(i)
        target = " ".join(tr_s[j].text for j in bead.tgt)
        olds_t = tuple(dict.fromkeys(tr_s[j].unit for j in bead.tgt))
        first = True
        for unit, idx in by_unit.items():
            segs = segments.setdefault(unit, [])
            source = " ".join(new_s[i].text for i in idx)
            if first:
                segs.append(
                    PackageSegment(f"s{len(segs) + 1}", source, target, match if target else "", olds_t)
                )
                first_unit = unit
                first = False
            else:
                segs.append(PackageSegment(f"s{len(segs) + 1}", source, "", "", ()))
                if target:
                    notes[unit].append(
                        PackageNote(
                            "moved",
                            f"segment s{len(segs)}: its old translation is pre-filled in {first_unit},"
                            " together with the sentence before it",
                            5,
                        )
                    )
            last_unit = unit


def _deleted(
    old_ids: Sequence[str],
    follow: dict[str, tuple[list[tuple[ChangeMap, Change]], tuple[str, ...]]],
    new_ids: set[str],
    skeleton_ids: set[str],
    trans: dict[str, Unit],
    old_en: dict[str, Unit],
    target: str,
) -> tuple[DeletedUnit, ...]:
    out = []
    for k, oid in enumerate(old_ids):
        steps, final = follow[oid]
        if oid in new_ids:
            continue
        if final and all(f in skeleton_ids and f not in new_ids for f in final):
            continue  # the new edition has it, the original at hand lacks it: reported as missing
        if not steps and oid not in trans:
            continue  # a unit of the old skeleton the translation lacks and the new original lacks too
        if (
            steps
            and any(c.change in ("split", "renumbered") for _, c in steps)
            and any(f in new_ids for f in final)
        ):
            continue  # its content has a unit of its own in the new edition
        kind = ", then ".join(dict.fromkeys(c.change for _, c in steps)) or "not in the new original"
        detail = "; ".join(c.detail for _, c in steps) or f"no {oid} in the {target} original"
        tr = trans[oid].text.strip() if oid in trans else ""
        en = old_en[oid].text.strip() if oid in old_en else ""
        host = next((f for f in final if f in new_ids), "")
        if not host:  # the unit of the new edition standing where the deleted one stood
            before = [f for o in reversed(old_ids[:k]) for f in follow[o][1] if f in new_ids]
            after = [f for o in old_ids[k + 1 :] for f in follow[o][1] if f in new_ids]
            host = before[0] if before else (after[0] if after else "")
        out.append(DeletedUnit(oid, kind, detail, final, tr, en, word_count(en or tr), host))
    return tuple(out)


def _note_deleted(units: list[PackageUnit], deleted: Sequence[DeletedUnit], target: str) -> list[PackageUnit]:
    """A note on the unit that takes in a deleted unit's content (or that follows where it stood)."""
    from dataclasses import replace

    extra: dict[str, list[PackageNote]] = {}
    for d in deleted:
        host = d.note_on
        if not host:
            continue
        text = f"{d.id} is deleted in {target} ({d.change}): {d.detail}"
        if d.text:
            text += f". Its old translation: {d.text}"
        extra.setdefault(host, []).append(PackageNote("deleted", text, 3))
    return [replace(u, notes=(*u.notes, *extra.get(u.id, ()))) for u in units]
