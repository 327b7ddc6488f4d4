"""Does a text's printed law title name the law its number says? The titles of the 93 Laws
(``data/reader/titles.toml``, English) against each law title a text prints, by the bundled model.

A club's regulation numbered like the laws ("Article 2 - Fonctionnement du Club", "§ 1: Geltungsbereich")
has the shape of a law and a title of another meaning; a law printed in any language has a title
that means the law's own ("Verfahren nach einer Rechtswidrigkeit" is Law 9, "Procedure Following an
Irregularity"). For each law whose title a text prints, :func:`title_agreement` gives the rank of
that law's reference title among all 93 by cross-lingual similarity to the printed title (0: the
nearest) and the margin of the law's own title over the nearest other one. The fitted reader's run
veto weighs both (:func:`lawalign.structure.reader.law_runs`).

The model is the run's embedder (:class:`lawalign.models.TextEncoder`), as for unlettered headings
(:mod:`lawalign.structure.headings`); the titles' vectors are cached by it like any text's.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

from lawalign.datafiles import parse_toml
from lawalign.errors import ConfigError, ModelError
from lawalign.models import TextEncoder
from lawalign.structure.headings import encode_texts
from lawalign.tuning import tuned_float, tuned_int

if TYPE_CHECKING:
    from lawalign.models import Unit

log = logging.getLogger(__name__)

TITLES_FILE = "titles.toml"
MAX_TITLE_CHARS = tuned_int("structure.titles", "max_title_chars")
"""A printed title is compared by its first characters: a law title that runs on into the law's text
(a page stored as one line) says what it is at its start."""
MARGIN_SCALE = tuned_float("structure.titles", "margin_scale")
"""The margin is a cue in tenths of cosine."""


@cache
def law_titles() -> Mapping[str, str]:
    """The reference title of each law, "1" … "93" (``data/reader/titles.toml``).

    >>> titles = law_titles()
    >>> len(titles), titles["68"]
    (93, 'Claim or Concession of Tricks')

    Raises:
        ConfigError: the file does not give the laws from 1 on without a gap, each a title.
    """
    path = resources.files("lawalign") / "data" / "reader" / TITLES_FILE
    data = parse_toml(path.read_text(encoding="utf-8"), f"reader/{TITLES_FILE}")
    titles = data.get("titles")
    if (
        not isinstance(titles, dict)
        or not titles
        or set(titles) != {str(n) for n in range(1, len(titles) + 1)}
        or not all(isinstance(t, str) and t.strip() for t in titles.values())
    ):
        raise ConfigError(f"{TITLES_FILE}: [titles] must give the laws from 1 on without a gap, each a title")
    return {str(n): titles[str(n)] for n in range(1, len(titles) + 1)}


@dataclass(frozen=True, slots=True)
class TitleAgreement:
    """How a printed law title agrees with the reference titles: the rank of its own law's title
    among all of them by similarity (0: the nearest), and the own title's similarity minus the
    nearest other title's (negative when another law's title is nearer)."""

    rank: int
    margin: float
    from_text: bool = False  # compared from the law's first text: the law prints no title

    def cues(self) -> dict[str, float]:
        """The run veto's cues: the rank on a log scale from 0 (nearest) to 1 (farthest), and the
        margin in tenths of cosine; as ``text-`` cues (``title-none`` 1) when compared from the law's
        first text."""
        rank = math.log1p(self.rank) / math.log(len(law_titles()))
        if self.from_text:
            return {**no_title_cues(), "text-rank": rank, "text-margin": MARGIN_SCALE * self.margin}
        return {
            **no_title_cues(),
            "title-rank": rank,
            "title-margin": MARGIN_SCALE * self.margin,
            "title-none": 0.0,
        }


def no_title_cues() -> dict[str, float]:
    """The cues of a run whose law prints no title the reference knows (or read without a model)."""
    return {"title-rank": 0.0, "title-margin": 0.0, "title-none": 1.0, "text-rank": 0.0, "text-margin": 0.0}


def printed_titles(units: Sequence[Unit]) -> dict[str, str]:
    """The first title of each law of ``units`` that the reference knows: the heading of its first
    law-title unit (whether its number was printed or inferred, the heading is the text's).

    >>> from lawalign.models import Source, Unit, UnitId
    >>> def title(law, heading, inferred=False):
    ...     return Unit(UnitId(f"{law}.title"), "title", "law-title", "en", law, heading, Source("p", 1, 1),
    ...                 heading=heading, inferred=inferred)
    >>> printed_titles([title("2", "Mapperne"), title("2", "Again"), title("3", "X", True), title("99", "Y")])
    {'2': 'Mapperne', '3': 'X'}
    """
    return _first_of_each_law(
        (u for u in units if u.role == "law-title" and u.kind != "debris"), lambda u: u.heading or u.text
    )


def first_texts(units: Sequence[Unit], titled: Collection[str]) -> dict[str, str]:
    """The first text of each law of ``units`` that the reference knows and that is not in ``titled``
    (its first :data:`MAX_TITLE_CHARS` characters): what a law printing no title says it is about.

    >>> from lawalign.models import Source, Unit, UnitId
    >>> def text(law, words):
    ...     return Unit(UnitId(f"{law}.intro"), "text", "intro", "en", law, words, Source("p", 1, 1))
    >>> first_texts([text("1", "The player who first designates"), text("1", "More"), text("2", "X")], {"2"})
    {'1': 'The player who first designates'}
    """
    return _first_of_each_law(
        (u for u in units if u.kind == "text" and u.law not in titled), lambda u: u.text
    )


def _first_of_each_law(units: Iterable[Unit], text_of: Callable[[Unit], str]) -> dict[str, str]:
    """The first non-empty text (``text_of`` a unit, spaces collapsed, its first :data:`MAX_TITLE_CHARS`
    characters) of each law of ``units`` that the reference knows."""
    known = law_titles()
    out: dict[str, str] = {}
    for u in units:
        if u.law not in known or u.law in out:
            continue
        text = " ".join(text_of(u).split())[:MAX_TITLE_CHARS]
        if text:
            out[u.law] = text
    return out


def title_agreement(
    units: Sequence[Unit], encoder: TextEncoder | None
) -> tuple[dict[str, TitleAgreement], str | None]:
    """Each law of ``units`` that prints a title, with its :class:`TitleAgreement`; and None, or a
    message when the model could not be used (then no law has one: the veto reads the run without).

    >>> class Letters:  # vectors of letter counts, a stand-in for the model
    ...     def encode(self, texts):
    ...         import numpy as np
    ...         rows = np.array([[t.lower().count(c) for c in "abcdefghijklmnopqrstuvwxyz"]
    ...                          for t in texts], float)
    ...         return rows / np.maximum(np.linalg.norm(rows, axis=1, keepdims=True), 1e-9)
    >>> from lawalign.models import Source, Unit, UnitId
    >>> u = Unit(UnitId("68.title"), "title", "law-title", "en", "68", "", Source("p", 1, 1),
    ...          heading="Claim or Concession of Tricks")
    >>> found, trouble = title_agreement([u], Letters())
    >>> found["68"].rank, found["68"].margin > 0, trouble
    (0, True, None)
    """
    printed = printed_titles(units)
    texts = first_texts(units, printed)
    if not (printed or texts) or encoder is None:
        return {}, None
    titles = law_titles()
    laws = list(titles)
    asked = [(law, t, False) for law, t in printed.items()] + [(law, t, True) for law, t in texts.items()]
    try:
        vectors = encode_texts([*(t for _, t, _ in asked), *titles.values()], encoder)
    except (ModelError, ImportError, OSError, RuntimeError) as exc:
        log.warning("law title similarity unavailable: %s", exc)
        return {}, f"law title similarity unavailable ({type(exc).__name__}: {exc}); runs read without it"
    sims = vectors[: len(asked)] @ vectors[len(asked) :].T
    out: dict[str, TitleAgreement] = {}
    for (law, _, from_text), row in zip(asked, sims, strict=True):
        own = float(row[laws.index(law)])
        others = [float(v) for j, v in enumerate(row) if laws[j] != law]
        out[law] = TitleAgreement(sum(v > own for v in others), round(own - max(others), 6), from_text)
    return out, None
