"""Line-level scoring of ``units`` output against hand-written gold for real published pages.

Gold (``gold.json`` next to the pages, the format of ``tests/realworld/``) maps each file name to its
``lang`` and ``lines``: 1-based raw line → ``[id, kind, note?]``. Every non-blank line has an entry;
kind is ``title``, ``text``, ``footnote`` or ``noise`` (page chrome, e-mail headers, commentary,
quoted replies; id ``null``). A line is *right* when a unit covering it (``source.line_start`` ..
``source.line_end``) has the gold id and kind; ``noise`` is matched by a ``debris`` unit of any id.
Blank lines are not scored.

Figures: accuracy per file, per language, per edition (when file names carry it), per gold kind, per
batch of added pages (when the gold names batches) and overall; a calibration table (the confidence
of the unit that decided each line, in bins, against accuracy; the share of lines at confidence ≥
0.9 and their accuracy); and the list of wrong lines for debugging.

The scorer is independent of the pipeline: :func:`score_lines` takes plain ``units`` rows (the
public contract), and :func:`evaluate_pages` runs a caller-given function from a file to its rows
(by default :func:`units_of_file`, i.e. ``lawalign units FILE`` without ``--lang``).
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, cast

from lawalign.knowledge import Knowledge

log = logging.getLogger(__name__)

GoldKind = Literal["title", "text", "footnote", "noise"]
GOLD_KINDS: tuple[GoldKind, ...] = ("title", "text", "footnote", "noise")
"""Valid gold kinds; ``noise`` is matched by a unit of kind ``debris``."""

# Ids in WBF citation style: law (68), optional section letter (B), optional point (2), or the law-level
# parts (.title .intro .wrap .fnN, points straight under a law .1 .2), the section-level parts
# (.title .wrap), 1997 point sub-headings (70B1.title), and sub-points (16B1a for Law 16B1(a), with
# their 1997 sub-headings 9A2a.title).
ID_PATTERN = re.compile(
    r"""^(?:
        \d{1,3}\.(?:title|intro|wrap|fn\d+|\d+)     # 68.title, 71.intro, 70.fn1, 71.2
      | \d{1,3}[A-Z](?:\.title|\.wrap)?             # 68A, 68A.title, 69B.wrap
      | \d{1,3}[A-Z]\d+(?:\.title)?                 # 68B2, 70B1.title
      | \d{1,3}[A-Z]\d+[a-h](?:\.title)?            # sub-points: 16B1a = Law 16B1(a), 9A2a.title
    )$""",
    re.X,
)

CALIBRATION_BINS: tuple[float, ...] = (0.0, 0.5, 0.7, 0.8, 0.9, 0.95, 1.0)
"""Lower edges of the confidence bins; the last bin holds exactly 1.0."""

Rows = Sequence[Mapping[str, object]]


@dataclass(frozen=True, slots=True)
class GoldLine:
    """The gold label of one raw line."""

    line: int
    id: str | None
    kind: GoldKind
    note: str = ""


@dataclass(frozen=True, slots=True)
class FileGold:
    """Gold of one page: its language, a label for every non-blank line, and where it came from.

    ``site`` is the registered domain the page was gathered from and ``batch`` the name of the batch
    of pages it was added with (both optional, ``""`` when the gold does not give them): a batch's
    score before any change made for it is its first-sight figure.
    """

    name: str
    lang: str
    lines: tuple[GoldLine, ...]
    site: str = ""
    batch: str = ""


@dataclass(frozen=True, slots=True)
class LineResult:
    """How one gold line fared: the unit that decided it, and whether it was right."""

    file: str
    lang: str
    line: int
    gold_id: str | None
    gold_kind: GoldKind
    right: bool
    pred_id: str | None  # None when no unit covers the line
    pred_kind: str | None
    confidence: float  # of the deciding unit; 0.0 when no unit covers the line
    text: str = ""
    batch: str = ""  # the page's batch in the gold, "" for pages without one
    cues: tuple[tuple[str, float], ...] = ()  # the deciding id's confidence cues (when it has an id)


@dataclass(frozen=True, slots=True)
class Score:
    """Right lines out of scored lines.

    >>> Score(3, 4).accuracy
    0.75
    >>> Score(0, 0).accuracy
    0.0
    """

    right: int
    total: int

    @property
    def accuracy(self) -> float:
        return self.right / self.total if self.total else 0.0

    def __str__(self) -> str:
        return f"{self.right}/{self.total} ({100 * self.accuracy:.1f} %)"


@dataclass(frozen=True, slots=True)
class CalibrationBin:
    """Lines whose deciding unit's confidence lies in ``[low, high)`` (``high`` inclusive for 1.0)."""

    low: float
    high: float
    score: Score


def parse_gold(data: Mapping[str, object]) -> dict[str, FileGold]:
    """Gold of every file in a parsed ``gold.json`` (``{"files": {name: {"lang", "lines"}}}``).

    Raises:
        ValueError: a kind is unknown, an id is malformed, a noise line carries an id or a law line
            lacks one, or ``site`` / ``batch`` is not a string.

    >>> g = parse_gold({"files": {"a.txt": {"lang": "en", "batch": "b1", "site": "x.org", "lines": {
    ...     "3": ["68A", "text"], "1": [None, "noise", "chrome"]}}}})
    >>> [(x.line, x.id, x.kind) for x in g["a.txt"].lines], g["a.txt"].batch, g["a.txt"].site
    ([(1, None, 'noise'), (3, '68A', 'text')], 'b1', 'x.org')
    """
    files = data.get("files")
    if not isinstance(files, Mapping):
        raise ValueError("gold has no 'files' mapping")
    out: dict[str, FileGold] = {}
    for name, entry in files.items():
        if not isinstance(entry, Mapping) or not isinstance(entry.get("lines"), Mapping):
            raise ValueError(f"{name}: gold entry needs 'lang' and 'lines'")
        lines: list[GoldLine] = []
        for key, label in cast(Mapping[str, object], entry["lines"]).items():
            if not isinstance(label, list) or not 2 <= len(label) <= 3:
                raise ValueError(f"{name}:{key}: label must be [id, kind] or [id, kind, note]")
            uid, kind = label[0], label[1]
            note = str(label[2]) if len(label) == 3 else ""
            if kind not in GOLD_KINDS:
                raise ValueError(f"{name}:{key}: kind {kind!r} is not one of {', '.join(GOLD_KINDS)}")
            if kind == "noise" and uid is not None:
                raise ValueError(f"{name}:{key}: a noise line has id null, not {uid!r}")
            if kind != "noise" and not (isinstance(uid, str) and ID_PATTERN.match(uid)):
                raise ValueError(f"{name}:{key}: malformed id {uid!r}")
            lines.append(GoldLine(int(key), cast(str | None, uid), cast(GoldKind, kind), note))
        lines.sort(key=lambda g: g.line)
        origin = {field: entry.get(field, "") for field in ("site", "batch")}
        for field, value in origin.items():
            if not isinstance(value, str):
                raise ValueError(f"{name}: {field} must be a string, not {value!r}")
        lang = str(entry.get("lang", ""))
        out[str(name)] = FileGold(str(name), lang, tuple(lines), str(origin["site"]), str(origin["batch"]))
    return out


def load_gold(path: str | Path) -> dict[str, FileGold]:
    """Gold of every file of a ``gold.json`` (see :func:`parse_gold`)."""
    return parse_gold(json.loads(Path(path).read_text(encoding="utf-8")))


def _covers(row: Mapping[str, object], line: int) -> bool:
    src = row.get("source")
    if not isinstance(src, Mapping):
        return False
    start, end = src.get("line_start"), src.get("line_end")
    return isinstance(start, int) and isinstance(end, int) and start <= line <= end


def _matches(row: Mapping[str, object], gold: GoldLine) -> bool:
    if gold.kind == "noise":
        return row.get("kind") == "debris"
    return row.get("kind") == gold.kind and row.get("id") == gold.id


def _confidence(row: Mapping[str, object]) -> float:
    value = row.get("confidence", 1.0)
    return float(value) if isinstance(value, int | float) else 1.0


def score_lines(rows: Rows, gold: FileGold, raw_lines: Sequence[str] = ()) -> list[LineResult]:
    """One result per gold line: right when a unit covering the line has the gold id and kind.

    The deciding unit is the first covering unit that matches, else the first covering unit; its
    confidence goes to the calibration table.

    Args:
        rows: ``lawalign units`` rows of the file (any edition split of it).
        gold: the file's gold.
        raw_lines: the file's raw lines, to quote wrong lines (optional).

    >>> gold = parse_gold({"files": {"p.txt": {"lang": "en", "lines": {
    ...     "1": ["68.title", "title"], "2": ["68A", "text"], "3": [None, "noise"]}}}})["p.txt"]
    >>> rows = [
    ...     {"id": "68.title", "kind": "title", "confidence": 1.0,
    ...      "source": {"line_start": 1, "line_end": 1}},
    ...     {"id": "68B1", "kind": "text", "confidence": 0.6,
    ...      "source": {"line_start": 2, "line_end": 3}}]
    >>> [(r.line, r.right, r.pred_id) for r in score_lines(rows, gold)]
    [(1, True, '68.title'), (2, False, '68B1'), (3, False, '68B1')]
    """
    results: list[LineResult] = []
    for g in gold.lines:
        covering = [r for r in rows if _covers(r, g.line)]
        match = next((r for r in covering if _matches(r, g)), None)
        decider = match if match is not None else (covering[0] if covering else None)
        text = raw_lines[g.line - 1] if 0 < g.line <= len(raw_lines) else ""
        results.append(
            LineResult(
                file=gold.name,
                lang=gold.lang,
                line=g.line,
                gold_id=g.id,
                gold_kind=g.kind,
                right=match is not None,
                pred_id=None if decider is None else cast(str | None, decider.get("id")),
                pred_kind=None if decider is None else cast(str | None, decider.get("kind")),
                confidence=0.0 if decider is None else _confidence(decider),
                text=text,
                batch=gold.batch,
            )
        )
    return results


def units_of_file(path: Path, knowledge: Knowledge | None = None) -> list[dict[str, object]]:
    """``lawalign units FILE`` rows of one file, language detected (no ``--lang``); ``knowledge``: the
    data and line reader to read with (default: the bundled ones, as ``lawalign units`` does)."""
    from lawalign.output import iter_units_rows
    from lawalign.run import load_editions

    return iter_units_rows(load_editions([str(path)], knowledge=knowledge))


def evaluate_pages(
    folder: str | Path,
    units: Callable[[Path], Rows] = units_of_file,
    gold_name: str = "gold.json",
) -> list[LineResult]:
    """Score every file of a folder's gold: run ``units`` on each page and compare line by line.

    Pages live next to the gold file, or under ``pages/`` beside it. A page the pipeline refuses
    (an input error, logged) scores every line wrong, unless the gold has no law text on it at all:
    then refusing it is the right answer, and its lines count right with the kind ``refused``.
    """
    base = Path(folder)
    gold = load_gold(base / gold_name)
    results: list[LineResult] = []
    for name in sorted(gold):
        path = base / name if (base / name).exists() else base / "pages" / name
        results.extend(score_file(path, gold[name], units))
    return results


def score_file(path: Path, gold: FileGold, units: Callable[[Path], Rows] = units_of_file) -> list[LineResult]:
    """One page scored: ``units`` run on it and compared line by line (a refused page as above)."""
    from lawalign.errors import LawalignError

    raw = path.read_text(encoding="utf-8", errors="replace").split("\n")
    try:
        rows: Rows = units(path)
    except LawalignError as exc:
        log.warning("%s: refused: %s", path, exc)
        return _refused(gold, raw)
    return score_lines(rows, gold, raw)


def _refused(gold: FileGold, raw_lines: Sequence[str]) -> list[LineResult]:
    """Results for a page the pipeline refused: right only when the gold holds no law text."""
    no_law = all(g.kind == "noise" for g in gold.lines)
    return [
        LineResult(
            file=gold.name,
            lang=gold.lang,
            line=g.line,
            gold_id=g.id,
            gold_kind=g.kind,
            right=no_law,
            pred_id=None,
            pred_kind="refused",
            confidence=1.0 if no_law else 0.0,
            text=raw_lines[g.line - 1] if 0 < g.line <= len(raw_lines) else "",
            batch=gold.batch,
        )
        for g in gold.lines
    ]


_EDITION = re.compile(r"^[a-z]{2}(?:-[a-z]{2})?-(1987|1997|2007|2017)-")


def edition_of(name: str) -> str:
    """The edition a page's file name gives (``<lang>-<edition>-<site>-<law>.txt``), else ``""``.

    >>> edition_of("el-en-2017-hellasbridge-law71.txt"), edition_of("de-headings-70.txt")
    ('2017', '')
    """
    m = _EDITION.match(name)
    return m.group(1) if m else ""


def accuracy_by(results: Iterable[LineResult], key: Callable[[LineResult], str]) -> dict[str, Score]:
    """Accuracy grouped by ``key`` (file, language, gold kind…), keys sorted.

    >>> r = [LineResult("a", "en", 1, "68A", "text", True, "68A", "text", 1.0),
    ...      LineResult("b", "pl", 1, None, "noise", False, "68B", "text", 0.9)]
    >>> {k: str(v) for k, v in accuracy_by(r, lambda x: x.lang).items()}
    {'en': '1/1 (100.0 %)', 'pl': '0/1 (0.0 %)'}
    """
    groups: dict[str, list[bool]] = {}
    for r in results:
        groups.setdefault(key(r), []).append(r.right)
    return {k: Score(sum(v), len(v)) for k, v in sorted(groups.items())}


def overall(results: Iterable[LineResult]) -> Score:
    """Right lines out of all scored lines."""
    flags = [r.right for r in results]
    return Score(sum(flags), len(flags))


def calibration(
    results: Sequence[LineResult], bins: Sequence[float] = CALIBRATION_BINS
) -> list[CalibrationBin]:
    """Accuracy of the lines in each confidence bin (lower edges ``bins``; 1.0 is a bin of its own).

    >>> r = [LineResult("a", "en", i, "68A", "text", i < 3, "68A", "text", c)
    ...      for i, c in enumerate([1.0, 1.0, 0.95, 0.6])]
    >>> [(b.low, str(b.score)) for b in calibration(r) if b.score.total]
    [(0.5, '0/1 (0.0 %)'), (0.95, '1/1 (100.0 %)'), (1.0, '2/2 (100.0 %)')]
    """
    edges = sorted(set(bins))
    out: list[CalibrationBin] = []
    for i, low in enumerate(edges):
        high = edges[i + 1] if i + 1 < len(edges) else low
        if low == high:  # the top edge: exactly this value and above
            chosen = [r for r in results if r.confidence >= low]
        else:
            chosen = [r for r in results if low <= r.confidence < high]
        out.append(CalibrationBin(low, high, Score(sum(r.right for r in chosen), len(chosen))))
    return out


def confident_share(results: Sequence[LineResult], threshold: float = 0.9) -> tuple[float, Score]:
    """Share of lines at confidence ≥ ``threshold``, and their accuracy.

    >>> r = [LineResult("a", "en", 1, "68A", "text", True, "68A", "text", 0.95),
    ...      LineResult("a", "en", 2, "68B", "text", False, "68C", "text", 0.5)]
    >>> share, score = confident_share(r)
    >>> share, str(score)
    (0.5, '1/1 (100.0 %)')
    """
    chosen = [r for r in results if r.confidence >= threshold]
    share = len(chosen) / len(results) if results else 0.0
    return share, Score(sum(r.right for r in chosen), len(chosen))


def confusions(results: Iterable[LineResult]) -> list[LineResult]:
    """The wrong lines, in file and line order."""
    return sorted((r for r in results if not r.right), key=lambda r: (r.file, r.line))


@dataclass(frozen=True, slots=True)
class BatchScore:
    """The figures of one batch of pages: all lines, and the lines decided at confidence ≥ 0.9."""

    batch: str  # "" for the pages without a batch
    files: int
    score: Score
    confident_share: float
    confident: Score


def batch_scores(results: Sequence[LineResult]) -> list[BatchScore]:
    """Accuracy and confident accuracy of each batch (pages without a batch first, as ``""``).

    >>> r = [LineResult("a", "en", 1, "68A", "text", True, "68A", "text", 1.0),
    ...      LineResult("b", "pl", 1, None, "noise", False, "68B", "text", 0.6, batch="b1"),
    ...      LineResult("b", "pl", 2, None, "noise", True, None, "debris", 0.95, batch="b1")]
    >>> [(b.batch, b.files, str(b.score), str(b.confident)) for b in batch_scores(r)]
    [('', 1, '1/1 (100.0 %)', '1/1 (100.0 %)'), ('b1', 1, '1/2 (50.0 %)', '1/1 (100.0 %)')]
    """
    groups: dict[str, list[LineResult]] = {}
    for r in results:
        groups.setdefault(r.batch, []).append(r)
    out: list[BatchScore] = []
    for batch in sorted(groups):
        rows = groups[batch]
        share, confident = confident_share(rows)
        out.append(BatchScore(batch, len({r.file for r in rows}), overall(rows), share, confident))
    return out


def _gold_label(r: LineResult) -> str:
    return "noise" if r.gold_kind == "noise" else f"{r.gold_id}/{r.gold_kind}"


def _pred_label(r: LineResult) -> str:
    if r.pred_kind is None:
        return "(no unit)"
    return "(page refused)" if r.pred_kind == "refused" else f"{r.pred_id}/{r.pred_kind}"


def format_report(results: Sequence[LineResult], *, confusion_limit: int = 200, indent: str = "  ") -> str:
    """The figures as text: per file, language, kind, overall; calibration; per batch; wrong lines.

    The per-batch figures are printed when any page's gold names a batch (see :func:`batch_scores`).

    >>> r = [LineResult("a.txt", "en", 1, "68A", "text", False, "68B", "text", 0.92, "Claim")]
    >>> print(format_report(r, indent=""))  # doctest: +NORMALIZE_WHITESPACE
    per file:
    a.txt   0/1 (0.0 %)
    per language:
    en   0/1 (0.0 %)
    per gold kind:
    text   0/1 (0.0 %)
    overall   0/1 (0.0 %)
    calibration (confidence of the deciding unit -> accuracy):
    [0.90, 0.95)   0/1 (0.0 %)
    confidence >= 0.9: 100.0 % of lines, accuracy 0/1 (0.0 %)
    wrong lines (1):
    a.txt:1  gold 68A/text  got 68B/text @0.92  | Claim
    """
    out: list[str] = []
    width = max((len(r.file) for r in results), default=4)
    for title, key in (
        ("per file", lambda r: r.file),
        ("per language", lambda r: r.lang),
        ("per edition", lambda r: edition_of(r.file)),
        ("per gold kind", lambda r: str(r.gold_kind)),
    ):
        if title == "per edition" and not any(edition_of(r.file) for r in results):
            continue
        out.append(f"{indent}{title}:")
        for name, score in accuracy_by(results, key).items():
            out.append(f"{indent}  {name:<{width}}  {score}")
    out.append(f"{indent}overall  {overall(results)}")
    out.append(f"{indent}calibration (confidence of the deciding unit -> accuracy):")
    for b in calibration(results):
        if b.score.total:
            span = f"[{b.low:.2f}, {b.high:.2f})" if b.high > b.low else f"[{b.low:.2f}]      "
            out.append(f"{indent}  {span}  {b.score}")
    share, score = confident_share(results)
    out.append(f"{indent}confidence >= 0.9: {100 * share:.1f} % of lines, accuracy {score}")
    if any(r.batch for r in results):
        out.append(f"{indent}per batch (lines; lines at confidence >= 0.9):")
        for bs in batch_scores(results):
            label = bs.batch or "(no batch)"
            out.append(
                f"{indent}  {label:<{width}}  {bs.files} files  {bs.score};"
                f"  {100 * bs.confident_share:.1f} % of lines at >= 0.9, accuracy {bs.confident}"
            )
    wrong = confusions(results)
    out.append(f"{indent}wrong lines ({len(wrong)}):")
    for r in wrong[:confusion_limit]:
        got = f"got {_pred_label(r)} @{r.confidence:.2f}"
        out.append(f"{indent}  {r.file}:{r.line}  gold {_gold_label(r)}  {got}  | {r.text.strip()[:60]}")
    if len(wrong) > confusion_limit:
        out.append(f"{indent}  … {len(wrong) - confusion_limit} more")
    return "\n".join(out)
