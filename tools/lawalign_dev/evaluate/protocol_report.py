"""``make eval`` section ``protocol``: the readers of real pages measured by the honest protocol.

Readers compared (each a :data:`~lawalign_dev.evaluate.protocol.Fit`):

``rules``
    ``lawalign units FILE`` as it stands (no ``--lang``). Nothing in it is fitted on the pages, so its
    cross-validated figure is its in-sample figure; but its rules were written on these pages, so
    only the recorded first-sight figures of each batch say how it reads a page it has not seen.
``model``
    the line-role CRF on the layout cues alone (no rule's reading): it gives roles, not ids, so it
    is scored on the line's kind (title, text, footnote, noise) only.
``rules+model``
    the rules' units, with the CRF fitted on the layout cues and the rules' reading of each line
    (``stacked``): a unit whose every line the CRF reads as noise becomes debris; every unit's
    confidence is the rules' confidence times the CRF's mean probability of the unit's kind on its
    lines.

Every reader's confidence is calibrated out of fold (isotonic by site) and printed as the table
"confidence bin → share right", next to the raw confidence's table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path

from lawalign.structure.reader import RoleModel, role_kind
from lawalign_dev.evaluate.pages import LineResult, score_file
from lawalign_dev.evaluate.protocol import (
    Fit,
    Page,
    Scorer,
    batch_table,
    calibrate_out_of_fold,
    calibration_table,
    cross_validate,
    first_sight,
    held_out,
    in_sample,
    load_first_sight,
    load_pages,
    summary_lines,
)
from lawalign_dev.evaluate.train_reader import (
    cached_units,
    load_settings,
    page_sequence,
    rules_rows,
    training_sequences,
)
from lawalign_dev.evaluate.train_reader import train as train_crf


def rules_scorer(page: Page) -> list[LineResult]:
    """The rules' reading of one page, scored against its gold."""
    return list(_rules_scored(page))


@cache
def _rules_scored(page: Page) -> tuple[LineResult, ...]:
    return tuple(score_file(page.path, page.gold, cached_units))


def fit_rules(train: Sequence[Page]) -> Scorer:
    """The rule system: nothing to fit."""
    del train
    return rules_scorer


_TRAINED: dict[tuple[tuple[str, ...], bool], RoleModel] = {}


def _fit_crf(train: Sequence[Page], stacked: bool) -> RoleModel:
    key = (tuple(sorted(p.name for p in train)), stacked)
    if key not in _TRAINED:
        _TRAINED[key] = train_crf(training_sequences(train, stacked), load_settings())
    return _TRAINED[key]


def fit_model(train: Sequence[Page]) -> Scorer:
    """The CRF on layout cues alone, scored on line kinds."""
    model = _fit_crf(train, stacked=False)

    def scorer(page: Page) -> list[LineResult]:
        feats = page_sequence(page, None, False)
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


def fit_rules_model(train: Sequence[Page]) -> Scorer:
    """The rules' units, noise vetoed and confidence weighed by the stacked CRF."""
    model = _fit_crf(train, stacked=True)

    def scorer(page: Page) -> list[LineResult]:
        rows = rules_rows(page)
        if rows is None:
            return rules_scorer(page)
        feats = page_sequence(page, rows, True)
        probs = {f.raw_line: p for f, p in zip(feats, model.marginals([f.attrs for f in feats]), strict=True)}
        new_rows = [_weighed(dict(r), probs) for r in rows]
        return score_file(page.path, page.gold, lambda _: new_rows)

    return scorer


def _weighed(row: dict[str, object], probs: Mapping[int, Mapping[str, float]]) -> dict[str, object]:
    """A rules' unit as the stacked CRF reads it: vetoed to debris, its confidence weighed."""
    src = row.get("source")
    if not isinstance(src, Mapping):
        return row
    start, end = src.get("line_start"), src.get("line_end")
    if not (isinstance(start, int) and isinstance(end, int)):
        return row
    lines = [probs[i] for i in range(start, end + 1) if i in probs]
    if not lines:
        return row
    kind = str(row.get("kind"))
    p_kind = sum(sum(v for r, v in p.items() if role_kind(r) == kind) for p in lines) / len(lines)
    if kind != "debris" and all(max(p, key=lambda r: p[r]) == "noise" for p in lines):
        row.update(kind="debris", role="debris", id="debris.model")
        p_kind = sum(p.get("noise", 0.0) for p in lines) / len(lines)
    conf = row.get("confidence", 1.0)
    row["confidence"] = (float(conf) if isinstance(conf, int | float) else 1.0) * p_kind
    return row


READERS: tuple[tuple[str, Fit, bool], ...] = (
    ("rules", fit_rules, False),
    ("model (line kinds only, no ids)", fit_model, True),
    ("rules+model", fit_rules_model, True),
)
"""Each reader: name, fit, whether it is fitted (fitted readers also get a first sight per batch)."""


def report(
    realworld: Path, shared: Path | None = None, readers: Sequence[tuple[str, Fit, bool]] = READERS
) -> str:
    """The protocol's figures as text: cross-validated first, in-sample beside, per reader."""
    pages = load_pages(realworld)
    shared_pages = load_pages(shared) if shared is not None and (shared / "gold.json").is_file() else []
    shared_sites = sorted({p.site for p in shared_pages})
    site_of = {p.name: p.site for p in pages + shared_pages}
    recorded = load_first_sight(realworld / "batches.json")
    out = [
        f"== protocol: {len(pages)} pages of tests/realworld from {len({p.site for p in pages})} sites; "
        f"shared real-pages-dev {len(shared_pages)} pages from {len(shared_sites)} sites "
        f"({', '.join(shared_sites) or 'absent'}), scored by readers fitted without those sites",
    ]
    for name, fit, fitted in readers:
        cv = cross_validate(pages, fit, exclude_sites=shared_sites)
        ins = in_sample(pages, fit, exclude_sites=shared_sites)
        cal = calibrate_out_of_fold(cv, site_of)
        out.append(f"-- reader {name}")
        out += summary_lines("cross-validated by site", cv)
        out += summary_lines("calibrated out of fold", cal)
        out += summary_lines("in-sample", ins)
        out.append("  confidence bin -> share right, raw (cross-validated):")
        out += calibration_table(cv, "    ")
        out.append("  confidence bin -> share right, calibrated out of fold (isotonic, by site):")
        out += calibration_table(cal, "    ")
        out.append("  batches (gold field `batch`):")
        sight = first_sight(pages, fit) if fitted else None
        out += batch_table(pages, cv, recorded, sight, indent="    ")
        if shared_pages:
            sh = held_out(shared_pages, pages, fit)
            out += summary_lines("shared real-pages-dev", sh)
    return "\n".join(out)
