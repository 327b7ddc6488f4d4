"""The structure rules' decision thresholds, read from ``data/reader/rules.json``.

The rules decide some things by comparing a score with a threshold. A threshold kept as a constant in
the code is set once and forgotten; these are data, validated on load, part of the run's knowledge
(:attr:`lawalign.knowledge.Knowledge.rules`), and chosen by the evaluation protocol's figure
cross-validated by site (``scripts/evaluate.py --rules FILE protocol``: the same report for each
candidate file; docs/ingest.md, "The rules' thresholds").

* ``law_margin``: a text printing no law heading is read as the skeleton law it fits best only when
  that law fits by at least this margin better than the next one (the alignment's gain plus the
  printed outline's agreement; :func:`lawalign.structure.segment.segment_best`). Below it the text
  is no law: its blocks are recorded as debris. ``null``: never, a text that does not point at its
  law is no law however well it fits.
* ``named_law_margin``: the same margin when the page points at that law: its file's name does
  ("law_71", "l68.html"), it prints that law's heading elsewhere (a second extract of a law after
  the commentary that follows the first), the next law's heading follows the text (a page that
  starts inside the law before it), the page cites that law ("see Law 70", "68B2", its debris
  included), or two of the text's headings are the reference's headings of that law word for word.
* ``footnoted_law_margin``: the same margin when the page does not point at the law but the text
  marks a footnote (a law's footnote, or a page's own); ``null``: never.

>>> rules = RuleConstants(law_margin=5.5, named_law_margin=0.0, footnoted_law_margin=2.0)
>>> rules.margin_for(named=False), rules.margin_for(named=True)
(5.5, 0.0)
>>> rules.margin_for(named=False, footnoted=True)
2.0
>>> RuleConstants.from_json(rules.to_json()) == rules
True
>>> never = RuleConstants(law_margin=None, named_law_margin=0.0, footnoted_law_margin=None)
>>> never.margin_for(named=False, footnoted=True) is None, RuleConstants.from_json(never.to_json()) == never
(True, True)
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from importlib import resources

RULES_FILE = "rules.json"
_ABOUT = (
    "Decision thresholds of the structure rules (lawalign/structure/constants.py), chosen by the "
    "protocol's figure cross-validated by site (scripts/evaluate.py --rules FILE protocol); "
    "docs/ingest.md, 'The rules' thresholds'."
)


@dataclass(frozen=True, slots=True)
class RuleConstants:
    """The rules' decision thresholds (see the module's text)."""

    law_margin: float | None = None
    named_law_margin: float = 0.0
    footnoted_law_margin: float | None = 0.0

    def margin_for(self, *, named: bool, footnoted: bool = False) -> float | None:
        """The margin a law inferred without a heading needs (``named``: the page points at it;
        ``footnoted``: the text marks a footnote); None: such a law is never read."""
        if named:
            return self.named_law_margin
        return self.footnoted_law_margin if footnoted else self.law_margin

    def to_json(self) -> str:
        """The data file's text (sorted keys, rounded: byte-identical rebuilds)."""
        data = {
            "_about": _ABOUT,
            "law_margin": _rounded(self.law_margin),
            "named_law_margin": _rounded(self.named_law_margin),
            "footnoted_law_margin": _rounded(self.footnoted_law_margin),
        }
        return json.dumps(data, ensure_ascii=False, sort_keys=True, indent=1) + "\n"

    @classmethod
    def from_json(cls, text: str) -> RuleConstants:
        """The constants of a data file's text.

        Raises:
            ValueError: a key missing or unknown, or a threshold that is not a finite number (or
                null, "never", where the key allows it).
        """
        data = json.loads(text)
        keys = ("law_margin", "named_law_margin", "footnoted_law_margin")
        if not isinstance(data, dict) or set(data) - {"_about"} != set(keys):
            raise ValueError(f"rules file: must hold {' and '.join(keys)} (and an optional _about)")
        for key in keys:
            value = data[key]
            if value is None and key in _NULLABLE:
                continue
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
                what = "a finite number or null" if key in _NULLABLE else "a finite number"
                raise ValueError(f"rules file: {key} must be {what}, not {value!r}")
        return cls(
            law_margin=_number(data["law_margin"]),
            named_law_margin=float(data["named_law_margin"]),
            footnoted_law_margin=_number(data["footnoted_law_margin"]),
        )


_NULLABLE = frozenset({"law_margin", "footnoted_law_margin"})


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 6)


def _number(value: float | None) -> float | None:
    return None if value is None else float(value)


@cache
def bundled_constants() -> RuleConstants:
    """The bundled thresholds (``data/reader/rules.json``); the defaults when the file is absent."""
    path = resources.files("lawalign") / "data" / "reader" / RULES_FILE
    if not path.is_file():
        return RuleConstants()
    return RuleConstants.from_json(path.read_text(encoding="utf-8"))
