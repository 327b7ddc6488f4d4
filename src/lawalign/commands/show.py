"""Show one clause in every language: its text, where it stands in each source file, and any findings.

ID is a citation in any form: 68B2, 68.B.2, "Law 68 B 2", "Rule 68B2", "Điều 68B2", "Правило 68B2",
"Yasa 68B2", 70D (a whole section: heading, chapeau, points, wrap), 68 (a whole law), 68.fn1. The
inputs default to the corpus folder ``corpus``, as for search and terms.
JSON output: {"query", "id", "level", "langs": [{"lang", "edition", "present", "text", "source", "inferred",
"confidence", "parts": [unit rows], "findings": [...]}]}.
"""

from __future__ import annotations

import argparse
import json
import sys

from lawalign.commands._corpus_args import (
    add_data,
    add_input_lang,
    add_langs,
    add_model,
    add_optional_inputs,
    corpus_of,
    langs_of,
)
from lawalign.diff.findings import order_findings
from lawalign.errors import ConfigError
from lawalign.models import Edition, Finding, Unit
from lawalign.query import Corpus, compose, parse_unit_query

HELP = "show one clause in every language, with its source lines and findings"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "id", metavar="ID", help="clause citation: 68B2, 'Law 68 B 2', 'Điều 68B2', 70D, 68, 68.fn1"
    )
    add_optional_inputs(p)
    add_data(p)
    add_langs(p, "to show")
    add_input_lang(p)
    add_model(p)
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument(
        "--no-findings", action="store_true", help="do not compute findings (no alignment, no model)"
    )


def _where(unit: Unit) -> str:
    src = unit.source
    lines = f"{src.line_start}" if src.line_start == src.line_end else f"{src.line_start}-{src.line_end}"
    return f"{src.path}:{lines}"


def _edition_of(corpus: Corpus, finding: Finding) -> Edition:
    """The edition a finding is about: of its language, the one its own evidence quotes (else the first)."""
    same = [e for e in corpus.editions if e.lang == finding.lang]
    paths = {ev.path for ev in finding.evidence if ev.lang == finding.lang}
    return next((e for e in same if e.path in paths), same[0] if same else corpus.editions[0])


def collect(
    corpus: Corpus, query: str, langs: tuple[str, ...] | None, with_findings: bool = True
) -> dict[str, object]:
    """The data ``show`` prints: per language the (composed) unit, its parts and its findings.

    Args:
        corpus: The corpus.
        query: The citation.
        langs: Only these languages (None: all).
        with_findings: Compute and attach findings.

    Returns:
        A JSON-ready dict.
    """
    parsed = parse_unit_query(query)
    parts = corpus.parts(query)
    if langs is not None:
        unknown = sorted(set(langs) - set(corpus.langs))
        if unknown:
            raise ConfigError(
                f"no edition in {', '.join(unknown)}; the corpus has: {', '.join(corpus.langs)}"
            )
    findings = order_findings(corpus.finding_list(), "file") if with_findings else []
    entries: list[dict[str, object]] = []
    for edition in corpus.editions:
        lang = edition.lang
        if langs is not None and lang not in langs:
            continue
        units = parts.get(corpus.edition_key(edition), ())
        ids = {parsed.id, *(u.id for u in units)}
        about = [
            f.as_dict()
            for f in findings
            if f.lang == lang and f.unit in ids and _edition_of(corpus, f) is edition
        ]
        entry: dict[str, object] = {"lang": lang, "edition": edition.name, "present": bool(units)}
        if units:
            whole = compose(parsed.id, units)
            entry.update(
                {
                    "text": whole.text,
                    "source": whole.source.as_dict(),
                    "inferred": whole.inferred,
                    "confidence": round(whole.confidence, 3),
                    "parts": [u.as_row() for u in units],
                }
            )
        entry["findings"] = about
        if units or about:
            entries.append(entry)
    return {"query": query, "id": parsed.id, "level": parsed.level, "langs": entries}


def _print_text(data: dict[str, object]) -> None:
    entries = data["langs"]
    assert isinstance(entries, list)
    repeated = {e["lang"] for e in entries if sum(1 for o in entries if o["lang"] == e["lang"]) > 1}
    for n, entry in enumerate(entries):
        if n:
            print()
        who = f"{entry['lang']}/{entry['edition']}" if entry["lang"] in repeated else entry["lang"]
        if not entry["present"]:
            print(f"== {data['id']} · {who} · (absent)")
        else:
            parts = entry["parts"]
            src = entry["source"]
            lines = (
                src["line_start"]
                if src["line_start"] == src["line_end"]
                else f"{src['line_start']}-{src['line_end']}"
            )
            print(f"== {data['id']} · {who} · {src['path']}:{lines}")
            for part in parts:
                mark = f"  (inferred id, confidence {part['confidence']:.2f})" if part["inferred"] else ""
                prefix = f"[{part['id']}] " if len(parts) > 1 or part["id"] != data["id"] else ""
                label = f"{part['label']} " if part["label"] else ""
                print(f"{prefix}{label}{part['text']}{mark}")
        for finding in entry["findings"]:
            print(f"  ! {finding['severity']} {finding['type']} {finding['id'] or '-'}: {finding['message']}")
            for ev in finding["evidence"]:
                print(f"      {ev['lang']} {ev['id'] or '-'} {ev['path']}:{ev['line']}: {ev['quote']}")
            if finding.get("suggestion"):
                print(f"      suggestion: {finding['suggestion']}")


def run(args: argparse.Namespace) -> int:
    corpus = corpus_of(args, use_build=True)
    data = collect(corpus, args.id, langs_of(args), with_findings=not args.no_findings)
    if args.format == "json":
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
    else:
        _print_text(data)
    return 0
