"""A loaded corpus you can ask questions: clause lookup, search, and pandas frames.

A :class:`Corpus` is a view of one :class:`lawalign.run.Run`: its editions, alignment and findings
are the run's, computed once. The embedding model is loaded only when anchoring (inferred ids in
several languages), semantic search, the alignment or the findings first need it.
"""

from __future__ import annotations

import difflib
import importlib
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from lawalign.errors import ConfigError
from lawalign.models import Alignment, Edition, Finding, Source, Unit, UnitId
from lawalign.query import frames
from lawalign.query.ids import UnitQuery, parse_unit_query
from lawalign.query.refs import UnitRef, citing, corpus_refs, refs_frame
from lawalign.query.search import (
    RANKED_MODES,
    SearchHit,
    SemanticIndex,
    check_mode,
    display_text,
    embedder_pair,
    search_cites,
    search_exact,
    search_regex,
    semantic_candidates,
)
from lawalign.run import Run
from lawalign.structure.order import reference_order
from lawalign.structure.skeleton import Skeleton

if TYPE_CHECKING:
    import pandas as pd

    from lawalign.align.embed import Embedder
    from lawalign.diff.termbase import Termbase
    from lawalign.query.terms import TermOccurrence

log = logging.getLogger(__name__)


def _missing_stage(exc: ModuleNotFoundError, module: str) -> bool:
    """True when ``exc`` says the optional stage ``module`` is not installed (not a bug inside it): it
    names the stage or a package above it, or a module inside it while the stage itself cannot be
    imported (a module of an installed stage that is missing is a bug, and re-raised)."""
    if exc.name is None:
        return False
    if exc.name == module or module.startswith(exc.name + "."):
        return True
    if exc.name.startswith(module + "."):
        try:
            importlib.import_module(module)
        except ImportError:
            return True
    return False


def _belongs(unit: Unit, query: UnitQuery) -> bool:
    if unit.kind == "debris":
        return False
    if query.level == "law":
        return unit.law == query.law
    parts = unit.uid
    if parts is None:
        return False
    return parts.law == query.law and parts.section == query.section


def compose(unit_id: UnitId, parts: Sequence[Unit]) -> Unit:
    """One unit standing for several (a whole section or law): texts joined, source spanning them all.

    Each part contributes its label and text; parts are separated by a blank line, so the composed
    text loses no character of any part.

    Args:
        unit_id: The id of the whole ("70D", "68").
        parts: The parts, in source order (at least one).

    Returns:
        A unit with role ``section``; ``inferred`` if any part is, ``confidence`` the lowest.
    """
    first = parts[0]
    if len(parts) == 1 and first.id == unit_id:
        return first
    footnotes = tuple(dict.fromkeys(f for p in parts for f in p.footnotes))
    return Unit(
        id=unit_id,
        kind="text",
        role="section",
        lang=first.lang,
        law=first.law,
        text="\n\n".join(display_text(p) for p in parts),
        source=Source(
            first.source.path, min(p.source.line_start for p in parts), max(p.source.line_end for p in parts)
        ),
        inferred=any(p.inferred for p in parts),
        confidence=min(p.confidence for p in parts),
        evidence="; ".join(f"{p.id}: {p.evidence}" for p in parts if p.evidence),
        markers=tuple(dict.fromkeys(m for p in parts for m in p.markers)),
        footnotes=footnotes,
        span=(min(p.span[0] for p in parts), max(p.span[1] for p in parts)),
    )


class Corpus:
    """Editions of one law in several languages, with lookup, search and frames: a view of a :class:`Run`.

    Args:
        editions: Segmented editions, in corpus order; their ids are taken as settled. Give ``run``
            instead to view a run built from files (:func:`open_corpus` does).
        model: Embedder name for semantic search and alignment (see ``lawalign.align.embed``).
        cache_dir: Embedding cache folder (default ``$LAWALIGN_CACHE`` or ``.cache/embeddings``).
        embedder: An embedder to use instead of ``model`` (tests, notebooks); used for both sides
            of semantic search and for alignment.
        run: The run to view (then the other arguments are ignored).

    A corpus is a frozen view of its run: its editions, alignment and findings are the run's, and
    nothing on it can be set afterwards (:meth:`with_findings` gives a new view over saved findings).
    What it computes from them (the search index, the references) is kept on first use.
    """

    __slots__ = ("_findings", "_index", "_refs", "run")

    def __init__(
        self,
        editions: Sequence[Edition] = (),
        *,
        model: str = "e5",
        cache_dir: str | Path | None = None,
        embedder: Embedder | None = None,
        run: Run | None = None,
    ) -> None:
        if run is None:
            if not editions:
                raise ConfigError("a corpus needs at least one edition")
            run = Run.from_editions(editions, model=model, cache_dir=cache_dir, embedder=embedder)
        if not run.editions:
            raise ConfigError("a corpus needs at least one edition")
        object.__setattr__(self, "run", run)
        object.__setattr__(self, "_index", None)
        object.__setattr__(self, "_findings", None)
        object.__setattr__(self, "_refs", None)

    run: Run
    _index: SemanticIndex | None
    _findings: list[Finding] | None
    _refs: list[UnitRef] | None

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Corpus is a frozen view of its run; cannot set {name!r}")

    def _keep(self, name: str, value: object) -> None:
        """Keep a value derived from the run (the search index, the references)."""
        object.__setattr__(self, name, value)

    @property
    def editions(self) -> tuple[Edition, ...]:
        """The run's editions (anchored), in corpus order."""
        return self.run.editions

    @property
    def model(self) -> str:
        """The run's embedder name."""
        return self.run.model

    @property
    def cache_dir(self) -> str | Path | None:
        """The run's embedding cache folder."""
        return self.run.cache_dir

    # -- editions and ids -------------------------------------------------------------------------

    @property
    def langs(self) -> tuple[str, ...]:
        """Languages of the editions, in corpus order, each once."""
        return tuple(dict.fromkeys(e.lang for e in self.editions))

    @property
    def authoritative(self) -> Edition | None:
        """The edition the manifest marks authoritative, if any."""
        return next((e for e in self.editions if e.authoritative), None)

    def edition(self, lang: str) -> Edition:
        """The (first) edition in ``lang``.

        Raises:
            ConfigError: No edition in that language; the message lists the corpus languages.
        """
        for edition in self.editions:
            if edition.lang == lang:
                return edition
        raise ConfigError(f"no edition in {lang!r}; the corpus has: {', '.join(self.langs)}")

    def edition_key(self, edition: Edition) -> str:
        """``lang``, or ``lang/name`` for a second edition in the same language (the keys of :meth:`parts`).

        Two editions in one language: the second is keyed "lang/name" so neither hides the other.
        """
        first = next(e for e in self.editions if e.lang == edition.lang)
        return edition.lang if first is edition else f"{edition.lang}/{edition.name}"

    def skeleton(self) -> Skeleton | None:
        """The skeleton of the run's reference edition, or None when none is known."""
        return self.run.skeleton()

    def ids(self) -> tuple[UnitId, ...]:
        """Every law-unit id present in some edition, in reference order."""
        return self.run.order

    def _resolve(self, query: str) -> UnitQuery:
        parsed = parse_unit_query(query)
        present = self.ids()
        if parsed.level == "unit" and parsed.id in present:
            return parsed
        if parsed.level != "unit" and any(_belongs(u, parsed) for e in self.editions for u in e.units):
            return parsed
        close = difflib.get_close_matches(parsed.id, present, n=3, cutoff=0.5)
        hint = (
            f"; did you mean {', '.join(close)}?"
            if close
            else f"; the corpus has {', '.join(present[:8])}, …"
        )
        raise ConfigError(f"no unit {parsed.id!r} in the corpus{hint}")

    def parts(self, query: str) -> dict[str, tuple[Unit, ...]]:
        """The units a citation names, per language, in source order.

        Args:
            query: A citation accepted by :func:`parse_unit_query` ("68B2", "70D", "68", "68.fn1").

        Returns:
            Language → units; a language lacking the unit is absent.

        Raises:
            ConfigError: The citation does not parse, or no edition has it (with a suggestion).
        """
        parsed = self._resolve(query)
        out: dict[str, tuple[Unit, ...]] = {}
        for edition in self.editions:
            if parsed.level == "unit":
                found = tuple(u for u in edition.law_units if u.id == parsed.id)
            else:
                found = tuple(u for u in edition.units if _belongs(u, parsed))
            if found:
                out[self.edition_key(edition)] = found
        return out

    def unit(self, query: str) -> dict[str, Unit]:
        """The unit a citation names, per language.

        A section ("70D") or a whole law ("68") comes back as one composed unit (role ``section``)
        whose text joins its heading, chapeau, points and wrap; :meth:`parts` gives them apart.

        Args:
            query: A citation: "68B2", "68.B.2", "Law 68 B 2", "Điều 68B2", "Правило 68B2",
                "Yasa 68B2", "70D", "68", "68.fn1".

        Returns:
            Language → unit.

        Raises:
            ConfigError: The citation does not parse, or no edition has it (with a suggestion).
        """
        parsed = self._resolve(query)
        return {lang: compose(parsed.id, units) for lang, units in self.parts(query).items()}

    # -- search -----------------------------------------------------------------------------------

    def _get_embedder(self, name: str) -> Embedder:
        from lawalign.align.embed import get_embedder

        return get_embedder(name, self.cache_dir)

    def _semantic_index(self) -> SemanticIndex:
        if self._index is None:
            if self.run.embedder is not None:
                embedder = self.run.embedder
                query_side = passage_side = lambda: embedder
            else:
                query_name, passage_name = embedder_pair(self.model)
                query_side = lambda: self._get_embedder(query_name)  # noqa: E731
                passage_side = lambda: self._get_embedder(passage_name)  # noqa: E731
            self._keep("_index", SemanticIndex(semantic_candidates(self.editions), query_side, passage_side))
        assert self._index is not None
        return self._index

    def search(
        self, q: str, *, langs: Sequence[str] | None = None, top: int = 10, mode: str = "hybrid"
    ) -> list[SearchHit]:
        """Search the law text of every edition.

        Args:
            q: The question (semantic, any language), substring (exact) or pattern (regex).
            langs: Restrict to these languages (None: all).
            top: How many hits to return, best first.
            mode: "hybrid" (the default: semantic and lexical rankings fused, cross-lingual),
                "semantic" (embeddings only; these two load the model on first use), "lexical"
                (BM25 over words and termbase concepts only), "exact"
                (case-insensitive substring), "regex" (Python ``re``) or "cites" (``q`` is a law,
                section or unit: the units citing it, in source order).

        Returns:
            The hits.

        Raises:
            ConfigError: Unknown mode or language, empty query, bad pattern.
        """
        checked = check_mode(mode)
        if langs is not None:
            unknown = sorted(set(langs) - set(self.langs))
            if unknown:
                raise ConfigError(
                    f"no edition in {', '.join(unknown)}; the corpus has: {', '.join(self.langs)}"
                )
        if checked in RANKED_MODES:
            return self._semantic_index().search(q, langs, top, checked)
        pairs = [(e, u) for e in self.editions if langs is None or e.lang in langs for u in e.law_units]
        if checked == "cites":
            return search_cites(pairs, q, top)
        return search_exact(pairs, q, top) if checked == "exact" else search_regex(pairs, q, top)

    # -- frames -----------------------------------------------------------------------------------

    def frame(self, lang: str | Sequence[str] | None = None) -> pd.DataFrame:
        """One row per unit per language (see :data:`lawalign.query.frames.UNIT_COLUMNS`).

        Args:
            lang: Only these languages ("ru", "vi,ru" or a list; None: all).

        Raises:
            ConfigError: A language the corpus lacks.
        """
        return frames.only_langs(frames.units_frame(self.editions), self._langs_arg(lang))

    def sentences(self, lang: str | Sequence[str] | None = None) -> pd.DataFrame:
        """Every law unit's sentences, aligned or alone (units only one language has included), as the
        SQL ``sentences`` table holds them (see :data:`lawalign.query.frames.SENTENCE_COLUMNS`).

        Args:
            lang: Only these languages (None: all).

        Raises:
            ConfigError: A language the corpus lacks.
        """
        langs = self._langs_arg(lang)
        return frames.only_langs(frames.sentences_frame(self.alignment_result(), self.editions), langs)

    def _langs_arg(self, lang: str | Sequence[str] | None) -> list[str] | None:
        if lang is None:
            return None
        wanted = [x.strip() for x in lang.split(",")] if isinstance(lang, str) else list(lang)
        self.check_langs(wanted)
        return wanted

    def alignment_result(self) -> Alignment | None:
        """The alignment of the editions (the run's; None with a single edition or alignment off)."""
        if len(self.editions) < 2:
            return None
        try:
            return self.run.alignment
        except ImportError as exc:
            if isinstance(exc, ModuleNotFoundError) and not _missing_stage(exc, "lawalign.align"):
                raise
            log.warning("the align stage is not available; alignment is empty")
            return None

    def alignment(self) -> pd.DataFrame:
        """Unit links as a frame (see :data:`lawalign.query.frames.ALIGNMENT_COLUMNS`)."""
        return frames.alignment_frame(self.alignment_result())

    def finding_list(self) -> list[Finding]:
        """The divergences between the editions: the run's."""
        if self._findings is None:
            self._keep("_findings", list(self.run.findings))
        assert self._findings is not None
        return self._findings

    def with_findings(self, findings: Sequence[Finding]) -> Corpus:
        """A view of the same run whose findings are ``findings`` (a saved diff, a test, a notebook):
        the run's findings stage taken as computed (:meth:`lawalign.run.Run.with_results`).

        Args:
            findings: The findings.
        """
        return Corpus(run=self.run.with_results({**self.run.stage_results(), "findings": tuple(findings)}))

    def findings(self, lang: str | Sequence[str] | None = None) -> pd.DataFrame:
        """Findings as a frame (see :data:`lawalign.query.frames.FINDING_COLUMNS`), optionally of some
        languages only."""
        return frames.only_langs(frames.findings_frame(self.finding_list()), self._langs_arg(lang))

    def findings_for(self, unit_ids: Sequence[str]) -> list[Finding]:
        """The findings about any of ``unit_ids``, in finding order."""
        wanted = set(unit_ids)
        return [f for f in self.finding_list() if f.unit in wanted]

    # -- references and terms ---------------------------------------------------------------------

    def refs(self) -> list[UnitRef]:
        """Every reference of every unit, located (see :mod:`lawalign.query.refs`)."""
        if self._refs is None:
            self._keep("_refs", corpus_refs(self.editions, self.run.knowledge.profile))
        assert self._refs is not None
        return self._refs

    def citing(self, query: str, *, langs: Sequence[str] | None = None) -> list[UnitRef]:
        """The references citing a law, section or unit ("16", "70D3", "Law 16"), in every language.

        Args:
            query: What is cited, in any citation form.
            langs: Only these languages (None: all).

        Returns:
            A list of :class:`lawalign.query.refs.UnitRef` (citing ``id``, ``lang``, ``edition``,
            canonical ``target``, ``kind``, ``surface`` as printed, ``start``/``end`` in the unit's
            text, ``path``, ``line``), in edition then source order.

        Raises:
            ConfigError: The query is not a citation, or a language is not in the corpus.
        """
        self.check_langs(langs)
        return [r for r in citing(self.refs(), query) if langs is None or r.lang in langs]

    def refs_frame(self, lang: str | Sequence[str] | None = None) -> pd.DataFrame:
        """References as a frame (see :data:`lawalign.query.refs.REF_COLUMNS`), optionally of some
        languages only."""
        return frames.only_langs(refs_frame(self.refs()), self._langs_arg(lang))

    def termbases(self, glossaries: Sequence[str | Path] = ()) -> dict[str, Termbase]:
        """Language → termbase: the run's (bundled, ``--data`` merged in), then ``glossaries`` merged
        over them, for the corpus languages and every language the overlay or a glossary covers."""
        from lawalign.diff.glossary import merge_termbase, read_glossary

        known = self.run.knowledge
        langs = [*self.langs, *(o.name for o in known.origins if o.change == "merged")]
        out = {lang: known.termbase(lang) for lang in dict.fromkeys(langs)}
        for path in glossaries:
            for lang, tb in read_glossary(path).items():
                out[lang] = merge_termbase(out[lang], tb) if lang in out else tb
        return out

    def term_occurrences(self, glossaries: Sequence[str | Path] = ()) -> list[TermOccurrence]:
        """Every termbase term in the corpus (the run's termbases plus ``glossaries``)."""
        from lawalign.query.terms import occurrences

        return occurrences(self.editions, self.termbases(glossaries))

    def terms(
        self, query: str | None = None, glossaries: Sequence[str | Path] = ()
    ) -> list[dict[str, object]]:
        """The concordance of a concept or term (None: all), per edition (see :mod:`lawalign.query.terms`)."""
        from lawalign.query.terms import concordance

        return concordance(self.editions, query, self.termbases(glossaries))

    def terms_frame(
        self, glossaries: Sequence[str | Path] = (), lang: str | Sequence[str] | None = None
    ) -> pd.DataFrame:
        """Term occurrences as a frame (see :data:`lawalign.query.terms.TERM_COLUMNS`), optionally of
        some languages only; ``term`` is the variant ``lawalign terms`` shows."""
        from lawalign.query.terms import terms_frame

        return frames.only_langs(terms_frame(self.term_occurrences(glossaries)), self._langs_arg(lang))

    def check_langs(self, langs: Sequence[str] | None) -> None:
        """Raise a ConfigError naming the corpus languages when ``langs`` has one the corpus lacks."""
        if langs is not None:
            unknown = sorted(set(langs) - set(self.langs))
            if unknown:
                raise ConfigError(
                    f"no edition in {', '.join(unknown)}; the corpus has: {', '.join(self.langs)}"
                )

    def with_edition(self, edition: Edition) -> Corpus:
        """A new corpus with ``edition`` added (same model settings; nothing cached carried over)."""
        return Corpus(run=self.run.with_editions([edition]))

    def __repr__(self) -> str:
        return f"Corpus({', '.join(f'{e.lang}:{e.name}' for e in self.editions)})"


def open_corpus(
    path_or_paths: str | Path | Sequence[str | Path],
    *,
    lang: str | None = None,
    model: str = "e5",
    cache_dir: str | Path | None = None,
    data_dir: str | Path | None = None,
) -> Corpus:
    """Open a corpus folder (with ``manifest.toml``) or a list of edition files.

    Args:
        path_or_paths: A corpus folder, one file, or several files/folders.
        lang: Language of the files when it cannot be read from a manifest (None: detect).
        model: Embedder name for anchoring, semantic search and alignment.
        cache_dir: Embedding cache folder.
        data_dir: A user data folder (skeletons, change maps, ...) used before the bundled data.

    Returns:
        The corpus, a view of one :class:`~lawalign.run.Run` (ids anchored across languages when
        some were inferred: the model is loaded then).

    Raises:
        InputError: A file cannot be read or segmented.
        ConfigError: The manifest is wrong, or the corpus is empty.
    """
    paths = [path_or_paths] if isinstance(path_or_paths, (str, Path)) else list(path_or_paths)
    run = Run.from_paths(paths, lang, model=model, cache_dir=cache_dir, data_dir=data_dir)
    return Corpus(run=run)


__all__ = ["Corpus", "compose", "open_corpus", "reference_order"]
