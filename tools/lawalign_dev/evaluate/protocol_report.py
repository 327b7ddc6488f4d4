"""``make eval`` section ``protocol``: the readers of real pages measured by the honest protocol.

Readers compared (each a :data:`~lawalign_dev.evaluate.protocol.Fit`):

``rules``
    ``lawalign units FILE`` (no ``--lang``) with no line reader (the rules alone). Nothing in it is
    fitted on the pages, so its cross-validated figure is its in-sample figure; but its rules were
    written on these pages, so only the recorded first-sight figures of each batch say how it reads
    a page it has not seen.
``model``
    the line-role CRF on the layout cues alone (no rule's reading): it gives roles, not ids, so it
    is scored on the line's kind (title, text, footnote, noise) only.
``rules+model``
    the pipeline as it ships (``lawalign units FILE`` with its line reader): the rules' units, with
    the CRF fitted on the layout cues and the rules' reading of each line (``stacked``) weighing them
    (:func:`lawalign.structure.reader.weigh_units`): a run of one law's units that the fitted run veto
    reads as noise becomes debris; every unit's confidence is the rules' confidence times the CRF's mean
    probability of the unit's kind on its lines (uncalibrated here: the protocol calibrates it out of
    fold by site). Cross-validated, each site's pages are read with a CRF and a veto fitted without
    that site.

Cross-validation is by site in ``calibration_folds`` folds (``data/reader/settings.toml``; every
site's pages in one fold, each fold read by readers fitted on the other folds): the veto of a fitted
reader is itself fitted on runs read out of fold within its training pages, so one site a fold
would cost that many inner fits per site.

Every reader reads with the rules' constants given to :func:`report` (default: the bundled
``data/reader/rules.json``; :class:`lawalign.structure.constants.RuleConstants`), which are chosen by
comparing this report's cross-validated figure under each candidate. Every reader's confidence is
calibrated out of fold (isotonic by site) and printed as the table
"confidence bin → share right", next to the raw confidence's table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache, partial
from pathlib import Path

from lawalign.structure.constants import RuleConstants
from lawalign.structure.reader import RoleModel, role_kind
from lawalign_dev.evaluate.pages import LineResult, overall
from lawalign_dev.evaluate.protocol import (
    DEALINGS,
    Fit,
    Page,
    Scorer,
    batch_table,
    calibrate_out_of_fold,
    calibration_table,
    cross_validate,
    first_sight,
    held_out,
    id_lines_confident,
    in_sample,
    law_lines_decided_as,
    load_first_sight,
    load_pages,
    summary_lines,
)
from lawalign_dev.evaluate.train_reader import (
    fit_pages,
    fold_readings,
    load_settings,
    page_sequences,
    read_with,
    training_pages,
    with_veto,
)


def rules_scorer(page: Page, rules: RuleConstants | None = None) -> list[LineResult]:
    """The rules' reading of one page (no line reader; ``rules``: their constants, default the
    bundled ones), scored against its gold."""
    return list(_rules_scored(page, rules))


@cache
def _rules_scored(page: Page, rules: RuleConstants | None) -> tuple[LineResult, ...]:
    return tuple(read_with(None, rules)(page))


def fit_rules(train: Sequence[Page], rules: RuleConstants | None = None) -> Scorer:
    """The rule system (constants ``rules``): nothing to fit."""
    del train
    return lambda page: rules_scorer(page, rules)


_TRAINED: dict[tuple[tuple[str, ...], bool, RuleConstants | None], RoleModel] = {}


def _fit_crf(train: Sequence[Page], stacked: bool, rules: RuleConstants | None = None) -> RoleModel:
    key = (tuple(sorted(p.name for p in train)), stacked, rules)
    if key not in _TRAINED:
        _TRAINED[key] = fit_pages(train, load_settings(), stacked, rules)
    return _TRAINED[key]


def fit_model(train: Sequence[Page]) -> Scorer:
    """The CRF on layout cues alone, scored on line kinds."""
    model = _fit_crf(train, stacked=False)

    def scorer(page: Page) -> list[LineResult]:
        (feats,) = page_sequences(page, False)
        roles = model.viterbi([f.attrs for f in feats])
        probs = model.marginals([f.attrs for f in feats])
        gold = {g.line: g for g in page.gold.lines}
        out = []
        for f, role, p in zip(feats, roles, probs, strict=True):
            g = gold.get(f.raw_line)
            if g is None:
                continue
            kind = role_kind(role)
            right = (kind == "debris") if g.kind == "noise" else kind == g.kind
            out.append(
                LineResult(page.name, page.gold.lang, g.line, g.id, g.kind, right, None, kind, p[role])
            )
        return out

    return scorer


def fit_rules_model(train: Sequence[Page], rules: RuleConstants | None = None) -> Scorer:
    """The pipeline as it ships: the rules' units (constants ``rules``) weighed by the stacked CRF
    (:func:`lawalign.structure.reader.weigh_units`) and its run veto, both fitted on ``train`` only as
    ``make train`` fits them: the CRF on every page of ``train``, the veto on the runs of ``train``'s
    pages read out of fold (:func:`~lawalign_dev.evaluate.train_reader.fold_readings` within
    ``train``)."""
    settings = load_settings()
    crf = _fit_crf(train, stacked=True, rules=rules)
    return read_with(with_veto(crf, fold_readings(train, settings, rules), settings), rules)


def dealings_lines(
    dealings: Sequence[tuple[Sequence[LineResult], Sequence[LineResult], Sequence[LineResult]]],
) -> list[str]:
    """The figures of each dealing of the sites to the folds (real pages, synthetic layouts, real
    pages calibrated out of fold) and pooled over them: how much the headline (dealing 0) moves with
    the dealing alone.

    >>> from lawalign_dev.evaluate.pages import LineResult as L
    >>> a = [L("a", "en", 1, "68A", "text", True, "68A", "text", 0.95)]
    >>> b = [L("a", "en", 1, "68A", "text", False, "68B", "text", 0.95)]
    >>> for line in dealings_lines([(a, [], a), (b, [], b)])[1:]:
    ...     print(line)
        dealing 0    lines 1/1 (100.0 %); synthetic 0/0 (0.0 %); ids 1/1 (100.0 %); law lines 1 / 0 / 0
        dealing 1    lines 0/1 (0.0 %); synthetic 0/0 (0.0 %); ids 0/1 (0.0 %); law lines 0 / 1 / 0
        pooled, 2    lines 1/2 (50.0 %); synthetic 0/0 (0.0 %); ids 1/2 (50.0 %); law lines 1 / 1 / 0
    """

    def line(
        label: str, cv: Sequence[LineResult], syn: Sequence[LineResult], cal: Sequence[LineResult]
    ) -> str:
        d = law_lines_decided_as(cal)
        return (
            f"    {label:<12} lines {overall(cv)}; synthetic {overall(syn)}; ids {id_lines_confident(cal)}; "
            f"law lines {d.right} / {d.wrong_id} / {d.debris}"
        )

    out = [
        "  dealings of the sites to the folds (0: the figures above; others: the sites dealt in another"
        " order): lines right; ids at calibrated >= 0.9 right; law lines at calibrated >= 0.9 given the"
        " right id / a wrong id / left as debris"
    ]
    out += [line(f"dealing {k}", *d) for k, d in enumerate(dealings)]
    pooled = [[r for d in dealings for r in d[i]] for i in range(3)]
    out.append(line(f"pooled, {len(dealings)}", *pooled))
    return out


STEADY_REPEATS = 10
"""How many cross-fittings the steadier map of the head averages (``fit_head``'s ``repeats``), for the
figure printed beside the shipped calibration's; set once, not chosen on a score."""


def steadier_lines(
    readings: Sequence[Sequence[LineResult]],
    site_of: Mapping[str, str],
    c: float,
    folds: int,
    repeats: int = STEADY_REPEATS,
) -> list[str]:
    """The dealings' readings (cross-validated, not calibrated) calibrated out of fold by the head with
    the steadier map, pooled: the confident ids and the law lines decided, as the shipped calibration's
    are printed above. One dealing's map of the shipped calibration moves with any change of the
    readings (docs/ingest.md, "Where the protocol's noise comes from"); this figure moves less.

    Five sites, each with four ids right at 0.95 and one wrong at 0.3 (no cues: an isotonic map):
    each site's right ids are calibrated on the other four sites' at (16 + 1) / (16 + 2), its wrong
    one at (0 + 1) / (4 + 2).

    >>> from lawalign_dev.evaluate.pages import LineResult as L
    >>> rs = [L(f"p{s}", "en", i, "68A", "text", i < 4, "68A", "text", 0.95 if i < 4 else 0.3)
    ...       for s in range(5) for i in range(5)]
    >>> print(steadier_lines([rs], {f"p{s}": f"s{s}" for s in range(5)}, 1.0, 5)[1])
        pooled, 1    ids 20/20 (100.0 %); law lines 20 / 0 / 0
    """
    cal = [r for cv in readings for r in calibrate_out_of_fold(cv, site_of, c, folds, head_repeats=repeats)]
    d = law_lines_decided_as(cal)
    return [
        f"  the same readings, the head's map the mean of {repeats} cross-fittings (steadier;"
        " docs/ingest.md): ids at calibrated >= 0.9 right; law lines at >= 0.9 given the right id /"
        " a wrong id / left as debris",
        f"    {'pooled, ' + str(len(readings)):<12} ids {id_lines_confident(cal)}; "
        f"law lines {d.right} / {d.wrong_id} / {d.debris}",
    ]


def readers_for(rules: RuleConstants | None = None) -> tuple[tuple[str, Fit, bool], ...]:
    """Each reader: name, fit, whether it is fitted (fitted readers also get a first sight per batch);
    the rules read with the thresholds ``rules`` (None: the bundled ones)."""
    return (
        ("rules", partial(fit_rules, rules=rules), False),
        ("model (line kinds only, no ids)", fit_model, True),
        ("rules+model", partial(fit_rules_model, rules=rules), True),
    )


READERS = readers_for()


def report(
    realworld: Path,
    shared: Path | None = None,
    readers: Sequence[tuple[str, Fit, bool]] | None = None,
    rules: RuleConstants | None = None,
) -> str:
    """The protocol's figures as text: cross-validated first, in-sample beside, per reader (default:
    :func:`readers_for` the thresholds ``rules``, None: the bundled ones).

    The readers are fitted on the real pages and the synthetic layouts (:func:`training_pages`; a
    synthetic page is a site of its own); the figures of the two sets are printed apart.
    """
    pool = training_pages(realworld)
    pages = [p for p in pool if not p.site.startswith("synthetic/")]
    synthetic = [p for p in pool if p.site.startswith("synthetic/")]
    shared_pages = load_pages(shared) if shared is not None and (shared / "gold.json").is_file() else []
    shared_sites = sorted({p.site for p in shared_pages})
    site_of = {p.name: p.site for p in pool + shared_pages}
    recorded = load_first_sight(realworld / "batches.json")
    out = [
        f"== protocol: {len(pages)} pages of tests/realworld from {len({p.site for p in pages})} sites "
        f"and {len(synthetic)} synthetic layouts (each a site of its own); shared real-pages-dev "
        f"{len(shared_pages)} pages from {len(shared_sites)} sites ({', '.join(shared_sites) or 'absent'}), "
        "scored by readers fitted without those sites",
    ]
    names = {p.name for p in pages}
    settings = load_settings()

    def dealt(fit: Fit, deal: int) -> tuple[list[LineResult], list[LineResult], list[LineResult]]:
        """The real pages' and the synthetic layouts' lines cross-validated in dealing ``deal`` of the
        sites to the folds, and the real pages' lines calibrated out of fold."""
        both = cross_validate(
            pool, fit, exclude_sites=shared_sites, folds=settings.calibration_folds, deal=deal
        )
        cv = [r for r in both if r.file in names]
        cal = calibrate_out_of_fold(cv, site_of, settings.confidence_c, settings.confidence_folds)
        return cv, [r for r in both if r.file not in names], cal

    for name, fit, fitted in readers if readers is not None else readers_for(rules):
        cv, syn, cal = dealt(fit, 0)
        ins = [r for r in in_sample(pool, fit, exclude_sites=shared_sites) if r.file in names]
        out.append(f"-- reader {name}")
        out += summary_lines("cross-validated by site", cv)
        out += summary_lines("calibrated out of fold", cal)
        out += summary_lines("in-sample", ins)
        if synthetic:
            out += summary_lines("synthetic, cross-val.", syn)
        if fitted:
            dealings = [(cv, syn, cal)] + [dealt(fit, deal) for deal in range(1, DEALINGS)]
            out += dealings_lines(dealings)
            out += steadier_lines(
                [d[0] for d in dealings], site_of, settings.confidence_c, settings.confidence_folds
            )
        out.append("  confidence bin -> share right, raw (cross-validated):")
        out += calibration_table(cv, "    ")
        out.append("  confidence bin -> share right, calibrated out of fold (isotonic, by site):")
        out += calibration_table(cal, "    ")
        out.append("  batches (gold field `batch`):")
        sight = first_sight(pages, fit) if fitted else None
        out += batch_table(pages, cv, recorded, sight, indent="    ")
        if shared_pages:
            sh = held_out(shared_pages, pool, fit)
            out += summary_lines("shared real-pages-dev", sh)
    return "\n".join(out)
