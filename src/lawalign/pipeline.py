"""The build folder as a view of one run: file name → content (bytes, not yet written)."""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Mapping
from pathlib import Path

from lawalign.models import UnitLink
from lawalign.output import edition_file, format_rows, iter_units_rows, stamp_json
from lawalign.run import Run, require_law

log = logging.getLogger(__name__)


def build_outputs(run: Run, *, build: Mapping[str, object] | None = None) -> dict[str, bytes]:
    """Compute every output of ``lawalign build`` from one run: file name → content. Deterministic.

    Every file reads the run's anchored editions (:attr:`Run.editions`), so a unit has the same id
    in the AKN files, ``units.jsonl``, ``alignment.jsonl``, the findings, the report and
    ``corpus.sqlite``. With ``run.align`` off only the AKN files, ``units.jsonl``,
    ``corpus.sqlite`` and ``manifest.json`` are written. ``build`` (from
    :func:`lawalign.output.build_info`) is recorded in ``manifest.json``, ``findings.json``,
    ``findings.sarif`` and each Akoma Ntoso ``meta``.
    """
    from lawalign.export.sqlite import database_bytes
    from lawalign.structure.akn import assert_validates, to_akn

    editions = run.editions
    require_law(editions)
    memo = _validated_memo(run)
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
        if build is not None:
            files["findings.json"] = stamp_json(files["findings.json"], build)
            files["findings.sarif"] = stamp_json(files["findings.sarif"], build, sarif=True)
        files["report.html"] = render_report(Corpus(run=run), findings, build=build)
    for e in editions:
        xml = to_akn(
            e, links=[link for link in links if e.lang in (link.src_lang, link.tgt_lang)], build=build
        )
        assert_validates(xml, memo=memo)
        files[edition_file(e.name)] = xml
    files["corpus.sqlite"] = database_bytes(editions, files)  # from the rows of the files above
    readings = {e.name: r for e, r in run.readings}
    manifest: dict[str, object] = {}
    if build is not None:
        manifest["build"] = dict(build)
    manifest["editions"] = [
        {
            "name": e.name,
            "lang": e.lang,
            "path": e.path,
            "file": edition_file(e.name),
            "source_edition": e.source_edition,
            "reading": readings[e.name].as_dict() if e.name in readings else None,
        }
        for e in editions
    ]
    if build is not None:
        manifest["files"] = {name: hashlib.sha256(data).hexdigest() for name, data in sorted(files.items())}
    files["manifest.json"] = (json.dumps(manifest, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
    return files


def _validated_memo(run: Run) -> Path | None:
    """The folder remembering Akoma Ntoso documents found valid (in the cache folder; None with
    ``--no-cache`` or a cache folder that cannot be used)."""
    from lawalign.cachedir import cache_dir, cache_problem

    if not run.embed_cache:
        return None
    folder = cache_dir(run.cache_dir)
    return None if cache_problem(folder) else folder / "akn-valid"
