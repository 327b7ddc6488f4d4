"""Text, JSON and HTML renderings of update plans, fingerprints and comparisons (pure functions).

Every rendering is deterministic: same input, same bytes. HTML pages are self-contained (inline
CSS, no script) and every piece of law text in them is escaped.
"""

from __future__ import annotations

import html
import json

from lawalign.editions.compare import Comparison, UnitChange
from lawalign.editions.fingerprint import Fingerprint
from lawalign.editions.plan import UpdatePlan
from lawalign.editions.worddiff import render_html, render_text
from lawalign.models import at_line

_CSS = """body{font-family:system-ui,sans-serif;margin:2em;max-width:70em}
table{border-collapse:collapse;width:100%}
td,th{border:1px solid #ccc;padding:.3em .5em;vertical-align:top;text-align:left}
del{background:#fdd;text-decoration:line-through}ins{background:#dfd;text-decoration:none}
.id{white-space:nowrap;font-family:monospace}.muted{color:#666}"""


def to_json(data: dict[str, object]) -> str:
    """Pretty JSON with the characters as published (no ``\\u`` escapes) and a final newline."""
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def _page(title: str, body: list[str]) -> str:
    esc = html.escape(title)
    head = (
        f'<!DOCTYPE html>\n<html>\n<head>\n<meta charset="utf-8">\n'
        f"<title>{esc}</title>\n<style>{_CSS}</style>\n</head>\n"
    )
    return head + f"<body>\n<h1>{esc}</h1>\n" + "\n".join(body) + "\n</body>\n</html>\n"


# -- update plan -------------------------------------------------------------------------------


def plan_text(plan: UpdatePlan) -> str:
    """The plan for people: units to revise, units missing, units to keep."""
    laws = ", ".join(plan.laws) or "none"
    lines = [
        f"Update plan for {plan.name} ({plan.lang}, laws {laws}): {plan.source} -> {plan.target}",
        "",
        f"Revise ({len(plan.items)} units):",
    ]
    for item in plan.items:
        where = item.where if item.present else "not in this edition"
        to = ", ".join(item.to) if item.to else "(deleted)"
        lines.append(f"  {item.unit:<10} {item.change:<18} -> {to}  [{where}]")
        lines.append(f"      {item.reason}")
        for note in item.notes:
            lines.append(f"      * {note}")
    lines += [
        "",
        f"Missing relative to {plan.source} ({len(plan.missing)}): {', '.join(plan.missing) or '-'}",
    ]
    if plan.extra:
        lines.append(f"Not in the {plan.source} skeleton ({len(plan.extra)}): {', '.join(plan.extra)}")
    lines.append(f"Keep as they are ({len(plan.keep)}): {', '.join(plan.keep) or '-'}")
    return "\n".join(lines) + "\n"


def plan_html(plan: UpdatePlan) -> str:
    """The plan as a self-contained HTML page."""
    e = html.escape
    rows = []
    for item in plan.items:
        notes = "".join(f"<li>{e(n)}</li>" for n in item.notes)
        text = f'<div class="muted">{e(item.text)}</div>' if item.present else "<em>not in this edition</em>"
        rows.append(
            f'<tr><td class="id">{e(item.unit)}</td><td>{e(item.change)}</td>'
            f'<td class="id">{e(", ".join(item.to) or "(deleted)")}</td>'
            f"<td>{e(item.reason)}{f'<ul>{notes}</ul>' if notes else ''}</td><td>{text}</td></tr>"
        )
    body = [
        f"<p>{e(plan.name)} ({e(plan.lang)}), laws {e(', '.join(plan.laws))}: "
        f"{e(plan.source)} &rarr; {e(plan.target)}</p>",
        f"<h2>Revise ({len(plan.items)})</h2>",
        "<table><tr><th>unit</th><th>change</th><th>becomes</th><th>what changes</th>"
        "<th>current text</th></tr>",
        *rows,
        "</table>",
        f"<h2>Missing relative to {e(plan.source)} ({len(plan.missing)})</h2>",
        f'<p class="id">{e(", ".join(plan.missing) or "-")}</p>',
    ]
    if plan.extra:
        body += [
            f"<h2>Not in the {e(plan.source)} skeleton</h2>",
            f'<p class="id">{e(", ".join(plan.extra))}</p>',
        ]
    body += [
        f"<h2>Keep as they are ({len(plan.keep)})</h2>",
        f'<p class="id">{e(", ".join(plan.keep) or "-")}</p>',
    ]
    return _page(f"Update plan {plan.name}: {plan.source} to {plan.target}", body)


# -- fingerprint -------------------------------------------------------------------------------


def fingerprint_text(fp: Fingerprint) -> str:
    """The verdict for people, with the evidence and the scores."""
    verdict = fp.edition or "undetermined"
    scores = ", ".join(f"{k}: {v:g}" for k, v in fp.scores.items())
    head = f"{fp.name} ({fp.lang}) follows the {verdict} edition (confidence {fp.confidence:.2f})"
    if fp.reading is not None and fp.reading.guess:
        head = (
            f"{fp.name} ({fp.lang}) follows an edition the tool does not know "
            f"(nearest: {fp.reading.guess}, confidence {fp.confidence:.2f})"
        )
    lines = [head, f"scores: {scores}"]
    if fp.reading is not None:
        r = fp.reading
        margin = "" if r.margin is None else f", margin {r.margin:.2f}"
        known = (
            ""
            if r.known
            else "; printed ids kept"
            if r.guess
            else "; no skeleton for it: ids follow the nearest known edition"
        )
        lines.append(f"read as: {r.source_edition} ({r.evidence}{margin}){known}")
    if fp.evidence:
        lines.append("evidence:")
    for o in fp.evidence:
        mark = "+" if fp.edition in o.editions else "-"
        extra = f" [{o.note}]" if o.note else ""
        lines.append(f"  {mark} {o.unit:<8} {o.says} -> {'/'.join(o.editions)} (weight {o.weight:g}){extra}")
        lines.append(f"      {at_line(o.line, o.page)}: {o.quote}")
    for o in fp.unobserved:
        lines.append(f"  ? {o.signal}: no signal ({o.note})")
    for d in fp.dissent:
        lines.append(f"note: {d}")
    return "\n".join(lines) + "\n"


# -- compare -----------------------------------------------------------------------------------


def _label(c: UnitChange) -> str:
    if c.status == "moved":
        return f"{c.old_id} -> {c.new_id}"
    return c.unit


def compare_text(cmp: Comparison) -> str:
    """The comparison for people: one block per change, differences inline as ``[-old-]{+new+}``."""
    summary = ", ".join(f"{cmp.count(s)} {s}" for s in ("changed", "added", "removed", "moved"))
    lines = [f"{cmp.old_name} -> {cmp.new_name} ({cmp.lang}): {summary}, {len(cmp.unchanged)} unchanged"]
    for c in cmp.changes:
        lines.append("")
        if c.status == "added":
            lines.append(f"+ {c.unit} added (new line {c.new_line})")
            lines.append(f"  {{+{c.new_text}+}}")
        elif c.status == "removed":
            lines.append(f"- {c.unit} removed (old line {c.old_line})")
            lines.append(f"  [-{c.old_text}-]")
        else:
            mark = "~" if c.status == "changed" else ">"
            lines.append(
                f"{mark} {_label(c)} {c.status} "
                f"(lines {c.old_line} -> {c.new_line}, similarity {c.similarity:.2f})"
            )
            lines.append(f"  {render_text(c.ops)}")
    return "\n".join(lines) + "\n"


def compare_html(cmp: Comparison) -> str:
    """The comparison as a self-contained HTML page with ``<del>``/``<ins>``."""
    e = html.escape
    rows = []
    for c in cmp.changes:
        if c.status == "added":
            diff = f"<ins>{e(c.new_text)}</ins>"
        elif c.status == "removed":
            diff = f"<del>{e(c.old_text)}</del>"
        else:
            diff = render_html(c.ops)
        rows.append(f'<tr><td class="id">{e(_label(c))}</td><td>{e(c.status)}</td><td>{diff}</td></tr>')
    summary = ", ".join(f"{cmp.count(s)} {s}" for s in ("changed", "added", "removed", "moved"))
    body = [
        f"<p>{e(cmp.old_name)} &rarr; {e(cmp.new_name)} ({e(cmp.lang)}): {e(summary)}, "
        f"{len(cmp.unchanged)} unchanged</p>",
        "<table><tr><th>unit</th><th>status</th><th>differences</th></tr>",
        *rows,
        "</table>",
    ]
    return _page(f"Compare {cmp.old_name} and {cmp.new_name}", body)
