"""The fitted line-role model: a linear-chain CRF over a page's lines, read from a small data file.

The weights (``lawalign/data/reader/roles.json``, rebuilt by ``make train`` from the development
gold) are a CRF's state weights (attribute × role) and transition weights (role × role). Inference is
done here, without the training library: Viterbi for the best sequence of roles and forward-backward
for each line's marginal probabilities, both in log space.

Roles: ``law-title``, ``heading`` (section and point headings), ``intro``, ``section``, ``point``,
``subpoint``, ``wrap``, ``footnote``, ``noise``. :func:`role_kind` maps a role to the ``units`` kind
(``title``, ``text``, ``footnote``, ``debris``).

The model is *stacked* on the structure stage: its cues are each line's layout
(:func:`lawalign.structure.features.page_features`) and the rules' reading of the line (the kind,
role, printed-or-inferred id and confidence of the unit covering it). :func:`weigh_units` applies
it to the rules' units of one text: a run of one law's units that the model reads as noise becomes
debris (reason ``noise``), and every unit's confidence becomes the rules' confidence times the
model's mean probability of the unit's kind over its lines, calibrated out of fold on the lines of
ids (an id's confidence is the share of ids right at its reading on unseen sites). The same
function is what ``make train`` and the evaluation protocol read lines with
(:func:`stacked_sequence`), so the model that ships is the one measured.

>>> m = RoleModel(("noise", "section"), ((0.0, -0.2), (-0.2, 0.0)),
...               {"bias": {"noise": 0.5}, "shape=section": {"section": 2.0}})
>>> m.viterbi([("bias",), ("bias", "shape=section"), ("bias",)])
['noise', 'section', 'noise']
>>> [round(p["section"], 2) for p in m.marginals([("bias",), ("bias", "shape=section")])]
[0.41, 0.81]
"""

from __future__ import annotations

import json
import math
import re
from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from itertools import pairwise
from typing import TYPE_CHECKING, Any, Protocol, get_args

from lawalign.models import DebrisId, UnitId, UnitRole
from lawalign.structure.features import LineFeatures, page_features, with_reading
from lawalign.structure.titles import TitleAgreement, no_title_cues
from lawalign.tuning import tuned_float

if TYPE_CHECKING:
    from lawalign.ingest.profiles import Profile
    from lawalign.models import SourceText, Unit

ROLES: tuple[str, ...] = (
    "law-title",
    "heading",
    "intro",
    "section",
    "point",
    "subpoint",
    "wrap",
    "footnote",
    "noise",
)
_KIND = {"law-title": "title", "heading": "title", "footnote": "footnote", "noise": "debris"}


def role_kind(role: str) -> str:
    """The ``units`` kind of a role.

    >>> role_kind("heading"), role_kind("point"), role_kind("noise")
    ('title', 'text', 'debris')
    """
    return _KIND.get(role, "text")


# -- the confidence of an id ------------------------------------------------------------------------

CUES: tuple[str, ...] = (
    "raw",  # the unit's raw confidence: the rules' confidence times the model's probability of its kind
    "inferred",  # 1 when the unit's id was inferred, not read from a printed label
    "extra",  # 1 for an id the outline has no place for ("68B.x1")
    "text-mean",  # the mean raw confidence of the text's units with an id
    "text-min",  # the lowest raw confidence among them
    "text-inferred",  # the share of them whose id was inferred
    "text-debris",  # the share of the text's characters in debris
    "text-ids",  # log(1 + the number of units with an id)
    "text-laws",  # log of the number of laws they belong to
    "law-mean",  # the mean raw confidence of the units of the unit's law
    "law-inferred",  # the share of them whose id was inferred
    "near-min",  # the lowest raw confidence of the unit and the units with an id just before and after it
    "chars",  # log(1 + the length of the unit's text) / 10
    "labelled",  # 1 when the unit prints a label ("A.", "1.", "LAW 68")
    "text-labelled",  # the share of the text's units with an id that print a label
    "text-law-heading",  # 1 when the text prints a labelled law heading
    "relabelled",  # 1 when the unit prints a label ("1.", "A.") that its id does not carry ("45C2")
    "text-relabelled",  # the share of the text's labelled units with an id that are relabelled
    "attested",  # 1 when the unit's id is one the reader's training gold holds (RoleModel.attested)
    "law-attested",  # the share of the units of the unit's law whose ids are attested
    "text-attested",  # the share of the text's units with an id whose ids are attested
    *(f"role={r}" for r in get_args(UnitRole) if r != "debris"),
)
"""The cues of an id's confidence (:func:`confidence_cues`): the unit's own reading and how the whole
text was read. Whether one id is right depends on both: a page whose law the rules placed with printed
labels and certainty throughout is read right line by line; a page read mostly as debris, or whose
ids are inferred, is where the wrong ids are. The three ``attested`` cues ask whether the ids read are
ones the laws have: an id no page of the training gold holds ("27B.x3", "9B7", a regulation's
"2F" read as Law 2) is more often wrong, and so is a law or a text read mostly into such ids."""


def confidence_cues(
    units: Sequence[Unit], attested: AbstractSet[str] = frozenset()
) -> list[dict[str, float] | None]:
    """The cues (:data:`CUES`, absent ones 0) of each unit with an id; ``None`` for debris. ``units``
    are all the units of one text, with their raw confidences; ``attested`` the ids the reader's
    training gold holds (:attr:`RoleModel.attested`; empty: the ``attested`` cues are 0).

    >>> from lawalign.models import Source, Unit, UnitId
    >>> src = Source("p.txt", 1, 1)
    >>> units = [Unit(UnitId("68A"), "text", "section", "en", "68", "abcd", src, confidence=0.8),
    ...          Unit(UnitId("68B.x1"), "text", "section", "en", "68", "ab", src, confidence=0.8),
    ...          Unit(DebrisId.of(1), "debris", "debris", "en", "", "abcdef", src, reason="unplaced")]
    >>> cues = confidence_cues(units, {"68A", "68B"})
    >>> cues[2] is None, cues[0]["raw"], cues[0]["text-debris"], cues[0]["role=section"]
    (True, 0.8, 0.5, 1.0)
    >>> cues[0]["attested"], cues[1]["attested"], cues[1]["law-attested"], cues[1]["text-attested"]
    (1.0, 0.0, 0.5, 0.5)
    """
    ids = [u for u in units if u.kind != "debris"]
    if not ids:
        return [None] * len(units)
    known = [str(u.id) in attested for u in ids]
    relabelled = [_relabelled(u) for u in ids]  # False for a unit printing no label
    labelled = sum(bool(u.label) for u in ids)
    raws = [u.confidence for u in ids]
    chars = sum(len(u.text) for u in units)
    text = {
        "text-mean": sum(raws) / len(raws),
        "text-min": min(raws),
        "text-inferred": sum(u.inferred for u in ids) / len(ids),
        "text-debris": sum(len(u.text) for u in units if u.kind == "debris") / chars if chars else 0.0,
        "text-ids": math.log1p(len(ids)),
        "text-laws": math.log(len({u.law for u in ids})),
        "text-labelled": labelled / len(ids),
        "text-law-heading": float(any(u.role == "law-title" and u.label for u in ids)),
        "text-relabelled": sum(relabelled) / labelled if labelled else 0.0,
        "text-attested": sum(known) / len(ids),
    }
    laws: dict[str, list[Unit]] = {}
    for u in ids:
        laws.setdefault(u.law, []).append(u)
    law_cues = {
        law: {
            "law-mean": sum(u.confidence for u in us) / len(us),
            "law-inferred": sum(u.inferred for u in us) / len(us),
            "law-attested": sum(str(u.id) in attested for u in us) / len(us),
        }
        for law, us in laws.items()
    }
    out: list[dict[str, float] | None] = []
    k = -1
    for u in units:
        if u.kind == "debris":
            out.append(None)
            continue
        k += 1
        extra = isinstance(u.id, UnitId) and u.id.is_extra
        cues = {
            **text,
            **law_cues[u.law],
            "raw": u.confidence,
            "inferred": float(u.inferred),
            "extra": float(extra),
            "near-min": min(raws[max(0, k - 1) : k + 2]),
            "chars": math.log1p(len(u.text)) / 10,
            "labelled": float(bool(u.label)),
            "relabelled": float(relabelled[k]),
            "attested": float(known[k]),
        }
        if f"role={u.role}" in CUES:
            cues[f"role={u.role}"] = 1.0
        out.append(cues)
    return out


def _relabelled(unit: Unit) -> bool:
    """The unit prints a point number, a section letter or a sub-point letter that its id does not
    carry ("1." on 45C2, "B." on 68C); a section numbered "2." is section B.

    >>> from lawalign.models import Source, Unit, UnitId
    >>> def unit(uid, role, label):
    ...     return Unit(UnitId(uid), "text", role, "en", "45", "…", Source("p.txt", 1, 1), label=label)
    >>> _relabelled(unit("45C2", "point", "1.")), _relabelled(unit("45C1", "point", "1."))
    (True, False)
    >>> _relabelled(unit("20B.title", "heading", "2.")), _relabelled(unit("45C4a", "sub-point", "4. (a)"))
    (False, False)
    """
    if not isinstance(unit.id, UnitId) or unit.role in ("law-title", "footnote"):
        return False
    parts = re.findall(r"[0-9]+|[A-Za-z]", unit.label)
    if not parts:
        return False
    last = parts[-1]
    if unit.role == "sub-point":
        return bool(unit.id.sub != last.lower())
    if last.isdigit():
        if unit.id.point:
            return unit.id.point != int(last)
        return bool(unit.id.section) and ord(unit.id.section) - ord("A") + 1 != int(last)
    if last.isascii() and last.isupper():
        return bool(unit.id.section != last)
    return False


@dataclass(frozen=True, slots=True)
class ConfidenceHead:
    """A logistic model of "this id is right" over an id's cues (:func:`confidence_cues`), fitted out
    of fold by ``make train``.

    >>> head = ConfidenceHead(-1.0, {"raw": 2.0})
    >>> round(head.probability({"raw": 0.5}), 3), round(head.probability({"raw": 1.0}), 3)
    (0.5, 0.731)
    """

    bias: float
    weights: Mapping[str, float]

    def probability(self, cues: Mapping[str, float]) -> float:
        """The modelled probability that the id is right."""
        return _logistic(self.bias, self.weights, cues)


def _logistic(bias: float, weights: Mapping[str, float], cues: Mapping[str, float]) -> float:
    """The logistic function of ``bias`` plus the weighted cues (absent cues 0)."""
    z = bias + sum(w * cues.get(name, 0.0) for name, w in weights.items())
    return 1.0 / (1.0 + math.exp(-z)) if z >= 0 else math.exp(z) / (1.0 + math.exp(z))


def _logistic_data(bias: float, weights: Mapping[str, float]) -> dict[str, object]:
    """A logistic model's data form: its bias and its non-zero weights, rounded, in name order."""
    return {
        "bias": round(bias, 6),
        "weights": {k: round(w, 6) for k, w in sorted(weights.items()) if round(w, 6) != 0.0},
    }


def _logistic_read(
    data: Mapping[str, Any], names: Sequence[str], unknown_message: str
) -> tuple[float, dict[str, float]]:
    """A logistic model's bias and weights from its data form, every weight one of ``names``.

    Raises:
        ValueError: ``unknown_message`` and the names, for weights of cues not in ``names``.
    """
    weights = {str(k): float(v) for k, v in data["weights"].items()}
    unknown = set(weights) - set(names)
    if unknown:
        raise ValueError(f"{unknown_message} {sorted(unknown)}")
    return float(data["bias"]), weights


RUN_CUES: tuple[str, ...] = (
    "noise-logit",
    "noise-share",
    "lines",
    "rule-conf",
    "inferred",
    "title-rank",
    "title-margin",
    "title-none",
    "text-rank",
    "text-margin",
)
"""The cues of a run of one law's units (:func:`law_runs`) the run veto weighs: how the CRF reads its
lines (the log-odds of its mean probability of ``noise``, the share of its lines more likely noise
than not), its size (log of its lines), how sure the rules are of it (their mean confidence, the share
of ids inferred), and whether its law's printed title means that law
(:class:`lawalign.structure.titles.TitleAgreement`; ``title-none`` when no title is compared), or,
when it prints none, whether its first text is about that law (``text-rank``, ``text-margin``)."""


@dataclass(frozen=True, slots=True)
class LawRun:
    """A run of one law's units in a row (debris between them does not end it), as the stacked model
    reads it: the units (indices into the text's units), the raw lines (first, last) of the lines the
    run's units cover (a table the law's text announces left out), and the run's cues
    (:data:`RUN_CUES`)."""

    units: tuple[int, ...]
    raw_lines: tuple[tuple[int, int], ...]
    cues: Mapping[str, float]


class RunVeto(Protocol):
    """What reads a run of one law's units as noise: the probability that the run is none."""

    def noise(self, run: LawRun) -> float: ...


@dataclass(frozen=True, slots=True)
class LogisticVeto:
    """A logistic model of "this run of one law's units is noise" over the run's cues
    (:data:`RUN_CUES`), fitted by ``make train`` on runs read out of fold (the CRF that read them
    fitted without their sites).

    >>> veto = LogisticVeto(-1.0, {"noise-share": 2.0})
    >>> run = LawRun((0,), ((1, 1),), {"noise-share": 1.0})
    >>> round(veto.noise(run), 3)
    0.731
    """

    bias: float
    weights: Mapping[str, float]

    def noise(self, run: LawRun) -> float:
        """The modelled probability that the run is noise."""
        return _logistic(self.bias, self.weights, run.cues)


@dataclass(frozen=True, slots=True)
class RoleModel:
    """A linear-chain CRF: labels, transition weights ``[from][to]``, state weights ``attr → label → w``;
    the confidence head of ids (:class:`ConfidenceHead`; None: an id's confidence is its raw one); and
    the calibration of the confidences it gives ids: knots ``(head's probability or raw confidence,
    share of ids right)`` of an isotonic map fitted out of fold on the lines whose unit has an id
    (empty: no calibration); and the veto of runs of one law's units read as noise
    (:class:`LogisticVeto`; None: a run is noise when the mean probability of ``noise`` over its
    lines is above :data:`NOISE_RUN`); and the ids its training gold holds, which the head's
    ``attested`` cues read (:func:`confidence_cues`).

    >>> RoleModel(("noise",), ((0.0,),), {}, ((0.2, 0.1), (1.0, 0.6))).calibrated(0.6)
    0.35
    """

    labels: tuple[str, ...]
    transitions: tuple[tuple[float, ...], ...]
    state: Mapping[str, Mapping[str, float]]
    calibration: tuple[tuple[float, float], ...] = ()
    head: ConfidenceHead | None = None
    veto: RunVeto | None = None
    attested: frozenset[str] = frozenset()

    def confidence(self, raw: float, cues: Mapping[str, float]) -> float:
        """An id's confidence: the share of ids right at its head's probability (at its raw
        confidence when the model has no head)."""
        return self.calibrated(raw if self.head is None else self.head.probability(cues))

    def calibrated(self, raw: float) -> float:
        """The share of ids right at raw confidence ``raw`` (piecewise linear between the knots,
        clipped at the ends; ``raw`` itself when the model has no calibration)."""
        knots = self.calibration
        if not knots:
            return raw
        if raw <= knots[0][0]:
            return knots[0][1]
        for (x0, y0), (x1, y1) in pairwise(knots):
            if raw <= x1:
                return y0 if x1 == x0 else round(y0 + (y1 - y0) * (raw - x0) / (x1 - x0), 6)
        return knots[-1][1]

    def _scores(self, seq: Sequence[Sequence[str]]) -> list[list[float]]:
        out = []
        for attrs in seq:
            row = [0.0] * len(self.labels)
            for a in attrs:
                weights = self.state.get(a)
                if weights:
                    for j, label in enumerate(self.labels):
                        row[j] += weights.get(label, 0.0)
            out.append(row)
        return out

    def viterbi(self, seq: Sequence[Sequence[str]]) -> list[str]:
        """The best sequence of labels."""
        if not seq:
            return []
        scores = self._scores(seq)
        n = len(self.labels)
        best = list(scores[0])
        back: list[list[int]] = []
        for row in scores[1:]:
            ptr, nxt = [], []
            for j in range(n):
                i = max(range(n), key=lambda i: best[i] + self.transitions[i][j])
                ptr.append(i)
                nxt.append(best[i] + self.transitions[i][j] + row[j])
            back.append(ptr)
            best = nxt
        j = max(range(n), key=lambda j: best[j])
        path = [j]
        for ptr in reversed(back):
            j = ptr[j]
            path.append(j)
        return [self.labels[j] for j in reversed(path)]

    def marginals(self, seq: Sequence[Sequence[str]]) -> list[dict[str, float]]:
        """Each position's probability of each label (forward-backward)."""
        if not seq:
            return []
        scores = self._scores(seq)
        n, m = len(self.labels), len(scores)
        alpha = [list(scores[0])]
        for t in range(1, m):
            alpha.append(
                [
                    _lse([alpha[-1][i] + self.transitions[i][j] for i in range(n)]) + scores[t][j]
                    for j in range(n)
                ]
            )
        beta = [[0.0] * n for _ in range(m)]
        for t in range(m - 2, -1, -1):
            beta[t] = [
                _lse([self.transitions[i][j] + scores[t + 1][j] + beta[t + 1][j] for j in range(n)])
                for i in range(n)
            ]
        z = _lse(alpha[-1])
        return [
            {label: math.exp(alpha[t][j] + beta[t][j] - z) for j, label in enumerate(self.labels)}
            for t in range(m)
        ]

    def to_json(self) -> str:
        """The model as the data file's text (sorted keys, weights rounded: byte-identical rebuilds)."""
        state = {
            a: {lab: round(w, 6) for lab, w in sorted(ws.items()) if round(w, 6) != 0.0}
            for a, ws in sorted(self.state.items())
        }
        data = {
            "labels": list(self.labels),
            "transitions": [[round(w, 6) for w in row] for row in self.transitions],
            "state": {a: ws for a, ws in state.items() if ws},
            "calibration": [[round(x, 6), round(y, 6)] for x, y in self.calibration],
        }
        if self.head is not None:
            data["confidence"] = _logistic_data(self.head.bias, self.head.weights)
        if isinstance(self.veto, LogisticVeto):
            data["veto"] = _logistic_data(self.veto.bias, self.veto.weights)
        elif self.veto is not None:
            raise ValueError(f"a run veto of type {type(self.veto).__name__} has no data form")
        if self.attested:
            data["attested"] = sorted(self.attested)
        return json.dumps(data, ensure_ascii=False, sort_keys=True, indent=0) + "\n"

    @classmethod
    def from_json(cls, text: str) -> RoleModel:
        """A model from the data file's text.

        Raises:
            ValueError: the file is not a model (labels, transitions or state missing or malformed).
        """
        data = json.loads(text)
        labels = tuple(str(x) for x in data["labels"])
        transitions = tuple(tuple(float(w) for w in row) for row in data["transitions"])
        if len(transitions) != len(labels) or any(len(row) != len(labels) for row in transitions):
            raise ValueError("transition matrix does not match the labels")
        unknown = {lab for ws in data["state"].values() for lab in ws} - set(labels)
        if unknown:
            raise ValueError(f"state weights for unknown labels {sorted(unknown)}")
        state = {str(a): {str(k): float(v) for k, v in ws.items()} for a, ws in data["state"].items()}
        knots = tuple((float(x), float(y)) for x, y in data.get("calibration", ()))
        if any(b[0] < a[0] or b[1] < a[1] for a, b in pairwise(knots)):
            raise ValueError("calibration knots must not decrease")
        head = (
            ConfidenceHead(*_logistic_read(data["confidence"], CUES, "confidence weights for unknown cues"))
            if "confidence" in data
            else None
        )
        veto = (
            LogisticVeto(*_logistic_read(data["veto"], RUN_CUES, "veto weights for unknown run cues"))
            if "veto" in data
            else None
        )
        attested = data.get("attested", [])
        if not isinstance(attested, list) or not all(isinstance(x, str) for x in attested):
            raise ValueError("attested ids must be a list of strings")
        return cls(labels, transitions, state, knots, head, veto, frozenset(attested))


def _lse(xs: Sequence[float]) -> float:
    top = max(xs)
    return top + math.log(sum(math.exp(x - top) for x in xs))


MODEL_FILE = "roles.json"


@cache
def bundled_model() -> RoleModel | None:
    """The bundled model (``data/reader/roles.json``), or ``None`` when it has not been built."""
    path = resources.files("lawalign") / "data" / "reader" / MODEL_FILE
    if not path.is_file():
        return None
    return RoleModel.from_json(path.read_text(encoding="utf-8"))


# -- the model applied to the rules' units ----------------------------------------------------------


def _covered(source: SourceText, units: Sequence[Unit]) -> list[range]:
    """The indices of ``source.lines`` each unit's span covers (empty for a unit without a span)."""
    offsets = [ln.offset for ln in source.lines]

    def lines(unit: Unit) -> range:
        start, end = unit.span
        if end <= start or not offsets:
            return range(0)
        return range(max(0, bisect_right(offsets, start) - 1), bisect_left(offsets, end))

    return [lines(u) for u in units]


def _line_units(units: Sequence[Unit], covered: Sequence[range]) -> dict[int, Unit]:
    """Each line's unit: the one covering it (a unit with an id wins over debris on the same line)."""
    out: dict[int, Unit] = {}
    for unit, lines in zip(units, covered, strict=True):
        for i in lines:
            if i not in out or out[i].kind == "debris":
                out[i] = unit
    return out


def stacked_sequence(source: SourceText, profile: Profile, units: Sequence[Unit]) -> list[LineFeatures]:
    """The lines of a text as the stacked model reads them: layout cues plus the rules' reading (the
    unit's kind, role, printed or inferred id, and confidence in tenths)."""
    return _stacked(source, profile, units, _covered(source, units))


def _stacked(
    source: SourceText, profile: Profile, units: Sequence[Unit], covered: Sequence[range]
) -> list[LineFeatures]:
    by_line = _line_units(units, covered)
    reading = {i: (u.kind, u.role, u.inferred) for i, u in by_line.items()}
    out = []
    for f in with_reading(page_features(source, profile), reading):
        unit = by_line.get(f.index)
        conf = "none" if unit is None else "1" if unit.confidence >= 1.0 else f"{int(unit.confidence * 10)}"
        out.append(replace(f, attrs=(*f.attrs, f"rule-conf={conf}")))
    return out


def _unit_marginals(
    units: Sequence[Unit], source: SourceText, profile: Profile, model: RoleModel
) -> list[list[dict[str, float]]]:
    """Each unit's lines' role probabilities from the stacked model (in line order)."""
    return [[p for _, p in lines] for lines in _unit_line_marginals(units, source, profile, model)]


def _unit_line_marginals(
    units: Sequence[Unit], source: SourceText, profile: Profile, model: RoleModel
) -> list[list[tuple[int, dict[str, float]]]]:
    """Each unit's lines (index into ``source.lines``) with their role probabilities, in line order."""
    lines_of = _covered(source, units)
    feats = _stacked(source, profile, units, lines_of)
    probs = dict(zip((f.index for f in feats), model.marginals([f.attrs for f in feats]), strict=True))
    return [[(i, probs[i]) for i in lines if i in probs] for lines in lines_of]


def _mean_noise(lines: Sequence[Mapping[str, float]]) -> float:
    """The mean probability of ``noise`` over some lines' role probabilities (``lines`` not empty)."""
    return sum(p.get("noise", 0.0) for p in lines) / len(lines)


def weigh_debris(units: Sequence[Unit], source: SourceText, profile: Profile, model: RoleModel) -> list[Unit]:
    """The units of a text the rules read as no law (every one debris) with the model's confidence:
    each unit's mean probability of ``noise`` over its lines. The rules found nothing to
    place, which says less than a rule that names what a line is: a page of law text they cannot
    read must not look certain to be none."""
    out = []
    for unit, lines in zip(units, _unit_marginals(units, source, profile, model), strict=True):
        if lines:
            unit = replace(unit, confidence=round(_mean_noise(lines), 3))
        out.append(unit)
    return out


NOISE_RUN = tuned_float("structure.reader", "noise_run")
"""Read by a model without a fitted veto: a run is noise when its lines are noise with a mean
probability above this, the more likely reading (not tuned: 0.4 and 0.6 are measured beside it in
docs/ingest.md)."""
NOISE_FLOOR = tuned_float("structure.reader", "noise_floor")
"""The run veto reads the mean probability of noise of a run's lines as log-odds, kept this far from 0
and 1."""


def law_runs(
    units: Sequence[Unit],
    line_probs: Sequence[Sequence[tuple[int, Mapping[str, float]]]],
    source: SourceText,
    table_lines: frozenset[int] = frozenset(),
    titles: Mapping[str, TitleAgreement] | None = None,
) -> list[LawRun]:
    """The runs of one law's units in a row of a text (debris between them does not end a run) with
    their cues, from each unit's lines and their role probabilities (``line_probs``, indices into
    ``source.lines``); the lines of ``table_lines`` (a table the law's text announces, whose rows
    look like a page's own tables) do not count; ``titles`` is how each law's printed title agrees
    with the reference titles (:func:`lawalign.structure.titles.title_agreement`). A run without a
    line left is not given.

    >>> from lawalign.models import Line, Source, SourceText, Unit, UnitId
    >>> src = SourceText("p.txt", "LAW 1\\nText.", (Line("LAW 1", 1, 0), Line("Text.", 2, 6)), "en", "utf-8")
    >>> us = [Unit(UnitId("1.title"), "title", "law-title", "en", "1", "LAW 1", Source("p.txt", 1, 1)),
    ...       Unit(UnitId("1.intro"), "text", "intro", "en", "1", "Text.", Source("p.txt", 2, 2))]
    >>> (run,) = law_runs(us, [[(0, {"noise": 0.2})], [(1, {"noise": 0.6})]], src)
    >>> run.units, run.raw_lines, round(run.cues["noise-share"], 2), run.cues["title-none"]
    ((0, 1), ((1, 1), (2, 2)), 0.5, 1.0)
    """
    groups: list[list[int]] = []
    for k, unit in enumerate(units):
        if unit.kind == "debris":
            continue
        if groups and units[groups[-1][-1]].law == unit.law:
            groups[-1].append(k)
        else:
            groups.append([k])
    out = []
    for group in groups:
        lines = [(i, p) for k in group for i, p in line_probs[k] if i not in table_lines]
        if not lines:
            continue
        noise = [p.get("noise", 0.0) for _, p in lines]
        mean = min(max(sum(noise) / len(noise), NOISE_FLOOR), 1 - NOISE_FLOOR)
        members = [units[k] for k in group]
        agreement = titles.get(members[0].law) if titles else None
        cues = {
            "noise-logit": math.log(mean / (1 - mean)),
            "noise-share": sum(x > 0.5 for x in noise) / len(noise),
            "lines": math.log(len(lines)),
            "rule-conf": sum(u.confidence for u in members) / len(members),
            "inferred": sum(u.inferred for u in members) / len(members),
            **(agreement.cues() if agreement is not None else no_title_cues()),
        }
        raw = tuple(
            (ln.raw_line, ln.raw_line_end or ln.raw_line) for ln in (source.lines[i] for i, _ in lines)
        )
        out.append(LawRun(tuple(group), raw, cues))
    return out


def _noise_runs(runs: Sequence[LawRun], veto: RunVeto | None) -> set[int]:
    """The units of the runs read as noise: by the fitted ``veto`` (its probability of noise above
    one half), or without one when the mean probability of ``noise`` over the run's lines is above
    :data:`NOISE_RUN`."""
    out: set[int] = set()
    for run in runs:
        if veto is not None:
            noise = veto.noise(run) > 0.5
        else:
            mean = 1.0 / (1.0 + math.exp(-run.cues["noise-logit"]))
            noise = mean > NOISE_RUN
        if noise:
            out.update(run.units)
    return out


def weigh_units(
    units: Sequence[Unit],
    source: SourceText,
    profile: Profile,
    model: RoleModel,
    table_lines: frozenset[int] = frozenset(),
    titles: Mapping[str, TitleAgreement] | None = None,
) -> list[Unit]:
    """The rules' units of ``source`` as the stacked model reads them.

    The units (not debris) of a run the model reads as noise (:func:`_noise_runs` of the runs of
    :func:`law_runs`, the lines of ``table_lines`` left out, the laws' printed titles agreeing with
    the reference titles as ``titles`` says) become debris
    with reason ``noise``, their confidence the rules' confidence times the model's mean probability
    of ``noise`` over their lines; every other unit's confidence is its *raw* confidence: the rules'
    confidence times the model's mean probability, over its lines, of the roles of its kind (once the
    text's units are all known, :func:`with_confidence` turns it into the share of ids right). Debris
    ids are numbered again in source order; a footnote whose anchor became debris is orphaned, and
    links to a unit that became debris are dropped.
    """
    line_probs = _unit_line_marginals(units, source, profile, model)
    covered = [[p for _, p in lines] for lines in line_probs]
    noise_runs = _noise_runs(law_runs(units, line_probs, source, table_lines, titles), model.veto)
    out: list[Unit] = []
    vetoed: set[int] = set()
    for k, unit in enumerate(units):
        lines = covered[k]
        if not lines:
            out.append(unit)
            continue
        if k in noise_runs:
            p_noise = _mean_noise(lines)
            vetoed.add(k)
            out.append(
                replace(
                    unit,
                    kind="debris",
                    role="debris",
                    reason="noise",
                    evidence=f"the fitted line reader reads its run of units as noise (rules: {unit.id})",
                    confidence=round(unit.confidence * p_noise, 3),
                    text=source.text[unit.span[0] : unit.span[1]],
                    label="",
                    heading="",
                    markers=(),
                    footnotes=(),
                    anchor=None,
                )
            )
            continue
        p_kind = sum(sum(v for r, v in p.items() if role_kind(r) == unit.kind) for p in lines) / len(lines)
        out.append(replace(unit, confidence=round(unit.confidence * p_kind, 3)))
    if not vetoed:
        return out
    alive = {u.id for u in out if u.kind != "debris"}
    gone = {units[k].id for k in vetoed} - alive
    n = 0
    fixed = []
    for k, unit in enumerate(out):
        if k in vetoed or (isinstance(unit.id, DebrisId) and not unit.id.source):
            n += 1
            unit = replace(unit, id=DebrisId.of(n))
        if unit.anchor in gone:
            unit = replace(unit, anchor=None)
        if any(f in gone for f in unit.footnotes):
            unit = replace(unit, footnotes=tuple(f for f in unit.footnotes if f not in gone))
        if unit.duplicate_of in gone:
            unit = replace(unit, duplicate_of=None)
        fixed.append(unit)
    return fixed


def with_confidence(units: Sequence[Unit], model: RoleModel) -> list[Unit]:
    """All the units of one text (their ids' confidences raw, as :func:`weigh_units` leaves them),
    each id's confidence now the share of ids right at its reading (:meth:`RoleModel.confidence` of
    its :func:`confidence_cues`); debris as it is."""
    cues = confidence_cues(units, model.attested)
    return [
        u if c is None else replace(u, confidence=round(model.confidence(u.confidence, c), 3))
        for u, c in zip(units, cues, strict=True)
    ]
