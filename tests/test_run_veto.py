"""The run veto: a run of one law's units read as noise by a logistic model over the run's cues, among
them whether the law's printed title means that law (the titles of the 93 Laws, the bundled model)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from statistics import mean

import pytest

from lawalign.errors import ConfigError
from lawalign.ingest import read_source
from lawalign.models import Unit
from lawalign.run import load_editions, read_structure
from lawalign.structure import titles as titles_module
from lawalign.structure.reader import RUN_CUES, LawRun, LogisticVeto, RoleModel, bundled_model
from lawalign.structure.titles import law_titles, title_agreement
from lawalign_dev.evaluate.train_reader import RunRecorder

# A club's statutes numbered like laws ("§ N" is a law heading in German), written for this test.
STATUTES = (
    "\n\n".join(
        (
            "Satzung des Bridgeclubs Grünwald e.V.",
            "§ 1 Name und Sitz",
            "Der Verein führt den Namen Bridgeclub Grünwald e.V. und hat seinen Sitz in Grünwald.",
            "§ 2 Mitgliedsbeiträge",
            (
                "Der Jahresbeitrag ist bis zum 31. März auf das Konto des Vereins zu überweisen. Neue "
                "Mitglieder zahlen im ersten Jahr die Hälfte."
            ),
            "§ 3 Vorstand und Wahlen",
            (
                "Der Vorstand besteht aus dem Vorsitzenden, dem Kassenwart und dem Schriftführer. Er "
                "wird alle zwei Jahre von der Mitgliederversammlung gewählt."
            ),
            "§ 4 Kassenprüfung",
            ("Zwei Kassenprüfer prüfen einmal im Jahr die Kasse und berichten der Mitgliederversammlung."),
            "§ 5 Auflösung des Vereins",
            (
                "Über die Auflösung des Vereins entscheidet die Mitgliederversammlung mit drei "
                "Vierteln der Stimmen."
            ),
        )
    )
    + "\n"
)

# The first laws of the book in German, in the same layout, paraphrased for this test.
LAWS = (
    "\n\n".join(
        (
            "Turnierbridge-Regeln",
            "§ 1 Das Kartenpaket",
            (
                "Duplicate Bridge wird mit einem Paket von 52 Karten gespielt, 13 Karten in jeder der "
                "vier Farben. Die Farben haben die Rangfolge Pik, Coeur, Karo, Treff."
            ),
            "§ 2 Die Boards",
            (
                "Für jedes Spiel einer Sitzung wird ein Board mit vier Taschen für die vier Hände "
                "bereitgestellt. Jedes Board ist nummeriert und zeigt Teiler und Gefahrenlage."
            ),
            "§ 3 Anordnung der Tische",
            (
                "Der Turnierleiter legt fest, welche Richtung an jedem Tisch Nord ist. Die Spieler "
                "sitzen sich als Partner gegenüber."
            ),
        )
    )
    + "\n"
)


def _kept(tmp_path: Path, name: str, text: str) -> list[Unit]:
    """The units with an id of ``text`` read by the bundled reader."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    (edition,) = load_editions([str(path)])
    return [u for u in edition.units if u.kind != "debris"]


def _laws_kept(tmp_path: Path, name: str, text: str) -> set[str]:
    return {u.law for u in _kept(tmp_path, name, text)}


def _runs(tmp_path: Path, name: str, text: str, model: RoleModel) -> list[LawRun]:
    """The runs of one law's units ``model`` reads in ``text``, recorded, none vetoed."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    recorder = RunRecorder()
    read_structure(read_source(path), reader=replace(model, veto=recorder))
    return recorder.runs


def test_statutes_numbered_like_laws_are_debris_and_weighed_above_laws_under_their_own_titles(
    tmp_path: Path,
) -> None:
    # read by the threshold on the CRF's noise alone (before the run veto), every § of the statutes was
    # a law (1-5) and of the laws only Law 3 was kept
    assert len(_laws_kept(tmp_path, "satzung.txt", STATUTES)) <= 1
    model = bundled_model()
    assert model is not None and isinstance(model.veto, LogisticVeto)
    noise = {
        name: [model.veto.noise(run) for run in _runs(tmp_path, name, text, model)]
        for name, text in (("satzung.txt", STATUTES), ("regeln.txt", LAWS))
    }
    # the laws are weighed less likely noise than the statutes, on average over their runs
    assert mean(noise["regeln.txt"]) < mean(noise["satzung.txt"])


def test_laws_under_their_own_titles_are_kept(tmp_path: Path) -> None:
    assert len(_laws_kept(tmp_path, "regeln.txt", LAWS)) >= 2


def test_a_run_s_cues_say_whether_its_law_s_title_means_that_law(tmp_path: Path) -> None:
    model = bundled_model()
    assert model is not None and isinstance(model.veto, LogisticVeto)
    found = {
        name: [run.cues for run in _runs(tmp_path, name, text, model)]
        for name, text in (("satzung.txt", STATUTES), ("regeln.txt", LAWS))
    }
    assert all(set(c) == set(RUN_CUES) for cues in found.values() for c in cues)
    assert all(c["title-none"] == 0.0 for cues in found.values() for c in cues)
    mean_rank = {name: sum(c["title-rank"] for c in cues) / len(cues) for name, cues in found.items()}
    assert mean_rank["regeln.txt"] < mean_rank["satzung.txt"]
    # the veto weighs a title far from its law's as more likely noise, all else equal
    run = LawRun((0,), ((1, 1),), found["regeln.txt"][0])
    far = LawRun((0,), ((1, 1),), {**run.cues, "title-rank": 1.0, "title-margin": -5.0})
    assert model.veto.noise(far) > model.veto.noise(run)


class _Letters:
    """Vectors of letter counts: a stand-in for the model where the test is about the arithmetic."""

    def encode(self, texts):  # type: ignore[no-untyped-def]
        import numpy as np

        rows = np.array([[t.lower().count(c) for c in "abcdefghijklmnopqrstuvwxyz"] for t in texts], float)
        return rows / np.maximum(np.linalg.norm(rows, axis=1, keepdims=True), 1e-9)


class _Broken:
    def encode(self, texts):  # type: ignore[no-untyped-def]
        raise RuntimeError("no model here")


def test_title_agreement_ranks_each_printed_title_and_says_when_it_cannot() -> None:
    from lawalign.models import Source, Unit, UnitId

    def title(law: str, heading: str) -> Unit:
        return Unit(
            UnitId(f"{law}.title"), "title", "law-title", "en", law, "", Source("p", 1, 1), heading=heading
        )

    units = [title("68", "Claim or Concession of Tricks"), title("2", "Parking for members")]
    found, trouble = title_agreement(units, _Letters())
    assert trouble is None and found["68"].rank == 0 and found["68"].margin > 0
    assert found["2"].rank > 0 and found["2"].margin < 0
    assert title_agreement(units, None) == ({}, None)
    found, trouble = title_agreement(units, _Broken())
    assert found == {} and trouble is not None and "RuntimeError: no model here" in trouble


def test_the_titles_file_gives_every_law_from_1_without_a_gap(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    titles = law_titles()
    assert list(titles) == [str(n) for n in range(1, 94)]
    assert titles["70"] == "Contested Claim or Concession"

    class _Files:
        def __init__(self, root: Path) -> None:
            self.root = root

        def __truediv__(self, name: str) -> _Files | Path:
            return self.root / name if name == titles_module.TITLES_FILE else _Files(self.root)

    (tmp_path / titles_module.TITLES_FILE).write_text(
        '[titles]\n1 = "The Pack"\n3 = "Arrangement of Tables"\n'
    )
    monkeypatch.setattr(titles_module.resources, "files", lambda _: _Files(tmp_path))
    titles_module.law_titles.cache_clear()
    try:
        with pytest.raises(ConfigError, match="without a gap"):
            titles_module.law_titles()
    finally:
        monkeypatch.undo()
        titles_module.law_titles.cache_clear()


def test_the_veto_is_written_and_read_back_with_the_model() -> None:
    veto = LogisticVeto(-1.5, {"title-rank": 3.0, "lines": -0.5})
    model = RoleModel(("noise",), ((0.0,),), {}, (), None, veto)
    back = RoleModel.from_json(model.to_json())
    assert back.veto == veto
    data = json.loads(model.to_json())
    data["veto"]["weights"]["page-colour"] = 1.0
    with pytest.raises(ValueError, match="unknown run cues"):
        RoleModel.from_json(json.dumps(data))
    with pytest.raises(ValueError, match="no data form"):
        replace(model, veto=RunRecorder()).to_json()


# A law's number without its title, then its text: in the book's words (Laws 45 and 46, abridged)
# and in a club's (written for this test).
UNTITLED_LAWS = (
    "LAW 45\n\nA card must be played in every trick. Declarer plays a card from his own hand by detaching "
    "it and facing it on the table immediately before himself.\n\nLAW 46\n\nWhen calling a card to be "
    "played from dummy, declarer should clearly state both the suit and the rank of the desired card.\n"
)
UNTITLED_RULES = (
    "LAW 45\n\nMembers pay their annual fee to the treasurer before the first session of March.\n\n"
    "LAW 46\n\nGuests may play three sessions a year before they are asked to join the club.\n"
)


def test_a_law_printing_no_title_is_weighed_by_what_its_first_text_is_about(tmp_path: Path) -> None:
    # a run whose law prints no title had no cue of meaning: every such run above was vetoed (noise
    # 0.91-0.95 for both texts); its first text is now compared with the titles as a title is
    model = bundled_model()
    assert model is not None and isinstance(model.veto, LogisticVeto)
    found = {
        name: _runs(tmp_path, name, text, model)
        for name, text in (("laws.txt", UNTITLED_LAWS), ("rules.txt", UNTITLED_RULES))
    }
    assert all(run.cues["title-none"] == 1.0 for runs in found.values() for run in runs)
    laws, rules = ([run.cues["text-rank"] for run in found[n]] for n in ("laws.txt", "rules.txt"))
    assert max(laws) < min(rules)
    veto = model.veto
    assert veto.noise(found["laws.txt"][-1]) < min(veto.noise(run) for run in found["rules.txt"])
    assert min(veto.noise(run) for run in found["rules.txt"]) > 0.5
    assert _laws_kept(tmp_path, "rules.txt", UNTITLED_RULES) == set()


def test_a_law_printing_no_title_whose_text_is_about_it_is_kept(tmp_path: Path) -> None:
    assert {"46.title", "46.intro"} <= {str(u.id) for u in _kept(tmp_path, "laws.txt", UNTITLED_LAWS)}
