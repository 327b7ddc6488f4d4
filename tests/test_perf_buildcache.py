"""The results of the last build: stored by `lawalign build`, read by show/search/report/export/diff
while current (same inputs, settings, data and tool), with a notice; recomputed otherwise; outputs
byte-identical either way; a forged or corrupt file is never trusted."""

from __future__ import annotations

import dataclasses
import json
import shutil
import typing
from collections.abc import Iterator
from pathlib import Path

import pytest

from align_fixtures import HashEmbedder
from lawalign.cli import main
from lawalign.models import Bead, Edition, Finding, ParagraphLink, UnitId
from lawalign.run import Run
from lawalign.runcache import CLASSES, decode, encode, load_results, run_key, save_results

ROOT = Path(__file__).resolve().parent.parent

COMMANDS = (
    ("show", "68B2", "corpus", "--format", "json"),
    ("show", "70", "corpus"),
    ("search", "claim of tricks", "corpus", "--format", "json"),
    ("search", "--cites", "69", "corpus"),
    ("report", "corpus", "-o", "-"),
    ("export", "corpus", "--format", "tmx", "-o", "-"),
    ("export", "corpus", "--format", "xliff", "--tgt", "ru", "-o", "-"),
    ("diff", "corpus", "--format", "json"),
    ("diff", "corpus", "--lang", "tr", "--sort", "severity"),
)
NOTICE = "lawalign: results of build"


def _copy_corpus(folder: Path) -> Path:
    shutil.copytree(ROOT / "corpus", folder / "corpus", ignore=shutil.ignore_patterns("build"))
    return folder / "corpus"


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_paragraph_links_are_stored() -> None:
    # An alignment holds paragraphs matched by content where ids did not pair them (units one edition
    # numbers differently). The stored results could not hold them: the write was skipped ("a
    # ParagraphLink cannot be stored", logged) and every later command recomputed the build.
    link = ParagraphLink(
        "tr",
        "vi",
        (UnitId("68A.title"),),
        (UnitId("70D.title"),),
        0.1414,
        (Bead((0,), (0,), 0.1414),),
        ("a",),
        ("b",),
    )
    results = {"links": (link,)}
    assert decode(encode(results)) == results


def test_every_class_a_stored_class_holds_can_be_stored() -> None:
    # The classes a stored result may hold are an allow-list; a field typed with a class it lacks
    # (Alignment.paragraphs of ParagraphLink, until 2026-12-07) made the write fail on the runs that
    # held one, and only those. Every dataclass in a field of a listed class is listed too.
    def named(hint: object) -> Iterator[object]:
        yield hint
        for arg in typing.get_args(hint):
            yield from named(arg)

    listed = set(CLASSES.values())
    missing = {
        (cls.__name__, field, hint.__name__)  # type: ignore[attr-defined]
        for cls in listed
        for field, annotation in typing.get_type_hints(cls).items()
        for hint in named(annotation)
        if dataclasses.is_dataclass(hint) and hint not in listed
    }
    assert missing == set()


def test_results_round_trip_equal_and_sharing_kept(tmp_path: Path) -> None:
    corpus = _copy_corpus(tmp_path)
    run = Run.from_paths([corpus], embedder=HashEmbedder())
    assert run.findings is not None and run.order
    results = run.stage_results()
    assert set(results) == set(Run.STAGES)
    back = decode(encode(results))
    assert back == results
    segmented = [e for e, _ in back["readings"]]  # type: ignore[union-attr]
    anchored = back["anchored"][0]  # type: ignore[index]
    assert all(isinstance(e, Edition) for e in anchored)
    # Objects the run shares between stages (a unit anchoring left alone) stay shared.
    same = [a for a, s in zip(run.editions, run.segmented, strict=True) if a is s]
    assert sum(a is s for a, s in zip(anchored, segmented, strict=True)) == len(same)
    assert all(isinstance(f, Finding) for f in back["findings"])  # type: ignore[union-attr]
    assert encode(back) == encode(results)


@pytest.mark.parametrize(
    "forged",
    [
        '{"$d":[["findings",[{"$":"Popen","args":"x"}]]]}',
        '{"$d":[["findings",[{"$r":7}]]]}',
        '{"$d":[["findings",[{"$":"Finding","nope":1}]]]}',
        '{"x":1}',
        "[1, 2",
    ],
)
def test_a_forged_body_is_refused(forged: str) -> None:
    with pytest.raises(ValueError):
        decode(forged)


def test_what_the_file_cannot_hold_is_not_stored(tmp_path: Path) -> None:
    with pytest.raises(TypeError):
        encode({"order": ["a list"]})
    corpus = _copy_corpus(tmp_path)
    run = Run.from_paths([corpus], cache_dir=tmp_path / "cache", anchor=False, align=False)
    assert run.editions
    assert save_results(run.with_results({"order": ["68A"]}), "0" * 16, tmp_path / "b") is None


def test_the_key_follows_inputs_settings_and_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    corpus = _copy_corpus(tmp_path)
    base = run_key(Run.from_paths([corpus]))
    assert base is not None and base == run_key(Run.from_paths([corpus]))
    assert run_key(Run.from_paths([corpus], rules=["omission"])) != base
    assert run_key(Run.from_paths([corpus], align=False)) != base
    assert run_key(Run.from_paths([corpus], embed_cache=False)) is None
    assert run_key(Run.from_paths([corpus], embedder=HashEmbedder())) is None
    data = tmp_path / "data"
    (data / "termbase").mkdir(parents=True)
    with_data = run_key(Run.from_paths([corpus], data_dir=data))
    (data / "termbase" / "extra.toml").write_text("# nothing yet\n", encoding="utf-8")
    assert run_key(Run.from_paths([corpus], data_dir=data)) not in (with_data, base)
    monkeypatch.setenv("LAWALIGN_HEADING_MODEL", "0")
    assert run_key(Run.from_paths([corpus])) != base
    monkeypatch.setenv("LAWALIGN_JOBS", "3")
    monkeypatch.delenv("LAWALIGN_HEADING_MODEL")
    assert run_key(Run.from_paths([corpus])) == base
    manifest = corpus / "manifest.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + "\n# a comment only\n", encoding="utf-8")
    assert run_key(Run.from_paths([corpus])) == base  # the manifest as read, not its bytes
    raw = next((corpus / "raw").glob("*.txt"))
    raw.write_bytes(raw.read_bytes() + b"\n")
    assert run_key(Run.from_paths([corpus])) != base


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the bundled corpus, built once (real model), with its own cache folder."""
    work = tmp_path_factory.mktemp("built")
    _copy_corpus(work)
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(work)
        mp.setenv("LAWALIGN_CACHE", str(work / "cache"))
        assert main(["build", "corpus"]) == 0
    assert list((work / "cache" / "runs").glob("*.json"))
    return work


@pytest.mark.model
def test_commands_read_a_current_build_and_print_the_same_bytes(
    built: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(built)
    monkeypatch.setenv("LAWALIGN_CACHE", str(built / "cache"))
    capsys.readouterr()
    build_id = json.loads((built / "corpus" / "build" / "manifest.json").read_text())["build"]["id"]
    from_build = {}
    for argv in COMMANDS:
        code, out, err = _run(capsys, *argv)
        assert code == 0, err
        assert f"{NOTICE} {build_id}" in err, argv
        from_build[argv] = out
    stored = sorted((built / "cache" / "runs").glob("*.json"))
    aside = built / "aside"
    aside.mkdir(exist_ok=True)
    for path in stored:
        path.rename(aside / path.name)
    try:
        for argv in COMMANDS:
            code, out, err = _run(capsys, *argv)
            assert code == 0 and NOTICE not in err
            assert out == from_build[argv], f"{argv}: output differs from the computed one"
    finally:
        for path in stored:
            (aside / path.name).rename(path)


@pytest.mark.model
def test_a_stale_or_forged_build_is_recomputed(
    built: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
    tmp_path: Path,
) -> None:
    work = tmp_path
    shutil.copytree(built / "corpus", work / "corpus")
    shutil.copytree(built / "cache", work / "cache")
    monkeypatch.chdir(work)
    monkeypatch.setenv("LAWALIGN_CACHE", str(work / "cache"))
    _, current, err = _run(capsys, "show", "68B2", "corpus")
    assert NOTICE not in err, "a build of another folder is not this folder's build"
    assert main(["build", "corpus"]) == 0
    capsys.readouterr()
    _, out, err = _run(capsys, "show", "68B2", "corpus")
    assert NOTICE in err and out == current
    # A stale build: an input changed after it.
    vi = work / "corpus" / "raw" / "000_e6edf3a6b624c89e.txt"
    original = vi.read_text(encoding="utf-8")
    vi.write_text(original.replace("ĐIỀU 68", "ĐIỀU 68", 1) + "\n", encoding="utf-8")
    code, out, err = _run(capsys, "show", "68B2", "corpus")
    assert code == 0 and NOTICE not in err and out == current
    vi.write_text(original, encoding="utf-8")
    # A forged file with the right key: the body names a class the cache never builds.
    path = max((work / "cache" / "runs").glob("*.json"), key=lambda p: p.stat().st_mtime_ns)
    header = path.read_text(encoding="utf-8").split("\n", 1)[0]
    path.write_text(header + '\n{"$d":[["findings",[{"$":"Popen","args":"x"}]]]}\n', encoding="utf-8")
    with caplog.at_level("WARNING", logger="lawalign.runcache"):
        code, out, err = _run(capsys, "show", "68B2", "corpus")
    assert code == 0 and NOTICE not in err and out == current
    assert "integrity check" in caplog.text  # a body edited behind the seal
    # A run the stored one does not describe (other rules): computed.
    code, out, err = _run(capsys, "diff", "corpus", "--rules", "omission")
    assert code == 0 and NOTICE not in err


def test_load_results_without_a_build_is_none(tmp_path: Path) -> None:
    corpus = _copy_corpus(tmp_path)
    assert load_results(Run.from_paths([corpus], cache_dir=tmp_path / "cache")) is None
