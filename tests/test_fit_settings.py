"""The fit of the structure stage's numbers: candidates applied and restored, sites chosen out of fold."""

from __future__ import annotations

from pathlib import Path

from lawalign_dev.evaluate.fit_settings import FACTORS, KEYS, Candidate, Search, _moves, applied, state_name
from lawalign_dev.evaluate.pages import FileGold
from lawalign_dev.evaluate.protocol import Page


def test_a_candidate_is_set_in_every_module_holding_the_number_and_restored() -> None:
    from lawalign.structure import ids, segment

    before = (ids.AMBIGUOUS_MARGIN, segment.AMBIGUOUS_MARGIN, ids.EXTRA_COST)
    with applied(Candidate(("structure.ids", "ambiguous_margin"), 2.0)):
        assert ids.AMBIGUOUS_MARGIN == segment.AMBIGUOUS_MARGIN == 2.0 * before[0]
        assert ids.EXTRA_COST == before[2]
    assert (ids.AMBIGUOUS_MARGIN, segment.AMBIGUOUS_MARGIN, ids.EXTRA_COST) == before
    assert len(_moves(())) == len(FACTORS) * len(KEYS) and _moves(())[0][0].key == KEYS[0]


def _page(name: str, site: str) -> Page:
    return Page(name, Path(name), FileGold(name, "en", ()), site)


def test_each_site_is_read_in_the_state_the_greedy_search_reaches_on_the_other_sites(monkeypatch) -> None:
    from lawalign_dev.evaluate import fit_settings

    move = Candidate(("structure.ids", "extra_cost"), 2.0)
    monkeypatch.setattr(fit_settings, "KEYS", (move.key,))
    monkeypatch.setattr(fit_settings, "FACTORS", (2.0,))
    pages = [_page("a1", "a"), _page("b1", "b"), _page("c1", "c")]
    search = Search(pages, jobs=1)
    # the move helps on a and b, hurts on c: both states already read, nothing is read again
    search.read = {
        (): {"a1": (5, 10), "b1": (5, 10), "c1": (9, 10)},
        (move,): {"a1": (7, 10), "b1": (7, 10), "c1": (3, 10)},
    }
    folds = {site: [p.name for p in pages if p.site != site] for site in "abc"}
    reached = search.greedy(folds, steps=3)
    # a: on b and c the move loses (10 against 14), so a stays; b likewise; c: on a and b it gains
    assert reached == {"a": (), "b": (), "c": (move,)}
    assert state_name(reached["c"]) == "extra_cost × 2" and state_name(()) == "the file's values"
