"""``lawalign pair`` on a real page pair where one side stops early (real model): the English 2017
Law 68 page against a Dutch page cut off inside 68B2. The English tail (the rest of B2, 68C, the 68D
heading and text) has no counterpart: it must stay unaligned (1:0), never glued into a large bead.
"""

from __future__ import annotations

import json

import pytest

from align_fixtures import ROOT
from lawalign.cli import main

pytestmark = pytest.mark.model

PAGES = ROOT / "tests" / "realworld" / "pages"
EN = PAGES / "en-2017-bridgevid-68.txt"
NL = PAGES / "nl-2017-bridgenl-art68.txt"


@pytest.mark.parametrize("unit", ["sentence", "both"])
def test_a_side_cut_short_leaves_its_tail_unaligned(
    unit: str, tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    cache = tmp_path_factory.getbasetemp() / "cut-short-cache"
    args = ["pair", str(EN), str(NL), "--src-lang", "en", "--tgt-lang", "nl", "--format", "jsonl"]
    assert main([*args, "--unit", unit, "--cache-dir", str(cache), "--jobs", "1"]) == 0
    beads = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    # no bead of more than three sentences on a side (none here beats its best split by the margin)
    assert max(max(len(b["src"]), len(b["tgt"])) for b in beads) <= 3
    tail = [
        b for b in beads if "accompanied at once" in b["src_text"] or "play is suspended" in b["src_text"]
    ]
    assert tail and all(b["tgt"] == [] for b in tail)
    # the matched part is aligned: the preamble and 68A's claim definition find their Dutch sentences
    defined = next(b for b in beads if b["src_text"].startswith("Any statement by declarer"))
    assert "Elke verklaring" in defined["tgt_text"]
