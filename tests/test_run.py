"""The one run: stages computed once, anchoring as the only relabelling, like-with-like findings,
and one id per paragraph in every output of ``build``."""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from lxml import etree

from align_fixtures import HashEmbedder, seed_editions
from lawalign.align.anchor import unit_text
from lawalign.knowledge import Knowledge
from lawalign.models import Edition, Finding, UnitId, unit_order
from lawalign.run import Run

ROOT = Path(__file__).resolve().parents[1]
PAGES = ROOT / "tests" / "run_pages"
SEEDS = {
    "vi": "000_e6edf3a6b624c89e.txt",
    "ru": "002_1323563bdd032735.txt",
    "tr": "003_e30df247acf19ab2.txt",
}
UNRELATED = {
    "nl": "nl-2007-art68.txt",  # Law 68 in a language without a termbase: it cannot tell "at once"
    "no": "no-2007-lovboka-70.txt",
    "pl": "pl-2007-pzbs-przep69.txt",
    "nl1987": "nl-1987-keesboek-art69.txt",
    "el": "el-en-2017-hellasbridge-law71.txt",
}


def _corpus(tmp: Path, extra: dict[str, tuple[str, str | None]] | None = None) -> Path:
    """A corpus folder with the three seeds (2007) and ``extra`` editions: name → (file, edition)."""
    raw = tmp / "raw"
    raw.mkdir(parents=True)
    lines = ['[corpus]\nname = "test"\nreference = "2007"\n']
    for lang, file in SEEDS.items():
        shutil.copy(ROOT / "corpus" / "raw" / file, raw / file)
        lines.append(
            f'[[edition]]\nname = "{lang}"\nfile = "raw/{file}"\nlang = "{lang}"\nsource_edition = "2007"\n'
        )
    for name, (file, edition) in (extra or {}).items():
        shutil.copy(PAGES / file, raw / file)
        lang = name.split("-")[0]
        given = f'source_edition = "{edition}"\n' if edition else ""
        lines.append(f'[[edition]]\nname = "{name}"\nfile = "raw/{file}"\nlang = "{lang}"\n{given}')
    (tmp / "manifest.toml").write_text("\n".join(lines), encoding="utf-8")
    return tmp


def _keys(findings: tuple[Finding, ...], langs: set[str]) -> list[tuple[str, str, str, str]]:
    return sorted((f.lang, f.unit or "", f.type, f.severity) for f in findings if f.lang in langs)


# -- UnitId ---------------------------------------------------------------------------------------


def test_unit_ids_are_parsed_once_and_ordered_by_their_sort_key() -> None:
    ids = ["69B.wrap", "68.fn1", "69B2", "68A", "68.title", "68B.title", "68B1", "69B", "68.intro", "71.1"]
    assert [str(u) for u in sorted(map(UnitId, ids), key=lambda u: u.sort_key)] == [
        "68.title",
        "68.intro",
        "68A",
        "68B.title",
        "68B1",
        "68.fn1",
        "69B",
        "69B2",
        "69B.wrap",
        "71.1",
    ]
    assert all(str(UnitId(i)) == i for i in ids)
    assert UnitId.maybe("debris.3") is None and sorted(["debris.1", "68A"], key=unit_order)[0] == "68A"
    unit = seed_editions()[0].law_units[3]
    assert unit.uid is not None and str(unit.uid) == unit.id


def test_ids_are_typed_end_to_end() -> None:
    """Every id a run holds is a checked UnitId or DebrisId, and stays one through the run cache."""
    import pickle

    from lawalign.errors import ConfigError
    from lawalign.models import DebrisId, Source, Unit
    from lawalign.runcache import decode, encode

    run = Run.from_editions(seed_editions(), embedder=HashEmbedder())
    units = [u for e in run.editions for u in e.units]
    assert units and all(isinstance(u.id, DebrisId if u.kind == "debris" else UnitId) for u in units)
    assert all(isinstance(f, UnitId) for u in units for f in (*u.footnotes, u.anchor or UnitId("68")))
    alignment = run.alignment
    assert alignment is not None and alignment.links
    assert all(isinstance(x, UnitId) for x in (*alignment.ids, *(link.id for link in alignment.links)))
    assert all(isinstance(x, UnitId) for x in run.order)
    # a unit made from plain text is checked and typed; text that is no id of its kind is refused
    made = Unit("68B2", "text", "point", "ru", "68", "x", Source("p", 1, 1), footnotes=("68.fn1",))
    assert type(made.id) is UnitId and type(made.footnotes[0]) is UnitId and made.id.point == 2
    for bad, kind in (("B2", "text"), ("68.title2", "title"), ("68A", "debris"), ("debris.1", "text")):
        with pytest.raises(ConfigError):
            Unit(bad, kind, "section", "ru", "68", "x", Source("p", 1, 1))  # type: ignore[arg-type]
    back = decode(encode({"units": tuple(units), "order": run.order}))
    assert back["units"] == tuple(units) and back["order"] == run.order
    assert [type(u.id) for u in back["units"]] == [type(u.id) for u in units]  # type: ignore[attr-defined]
    assert [type(u.id) for u in pickle.loads(pickle.dumps(units))] == [type(u.id) for u in units]
    with pytest.raises(ValueError):
        decode('{"$d": [["order", [{"$u": "not an id"}]]]}')


# -- stages ---------------------------------------------------------------------------------------


def test_stages_are_computed_once_and_shared() -> None:
    run = Run.from_editions(seed_editions(), embedder=HashEmbedder())
    assert run.editions is run.editions
    assert run.alignment is run.alignment
    first = run.findings
    assert run.findings is first
    assert run.order[:3] == ("68.title", "68.intro", "68.fn1")


def test_align_rows_cover_every_unit_of_every_edition() -> None:
    from lawalign.align.rows import alignment_rows

    vi, ru, tr = seed_editions()
    lone = replace(vi, units=tuple(replace(u, id="68C.x1") if u.id == "68C" else u for u in vi.units))
    run = Run.from_editions([lone, ru, tr], embedder=HashEmbedder())
    assert run.alignment is not None
    rows = alignment_rows(run.alignment, run.editions, run.order)
    expected = sorted((e.lang, u.id) for e in run.editions for u in e.law_units)
    assert sorted((str(r["lang"]), str(r["id"])) for r in rows) == expected
    alone = [r for r in rows if r["score"] is None]
    assert alone and all(r["beads"] == {} and r["sentences"] for r in alone)


class GoldEmbedder:
    """A model-free embedder that knows which texts are the same paragraph across languages.

    Each law unit's text of the seeds maps to a one-hot vector of its (true) id, so the anchoring
    sees exactly the cross-language match a good model gives; any other text gets a hashed vector.
    """

    name = "test-gold"
    dim = 128

    def __init__(self, editions: list[Edition]) -> None:
        ids = sorted({u.id for e in editions for u in e.law_units}, key=unit_order)
        self.slot = {unit_text(u): ids.index(u.id) for e in editions for u in e.law_units}
        self.fallback = HashEmbedder()

    def encode(self, texts: list[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, text in enumerate(texts):
            if text in self.slot:
                out[i, self.slot[text]] = 1.0
            else:
                out[i, 64:] = self.fallback.encode([text])[0] * 0.3
        return out


def _corrected_run(tmp: Path) -> tuple[Run, str, str]:
    """A run whose structure stage gives one vi unit a wrong inferred id that anchoring corrects."""
    from lawalign.run import Reading

    good = list(Run.from_paths([_corpus(tmp)], anchor=False, align=False).segmented)
    vi = good[0]
    target = next(u for u in vi.law_units if u.id == "68C")
    wrong = "68B.x1"
    bad = replace(
        vi,
        units=tuple(
            replace(u, id=wrong, inferred=True, confidence=0.3) if u is target else u for u in vi.units
        ),
    )
    eds = [bad, *good[1:]]
    run = Run(
        inputs=Run.from_editions(eds).inputs,
        embedder=GoldEmbedder(good),
        given=tuple(eds),
        anchor=True,
    )
    # the given editions carry their readings; anchoring must still run over them
    assert all(isinstance(r, Reading) for _, r in run.readings)
    return run, wrong, "68C"


def test_anchoring_returns_the_editions_every_stage_reads(tmp_path: Path) -> None:
    run, wrong, right = _corrected_run(tmp_path)
    vi = run.editions[0]
    assert vi.unit(right) is not None and vi.unit(wrong) is None
    assert any(c.unit == wrong and c.proposed == right for c in run.checks)
    assert run.alignment is not None and right in run.alignment.ids
    assert wrong not in run.order
    assert all(f.unit != wrong for f in run.findings)


def _ids_in_outputs(files: dict[str, bytes]) -> dict[str, set[tuple[str, str]]]:
    from lawalign.structure.akn_read import from_akn

    out: dict[str, set[tuple[str, str]]] = {}
    akn: set[tuple[str, str]] = set()
    for name, data in files.items():
        if name.endswith(".xml"):
            ed = from_akn(data, name)
            akn |= {(ed.lang, u.id) for u in ed.law_units}
    out["akn"] = akn
    rows = [json.loads(line) for line in files["units.jsonl"].decode().splitlines()]
    out["units.jsonl"] = {(r["lang"], r["id"]) for r in rows if r["kind"] != "debris"}
    rows = [json.loads(line) for line in files["alignment.jsonl"].decode().splitlines()]
    out["alignment.jsonl"] = {(r["lang"], r["id"]) for r in rows}
    return out


def test_one_id_per_paragraph_in_every_output(tmp_path: Path) -> None:
    from lawalign.export import render_export
    from lawalign.pipeline import build_outputs
    from lawalign.query import Corpus

    run, wrong, right = _corrected_run(tmp_path)
    files = build_outputs(run)
    seen = _ids_in_outputs(files)
    truth = {(e.lang, u.id) for e in run.editions for u in e.law_units}
    assert ("vi", right) in truth
    for name, ids in seen.items():
        assert ids == truth, name
    findings = json.loads(files["findings.json"])["findings"]
    known = {uid for _, uid in truth} | set(run.order)
    skeleton = run.skeleton()
    assert skeleton is not None
    assert all(f["id"] in known | set(skeleton.ids) | {None} for f in findings)
    assert all(f["id"] != wrong for f in findings)
    report = files["report.html"].decode()
    assert set(re.findall(r'<tr id="u-([^"]+)"', report)) == {uid for _, uid in truth}
    from lawalign.export import ExportOptions

    tmx = render_export(Corpus(run=run), "tmx", ExportOptions(level="clause"))
    tuids = {tu.get("tuid") for tu in etree.fromstring(tmx).iter("tu")}
    assert right in tuids and wrong not in tuids and tuids <= {uid for _, uid in truth}


# -- like with like -------------------------------------------------------------------------------


def test_a_2017_edition_causes_no_finding_on_the_2007_ones(tmp_path: Path) -> None:
    base = Run.from_paths([_corpus(tmp_path / "a")], anchor=False, align=False)
    mixed = Run.from_paths(
        [_corpus(tmp_path / "b", {"en-2017": ("en-2017-law68.txt", None)})], anchor=False, align=False
    )
    en = mixed.reading("en-2017")
    assert en.source_edition == "2017" and not en.given
    assert {"68D1", "68D2"} <= {u.id for u in mixed.edition("en-2017").law_units}
    seeds = set(SEEDS)
    assert _keys(mixed.findings, seeds) == _keys(base.findings, seeds)
    changes = [f for f in mixed.findings if f.lang == "en" and f.type == "edition-change"]
    # 68B2 has 4 sentences in both editions (the published 2017 text) and cites 16C as 2017 does:
    # nothing to explain there
    assert {"68C", "68D", "68.fn1"} <= {f.unit for f in changes}
    assert all(f.severity == "info" and "as in 2017" in f.message for f in changes)
    errors = [f for f in mixed.findings if f.lang == "en" and f.severity != "info"]
    assert not errors, errors


def test_unrelated_editions_never_remove_a_genuine_finding(tmp_path: Path) -> None:
    base = Run.from_paths([_corpus(tmp_path / "a")], anchor=False, align=False)
    genuine = _keys(base.findings, set(SEEDS))
    assert ("tr", "68C", "omission", "error") in genuine or any(
        f.lang == "tr" and f.unit == "68C" and "at once" in f.message for f in base.findings
    )
    for k, name in enumerate(UNRELATED):
        extra = {f"{lang[:2]}-{lang}": (UNRELATED[lang], None) for lang in list(UNRELATED)[: k + 1]}
        run = Run.from_paths([_corpus(tmp_path / name, extra)], anchor=False, align=False)
        found = _keys(run.findings, set(SEEDS))
        assert not set(genuine) - set(found), (name, set(genuine) - set(found))
        assert any(f.lang == "tr" and f.unit == "68C" and "at once" in f.message for f in run.findings)


# -- manifest -------------------------------------------------------------------------------------


def test_manifest_laws_declare_coverage_and_refuse_what_they_do_not_declare(tmp_path: Path) -> None:
    from lawalign.errors import InputError

    root = _corpus(tmp_path)
    text = (root / "manifest.toml").read_text(encoding="utf-8")
    (root / "manifest.toml").write_text(
        text.replace('lang = "ru"\n', 'lang = "ru"\nlaws = ["68", "69"]\n'), encoding="utf-8"
    )
    run = Run.from_paths([root], anchor=False, align=False)
    assert run.edition("ru").laws == ("68", "69")
    assert any(f.lang == "ru" and f.type == "coverage" for f in run.findings)
    (root / "manifest.toml").write_text(
        text.replace('lang = "vi"\n', 'lang = "vi"\nlaws = ["68"]\n'), encoding="utf-8"
    )
    with pytest.raises(InputError, match="does not declare"):
        _ = Run.from_paths([root], anchor=False, align=False).editions


@pytest.mark.parametrize("given", ["1987", "1997"])
def test_an_edition_the_manifest_names_is_read_as_such(tmp_path: Path, given: str) -> None:
    root = _corpus(tmp_path)
    text = (root / "manifest.toml").read_text(encoding="utf-8")
    text = text.replace('lang = "tr"\nsource_edition = "2007"', f'lang = "tr"\nsource_edition = "{given}"')
    (root / "manifest.toml").write_text(text, encoding="utf-8")
    data = None
    if given == "1987":
        from lawalign.errors import InputError

        with pytest.raises(InputError, match=r"manifest.toml:\d+:\d+: .*'1987' is not a known edition"):
            Run.from_paths([root], anchor=False, align=False)
        # a change map in the user's data makes 1987 a known edition, still without a skeleton
        data = tmp_path / "data"
        (data / "changes").mkdir(parents=True)
        (data / "changes" / "1987-1997.toml").write_text(
            'from = "1987"\nto = "1997"\npartial = true\n', encoding="utf-8"
        )
    run = Run.from_paths([root], anchor=False, align=False, data_dir=data)
    reading = run.reading("tr")
    assert reading.source_edition == given and reading.given
    assert reading.known == (given == "1997")  # no skeleton for 1987: reported, ids from the nearest
    assert run.edition("tr").source_edition == given
    seeds = [f for f in run.findings if f.lang in ("vi", "ru")]
    base = Run.from_paths([_corpus(tmp_path / "base")], anchor=False, align=False)
    assert _keys(tuple(seeds), {"vi", "ru"}) == _keys(base.findings, {"vi", "ru"})
    # The Turkish seed prints no law heading: read against an older edition's outline, the fitted
    # reader weighs its one run on the veto's edge (test below); the rules read it as that edition.
    rules = Run.from_paths(
        [root], anchor=False, align=False, knowledge=Knowledge.load(data).with_reader(None)
    )
    assert rules.edition("tr").source_edition == given and rules.edition("tr").law_units
    if given == "1997":  # the 68A difference the 1997→2007 map explains is an edition change
        assert all(f.type == "edition-change" for f in rules.findings if f.lang == "tr" and f.unit == "68A")


@pytest.mark.xfail(
    strict=True,
    reason="the reader refitted with batch 2026-12-s weighs the Turkish seed's run read against the "
    "1997 outline at 0.501 (0.379 before): vetoed; docs/ingest.md",
)
def test_the_fitted_reader_keeps_a_seed_read_as_the_edition_its_manifest_names(tmp_path: Path) -> None:
    root = _corpus(tmp_path)
    text = (root / "manifest.toml").read_text(encoding="utf-8")
    text = text.replace('lang = "tr"\nsource_edition = "2007"', 'lang = "tr"\nsource_edition = "1997"')
    (root / "manifest.toml").write_text(text, encoding="utf-8")
    assert Run.from_paths([root], anchor=False, align=False).edition("tr").law_units


def test_stage_results_are_plain_data_a_run_can_take_back(tmp_path: Path) -> None:
    import pickle

    run = Run.from_editions(seed_editions(), embedder=HashEmbedder())
    findings = run.findings
    saved = pickle.loads(pickle.dumps(run.stage_results()))
    assert set(saved) >= {"readings", "anchored", "alignment", "findings"}
    again = Run.from_paths([tmp_path / "absent.txt"], anchor=False).with_results(saved)
    assert again.editions == run.editions and again.findings == findings  # nothing read, nothing run
    with pytest.raises(Exception, match="unknown stage"):
        run.with_results({"units": ()})


def test_an_edition_in_a_language_without_a_termbase_abstains() -> None:
    from lawalign.diff import find_divergences

    vi, ru, tr = seed_editions()
    unknown = replace(ru, name="pt-copy", lang="pt", units=tuple(replace(u, lang="pt") for u in ru.units))

    def at_once(findings: list[Finding]) -> bool:
        return any(f.lang == "tr" and f.unit == "68C" and "at once" in f.message for f in findings)

    assert at_once(find_divergences([vi, ru, tr]))
    assert at_once(find_divergences([vi, ru, tr, unknown]))  # "pt" cannot tell: it does not vote
