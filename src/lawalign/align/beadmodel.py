"""The fitted bead score of the document aligner: feature names, weights, and their data file.

A bead's ``fitted`` score (:class:`~lawalign.align.sentalign.AlignConfig` ``scoring="fitted"``) is
``s · (w · φ(bead))``, where ``s`` is the pair's calibrated deletion score (the 80th percentile of
random 1-1 margins, so every feature is counted in deletions whatever the model's scale) and
``φ`` are the features below. The weights ``w`` are not chosen by hand: ``make train`` fits them
on the development documents' gold beads with an averaged structured perceptron over the search
itself (``lawalign_dev.evaluate.train_aligner``), and writes ``data/align/beads.json``; docs/align.md
gives the protocol and the figures out of sample.

Features of a match bead of ``dx`` source and ``dy`` target sentences:

``margin_len``
    the margin score of the ``margin`` scoring (cosine minus the mean cosine of each group to the
    sentences just outside the other, times the length factor ``log2(1 + min/max)``), over ``s``;
``margin``
    the same margin without the length factor, over ``s``;
``margin_len_size``
    ``margin_len × (dx + dy − 2)``: how much more evidence a larger bead needs;
``length_gap``
    ``|log((ls + 1) / (lt · ratio + 1))|`` of the two groups' character lengths (the target scaled by
    the document's length ratio);
``numbers``
    the centred Dice agreement of the numbers written in digits (0 when neither side has one), over ``s``;
``gain``
    the cosine of the two groups minus the best cosine of one sentence of each inside them (0 for a
    1-1 bead), over ``s``: what reading the sentences together adds;

of a deletion (1-0 or 0-1): ``deleted_length``, ``log(1 + characters) / 5`` of the deleted sentence;
of every bead: ``false_end``, 1 when the bead ends a sentence at a false end on one side only
(:mod:`lawalign.align.ends`), and one indicator per bead shape, ``type:dx-dy``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

from lawalign.errors import ConfigError

BASE_FEATURES = (
    "margin_len",
    "margin",
    "margin_len_size",
    "length_gap",
    "numbers",
    "gain",
    "false_end",
    "deleted_length",
)
"""The features every bead shape shares (the module docstring)."""


BeadType = tuple[int, int]


def bead_types(max_size: int) -> tuple[BeadType, ...]:
    """Bead shapes searched: 1-1 first, then by size, deletions last.

    >>> bead_types(4)
    ((1, 1), (1, 2), (2, 1), (1, 3), (2, 2), (3, 1), (1, 0), (0, 1))
    """
    matches = sorted(
        ((x, y) for x in range(1, max_size) for y in range(1, max_size) if x + y <= max_size),
        key=lambda t: (t[0] + t[1], t[0]),
    )
    return (*matches, (1, 0), (0, 1))


def type_feature(dx: int, dy: int) -> str:
    """The name of a bead shape's indicator.

    >>> type_feature(1, 2)
    'type:1-2'
    """
    return f"type:{dx}-{dy}"


@dataclass(frozen=True, slots=True)
class BeadWeights:
    """Weights of the fitted bead score, by feature name (the module docstring).

    Attributes:
        names: feature names, :data:`BASE_FEATURES` first, then the shapes' indicators.
        values: one weight per name.
        source: what the weights were fitted on (shown by ``lawalign data --explain`` and the docs).
    """

    names: tuple[str, ...]
    values: tuple[float, ...]
    source: str = ""

    def __post_init__(self) -> None:
        if len(self.names) != len(self.values):
            raise ValueError("bead weights: as many values as names are needed")
        missing = [f for f in BASE_FEATURES if f not in self.names]
        if missing:
            raise ValueError(f"bead weights: missing feature(s) {', '.join(missing)}")
        if any(not math.isfinite(v) for v in self.values):
            raise ValueError("bead weights: every weight must be a finite number")

    def weight(self, name: str) -> float:
        """The weight of ``name`` (0 for a feature the weights do not list)."""
        try:
            return self.values[self.names.index(name)]
        except ValueError:
            return 0.0

    def covers(self, shapes: Sequence[tuple[int, int]]) -> bool:
        """Whether every bead shape of ``shapes`` has its indicator's weight."""
        return all(type_feature(dx, dy) in self.names for dx, dy in shapes)

    def as_dict(self) -> dict[str, float]:
        """Name → weight, in order."""
        return dict(zip(self.names, self.values, strict=True))

    @classmethod
    def from_mapping(cls, weights: Mapping[str, float], source: str = "") -> BeadWeights:
        """Weights from a name → value mapping (base features first, then the rest in order)."""
        names = [*BASE_FEATURES, *(k for k in weights if k not in BASE_FEATURES)]
        return cls(tuple(names), tuple(float(weights.get(k, 0.0)) for k in names), source)


def parse_weights(text: str, where: str = "beads.json") -> BeadWeights:
    """Bead weights from the JSON of ``data/align/beads.json``, validated.

    Raises:
        ConfigError: the text is not such a file (``where: message``).

    >>> w = parse_weights('{"source": "t", "weights": {"margin_len": 1, "margin": 0, '
    ...     '"margin_len_size": 0, "length_gap": 0, "numbers": 0, "gain": 0, "false_end": -10, '
    ...     '"deleted_length": 0, "type:1-1": 0, "type:1-0": -1, "type:0-1": -1}}')
    >>> w.weight("type:1-0"), w.covers([(1, 1), (1, 0)]), w.covers([(1, 2)])
    (-1.0, True, False)
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{where}:{exc.lineno}:{exc.colno}: {exc.msg}") from None
    if not isinstance(data, dict) or not isinstance(data.get("weights"), dict):
        raise ConfigError(f"{where}: expected an object with a 'weights' object")
    weights = data["weights"]
    for name, value in weights.items():
        if not isinstance(value, int | float) or isinstance(value, bool):
            raise ConfigError(f"{where}: weight {name!r} is not a number")
        if not (name in BASE_FEATURES or name.startswith("type:")):
            raise ConfigError(f"{where}: unknown feature {name!r}")
    missing = [f for f in BASE_FEATURES if f not in weights]
    if missing:
        raise ConfigError(f"{where}: missing feature(s) {', '.join(missing)}")
    if not any(name.startswith("type:") for name in weights):
        raise ConfigError(f"{where}: no bead shape has a weight")
    try:
        return BeadWeights.from_mapping(weights, str(data.get("source", "")))
    except ValueError as exc:
        raise ConfigError(f"{where}: {exc}") from None


@cache
def bundled_weights() -> BeadWeights:
    """The weights ``make train`` fitted on the development documents (``data/align/beads.json``)."""
    path = resources.files("lawalign") / "data" / "align" / "beads.json"
    return parse_weights(path.read_text(encoding="utf-8"), "lawalign/data/align/beads.json")


def margin_weights(
    number_weight: float = 0.03, false_end_charge: float = 10.0, max_size: int = 5
) -> BeadWeights:
    """The weights under which the fitted score equals the ``margin`` scoring (the perceptron's start).

    >>> w = margin_weights()
    >>> w.weight("margin_len"), w.weight("type:0-1"), w.weight("false_end")
    (1.0, -1.0, -10.0)
    """
    weights: dict[str, float] = dict.fromkeys(BASE_FEATURES, 0.0)
    weights.update(margin_len=1.0, numbers=number_weight, false_end=-false_end_charge)
    for dx, dy in bead_types(max_size):
        weights[type_feature(dx, dy)] = -1.0 if dx == 0 or dy == 0 else 0.0
    return BeadWeights.from_mapping(weights, "the margin scoring")


__all__ = [
    "BASE_FEATURES",
    "BeadType",
    "BeadWeights",
    "bead_types",
    "bundled_weights",
    "margin_weights",
    "parse_weights",
    "type_feature",
]
