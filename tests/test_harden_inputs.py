"""Hostile and malformed input: unsafe edition names, files outside the corpus, manifest types and
language codes, control characters, deep HTML nesting, CSV formulas, closed or full stdout.

Every case must end as one located line on stderr with exit 2 (or be handled without loss), never a
traceback, never a file written outside the output folder.
"""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from lawalign.cli import main
from lawalign.errors import InputError
from lawalign.ingest.html import MAX_DEPTH, extract_html, extract_xml
from lawalign.output import csv_cell, edition_file, name_problem, slug

ROOT = Path(__file__).resolve().parent.parent
RU = ROOT / "corpus" / "raw" / "002_1323563bdd032735.txt"
TR = ROOT / "corpus" / "raw" / "003_e30df247acf19ab2.txt"


def _corpus(folder: Path, manifest: str, files: dict[str, Path] | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, src in (files or {"ru.txt": RU}).items():
        (folder / name).write_bytes(src.read_bytes())
    (folder / "manifest.toml").write_text(manifest, encoding="utf-8")
    return folder


def _one_error(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err.strip()
    assert "Traceback" not in err
    lines = [line for line in err.splitlines() if not line.startswith("WARNING")]
    assert len(lines) == 1, err
    return lines[0]


# --- 1. output names and confinement ------------------------------------------------------------


@pytest.mark.parametrize("name", ["../../../pwned", "/tmp/abs", "a/b", "", "nul", "con.txt", "..", "x."])
def test_unsafe_edition_names_are_refused_and_nothing_is_written(tmp_path, capsys, name):
    corpus = _corpus(
        tmp_path / "c" / "d" / "e", f'[[edition]]\nname = "{name}"\nfile = "ru.txt"\nlang = "ru"\n'
    )
    before = sorted(p for p in tmp_path.rglob("*"))
    assert main(["build", str(corpus), "--no-align"]) == 2
    assert main(["ingest", str(corpus), "-o", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert f"{corpus / 'manifest.toml'}:2:8: edition #1: name" in err
    assert sorted(p for p in tmp_path.rglob("*")) == before
    assert not Path("/tmp/abs.xml").exists()


def test_plain_names_and_slugs():
    assert name_problem("vi") == "" and name_problem("ru-2007_b.x") == ""
    for bad in ("../x", "/abs", "a/b", "", "com1", "LPT9.txt", "a" * 65, "-x", ".hidden", "a..b"):
        assert name_problem(bad), bad
    for text in ("Điều 68 (bản dịch)", "../../etc/passwd", "...", "nul", "\x1b[31m", "a/b\\c"):
        assert name_problem(slug(text)) == "", text
    with pytest.raises(Exception, match="cannot be a file name"):
        edition_file("../x")


def test_file_stems_become_safe_names(tmp_path, capsys):
    odd = tmp_path / "Luật 68 (bản dịch).txt"
    odd.write_bytes(RU.read_bytes())
    out = tmp_path / "out"
    assert main(["ingest", str(odd), "--input-lang", "ru", "-o", str(out)]) == 0
    assert [p.name for p in out.iterdir()] == ["Luat-68-ban-dich.xml"]


@pytest.mark.parametrize("file", ["../outside.txt", "/etc/passwd", "sub/../../outside.txt", "link.txt"])
def test_manifest_files_are_confined_to_the_corpus_folder(tmp_path, capsys, file):
    (tmp_path / "outside.txt").write_bytes(RU.read_bytes())
    corpus = _corpus(tmp_path / "c", f'[[edition]]\nfile = "{file}"\nlang = "ru"\n')
    (corpus / "link.txt").symlink_to(tmp_path / "outside.txt")
    (corpus / "sub").mkdir()
    assert main(["units", str(corpus)]) == 2
    err = _one_error(capsys)
    assert err.startswith(f"{corpus / 'manifest.toml'}:2:8: ")
    assert "outside the corpus folder" in err and "--allow-outside" in err
    if file != "/etc/passwd":
        assert main(["units", str(corpus), "--allow-outside"]) == 0
        assert '"lang": "ru"' in capsys.readouterr().out


# --- 9. manifest types, languages, editions, TOML errors -----------------------------------------


@pytest.mark.parametrize(
    ("manifest", "where", "message"),
    [
        ("edition = 5\n", ":1:11: ", "'edition' must be a list of tables"),
        ('corpus = 5\n[[edition]]\nfile = "ru.txt"\n', ":1:10: ", "'corpus' must be a table"),
        ('[[edition]]\nfile = "ru.txt"\nlang = "ru"\nauthoritative = "no"\n', ":4:17: ", "true or false"),
        ("[[edition]]\nfile = 5\n", ":2:8: ", "'file' must be a string"),
        ('[[edition]]\nfile = "ru.txt"\nname = 7\n', ":3:8: ", "'name' must be a string"),
        ('[[edition]]\nfile = "ru.txt"\nlang = "zz"\n', ":3:8: ", "language 'zz' is not a known"),
        ('[[edition]]\nfile = "ru.txt"\nlang = "en-US"\n', ":3:8: ", "not a known ISO 639-1"),
        ('[[edition]]\nfile = "ru.txt"\nlang = 5\n', ":3:8: ", "language must be a string"),
        ('[corpus]\nreference = "1999"\n[[edition]]\nfile = "ru.txt"\n', ":2:13: ", "has no skeleton"),
        ('[[edition]]\nfile = "ru.txt"\nsource_edition = "2099"\n', ":3:18: ", "not a known edition"),
        ('[[edition]]\nfile = "ru.txt"\nlaws = "68"\n', ":3:8: ", "'laws' must be a list"),
        ('[[edition]]\nfile = "ru.txt"\nfiel = "x"\n', ":3:8: ", "unknown key(s) fiel"),
        ('[[edition]]\nfile = "ru.txt"\ndescription = "\\u001b[2J"\n', ":3:15: ", "control character"),
        ('[[edition]]\nfile = "ru.txt"\nlang = \n', ":3:8: ", "malformed manifest: Invalid value"),
        ('[[edition]]\nfile = "ru.txt"\nlang = "ru"\nlang = "tr"\n', ":4:", "malformed manifest"),
        ("[corpus]\n", "", "the manifest lists no [[edition]]"),
    ],
)
def test_bad_manifests_are_one_located_line(tmp_path, capsys, manifest, where, message):
    corpus = _corpus(tmp_path / "c", manifest)
    assert main(["units", str(corpus)]) == 2
    err = _one_error(capsys)
    assert err.startswith(f"{corpus / 'manifest.toml'}{where}"), err
    assert message in err
    assert "(at line" not in err  # the location is in front, not inside the message


def test_upper_case_language_is_read_lower_case_with_a_warning(tmp_path, capsys, caplog):
    corpus = _corpus(tmp_path / "c", '[[edition]]\nfile = "ru.txt"\nlang = "RU"\nauthoritative = true\n')
    assert main(["units", str(corpus)]) == 0
    captured = capsys.readouterr()
    assert "manifest.toml:3: language 'RU' read as 'ru'" in caplog.text
    assert all(json.loads(line)["lang"] == "ru" for line in captured.out.splitlines())
    assert main(["units", str(RU), "--input-lang", "EN"]) == 0
    assert main(["units", str(RU), "--input-lang", "zz"]) == 2
    assert "language 'zz' is not a known ISO 639-1 code" in capsys.readouterr().err


# --- 6. control characters -----------------------------------------------------------------------


def _with_escapes(tmp_path: Path) -> Path:
    lines = RU.read_text(encoding="utf-8").splitlines()
    lines[0] = "\x1b[31m" + lines[0] + "\x07"
    lines[4] = lines[4] + "\x1b]0;pwned\x07\x7f"
    path = tmp_path / "ru.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_control_characters_become_located_debris_and_never_crash(tmp_path, capsys):
    path = _with_escapes(tmp_path)
    assert main(["units", str(path), "--input-lang", "ru"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    controls = [r for r in rows if r.get("reason") == "control"]
    assert [(r["source"]["line_start"], r["text"]) for r in controls] == [
        (1, "U+001B ESCAPE"),
        (1, "U+0007 BELL"),
        (5, "U+001B ESCAPE"),
        (5, "U+0007 BELL, U+007F DELETE"),
    ]
    assert controls[0]["evidence"].startswith("column 1:")
    assert not any(ch in r["text"] for r in rows for ch in "\x1b\x07\x7f")
    out = tmp_path / "akn"
    assert main(["ingest", str(path), "--input-lang", "ru", "-o", str(out)]) == 0
    corpus = _corpus(tmp_path / "c", '[[edition]]\nfile = "ru.txt"\nlang = "ru"\n', {"ru.txt": path})
    assert main(["build", str(corpus), "--no-align"]) == 0


def _ids(path: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    assert main(["units", str(path), "--input-lang", "ru"]) == 0
    return [json.loads(line)["id"] for line in capsys.readouterr().out.splitlines()]


@pytest.mark.parametrize("mark", ["\u200f", "\u200e", "\u061c", "\u202b", "\u2067"])
def test_bidirectional_marks_around_labels_change_no_id(tmp_path, capsys, mark):
    """A right-to-left page writes LRM/RLM or an isolate around a heading's number; they set the
    display order only, and must not hide "СТАТЬЯ 68" or "A." from the reader."""
    plain = _ids(RU, capsys)
    lines = RU.read_text(encoding="utf-8").splitlines()
    close = "\u2069" if mark == "\u2067" else ""  # an isolate is closed by PDI
    marked = [mark + line.replace(" ", f" {mark}", 1) + close for line in lines]
    path = tmp_path / "ru.txt"
    path.write_text("\n".join(marked) + "\n", encoding="utf-8")
    assert _ids(path, capsys) == plain


@pytest.mark.parametrize("zero", [0x1D7CE, 0x0F20, 0x1040])  # mathematical bold, Tibetan, Myanmar
def test_law_numbers_in_any_decimal_digits_get_ids(tmp_path, capsys, zero):
    """``\\d`` reads every Unicode decimal digit: a page printing "СТАТЬЯ 𝟔𝟖" got no id but an error
    without a location (exit 2); now its ids are the plain text's."""
    plain = _ids(RU, capsys)
    digits = str.maketrans({str(d): chr(zero + d) for d in range(10)})
    path = tmp_path / "ru.txt"
    path.write_text(RU.read_text(encoding="utf-8").translate(digits), encoding="utf-8")
    assert _ids(path, capsys) == plain


def test_every_decimal_digit_folds_to_ascii():
    import sys
    import unicodedata

    from lawalign.models import ASCII_DIGITS, DIGIT_ZEROS

    zeros = [c for c in range(0x80, sys.maxunicode + 1) if unicodedata.decimal(chr(c), None) == 0]
    assert sorted(DIGIT_ZEROS) == zeros  # the data follows this Python's Unicode version
    assert all(chr(z + d).translate(ASCII_DIGITS) == str(d) for z in zeros for d in range(10))


def test_text_format_never_sends_escape_sequences_to_a_terminal(tmp_path, capsys):
    path = _with_escapes(tmp_path)
    named = tmp_path / "x\x1b[2Jy.txt"
    named.write_bytes(path.read_bytes())
    assert main(["units", str(named), "--input-lang", "ru", "--format", "text"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out
    assert "\\x1b[2J" in out  # the path is shown, spelled
    assert main(["units", str(tmp_path / "no\x1bfile.txt")]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "no\\x1bfile.txt: no such file" in err


def test_control_characters_in_html_chrome_are_spelled(tmp_path, capsys):
    page = (
        "<!DOCTYPE html><html><body><nav>menu\x1b[0m</nav><div class='post-body'>"
        + "".join(f"<p>{line}</p>" for line in RU.read_text(encoding="utf-8").splitlines() if line)
        + "</div></body></html>"
    )
    path = tmp_path / "page.html"
    path.write_text(page, encoding="utf-8")
    assert main(["units", str(path), "--input-lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "menu<U+001B>[0m" in out


# --- 3. deep HTML -------------------------------------------------------------------------------


@pytest.mark.parametrize("depth", [10, 300, 1000, MAX_DEPTH - 10])
def test_deeply_nested_html_keeps_every_paragraph(depth):
    page = "<html><body>" + "<div>" * depth + "<p>LAW 68</p><p>A. Claim text.</p>" + "</div>" * depth
    for extract in (extract_html, extract_xml):
        # the page's paragraphs (XHTML, read as XML, too) have a margin between them: a blank line
        assert [line.text for line in extract(page + "</body></html>", "deep.html").lines] == [
            "LAW 68",
            "",
            "A. Claim text.",
        ]


def test_html_nested_beyond_the_limit_is_refused_with_its_location(tmp_path, capsys):
    depth = MAX_DEPTH + 100
    page = "<html><body>\n" + "<div>" * depth + "<p>LAW 68</p>" + "</div>" * depth + "</body></html>"
    with pytest.raises(InputError, match=r"deep.html:2:\d+: elements nest deeper than 2048"):
        extract_html(page, "deep.html")
    path = tmp_path / "deep.html"
    path.write_text(page, encoding="utf-8")
    assert main(["units", str(path), "--input-lang", "ru"]) == 2
    assert "nest deeper" in _one_error(capsys)
    # the refusal does not leak into the next document's errors (lxml keeps a global error log)
    with pytest.raises(InputError, match=r"malformed XML: Opening and ending tag mismatch"):
        extract_xml("<x><y></x>", "next.xml")


# --- 7. CSV formula injection --------------------------------------------------------------------

FORMULAS = ['=HYPERLINK("http://evil","x")', "+1+1", "-2+3", "@SUM(A1)", "\tx", "\rx"]


def test_csv_cells_are_neutralised():
    for text in FORMULAS:
        assert csv_cell(text) == "'" + text
    assert csv_cell("68B2") == "68B2" and csv_cell(-1) == -1 and csv_cell("") == ""


def _formula_file(tmp_path: Path) -> Path:
    lines = TR.read_text(encoding="utf-8").splitlines()
    idx = next(i for i, line in enumerate(lines) if len(line) > 80)
    lines[idx] = '=HYPERLINK("http://evil","x") ' + lines[idx]
    path = tmp_path / "tr.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _cells(text: str) -> list[str]:
    return [cell for row in csv.reader(io.StringIO(text)) for cell in row]


def test_csv_outputs_never_start_a_cell_with_a_formula_character(tmp_path, capsys):
    path = _formula_file(tmp_path)
    assert main(["units", str(path), "--input-lang", "tr", "--format", "csv"]) == 0
    cells = _cells(capsys.readouterr().out)
    assert any(c.startswith("'=HYPERLINK") for c in cells)
    assert not [c for c in cells if c[:1] in ("=", "+", "-", "@", "\t", "\r")]
    out = tmp_path / "units.csv"
    assert main(["export", str(path), "--format", "csv", "-o", str(out)]) == 0
    cells = _cells(out.read_text(encoding="utf-8"))
    assert any(c.startswith("'=HYPERLINK") for c in cells)
    assert not [c for c in cells if c[:1] in ("=", "+", "-", "@", "\t", "\r")]


def test_findings_csv_is_neutralised():
    from lawalign.diff.formats import findings_to_csv
    from lawalign.models import Evidence, Finding

    finding = Finding(
        type="changed-reference",
        severity="warning",
        lang="ru",
        unit="68A",
        message="=cmd|' /C calc'!A0",
        evidence=(Evidence(lang="ru", unit="68A", quote="@SUM(1)", path="-x.txt", line=3),),
    )
    cells = _cells(findings_to_csv([finding]))
    assert "'=cmd|' /C calc'!A0" in cells and "'@SUM(1)" in cells and "'-x.txt" in cells


# --- 9. outputs: -o naming a folder, closed and full stdout -------------------------------------


def test_output_file_naming_a_folder_is_an_error(tmp_path, capsys):
    assert main(["units", str(RU), "--input-lang", "ru", "-o", str(tmp_path)]) == 2
    assert _one_error(capsys) == f"{tmp_path}: is a folder; give a file name"
    assert main(["export", str(RU), "--format", "csv", "-o", str(tmp_path)]) == 2
    assert _one_error(capsys) == f"{tmp_path}: is a folder; give a file name"
    afile = tmp_path / "f.txt"
    afile.write_text("x", encoding="utf-8")
    assert main(["ingest", str(RU), "--input-lang", "ru", "-o", str(afile)]) == 2
    assert "exists and is not a folder" in _one_error(capsys)


def _cli(*args: str, stdout: object) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "lawalign", *args],
        stdout=stdout,  # type: ignore[arg-type]
        stderr=subprocess.PIPE,
        cwd=ROOT,
        check=False,
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_full_stdout_is_exit_2_with_a_message():
    with open("/dev/full", "wb") as full:
        done = _cli("units", "corpus", stdout=full)
    assert done.returncode == 2
    assert done.stderr.decode().strip() == "<stdout>: No space left on device"


def test_closed_stdout_is_a_quiet_exit():
    proc = subprocess.Popen(
        [sys.executable, "-m", "lawalign", "units", "corpus"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.read(10)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait() == 0
    assert err == ""


# --- 8. cliffs: law numbers and paragraph length -------------------------------------------------

BOOK = (
    "LAW 68 CLAIMS\n\nA. The claimer must state the line.\n\nLAW 999 NINE\n\nA. Text of law nine nine nine.\n"
)


def test_law_numbers_over_999_are_set_aside_not_merged(tmp_path, capsys):
    path = tmp_path / "book.txt"
    path.write_text(BOOK + "\nLAW 1000 THOUSAND\n\nA. Text of law one thousand.\n", encoding="utf-8")
    assert main(["units", str(path), "--input-lang", "en", "--no-reader"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    aside = [(r["id"], r["source"]["line_start"], r["text"]) for r in rows if r.get("reason") == "other-law"]
    assert aside == [
        ("debris.aside1", 9, "LAW 1000 THOUSAND"),
        ("debris.aside2", 11, "A. Text of law one thousand."),
    ]
    assert rows[0]["evidence"].startswith("column 5: law number 1000 is beyond this book's 1-999")
    assert not any("thousand" in r["text"] for r in rows if r["kind"] != "debris")  # never law 999's
    path.write_text(BOOK, encoding="utf-8")
    # the rules read numbers up to 999 (the fitted reader may still veto a law the book does not hold:
    # Law 999 has no reference title, and a two-line run under "NINE" is its own evidence)
    assert main(["units", str(path), "--input-lang", "en", "--no-reader"]) == 0
    ids = [json.loads(line)["id"] for line in capsys.readouterr().out.splitlines()]
    assert ids == ["68.title", "68A", "999.title", "999A"]


def test_a_law_number_of_thousands_of_digits_is_set_aside_without_a_traceback(tmp_path, capsys):
    path = tmp_path / "book.txt"
    path.write_text(BOOK + "\nLAW " + "9" * 5000 + " X\n", encoding="utf-8")  # int() refuses > 4,300
    assert main(["units", str(path), "--input-lang", "en", "--no-reader"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    (aside,) = [r for r in rows if r.get("reason") == "other-law"]
    assert aside["evidence"].startswith("column 5: law number 999999999999… is beyond this book's 1-999")


@pytest.mark.parametrize(
    ("lang", "page", "cited"),
    [
        (
            "fr",
            "LOI 68 - RÉCLAMATION\n\nA. Toute déclaration est une réclamation.\n\n",
            "Article 1384 du Code civil : on répond du dommage.",
        ),
        ("de", "Regel 68 - Claim\n\nA. Jede Erklärung ist ein Claim.\n\n", "§ 1004 BGB gilt entsprechend."),
        # the number glued to a keyword that ends in a mark, as the reader reads "§70." as a law heading
        ("de", "Regel 68 - Claim\n\nA. Jede Erklärung ist ein Claim.\n\n", "§1004 BGB gilt entsprechend."),
    ],
)
def test_a_page_citing_another_codes_article_is_read_not_refused(tmp_path, capsys, lang, page, cited):
    """Commentary citing a civil code's article at a line's start refused the whole page (exit 2)."""
    path = tmp_path / "page.txt"
    path.write_text(page + cited + "\n", encoding="utf-8")
    assert main(["units", str(path), "--input-lang", lang, "--no-reader"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["text"] for r in rows if r.get("reason") == "other-law"] == [cited]
    assert any(r["id"].startswith("68A") for r in rows)  # the page is read


@pytest.mark.parametrize("n", ["1", "11", "1000000", "9" * 30])
def test_pair_refuses_a_bead_size_past_its_limit_in_one_line(capsys, n):
    """--max-bead sizes the run arrays: 1000000 asked for 144 GiB and ended in a traceback."""
    assert main(["pair", str(RU), str(TR), "--max-bead", n]) == 2
    assert _one_error(capsys) == f"--max-bead {n}: must lie in 2-10 (1-1 beads up to 1-9)"


def test_encoding_starts_no_more_processes_than_cores(monkeypatch):
    """Each process holds a copy of the model: --jobs 1000 must not mean 1000 of them."""
    import numpy as np

    from lawalign.align import parallel

    asked: list[int] = []

    class Pool:
        def map(self, fn, parts):
            return [np.zeros((len(p), 1)) for p in parts]

    def pool(spec, jobs):
        asked.append(jobs)
        return Pool()

    class Embedder:
        def spawn_spec(self):
            return (dict, ())

    monkeypatch.setattr(parallel, "_pool", pool)
    out = list(parallel.encode_slices(Embedder(), [["a"]] * 50, 1000))
    assert len(out) == 50
    assert asked == ([parallel.available_cores()] if parallel.available_cores() > 1 else [])


def test_a_huge_paragraph_is_refused_at_its_line(tmp_path, capsys):
    from lawalign.limits import MAX_PARAGRAPH_CHARS

    path = tmp_path / "huge.txt"
    para = "A. " + "Word word word. " * 75_000  # 1.2 M characters (the final space is trimmed)
    path.write_text(f"LAW 68 CLAIMS\n\n{para}\n", encoding="utf-8")
    assert main(["units", str(path), "--input-lang", "en"]) == 2
    err = _one_error(capsys)
    assert err.startswith(f"{path}:3:1: a paragraph of 1,200,002 characters is over the limit of")
    assert f"{MAX_PARAGRAPH_CHARS:,}" in err


def test_a_text_of_too_many_lines_is_refused_before_its_lines_are_built(tmp_path, capsys):
    from lawalign.ingest.read import read_source
    from lawalign.limits import MAX_LINES

    path = tmp_path / "lines.txt"
    path.write_text("A.\n" * MAX_LINES, encoding="utf-8")  # the limit itself is read
    assert len(read_source(path, "en").lines) == MAX_LINES
    path.write_text("A.\n" * MAX_LINES + "B.\n", encoding="utf-8")
    assert main(["units", str(path), "--input-lang", "en"]) == 2
    assert _one_error(capsys) == (
        f"{path}:{MAX_LINES + 1}:1: more than {MAX_LINES:,} lines, over the limit for one input "
        "(split the file, or check that this file is a law text)"
    )
    # soft line breaks start lines too; the error names the raw line they are on
    path.write_text("LAW 68\n" + "a\x0c" * MAX_LINES, encoding="utf-8")
    assert main(["units", str(path), "--input-lang", "en"]) == 2
    assert _one_error(capsys).startswith(f"{path}:2:1: more than {MAX_LINES:,} lines")


def test_a_page_of_too_many_paragraphs_is_refused_at_its_line(tmp_path, capsys):
    from lawalign.limits import MAX_LINES

    path = tmp_path / "page.html"
    row = "<p>a</p>" * 10  # ten paragraphs a line: line numbers stay below libxml2's 65,535
    body = "\n".join([row] * (MAX_LINES // 10) + ["<p>b</p>"])
    path.write_text(f"<html><body>\n{body}\n</body></html>\n", encoding="utf-8")
    assert main(["units", str(path), "--input-lang", "en"]) == 2
    assert _one_error(capsys).startswith(f"{path}:{MAX_LINES // 10 + 2}:1: more than {MAX_LINES:,} lines")


def test_a_page_past_the_html_parsers_line_numbers_says_so(tmp_path, caplog):
    from lawalign.ingest.read import read_source
    from lawalign.limits import HTML_MAX_LINE

    path = tmp_path / "long.html"
    path.write_text("<html><body>\n" + "\n" * 70_000 + "<p>LAW 68</p>\n</body></html>\n", encoding="utf-8")
    source = read_source(path, "en")
    (notice,) = [n for n in source.notices if n.code == "html-line-numbers"]
    assert notice.line == HTML_MAX_LINE and f"located at line {HTML_MAX_LINE:,}" in notice.message
    assert source.lines[0].raw_line == HTML_MAX_LINE  # libxml2's, not 70,002: said, not hidden
    assert f"{path}:{HTML_MAX_LINE}: the page has more than" in caplog.text


def test_ids_to_review_are_marked_without_comparing_units(tmp_path, monkeypatch, capsys):
    """Marking the ids under review compared every unit with every id under review by value
    (37,454 comparisons for these 400 lines): a text of 50,000 such lines took three minutes, two
    thirds of them there (now 24 s)."""
    import random

    from lawalign.models import Unit

    rng = random.Random(2)
    words = ["claim", "law", "the", "director", "shall", "68", "A.", "1.", "(a)", "tricks"]
    path = tmp_path / "words.txt"
    path.write_text(
        "\n".join(" ".join(rng.choice(words) for _ in range(8)) for _ in range(400)), encoding="utf-8"
    )
    calls: list[int] = []
    compare = Unit.__eq__
    monkeypatch.setattr(Unit, "__eq__", lambda a, b: calls.append(1) or compare(a, b))
    assert main(["units", str(path), "--input-lang", "en"]) == 0
    assert "review: confidence below" in capsys.readouterr().out  # ids under review were marked
    assert len(calls) < 100


def test_a_law_printed_over_and_over_does_not_run_out_of_section_letters(tmp_path, capsys):
    """A law printed nine times in a row is read as one law whose point numbering restarts; each
    restart is a section inferred after the last, and past "Z" there was no letter: the id "5[1" was
    refused as not canonical, with no location (exit 2). Now the sections stop at "Z"."""
    law = ["LAW 5 - SOME TITLE", ""]
    for sec in "ABCD":
        law += [
            f"{sec}. Section heading 5{sec}",
            *(f"{n}. The player shall act ({sec}{n})." for n in (1, 2, 3)),
        ]
    path = tmp_path / "again.txt"
    path.write_text("\n".join([*law, ""] * 9), encoding="utf-8")
    assert main(["units", str(path), "--input-lang", "en"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    covered = {n for r in rows for n in range(r["source"]["line_start"], r["source"]["line_end"] + 1)}
    text_lines = {
        n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if line.strip()
    }
    assert text_lines <= covered  # nothing lost
    assert not any("[" in r["id"] for r in rows)


def test_a_unit_joined_from_many_lines_is_capped_too():
    from lawalign.limits import MAX_PARAGRAPH_CHARS, check_units
    from lawalign.models import Edition, Source, Unit

    unit = Unit(
        id="68A",
        kind="text",
        role="section",
        lang="en",
        law="68",
        text="x" * (MAX_PARAGRAPH_CHARS + 1),
        source=Source("book.txt", 3, 900),
    )
    with pytest.raises(InputError, match=r"^book.txt:3: unit 68A has 50,001 characters"):
        check_units(Edition(name="en", path="book.txt", lang="en", units=(unit,)))


# --- lawalign sql: bounded, escaped ----------------------------------------------------------------


def _shared_db(tmp_path: Path) -> Path:
    import sqlite3

    path = tmp_path / "shared.sqlite"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE units (id TEXT, text TEXT)")
    db.execute("INSERT INTO units VALUES (?, ?)", ("68A", "\x1b]0;pwned\x07\x1b[2Jred\x9b1m"))
    db.commit()
    db.close()
    return path


@pytest.mark.parametrize("fmt", ["text", "csv", "json", "jsonl"])
def test_sql_never_prints_control_characters_raw(tmp_path, capsys, fmt):
    db = _shared_db(tmp_path)
    assert (
        main(["sql", "SELECT id, text, char(27) AS [e\x1b] FROM units", "--db", str(db), "--format", fmt])
        == 0
    )
    out = capsys.readouterr().out
    assert not any(ch in out for ch in "\x1b\x07\x9b"), repr(out)
    if fmt.startswith("json"):
        rows = [json.loads(line) for line in out.splitlines()] if fmt == "jsonl" else json.loads(out)
        assert rows[0]["text"] == "\x1b]0;pwned\x07\x1b[2Jred\x9b1m"  # the value, escaped, not changed
    else:
        assert "\\x1b]0;pwned\\x07\\x1b[2Jred\\x9b1m" in out


_ENDLESS = "WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT count(*) FROM r"


@pytest.mark.parametrize(
    ("sql", "extra", "message"),
    [
        (_ENDLESS, ["--timeout", "0.2"], "sql: refused: the query ran past the time limit of 0.2 s"),
        # nan or inf lifted the limit (a deadline never passed): the query ran on unbounded
        (_ENDLESS, ["--timeout", "nan"], "--timeout nan: must be a positive number of seconds"),
        (_ENDLESS, ["--timeout", "inf"], "--timeout inf: must be a positive number of seconds"),
        (_ENDLESS, ["--timeout", "0"], "--timeout 0: must be a positive number of seconds"),
        ("SELECT zeroblob(500000000)", [], "sql: refused: string or blob too big"),
        ("SELECT randomblob(20000000)", [], "sql: refused: string or blob too big"),
        (
            "WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r LIMIT 300000) SELECT x FROM r",
            [],
            "sql: refused: the result has more than 200,000 rows",
        ),
        (
            "WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r LIMIT 10) "
            "SELECT zeroblob(16000000) FROM r",
            [],
            "sql: refused: the result holds more than 67,108,864 bytes",
        ),
    ],
)
def test_sql_resource_limits_refuse_with_one_line(tmp_path, sql, extra, message):
    # In a child process: a regression would hang or eat memory, and must not take the suite along.
    db = _shared_db(tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "lawalign", "sql", sql, "--db", str(db), *extra],
        capture_output=True,
        text=True,
        timeout=600,  # a safety net only: the query itself is stopped by the tool's own limit
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(message) and done.stderr.count("\n") == 1, done.stderr
    assert done.stdout == ""


def test_sql_blobs_print_as_hex(tmp_path, capsys):
    db = _shared_db(tmp_path)
    assert main(["sql", "SELECT x'00ff' AS b", "--db", str(db), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == [{"b": "X'00FF'"}]


# --- manifests, data files and glossaries: bounded and located ---------------------------------------

_DEEP = "x = " + "[" * 5000 + "]" * 5000 + "\n"


@pytest.mark.parametrize(
    ("manifest", "where", "message"),
    [
        (
            '[edition]\nfile = "ru.txt"\n',
            ":1:1: ",
            "'edition' must be a list of tables: write each edition as [[edition]]",
        ),
        (
            '[[edition]]\nfile = "ru.txt"\nlaws = [68, 0]\n',
            ":3:8: ",
            "edition #1: 'laws' holds 0; law numbers run 1-999",
        ),
        (
            '[[edition]]\nfile = "ru.txt"\nlaws = [68, -1]\n',
            ":3:8: ",
            "edition #1: 'laws' holds -1; law numbers run 1-999",
        ),
        (
            '[[edition]]\nfile = "ru.txt"\nlaws = [68, 1000000000000000000000000000000]\n',
            ":3:8: ",
            "edition #1: 'laws' holds 1000000000000000000000000000000; law numbers",
        ),
        ('[[edition]]\nfile = "ru.txt"\nlaws = [68, "68A"]\n', ":3:8: ", "edition #1: 'laws' holds '68A'"),
        ('[[edition]]\nfile = "ru.txt"\nlaws = [68, true]\n', ":3:8: ", "edition #1: 'laws' holds True"),
        (
            '[[edition]]\nfile = "ru.txt"\nlaws = [' + ", ".join(["68"] * 1_000_000) + "]\n",
            ":3:8: ",
            "edition #1: 'laws' lists 1,000,000 items, more than there are law numbers (1-999)",
        ),
        (
            '[[edition]]\nfile = "ru.txt"\n' + _DEEP,
            ":3:37: ",
            "malformed manifest: arrays or inline tables nest deeper than 32",
        ),
    ],
)
def test_manifest_values_are_bounded_and_located(tmp_path, capsys, manifest, where, message):
    corpus = _corpus(tmp_path / "c", manifest)
    assert main(["units", str(corpus)]) == 2
    err = _one_error(capsys)
    assert err.startswith(f"{corpus / 'manifest.toml'}{where}{message}"), err


def test_manifest_laws_as_numbers_or_strings_are_read_the_same(tmp_path, capsys):
    corpus = _corpus(tmp_path / "c", '[[edition]]\nfile = "ru.txt"\nlang = "ru"\nlaws = [68, "68"]\n')
    assert main(["units", str(corpus)]) == 0


def _data_folder(tmp_path: Path, termbase: str) -> Path:
    data = tmp_path / "data"
    (data / "termbase").mkdir(parents=True)
    (data / "termbase" / "ru.toml").write_text('lang = "ru"\n' + termbase, encoding="utf-8")
    return data


@pytest.mark.parametrize(
    ("termbase", "message"),
    [
        (
            "[concept.claim]\nterms = 5\n",
            "termbase/ru.toml:3: concept 'claim': 'terms' must be a list of strings, not 5",
        ),
        (
            '[concept.claim]\nterms = ["x"]\navoid = [1]\n',
            "termbase/ru.toml:4: concept 'claim': 'avoid' must be",
        ),
        (
            "[concept.claim]\nkind = 5\nterms = ['x']\n",
            "termbase/ru.toml:3: concept 'claim': 'kind' must be a string",
        ),
        ("[concept.claim\nterms = ['x']\n", "termbase/ru.toml:2:15: malformed glossary"),
        (
            "[concept.claim]\nterms = " + "[" * 5000 + "]" * 5000 + "\n",
            "termbase/ru.toml:3:41: malformed glossary: arrays",
        ),
    ],
)
def test_a_bad_data_termbase_is_one_located_line(tmp_path, capsys, termbase, message):
    data = _data_folder(tmp_path, termbase)
    from lawalign.diff.termbase import _load

    _load.cache_clear()
    assert main(["terms", str(RU), "--input-lang", "ru", "--data", str(data)]) == 2
    err = _one_error(capsys)
    assert message in err and err.startswith(str(data)), err


@pytest.mark.parametrize(
    ("name", "glossary", "message"),
    [
        (
            "g.tbx",
            '<?xml version="1.0"?>\n<!DOCTYPE martif [\n<!ENTITY xxe SYSTEM "file:///etc/passwd">\n]>\n'
            '<martif><text><body><termEntry><langSet xml:lang="ru"><tig><term>&xxe;</term></tig></langSet>'
            "</termEntry></body></text></martif>\n",
            ":3:1: the document declares entities",
        ),
        (
            "g.tbx",
            '<?xml version="1.0"?>\n<!DOCTYPE martif [<!ENTITY a "aaaaaaaaaa">]>\n<martif>&a;</martif>\n',
            ":2:19: the document declares entities",
        ),
        (
            "g.tbx",
            '<?xml version="1.0"?>\n<!DOCTYPE martif SYSTEM "TBXcoreStructV02.dtd">\n'
            "<martif>\n&ext;</martif>\n",
            ":4: an entity reference &ext;",
        ),
        (
            "g.toml",
            'lang = "ru"\n[concept.claim]\nterms = 5\n',
            ":3: concept 'claim': 'terms' must be a list",
        ),
        ("g.toml", 'lang = "ru"\n[concept.claim\n', ":2:15: malformed glossary"),
    ],
)
def test_a_bad_glossary_is_refused_with_its_location(tmp_path, capsys, name, glossary, message):
    path = tmp_path / name
    path.write_text(glossary, encoding="utf-8")
    assert main(["terms", str(RU), "--input-lang", "ru", "--data", str(path)]) == 2
    err = _one_error(capsys)
    assert err.startswith(f"{path}{message}"), err


# --- special files: refused before they are opened ---------------------------------------------------

_SPECIAL_PROBE = """
import os, sys
from lawalign.cli import main
sys.exit(main(sys.argv[1:]))
"""


def _probe(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    # A child process: reading a FIFO blocks for ever, and must not block the suite with it.
    return subprocess.run(
        [sys.executable, "-c", _SPECIAL_PROBE, *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=60,  # a safety net only: the tool refuses at once, and a hang must not eat the suite
        check=False,
    )


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="needs named pipes")
@pytest.mark.parametrize(
    "where", ["units", "manifest", "edition", "pair", "glossary", "data", "profiles", "skeletons", "changes"]
)
def test_named_pipes_are_refused_before_opening(tmp_path, where):
    import os

    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    if where == "units":
        args = ["units", str(fifo), "--input-lang", "ru"]
        shown = str(fifo)
    elif where == "pair":
        args = ["pair", str(fifo), str(TR)]
        shown = str(fifo)
    elif where == "glossary":
        args = ["terms", str(RU), "--input-lang", "ru", "--data", str(fifo)]
        shown = str(fifo)
    elif where == "data":
        (tmp_path / "data" / "termbase").mkdir(parents=True)
        os.mkfifo(tmp_path / "data" / "termbase" / "ru.toml")
        args = ["terms", str(RU), "--input-lang", "ru", "--data", str(tmp_path / "data")]
        shown = str(tmp_path / "data" / "termbase" / "ru.toml")
    elif where in ("profiles", "skeletons", "changes"):
        name = {"profiles": "ru", "skeletons": "2007", "changes": "2007-2017"}[where]
        (tmp_path / "data" / where).mkdir(parents=True)
        os.mkfifo(tmp_path / "data" / where / f"{name}.toml")
        args = ["units", str(RU), "--input-lang", "ru", "--data", str(tmp_path / "data")]
        shown = str(tmp_path / "data" / where / f"{name}.toml")
    else:
        corpus = tmp_path / "c"
        corpus.mkdir()
        if where == "manifest":
            os.mkfifo(corpus / "manifest.toml")
            shown = str(corpus / "manifest.toml")
        else:
            (corpus / "manifest.toml").write_text('[[edition]]\nfile = "../pipe.txt"\nlang = "ru"\n')
            shown = str(fifo)
        args = ["units", str(corpus), "--allow-outside"]
    done = _probe(args, tmp_path)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1, done.stderr
    message = ": is a named pipe (FIFO), not a regular file: refused before reading\n"
    assert done.stderr in (shown + message, os.path.relpath(shown, tmp_path) + message), done.stderr


def test_a_device_is_refused_before_reading():
    from lawalign.fsafe import read_regular

    with pytest.raises(InputError, match="is a character device, not a regular file"):
        read_regular("/dev/zero", "/dev/zero")


# --- Word and OpenDocument: bombs, entities, list numbers ---------------------------------------------


def _rezip(src: Path, dst: Path, edit: dict[str, object]) -> Path:
    """A copy of the archive ``src`` with members replaced (bytes), changed (a function of the old
    text) or added; deflated like Word's own."""
    import zipfile

    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        names = zin.namelist()
        for name in names:
            data = zin.read(name)
            change = edit.get(name)
            if callable(change):
                data = change(data.decode("utf-8")).encode("utf-8")
            elif isinstance(change, bytes):
                data = change
            zout.writestr(name, data)
        for name, data in edit.items():
            if name not in names and isinstance(data, bytes):
                zout.writestr(name, data)
    return dst


@pytest.fixture(scope="module")
def office_files(tmp_path_factory):
    from docx_fixtures import odt, word

    folder = tmp_path_factory.mktemp("office")
    text = RU.read_text(encoding="utf-8")
    return {"docx": word(text, folder / "ru.docx"), "odt": odt(text, folder / "ru.odt")}


def _first_p(xml: str, insert: str) -> str:
    at = xml.index(">", xml.index("<text:p")) + 1
    return xml[:at] + insert + xml[at:]


def _list_start(xml: str, value: str, fmt: str = "decimal") -> str:
    out = re.sub(r'(<w:startOverride w:val=")\d+', rf"\g<1>{value}", xml, count=1)
    return out.replace('<w:numFmt w:val="decimal"/>', f'<w:numFmt w:val="{fmt}"/>')


_OFFICE_CASES = {
    "w:start abc": (
        "docx",
        {"word/numbering.xml": lambda x: x.replace('<w:start w:val="1"/>', '<w:start w:val="abc"/>', 1)},
        "Word file part word/numbering.xml, line 2: w:start='abc' is not a whole number",
    ),
    "w:ilvl x": (
        "docx",
        {"word/document.xml": lambda x: x.replace('<w:ilvl w:val="0"/>', '<w:ilvl w:val="x"/>', 1)},
        "Word file part word/document.xml, line 2: w:ilvl='x' is not a whole number",
    ),
    "roman 2e9": (
        "docx",
        {"word/numbering.xml": lambda x: _list_start(x, "2000000000", "upperRoman")},
        "w:startOverride=2000000000 is outside the supported range 0-32,767",
    ),
    "entities": (
        "docx",
        {
            "word/document.xml": lambda x: x.replace(
                "?>", '?>\n<!DOCTYPE w:document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>', 1
            )
        },
        "Word file part word/document.xml, line 2, column 23: the document declares entities",
    ),
    "bomb": (
        "docx",
        {"word/media/bomb.xml": b"<a>" + b" " * 20_000_000 + b"</a>"},
        "Word file part word/media/bomb.xml: inflates 1,0",
    ),
    "text:c abc": (
        "odt",
        {"content.xml": lambda x: _first_p(x, '<text:s text:c="abc"/>')},
        "OpenDocument file part content.xml, line 2: text:c='abc' is not a whole number",
    ),
    "text:c 3e9": (
        "odt",
        {"content.xml": lambda x: _first_p(x, '<text:s text:c="3000000000"/>')},
        "text:c=3000000000 is outside the supported range 0-50,000",
    ),
    "text:c many": (
        "odt",
        {"content.xml": lambda x: _first_p(x, '<text:s text:c="50000"/>' * 3)},
        "a paragraph of more than 50,000 characters",
    ),
    "odt entities": (
        "odt",
        {"content.xml": lambda x: x.replace("?>", '?><!DOCTYPE x [<!ENTITY a "b">]>', 1)},
        "OpenDocument file part content.xml, line 1, column 52: the document declares entities",
    ),
    "mimetype bomb": (
        "odt",
        {"mimetype": b"application/vnd.oasis.opendocument.text" + b" " * 20_000_000},
        "OpenDocument file part mimetype: inflates 1,0",
    ),
}


@pytest.mark.parametrize("case", list(_OFFICE_CASES))
def test_hostile_word_and_opendocument_files_are_one_line(tmp_path, office_files, case):
    kind, edit, message = _OFFICE_CASES[case]
    bad = _rezip(office_files[kind], tmp_path / f"bad.{kind}", edit)
    # A child process: before these limits some of these ran for ever or took gigabytes.
    done = _probe(["units", str(bad), "--input-lang", "ru"], tmp_path)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith("bad.") and message in done.stderr, done.stderr
    assert "damaged Word" not in done.stderr or kind == "docx"


def test_untouched_office_files_still_read(office_files, capsys):
    for path in office_files.values():
        assert main(["units", str(path), "--input-lang", "ru", "--format", "text"]) == 0
        assert "68B" in capsys.readouterr().out


# --- limits stated once, enforced exactly ------------------------------------------------------------


def _points(n: int) -> str:
    lines = ["LAW 68 - CLAIM OR CONCESSION", "", "A. Claim Defined", ""]
    for i in range(1, n + 1):
        lines += [f"{i}. Point number {i} of the section.", ""]
    return "\n".join(lines)


def test_99_points_are_read_and_a_100th_starts_a_list_set_aside(tmp_path, capsys):
    from lawalign.limits import MAX_POINTS
    from lawalign.structure.patterns import POINT

    assert POINT.match(f"{MAX_POINTS}. x") and not POINT.match(f"{MAX_POINTS + 1}. x")  # in step
    ok = tmp_path / "p99.txt"
    ok.write_text(_points(99), encoding="utf-8")
    # the rules alone: a page of 99 bare numbered lines is the parser's limit, not the line reader's
    assert main(["units", str(ok), "--input-lang", "en", "--no-reader"]) == 0
    ids = [json.loads(line)["id"] for line in capsys.readouterr().out.splitlines()]
    assert "68A99" in ids and not any("wrap" in i for i in ids)
    # past 99 the numbering is a list (an index, a list of rulings): set aside to the end of the law,
    # never point 99's text, and the page read (until 2026-12-07 the whole file was refused)
    for n, text in ((150, _points(150)), (200, RU.read_text(encoding="utf-8") + "\n" + _points(200)[50:])):
        bad = tmp_path / f"p{n}.txt"
        bad.write_text(text, encoding="utf-8")
        assert main(["units", str(bad), "--input-lang", "en" if n == 150 else "ru"]) == 0
        rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
        aside = [r for r in rows if r.get("reason") == "long-list"]
        line = text.splitlines().index("100. Point number 100 of the section.") + 1
        assert aside[0]["source"]["line_start"] == line
        assert aside[0]["evidence"].startswith("column 1: point 100 runs a numbering on past 99")
        listed = [f"{i}. Point number {i} of the section." for i in range(100, n + 1)]
        assert [r["text"] for r in aside] == listed
        assert not any("number 100 " in r["text"] for r in rows if r["kind"] != "debris")


@pytest.mark.parametrize(("length", "code"), [(64, 0), (65, 2)])
def test_an_edition_name_of_64_characters_builds_and_65_is_refused(tmp_path, capsys, length, code):
    name = ("ab" * 40)[:length]
    corpus = _corpus(tmp_path / "c", f'[[edition]]\nfile = "ru.txt"\nlang = "ru"\nname = "{name}"\n')
    assert main(["build", str(corpus), "--no-align"]) == code
    if code == 0:
        assert (corpus / "build" / f"{name}.xml").is_file()
    else:
        assert f"name '{name}' is longer than 64 characters" in _one_error(capsys)
        assert not (corpus / "build").exists()


@pytest.mark.parametrize(
    ("profile", "message"),
    [
        ("law_keywords = [\n", "profiles/ru.toml:2:1: Invalid value"),
        (
            "x = " + "[" * 5000 + "]" * 5000 + "\n",
            "profiles/ru.toml:1:37: arrays or inline tables nest deeper than 32 levels",
        ),
    ],
)
def test_a_malformed_data_profile_is_located(tmp_path, capsys, profile, message):
    (tmp_path / "data" / "profiles").mkdir(parents=True)
    (tmp_path / "data" / "profiles" / "ru.toml").write_text(profile, encoding="utf-8")
    assert main(["units", str(RU), "--input-lang", "ru", "--data", str(tmp_path / "data")]) == 2
    err = _one_error(capsys)
    assert err == f"{tmp_path / 'data'}/{message}" or err.endswith(message), err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        (
            '<?xml version="1.0"?>\n<!DOCTYPE xliff [\n<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n'
            '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="ru">'
            '<file id="f"><unit id="68A"><segment><source>x</source><target>&xxe;</target></segment></unit>'
            "</file></xliff>\n",
            ":3:1: the document declares entities",
        ),
        (
            '<?xml version="1.0"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" '
            'srcLang="en" trgLang="ru">\n' + "<g>" * 3000 + "</g>" * 3000 + "</xliff>\n",
            ":3:6144: elements nest deeper than 2048 levels",
        ),
    ],
)
def test_an_xliff_file_goes_through_the_one_hardened_parser(tmp_path, capsys, doc, message):
    path = tmp_path / "filled.xlf"
    path.write_text(doc, encoding="utf-8")
    assert main(["units", str(path)]) == 2
    err = _one_error(capsys)
    assert err.startswith(f"{path}{message}"), err
