"""N-way clause alignment and the ``lawalign align`` rows (model-free with a hashing embedder)."""

from __future__ import annotations

import json

import pytest

from align_fixtures import HashEmbedder, seed_editions
from lawalign.align import align_editions, alignment_rows, parse_beads


def _align():  # type: ignore[no-untyped-def]
    return align_editions(seed_editions(), embedder=HashEmbedder())


def test_links_every_shared_id_for_every_pair() -> None:
    a = _align()
    assert a.ids[:3] == ("68.title", "68.intro", "68.fn1")
    pairs = {(link.id, link.src_lang, link.tgt_lang) for link in a.links}
    assert ("68.fn1", "ru", "vi") in pairs and ("68.fn1", "tr", "vi") in pairs  # orphaned vi footnote
    assert ("68.intro", "ru", "tr") in pairs and not any(p[0] == "68.intro" and "vi" in p for p in pairs)
    assert ("68.title", "ru", "vi") in pairs and ("68.title", "ru", "tr") not in pairs
    assert all(link.src_lang < link.tgt_lang for link in a.links)
    for link in a.links:
        src = [i for b in link.beads for i in b.src]
        tgt = [j for b in link.beads for j in b.tgt]
        assert src == list(range(len(link.src_sentences))) and tgt == list(range(len(link.tgt_sentences)))


def test_rows_are_byte_stable_and_documented_fields() -> None:
    eds = seed_editions()
    first = json.dumps(alignment_rows(_align(), eds), ensure_ascii=False)
    second = json.dumps(alignment_rows(_align(), eds), ensure_ascii=False)
    assert first == second
    rows = json.loads(first)
    row = next(r for r in rows if r["id"] == "68B2" and r["lang"] == "tr")
    assert set(row) >= {"id", "lang", "edition", "text", "source", "score", "beads", "sentences"}
    assert sorted(row["beads"]) == ["ru-tr", "tr-vi"]
    assert all(parse_beads(v) for v in row["beads"].values())
    assert row["score"] == round(row["score"], 4)


def test_text_is_kept_whole() -> None:
    eds = seed_editions()
    rows = alignment_rows(_align(), eds)
    for row in rows:
        ed = next(e for e in eds if e.lang == row["lang"])
        unit = ed.unit(str(row["id"]))
        assert unit is not None and row["text"] == (unit.heading or unit.text)


def _seed_reading(item):  # type: ignore[no-untyped-def]
    from lawalign.run import Reading

    edition = next(e for e in seed_editions() if e.lang == item.lang)
    return ((edition, Reading(edition.name, edition.source_edition, given=True)),)


def test_command_help_and_run(tmp_path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    from lawalign import cli

    assert cli.main(["align", "--help"]) == 0
    assert "--model" in capsys.readouterr().out
    assert cli.main(["align", "corpus", "--model", "nope"]) == 2
    assert "valid: e5" in capsys.readouterr().err
    monkeypatch.setattr("lawalign.run.read_input", lambda item, **kw: _seed_reading(item))
    monkeypatch.setattr(
        "lawalign.align.embed.get_embedder", lambda name="e5", cache_dir=None, cache=True: HashEmbedder()
    )
    out = tmp_path / "rows.jsonl"
    assert cli.main(["align", "corpus", "--no-anchor", "-o", str(out)]) == 0
    assert json.loads(out.read_text(encoding="utf-8").splitlines()[0])["id"] == "68.title"
    assert cli.main(["align", "corpus", "--no-anchor", "--format", "csv"]) == 0
    assert capsys.readouterr().out.startswith("id,lang,edition,text,source.path")


@pytest.mark.model
def test_default_model_alignment_is_deterministic(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from lawalign.align.embed import get_embedder

    eds = seed_editions()
    a = alignment_rows(align_editions(eds, embedder=get_embedder("e5", tmp_path)), eds)
    b = alignment_rows(align_editions(eds, embedder=get_embedder("e5", cache=False)), eds)
    assert json.dumps(a, ensure_ascii=False) == json.dumps(b, ensure_ascii=False)


def _relabel(edition, ids):  # type: ignore[no-untyped-def]
    """``edition`` with some units renamed: ids the structure stage could not pair across editions."""
    import dataclasses

    units = tuple(dataclasses.replace(u, id=ids.get(u.id, u.id)) for u in edition.units)
    return dataclasses.replace(edition, units=units)


def _merge(edition, first, second, new_id):  # type: ignore[no-untyped-def]
    """``edition`` with two consecutive units printed as one paragraph under ``new_id``."""
    import dataclasses

    units, out = list(edition.units), []
    for u in units:
        if u.id == second:
            prev = out.pop()
            u = dataclasses.replace(prev, id=new_id, text=f"{prev.text} {u.text}", label="")
        out.append(u)
    return dataclasses.replace(edition, units=tuple(out))


def test_unpaired_units_are_matched_as_paragraphs_model_free() -> None:
    vi, ru, tr = seed_editions()
    ru = _relabel(ru, {"68B1": "68B.x1", "68B2": "68B.x2"})
    a = align_editions([vi, ru, tr], embedder=HashEmbedder())
    assert not any(link.id.startswith("68B.x") for link in a.links)
    for par in a.paragraphs:
        assert par.src_lang < par.tgt_lang and par.src_ids and par.tgt_ids
        src = [i for b in par.beads for i in b.src]
        assert src == list(range(len(par.src_sentences)))
    ids = {e.lang: {u.id for u in e.law_units} for e in (vi, ru, tr)}
    for par in a.paragraphs:  # only units whose id the other edition lacks
        assert not set(par.src_ids) & ids[par.tgt_lang] and not set(par.tgt_ids) & ids[par.src_lang]
    rows = alignment_rows(a, [vi, ru, tr])
    assert {r["id"] for r in rows if "paragraphs" in r} == {
        i for p in a.paragraphs for i in p.src_ids + p.tgt_ids
    }
    # nothing changes where every id pairs
    assert align_editions(seed_editions(), embedder=HashEmbedder()).paragraphs == ()


@pytest.mark.model
def test_paragraphs_the_ids_did_not_pair_are_aligned_by_content(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from lawalign.align.embed import get_embedder

    vi, ru, tr = seed_editions()
    ru = _relabel(ru, {"68B1": "68B.x1", "68B2": "68B.x2"})  # points the structure stage left unlabelled
    vi = _merge(vi, "68B1", "68B2", "68B")  # the two points printed as one paragraph
    a = align_editions([vi, ru, tr], embedder=get_embedder("e5", tmp_path))
    found = {(p.src_lang, p.tgt_lang, p.src_ids, p.tgt_ids) for p in a.paragraphs}
    assert ("ru", "tr", ("68B.x1",), ("68B1",)) in found
    assert ("ru", "tr", ("68B.x2",), ("68B2",)) in found
    assert any(
        s == "ru" and t == "vi" and {"68B.x1", "68B.x2"} <= set(x) and y == ("68B",) for s, t, x, y in found
    )
    assert any(
        s == "tr" and t == "vi" and {"68B1", "68B2"} <= set(x) and y == ("68B",) for s, t, x, y in found
    )
    rows = {(r["id"], r["lang"]): r for r in alignment_rows(a, [vi, ru, tr])}
    assert rows[("68B.x1", "ru")]["paragraphs"]["ru-tr"]["ids"] == ["68B1"]
