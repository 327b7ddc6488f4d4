"""Fitting the line-role model on the development gold (``make train``), and reading pages with it.

Training data: every line of the real pages of ``tests/realworld/`` and of the synthetic layouts of
``tests/realworld/synthetic/`` with its gold role (from the gold
id and kind: ``68.title`` a law title, ``68A.title``/``70B1.title`` a heading, ``68.intro`` an intro,
``69B.wrap`` a wrap, ``68A`` a section, ``68B1``/``71.1`` a point, ``16B1a`` a sub-point, a footnote,
noise). The pages of the shared real-pages-dev set are never trained on. Each line is read as the
pipeline reads it (:func:`lawalign.structure.reader.stacked_sequence`: layout cues and the rules'
reading, before any model). The model is a linear-chain CRF (CRFsuite, L-BFGS with elastic-net
regularisation ``c1``/``c2`` from ``data/reader/settings.toml``); its weights are written as
``data/reader/roles.json`` (:class:`lawalign.structure.reader.RoleModel`), the same bytes for the
same gold.

The CRF learns from the rules' reading with the rules' constants of ``data/reader/rules.json``
(:class:`lawalign.structure.constants.RuleConstants`), which are chosen by the protocol's
cross-validated figure (``scripts/evaluate.py --rules FILE protocol``; docs/ingest.md).
"""

from __future__ import annotations

import logging
import re
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache, partial
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from lawalign.structure.constants import RuleConstants, bundled_constants
from lawalign.structure.features import LineFeatures, page_features
from lawalign.structure.reader import (
    ROLES,
    RUN_CUES,
    ConfidenceHead,
    LawRun,
    LogisticVeto,
    RoleModel,
    confidence_cues,
    stacked_sequence,
)
from lawalign_dev.evaluate.confidence import fit_head
from lawalign_dev.evaluate.pages import FileGold, GoldLine, LineResult, score_file
from lawalign_dev.evaluate.protocol import Page, gives_id, load_pages, site_fold_of
from lawalign_dev.evaluate.relaid import with_copies

if TYPE_CHECKING:
    from lawalign.knowledge import Knowledge

_POINT = re.compile(r"^\d{1,3}(?:[A-Z]\d+|\.\d+)$")
_SUBPOINT = re.compile(r"^\d{1,3}[A-Z]\d+[a-z]$")


def gold_role(g: GoldLine) -> str:
    """The role of a gold line.

    >>> from lawalign_dev.evaluate.pages import GoldLine as G
    >>> [gold_role(G(1, i, k)) for i, k in [("68.title", "title"), ("68A.title", "title"),
    ...     ("68.intro", "text"), ("68A", "text"), ("71.2", "text"), ("16B1a", "text"),
    ...     ("69B.wrap", "text"), ("70.fn1", "footnote"), (None, "noise")]]
    ['law-title', 'heading', 'intro', 'section', 'point', 'subpoint', 'wrap', 'footnote', 'noise']
    """
    if g.kind == "noise" or g.id is None:
        return "noise"
    if g.kind == "footnote":
        return "footnote"
    if g.kind == "title":
        return "law-title" if re.fullmatch(r"\d{1,3}\.title", g.id) else "heading"
    if g.id.endswith(".intro"):
        return "intro"
    if g.id.endswith(".wrap"):
        return "wrap"
    if _SUBPOINT.match(g.id):
        return "subpoint"
    if _POINT.match(g.id):
        return "point"
    return "section"


@dataclass(frozen=True, slots=True)
class Settings:
    """The training settings (``data/reader/settings.toml``)."""

    c1: float
    c2: float
    max_iterations: int
    stacked: bool
    calibration_folds: int
    confidence_c: float = 1.0
    confidence_folds: int = 5
    veto_c: float = 1.0
    relaid_copy: bool = False


def load_settings(path: Path | None = None) -> Settings:
    """The documented settings file of the reader."""
    text = (
        path.read_text(encoding="utf-8")
        if path is not None
        else (resources.files("lawalign") / "data" / "reader" / "settings.toml").read_text(encoding="utf-8")
    )
    data = tomllib.loads(text)["train"]
    return Settings(
        float(data["c1"]),
        float(data["c2"]),
        int(data["max_iterations"]),
        bool(data["stacked"]),
        int(data["calibration_folds"]),
        float(data["confidence_c"]),
        int(data["confidence_folds"]),
        float(data["veto_c"]),
        bool(data["relaid_copy"]),
    )


@cache
def _source_features(path: Path) -> tuple[LineFeatures, ...]:
    """A page's lines with their layout cues alone (the reader that reads no rule)."""
    from lawalign.ingest import read_source
    from lawalign.ingest.profiles import load_profile

    source = read_source(path)
    return tuple(page_features(source, load_profile(source.lang)))


@cache
def _stacked_parts(path: Path, rules: RuleConstants) -> tuple[tuple[LineFeatures, ...], ...]:
    """A page's lines as the stacked model reads them, one sequence per language part: the layout cues
    and the rules' reading, computed by the function the pipeline weighs units with
    (:func:`lawalign.structure.reader.stacked_sequence`) from the rules' units (no model; the rules'
    constants ``rules``). A page the rules refuse is read with no rule reading."""
    from lawalign.errors import LawalignError
    from lawalign.ingest import read_source
    from lawalign.ingest.bilingual import split_languages
    from lawalign.ingest.profiles import load_profile
    from lawalign.run import read_structure

    source = read_source(path)
    try:
        pairs = read_structure(source, reader=None, rules=rules)
    except LawalignError:
        return (tuple(stacked_sequence(source, load_profile(source.lang), ())),)
    parts = split_languages(source)
    return tuple(
        tuple(stacked_sequence(part, load_profile(part.lang), edition.units))
        for part, (edition, _) in zip(parts, pairs, strict=True)
    )


def page_sequences(page: Page, stacked: bool, rules: RuleConstants | None = None) -> list[list[LineFeatures]]:
    """The lines of a page as the model reads them: one sequence, or one per language part when
    ``stacked`` (the rules read with the thresholds ``rules``, default: the bundled ones)."""
    if stacked:
        return [list(seq) for seq in _stacked_parts(page.path, rules or bundled_constants())]
    return [list(_source_features(page.path))]


def training_sequences(
    pages: Sequence[Page], stacked: bool, rules: RuleConstants | None = None, relaid: bool = False
) -> list[tuple[list[LineFeatures], list[str]]]:
    """Each page's lines and gold roles, in page-name order; with ``relaid``, each page's re-laid-out
    copy's too (:mod:`lawalign_dev.evaluate.relaid`)."""
    out = []
    for page in sorted(with_copies(pages) if relaid else pages, key=lambda p: p.name):
        for feats in page_sequences(page, stacked, rules):
            out.append((feats, labels_of(feats, page.gold)))
    return out


def labels_of(feats: Sequence[LineFeatures], gold: FileGold) -> list[str]:
    """The gold role of each line (``noise`` for a line without gold)."""
    by_line = {g.line: gold_role(g) for g in gold.lines}
    return [by_line.get(f.raw_line, "noise") for f in feats]


def train(sequences: Sequence[tuple[Sequence[LineFeatures], Sequence[str]]], settings: Settings) -> RoleModel:
    """A CRF fitted on (lines, roles) sequences."""
    import pycrfsuite

    trainer = pycrfsuite.Trainer(verbose=False)
    for feats, labels in sequences:
        trainer.append([list(f.attrs) for f in feats], list(labels))
    trainer.set_params(
        {
            "c1": settings.c1,
            "c2": settings.c2,
            "max_iterations": settings.max_iterations,
            "feature.possible_transitions": True,
        }
    )
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "model.crfsuite")
        trainer.train(path)
        tagger = pycrfsuite.Tagger()
        tagger.open(path)
        info = tagger.info()
        tagger.close()
    labels = tuple(r for r in ROLES if r in set(info.labels)) + tuple(sorted(set(info.labels) - set(ROLES)))
    transitions = tuple(tuple(float(info.transitions.get((a, b), 0.0)) for b in labels) for a in labels)
    state: dict[str, dict[str, float]] = {}
    for (attr, label), w in info.state_features.items():
        state.setdefault(attr, {})[label] = float(w)
    # the weights as written to the data file: a model read back is the model trained
    return RoleModel.from_json(RoleModel(labels, transitions, state).to_json())


def training_pages(realworld: Path) -> list[Page]:
    """The pages the bundled model is fitted on: the real pages of ``realworld`` and the synthetic
    layouts of ``realworld/synthetic`` (each a site of its own)."""
    synthetic = realworld / "synthetic"
    extra = load_pages(synthetic, page_sites=True) if (synthetic / "gold.json").is_file() else []
    return load_pages(realworld) + extra


def site_folds(pages: Sequence[Page], k: int) -> list[list[Page]]:
    """The pages in ``k`` folds by site, as the protocol deals them
    (:func:`lawalign_dev.evaluate.protocol.site_fold_of`: sites in name order dealt round the folds)."""
    fold = site_fold_of(pages, k)
    return [[p for p in pages if fold[p.site] == i] for i in range(k)]


def read_with(
    model: RoleModel | None, rules: RuleConstants | None = None
) -> Callable[[Page], list[LineResult]]:
    """A scorer of pages as ``lawalign units FILE`` reads them with the line reader ``model`` (None:
    the rules alone) and the rules' constants ``rules`` (None: the bundled ones), against their gold."""
    from lawalign.knowledge import Knowledge

    knowledge = Knowledge.load(()).with_reader(model)
    if rules is not None:
        knowledge = knowledge.with_rules(rules)
    return partial(score_with_cues, knowledge=knowledge)


def score_with_cues(page: Page, knowledge: Knowledge) -> list[LineResult]:
    """A page read as ``lawalign units FILE`` reads it with ``knowledge``, scored against its gold;
    each line given an id carries its unit's confidence cues
    (:func:`lawalign.structure.reader.confidence_cues` of its edition's units, as read), the data
    the confidence head is fitted on. Read with a model without a head, a unit's confidence is its raw
    one, as the head reads it."""
    from lawalign.output import iter_units_rows
    from lawalign.run import load_editions

    cues: dict[str, dict[str, float]] = {}
    attested = knowledge.reader.attested if knowledge.reader is not None else frozenset()

    def rows(path: Path) -> list[dict[str, object]]:
        editions = load_editions([str(path)], knowledge=knowledge)
        for edition in editions:
            for unit, c in zip(edition.units, confidence_cues(edition.units, attested), strict=True):
                if c is not None:
                    cues.setdefault(str(unit.id), c)
        return iter_units_rows(editions)

    return [
        replace(r, cues=tuple(sorted(cues[r.pred_id].items())))
        if gives_id(r) and r.pred_id is not None and r.pred_id in cues
        else r
        for r in score_file(page.path, page.gold, rows)
    ]


@dataclass(frozen=True, slots=True)
class RunRow:
    """A run of one law's units (:class:`lawalign.structure.reader.LawRun`) as a model fitted without
    its site read it: its cues and its gold lines, those of law and those of noise."""

    site: str
    cues: Mapping[str, float]
    law_lines: int
    noise_lines: int


class RunRecorder:
    """A run veto that vetoes nothing and keeps every run it is shown (the data the veto is fitted on)."""

    def __init__(self) -> None:
        self.runs: list[LawRun] = []

    def noise(self, run: LawRun) -> float:
        self.runs.append(run)
        return 0.0


def run_rows(page: Page, model: RoleModel, rules: RuleConstants | None = None) -> list[RunRow]:
    """The runs of one law's units of a page as the pipeline weighs them with ``model`` (its own veto
    left aside: every run is recorded, none vetoed), each with its gold lines."""
    from lawalign.errors import LawalignError
    from lawalign.ingest import read_source
    from lawalign.run import read_structure

    recorder = RunRecorder()
    try:
        read_structure(read_source(page.path), reader=replace(model, veto=recorder), rules=rules)
    except LawalignError:
        return []
    gold = {g.line: g.kind for g in page.gold.lines}
    out: list[RunRow] = []
    seen: set[tuple[int, ...]] = set()
    for run in recorder.runs:
        lines = tuple(sorted({r for a, b in run.raw_lines for r in range(a, b + 1) if r in gold}))
        if not lines or lines in seen:
            continue
        seen.add(lines)
        law = sum(gold[r] != "noise" for r in lines)
        out.append(RunRow(page.site, dict(run.cues), law, len(lines) - law))
    return out


def fit_veto(rows: Sequence[RunRow], settings: Settings) -> LogisticVeto | None:
    """The run veto: a logistic regression (scikit-learn, L2, ``veto_c``) of "the run is more noise
    than law" on the run's cues, each run weighted by the lines at stake (how many more lines of one
    kind than of the other it holds). None without runs of both kinds.

    >>> rows = [RunRow("s", {"noise-share": x / 10}, 10 - x, x) for x in range(11)]
    >>> veto = fit_veto(rows, Settings(0.1, 0.1, 10, True, 2))
    >>> veto.weights["noise-share"] > 0
    True
    """
    from sklearn.linear_model import LogisticRegression

    kept = [r for r in rows if r.law_lines != r.noise_lines]
    ys = [r.noise_lines > r.law_lines for r in kept]
    if len(set(ys)) < 2:
        return None
    regression = LogisticRegression(C=settings.veto_c, max_iter=5000)
    regression.fit(
        [[r.cues.get(c, 0.0) for c in RUN_CUES] for r in kept],
        ys,
        sample_weight=[abs(r.law_lines - r.noise_lines) for r in kept],
    )
    weights = {c: round(float(w), 6) for c, w in zip(RUN_CUES, regression.coef_[0], strict=True)}
    return LogisticVeto(round(float(regression.intercept_[0]), 6), {c: w for c, w in weights.items() if w})


Fold = tuple[list[Page], RoleModel, list[RunRow]]


def attested_ids(pages: Sequence[Page]) -> frozenset[str]:
    """Every id the gold of ``pages`` holds (:attr:`lawalign.structure.reader.RoleModel.attested`):
    the ids the laws have, as far as the training pages show them.

    >>> from lawalign_dev.evaluate.pages import FileGold, GoldLine
    >>> gold = FileGold("p", "en", (GoldLine(1, "68A", "text"), GoldLine(2, None, "noise")))
    >>> sorted(attested_ids([Page("p", Path("p.txt"), gold, "s")]))
    ['68A']
    """
    return frozenset(g.id for p in pages for g in p.gold.lines if g.id)


def fit_pages(
    pages: Sequence[Page], settings: Settings, stacked: bool, rules: RuleConstants | None = None
) -> RoleModel:
    """The CRF fitted on ``pages`` (:func:`training_sequences`, their re-laid-out copies too when the
    settings say so), carrying the ids of their gold (:func:`attested_ids`): every reader ``make train``
    and the protocol fit knows only its own training pages' ids."""
    sequences = training_sequences(pages, stacked, rules, settings.relaid_copy)
    return replace(train(sequences, settings), attested=attested_ids(pages))


def fold_readings(
    pages: Sequence[Page], settings: Settings, rules: RuleConstants | None = None
) -> list[Fold]:
    """The pages in ``calibration_folds`` folds by site, each fold with the CRF fitted without it
    (no veto) and the runs of its pages as that CRF reads them (the rules read with ``rules``)."""
    out: list[Fold] = []
    for held in site_folds(pages, settings.calibration_folds):
        if not held:
            continue
        names = {p.name for p in held}
        model = fit_pages([p for p in pages if p.name not in names], settings, settings.stacked, rules)
        out.append((held, model, [r for p in held for r in run_rows(p, model, rules)]))
    return out


def with_veto(model: RoleModel, folds: Sequence[Fold], settings: Settings) -> RoleModel:
    """``model`` with the run veto fitted on the runs of ``folds`` (read out of fold)."""
    return replace(model, veto=fit_veto([r for _, _, rows in folds for r in rows], settings))


def out_of_fold(
    pages: Sequence[Page], settings: Settings, folds: Sequence[Fold] | None = None
) -> list[LineResult]:
    """Every line of ``pages`` read by the pipeline with a model fitted without its fold's sites (the
    CRF of :func:`fold_readings`, its veto fitted on the other folds' runs; uncalibrated), scored
    against the gold: the data the calibration is fitted on."""
    folds = fold_readings(pages, settings) if folds is None else folds
    out: list[LineResult] = []
    for k, (held, model, _) in enumerate(folds):
        scorer = read_with(with_veto(model, [f for j, f in enumerate(folds) if j != k], settings))
        for page in held:
            out.extend(scorer(page))
    return out


def fit_confidence(
    results: Sequence[LineResult], settings: Settings, site_of: Mapping[str, str]
) -> tuple[ConfidenceHead | None, tuple[tuple[float, float], ...]]:
    """The confidence head of ids and its calibration knots
    (:func:`lawalign_dev.evaluate.confidence.fit_head`), fitted on the lines of ``results`` whose
    deciding unit has an id (not debris): an id's confidence is then the share of ids right at its
    reading. Debris lines, mostly right whatever their raw value, would lift the map where ids are
    often wrong (out of fold, ids at calibrated >= 0.9 were right 186/230 times fitted on every
    line, 109/119 on the lines of ids; docs/ingest.md).
    """
    lines = [r for r in results if gives_id(r)]
    sites = [site_of.get(r.file, r.file) for r in lines]
    return fit_head(lines, settings.confidence_c, sites, settings.confidence_folds)


def build(realworld: Path, out: Path) -> RoleModel:
    """Fit the bundled model on every page of :func:`training_pages` (the rules read with the bundled
    constants, ``data/reader/rules.json``), calibrate it out of fold (:func:`out_of_fold`,
    ``calibration_folds`` folds by site) and write it to ``out``.

    The shared real-pages-dev set is never trained on; its evaluation fits readers without its sites
    (``make eval``, section ``protocol``), so the bundled model does not depend on that set's presence.
    """
    previous = logging.root.manager.disable
    logging.disable(logging.WARNING)  # pages read as no law are part of the data: no warning for each
    try:
        settings = load_settings()
        pages = training_pages(realworld)
        folds = fold_readings(pages, settings)
        model = with_veto(fit_pages(pages, settings, settings.stacked), folds, settings)
        results = out_of_fold(pages, settings, folds)
        head, knots = fit_confidence(results, settings, {p.name: p.site for p in pages})
        model = replace(model, head=head, calibration=knots)
    finally:
        logging.disable(previous)
    out.write_text(model.to_json(), encoding="utf-8")
    return model


def main(argv: Sequence[str] | None = None) -> int:
    """``make train``: rebuild ``src/lawalign/data/reader/roles.json`` from the development gold."""
    import argparse

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--gold", type=Path, default=Path("tests/realworld"))
    parser.add_argument("--out", type=Path, default=Path("src/lawalign/data/reader") / "roles.json")
    args = parser.parse_args(argv)
    model = build(args.gold, args.out)
    print(f"{args.out}: {len(model.labels)} roles, {len(model.state)} attributes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
