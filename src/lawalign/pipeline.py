"""The whole job as one function: editions in, the build folder's files out (bytes, not yet written)."""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Mapping, Sequence

from lawalign.models import Edition, UnitLink
from lawalign.output import edition_file, format_rows, iter_units_rows, stamp_json

log = logging.getLogger(__name__)


def build_outputs(
    editions: Sequence[Edition],
    *,
    model: str = "e5",
    align: bool = True,
    build: Mapping[str, object] | None = None,
) -> dict[str, bytes]:
    """Compute every output of ``lawalign build``: file name → content. Deterministic.

    ``build`` (from :func:`lawalign.output.build_info`) is recorded in ``manifest.json``,
    ``findings.json``, ``findings.sarif`` and each Akoma Ntoso ``meta``.
    """
    from lawalign.export.sqlite import database_bytes
    from lawalign.structure.akn import assert_validates, to_akn

    files: dict[str, bytes] = {}
    files["units.jsonl"] = format_rows(iter_units_rows(editions), "jsonl").encode("utf-8")
    links: tuple[UnitLink, ...] = ()
    if align:
        from lawalign.align.rows import alignment_rows
        from lawalign.diff.formats import findings_to_json, findings_to_sarif
        from lawalign.export.html import render_report
        from lawalign.query import Corpus

        corpus = Corpus(editions, model=model)
        alignment = corpus.alignment_result()
        findings = corpus.finding_list()
        if alignment is not None:
            links = alignment.links
            files["alignment.jsonl"] = format_rows(alignment_rows(alignment, editions), "jsonl").encode(
                "utf-8"
            )
        files["findings.json"] = findings_to_json(findings).encode("utf-8")
        files["findings.sarif"] = findings_to_sarif(findings).encode("utf-8")
        if build is not None:
            files["findings.json"] = stamp_json(files["findings.json"], build)
            files["findings.sarif"] = stamp_json(files["findings.sarif"], build, sarif=True)
        files["report.html"] = render_report(corpus, findings)
    for e in editions:
        xml = to_akn(
            e, links=[link for link in links if e.lang in (link.src_lang, link.tgt_lang)], build=build
        )
        assert_validates(xml)
        files[edition_file(e.name)] = xml
    files["corpus.sqlite"] = database_bytes(editions, files)  # from the rows of the files above
    manifest: dict[str, object] = {}
    if build is not None:
        manifest["build"] = dict(build)
    manifest["editions"] = [
        {"name": e.name, "lang": e.lang, "path": e.path, "file": edition_file(e.name)} for e in editions
    ]
    if build is not None:
        manifest["files"] = {name: hashlib.sha256(data).hexdigest() for name, data in sorted(files.items())}
    files["manifest.json"] = (json.dumps(manifest, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
    return files
