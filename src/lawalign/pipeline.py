"""The whole job as one function: editions in, the build folder's files out (bytes, not yet written)."""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence

from lawalign.models import Edition
from lawalign.output import format_rows, iter_units_rows

log = logging.getLogger(__name__)


def build_outputs(editions: Sequence[Edition], *, model: str = "e5", align: bool = True) -> dict[str, bytes]:
    """Compute every output of ``lawalign build``: file name → content. Deterministic."""
    from lawalign.structure.akn import to_akn

    files: dict[str, bytes] = {}
    files["units.jsonl"] = format_rows(iter_units_rows(editions), "jsonl").encode("utf-8")
    links = ()
    if align:
        from lawalign.align import align_editions
        from lawalign.align.embed import get_embedder
        from lawalign.commands.align import alignment_rows
        from lawalign.diff import find_divergences
        from lawalign.diff.report import findings_to_json, findings_to_sarif

        alignment = align_editions(list(editions), embedder=get_embedder(model))
        links = alignment.links
        files["alignment.jsonl"] = format_rows(alignment_rows(alignment, editions), "jsonl").encode("utf-8")
        findings = find_divergences(list(editions), alignment)
        files["findings.json"] = findings_to_json(findings).encode("utf-8")
        files["findings.sarif"] = findings_to_sarif(findings).encode("utf-8")
        try:
            from lawalign.export.html import render_report
        except ImportError:  # pragma: no cover - report module not built yet
            log.warning("report module missing; report.html not written")
        else:
            files["report.html"] = render_report(editions, alignment, findings)
    for e in editions:
        files[f"{e.name}.xml"] = to_akn(e, links=[l for l in links if e.lang in (l.src_lang, l.tgt_lang)])
    files["manifest.json"] = (
        json.dumps(
            {"editions": [{"name": e.name, "lang": e.lang, "path": e.path, "file": f"{e.name}.xml"} for e in editions]},
            ensure_ascii=False,
            indent=2,
        )
        + "\n"
    ).encode("utf-8")
    return files
