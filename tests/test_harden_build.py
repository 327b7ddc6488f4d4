"""The build folder is all-or-nothing: written into a temporary sibling and swapped in with renames.

Faults are injected where they would strike: a full disk in the middle of the write phase (a patched
writer raising ENOSPC), a kill during the write phase and a kill between the two renames of the swap
(a child process that ``os._exit``s at that point, so no clean-up code runs).
"""

from __future__ import annotations

import errno
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from lawalign import output
from lawalign.cli import main
from lawalign.output import BUILD_MARKER, recover_folder, stamp_json, write_folder

ROOT = Path(__file__).resolve().parent.parent
RU = ROOT / "corpus" / "raw" / "002_1323563bdd032735.txt"
TR = ROOT / "corpus" / "raw" / "003_e30df247acf19ab2.txt"


def _corpus(tmp_path: Path) -> Path:
    corpus = tmp_path / "c"
    corpus.mkdir()
    (corpus / "ru.txt").write_bytes(RU.read_bytes())
    (corpus / "tr.txt").write_bytes(TR.read_bytes())
    (corpus / "manifest.toml").write_text(
        '[[edition]]\nfile = "ru.txt"\nlang = "ru"\n[[edition]]\nfile = "tr.txt"\nlang = "tr"\n',
        encoding="utf-8",
    )
    return corpus


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def _leftovers(corpus: Path) -> list[str]:
    return sorted(p.name for p in corpus.iterdir() if ".tmp-" in p.name or ".old-" in p.name)


def test_build_records_its_id_and_input_hashes(tmp_path, capsys):
    corpus = _corpus(tmp_path)
    assert main(["build", str(corpus), "--no-align"]) == 0
    built = _snapshot(corpus / "build")
    assert set(built) == {"manifest.json", "units.jsonl", "ru.xml", "tr.xml", "corpus.sqlite", BUILD_MARKER}
    manifest = json.loads(built["manifest.json"])
    build = manifest["build"]
    assert len(build["id"]) == 16 and build["options"] == {"model": "e5", "align": False}
    import hashlib

    assert {i["path"]: i["sha256"] for i in build["inputs"]} == {  # named from the corpus folder
        "c/ru.txt": hashlib.sha256(RU.read_bytes()).hexdigest(),
        "c/tr.txt": hashlib.sha256(TR.read_bytes()).hexdigest(),
    }
    assert manifest["files"] == {
        name: hashlib.sha256(data).hexdigest()
        for name, data in built.items()
        if name not in ("manifest.json", BUILD_MARKER)
    }
    for name in ("ru.xml", "tr.xml"):
        assert f'<la:build id="{build["id"]}"'.encode() in built[name]
    assert f"build {build['id']}" in capsys.readouterr().err
    # same inputs: same id, byte-identical files; a changed input: a new id
    assert main(["build", str(corpus), "--no-align"]) == 0
    assert _snapshot(corpus / "build") == built
    (corpus / "tr.txt").write_bytes(TR.read_bytes() + b"\n")
    assert main(["build", str(corpus), "--no-align"]) == 0
    assert json.loads((corpus / "build" / "manifest.json").read_bytes())["build"]["id"] != build["id"]
    assert _leftovers(corpus) == []


def test_findings_and_sarif_carry_the_build():
    build = {"id": "0123456789abcdef", "tool": "lawalign 0", "options": {}, "inputs": []}
    findings = json.loads(stamp_json(b'{"findings": []}\n', build))
    assert list(findings) == ["build", "findings"] and findings["build"]["id"] == build["id"]
    sarif = json.loads(stamp_json(b'{"version": "2.1.0", "runs": [{"results": []}]}', build, sarif=True))
    assert sarif["runs"][0]["automationDetails"] == {"id": "lawalign/0123456789abcdef"}
    assert sarif["runs"][0]["properties"]["build"]["id"] == build["id"]


def test_a_full_disk_mid_build_leaves_the_old_build_whole(tmp_path, capsys, monkeypatch):
    corpus = _corpus(tmp_path)
    assert main(["build", str(corpus), "--no-align"]) == 0
    old = _snapshot(corpus / "build")
    (corpus / "tr.txt").write_bytes(TR.read_bytes() + b"\n")
    real = output._write_file
    written: list[str] = []

    def disk_fills_up(path: Path, data: bytes) -> None:
        if len(written) == 2:
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        written.append(path.name)
        real(path, data)

    monkeypatch.setattr(output, "_write_file", disk_fills_up)
    capsys.readouterr()
    assert main(["build", str(corpus), "--no-align"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(str(corpus / "build.tmp-")) and err.endswith(
        ": cannot write: No space left on device"
    )
    assert "Traceback" not in err and len(err.splitlines()) == 1
    assert _snapshot(corpus / "build") == old
    assert _leftovers(corpus) == []


def test_stale_files_do_not_survive_a_rebuild(tmp_path):
    corpus = _corpus(tmp_path)
    assert main(["build", str(corpus)]) == 0
    (corpus / "build" / "alignment.jsonl").write_bytes(b"edited in place")
    assert main(["build", str(corpus), "--no-align"]) == 0  # every file the last build wrote goes
    assert set(_snapshot(corpus / "build")) == {
        "manifest.json",
        "units.jsonl",
        "ru.xml",
        "tr.xml",
        "corpus.sqlite",
        BUILD_MARKER,
    }


def test_a_build_never_deletes_a_file_it_did_not_write(tmp_path, capsys):
    corpus = _corpus(tmp_path)
    assert main(["build", str(corpus), "--no-align"]) == 0
    (corpus / "build" / "notes.txt").write_bytes(b"the user's own notes")
    before = _snapshot(corpus / "build")
    capsys.readouterr()
    assert main(["build", str(corpus), "--no-align"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (
        f"{corpus / 'build'}: exists and is not a lawalign build folder (it holds 'notes.txt', which no "
        "build wrote); refusing to touch it: choose a new or empty folder"
    )
    assert _snapshot(corpus / "build") == before and _leftovers(corpus) == []


def test_a_web_app_folder_with_its_own_manifest_is_refused_untouched(tmp_path, capsys):
    corpus = _corpus(tmp_path)
    app = tmp_path / "app"
    app.mkdir()
    (app / "manifest.json").write_text('{"name": "my app", "start_url": "index.htm"}', encoding="utf-8")
    (app / "index.htm").write_text("<h1>mine</h1>", encoding="utf-8")
    before = _snapshot(app)
    assert main(["build", str(corpus), "--no-align", "--out", str(app)]) == 2
    err = capsys.readouterr().err
    assert f"{app}: exists and is not a lawalign build folder (it has no {BUILD_MARKER} marker" in err
    assert _snapshot(app) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["app", "c"]  # no temporary folder either


def test_a_build_of_an_earlier_version_without_marker_is_replaced(tmp_path):
    corpus = _corpus(tmp_path)
    assert main(["build", str(corpus), "--no-align"]) == 0
    (corpus / "build" / BUILD_MARKER).unlink()  # as an earlier version wrote it
    assert main(["build", str(corpus), "--no-align"]) == 0
    assert BUILD_MARKER in _snapshot(corpus / "build")


def test_recovery_keeps_a_folder_holding_files_no_build_wrote(tmp_path):
    corpus = _corpus(tmp_path)
    assert main(["build", str(corpus), "--no-align"]) == 0
    stale = corpus / "build.old-999999999-abcd"  # a dead process's, with a file the user put there
    stale.mkdir()
    (stale / "units.jsonl").write_bytes(b"x")
    (stale / "mine.txt").write_bytes(b"keep me")
    write_folder_marker = json.dumps({"lawalign-build": 1, "files": ["units.jsonl"]})
    (stale / BUILD_MARKER).write_text(write_folder_marker, encoding="utf-8")
    recover_folder(corpus / "build")
    assert sorted(p.name for p in stale.iterdir()) == ["mine.txt"]


def test_a_folder_that_is_not_a_build_is_never_replaced(tmp_path, capsys):
    corpus = _corpus(tmp_path)
    before = _snapshot(corpus)
    assert main(["build", str(corpus), "--no-align", "--out", str(corpus)]) == 2
    assert "is not a lawalign build folder" in capsys.readouterr().err
    assert _snapshot(corpus) == before
    afile = tmp_path / "file"
    afile.write_bytes(b"x")
    assert main(["build", str(corpus), "--no-align", "--out", str(afile)]) == 2
    assert capsys.readouterr().err.strip() == f"{afile}: exists and is not a folder"


_KILLER = """
import os, sys
from lawalign import output
from lawalign.cli import main
real_write, real_rename = output._write_file, output._rename
count = []
def write(path, data):
    real_write(path, data)
    count.append(path)
    if {where!r} == "write" and len(count) == 2:
        os._exit(137)
def rename(src, dst):
    real_rename(src, dst)
    if {where!r} == "swap":
        os._exit(137)
output._write_file, output._rename = write, rename
sys.exit(main(["build", {corpus!r}, "--no-align"]))
"""


def _killed_build(corpus: Path, where: str) -> None:
    script = textwrap.dedent(_KILLER.format(where=where, corpus=str(corpus)))
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, check=False)
    assert done.returncode == 137, done.stderr.decode()


@pytest.mark.parametrize("where", ["write", "swap"])
def test_a_build_killed_while_writing_leaves_the_old_build_or_is_repaired(tmp_path, capsys, where):
    corpus = _corpus(tmp_path)
    assert main(["build", str(corpus), "--no-align"]) == 0
    old = _snapshot(corpus / "build")
    (corpus / "tr.txt").write_bytes(TR.read_bytes() + b"\n")
    _killed_build(corpus, where)
    assert _leftovers(corpus)  # the killed process could not clean up
    if where == "write":
        assert _snapshot(corpus / "build") == old  # the old set is still whole
    else:
        assert not (corpus / "build").exists()  # killed between the two renames
    done = recover_folder(corpus / "build")
    assert done and _leftovers(corpus) == []
    assert _snapshot(corpus / "build") == old
    _killed_build(corpus, where)
    assert main(["build", str(corpus), "--no-align"]) == 0  # the next build repairs, then builds
    assert _leftovers(corpus) == []
    new = _snapshot(corpus / "build")
    assert new != old and set(new) == set(old)


def test_write_folder_refuses_unsafe_file_names(tmp_path):
    with pytest.raises(Exception, match="is not a plain name"):
        write_folder(tmp_path / "out", {"../escape.txt": b"x"})
    assert not (tmp_path / "escape.txt").exists() and not (tmp_path / "out").exists()


# --- encoding workers die with their parent ---------------------------------------------------------

_POOL_PARENT = """
import os, sys, time
from lawalign.align import parallel
pool = parallel._pool((dict, ()), 1)  # the pool `pair --jobs N` and `build --jobs N` encode in
worker = pool.submit(os.getpid).result()  # its initializer has run
pool.submit(time.sleep, 3600)  # busy, as a worker encoding for minutes
print(worker, flush=True)
time.sleep(3600)
"""

_WATCHED = """
import sys, time
from lawalign.align.parallel import _watch_parent
_watch_parent(int(sys.argv[1]))
time.sleep(3600)
"""

_PARENT_OF_WATCHED = """
import os, subprocess, sys, time
child = subprocess.Popen([sys.executable, "-c", sys.argv[1], str(os.getpid())])
print(child.pid, flush=True)
time.sleep(3600)
"""


def _gone(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] == "Z"  # a zombie no one reaped yet
    except FileNotFoundError:
        return True


def _kill_parent_and_wait(argv: list[str]) -> tuple[int, bool]:
    import os
    import signal
    import time

    parent = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert parent.stdout is not None
    worker = int(parent.stdout.readline())
    assert not _gone(worker)
    os.kill(parent.pid, signal.SIGKILL)
    parent.wait()
    for _ in range(600):  # a safety net only: the worker goes at once (signal) or within a second
        if _gone(worker):
            return worker, True
        time.sleep(0.1)
    os.kill(worker, signal.SIGKILL)
    return worker, False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_encoding_workers_exit_when_their_parent_is_killed():
    worker, gone = _kill_parent_and_wait([sys.executable, "-c", _POOL_PARENT])
    assert gone, f"worker {worker} outlived its SIGKILLed parent"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_the_parent_watchdog_alone_ends_an_orphaned_worker():
    worker, gone = _kill_parent_and_wait([sys.executable, "-c", _PARENT_OF_WATCHED, _WATCHED])
    assert gone, f"process {worker} outlived its SIGKILLed parent"


# --- outputs do not depend on how the corpus folder was typed -----------------------------------------


@pytest.mark.model
def test_a_build_is_byte_identical_however_the_corpus_path_is_typed(tmp_path, monkeypatch):
    (tmp_path / "work").mkdir()
    corpus = _corpus(tmp_path / "work")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    runs = {
        "from the parent": (corpus.parent, "c"),
        "inside it": (corpus, "."),
        "absolute": (elsewhere, str(corpus)),
    }
    built = {}
    for how, (cwd, typed) in runs.items():
        monkeypatch.chdir(cwd)
        assert main(["build", typed, "--jobs", "1"]) == 0
        built[how] = _snapshot(corpus / "build")
    first = built["from the parent"]
    for how, files in built.items():
        assert set(files) == set(first)
        for name in ("alignment.jsonl", "corpus.sqlite", "findings.json", "findings.sarif", "manifest.json"):
            assert files[name] == first[name], f"{name} differs when the corpus is typed {how}"
        assert files == first
    manifest = json.loads(first["manifest.json"])
    assert [i["path"] for i in manifest["build"]["inputs"]] == ["c/ru.txt", "c/tr.txt"]


def test_an_out_folder_given_as_a_symbolic_link_is_refused(tmp_path, capsys):
    corpus = _corpus(tmp_path)
    real = tmp_path / "real"
    real.mkdir()
    link = tmp_path / "link"
    link.symlink_to(real)
    assert main(["build", str(corpus), "--no-align", "--out", str(link)]) == 2
    assert "is a symbolic link" in capsys.readouterr().err
    assert link.is_symlink() and list(real.iterdir()) == []
