"""The corpus as pandas tables, joinable on ``id`` (and ``lang``).

Column names are a public contract (documented in ``docs/query.md``); every frame keeps them even
when empty, so code that joins or groups never has to special-case a missing stage.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from lawalign.models import Alignment, Edition, Finding, Unit

if TYPE_CHECKING:
    import pandas as pd

UNIT_COLUMNS: tuple[str, ...] = (
    "id",
    "law",
    "kind",
    "role",
    "lang",
    "text",
    "path",
    "line_start",
    "line_end",
    "page",
    "page_end",
    "inferred",
    "confidence",
    "label",
    "edition",
    "order",
    "refs",
)
"""One row per unit per language (debris included, ``kind == "debris"``); ``page``/``page_end`` are the
pages of a paged file's (PDF's) first and last line (its lines counted per page; null otherwise);
``refs`` lists the ids the
unit cites (internal references resolved, each once, in text order; see :mod:`lawalign.query.refs`)."""

ALIGNMENT_COLUMNS: tuple[str, ...] = ("id", "src_lang", "tgt_lang", "score", "beads", "model")
"""One row per aligned id per language pair; ``beads`` in vecalign notation (``[0]:[0, 1]``), ``;``-joined."""

CHECK_COLUMNS: tuple[str, ...] = ("id", "lang", "proposed", "agrees", "score", "message")
"""One row per id check of the cross-language anchoring."""

FINDING_COLUMNS: tuple[str, ...] = (
    "id",
    "lang",
    "type",
    "severity",
    "message",
    "suggestion",
    "key",
    "evidence",
)
"""One row per finding; ``id`` is the unit it is about (None for an edition-level finding: coverage,
debris, order), ``evidence`` a JSON list of quotes."""

SENTENCE_COLUMNS: tuple[str, ...] = ("id", "lang", "edition", "n", "text")
"""One row per sentence of every law unit, aligned or alone (the SQL ``sentences`` table's rows):
``n`` is the 0-based index the beads use."""

SEVERITY_ORDER: dict[str, int] = {"error": 0, "warning": 1, "info": 2}


def unit_row(unit: Unit, edition: Edition, order: int, refs: Sequence[str] = ()) -> dict[str, object]:
    """The frame row of one unit.

    Args:
        unit: The unit.
        edition: The edition holding it (its ``name`` fills ``edition``).
        order: The unit's position in its edition (0-based, source order).
        refs: The ids the unit cites.

    Returns:
        A dict with exactly :data:`UNIT_COLUMNS` as keys.
    """
    return {
        "id": unit.id,
        "law": unit.law,
        "kind": unit.kind,
        "role": unit.role,
        "lang": unit.lang,
        "text": unit.text,
        "path": unit.source.path,
        "line_start": unit.source.line_start,
        "line_end": unit.source.line_end,
        "page": unit.source.page,
        "page_end": unit.source.page_end if unit.source.page_end is not None else unit.source.page,
        "inferred": unit.inferred,
        "confidence": round(unit.confidence, 3),
        "label": unit.label,
        "edition": edition.name,
        "order": order,
        "refs": list(refs),
    }


def _frame(rows: Sequence[dict[str, object]], columns: tuple[str, ...]) -> pd.DataFrame:
    import pandas as pd  # pandas costs ~0.3 s to import; only frames need it

    return pd.DataFrame(list(rows), columns=list(columns))


def units_frame(editions: Iterable[Edition]) -> pd.DataFrame:
    """Every unit of every edition, in edition then source order.

    Args:
        editions: The editions, in corpus order.

    Returns:
        A DataFrame with :data:`UNIT_COLUMNS`.
    """
    from lawalign.query.refs import targets_by_unit

    rows: list[dict[str, object]] = []
    for e in editions:
        cited = targets_by_unit(e)
        for i, u in enumerate(e.units):
            rows.append(unit_row(u, e, i, cited.get(u.id, ()) if u.kind != "debris" else ()))
    frame = _frame(rows, UNIT_COLUMNS)
    return frame.astype(
        {
            "line_start": "int64",
            "line_end": "int64",
            "page": "Int64",
            "page_end": "Int64",
            "inferred": "bool",
            "order": "int64",
            "confidence": "float64",
        }
    )


def alignment_frame(alignment: Alignment | None) -> pd.DataFrame:
    """The unit links of an alignment, one row per id per language pair.

    Args:
        alignment: The alignment, or None when the align stage is unavailable.

    Returns:
        A DataFrame with :data:`ALIGNMENT_COLUMNS` (empty without an alignment).
    """
    rows: list[dict[str, object]] = []
    if alignment is not None:
        for link in alignment.links:
            rows.append(
                {
                    "id": link.id,
                    "src_lang": link.src_lang,
                    "tgt_lang": link.tgt_lang,
                    "score": float(link.score),
                    "beads": "; ".join(str(b) for b in link.beads),
                    "model": alignment.model,
                }
            )
    return _frame(rows, ALIGNMENT_COLUMNS).astype({"score": "float64"})


def checks_frame(alignment: Alignment | None) -> pd.DataFrame:
    """The id checks of an alignment (what the anchoring said about each inferred id).

    Args:
        alignment: The alignment, or None.

    Returns:
        A DataFrame with :data:`CHECK_COLUMNS`.
    """
    rows: list[dict[str, object]] = []
    if alignment is not None:
        rows = [
            {
                "id": c.unit,
                "lang": c.lang,
                "proposed": c.proposed,
                "agrees": c.agrees,
                "score": float(c.score),
                "message": c.message,
            }
            for c in alignment.checks
        ]
    return _frame(rows, CHECK_COLUMNS)


def finding_row(finding: Finding) -> dict[str, object]:
    """The frame row of one finding (evidence serialised as a JSON list, keys sorted).

    Args:
        finding: The finding.

    Returns:
        A dict with exactly :data:`FINDING_COLUMNS` as keys.
    """
    return {
        "id": finding.unit or None,
        "lang": finding.lang,
        "type": finding.type,
        "severity": finding.severity,
        "message": finding.message,
        "suggestion": finding.suggestion,
        "key": finding.key,
        "evidence": json.dumps([e.as_dict() for e in finding.evidence], ensure_ascii=False, sort_keys=True),
    }


def sentences_frame(alignment: Alignment | None, editions: Iterable[Edition]) -> pd.DataFrame:
    """The sentences of every law unit, linked or alone, in edition then source order.

    Args:
        alignment: The alignment (its ``sentences`` hold every law unit's split), or None.
        editions: The editions (to give each row its language).

    Returns:
        A DataFrame with :data:`SENTENCE_COLUMNS` (empty without an alignment).
    """
    lang_of = {e.name: e.lang for e in editions}
    rows: list[dict[str, object]] = []
    for edition, uid, sentences in alignment.sentences if alignment is not None else ():
        if edition not in lang_of:
            continue
        for n, text in enumerate(sentences):
            rows.append({"id": uid, "lang": lang_of[edition], "edition": edition, "n": n, "text": text})
    return _frame(rows, SENTENCE_COLUMNS).astype({"n": "int64"})


def only_langs(frame: pd.DataFrame, lang: str | Sequence[str] | None) -> pd.DataFrame:
    """Rows of ``frame`` whose ``lang`` is ``lang`` (one code, or several), index renumbered.

    >>> import pandas as pd
    >>> list(only_langs(pd.DataFrame({"lang": ["vi", "ru", "tr"]}), "ru,tr")["lang"])
    ['ru', 'tr']
    """
    if lang is None:
        return frame
    wanted = [x.strip() for x in lang.split(",")] if isinstance(lang, str) else list(lang)
    return frame[frame["lang"].isin(wanted)].reset_index(drop=True)


def findings_frame(findings: Iterable[Finding]) -> pd.DataFrame:
    """Findings as a table, in the order given.

    Args:
        findings: The findings.

    Returns:
        A DataFrame with :data:`FINDING_COLUMNS`.
    """
    return _frame([finding_row(f) for f in findings], FINDING_COLUMNS)
