"""The build folder as a view of one run: file name → content (bytes, not yet written)."""

from __future__ import annotations

import json
import logging

from lawalign.models import UnitLink
from lawalign.output import format_rows, iter_units_rows
from lawalign.run import Run

log = logging.getLogger(__name__)


def build_outputs(run: Run) -> dict[str, bytes]:
    """Compute every output of ``lawalign build`` from one run: file name → content. Deterministic.

    Every file reads the run's anchored editions (:attr:`Run.editions`), so a unit has the same id
    in the AKN files, ``units.jsonl``, ``alignment.jsonl``, the findings, the report and
    ``corpus.sqlite``. With ``run.align`` off only the AKN files, ``units.jsonl``,
    ``manifest.json`` and ``corpus.sqlite`` are written.
    """
    from lawalign.export.sqlite import database_bytes
    from lawalign.structure.akn import assert_validates, to_akn

    editions = run.editions
    files: dict[str, bytes] = {}
    files["units.jsonl"] = format_rows(iter_units_rows(editions), "jsonl").encode("utf-8")
    links: tuple[UnitLink, ...] = ()
    if run.align:
        from lawalign.align.rows import alignment_rows
        from lawalign.diff.formats import findings_to_json, findings_to_sarif
        from lawalign.export.html import render_report
        from lawalign.query import Corpus

        alignment = run.alignment
        findings = list(run.findings)
        if alignment is not None:
            links = alignment.links
            rows = alignment_rows(alignment, editions, run.order)
            files["alignment.jsonl"] = format_rows(rows, "jsonl").encode("utf-8")
        files["findings.json"] = findings_to_json(findings).encode("utf-8")
        files["findings.sarif"] = findings_to_sarif(findings).encode("utf-8")
        files["report.html"] = render_report(Corpus(run=run), findings)
    for e in editions:
        xml = to_akn(e, links=[link for link in links if e.lang in (link.src_lang, link.tgt_lang)])
        assert_validates(xml)
        files[f"{e.name}.xml"] = xml
    readings = {e.name: r for e, r in run.readings}
    files["manifest.json"] = (
        json.dumps(
            {
                "editions": [
                    {
                        "name": e.name,
                        "lang": e.lang,
                        "path": e.path,
                        "file": f"{e.name}.xml",
                        "source_edition": e.source_edition,
                        "reading": readings[e.name].as_dict() if e.name in readings else None,
                    }
                    for e in editions
                ]
            },
            ensure_ascii=False,
            indent=2,
        )
        + "\n"
    ).encode("utf-8")
    files["corpus.sqlite"] = database_bytes(editions, files)  # from the rows of the files above
    return files
