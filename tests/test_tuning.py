"""The tuned numbers of the structure stage and the input readers live in one documented file
(``data/reader/settings.toml``), each read by name by the module its table names."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest

from lawalign.errors import ConfigError
from lawalign.tuning import settings_tables, tuned_float, tuned_floats, tuned_int

SRC = Path(__file__).resolve().parent.parent / "src" / "lawalign"
SETTINGS = SRC / "data" / "reader" / "settings.toml"
# Module-level numbers in structure/ and ingest/ that are no tuning: resource bounds, formats' own
# numbers, a float tolerance, how much evidence a message quotes.
NOT_TUNED = {
    ("ingest/docx.py", "_ODT_LEVELS"),  # OpenDocument list levels run 1-10
    ("ingest/xmlsafe.py", "_CHUNK"),  # read size
    ("ingest/read.py", "MAX_BYTES"),  # input bound
    ("ingest/html.py", "MAX_DEPTH"),  # nesting bound
    ("ingest/listmarks.py", "_MAX_COUNTER"),  # HTML's counter range (a 32-bit integer)
    ("ingest/langid.py", "SAMPLE_CHARS"),  # how much text language detection reads
    ("ingest/decode.py", "SCORE_SAMPLE_CHARS"),  # how much text a decoding is scored on
    ("ingest/pdf.py", "BOLD_WEIGHT"),  # the font weight named bold (CSS, OpenType: 600 semibold)
    *(
        ("ingest/charclass.py", name) for name in ("_LATIN", "_GREEK", "_CYRILLIC", "_NO_JOINER")
    ),  # Unicode blocks
    ("structure/segment.py", "TIE_MARGIN"),  # float tolerance
    ("structure/segment.py", "EVIDENCE_NOTES"),  # contradictions quoted in a message
}


def _tuned_reads() -> dict[tuple[str, str], list[str]]:
    """(table, key) → the modules that read it with ``tuned_int``/``tuned_float``/``tuned_floats``."""
    reads: dict[tuple[str, str], list[str]] = {}
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("tuned_int", "tuned_float", "tuned_floats")
            ):
                table, key = (a.value for a in node.args if isinstance(a, ast.Constant))
                reads.setdefault((str(table), str(key)), []).append(path.relative_to(SRC).as_posix())
    return reads


def _file_keys() -> set[tuple[str, str]]:
    data = tomllib.loads(SETTINGS.read_text(encoding="utf-8"))
    return {
        (f"{top}.{module}", key)
        for top in ("structure", "ingest")
        for module, table in data[top].items()
        for key in table
    }


def test_every_key_is_read_by_the_module_its_table_names_and_every_read_key_is_in_the_file() -> None:
    reads = _tuned_reads()
    assert set(reads) == _file_keys()
    for (table, key), modules in reads.items():
        assert modules == [table.replace(".", "/") + ".py"], f"[{table}] {key} read by {modules}"


def _numeric(value: ast.expr) -> bool:
    if isinstance(value, ast.Constant):
        return isinstance(value.value, (int, float)) and not isinstance(value.value, bool)
    if isinstance(value, ast.Tuple):
        return all(_numeric(v) for v in value.elts)
    if isinstance(value, ast.Dict):
        return all(_numeric(v) for v in value.values)
    if isinstance(value, (ast.BinOp, ast.UnaryOp)):
        return all(_numeric(v) for v in ast.iter_child_nodes(value) if isinstance(v, ast.expr))
    return False


def test_no_module_of_the_reading_stages_keeps_a_tuned_number_of_its_own() -> None:
    found = set()
    for folder in ("structure", "ingest"):
        for path in sorted((SRC / folder).glob("*.py")):
            for node in ast.parse(path.read_text(encoding="utf-8")).body:
                if isinstance(node, ast.Assign):
                    targets, value = node.targets, node.value
                elif isinstance(node, ast.AnnAssign) and node.value is not None:
                    targets, value = [node.target], node.value
                else:
                    continue
                if _numeric(value):
                    names = [t for target in targets for t in ast.walk(target) if isinstance(t, ast.Name)]
                    found |= {(f"{folder}/{path.name}", n.id) for n in names}
    assert found == NOT_TUNED, "a number set in the code: move it to data/reader/settings.toml"


# Fractions a formula of the reading stages holds as its definition, not as a setting: none, one,
# the floor 0.5 of a confidence (a tie) or a half, the tolerance of a cost comparison.
FORMULA_FLOATS = {0.0, 0.5, 1.0, 1e-12}


@pytest.mark.parametrize("folder", ["structure", "ingest"])
def test_no_fraction_is_set_inside_the_reading_stages_code(folder: str) -> None:
    """A fraction written inside a function (a share, a cost, a confidence, a typographic distance in
    type sizes, a weight of a score) is a tuned number too."""
    found = []
    for path in sorted((SRC / folder).glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        functions = [f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)]
        for node in (n for f in functions for n in ast.walk(f)):
            if (
                isinstance(node, ast.Constant)
                and type(node.value) is float
                and node.value not in FORMULA_FLOATS
            ):
                found.append(f"{folder}/{path.name}:{node.lineno}: {node.value}")
    assert not found


def test_wrong_keys_and_types_are_refused() -> None:
    assert tuned_int("structure.blocks", "max_heading_chars") == 120
    assert tuned_float("structure.blocks", "max_heading_chars") == 120.0
    assert dict(tuned_floats("structure.ids", "miss_cost"))["footnote"] == 0.2
    with pytest.raises(ConfigError, match=r"must be a whole number"):
        tuned_int("structure.blocks", "double_spaced_share")
    with pytest.raises(ConfigError, match=r"no table \[structure.nowhere\]"):
        tuned_float("structure.nowhere", "x")
    with pytest.raises(ConfigError, match=r"must be a table of numbers"):
        tuned_floats("structure.ids", "extra_cost")
    with pytest.raises(TypeError):
        settings_tables()["train"] = {}  # type: ignore[index]
    with pytest.raises(TypeError):
        settings_tables()["structure"]["ids"]["extra_cost"] = 0.0


def test_every_key_is_documented() -> None:
    """A key's line has a comment above it, or is one of a group a comment above documents."""
    lines = SETTINGS.read_text(encoding="utf-8").split("\n")
    undocumented = []
    for k, line in enumerate(lines):
        if "=" not in line or line.startswith(("#", "[")):
            continue
        j = k - 1
        while j >= 0 and lines[j] and not lines[j].startswith(("#", "[")):
            j -= 1  # a group of keys under one comment
        if j < 0 or not lines[j].startswith("#"):
            undocumented.append(line.split("=")[0].strip())
    assert not undocumented
