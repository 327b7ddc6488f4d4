"""Decoding: code pages chosen by evidence, short texts, mojibake repair, curly quotes kept."""

from __future__ import annotations

import unicodedata

import pytest

from ingest_fixtures import LEGACY, SEEDS, encode_as, seed_text
from lawalign.ingest import decode_bytes
from lawalign.ingest.decode import rank_encodings, repair_mojibake


def _pieces(lang: str) -> list[str]:
    """Every non-blank seed line cut to 12, 25 and 60 characters: short texts are the hard case."""
    lines = [ln for ln in seed_text(lang).split("\n") if ln.strip()]
    return [ln[:k] for ln in lines for k in (12, 25, 60) if not ln[:k].isascii()]


@pytest.mark.parametrize(("lang", "encoding"), [(lang, enc) for lang in SEEDS for enc in LEGACY[lang]])
def test_short_texts_with_language(lang: str, encoding: str) -> None:
    pieces = _pieces(lang)
    right = sum(
        unicodedata.normalize("NFC", decode_bytes(encode_as(p, encoding), "x", lang=lang).text) == p
        for p in pieces
    )
    assert right == len(pieces)


@pytest.mark.parametrize(("lang", "encoding"), [(lang, enc) for lang in SEEDS for enc in LEGACY[lang]])
def test_short_texts_without_language(lang: str, encoding: str) -> None:
    pieces = _pieces(lang)
    right = sum(
        unicodedata.normalize("NFC", decode_bytes(encode_as(p, encoding), "x").text) == p for p in pieces
    )
    assert right >= 0.97 * len(pieces)


def test_a_readable_multibyte_reading_beats_an_unreadable_single_byte_one() -> None:
    """Shift-JIS bytes read as cp866 score higher on letters but hold 12 % suspect characters; that
    reading was ranked first and the file refused as undecodable, though cp932 read it cleanly."""
    text = (
        "第68条 ディクレアラーまたはディフェンダーによるクレーム\n\nA. クレームの定義\n\n"
        "コンテスタントが特定の数のトリックを獲得すると述べることは、それらのトリックのクレームである。\n"
    )
    decoded = decode_bytes(text.encode("shift_jis"), "x.txt")
    assert decoded.text.rstrip("\n") == text.rstrip("\n")
    assert decoded.encoding in ("cp932", "shift_jis")


def test_ranking_is_recorded_and_deterministic() -> None:
    data = encode_as(seed_text("ru"), "koi8-r")
    first = rank_encodings(data, "ru")
    assert first == rank_encodings(data, "ru")
    assert first[0].encoding == "koi8-r"
    decoded = decode_bytes(data, "x.txt", lang="ru")
    assert decoded.encoding == "koi8-r"
    assert any(n.code == "encoding-detected" and "koi8-r" in n.message for n in decoded.notices)


def test_curly_quotes_survive_repair() -> None:
    line = "áp dụng Điều 16 “Thông tin không hợp lệ” và ‘x’"
    assert repair_mojibake(line, "x")[0] == line


def test_double_encoded_text_is_repaired() -> None:
    fixed, notices = repair_mojibake("Yorum GÃ¶nder\nok", "x.txt")
    assert fixed == "Yorum Gönder\nok"
    assert notices[0].code == "encoding-repaired" and notices[0].line == 1


def test_forced_encoding() -> None:
    data = encode_as("Правило 68", "cp1251")
    assert decode_bytes(data, "x", encoding="windows-1251").encoding == "cp1251"


def test_declared_charset_is_only_evidence() -> None:
    data = encode_as(seed_text("ru"), "cp1251")
    assert decode_bytes(data, "x", declared="iso-8859-1").encoding == "cp1251"
