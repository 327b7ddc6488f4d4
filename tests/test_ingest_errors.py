"""Bad input: every case raises InputError naming the file (and the line where there is one)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest_fixtures import seed_text
from lawalign.errors import InputError
from lawalign.ingest import read as read_module
from lawalign.ingest import read_source

BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<lolz>&lol3;</lolz>
"""
EXTERNAL_ENTITY = b"""<?xml version="1.0"?>
<!DOCTYPE law [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<law>&xxe;</law>
"""
HTML_ENTITY = b"""<!DOCTYPE html [
<!ENTITY x "Law 68">
]>
<html><body><div class="post-body"><p>&x;</p></div></body></html>
"""

CASES: dict[str, tuple[bytes, str, int]] = {
    # name: (content, expected words in the message, expected line (0: none))
    "empty.txt": (b"", "empty file", 0),
    "blank.txt": (b" \r\n\t\n\xc2\xa0\n\xe2\x80\x8b\n", "only whitespace", 0),
    "nul.txt": (b"Law 68\nClaim\x00\x01 defined\n", "NUL byte", 2),
    "controls.txt": (bytes(range(1, 9)) * 64, "control characters", 1),
    "doc.pdf": (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "PDF", 0),
    "doc.docx": (b"PK\x03\x04\x14\x00\x06\x00", "ZIP", 0),
    "damaged.txt": (
        "Правило 68\nЗаявка\n".encode() * 3 + b"\xd0\xff\xfe broken\n" + "Правило 69\n".encode(),
        "damaged UTF-8",
        7,
    ),
    "lol.xml": (BILLION_LAUGHS, "declares entities", 3),
    "xxe.xml": (EXTERNAL_ENTITY, "declares entities", 2),
    "entity.html": (HTML_ENTITY, "declares entities", 2),
    "broken.xml": (b'<?xml version="1.0"?>\n<law>\n<p>text</law>\n', "malformed XML", 3),
    "undefined.xml": (b'<?xml version="1.0"?>\n<law>\n<p>Law&nbsp;68</p></law>\n', "malformed XML", 3),
    "chrome-only.html": (
        b"<!DOCTYPE html><html><body><nav>Home</nav><footer>x</footer></body></html>",
        "no text",
        0,
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_input_raises(tmp_path: Path, name: str) -> None:
    content, words, line = CASES[name]
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(InputError) as info:
        read_source(path)
    err = info.value
    assert err.path == str(path)
    assert words in err.message
    assert err.line == line
    assert str(err).startswith(f"{path}:{line}:" if line else f"{path}: ")


def test_missing_and_directory(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file") as info:
        read_source(tmp_path / "missing.txt")
    assert info.value.path == str(tmp_path / "missing.txt")
    with pytest.raises(InputError, match="is a directory"):
        read_source(tmp_path)


def test_too_large_is_refused_without_reading(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    big = tmp_path / "big.txt"
    with big.open("wb") as fh:  # sparse: 21 MB on paper, nothing written
        fh.truncate(21 * 1024 * 1024)

    def no_read(*args: object, **kwargs: object) -> bytes:
        raise AssertionError("the file was read")

    monkeypatch.setattr(read_module, "_read_bytes", no_read)
    with pytest.raises(InputError, match=r"21\.0 MB, over the 20 MB limit"):
        read_source(big)


def test_bad_language_code(tmp_path: Path) -> None:
    path = tmp_path / "x.txt"
    path.write_text(seed_text("tr"), encoding="utf-8")
    with pytest.raises(InputError, match="ISO 639-1"):
        read_source(path, "Turkish")


def test_forced_wrong_encoding_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "x.txt"
    path.write_bytes(b"Law 68\nLaw \xff69\n")
    with pytest.raises(InputError) as info:
        read_source(path, "en", encoding="utf-8")
    assert (info.value.line, info.value.col) == (2, 5)
