"""README and docs/ against the code: every command's options and their choices, the units row's
fields and debris reasons, and the JSON field names of findings, update plans, fingerprints and
comparisons. The code is the truth; a test here fails when a page says otherwise.

JSON shapes are documented as sketches (``{"name", "items": [{"id", ...}]}``) in a code block
preceded by ``<!-- json-shape: COMMAND -->``; a key followed by ``?`` is optional (it need not appear
in the run checked here, which does not exercise every case: a PDF's ``page``, say).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from lawalign.cli import COMMANDS, build_parser, main
from lawalign.models import DEBRIS_REASONS, Evidence, Finding, Source, Unit

ROOT = Path(__file__).resolve().parent.parent
PAGES = {
    p.relative_to(ROOT).as_posix(): p.read_text(encoding="utf-8")
    for p in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
}
ALL = "\n".join(PAGES.values())
VI = ROOT / "corpus" / "raw" / "000_e6edf3a6b624c89e.txt"


def _subparsers() -> dict[str, object]:
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    return dict(sub.choices)  # type: ignore[arg-type]


def _options(name: str) -> Iterator[tuple[tuple[str, ...], tuple[str, ...]]]:
    """(option strings, choices) of each option of command ``name`` but --help."""
    parser = _subparsers()[name]
    for action in parser._actions:  # type: ignore[attr-defined]
        if action.option_strings and "--help" not in action.option_strings:
            yield tuple(action.option_strings), tuple(str(c) for c in action.choices or ())


def _synopses(name: str) -> list[str]:
    """Every synopsis of ``name`` in README and docs/: a code span or code line starting ``lawalign NAME``."""
    out = []
    for text in PAGES.values():
        for m in re.finditer(r"`lawalign " + re.escape(name) + r"(?=[ `])([^`]*)`", text):
            out.append(m.group(1).replace("\\|", "|"))
        # a code line and the indented lines continuing it
        for m in re.finditer(
            r"^\s*(?:\$ )?lawalign " + re.escape(name) + r" (.*(?:\n[ \t]+\S.*)*)$", text, re.M
        ):
            out.append(m.group(1).replace("\\|", "|"))
    return out


@pytest.mark.parametrize("name", COMMANDS)
def test_every_option_of_every_command_is_documented(name):
    missing = [
        opts[-1]
        for opts, _ in _options(name)
        if not any(re.search(re.escape(o) + r"(?![\w-])", ALL) for o in opts)
    ]
    assert not missing, f"lawalign {name}: options in no page of README or docs/: {missing}"


@pytest.mark.parametrize("name", COMMANDS)
def test_documented_choices_are_the_parsers(name):
    synopses = _synopses(name)
    assert synopses, f"lawalign {name} has no synopsis in README or docs/"
    for opts, choices in _options(name):
        if not choices:
            continue
        lists = [
            m.group(1).split("|")
            for s in synopses
            for o in opts
            for m in re.finditer(re.escape(o) + r"[ =]([\w.-]+(?:\|[\w.-]+)+)", s)
        ]
        assert lists, f"lawalign {name} {opts[-1]}: no synopsis lists its values {'|'.join(choices)}"
        for listed in lists:
            assert set(listed) == set(choices), (
                f"lawalign {name} {opts[-1]}: documented {listed}, code {choices}"
            )


def _table(page: str, heading: str) -> list[list[str]]:
    """Rows of the first Markdown table after ``heading`` in ``page`` (cells stripped)."""
    text = PAGES[page]
    start = text.index(heading)
    rows = []
    for line in text[start:].splitlines()[1:]:
        if line.startswith("|"):
            rows.append([c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]])
        elif rows:
            break
    return [r for r in rows[2:]]  # header and rule dropped


def _names(cells: list[list[str]]) -> list[str]:
    return [re.fullmatch(r"`([\w-]+)`", r[0]).group(1) for r in cells]  # type: ignore[union-attr]


def _full_unit(kind: str) -> Unit:
    return Unit(
        id="68B2" if kind != "debris" else "debris.1",
        kind=kind,  # type: ignore[arg-type]
        role="point" if kind != "debris" else "debris",
        lang="vi",
        law="68",
        text="x",
        source=Source("a.txt", 1, 1),
        evidence="why",
        reason="duplicate-text" if kind == "debris" else "",
        duplicate_of="68B1" if kind == "debris" else None,
        footnotes=("68.fn1",),
    )


def test_the_units_table_lists_every_field_of_a_row():
    documented = _names(_table("README.md", "## The `units` row"))
    emitted: dict[str, None] = {}
    for kind in ("text", "footnote", "debris"):
        emitted.update(dict.fromkeys(_full_unit(kind).as_row()))
    assert sorted(documented) == sorted(emitted)


def test_the_units_table_lists_every_debris_reason():
    row = next(r for r in _table("README.md", "## The `units` row") if r[0] == "`reason`")
    documented = re.findall(r"`([a-z-]+)`", row[1])
    assert documented == list(DEBRIS_REASONS)


def test_the_finding_and_evidence_tables_name_the_json_fields():
    finding = Finding(
        "omission",
        "error",
        "vi",
        "68B2",
        "m",
        (Evidence("vi", "68B2", "q", "a.txt", 3, 1),),
        "s",
        {"key": "k"},
    )
    assert _names(_table("docs/diff.md", "## Finding fields")) == list(finding.as_dict())
    assert _names(_table("docs/diff.md", "### Evidence fields")) == list(finding.evidence[0].as_dict())


def _shape(name: str) -> tuple[set[str], set[str]]:
    """(keys, optional keys) of the JSON sketch documented for ``name``."""
    found = [
        (p, m)
        for p, t in PAGES.items()
        if (m := re.search(r"<!-- json-shape: " + re.escape(name) + r" -->\s*```\n(.*?)```", t, re.S))
    ]
    assert len(found) == 1, f"one json-shape sketch for {name}, found {[p for p, _ in found]}"
    sketch = found[0][1].group(1)
    return set(re.findall(r'"([\w-]+)"', sketch)), set(re.findall(r'"([\w-]+)"\?', sketch))


def _keys(value: object) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


def _json_of(capsys: pytest.CaptureFixture[str], *argv: str) -> object:
    assert main([*argv, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.fixture(scope="module")
def edited_vi(tmp_path_factory: pytest.TempPathFactory) -> Path:
    lines = VI.read_text(encoding="utf-8").splitlines(keepends=True)
    target = tmp_path_factory.mktemp("vi") / "vi-edited.txt"
    text = "".join(lines).replace("ngay lập tức", "tức thì", 1)
    target.write_text(text, encoding="utf-8")
    return target


@pytest.mark.parametrize("name", ["update-plan", "fingerprint", "compare"])
def test_json_sketches_name_exactly_the_keys_emitted(name, capsys, edited_vi):
    argv = {
        "update-plan": ["update-plan", str(VI), "--to", "2017"],
        "fingerprint": ["fingerprint", str(VI)],
        "compare": ["compare", str(VI), str(edited_vi)],
    }[name]
    emitted = _keys(_json_of(capsys, *argv))
    documented, optional = _shape(name)
    assert emitted <= documented, f"{name}: emitted but not documented: {sorted(emitted - documented)}"
    assert documented - optional <= emitted, (
        f"{name}: documented but not emitted: {sorted(documented - optional - emitted)}"
    )
