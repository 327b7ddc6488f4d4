"""Labels printed in full-width forms, as Chinese and Japanese books print them: "第１６条", "Ａ．",
"１．", "（ａ）", "Ａ、", "１、", the label closed by a full-width mark with no space after it. Before
``ingest.normalize.fold_width`` the letters were not read as labels (ids inferred by position, at
lower confidence), "（ｂ）" was glued to the paragraph above it, and "第６８条" gave the law id "６８"
(issue 25, class 1: a page that prints law text read by its printed outline). Labels are matched in a
folded view of the text; the label and text kept are the ones printed. The texts are Law 16's first
points paraphrased for this test."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawalign.ingest.normalize import fold_width
from lawalign.run import load_editions
from lawalign.structure.patterns import SECTION, SUBPOINT
from lawalign.structure.refs import find_refs

JA = (
    "第１６条　許されない情報\n"
    "\n"
    "Ａ．プレイヤーによる情報の使用\n"
    "１．プレイヤーは、合法的なコールとプレイから得た情報を使ってよい。\n"
    "２．プレイヤーは、自分のシステムから得た情報を使ってよい。\n"
    "\n"
    "Ｂ．パートナーからの許されない情報\n"
    "１．（ａ）プレイヤーは、許されない情報が示唆した選択肢を選んではならない。\n"
    "（ｂ）論理的な選択肢とは、相当数のプレイヤーが真剣に検討する行動である。\n"
    "２．相手がそうしたとプレイヤーが考えたときは、ディレクターを呼ぶべきである。\n"
)

ZH = (
    "第１６条　未经许可的信息\n"
    "\n"
    "Ａ、牌手对信息的使用\n"
    "１、牌手可以使用来自合法叫牌和打牌的信息。\n"
    "２、牌手可以使用来自本方体制的信息。\n"
    "\n"
    "Ｂ、来自同伴的未经许可的信息\n"
    "１、牌手不得选择未经许可的信息所提示的行动。\n"
    "２、当牌手认为对手有此行为时，应当召请裁判。\n"
)


def _read(tmp_path: Path, name: str, text: str) -> list[tuple[str, str, bool, str]]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    (edition,) = load_editions([str(path)])
    return [(str(u.id), u.label, u.inferred, u.text) for u in edition.units if u.kind != "debris"]


def test_a_japanese_law_in_full_width_forms_is_read_by_its_printed_labels(tmp_path: Path) -> None:
    units = _read(tmp_path, "law16-ja.txt", JA)
    assert [u[0] for u in units] == [
        "16.title",
        "16A.title",
        "16A1",
        "16A2",
        "16B.title",
        "16B1a",
        "16B1b",
        "16B2",
    ]
    assert not any(inferred for _, _, inferred, _ in units)
    labels = {uid: label for uid, label, _, _ in units}
    assert labels["16.title"] == "第１６条" and labels["16A.title"] == "Ａ．" and labels["16B1b"] == "（ｂ）"
    # the running text is kept as printed, full-width forms and all
    assert units[-1][3] == "相手がそうしたとプレイヤーが考えたときは、ディレクターを呼ぶべきである。"


def test_a_chinese_law_with_enumeration_commas_is_read(tmp_path: Path) -> None:
    units = _read(tmp_path, "law16-zh.txt", ZH)
    assert [u[0] for u in units] == ["16.title", "16A.title", "16A1", "16A2", "16B.title", "16B1", "16B2"]
    assert [u[1] for u in units][1:3] == ["Ａ、", "１、"]


@pytest.mark.parametrize(
    ("line", "label"),
    [
        ("Ａ．クレームの定義", "Ａ．"),
        ("A．クレーム", "A．"),
        ("Ｃ、说明", "Ｃ、"),
        ("A. Claim Defined", "A."),
    ],
)
def test_a_section_label_closed_by_a_full_width_mark(line: str, label: str) -> None:
    m = SECTION.match(fold_width(line))
    assert m is not None and line[: m.end("label")] == label


@pytest.mark.parametrize("line", ["A、K、Q、J、10 是大牌", "A．5 は", "B）x"])
def test_a_letter_before_a_full_width_mark_and_a_letter_or_digit_is_no_label(line: str) -> None:
    assert SECTION.match(fold_width(line)) is None


def test_a_sub_point_in_full_width_brackets() -> None:
    m = SUBPOINT.match(fold_width("（ａ）プレイヤーは"))
    assert m is not None and m["letter"] == "a" and m["rest"] == "プレイヤーは"
    assert SUBPOINT.match("(a)text") is None  # an ASCII bracket still wants its space


def test_other_scripts_digits_give_ascii_ids() -> None:
    assert fold_width("第６８条") == "第68条" and fold_width("٦٨") == "68" and fold_width("६८") == "68"


def test_chinese_and_japanese_citations_are_references() -> None:
    text = "見せたカードには第16条Ｃ項と第５７条Ａ項が適用され、Ｂ項１にかかわらず第十六条による。"
    refs = find_refs(text, "ja", law="68", section="B")
    assert [(r.target, r.kind) for r in refs] == [
        ("16C", "external"),
        ("57A", "external"),
        ("68B1", "internal"),
        ("16", "external"),
    ]
    assert [r.surface for r in refs][:2] == ["第16条Ｃ項", "第５７条Ａ項"]
    # a law's heading at the start of its line is no citation of it
    assert find_refs("第68条　クレームの定義\n本文。", "ja") == []


def test_a_citation_in_full_width_digits_gives_an_ascii_id(tmp_path: Path) -> None:
    text = (
        "I think this is wrong.\n\n"
        'Law ６８B: "Any statement to the effect that a contestant will lose a specific number of tricks '
        'is a concession of those tricks."\n\n'
        "What do you think?\n"
    )
    units = _read(tmp_path, "quote.txt", text)
    assert [u[0] for u in units] == ["68B1"] and units[0][1] == "Law ６８B:"
