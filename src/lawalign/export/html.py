"""A self-contained static HTML report: one column per language, one row per unit id.

Findings sit in the cell they are about, with their evidence; inferred ids carry a badge with their
confidence; debris is listed apart. Everything is built as an lxml tree, so law text is always escaped.
The page needs no network: CSS and JS are inline, and a Content-Security-Policy allows only the one
inline script (by its hash), so even a text that slipped through as markup could not run. Every
element holding text from an input is a bidi isolate (``dir="auto"`` or ``<bdi>``, and
``unicode-bidi: isolate`` in the CSS): a right-to-left override in law text cannot reorder the
rest of the page. With JS off
the page shows every row; the small script only adds the law/severity/type filters.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import TYPE_CHECKING

from lxml import etree
from lxml import html as lhtml

from lawalign.export.base import ExportOptions, pick_editions, tool_version, unit_table
from lawalign.models import where
from lawalign.query.frames import SEVERITY_ORDER

if TYPE_CHECKING:
    from lawalign.models import Edition, Finding, Unit
    from lawalign.query import Corpus

SUFFIX = ".html"
MEDIA_TYPE = "text/html"


def _asset(name: str) -> str:
    return resources.files("lawalign").joinpath("data", "report", name).read_text(encoding="utf-8")


def _el(parent: etree._Element, tag: str, text: str | None = None, **attrs: str) -> etree._Element:
    # ``class`` is a keyword in Python: callers pass ``class_``.
    attrib = {k.rstrip("_").replace("_", "-"): v for k, v in attrs.items()}
    node = etree.SubElement(parent, tag, attrib=attrib)
    if text is not None:
        node.text = text
    return node


def _worst(findings: Sequence[Finding]) -> str:
    return min((f.severity for f in findings), key=lambda s: SEVERITY_ORDER.get(s, 9))


def _finding_item(parent: etree._Element, finding: Finding) -> None:
    item = _el(
        parent,
        "li",
        class_=f"finding sev-{finding.severity}",
        data_severity=finding.severity,
        data_type=finding.type,
    )
    _el(item, "span", finding.severity, class_=f"badge {finding.severity}")
    item[-1].tail = " "
    _el(item, "span", finding.type, class_="ftype")
    item[-1].tail = " "
    _el(item, "bdi", finding.message, class_="message")  # quotes law text: isolated (bidi)
    for evidence in finding.evidence:
        quote = _el(item, "blockquote", class_="evidence", lang=evidence.lang)
        _el(quote, "span", evidence.quote, class_="quote", dir="auto")
        _el(
            quote,
            "cite",
            f"{evidence.lang} {evidence.unit or ''} · {evidence.where()}",
            class_="src",
            dir="auto",
        )
    if finding.suggestion:
        _el(item, "div", f"suggestion: {finding.suggestion}", class_="suggestion", dir="auto")


def _unit_cell(row: etree._Element, lang: str, unit: Unit | None, findings: Sequence[Finding]) -> None:
    classes = ["cell"]
    if unit is None:
        classes.append("missing")
    if findings:
        classes.append(f"sev-{_worst(findings)}")
    cell = _el(row, "td", lang=lang, class_=" ".join(classes))
    if unit is None:
        _el(cell, "div", "—", class_="absent", title=f"no such unit in the {lang} edition")
    else:
        text = _el(cell, "div", class_="text", dir="auto")
        if unit.label:
            _el(text, "span", unit.label, class_="label")
            text[-1].tail = f" {unit.text}"  # the same "label text" string every other format carries
        else:
            text.text = unit.text
        meta = _el(cell, "div", class_="src", dir="auto")
        meta.text = unit.source.where()
        if unit.inferred:
            meta.text += " "
            _el(
                meta,
                "span",
                f"inferred id · confidence {unit.confidence:.2f}",
                class_="inferred",
                title=unit.evidence or "id inferred from structure",
            )
    if findings:
        items = _el(cell, "ul", class_="findings")
        for finding in findings:
            _finding_item(items, finding)


def _filters(
    body: etree._Element, laws: Sequence[str], severities: Sequence[str], types: Sequence[str]
) -> None:
    form = _el(body, "form", id="filters", hidden="hidden", role="search")
    for name, label, values in (
        ("law", "Law", laws),
        ("severity", "Severity", severities),
        ("type", "Type", types),
    ):
        wrap = _el(form, "label", f"{label} ")
        select = _el(wrap, "select", name=name)
        _el(select, "option", "all", value="")
        for value in values:
            _el(select, "option", value, value=value)
    shown = _el(form, "span", "rows shown: ", class_="summary")
    _el(shown, "span", "", id="shown-count")


def _editions_table(body: etree._Element, editions: Sequence[Edition]) -> None:
    table = _el(body, "table", class_="editions")
    head = _el(_el(table, "thead"), "tr")
    for title in ("lang", "edition", "file", "translates", "authoritative", "units", "debris"):
        _el(head, "th", title, scope="col")
    tbody = _el(table, "tbody")
    for e in editions:
        row = _el(tbody, "tr")
        for value in (
            e.lang,
            e.name,
            e.path,
            e.source_edition,
            "yes" if e.authoritative else "",
            str(len(e.law_units)),
            str(len(e.debris)),
        ):
            _el(row, "td", value, dir="auto")


def _debris_section(body: etree._Element, editions: Sequence[Edition]) -> None:
    section = _el(body, "section", id="debris")
    _el(section, "h2", "Debris (not law text)")
    pieces = [(e, u) for e in editions for u in e.debris]
    if not pieces:
        _el(section, "p", "None.")
        return
    table = _el(section, "table", class_="debris")
    head = _el(_el(table, "thead"), "tr")
    for title in ("lang", "id", "reason", "repeats", "source", "text"):
        _el(head, "th", title, scope="col")
    tbody = _el(table, "tbody")
    for edition, unit in pieces:
        row = _el(tbody, "tr", data_law=unit.law)
        _el(row, "td", edition.lang)
        _el(row, "td", unit.id)
        _el(row, "td", unit.reason)
        _el(row, "td", unit.duplicate_of or "")
        src = where(unit.source.path, unit.source.line_start, unit.source.page)
        _el(row, "td", src, class_="src", dir="auto")
        _el(
            _el(row, "td", lang=edition.lang),
            "div",
            f"{unit.label} {unit.text}".strip(),
            class_="text",
            dir="auto",
        )


def render_report(
    corpus: Corpus,
    findings: Sequence[Finding],
    options: ExportOptions | None = None,
    *,
    build: Mapping[str, object] | None = None,
) -> bytes:
    """The report page for ``corpus`` with ``findings`` placed in their cells.

    Args:
        corpus: The corpus.
        findings: The findings to show (usually ``corpus.finding_list()``).
        options: ``langs`` limits the columns.
        build: The build identity (:func:`lawalign.output.build_info`), shown in the header and in a
            ``lawalign-build`` meta element so a reader can tell which build the page comes from.

    Returns:
        The page as UTF-8 bytes (deterministic: no timestamp).
    """
    options = options or ExportOptions()
    editions = pick_editions(corpus, options.langs)
    langs = [e.lang for e in editions]
    # The page counts, filters and lists only what it shows: the findings of the languages shown.
    findings = [f for f in findings if options.langs is None or f.lang in langs]
    rows = unit_table(corpus, editions)
    row_ids = {unit_id for unit_id, _ in rows}
    placed: dict[tuple[str, str], list[Finding]] = {}
    loose: list[Finding] = []
    for finding in findings:
        if finding.unit in row_ids and finding.lang in langs:
            placed.setdefault((finding.unit, finding.lang), []).append(finding)
        else:
            loose.append(finding)

    script = _asset("report.js")
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
    root = lhtml.Element("html", lang="en")
    head = _el(root, "head")
    _el(head, "meta", charset="utf-8")
    _el(head, "meta", name="viewport", content="width=device-width, initial-scale=1")
    _el(
        head,
        "meta",
        http_equiv="Content-Security-Policy",
        content=f"default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-{digest}'; "
        "img-src data:; form-action 'none'; base-uri 'none'",
    )
    _el(head, "meta", name="generator", content=f"lawalign {tool_version()}")
    if build is not None:
        _el(head, "meta", name="lawalign-build", content=str(build["id"]))
    laws = sorted({u.law for e in editions for u in e.law_units if u.law}, key=lambda s: (len(s), s))
    title = f"Laws {laws[0]}–{laws[-1]}" if len(laws) > 1 else f"Law {laws[0]}" if laws else "Laws"
    _el(head, "title", f"lawalign report · {title} · {', '.join(langs)}")
    _el(head, "style", _asset("report.css"))

    body = _el(root, "body")
    header = _el(body, "header")
    many = len(editions) != 1
    _el(header, "h1", f"{title}: {len(editions)} edition{'s compared' if many else ' shown'}")
    _editions_table(header, editions)
    counts = {s: sum(1 for f in findings if f.severity == s) for s in SEVERITY_ORDER}
    _el(
        header,
        "p",
        f"{len(findings)} finding{'s' if len(findings) != 1 else ''}: "
        + ", ".join(f"{n} {s}" for s, n in counts.items()),
        class_="summary",
    )
    if build is not None:
        _el(header, "p", f"build {build['id']} · {build['tool']}", class_="build")

    severities = sorted({f.severity for f in findings}, key=lambda s: SEVERITY_ORDER.get(s, 9))
    _filters(body, laws, severities, sorted({f.type for f in findings}))

    table = _el(body, "table", class_="units")
    head_row = _el(_el(table, "thead"), "tr")
    _el(head_row, "th", "id", scope="col")
    for edition in editions:
        caption = edition.lang if edition.name == edition.lang else f"{edition.lang} · {edition.name}"
        _el(
            head_row, "th", caption, scope="col", lang=edition.lang, class_="lang-col", data_lang=edition.lang
        )
    tbody = _el(table, "tbody")
    for unit_id, cells in rows:
        row_findings = [f for lang in langs for f in placed.get((unit_id, lang), [])]
        first = next(iter(cells.values()))
        row = _el(
            tbody,
            "tr",
            id=f"u-{unit_id}",
            data_law=first.law,
            data_severity=" ".join(sorted({f.severity for f in row_findings})),
            data_type=" ".join(sorted({f.type for f in row_findings})),
        )
        _el(row, "th", unit_id, scope="row")
        for lang in langs:
            _unit_cell(row, lang, cells.get(lang), placed.get((unit_id, lang), []))

    section = _el(body, "section", id="other-findings")
    _el(section, "h2", "Findings about units no edition shows")
    if loose:
        items = _el(section, "ul", class_="findings")
        for finding in loose:
            _finding_item(items, finding)
            items[-1].insert(0, etree.Element("span", attrib={"class": "src", "dir": "auto"}))
            items[-1][0].text = f"{finding.lang} {finding.unit or ''} "
    else:
        _el(section, "p", "None.")
    _debris_section(body, editions)
    _el(body, "script", script)
    return bytes(
        lhtml.tostring(root, doctype="<!DOCTYPE html>", encoding="utf-8", method="html", pretty_print=False)
    )


def render(corpus: Corpus, options: ExportOptions) -> bytes:
    """The report for the corpus' own findings (computed by the diff stage when available).

    Args:
        corpus: The corpus.
        options: ``langs`` limits the columns.

    Returns:
        The page as UTF-8 bytes.
    """
    return render_report(corpus, corpus.finding_list(), options)
