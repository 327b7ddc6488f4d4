"""The structure stage's blocks are values: no step and no reading writes into a block it was given.

A text's blocks are prepared once and read against every skeleton; a reading that wrote into them
(a debris reason, a "goes on" mark, a quote's label split off) would change what the next reading
sees, so the edition chosen would depend on the order the skeletons are tried in.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError, replace
from pathlib import Path

import pytest

from lawalign.ingest import read_source
from lawalign.ingest.profiles import load_profile
from lawalign.structure.blocks import Block, classify_blocks, mark_repeats, split_blocks
from lawalign.structure.debris import mark_debris
from lawalign.structure.numbering import restart_runs
from lawalign.structure.quotes import find_quotes
from lawalign.structure.segment import _prepare, _segment
from lawalign.structure.skeleton import available_skeletons, load_skeleton

ROOT = Path(__file__).resolve().parent.parent
TEXTS = [
    ROOT / "corpus" / "raw" / "000_e6edf3a6b624c89e.txt",  # a seed: a law printed whole
    ROOT / "tests" / "realworld" / "pages" / "en-2007-blml-rtflb-inline-68a.txt",  # a quote cut from a post
    ROOT / "tests" / "realworld" / "pages" / "en-1997-blakjak-68b-68d.txt",  # quotes inside commentary
    ROOT / "tests" / "realworld" / "pages" / "da-2017-dokumentips-front-toc.txt",  # a table of contents
]


def _snapshot(blocks: list[Block]) -> list[tuple[object, ...]]:
    return [
        (*(getattr(b, f) for f in Block.__slots__ if f != "heading_cost"), dict(b.heading_cost))
        for b in blocks
    ]


@pytest.mark.parametrize("path", TEXTS, ids=lambda p: p.name)
def test_readings_leave_the_prepared_blocks_as_they_were(path: Path) -> None:
    source = read_source(str(path))
    profile = load_profile(source.lang)
    skeletons = [load_skeleton(e) for e in available_skeletons()]
    prepared = _prepare(source, profile, None)
    before = _snapshot(prepared)

    def readings(order: list[int]) -> dict[str, object]:
        out = {}
        for k in order:
            edition, fit = _segment(source, skeletons[k], profile, None, prepared=prepared)
            out[skeletons[k].edition] = (
                fit,
                [(u.id, u.kind, u.text, u.reason, u.confidence) for u in edition.units],
            )
            assert _snapshot(prepared) == before, f"reading against {skeletons[k].edition} changed the blocks"
        return out

    forward = readings(list(range(len(skeletons))))
    assert forward == readings(list(reversed(range(len(skeletons))))), "a reading depends on the one before"


def test_each_step_returns_new_blocks_and_keeps_the_ones_given() -> None:
    path = TEXTS[1]
    source = read_source(str(path))
    profile = load_profile(source.lang)
    split = split_blocks(source, profile)
    steps = [
        lambda bs: classify_blocks(bs, profile),
        lambda bs: mark_debris(bs, profile, None),
        mark_repeats,
        restart_runs,
        lambda bs: find_quotes(bs, profile, load_skeleton("2007"), source)[0],
    ]
    blocks = split
    for step in steps:
        before = _snapshot(blocks)
        after = step(blocks)
        assert after is not blocks
        assert _snapshot(blocks) == before
        blocks = after
    # the steps did read something: kinds, debris, and a quote cut out of its post
    assert {b.kind for b in blocks} >= {"text", "debris"}
    assert len(blocks) > len(split)


def test_a_block_cannot_be_changed_in_place() -> None:
    b = Block(0, 0, 5, 0, 0, "LAW 68")
    with pytest.raises(FrozenInstanceError):
        b.kind = "law"  # type: ignore[misc]
    costs = replace(b, heading_cost={"Claim Defined": -0.1}).heading_cost
    assert costs["Claim Defined"] == -0.1
    from lawalign.structure.blocks import frozen_costs

    frozen = frozen_costs({"Claim Defined": -0.1})
    with pytest.raises(TypeError):
        frozen["Claim Defined"] = 0.0  # type: ignore[index]
