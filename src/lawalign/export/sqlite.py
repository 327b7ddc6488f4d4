"""``corpus.sqlite``: the build as one SQLite database (units, sentences, alignments, findings,
references, terms, editions; FTS5 over unit text), for SQL, Datasette, DuckDB or pandas.

The database is fed from the same data as the build's other files: the rows of ``units.jsonl``,
``alignment.jsonl`` and ``findings.json`` (parsed back from the bytes about to be written, so the
database cannot say anything they do not), plus the editions for their metadata, references
(:mod:`lawalign.query.refs`) and term occurrences (:mod:`lawalign.query.terms`). The schema is
documented in ``docs/database.md``; ``PRAGMA user_version`` is :data:`SCHEMA_VERSION`.

Written with the standard library's ``sqlite3`` into an in-memory database and serialized
(``Connection.serialize``): no file is touched until the build writes the bytes atomically, and the
same input gives byte-identical bytes. Measured against sqlite-utils in docs/database.md.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from lawalign.errors import ConfigError
from lawalign.models import Edition, law_of

if TYPE_CHECKING:
    from lawalign.export.base import ExportOptions
    from lawalign.query import Corpus

log = logging.getLogger(__name__)

SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE editions (
    name TEXT PRIMARY KEY,          -- short name of the edition ("vi")
    lang TEXT NOT NULL,             -- ISO 639-1
    path TEXT NOT NULL,             -- the raw file
    source_edition TEXT NOT NULL,   -- which WBF edition it translates ("2007")
    authoritative INTEGER NOT NULL, -- 1 for the edition findings are stated against
    encoding TEXT NOT NULL,
    media_type TEXT NOT NULL,
    description TEXT NOT NULL,
    units INTEGER NOT NULL,         -- law units (debris excluded)
    debris INTEGER NOT NULL
);
CREATE TABLE units (
    pk INTEGER PRIMARY KEY,         -- row number in units.jsonl (1-based)
    edition TEXT NOT NULL REFERENCES editions(name),
    id TEXT NOT NULL,               -- canonical id ("68B2"); debris "debris.N"
    lang TEXT NOT NULL,
    law TEXT NOT NULL,
    kind TEXT NOT NULL,             -- title | text | footnote | debris
    role TEXT NOT NULL,
    label TEXT NOT NULL,
    text TEXT NOT NULL,
    path TEXT NOT NULL,
    line_start INTEGER NOT NULL,
    line_end INTEGER NOT NULL,
    page INTEGER,                   -- paged files (PDF): the page of line_start (lines count per page)
    page_end INTEGER,               -- ... and of line_end, when later
    inferred INTEGER NOT NULL,
    confidence REAL NOT NULL,
    evidence TEXT,
    reason TEXT,                    -- debris only
    duplicate_of TEXT,              -- debris repeating a unit: that unit's id
    anchor TEXT,                    -- footnotes: the unit carrying the marker
    footnotes TEXT                  -- JSON list of the footnotes anchored here
);
-- not UNIQUE: an edition may hold two units with one id (a long printed heading split in two)
CREATE INDEX units_edition_id ON units (edition, id);
CREATE INDEX units_id_lang ON units (id, lang);
CREATE INDEX units_lang_kind ON units (lang, kind);
CREATE TABLE sentences (
    unit_pk INTEGER NOT NULL REFERENCES units(pk),
    n INTEGER NOT NULL,             -- 0-based, the index beads use
    id TEXT NOT NULL,
    lang TEXT NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (unit_pk, n)
);
CREATE INDEX sentences_id_lang ON sentences (id, lang);
CREATE TABLE alignments (
    unit_pk INTEGER PRIMARY KEY REFERENCES units(pk),
    id TEXT NOT NULL,
    lang TEXT NOT NULL,
    edition TEXT NOT NULL REFERENCES editions(name),
    score REAL NOT NULL,            -- mean similarity to the same id in the other languages
    id_check TEXT                   -- JSON, when the cross-language anchoring said something
);
CREATE INDEX alignments_id ON alignments (id, lang);
CREATE TABLE beads (
    id TEXT NOT NULL,
    src_lang TEXT NOT NULL,
    tgt_lang TEXT NOT NULL,
    src_unit_pk INTEGER REFERENCES units(pk),
    tgt_unit_pk INTEGER REFERENCES units(pk),
    beads TEXT NOT NULL,            -- vecalign notation: "[0]:[0] [1]:[1, 2]" (sentences.n)
    PRIMARY KEY (id, src_lang, tgt_lang)
);
CREATE TABLE findings (
    pk INTEGER PRIMARY KEY,         -- position in findings.json (1-based)
    key TEXT NOT NULL,              -- stable key for baselines
    type TEXT NOT NULL,
    severity TEXT NOT NULL,         -- error | warning | info
    lang TEXT NOT NULL,
    id TEXT,                        -- the unit the finding is about; NULL for an edition-level finding
    unit_pk INTEGER REFERENCES units(pk),   -- NULL when the edition lacks that unit
    message TEXT NOT NULL,
    suggestion TEXT NOT NULL,
    path TEXT NOT NULL,             -- primary location: first evidence in the finding's language
    line INTEGER NOT NULL,
    evidence TEXT NOT NULL,         -- JSON list of {lang, id, quote, path, line}
    detail TEXT                     -- JSON object, rule-specific
);
CREATE INDEX findings_id_lang ON findings (id, lang);
CREATE INDEX findings_type ON findings (type, severity);
CREATE TABLE refs (
    unit_pk INTEGER NOT NULL REFERENCES units(pk),
    id TEXT NOT NULL,               -- the citing unit
    lang TEXT NOT NULL,
    edition TEXT NOT NULL REFERENCES editions(name),
    target TEXT NOT NULL,           -- canonical id cited ("16D", "68B1")
    target_law TEXT NOT NULL,       -- its law ("16"): WHERE target_law = '16'
    kind TEXT NOT NULL,             -- external | internal
    surface TEXT NOT NULL,          -- as printed
    start INTEGER NOT NULL,
    "end" INTEGER NOT NULL,
    path TEXT NOT NULL,
    line INTEGER NOT NULL,
    PRIMARY KEY (unit_pk, start)
);
CREATE INDEX refs_target ON refs (target);
CREATE INDEX refs_target_law ON refs (target_law);
CREATE TABLE terms (
    unit_pk INTEGER NOT NULL REFERENCES units(pk),
    concept TEXT NOT NULL,          -- termbase concept id ("claim")
    kind TEXT NOT NULL,             -- term | modality
    id TEXT NOT NULL,
    lang TEXT NOT NULL,
    edition TEXT NOT NULL REFERENCES editions(name),
    term TEXT NOT NULL,             -- the variant, as `lawalign terms` shows it ("talep")
    matched TEXT NOT NULL,          -- the termbase term matched ("talebi")
    form TEXT NOT NULL,             -- as printed, to the end of the word
    avoided INTEGER NOT NULL,
    start INTEGER NOT NULL,
    "end" INTEGER NOT NULL,
    path TEXT NOT NULL,
    line INTEGER NOT NULL,
    PRIMARY KEY (unit_pk, start, concept)
);
CREATE INDEX terms_concept ON terms (concept, lang);
CREATE VIRTUAL TABLE units_fts USING fts5 (
    text, content="units", content_rowid="pk", tokenize="unicode61 remove_diacritics 0"
);
"""
"""The schema; every table of the database, in creation order."""

TABLES: tuple[str, ...] = (
    "editions",
    "units",
    "sentences",
    "alignments",
    "beads",
    "findings",
    "refs",
    "terms",
    "units_fts",
)


def _jsonl(data: bytes | None) -> list[dict[str, object]]:
    if not data:
        return []
    return [json.loads(line) for line in data.decode("utf-8").splitlines() if line.strip()]


def _json_or_none(value: object) -> str | None:
    return None if value is None else json.dumps(value, ensure_ascii=False, sort_keys=True)


def _str(row: Mapping[str, object], key: str, default: str = "") -> str:
    value = row.get(key, default)
    return default if value is None else str(value)


def _int(row: Mapping[str, object], key: str) -> int:
    value = row.get(key, 0)
    return int(value) if isinstance(value, (int, float, str)) else 0


def _source(row: Mapping[str, object]) -> Mapping[str, object]:
    src = row.get("source", {})
    return src if isinstance(src, Mapping) else {}


def database_bytes(editions: Sequence[Edition], files: Mapping[str, bytes]) -> bytes:
    """The ``corpus.sqlite`` of a build.

    Args:
        editions: The editions, in corpus order (the order ``units.jsonl`` was written in).
        files: The build's outputs so far: ``units.jsonl`` (required), ``alignment.jsonl`` and
            ``findings.json`` (when the build aligned).

    Returns:
        The database file's bytes (SQLite 3, foreign keys checked, FTS5 index built).

    Raises:
        ConfigError: ``units.jsonl`` does not list the editions' units in order.
    """
    conn = sqlite3.connect(":memory:")
    try:
        conn.execute("PRAGMA foreign_keys = ON")
        conn.executescript(SCHEMA)
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        with conn:
            _fill(conn, editions, files)
        problems = conn.execute("PRAGMA foreign_key_check").fetchall()
        if problems:  # pragma: no cover - the inserts above keep the keys consistent
            raise ConfigError(f"corpus.sqlite: {len(problems)} rows break a foreign key: {problems[:3]}")
        conn.execute("VACUUM")
        return bytes(conn.serialize())
    finally:
        conn.close()


def _fill(conn: sqlite3.Connection, editions: Sequence[Edition], files: Mapping[str, bytes]) -> None:
    from lawalign.query.refs import unit_refs
    from lawalign.query.terms import unit_occurrences

    conn.executemany(
        "INSERT INTO editions VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                e.name,
                e.lang,
                e.path,
                e.source_edition,
                int(e.authoritative),
                e.encoding,
                e.media_type,
                e.description,
                len(e.law_units),
                len(e.debris),
            )
            for e in editions
        ],
    )
    rows = _jsonl(files.get("units.jsonl"))
    owners = [(e, u) for e in editions for u in e.units]
    if len(rows) != len(owners) or any(r.get("id") != u.id for r, (_, u) in zip(rows, owners, strict=False)):
        raise ConfigError("corpus.sqlite: units.jsonl does not list the editions' units in order")
    pk_of: dict[tuple[str, str], int] = {}  # (edition, id) -> pk
    first_of_lang: dict[tuple[str, str], int] = {}  # (lang, id) -> pk of the first edition's unit
    unit_rows = []
    for pk, (row, (edition, _)) in enumerate(zip(rows, owners, strict=True), 1):
        src = _source(row)
        uid = _str(row, "id")
        pk_of.setdefault((edition.name, uid), pk)  # a repeated id: links go to the first unit
        first_of_lang.setdefault((_str(row, "lang"), uid), pk)
        unit_rows.append(
            (
                pk,
                edition.name,
                uid,
                _str(row, "lang"),
                _str(row, "law"),
                _str(row, "kind"),
                _str(row, "role"),
                _str(row, "label"),
                _str(row, "text"),
                _str(src, "path"),
                _int(src, "line_start"),
                _int(src, "line_end"),
                src.get("page"),
                src.get("page_end", src.get("page")),
                int(bool(row.get("inferred"))),
                float(str(row.get("confidence", 1.0))),
                row.get("evidence"),
                row.get("reason"),
                row.get("duplicate_of"),
                row.get("anchor"),
                _json_or_none(row.get("footnotes")),
            )
        )
    conn.executemany(f"INSERT INTO units VALUES ({', '.join('?' * 21)})", unit_rows)
    conn.execute("INSERT INTO units_fts (rowid, text) SELECT pk, text FROM units")

    _fill_alignment(conn, _jsonl(files.get("alignment.jsonl")), pk_of)
    _fill_findings(conn, files.get("findings.json"), first_of_lang)

    conn.executemany(
        "INSERT INTO refs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                pk,
                r.id,
                r.lang,
                r.edition,
                r.target,
                law_of(r.target),
                r.kind,
                r.surface,
                r.start,
                r.end,
                r.path,
                r.line,
            )
            for pk, (edition, unit) in enumerate(owners, 1)
            for r in unit_refs(edition, unit)
        ],
    )
    conn.executemany(
        "INSERT INTO terms VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                pk,
                o.concept,
                o.kind,
                o.id,
                o.lang,
                o.edition,
                o.term,
                o.matched,
                o.form,
                int(o.avoided),
                o.start,
                o.end,
                o.path,
                o.line,
            )
            for pk, (edition, unit) in enumerate(owners, 1)
            for o in unit_occurrences(edition, unit)
        ],
    )


def _unit_pk(row: Mapping[str, object], pk_of: Mapping[tuple[str, str], int]) -> int | None:
    """The units row of an alignment row: by its id, else by the id the structure stage gave it
    (the cross-language anchoring may have corrected the id; ``id_check.structure`` keeps the old one)."""
    edition = _str(row, "edition")
    pk = pk_of.get((edition, _str(row, "id")))
    check = row.get("id_check")
    if pk is None and isinstance(check, Mapping):
        pk = pk_of.get((edition, _str(check, "structure")))
    return pk


def _fill_alignment(
    conn: sqlite3.Connection, rows: Iterable[Mapping[str, object]], pk_of: Mapping[tuple[str, str], int]
) -> None:
    beads: dict[tuple[str, str, str], tuple[int | None, int | None, str]] = {}
    by_lang: dict[tuple[str, str], int] = {}
    located: list[tuple[int, Mapping[str, object]]] = []
    for row in rows:
        pk = _unit_pk(row, pk_of)
        if pk is None:
            log.warning(
                "corpus.sqlite: alignment row %s/%s names no unit of units.jsonl; left out",
                _str(row, "edition"),
                _str(row, "id"),
            )
            continue
        by_lang.setdefault((_str(row, "id"), _str(row, "lang")), pk)
        located.append((pk, row))
    for pk, row in located:
        uid, lang, edition = _str(row, "id"), _str(row, "lang"), _str(row, "edition")
        check = row.get("id_check")
        score = row.get("score", 0.0)
        conn.execute(
            "INSERT INTO alignments VALUES (?, ?, ?, ?, ?, ?)",
            (
                pk,
                uid,
                lang,
                edition,
                float(score) if isinstance(score, (int, float)) else 0.0,
                _json_or_none(check),
            ),
        )
        sentences = row.get("sentences", [])
        if isinstance(sentences, list):
            conn.executemany(
                "INSERT INTO sentences VALUES (?, ?, ?, ?, ?)",
                [(pk, n, uid, lang, str(text)) for n, text in enumerate(sentences)],
            )
        pairs = row.get("beads", {})
        if isinstance(pairs, Mapping):
            for pair, text in pairs.items():
                src, _, tgt = str(pair).partition("-")
                beads.setdefault(
                    (uid, src, tgt), (by_lang.get((uid, src)), by_lang.get((uid, tgt)), str(text))
                )
    conn.executemany(
        "INSERT INTO beads VALUES (?, ?, ?, ?, ?, ?)",
        [(uid, src, tgt, spk, tpk, text) for (uid, src, tgt), (spk, tpk, text) in beads.items()],
    )


def _fill_findings(
    conn: sqlite3.Connection, data: bytes | None, first_of_lang: Mapping[tuple[str, str], int]
) -> None:
    if not data:
        return
    raw = json.loads(data.decode("utf-8"))
    findings = raw.get("findings", []) if isinstance(raw, dict) else []
    out = []
    for pk, f in enumerate(findings, 1):
        uid = _str(f, "id") or _str(f, "unit") or None
        lang = _str(f, "lang")
        evidence = f.get("evidence", [])
        own = [e for e in evidence if e.get("lang") == lang] or list(evidence)
        path, line = (str(own[0].get("path", "")), int(own[0].get("line", 0))) if own else ("", 0)
        out.append(
            (
                pk,
                _str(f, "key"),
                _str(f, "type"),
                _str(f, "severity"),
                lang,
                uid,
                first_of_lang.get((lang, uid)) if uid is not None else None,
                _str(f, "message"),
                _str(f, "suggestion"),
                path,
                line,
                json.dumps(evidence, ensure_ascii=False),
                _json_or_none(f.get("detail")),
            )
        )
    conn.executemany(f"INSERT INTO findings VALUES ({', '.join('?' * 13)})", out)


SUFFIX = ".sqlite"
MEDIA_TYPE = "application/vnd.sqlite3"


def render(corpus: Corpus, options: ExportOptions) -> bytes:
    """``lawalign export --format sqlite``: the database of a corpus (or of plain files), like the build's.

    Args:
        corpus: The corpus; its alignment and findings are computed when the stages are available.
        options: ``langs`` keeps only the editions in those languages (and the findings about them).

    Returns:
        The database file's bytes.

    Raises:
        ConfigError: A language of ``langs`` has no edition.
    """
    from lawalign.diff.formats import findings_to_json
    from lawalign.output import format_rows, iter_units_rows

    corpus.check_langs(options.langs)
    editions = [e for e in corpus.editions if options.langs is None or e.lang in options.langs]
    names = {e.name for e in editions}
    files = {"units.jsonl": format_rows(iter_units_rows(editions), "jsonl").encode("utf-8")}
    alignment = corpus.alignment_result()
    if alignment is not None:
        from lawalign.align.rows import alignment_rows

        rows = [r for r in alignment_rows(alignment, list(corpus.editions)) if r["edition"] in names]
        files["alignment.jsonl"] = format_rows(rows, "jsonl").encode("utf-8")
    findings = [f for f in corpus.finding_list() if options.langs is None or f.lang in options.langs]
    files["findings.json"] = findings_to_json(findings).encode("utf-8")
    return database_bytes(editions, files)
