"""``make eval`` section ``protocol``: the readers of real pages measured by the honest protocol.

Readers compared (each a :data:`~lawalign.evaluate.protocol.Fit`):

``rules``
    ``lawalign units FILE`` as it stands (no ``--lang``). Nothing in it is fitted on the pages, so its
    cross-validated figure is its in-sample figure; but its rules were written on these pages, so
    only the recorded first-sight figures of each batch say how it reads a page it has not seen.

Every reader's confidence is calibrated out of fold (isotonic by site) and printed as the table
"confidence bin → share right", next to the raw confidence's table.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path

from lawalign.evaluate.pages import LineResult, Rows, score_file, units_of_file
from lawalign.evaluate.protocol import (
    Page,
    Scorer,
    batch_table,
    calibrate_out_of_fold,
    calibration_table,
    cross_validate,
    held_out,
    in_sample,
    load_first_sight,
    load_pages,
    summary_lines,
)


@cache
def _rules_rows(path: Path) -> Rows:
    return units_of_file(path)


def rules_scorer(page: Page) -> list[LineResult]:
    """The rules' reading of one page, scored against its gold."""
    return list(_rules_scored(page))


@cache
def _rules_scored(page: Page) -> tuple[LineResult, ...]:
    return tuple(score_file(page.path, page.gold, _rules_rows))


def fit_rules(train: Sequence[Page]) -> Scorer:
    """The rule system: nothing to fit."""
    del train
    return rules_scorer


def report(realworld: Path, shared: Path | None = None) -> str:
    """The protocol's figures as text."""
    pages = load_pages(realworld)
    shared_pages = load_pages(shared) if shared is not None and (shared / "gold.json").is_file() else []
    shared_sites = sorted({p.site for p in shared_pages})
    site_of = {p.name: p.site for p in pages + shared_pages}
    out = [
        f"== protocol: {len(pages)} pages of tests/realworld from {len({p.site for p in pages})} sites; "
        f"shared real-pages-dev {len(shared_pages)} pages from {len(shared_sites)} sites "
        f"({', '.join(shared_sites) or 'absent'}), never trained on",
    ]
    readers = [("rules", fit_rules)]
    for name, fit in readers:
        cv = cross_validate(pages, fit, exclude_sites=shared_sites)
        ins = in_sample(pages, fit, exclude_sites=shared_sites)
        out.append(f"-- reader {name}")
        out += summary_lines("cross-validated by site", cv)
        out += summary_lines("in-sample", ins)
        cal = calibrate_out_of_fold(cv, site_of)
        out += summary_lines("calibrated out of fold", cal)
        out.append("  confidence bin -> share right, raw (cross-validated):")
        out += calibration_table(cv, "    ")
        out.append("  confidence bin -> share right, calibrated out of fold (isotonic, by site):")
        out += calibration_table(cal, "    ")
        out.append("  batches (gold field `batch`):")
        out += batch_table(pages, cv, load_first_sight(realworld / "batches.json"), indent="    ")
        if shared_pages:
            sh = held_out(shared_pages, pages, fit)
            out += summary_lines("shared real-pages-dev", sh)
    return "\n".join(out)
