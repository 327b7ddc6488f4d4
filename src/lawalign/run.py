"""One run of the whole job: inputs → languages → reference edition per edition → units → anchored
units → alignment → findings, built once and read by every command and output.

A :class:`Run` is an immutable description of the inputs and settings; each stage is computed on
first use and kept, so ``run.findings`` after ``run.alignment`` reuses the alignment, and every view
(``units``, ``align``, ``diff``, the AKN files, ``units.jsonl``, ``alignment.jsonl``, findings, the
report, every export, ``fingerprint``, ``update-plan``) reads the same :attr:`Run.editions`. Only
anchoring changes ids after segmentation, and it returns new editions that everything after reads.

Stage results are plain data (:class:`~lawalign.models.Edition`, :class:`Reading`,
:class:`~lawalign.models.Alignment`, :class:`~lawalign.models.Finding`), so they can be stored and
read back.

>>> run = Run.from_editions([])
>>> run.editions
()
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, TypeVar

from lawalign.errors import ConfigError, InputError
from lawalign.knowledge import Knowledge
from lawalign.models import (
    DEFAULT_REFERENCE,
    NO_LAW,
    NO_LAW_CONSEQUENCE,
    UNKNOWN_EDITION,
    Alignment,
    Edition,
    EditionInput,
    Finding,
    IdCheck,
    Reading,
    SourceText,
    TextEncoder,
    UnitId,
    like_with_like,
)

if TYPE_CHECKING:
    import numpy as np

    from lawalign.align.embed import Embedder
    from lawalign.structure.constants import RuleConstants
    from lawalign.structure.reader import RoleModel
    from lawalign.structure.skeleton import Skeleton

log = logging.getLogger(__name__)

T = TypeVar("T")

# -- the reference edition of one text ------------------------------------------------------------


def _skeleton(edition: str, data_dir: Path | None) -> Skeleton:
    from lawalign.editions.changes import skeleton_for

    return skeleton_for(edition, data_dir)


def _known_skeletons(data_dir: Path | None) -> tuple[str, ...]:
    from lawalign.structure.skeleton import known_skeletons

    return known_skeletons(data_dir)


class LazyEncoder:
    """An embedder loaded on first use: the structure stage encodes only texts with unlettered
    headings, so a run whose texts have none never loads the model.

    >>> calls = []
    >>> lazy = LazyEncoder(lambda: calls.append(1))  # type: ignore[arg-type, return-value]
    >>> calls
    []
    """

    def __init__(self, load: Callable[[], Embedder]) -> None:
        self._load = load
        self._embedder: Embedder | None = None

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Embed ``texts`` with the embedder (loaded now when not yet)."""
        if self._embedder is None:
            self._embedder = self._load()
        return self._embedder.encode(texts)


def default_encoder() -> LazyEncoder:
    """The bundled e5 model through the embedding cache, loaded on first use: what a text read
    outside a run (:func:`read_edition`) reads its unlettered headings with."""
    from lawalign.align.embed import get_embedder

    return LazyEncoder(get_embedder)


def nearest_edition(edition: str, known: Sequence[str]) -> str:
    """The known edition closest in year to ``edition`` (ties: the older), else the default.

    >>> nearest_edition("1997", ["2007", "2017"]), nearest_edition("2030", ["2007", "2017"])
    ('2007', '2017')
    """
    if edition.isdigit():
        years = [k for k in known if k.isdigit()]
        if years:
            return min(years, key=lambda k: (abs(int(k) - int(edition)), k))
    return DEFAULT_REFERENCE if DEFAULT_REFERENCE in known else known[0]


def read_structure(
    source: SourceText,
    *,
    name: str | None = None,
    given: str | None = None,
    default: str = DEFAULT_REFERENCE,
    data_dir: Path | None = None,
    encoder: TextEncoder | None = None,
    reader: RoleModel | None = None,
    rules: RuleConstants | None = None,
    laws: Sequence[str] = (),
) -> tuple[tuple[Edition, Reading], ...]:
    """Segment one text against the reference edition it follows: the one seam where that is chosen.

    With ``given`` (the manifest's ``source_edition``) the text is segmented against that edition's
    skeleton. Otherwise it is segmented against every known skeleton and the best reading is kept,
    its margin over the runner-up as evidence (:func:`lawalign.structure.segment.segment_best`). A
    bilingual page gives one edition per language.

    A ``given`` edition without a skeleton (1997) is kept as the edition's ``source_edition`` and
    reported (``Reading.known`` False); its ids follow the nearest known skeleton.

    Args:
        source: the normalized text.
        name: the edition's short name.
        given: the WBF edition the manifest names, or None.
        default: the corpus ``reference`` (kept for a given edition that has no skeleton nearby).
        data_dir: a user data folder (``skeletons/``, ``changes/``) used before the bundled data.
        encoder: the run's embedder, for unlettered headings (None: the bundled model, on first use).
        reader: the fitted line reader weighing the rules' units (the run's
            :attr:`~lawalign.knowledge.Knowledge.reader`; None: the rules alone).
        rules: the rules' thresholds (the run's :attr:`~lawalign.knowledge.Knowledge.rules`;
            None: the bundled ones).
        laws: the laws the manifest says the text holds: a text that prints no law heading may be
            read as one of them (otherwise only as a law the page points at).

    Returns:
        Each edition the text holds (its ``source_edition`` set) with its :class:`Reading`.

    A text without any recognizable law structure gives an edition whose every unit is debris (a
    ``no-law`` notice): it is read, not refused.
    """
    from lawalign.structure.segment import segment_editions

    known = _known_skeletons(data_dir)
    skeletons = [_skeleton(e, data_dir) for e in known]
    encoder = encoder if encoder is not None else default_encoder()
    if given is not None and given not in known:
        # Reported as what it is, read against the nearest edition the tool knows.
        near = nearest_edition(given, known) if known else default
        out = []
        for edition, _ in segment_editions(
            source,
            name=name,
            edition=near,
            skeletons=skeletons,
            encoder=encoder,
            data_dir=data_dir,
            reader=reader,
            rules=rules,
            declared=laws,
        ):
            out.append(
                (
                    replace(edition, source_edition=given),
                    Reading(
                        edition.name,
                        given,
                        given=True,
                        known=False,
                        evidence=f"given by the manifest; no skeleton for {given}: ids follow {near}",
                    ),
                )
            )
        return tuple(out)
    return tuple(
        (
            replace(edition, source_edition=choice.edition if choice.known else UNKNOWN_EDITION),
            Reading(
                edition.name,
                choice.edition if choice.known else UNKNOWN_EDITION,
                given=choice.given,
                margin=None if choice.given else choice.margin,
                evidence="given by the manifest" if choice.given else choice.evidence,
                known=choice.known,
                scores=choice.scores,
                guess="" if choice.known else choice.edition,
            ),
        )
        for edition, choice in segment_editions(
            source,
            name=name,
            edition=given,
            skeletons=skeletons,
            encoder=encoder,
            data_dir=data_dir,
            reader=reader,
            rules=rules,
            declared=laws,
        )
    )


# -- inputs ---------------------------------------------------------------------------------------


def _display(path: Path) -> str:
    """Paths as given, relative to the working folder when inside it (stable across machines)."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def inputs_from_paths(
    paths: Sequence[str | os.PathLike[str]],
    input_lang: str | None = None,
    *,
    allow_outside: bool = False,
    data_dir: Path | None = None,
) -> tuple[tuple[EditionInput, ...], str | None]:
    """The inputs named by files and corpus folders (with ``manifest.toml``), in the order given.

    Args:
        paths: files and/or corpus folders.
        input_lang: the language of the files not described by a manifest (None: detect).
        allow_outside: let a manifest's ``file`` entries leave its folder (``--allow-outside``).
        data_dir: the run's ``--data`` folder (a manifest may name an edition or language only it knows).

    Returns:
        The inputs, and the ``[corpus] reference`` of the first manifest that names one.

    Raises:
        InputError: a folder without a manifest, or a bad manifest.
    """
    from lawalign.corpus import is_corpus, load_manifest

    out: list[EditionInput] = []
    reference: str | None = None
    for p in paths:
        path = Path(p)
        if path.is_dir():
            if not is_corpus(path):
                raise InputError(
                    str(path), "is a folder without manifest.toml (give files, or a corpus folder)"
                )
            manifest = load_manifest(path, allow_outside=allow_outside, data_dir=data_dir)
            if reference is None and manifest.reference_given:
                reference = manifest.reference
            for entry in manifest.editions:
                real = _display(entry.file)
                out.append(
                    EditionInput(
                        path=entry.shown or real,
                        file="" if entry.shown in ("", real) else real,
                        lang=entry.lang,
                        name=entry.name,
                        source_edition=entry.source_edition,
                        laws=entry.laws,
                        description=entry.description,
                        authoritative=entry.authoritative,
                    )
                )
        else:
            from lawalign.output import slug

            shown = _display(path) if path.exists() else str(p)
            out.append(EditionInput(path=shown, lang=input_lang, name=slug(path.stem)))
    return tuple(out), reference


def read_input(
    item: EditionInput,
    *,
    default: str = DEFAULT_REFERENCE,
    data_dir: Path | None = None,
    encoder: TextEncoder | None = None,
    reader: RoleModel | None = None,
    rules: RuleConstants | None = None,
) -> tuple[tuple[Edition, Reading], ...]:
    """Read and segment one input: each edition it holds with its reading (a bilingual page holds
    two). The project's own Akoma Ntoso is read back, not segmented again. ``reader``: the fitted
    line reader weighing the rules' units (None: the rules alone); ``rules``: the rules'
    thresholds (None: the bundled ones).

    Raises:
        InputError: the file is bad input.
    """
    from lawalign.corpus import read_akn_edition
    from lawalign.ingest.xliff import read_xliff_edition

    back = read_akn_edition(item.location, item.path)
    pairs: tuple[tuple[Edition, Reading], ...]
    filled = read_xliff_edition(item.location, default, shown=item.path) if back is None else None
    if filled is not None:
        edition = replace(filled, name=item.name or filled.name)
        evidence = "read back from a completed XLIFF package"
        reading = Reading(edition.name, edition.source_edition, given=True, evidence=evidence)
        pairs = ((edition, reading),)
    elif back is not None:
        edition = replace(back, name=item.name or back.name)
        reading = Reading(
            edition.name, edition.source_edition, given=True, evidence="read back from its Akoma Ntoso"
        )
        pairs = ((edition, reading),)
    else:
        from lawalign.ingest import read_source

        source = read_source(item.location, lang=item.lang, shown=item.path, data_dir=data_dir)
        pairs = read_structure(
            source,
            name=item.name,
            given=item.source_edition,
            default=default,
            data_dir=data_dir,
            encoder=encoder,
            reader=reader,
            rules=rules,
            laws=item.laws,
        )
    out = []
    for edition, reading in pairs:
        if item.laws:
            edition = _declare_laws(edition, item)
        edition = replace(
            edition,
            authoritative=item.authoritative or edition.authoritative,
            description=item.description or edition.description,
        )
        out.append((edition, reading))
    return tuple(out)


def _declare_laws(edition: Edition, item: EditionInput) -> Edition:
    """The manifest's ``laws``: the laws the edition covers (coverage and omissions use them).

    Raises:
        InputError: the text holds a law the manifest does not declare.
    """
    found = [law for law in dict.fromkeys(u.law for u in edition.law_units if u.law)]
    extra = [law for law in found if law not in item.laws]
    if extra:
        raise InputError(
            item.path,
            f"holds Law {', '.join(extra)}, which the manifest's laws = [{', '.join(item.laws)}]"
            " does not declare",
        )
    return replace(edition, laws=item.laws, laws_declared=True)


def distinct_file_names(
    pairs: tuple[tuple[Edition, Reading], ...],
) -> tuple[tuple[Edition, Reading], ...]:
    """Editions named after their file keep distinct names: two files of one stem ("ru2007.pdf",
    "ru2007.docx") become ``ru2007-pdf`` and ``ru2007-docx``; a name given by a manifest is kept.

    >>> from lawalign.models import Edition
    >>> pairs = tuple(
    ...     (Edition("ru2007", f"x/ru2007.{s}", "ru", ()), Reading("ru2007", "2007")) for s in ("pdf", "docx")
    ... )
    >>> [e.name for e, _ in distinct_file_names(pairs)]
    ['ru2007-pdf', 'ru2007-docx']
    """
    from pathlib import PurePath

    names = [e.name for e, _ in pairs]
    out = []
    for edition, reading in pairs:
        path = PurePath(edition.path)
        suffix = path.suffix.lstrip(".").lower()
        if names.count(edition.name) > 1 and edition.name == path.stem and suffix:
            name = f"{edition.name}-{suffix}"
            edition, reading = replace(edition, name=name), replace(reading, name=name)
        out.append((edition, reading))
    return tuple(out)


# -- the run --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Run:
    """The whole job over some inputs, each stage computed once on first use.

    Build one with :meth:`from_paths` (files and corpus folders) or :meth:`from_editions` (editions
    already segmented, whose ids are taken as settled).

    Attributes:
        inputs: the inputs, in corpus order.
        model: embedder name for anchoring, alignment and semantic search.
        cache_dir: embedding cache folder (None: ``$LAWALIGN_CACHE`` or ``.cache/embeddings``).
        embedder: an embedder to use instead of ``model`` (tests, notebooks).
        knowledge: the profiles, skeletons, termbases, change maps and glossaries of the run: the
            bundled data overlaid by ``--data`` (:class:`lawalign.knowledge.Knowledge`).
        reference: the corpus reference edition (``[corpus] reference``): editions following it are
            compared with each other; others are compared like with like and against it.
        anchor: check inferred ids across languages (needs the model when ids are inferred).
        align: embed and align (sentence beads, similarities, drift); False: structure only.
        rules: divergence rules to run (None: all).
        embed_cache: read and write the embedding cache.
        jobs: processes that encode texts the cache lacks (None: this process only; the command
            line's default is :func:`lawalign.align.parallel.default_jobs`); outputs are the same
            whatever the number.
    """

    inputs: tuple[EditionInput, ...] = ()
    model: str = "e5"
    cache_dir: str | Path | None = None
    embedder: Embedder | None = field(default=None, compare=False)
    knowledge: Knowledge = field(default_factory=Knowledge)
    reference: str | None = None
    anchor: bool = True
    align: bool = True
    rules: tuple[str, ...] | None = None
    embed_cache: bool = True
    given: tuple[Edition, ...] | None = field(default=None, compare=False)
    jobs: int | None = field(default=None, compare=False)
    _stages: dict[str, object] = field(default_factory=dict, compare=False, repr=False)

    # -- construction -----------------------------------------------------------------------------

    @classmethod
    def from_paths(
        cls,
        paths: Sequence[str | os.PathLike[str]],
        input_lang: str | None = None,
        *,
        model: str = "e5",
        cache_dir: str | Path | None = None,
        embedder: Embedder | None = None,
        data_dir: str | Path | Sequence[str | Path] | None = None,
        anchor: bool = True,
        align: bool = True,
        rules: Sequence[str] | None = None,
        embed_cache: bool = True,
        jobs: int | None = None,
        knowledge: Knowledge | None = None,
        allow_outside: bool = False,
    ) -> Run:
        """A run over files and/or corpus folders (nothing is read until a stage is asked for).

        ``data_dir`` is ``--data``: a data folder, a glossary, or several of them, read into the
        run's :class:`~lawalign.knowledge.Knowledge` (or give ``knowledge`` itself).
        ``allow_outside`` lets a manifest's ``file`` entries leave its folder (``--allow-outside``).

        Raises:
            InputError: a folder without manifest, or a bad manifest.
            ConfigError: a bad ``--data``.
        """
        known = knowledge if knowledge is not None else Knowledge.load(data_dir)
        inputs, reference = inputs_from_paths(
            paths, input_lang, allow_outside=allow_outside, data_dir=known.folder
        )
        return cls(
            inputs=inputs,
            model=model,
            cache_dir=cache_dir,
            embedder=embedder,
            knowledge=known,
            reference=reference,
            anchor=anchor,
            align=align,
            rules=tuple(rules) if rules is not None else None,
            embed_cache=embed_cache,
            jobs=jobs,
        )

    @classmethod
    def from_editions(
        cls,
        editions: Sequence[Edition],
        *,
        model: str = "e5",
        cache_dir: str | Path | None = None,
        embedder: Embedder | None = None,
        data_dir: str | Path | Sequence[str | Path] | None = None,
        reference: str | None = None,
        align: bool = True,
        rules: Sequence[str] | None = None,
        knowledge: Knowledge | None = None,
    ) -> Run:
        """A run over editions already segmented: their ids are taken as settled (no anchoring)."""
        return cls(
            inputs=tuple(EditionInput(e.path, e.lang, e.name, e.source_edition) for e in editions),
            model=model,
            cache_dir=cache_dir,
            embedder=embedder,
            knowledge=knowledge if knowledge is not None else Knowledge.load(data_dir),
            reference=reference,
            anchor=False,
            align=align,
            rules=tuple(rules) if rules is not None else None,
            given=tuple(editions),
        )

    def with_editions(self, extra: Sequence[Edition]) -> Run:
        """A new run over this run's editions plus ``extra`` (same settings; nothing cached kept)."""
        return Run.from_editions(
            [*self.editions, *extra],
            model=self.model,
            cache_dir=self.cache_dir,
            embedder=self.embedder,
            knowledge=self.knowledge,
            reference=self.reference,
            align=self.align,
            rules=self.rules,
        )

    STAGES: ClassVar[tuple[str, ...]] = ("readings", "anchored", "alignment", "order", "findings")
    """The stages whose results are plain data (editions, readings, checks, alignment, findings)."""

    def stage_results(self) -> dict[str, object]:
        """The results computed so far, by stage name (plain frozen dataclasses and tuples of them)."""
        return {name: self._stages[name] for name in self.STAGES if name in self._stages}

    def with_results(self, results: Mapping[str, object]) -> Run:
        """A copy of this run whose stages in ``results`` (from :meth:`stage_results` of a run over
        the same inputs and settings, e.g. read back from a cache) are taken as computed.

        Raises:
            ConfigError: a name that is not one of :data:`STAGES`.
        """
        unknown = sorted(set(results) - set(self.STAGES))
        if unknown:
            raise ConfigError(f"unknown stage(s) {', '.join(unknown)}; valid: {', '.join(self.STAGES)}")
        fresh = replace(self, _stages={})
        fresh._stages.update(results)
        return fresh

    def _stage(self, name: str, compute: Callable[[], T]) -> T:
        if name not in self._stages:
            self._stages[name] = compute()
        return self._stages[name]  # type: ignore[return-value]

    # -- stages -----------------------------------------------------------------------------------

    @property
    def data_dir(self) -> Path | None:
        """The user's data folder of :attr:`knowledge` (None: none given)."""
        return self.knowledge.folder

    @property
    def default_reference(self) -> str:
        """The edition a text is read against first when its manifest names none."""
        return self.reference or DEFAULT_REFERENCE

    @property
    def readings(self) -> tuple[tuple[Edition, Reading], ...]:
        """Each input segmented against the reference edition chosen for it, with that choice."""

        def compute() -> tuple[tuple[Edition, Reading], ...]:
            if self.given is not None:
                return tuple(
                    (e, Reading(e.name, e.source_edition, given=True, evidence="given")) for e in self.given
                )
            encoder = LazyEncoder(self.get_embedder)  # the run's model and cache, loaded if needed
            out = tuple(
                pair
                for item in self.inputs
                for pair in read_input(
                    item,
                    default=self.default_reference,
                    data_dir=self.data_dir,
                    encoder=encoder,
                    reader=self.knowledge.reader,
                    rules=self.knowledge.rules,
                )
            )
            out = distinct_file_names(out)
            names = [e.name for e, _ in out]
            dupes = sorted({n for n in names if names.count(n) > 1})
            if dupes:
                raise ConfigError(f"two editions are named {', '.join(dupes)}; give them distinct file names")
            return out

        return self._stage("readings", compute)

    @property
    def segmented(self) -> tuple[Edition, ...]:
        """The editions as the structure stage read them (before anchoring)."""
        return tuple(e for e, _ in self.readings)

    def reading(self, name: str) -> Reading:
        """The reading of the edition called ``name``.

        Raises:
            ConfigError: no edition has that name.
        """
        for edition, reading in self.readings:
            if edition.name == name:
                return reading
        raise ConfigError(f"no edition {name!r}; the run has: {', '.join(e.name for e in self.segmented)}")

    def get_embedder(self) -> Embedder:
        """The embedder of the run (loaded on first use, then kept)."""

        def compute() -> Embedder:
            if self.embedder is not None:
                return self.embedder
            from lawalign.align.embed import get_embedder

            embedder = get_embedder(self.model, self.cache_dir, cache=self.embed_cache)
            if self.jobs and hasattr(embedder, "jobs"):  # the cached embedder encodes in processes
                embedder.jobs = self.jobs
            return embedder

        return self._stage("embedder", compute)

    @property
    def checks(self) -> tuple[IdCheck, ...]:
        """What the anchoring said about each inferred id (empty when not anchored)."""
        return self._anchored()[1]

    @property
    def editions(self) -> tuple[Edition, ...]:
        """The editions every view reads: segmented, then anchored across languages."""
        return self._anchored()[0]

    def _anchored(self) -> tuple[tuple[Edition, ...], tuple[IdCheck, ...]]:
        def compute() -> tuple[tuple[Edition, ...], tuple[IdCheck, ...]]:
            eds = self.segmented
            if not self.anchor or len(eds) < 2 or not any(u.inferred for e in eds for u in e.law_units):
                return eds, ()
            from lawalign.align.anchor import anchor_editions

            # Like with like: ids are checked among the editions that follow the same WBF edition
            # (a 2017 or an unknown edition has other ids by right and never relabels a 2007 one).
            out: list[Edition] = list(eds)
            checks: list[IdCheck] = []
            for members in like_with_like(eds).values():
                group = [eds[k] for k in members]
                if len(group) < 2 or not any(u.inferred for e in group for u in e.law_units):
                    continue
                result = anchor_editions(group, embedder=self.get_embedder())
                for k, e in zip(members, result.editions, strict=True):
                    out[k] = e
                checks.extend(result.checks)
            return tuple(out), tuple(checks)

        return self._stage("anchored", compute)

    @property
    def alignment(self) -> Alignment | None:
        """Clause, sentence and footnote alignment of :attr:`editions` (None when ``align`` is off)."""

        def compute() -> Alignment | None:
            if not self.align or not self.editions:
                return None
            from lawalign.align.clauses import align_editions

            return align_editions(
                self.editions,
                embedder=self.get_embedder(),
                checks=self.checks,
                order=self.order,
                profiles={e.lang: self.knowledge.profile(e.lang) for e in self.editions},
            )

        return self._stage("alignment", compute)

    @property
    def order(self) -> tuple[UnitId, ...]:
        """Every law-unit id of the run, each once, in reference order."""

        def compute() -> tuple[UnitId, ...]:
            from lawalign.structure.order import reference_order

            return reference_order(self.editions, self.skeleton())

        return self._stage("order", compute)

    def skeleton(self, edition: str | None = None) -> Skeleton | None:
        """The skeleton of ``edition`` (default: the run's reference edition), None when unknown."""
        wanted = edition or self.main_edition
        if wanted not in _known_skeletons(self.data_dir):
            log.info("no skeleton for edition %r", wanted)
            return None
        return _skeleton(wanted, self.data_dir)

    @property
    def main_edition(self) -> str:
        """The WBF edition findings are stated against: ``[corpus] reference``, else the most
        common ``source_edition`` of the editions (ties: the first in corpus order)."""
        if self.reference:
            return self.reference
        eds = [e.source_edition for e in self.segmented if e.source_edition]
        if not eds:
            return DEFAULT_REFERENCE
        return max(dict.fromkeys(eds), key=eds.count)

    @property
    def findings(self) -> tuple[Finding, ...]:
        """Divergences between the editions, like with like (see :func:`lawalign.diff.compare_run`)."""

        def compute() -> tuple[Finding, ...]:
            from lawalign.diff.divergences import find_run_divergences

            return tuple(
                find_run_divergences(
                    self.editions,
                    self.alignment,
                    main=self.main_edition,
                    skeleton=self.skeleton,
                    rules=self.rules,
                    data_dir=self.data_dir,
                    termbases=self.knowledge.termbases,
                )
            )

        return self._stage("findings", compute)

    def edition(self, spec: str) -> Edition:
        """The edition ``spec`` names: its name, its file's name or stem.

        Raises:
            InputError: no edition is called that (the message lists the names).
        """
        for e in self.editions:
            if spec in (e.name, Path(e.path).name, Path(e.path).stem):
                return e
        names = ", ".join(sorted(e.name for e in self.editions))
        raise InputError(spec, f"no such edition; editions: {names}")


# -- one file or a few paths, as the structure stage reads them -------------------------------------


def read_edition(
    path: str | os.PathLike[str],
    lang: str | None = None,
    *,
    name: str | None = None,
    source_edition: str | None = None,
    laws: Sequence[str] = (),
) -> Edition:
    """Ingest and segment one file alone (or read back the project's own Akoma Ntoso): the page's
    main language. The reference edition is chosen as a run chooses it
    (:func:`lawalign.run.read_structure`); ``laws``: the laws a manifest would declare it holds."""
    return read_editions(path, lang, name=name, source_edition=source_edition, laws=laws)[0]


def require_law(editions: Sequence[Edition]) -> None:
    """Refuse editions in which no law was found, for the outputs that must hold law (the Akoma Ntoso
    of ``ingest`` and ``build``): the first such edition, at its ``no-law`` notice.

    Every command reads a text without law structure (every line debris, ``lawalign units`` lists
    them); a law document cannot be written from it.

    Raises:
        InputError: an edition holds no unit that is not debris.
    """
    for edition in editions:
        if edition.law_units:
            continue
        notice = next((n for n in edition.notices if n.code == NO_LAW), None)
        message = notice.message.removesuffix(f"; {NO_LAW_CONSEQUENCE}") if notice else "no law text found"
        line = notice.line if notice else 1
        raise InputError(edition.path, f"{message}: nothing to write as Akoma Ntoso", line=line)


def read_editions(
    path: str | os.PathLike[str],
    lang: str | None = None,
    *,
    name: str | None = None,
    source_edition: str | None = None,
    laws: Sequence[str] = (),
) -> list[Edition]:
    """Every edition one file holds (a bilingual page holds two), each segmented against the skeleton
    of ``source_edition`` when given, else against the skeleton that fits it best; ``laws``: the
    laws a manifest would declare it holds (the edition is not marked as declaring them)."""
    from lawalign.structure.reader import bundled_model

    item = EditionInput(
        path=os.fspath(path), lang=lang, name=name, source_edition=source_edition, laws=tuple(laws)
    )
    return [edition for edition, _ in read_input(item, reader=bundled_model())]


def load_editions(
    paths: Sequence[str | os.PathLike[str]],
    lang: str | None = None,
    *,
    allow_outside: bool = False,
    knowledge: Knowledge | None = None,
) -> list[Edition]:
    """Editions from corpus folders (with a manifest) and/or files, as the structure stage reads them.

    This is :attr:`lawalign.run.Run.segmented` (ids before anchoring); commands read
    :attr:`lawalign.run.Run.editions`.

    Raises:
        InputError: a path is missing, a folder has no manifest, or a file is bad input.
        ConfigError: two editions share a name.
    """
    run = Run.from_paths(
        paths, lang, anchor=False, align=False, allow_outside=allow_outside, knowledge=knowledge
    )
    return list(run.segmented)


__all__ = [
    "DEFAULT_REFERENCE",
    "UNKNOWN_EDITION",
    "EditionInput",
    "Reading",
    "Run",
    "inputs_from_paths",
    "load_editions",
    "nearest_edition",
    "read_edition",
    "read_editions",
    "read_input",
    "read_structure",
    "require_law",
]
