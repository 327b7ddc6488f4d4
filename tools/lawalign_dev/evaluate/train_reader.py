"""Fitting the line-role model on the development gold (``make train``), and reading pages with it.

Training data: every line of the real pages of ``tests/realworld/`` with its gold role (from the gold
id and kind: ``68.title`` a law title, ``68A.title``/``70B1.title`` a heading, ``68.intro`` an intro,
``69B.wrap`` a wrap, ``68A`` a section, ``68B1``/``71.1`` a point, ``16B1a`` a sub-point, a footnote,
noise). The pages of the shared real-pages-dev set are never trained on. The model is a
linear-chain CRF (CRFsuite, L-BFGS with elastic-net regularisation ``c1``/``c2`` from
``data/reader/settings.toml``); its weights are written as ``data/reader/roles.json``
(:class:`lawalign.structure.reader.RoleModel`), the same bytes for the same gold.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

from lawalign.structure.features import LineFeatures, page_features, with_reading
from lawalign.structure.reader import ROLES, RoleModel
from lawalign_dev.evaluate.pages import FileGold, GoldLine, Rows, units_of_file
from lawalign_dev.evaluate.protocol import Page, load_pages

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


def load_settings(path: Path | None = None) -> Settings:
    """The documented settings file of the reader."""
    text = (
        path.read_text(encoding="utf-8")
        if path is not None
        else (resources.files("lawalign") / "data" / "reader" / "settings.toml").read_text(encoding="utf-8")
    )
    data = tomllib.loads(text)["train"]
    return Settings(float(data["c1"]), float(data["c2"]), int(data["max_iterations"]), bool(data["stacked"]))


def rule_reading(rows: Rows) -> dict[int, tuple[str, str, bool]]:
    """Each raw line's reading by the structure stage: the kind, role and inferred flag of its unit.

    A line covered by a unit with an id wins over debris covering it too.
    """
    out: dict[int, tuple[str, str, bool]] = {}
    for row in rows:
        src = row.get("source")
        if not isinstance(src, Mapping):
            continue
        start, end = src.get("line_start"), src.get("line_end")
        if not (isinstance(start, int) and isinstance(end, int)):
            continue
        reading = (str(row.get("kind")), str(row.get("role")), bool(row.get("inferred")))
        for line in range(start, end + 1):
            if line not in out or out[line][0] == "debris":
                out[line] = reading
    return out


@cache
def _source_features(path: Path) -> tuple[LineFeatures, ...]:
    from lawalign.ingest import read_source
    from lawalign.ingest.profiles import load_profile

    source = read_source(path)
    return tuple(page_features(source, load_profile(source.lang)))


@cache
def cached_units(path: Path) -> Rows:
    """``lawalign units FILE`` rows of a page, computed once per process."""
    return units_of_file(path)


def rules_rows(page: Page) -> Rows | None:
    """The structure stage's rows of a page, ``None`` when it refuses the page."""
    from lawalign.errors import LawalignError

    try:
        return cached_units(page.path)
    except LawalignError:
        return None


def training_sequences(pages: Sequence[Page], stacked: bool) -> list[tuple[list[LineFeatures], list[str]]]:
    """Each page's lines and gold roles, in page-name order."""
    out = []
    for page in sorted(pages, key=lambda p: p.name):
        feats = page_sequence(page, rules_rows(page) if stacked else None, stacked)
        out.append((feats, labels_of(feats, page.gold)))
    return out


def page_sequence(page: Page, rows: Rows | None, stacked: bool) -> list[LineFeatures]:
    """The lines of a page as the model reads them (with the rules' reading when ``stacked``)."""
    feats = list(_source_features(page.path))
    if stacked:
        feats = with_reading(feats, rule_reading(rows or ()))
    return feats


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


def build(realworld: Path, out: Path) -> RoleModel:
    """Fit the bundled model on every real page of ``realworld`` and write it to ``out``.

    The shared real-pages-dev set is never trained on; its evaluation fits readers without its sites
    (``make eval``, section ``protocol``), so the bundled model does not depend on that set's presence.
    """
    settings = load_settings()
    model = train(training_sequences(load_pages(realworld), settings.stacked), settings)
    out.write_text(model.to_json(), encoding="utf-8")
    return model


def main(argv: Sequence[str] | None = None) -> int:
    """``make train``: rebuild ``src/lawalign/data/reader/roles.json`` from the development gold."""
    import argparse
    import logging

    logging.disable(logging.WARNING)  # pages the rules refuse are part of the data
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--gold", type=Path, default=Path("tests/realworld"))
    parser.add_argument("--out", type=Path, default=Path("src/lawalign/data/reader") / "roles.json")
    args = parser.parse_args(argv)
    model = build(args.gold, args.out)
    print(f"{args.out}: {len(model.labels)} roles, {len(model.state)} attributes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
