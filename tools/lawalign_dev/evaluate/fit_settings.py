"""Do the structure stage's hand-set numbers hold out of sample? A fit on training folds (``make
fit-settings``).

The numbers of ``data/reader/settings.toml`` (``[structure.ids]``: the costs of the alignment of
paragraphs to a skeleton; ``[structure.segment]``: the fit of a reading) were set by hand on the
development pages. This fit asks whether other values read pages of sites they were not chosen on
better:

- **moves**: each number of :data:`KEYS` multiplied by each factor of :data:`FACTORS`, one at a
  time; a *state* is a set of moves (at most one per number) applied to the file's values;
- **reading**: every page of ``tests/realworld`` (real pages and synthetic layouts) read by the rules
  alone (no line reader: its input changes with the numbers, and it is refitted only for a kept
  change), as ``lawalign units FILE`` reads it, each line scored against the gold;
- **greedy, cross-validated by site**: for each site, starting from the file's values, the move that
  gets the most lines right on every *other* site is taken while it gains there (ties to the earlier
  move), up to ``steps`` moves; that site's pages are then scored in the state reached. The pooled
  figure is printed beside the file's values on the same pages, and beside the state the same greedy
  search reaches on all pages (in sample). Each state is read once and shared by the folds reaching it.

A state is applied by setting the module's numbers (``lawalign.structure.ids.EXTRA_COST``, and
every other module that imported the same number) in the process that reads with it, then
restoring them; the library itself reads its numbers once, from the file.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from lawalign_dev.evaluate.protocol import Page, load_pages
from lawalign_dev.evaluate.train_reader import read_with

# (table, key): the numbers tried (the costs and weights that decide a reading, not the bounds of a
# layout rule, which are read from the pages' look).
KEYS: tuple[tuple[str, str], ...] = (
    ("structure.ids", "extra_cost"),
    ("structure.ids", "footnote_text_cost"),
    ("structure.ids", "default_miss"),
    ("structure.ids", "tail_miss_factor"),
    ("structure.ids", "continue_cost"),
    ("structure.ids", "lost_number_cost"),
    ("structure.ids", "unlabelled_text_cost"),
    ("structure.ids", "shared_law_reward"),
    ("structure.ids", "shared_ref_reward"),
    ("structure.ids", "unshared_law_cost"),
    ("structure.ids", "marker_at_anchor_reward"),
    ("structure.ids", "sentence_ratio_cost"),
    ("structure.segment", "min_gain_per_block"),
    ("structure.segment", "hidden_law_cost"),
    ("structure.segment", "outline_weight"),
    ("structure.segment", "slug_bonus"),
)
FACTORS = (0.5, 2.0)


@dataclass(frozen=True, slots=True)
class Candidate:
    """One move: the number ``key`` (table, key) multiplied by ``factor``."""

    key: tuple[str, str]
    factor: float

    @property
    def name(self) -> str:
        return f"{self.key[1]} × {self.factor:g}"


@contextmanager
def applied(candidate: Candidate) -> Iterator[None]:
    """The candidate's number set in every loaded module that holds it, restored afterwards."""
    table, key = candidate.key
    home = importlib.import_module(f"lawalign.{table}")
    name = key.upper()
    original = getattr(home, name)
    value = type(original)(original * candidate.factor)
    holders = [m for m in list(sys.modules.values()) if m is not None and getattr(m, name, None) is original]
    holders = [m for m in holders if getattr(m, "__name__", "").startswith("lawalign.")]
    for module in holders:
        setattr(module, name, value)
    try:
        yield
    finally:
        for module in holders:
            setattr(module, name, original)


@cache
def _import_all() -> None:
    """Every module of the reading stages, so that every holder of a number is found and restored."""
    import pkgutil

    import lawalign

    for info in pkgutil.walk_packages(lawalign.__path__, "lawalign."):
        if info.name.startswith(("lawalign.structure", "lawalign.ingest", "lawalign.run", "lawalign.output")):
            importlib.import_module(info.name)


State = tuple[Candidate, ...]  # moves, in KEYS order


@contextmanager
def applied_state(state: State) -> Iterator[None]:
    """Every move of ``state`` applied (see :func:`applied`), all restored afterwards."""
    with ExitStack() as stack:
        for move in state:
            stack.enter_context(applied(move))
        yield


def _score(args: tuple[State, Sequence[Page]]) -> dict[str, tuple[int, int]]:
    state, pages = args
    _import_all()
    scorer = read_with(None)
    out: dict[str, tuple[int, int]] = {}
    with applied_state(state):
        for page in pages:
            results = scorer(page)
            out[page.name] = (sum(r.right for r in results), len(results))
    return out


def _moves(state: State) -> list[State]:
    """The states one move from ``state``: each number not yet moved, by each factor."""
    moved = {m.key for m in state}
    order = {key: k for k, key in enumerate(KEYS)}
    return [
        tuple(sorted((*state, Candidate(key, f)), key=lambda m: order[m.key]))
        for key in KEYS
        if key not in moved
        for f in FACTORS
    ]


def state_name(state: State) -> str:
    """The moves of ``state`` in words ("the file's values" for none)."""
    return ", ".join(m.name for m in state) or "the file's values"


@dataclass(slots=True)
class Search:
    """Greedy searches over states, one per fold, sharing each state's reading."""

    pages: Sequence[Page]
    jobs: int = 2
    read: dict[State, dict[str, tuple[int, int]]] = field(default_factory=dict)

    def ensure(self, states: set[State]) -> None:
        """Read every page in each of ``states`` not read yet (in parallel)."""
        todo = sorted(states - set(self.read), key=state_name)
        if not todo:
            return
        with ProcessPoolExecutor(max_workers=self.jobs) as pool:
            for state, scores in zip(todo, pool.map(_score, [(st, self.pages) for st in todo]), strict=True):
                self.read[state] = scores

    def right(self, state: State, names: Sequence[str]) -> int:
        """Lines right on the pages ``names`` in ``state``."""
        return sum(self.read[state][n][0] for n in names)

    def greedy(self, folds: Mapping[str, Sequence[str]], steps: int) -> dict[str, State]:
        """For each fold (name → its training pages), the state the greedy search reaches."""
        states: dict[str, State] = {fold: () for fold in folds}
        active = set(folds)
        self.ensure({()})
        for _ in range(steps):
            self.ensure({s for fold in active for s in _moves(states[fold])})
            for fold in sorted(active):
                train = folds[fold]
                options = _moves(states[fold])
                if not options:
                    active.discard(fold)
                    continue
                best = max(range(len(options)), key=lambda k: (self.right(options[k], train), -k))
                if self.right(options[best], train) <= self.right(states[fold], train):
                    active.discard(fold)
                else:
                    states[fold] = options[best]
            if not active:
                break
        return states


def report(folder: Path, jobs: int = 2, steps: int = 3) -> list[str]:
    """The printed lines of the fit (see the module's text)."""
    pages = load_pages(folder)
    names = [p.name for p in pages]
    sites = sorted({p.site for p in pages})
    search = Search(pages, jobs)
    folds = {site: [p.name for p in pages if p.site != site] for site in sites}
    folds["(all pages)"] = names
    reached = search.greedy(folds, steps)
    total = sum(n for _, n in search.read[()].values())
    base = search.right((), names)
    cv = sum(search.right(reached[site], [p.name for p in pages if p.site == site]) for site in sites)
    whole = reached["(all pages)"]
    counts: dict[str, int] = {}
    for site in sites:
        counts[state_name(reached[site])] = counts.get(state_name(reached[site]), 0) + 1
    lines = [
        f"== fit of the structure stage's numbers: {len(pages)} pages of {folder} from {len(sites)} sites, "
        f"the rules alone; moves: {len(KEYS)} numbers × {', '.join(f'{f:g}' for f in FACTORS)}, "
        f"greedy up to {steps} moves; {len(search.read)} states read",
        f"  the file's values                               {base}/{total} ({100 * base / total:.1f} %)",
        f"  greedy, cross-validated by site                 {cv}/{total} ({100 * cv / total:.1f} %)",
        f"  greedy on all pages (in sample): {state_name(whole)}",
        f"                                                  {search.right(whole, names)}/{total} "
        f"({100 * search.right(whole, names) / total:.1f} %)",
        "  the first move from the file's values, lines right on all pages (in sample):",
    ]
    for state in _moves(()):
        gain = search.right(state, names) - base
        lines.append(f"    {state_name(state):<34}{search.right(state, names):>6}  {gain:+d}")
    lines.append("  states reached per held-out site:")
    lines += [f"    {c:>4}  {n}" for n, c in sorted(counts.items(), key=lambda t: (-t[1], t[0]))]
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default="tests/realworld")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--steps", type=int, default=3, help="moves of the greedy search, at most")
    args = parser.parse_args(argv)
    for line in report(Path(args.folder), args.jobs, args.steps):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
