"""The fitted line-role model: a linear-chain CRF over a page's lines, read from a small data file.

The weights (``lawalign/data/reader/roles.json``, rebuilt by ``make train`` from the development
gold) are a CRF's state weights (attribute × role) and transition weights (role × role). Inference is
done here, without the training library: Viterbi for the best sequence of roles and forward-backward
for each line's marginal probabilities, both in log space.

Roles: ``law-title``, ``heading`` (section and point headings), ``intro``, ``section``, ``point``,
``subpoint``, ``wrap``, ``footnote``, ``noise``. :func:`role_kind` maps a role to the ``units`` kind
(``title``, ``text``, ``footnote``, ``debris``).

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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

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


@dataclass(frozen=True, slots=True)
class RoleModel:
    """A linear-chain CRF: labels, transition weights ``[from][to]``, state weights ``attr → label → w``."""

    labels: tuple[str, ...]
    transitions: tuple[tuple[float, ...], ...]
    state: Mapping[str, Mapping[str, float]]

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
        }
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
        return cls(labels, transitions, state)


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
