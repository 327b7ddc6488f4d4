"""Peak memory and CPU time of lawalign on hostile inputs it refuses (docs/guarantees.md, "Limits").

Each input is generated into a temporary folder, deterministically, and read by ``lawalign units``
(or ``sql``) in a fresh child process; the child's peak resident memory (``ru_maxrss``) and CPU
seconds are printed with its exit code and the first line it wrote to stderr.

    python scripts/bench_limits.py            # every case
    python scripts/bench_limits.py docx-bomb  # some cases
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path

GB = 1_500_000_000  # the probes' 1.5 GB of inflated XML


def _bomb_member(zf: zipfile.ZipFile, name: str, head: bytes, fill: bytes, size: int, tail: bytes) -> None:
    """A member of ``size`` bytes (mostly ``fill``), deflated as it is written (never in memory)."""
    info = zipfile.ZipInfo(name, date_time=(2007, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    block = fill * (1 << 20)
    with zf.open(info, "w", force_zip64=True) as fh:
        fh.write(head)
        left = size - len(head) - len(tail)
        while left > 0:
            piece = block[: min(left, len(block))]
            fh.write(piece)
            left -= len(piece)
        fh.write(tail)


def docx_bomb(folder: Path) -> list[str]:
    path = folder / "bomb.docx"
    w = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(
            "[Content_Types].xml",
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
        )
        _bomb_member(
            zf, "word/document.xml", f"<w:document {w}><w:body><w:p><w:r><w:t>".encode(), b" ", GB,
            b"</w:t></w:r></w:p></w:body></w:document>",
        )  # fmt: skip
    return ["units", str(path), "--input-lang", "en"]


def odt_bomb(folder: Path) -> list[str]:
    path = folder / "bomb.odt"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("mimetype", "application/vnd.oasis.opendocument.text")
        _bomb_member(zf, "content.xml", b"<office:document-content>", b" ", GB, b"</office:document-content>")
    return ["units", str(path), "--input-lang", "en"]


def mimetype_bomb(folder: Path) -> list[str]:
    path = folder / "mimetype-bomb.odt"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        _bomb_member(zf, "mimetype", b"application/vnd.oasis.opendocument.text", b" ", GB, b"")
        zf.writestr("content.xml", "<x/>")
    return ["units", str(path), "--input-lang", "en"]


def xml_elements(folder: Path) -> list[str]:
    path = folder / "elements.xml"
    path.write_bytes(b"<law>" + b"<a/>" * 4_900_000 + b"</law>")  # 19.6 MB: under the input size limit
    return ["units", str(path), "--input-lang", "en"]


def deep_toml(folder: Path) -> list[str]:
    corpus = folder / "deep"
    corpus.mkdir()
    (corpus / "manifest.toml").write_text("x = " + "[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
    return ["units", str(corpus)]


def million_laws(folder: Path) -> list[str]:
    corpus = folder / "laws"
    corpus.mkdir()
    (corpus / "ru.txt").write_text("LAW 68\n\nText.\n", encoding="utf-8")
    laws = ", ".join(["68"] * 1_000_000)
    (corpus / "manifest.toml").write_text(
        f'[[edition]]\nfile = "ru.txt"\nlaws = [{laws}]\n', encoding="utf-8"
    )
    return ["units", str(corpus)]


def long_line(folder: Path) -> list[str]:
    path = folder / "line.txt"
    path.write_bytes(b"LAW 68\n\n" + b"word " * 4_000_000 + b"\n")
    return ["units", str(path), "--input-lang", "en"]


def many_lines(folder: Path) -> list[str]:
    path = folder / "lines.txt"
    path.write_bytes(b"A.\n" * 6_990_000)  # 20.97 MB: under the input size limit, 7 million lines
    return ["units", str(path), "--input-lang", "en"]


def many_pages(folder: Path) -> list[str]:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    import pdf_fixtures  # the tests' hand-written PDF of one page object named many times

    return ["units", str(pdf_fixtures.many_pages(folder / "pages.pdf", 300_000)), "--input-lang", "en"]


def _db(folder: Path) -> Path:
    path = folder / "db.sqlite"
    if not path.exists():
        db = sqlite3.connect(path)
        db.execute("CREATE TABLE t (x)")
        db.commit()
        db.close()
    return path


def sql_zeroblob(folder: Path) -> list[str]:
    return ["sql", "SELECT zeroblob(500000000)", "--db", str(_db(folder))]


def sql_endless(folder: Path) -> list[str]:
    endless = "WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT count(*) FROM r"
    return ["sql", endless, "--db", str(_db(folder))]


def sql_rows(folder: Path) -> list[str]:
    rows = (
        "WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r LIMIT 10) "
        "SELECT zeroblob(16000000) FROM r"
    )
    return ["sql", rows, "--db", str(_db(folder))]


CASES: dict[str, Callable[[Path], list[str]]] = {
    "docx-bomb": docx_bomb,
    "odt-bomb": odt_bomb,
    "odt-mimetype-bomb": mimetype_bomb,
    "xml-4.9M-elements": xml_elements,
    "toml-100k-deep": deep_toml,
    "manifest-1M-laws": million_laws,
    "20MB-line": long_line,
    "7M-lines": many_lines,
    "pdf-300k-pages": many_pages,
    "sql-zeroblob-500MB": sql_zeroblob,
    "sql-endless-cte": sql_endless,
    "sql-160MB-result": sql_rows,
}


def measure(argv: list[str]) -> tuple[int, float, float, str]:
    """Exit code, peak MB, CPU seconds and first stderr line of ``lawalign argv`` in a child."""
    script = (
        "import resource, subprocess, sys\n"
        "done = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
        "use = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
        "print(done.returncode, use.ru_maxrss, use.ru_utime + use.ru_stime)\n"
        "print((done.stderr.splitlines() or [''])[0])\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script, sys.executable, "-m", "lawalign", *argv],
        capture_output=True, text=True, check=True,
    ).stdout.splitlines()  # fmt: skip
    code, rss_kb, cpu = out[0].split()
    return int(code), int(rss_kb) / 1024, float(cpu), out[1] if len(out) > 1 else ""


def main(names: list[str]) -> int:
    wanted = names or list(CASES)
    print(f"{'case':<22} {'input':>10} {'exit':>4} {'peak MB':>8} {'CPU s':>6}  message")
    with tempfile.TemporaryDirectory() as tmp:
        for name in wanted:
            folder = Path(tmp) / name
            folder.mkdir()
            argv = CASES[name](folder)
            size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
            code, peak, cpu, message = measure(argv)
            print(f"{name:<22} {size / 1e6:>8.1f}MB {code:>4} {peak:>8.0f} {cpu:>6.2f}  {message[:100]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
