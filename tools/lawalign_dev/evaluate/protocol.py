"""The evaluation protocol of the real pages: cross-validation by site, out-of-fold calibration, batches.

Every development-set figure is *cross-validated by site*: a page is scored by a reader fitted
without any page of its site (the registered domain of the page's address, the ``site`` field of
each gold entry). The in-sample figure (the reader fitted on every page) is printed beside it, never
instead of it. Confidences are *calibrated out of fold*: for the pages of one site, an isotonic map
from confidence to "the line is right" is fitted on the lines of every other site and applied to
this site's lines; the table "confidence bin → share right" is printed for the calibrated values.
Pages come in *batches* (the gold's ``batch`` field): the score of a batch at first sight — before
any change made for it — is the headline figure of that batch; for a fitted reader it is measured
by fitting on the earlier batches only, for the hand-written rules it can only be the figure recorded
when the batch was added (``batches.json`` beside the gold).

A *reader* here is anything fitted on pages that scores pages: :data:`Fit` takes the training
pages and returns the scorer of one page (its :class:`~lawalign_dev.evaluate.pages.LineResult` list
with the confidence of the deciding unit).
"""

from __future__ import annotations

import hashlib
import ipaddress
import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from urllib.parse import urlsplit

from lawalign_dev.evaluate.pages import (
    FileGold,
    LineResult,
    Score,
    calibration,
    confident_share,
    load_gold,
    overall,
)

# Public suffixes of more than one label among the development pages' addresses (the registered
# domain is the label before them): "forums.ebu.co.uk" is the site "ebu.co.uk", a Blogger blog is a
# site of its own.
MULTI_LABEL_SUFFIXES: tuple[str, ...] = (
    "co.uk",
    "org.uk",
    "ac.uk",
    "com.pl",
    "com.ar",
    "edu.tw",
    "org.pl",
    "co.il",
    "org.il",
    "com.au",
    "org.au",
    "co.nz",
    "org.nz",
    "co.jp",
    "ne.jp",
    "com.br",
    "pro.br",
    "net.br",
    "org.br",
    "com.tr",
    "org.tr",
    "biz.tr",
    "net.tr",
    "gen.tr",
    "co.kr",
    "or.kr",
    "or.jp",
    "com.cn",
    "net.cn",
    "org.cn",
    "com.tw",
    "org.tw",
    "co.id",
    "or.id",
    "web.id",
    "com.vn",
    "org.vn",
    "edu.vn",
    "net.il",
    "com.sg",
    "co.rs",
    "org.rs",
    "in.rs",
    "com.ua",
    "org.ua",
    "co.za",
    "blogspot.com",
    "jimdofree.com",
    "github.io",
    "wordpress.com",
)


def site_of_url(url: str) -> str:
    """The site of an address: its registered domain (an IP address stays as it is).

    >>> site_of_url("https://forums.ebu.co.uk/discussion/1082/x")
    'ebu.co.uk'
    >>> site_of_url("https://www3.dal12.sl.bridgebase.com/forums/topic/59116")
    'bridgebase.com'
    >>> site_of_url("http://38.142.81.21:8001/manual/page-14.html")
    '38.142.81.21'
    >>> site_of_url("https://bridgeaddiction.blogspot.com/2012/12/blog-post_63.html")
    'bridgeaddiction.blogspot.com'
    """
    host = (urlsplit(url).hostname or "").lower().rstrip(".")
    if not host:
        raise ValueError(f"no host in {url!r}")
    try:
        ipaddress.ip_address(host)
        return host
    except ValueError:
        pass
    labels = host.split(".")
    for suffix in MULTI_LABEL_SUFFIXES:
        if host.endswith("." + suffix):
            keep = suffix.count(".") + 2
            return ".".join(labels[-keep:])
    return ".".join(labels[-2:])


_README_ROW = re.compile(r"^\|\s*`(?P<name>[^`]+)`\s*\|\s*(?P<url>https?://\S+)", re.M)


def urls_of_readme(text: str) -> dict[str, str]:
    """Each page's address from a README table whose rows start ``| `file` | address …``.

    >>> urls_of_readme("| `a.txt` | https://www.pzbs.pl/x (…) | en |")
    {'a.txt': 'https://www.pzbs.pl/x'}
    """
    return {m["name"]: m["url"] for m in _README_ROW.finditer(text)}


def sites_of_readme(text: str) -> dict[str, str]:
    """Each page's site (:func:`site_of_url`) from a README table as :func:`urls_of_readme` reads it.

    >>> sites_of_readme("| `a.txt` | https://www.pzbs.pl/x (…) | en |")
    {'a.txt': 'pzbs.pl'}
    """
    return {name: site_of_url(url) for name, url in urls_of_readme(text).items()}


@dataclass(frozen=True, slots=True)
class Page:
    """One page of a gold set: where it is, its gold, its site and batch."""

    name: str
    path: Path
    gold: FileGold
    site: str
    batch: str = ""


def load_pages(folder: str | Path, *, gold_name: str = "gold.json", page_sites: bool = False) -> list[Page]:
    """Every page of a gold set, with its site (the gold's ``site``, else from the README's table).

    With ``page_sites`` a page without a site is a site of its own, ``<folder name>/<page>`` (the
    synthetic layouts: each written for its own layout class, none sharing another's template).

    Raises:
        ValueError: a page has no site.
    """
    base = Path(folder)
    gold_path = base / gold_name
    data = json.loads(gold_path.read_text(encoding="utf-8"))
    gold = load_gold(gold_path)
    readme = base / "README.md"
    from_readme = sites_of_readme(readme.read_text(encoding="utf-8")) if readme.is_file() else {}
    pages: list[Page] = []
    for name in sorted(gold):
        entry = data["files"][name]
        site = str(entry.get("site") or from_readme.get(name, ""))
        if not site and page_sites:
            site = f"{base.name}/{name}"
        if not site:
            raise ValueError(f"{gold_path}: {name} has no site (a 'site' field or a README row)")
        path = base / name if (base / name).exists() else base / "pages" / name
        batch = entry.get("batch")
        pages.append(Page(name, path, gold[name], site, "" if batch is None else str(batch)))
    return pages


Scorer = Callable[[Page], list[LineResult]]
Fit = Callable[[Sequence[Page]], Scorer]


DEALINGS = 3
"""How many dealings of the sites to the folds ``make eval`` reads the fitted readers with: dealing 0
(the sites in name order) gives the headline figures, the others say how much they move with the
dealing alone (:func:`site_fold_of`). Not a tuned number: more dealings cost a cross-validation each."""


def site_fold_of(pages: Sequence[Page], folds: int | None, deal: int = 0) -> dict[str, int]:
    """The fold of each site of ``pages``: the sites dealt round ``folds`` folds, in name order
    (``deal`` 0) or in the order of the SHA-256 of ``"<deal>:<site>"`` (another dealing of the same
    sites, as deterministic); None: a fold of its own for each site.

    >>> from lawalign_dev.evaluate.pages import FileGold
    >>> ps = [Page(f"p{i}", Path(f"p{i}.txt"), FileGold(f"p{i}", "en", ()), s) for i, s in enumerate("cab")]
    >>> site_fold_of(ps, 2), site_fold_of(ps, None)
    ({'a': 0, 'b': 1, 'c': 0}, {'a': 0, 'b': 1, 'c': 2})
    >>> site_fold_of(ps, None, deal=2)
    {'c': 0, 'a': 1, 'b': 2}
    """
    sites = sorted({p.site for p in pages})
    if deal:
        sites.sort(key=lambda site: hashlib.sha256(f"{deal}:{site}".encode()).hexdigest())
    return {site: (i % folds if folds else i) for i, site in enumerate(sites)}


def cross_validate(
    pages: Sequence[Page],
    fit: Fit,
    *,
    exclude_sites: Iterable[str] = (),
    folds: int | None = None,
    deal: int = 0,
) -> list[LineResult]:
    """Each page scored by a reader fitted without any page of its site: on the pages of every other
    site (leave one site out), or, with ``folds``, on the other folds' pages (:func:`site_fold_of`:
    every site's pages in one fold).

    Args:
        pages: the pages, each with its site.
        fit: fits a reader on training pages.
        exclude_sites: sites never trained on (another evaluation set's sites).
        folds: the number of folds by site (None: one fold a site).
        deal: which dealing of the sites to the folds (:func:`site_fold_of`; 0: name order).

    >>> from lawalign_dev.evaluate.pages import FileGold
    >>> ps = [Page(f"p{i}", Path(f"p{i}.txt"), FileGold(f"p{i}", "en", ()), f"s{i % 3}") for i in range(6)]
    >>> seen = []
    >>> def fit(train):
    ...     seen.append(sorted({p.site for p in train}))
    ...     return lambda page: []
    >>> cross_validate(ps, fit, folds=2), seen
    ([], [['s1'], ['s0', 's2']])
    """
    excluded = set(exclude_sites)
    fold_of = site_fold_of(pages, folds, deal)
    results: list[LineResult] = []
    for k in sorted(set(fold_of.values())):
        train = [p for p in pages if fold_of[p.site] != k and p.site not in excluded]
        scorer = fit(train)
        for page in pages:
            if fold_of[page.site] == k:
                results.extend(scorer(page))
    return _in_page_order(results, pages)


def in_sample(pages: Sequence[Page], fit: Fit, *, exclude_sites: Iterable[str] = ()) -> list[LineResult]:
    """Each page scored by a reader fitted on every page (the optimistic figure, printed beside)."""
    excluded = set(exclude_sites)
    scorer = fit([p for p in pages if p.site not in excluded])
    return [r for page in pages for r in scorer(page)]


def held_out(pages: Sequence[Page], train: Sequence[Page], fit: Fit) -> list[LineResult]:
    """Pages of another set scored by a reader fitted on ``train`` minus every site of ``pages``."""
    sites = {p.site for p in pages}
    scorer = fit([p for p in train if p.site not in sites])
    return [r for page in pages for r in scorer(page)]


def first_sight(pages: Sequence[Page], fit: Fit) -> dict[str, list[LineResult]]:
    """Each batch scored by a reader fitted on the earlier batches only (batches in order of first page).

    The first batch is fitted on nothing earlier: it is left out (a fitted reader has no first sight
    of it).
    """
    order: list[str] = []
    for p in pages:
        if p.batch and p.batch not in order:
            order.append(p.batch)
    order.sort(key=_batch_key)
    out: dict[str, list[LineResult]] = {}
    for i, batch in enumerate(order):
        earlier = set(order[:i])
        train = [p for p in pages if p.batch in earlier]
        if not train:
            continue
        scorer = fit(train)
        out[batch] = [r for p in pages if p.batch == batch for r in scorer(p)]
    return out


def _batch_key(batch: str) -> tuple[int, str]:
    return (int(batch), "") if batch.isdigit() else (1 << 30, batch)


def _in_page_order(results: list[LineResult], pages: Sequence[Page]) -> list[LineResult]:
    rank = {p.name: i for i, p in enumerate(pages)}
    return sorted(results, key=lambda r: (rank.get(r.file, len(rank)), r.line))


def gives_id(result: LineResult) -> bool:
    """The line's deciding unit has an id: not debris, and the page was read (not refused).

    >>> from lawalign_dev.evaluate.pages import LineResult as L
    >>> [gives_id(L("a", "en", 1, None, "noise", True, None, k, 1.0)) for k in ("text", "debris", None)]
    [True, False, False]
    """
    return result.pred_kind not in (None, "debris", "refused")


def calibrate_out_of_fold(
    results: Sequence[LineResult],
    site_of: Mapping[str, str],
    head_c: float | None = None,
    head_folds: int = 5,
    head_repeats: int = 1,
) -> list[LineResult]:
    """The results with confidences calibrated out of fold (fitted on every other site).

    For the lines of one site, the map from a line's reading to its being right is fitted on the
    lines of all other sites and applied to them; so no line's calibrated confidence saw that line's
    site. Lines given an id and the other lines (debris, refused, uncovered) are calibrated apart, as
    ``make train`` calibrates ids: an id's confidence is the share of ids right at its reading. Lines
    given an id that carry their cues are calibrated as ``make train`` fits the reader's confidence
    head (:func:`lawalign_dev.evaluate.confidence.fit_head`, regularisation ``head_c``, its calibration
    cross-fitted in ``head_folds`` folds by site), when ``head_c`` is given; the others by an
    isotonic map of their confidence. Sites with no other site to learn from keep their confidence.
    ``head_repeats`` above 1: the head's map the mean of that many cross-fittings (the steadier
    figure the protocol prints beside the shipped one; :func:`~lawalign_dev.evaluate.confidence.fit_head`).

    >>> from lawalign_dev.evaluate.pages import LineResult as L
    >>> rs = [L(f, "en", i, "68A", "text", ok, "68A", "text", c)
    ...       for f, i, ok, c in [("a", 1, True, 1.0), ("a", 2, False, 0.5),
    ...                           ("b", 1, True, 1.0), ("b", 2, False, 0.5)]]
    >>> [r.confidence for r in calibrate_out_of_fold(rs, {"a": "x", "b": "y"})]
    [0.666667, 0.333333, 0.666667, 0.333333]
    """
    calibrated = list(results)
    ids = [i for i, r in enumerate(results) if gives_id(r)]
    taken = set(ids)
    if head_c is not None and ids and all(results[i].cues for i in ids):
        head = partial(_head_map, c=head_c, folds=head_folds, repeats=head_repeats)
        _calibrate_by_site(results, ids, site_of, calibrated, head)
    else:
        _calibrate_by_site(results, ids, site_of, calibrated, _isotonic_map)
    others = [i for i in range(len(results)) if i not in taken]
    _calibrate_by_site(results, others, site_of, calibrated, _isotonic_map)
    return calibrated


Calibrate = Callable[[Sequence[LineResult]], list[float]]
Calibrator = Callable[[Sequence[LineResult], Sequence[str]], Calibrate]
"""Fits, on training lines and their sites, the map from lines to their calibrated confidences."""


def _isotonic_map(train: Sequence[LineResult], sites: Sequence[str]) -> Calibrate:
    """An isotonic map (scikit-learn) of the confidence to "right", fitted on ``train``, its blocks'
    shares smoothed (:func:`lawalign_dev.evaluate.confidence.smoothed_isotonic`)."""
    from lawalign_dev.evaluate.confidence import smoothed_isotonic

    iso = smoothed_isotonic([r.confidence for r in train], [float(r.right) for r in train])
    return lambda rs: [float(c) for c in iso.predict([r.confidence for r in rs])]


def _head_map(
    train: Sequence[LineResult], sites: Sequence[str], c: float, folds: int, repeats: int = 1
) -> Calibrate:
    """The reader's confidence head and its calibration, fitted on ``train`` as ``make train`` fits them
    (``repeats`` above 1: the steadier map, :func:`~lawalign_dev.evaluate.confidence.fit_head`)."""
    from lawalign.structure.reader import RoleModel
    from lawalign_dev.evaluate.confidence import fit_head

    head, knots = fit_head(train, c, sites, folds, repeats)
    model = RoleModel((), (), {}, knots, head)
    return lambda rs: [model.confidence(r.confidence, dict(r.cues)) for r in rs]


def _calibrate_by_site(
    results: Sequence[LineResult],
    chosen: Sequence[int],
    site_of: Mapping[str, str],
    calibrated: list[LineResult],
    fit: Calibrator,
) -> None:
    """Calibrate the lines ``chosen`` (indices into ``results``) by a map ``fit`` on the other sites'
    chosen lines (a site whose other sites' lines are all right or all wrong keeps its confidence)."""
    site = {i: site_of.get(results[i].file, results[i].file) for i in chosen}
    by_site: dict[str, list[int]] = {}
    for i in chosen:
        by_site.setdefault(site[i], []).append(i)
    for held, idx in by_site.items():
        train = [i for i in chosen if site[i] != held]
        if len({results[i].right for i in train}) < 2:
            continue
        calibrate = fit([results[i] for i in train], [site[i] for i in train])
        for i, c in zip(idx, calibrate([results[i] for i in idx]), strict=True):
            calibrated[i] = replace(results[i], confidence=round(c, 6))


def law_lines_decided(results: Sequence[LineResult], threshold: float = 0.9) -> Score:
    """Gold law lines (not noise) whose deciding unit has confidence ≥ ``threshold``, of all law lines,
    whatever the decision: an id, right or wrong, or debris (:func:`law_lines_decided_as` says which)."""
    law = [r for r in results if r.gold_kind != "noise"]
    return Score(sum(r.confidence >= threshold for r in law), len(law))


@dataclass(frozen=True, slots=True)
class Decided:
    """The law lines decided at a confidence: given the right id, given a wrong one, or left as debris
    (or on a page refused) — a decision too, and a wrong one, that :func:`id_lines_confident` does not
    see."""

    right: int
    wrong_id: int
    debris: int

    def __str__(self) -> str:
        return f"{self.right} the right id, {self.wrong_id} a wrong id, {self.debris} left as debris"


def law_lines_decided_as(results: Sequence[LineResult], threshold: float = 0.9) -> Decided:
    """How the gold law lines decided at confidence ≥ ``threshold`` were decided.

    >>> from lawalign_dev.evaluate.pages import LineResult as L
    >>> rs = [L("a", "en", 1, "68A", "text", True, "68A", "text", 0.95),
    ...       L("a", "en", 2, "68B", "text", False, "68A", "text", 0.92),
    ...       L("a", "en", 3, "68C", "text", False, None, "debris", 0.97),
    ...       L("a", "en", 4, "68D", "text", False, None, "debris", 0.5),
    ...       L("a", "en", 5, None, "noise", True, None, "debris", 0.99)]
    >>> str(law_lines_decided_as(rs)), law_lines_decided(rs)
    ('1 the right id, 1 a wrong id, 1 left as debris', Score(right=3, total=4))
    """
    decided = [r for r in results if r.gold_kind != "noise" and r.confidence >= threshold]
    ids = [r for r in decided if gives_id(r)]
    right = sum(r.right for r in ids)
    return Decided(right, len(ids) - right, len(decided) - len(ids))


def id_lines_confident(results: Sequence[LineResult], threshold: float = 0.9) -> Score:
    """Lines given an id (a unit that is not debris) at confidence ≥ ``threshold``: right of all."""
    chosen = [r for r in results if r.confidence >= threshold and gives_id(r)]
    return Score(sum(r.right for r in chosen), len(chosen))


def calibration_table(results: Sequence[LineResult], indent: str = "  ") -> list[str]:
    """The table "confidence bin → share right", one line a bin."""
    out = []
    for b in calibration(results):
        if b.score.total:
            span = f"[{b.low:.2f}, {b.high:.2f})" if b.high > b.low else f"[{b.low:.2f}]      "
            out.append(f"{indent}{span}  {b.score}")
    return out


def summary_lines(label: str, results: Sequence[LineResult], indent: str = "  ") -> list[str]:
    """Accuracy, confident ids and law lines decided (and how they were decided), as three lines of
    text."""
    share, confident = confident_share(results)
    return [
        f"{indent}{label:<24} {overall(results)}",
        f"{indent}{'':<24} ids at confidence >= 0.9 right {id_lines_confident(results)}; "
        f"law lines decided at >= 0.9 {law_lines_decided(results)}; lines >= 0.9 {100 * share:.1f} %"
        f" ({confident})",
        f"{indent}{'':<24} law lines decided at >= 0.9: {law_lines_decided_as(results)}",
    ]


def load_first_sight(path: str | Path) -> dict[str, dict[str, object]]:
    """Recorded first-sight figures per batch (``batches.json``): ``{batch: {right, total, …}}``."""
    p = Path(path)
    if not p.is_file():
        return {}
    data = json.loads(p.read_text(encoding="utf-8"))
    batches = data.get("batches", {})
    if not isinstance(batches, dict):
        raise ValueError(f"{p}: 'batches' must be a mapping")
    return {str(k): dict(v) for k, v in batches.items()}


def batch_table(
    pages: Sequence[Page],
    results: Sequence[LineResult],
    recorded: Mapping[str, Mapping[str, object]],
    fitted_first_sight: Mapping[str, Sequence[LineResult]] | None = None,
    indent: str = "  ",
) -> list[str]:
    """One line per batch: pages, recorded first sight, the fitted reader's first sight, now (CV)."""
    batch_of = {p.name: p.batch for p in pages}
    order = sorted({p.batch for p in pages if p.batch}, key=_batch_key)
    out = []
    for batch in order:
        now = [r for r in results if batch_of.get(r.file) == batch]
        n_pages = sum(1 for p in pages if p.batch == batch)
        rec = recorded.get(batch)
        if rec:
            right, total = int(str(rec["right"])), int(str(rec["total"]))
            first = f"{Score(right, total)} at {rec.get('code', '?')}"
        else:
            first = "not recorded"
        line = f"{indent}batch {batch:<4} {n_pages:>3} pages  first sight (as recorded) {first}"
        if fitted_first_sight is not None and batch in fitted_first_sight:
            line += f"  first sight (fitted on earlier batches) {overall(fitted_first_sight[batch])}"
        out.append(line + f"  now, cross-validated {overall(now)}")
    return out
