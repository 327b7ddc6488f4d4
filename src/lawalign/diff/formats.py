"""Reports of findings: text, JSON, CSV and SARIF 2.1.0, plus baselines of accepted findings.

Every writer returns a ``str`` and is deterministic: the same findings give byte-identical output.
Other commands (build, report) reuse these functions. A baseline is a JSON list of accepted findings,
``[{"key": "omission:tr:68A:refs:54", "note": "follows the 1997 wording"}, ...]`` (plain key strings
are accepted too); :func:`apply_baseline` sets them aside.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from urllib.parse import quote as url_quote

from lawalign.errors import InputError
from lawalign.models import Evidence, Finding
from lawalign.output import csv_text

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SARIF_LEVEL = {"error": "error", "warning": "warning", "info": "note"}

RULE_HELP: dict[str, str] = {
    "omission": "A unit, sentence or clause part present in the other editions is missing.",
    "addition": "Text present here and in no other edition nor the reference structure.",
    "cross-reference": "A reference cites another law or clause than the other editions do.",
    "garbled-reference": 'Cited ids run together in the text ("przepisy 1657A"), read by a guess to check.',
    "number": "A numeral differs from the other editions.",
    "footnote": "A footnote is missing, orphaned, or a marker has no note.",
    "missing-heading": "Section headings the reference structure has are missing.",
    "law-heading": "A law has no heading; it was inferred.",
    "duplicate": "A heading, paragraph or footnote is printed twice.",
    "debris": "Text that is not law text (blog chrome, page furniture).",
    "coverage": "Laws of the reference this edition does not contain.",
    "truncated": "The text stops early (inside a unit, or on a heading); what it cuts is not compared.",
    "order": "A unit is printed out of the reference order.",
    "drift": "An aligned pair whose similarity is an outlier for this language pair.",
    "length": "A unit whose length ratio to its counterparts is an outlier.",
    "terminology": "A rendering the termbase lists as one to avoid.",
    "edition-change": "A difference from editions of another WBF edition that the change maps explain.",
}

CSV_FIELDS = (
    "type",
    "severity",
    "lang",
    "id",
    "message",
    "suggestion",
    "path",
    "page",
    "line",
    "quote",
    "key",
)


def _primary(f: Finding) -> tuple[str, int]:
    """File and line of a finding: its first evidence in its own language, else its first evidence."""
    own = [e for e in f.evidence if e.lang == f.lang] or list(f.evidence)
    return (own[0].path, own[0].line) if own else ("", 0)


def _primary_evidence(f: Finding) -> Evidence | None:
    own = [e for e in f.evidence if e.lang == f.lang] or list(f.evidence)
    return own[0] if own else None


def findings_to_json(findings: Sequence[Finding]) -> str:
    """``{"findings": [...]}`` with each finding's ``as_dict()`` (keys sorted inside ``detail``)."""
    return json.dumps({"findings": [f.as_dict() for f in findings]}, ensure_ascii=False, indent=2) + "\n"


def findings_to_csv(findings: Sequence[Finding]) -> str:
    """One row per finding: its primary location and quote, fields :data:`CSV_FIELDS`.

    Cells are neutralised against spreadsheet formulas (:func:`lawalign.output.csv_text`).
    """
    rows = []
    for f in findings:
        path, line = _primary(f)
        own = [e for e in f.evidence if e.lang == f.lang] or list(f.evidence)
        rows.append(
            {
                "type": f.type,
                "severity": f.severity,
                "lang": f.lang,
                "id": f.unit or "",
                "message": f.message,
                "suggestion": f.suggestion,
                "path": path,
                "page": own[0].page if own and own[0].page is not None else "",
                "line": line or "",
                "quote": own[0].quote if own else "",
                "key": f.key,
            }
        )
    return csv_text(list(CSV_FIELDS), rows)


def findings_to_text(findings: Sequence[Finding], *, width: int = 160) -> str:
    """Human-readable report: ``path:line: severity [type] lang unit: message`` and indented evidence
    (``path#page=P:line`` for a paged file: the line counted on page P).

    Quotes longer than ``width`` are shortened for display only (JSON/CSV/SARIF carry them whole).
    """
    lines: list[str] = []
    for f in findings:
        primary = _primary_evidence(f)
        where = f"{primary.where()}: " if primary is not None and primary.path else ""
        lines.append(f"{where}{f.severity} [{f.type}] {f.lang} {f.unit or '-'}: {f.message}")
        for e in f.evidence:
            quote = e.quote if len(e.quote) <= width else e.quote[: width - 1] + "…"
            lines.append(f"    {e.lang} {e.unit or '-'} {e.where()}: {quote}")
        if f.suggestion:
            lines.append(f"    suggestion: {f.suggestion}")
    counts = {s: sum(1 for f in findings if f.severity == s) for s in ("error", "warning", "info")}
    lines.append(f"{len(findings)} finding(s): " + ", ".join(f"{n} {s}" for s, n in counts.items()))
    return "\n".join(lines) + "\n"


def findings_to_sarif(findings: Sequence[Finding], *, tool_version: str = "") -> str:
    """SARIF 2.1.0: one run, rule ids = finding types, locations = file + line of every evidence."""
    types = sorted({f.type for f in findings} | set(RULE_HELP))
    rules = [{"id": t, "name": t, "shortDescription": {"text": RULE_HELP.get(t, t)}} for t in types]
    index = {t: i for i, t in enumerate(types)}
    results = []
    for f in findings:
        locations = []
        seen: set[tuple[str, int]] = set()
        for e in sorted(f.evidence, key=lambda e: e.lang != f.lang):  # own language first (stable)
            if not e.path or (e.path, e.line) in seen:
                continue
            seen.add((e.path, e.line))
            location: dict[str, object] = {
                "physicalLocation": {
                    "artifactLocation": {"uri": url_quote(e.path.replace("\\", "/"))},
                    "region": {"startLine": max(e.line, 1), "snippet": {"text": e.quote}},
                },
                "message": {"text": f"{e.lang} {e.unit or ''}".strip()},
            }
            if e.page is not None:  # a PDF: startLine counts the lines of this page
                location["properties"] = {"page": e.page}
            locations.append(location)
        result: dict[str, object] = {
            "ruleId": f.type,
            "ruleIndex": index[f.type],
            "level": SARIF_LEVEL.get(f.severity, "note"),
            "message": {"text": f"{f.lang} {f.unit}: {f.message}" if f.unit else f"{f.lang}: {f.message}"},
            "locations": locations[:1],
            "partialFingerprints": {"lawalignKey/v1": f.key},
            "properties": {"lang": f.lang, "id": f.unit or None, "suggestion": f.suggestion},
        }
        if len(locations) > 1:
            result["relatedLocations"] = [dict(loc, id=i) for i, loc in enumerate(locations[1:], 1)]
        results.append(result)
    driver: dict[str, object] = {
        "name": "lawalign",
        "informationUri": "https://example.invalid/lawalign",
        "rules": rules,
    }
    if tool_version:
        driver["version"] = tool_version
    doc = {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [{"tool": {"driver": driver}, "results": results}],
    }
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


FORMATS: dict[str, Callable[[Sequence[Finding]], str]] = {
    "text": findings_to_text,
    "json": findings_to_json,
    "csv": findings_to_csv,
    "sarif": findings_to_sarif,
}


def format_findings(findings: Sequence[Finding], fmt: str) -> str:
    """Render findings in one of :data:`FORMATS`; an unknown format raises ConfigError."""
    from lawalign.errors import unknown_name

    if fmt not in FORMATS:
        raise unknown_name("format", fmt, tuple(FORMATS))
    return FORMATS[fmt](findings)


def read_baseline(path: str | Path) -> dict[str, str]:
    """Accepted findings of a baseline file: key → note. Raises InputError on a malformed file."""
    from lawalign.fsafe import read_regular

    p = Path(path)
    try:
        data = json.loads(read_regular(p, str(path), limit=64 * 1024 * 1024).decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise InputError(str(path), f"baseline is not UTF-8: {exc.reason}") from None
    except RecursionError:
        raise InputError(str(path), "baseline nests too deep") from None
    except OSError as exc:
        raise InputError(str(path), f"cannot read baseline: {exc.strerror or exc}") from None
    except json.JSONDecodeError as exc:
        raise InputError(str(path), f"baseline is not JSON: {exc.msg}", exc.lineno, exc.colno) from None
    if isinstance(data, dict) and "findings" in data:
        data = data["findings"]
    if not isinstance(data, list):
        raise InputError(str(path), "baseline must be a JSON list of finding keys")
    out: dict[str, str] = {}
    for i, item in enumerate(data):
        if isinstance(item, str):
            out[item] = ""
        elif isinstance(item, dict) and isinstance(item.get("key"), str):
            out[item["key"]] = str(item.get("note", ""))
        else:
            raise InputError(
                str(path), f"baseline item #{i + 1} is neither a key nor {{'key': ..., 'note': ...}}"
            )
    return out


def baseline_to_json(findings: Iterable[Finding], notes: dict[str, str] | None = None) -> str:
    """A baseline accepting ``findings`` (keeping any ``notes`` already written for their keys)."""
    notes = notes or {}
    items = []
    for key in sorted({f.key for f in findings}):
        item = {"key": key}
        if notes.get(key):
            item["note"] = notes[key]
        items.append(item)
    return json.dumps(items, ensure_ascii=False, indent=2) + "\n"


def write_baseline(
    path: str | Path, findings: Iterable[Finding], notes: dict[str, str] | None = None
) -> None:
    """Write a baseline file accepting ``findings`` (atomically: a temporary file, then a rename)."""
    p = Path(path)
    tmp = p.with_name(p.name + ".tmp")
    tmp.write_text(baseline_to_json(findings, notes), encoding="utf-8")
    tmp.replace(p)


def apply_baseline(
    findings: Sequence[Finding], baseline: dict[str, str]
) -> tuple[list[Finding], list[Finding]]:
    """Split findings into (new, accepted by the baseline)."""
    new = [f for f in findings if f.key not in baseline]
    accepted = [f for f in findings if f.key in baseline]
    return new, accepted
