"""Normalization steps, their notices, fold_label, and the never-lose-a-character property."""

from __future__ import annotations

import unicodedata

from hypothesis import given, seed, settings
from hypothesis import strategies as st

from lawalign.ingest import fold_label, normalize_text
from lawalign.ingest.normalize import REMOVED, SPACES, normalize_line, split_raw_lines


def _codes(notices: tuple[object, ...]) -> set[str]:
    return {n.code for n in notices}  # type: ignore[attr-defined]


def test_line_ends_and_raw_numbering() -> None:
    lines, text, notices = normalize_text("a\r\nb\rc\nd\u2028e\u0085f\x0cg\n")
    assert [(ln.text, ln.raw_line) for ln in lines] == [
        ("a", 1),
        ("b", 2),
        ("c", 3),
        ("d", 4),
        ("e", 4),
        ("f", 4),
        ("g", 4),
    ]
    assert text == "a\nb\nc\nd\ne\nf\ng"
    assert "normalize-line-ends" in _codes(notices)
    assert [ln.offset for ln in lines] == [0, 2, 4, 6, 8, 10, 12]


def test_each_step_is_counted() -> None:
    _, text, notices = normalize_text("ĐIỀU\u00a068.\u200b \nLaw\t68\u202fA\u00ad \ne\u0301\n")
    assert text == "ĐIỀU 68.\nLaw 68 A\né"
    messages = {n.code: n for n in notices}
    assert messages["normalize-spaces"].message.startswith("3 ")
    assert messages["normalize-zero-width"].message.startswith("2 ")
    assert messages["normalize-nfc"].line == 3
    assert messages["normalize-trailing-space"].message.startswith("2 ")


def test_joiners_kept_where_a_script_needs_them() -> None:
    assert normalize_line("Law\u200d68") == "Law68"
    assert normalize_line("\u0645\u200c\u06cc") == "\u0645\u200c\u06cc"  # Persian: ZWNJ is spelling
    assert normalize_line("\u0915\u094d\u200d\u0937") == "\u0915\u094d\u200d\u0937"  # Devanagari


def test_other_characters_untouched() -> None:
    line = "“Thông tin” ‘x’ — «ПРАВИЛО» <*> [1] ﬁ ＡＢ ¹ 1’deki"
    assert normalize_line(line) == line


def test_fold_label() -> None:
    assert fold_label("С.") == "C."  # Cyrillic Es
    assert fold_label("70С3") == "70C3"
    assert fold_label("А") == "A" and fold_label("В") == "B" and fold_label("Е") == "E"
    assert fold_label("Ｄ２") == "D2"
    assert fold_label("Д") == "Д"  # no Latin look-alike
    assert fold_label("68B2") == "68B2"


def test_split_keeps_trailing_line_rule() -> None:
    assert [r.text for r in split_raw_lines("a\n")[0]] == ["a"]
    assert [r.text for r in split_raw_lines("a\n\n")[0]] == ["a", ""]
    assert [r.text for r in split_raw_lines("a")[0]] == ["a"]


def _visible(text: str) -> str:
    """Non-whitespace characters, removable ones out, compared under canonical equivalence."""
    kept = "".join(c for c in text if c not in REMOVED)
    return "".join(c for c in unicodedata.normalize("NFD", kept) if not (c.isspace() or c in SPACES))


@seed(20070101)
@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=200))
def test_normalization_never_loses_a_character(text: str) -> None:
    lines, joined, _ = normalize_text(text)
    assert _visible(joined) == _visible(text)
    assert joined == "\n".join(ln.text for ln in lines)
    for ln in lines:
        assert joined[ln.offset : ln.offset + len(ln.text)] == ln.text
        assert unicodedata.is_normalized("NFC", ln.text)
        assert not ln.text.endswith(" ")
    assert not any(c in joined for c in "\u00a0\u200b\ufeff\r\u2028\u2029\u0085")


@seed(20070102)
@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.text(alphabet="aĐ \u00a0\u200b\t\u0301", max_size=12), max_size=8),
    st.sampled_from(["\n", "\r\n", "\r"]),
)
def test_raw_lines_count_like_an_editor(rows: list[str], end: str) -> None:
    text = end.join(rows)
    lines, _, _ = normalize_text(text)
    assert [ln.raw_line for ln in lines] == list(range(1, len(lines) + 1))
    assert len(lines) == max(1, len(text.splitlines()))
