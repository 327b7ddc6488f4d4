"""Law text in languages the project had no profile for, read without ``--lang``: a law heading
in the language's own word ("Lag 16", "Laki 16", "Lei 16", "Llei 16", "Pravidlo 16", "Pasal 16") or in
Chinese numerals ("第十六条"), its sections and points. Before the profiles of data/profiles/ (sv, fi,
pt, ca, cs, sk, id) and the Chinese numerals of ``structure.patterns.cjk_law_number``, every one of
these texts was refused as holding no law structure (issue 25, class 1). Later profiles (da, hr, sr,
sl): the Croatian and Slovenian heading was debris and the ids inferred by position, the Serbian text
refused, and its Cyrillic section "Б." stopped the run with "not a canonical unit id" (read by its place
in the alphabet now, ``structure.blocks._cyrillic_sections``). Romanian (ro): its heading "Legea 16" was
read by the generic heading already; the profile reads its references ("Legile 16C, 26B și 72C",
"Legilor 69 și 70"), which the generic one missed. The texts are Law 16's first points paraphrased for
this test."""

from __future__ import annotations

from pathlib import Path

import pytest

from lawalign.ingest.profiles import load_profile
from lawalign.knowledge import Knowledge
from lawalign.run import load_editions
from lawalign.structure.patterns import CJK_LAW_HEADING, cjk_law_number

TEXTS = {
    "sv": (
        "Lag 16 – Obehörig information\n"
        "\n"
        "A. Spelarnas användning av information\n"
        "1. En spelare får använda information från de lagliga synorden och spelet.\n"
        "2. En spelare får använda information från sitt eget system.\n"
        "\n"
        "B. Obehörig information från partner\n"
        "1. (a) En spelare får inte välja ett alternativ som antytts av obehörig information.\n"
        "(b) Ett logiskt alternativ är en handling som en betydande andel spelare skulle överväga.\n"
        "2. När en spelare anser att en motståndare har gjort detta bör han kalla på tävlingsledaren.\n"
    ),
    "fi": (
        "Laki 16 – Luvaton tieto\n"
        "\n"
        "A. Pelaajien tiedon käyttö\n"
        "1. Pelaaja voi käyttää tietoa laillisista tarjouksista ja pelistä.\n"
        "2. Pelaaja voi käyttää tietoa omasta järjestelmästään.\n"
        "\n"
        "B. Partnerilta saatu luvaton tieto\n"
        "1. Pelaaja ei saa valita vaihtoehtoa, jota luvaton tieto on voinut osoittaa.\n"
        "2. Kun pelaaja katsoo vastapuolen toimineen näin, hänen tulee kutsua kilpailunjohtaja.\n"
    ),
    "pt": (
        "Lei 16 – Informação não autorizada\n"
        "\n"
        "A. Uso da informação pelos jogadores\n"
        "1. Um jogador pode usar a informação das chamadas legais e do carteio.\n"
        "2. Um jogador pode usar a informação do seu próprio sistema.\n"
        "\n"
        "B. Informação não autorizada do parceiro\n"
        "1. Um jogador não pode escolher uma alternativa sugerida pela informação não autorizada.\n"
        "2. Quando um jogador considera que um adversário agiu assim, deve chamar o diretor.\n"
    ),
    "ca": (
        "Llei 16 – Informació no autoritzada\n"
        "\n"
        "A. Ús de la informació pels jugadors\n"
        "1. Un jugador pot utilitzar la informació de les declaracions i del joc legals.\n"
        "2. Un jugador pot utilitzar la informació del seu propi sistema.\n"
        "\n"
        "B. Informació no autoritzada del company\n"
        "1. Un jugador no pot triar una alternativa que la informació no autoritzada li hagi suggerit.\n"
        "2. Quan un jugador considera que un adversari ho ha fet, ha de cridar el director.\n"
    ),
    "cs": (
        "Pravidlo 16 – Nedovolená informace\n"
        "\n"
        "A. Užití informací hráči\n"
        "1. Hráč smí použít informace z dovolených hlášek a sehrávky.\n"
        "2. Hráč smí použít informace ze svého vlastního systému.\n"
        "\n"
        "B. Nedovolená informace od partnera\n"
        "1. Hráč nesmí zvolit alternativu, kterou mohla naznačit nedovolená informace.\n"
        "2. Pokud se hráč domnívá, že soupeř takto jednal, má přivolat rozhodčího.\n"
    ),
    "sk": (
        "Pravidlo 16 – Nepovolená informácia\n"
        "\n"
        "A. Použitie informácií hráčmi\n"
        "1. Hráč smie použiť informácie z povolených hlášok a zo sohrávky.\n"
        "2. Hráč smie použiť informácie zo svojho vlastného systému.\n"
        "\n"
        "B. Nepovolená informácia od partnera\n"
        "1. Hráč nesmie zvoliť alternatívu, ktorú mohla naznačiť nepovolená informácia.\n"
        "2. Ak sa hráč domnieva, že súper takto konal, má privolať rozhodcu.\n"
    ),
    "id": (
        "Pasal 16 – Informasi yang tidak sah\n"
        "\n"
        "A. Penggunaan informasi oleh pemain\n"
        "1. Seorang pemain boleh menggunakan informasi dari penawaran dan permainan yang sah.\n"
        "2. Seorang pemain boleh menggunakan informasi dari sistemnya sendiri.\n"
        "\n"
        "B. Informasi tidak sah dari pasangan\n"
        "1. Seorang pemain tidak boleh memilih alternatif yang mungkin disarankan oleh informasi tidak sah.\n"
        "2. Jika seorang pemain menganggap lawan telah melakukannya, ia harus memanggil direktur.\n"
    ),
    "da": (
        "§ 16 Uautoriseret information\n"
        "\n"
        "A. Spillernes brug af information\n"
        "1. En spiller må bruge information fra lovlige meldinger og spillet.\n"
        "2. En spiller må bruge information fra sit eget system.\n"
        "\n"
        "B. Uautoriseret information fra makker\n"
        "1. En spiller må ikke vælge et alternativ, som den uautoriserede information kan have antydet.\n"
        "2. Når en spiller mener, at en modstander har gjort dette, bør han tilkalde turneringslederen.\n"
    ),
    "hr": (
        "Član 16 – Neovlaštene informacije\n"
        "\n"
        "A. Korištenje informacija od strane igrača\n"
        "1. Igrač smije koristiti informacije iz zakonitih govora i igre.\n"
        "2. Igrač smije koristiti informacije iz vlastitog sustava.\n"
        "\n"
        "B. Neovlaštene informacije od partnera\n"
        "1. Igrač ne smije izabrati alternativu koju je mogla sugerirati neovlaštena informacija.\n"
        "2. Kada igrač smatra da je protivnik tako postupio, treba pozvati direktora.\n"
    ),
    "sr": (
        "Члан 16 – Неовлашћене информације\n"
        "\n"
        "А. Коришћење информација од стране играча\n"
        "1. Играч сме да користи информације из законитих говора и игре.\n"
        "2. Играч сме да користи информације из сопственог система.\n"
        "\n"
        "Б. Неовлашћене информације од партнера\n"
        "1. Играч не сме да изабере алтернативу коју је могла да сугерише неовлашћена информација.\n"
        "2. Када играч сматра да је противник тако поступио, треба да позове директора.\n"
    ),
    "ro": (
        "Legea 16 – Informații neautorizate\n"
        "\n"
        "A. Folosirea informațiilor de către jucători\n"
        "1. Un jucător poate folosi informațiile din licitația și jocul legale (vezi Legea 40B).\n"
        "2. Un jucător poate folosi informațiile despre propriul său sistem.\n"
        "\n"
        "B. Informații neautorizate de la partener\n"
        "1. Un jucător nu poate alege o acțiune sugerată de informații neautorizate; se aplică Legile 16C, "
        "26B și 72C.\n"
        "2. Când un jucător consideră că un adversar a procedat astfel, cheamă arbitrul, ca la punctul A1 de "
        "mai sus.\n"
    ),
    "sl": (
        "Člen 16 – Nedovoljene informacije\n"
        "\n"
        "A. Uporaba informacij s strani igralcev\n"
        "1. Igralec sme uporabiti informacije iz zakonitih licitacij in igre.\n"
        "2. Igralec sme uporabiti informacije iz lastnega sistema.\n"
        "\n"
        "B. Nedovoljene informacije od partnerja\n"
        "1. Igralec ne sme izbrati alternative, ki bi jo lahko nakazala nedovoljena informacija.\n"
        "2. Ko igralec meni, da je nasprotnik tako ravnal, mora poklicati vodjo turnirja.\n"
    ),
    "zh": (
        "第十六条 未经许可的信息\n"
        "\n"
        "A. 牌手对信息的使用\n"
        "1. 牌手可以使用来自合法叫牌和打牌的信息。\n"
        "2. 牌手可以使用来自本方体制的信息。\n"
        "\n"
        "B. 来自同伴的未经许可的信息\n"
        "1. 牌手不得选择未经许可的信息所提示的行动。\n"
        "2. 当牌手认为对手有此行为时，应当召请裁判。\n"
    ),
}

EXPECTED = ["16.title", "16A.title", "16A1", "16A2", "16B.title", "16B1", "16B2"]


@pytest.mark.parametrize("lang", sorted(TEXTS))
def test_a_law_in_a_language_of_the_new_profiles_is_read(tmp_path: Path, lang: str) -> None:
    path = tmp_path / f"law16-{lang}.txt"
    path.write_text(TEXTS[lang], encoding="utf-8")
    (edition,) = load_editions([str(path)])
    ids = [str(u.id) for u in edition.units if u.kind != "debris"]
    expected = EXPECTED if lang != "sv" else [*EXPECTED[:5], "16B1a", "16B1b", "16B2"]
    assert edition.lang == lang
    assert ids == expected


@pytest.mark.parametrize("lang", ["sv", "fi", "pt", "ca", "cs", "sk", "id", "da", "hr", "sr", "sl", "ro"])
def test_the_new_profiles_are_profiles_not_the_generic_one(lang: str) -> None:
    profile = load_profile(lang)
    assert not profile.generic and profile.law_keywords


def test_chinese_numerals_name_the_law() -> None:
    m = CJK_LAW_HEADING.match("第六十八条 认可或放弃")
    assert m is not None and cjk_law_number(m["num"]) == "68"
    assert [cjk_law_number(n) for n in ("一", "十二", "二十", "四十五", "九十三")] == [
        "1",
        "12",
        "20",
        "45",
        "93",
    ]


CYRILLIC_16 = "Правило 16\nА. Первое\nТекст раздела.\nБ. Второе\nТекст раздела.\nВ. Третье\nТекст раздела.\n"


def test_cyrillic_section_letters_in_alphabet_order(tmp_path: Path) -> None:
    """The rules read А, Б, В as sections A, B, C (read without the fitted reader: whether this
    seven-line text is law is the next test's question)."""
    path = tmp_path / "law16-ru.txt"
    path.write_text(CYRILLIC_16, encoding="utf-8")
    (edition,) = load_editions([str(path)], knowledge=Knowledge.load(None).with_reader(None))
    ids = [str(u.id) for u in edition.units if u.kind != "debris"]
    assert ids == ["16.title", "16A.title", "16A", "16B.title", "16B", "16C.title", "16C"]


@pytest.mark.xfail(
    strict=True,
    reason="the reader refitted with batch 2026-12-t (eleven more hard negatives) weighs this run at "
    "0.526 (0.408 before): its title 'Первое' and text 'Текст раздела.' say nothing of Law 16; vetoed",
)
def test_the_fitted_reader_keeps_a_cyrillic_law_16(tmp_path: Path) -> None:
    path = tmp_path / "law16-ru.txt"
    path.write_text(CYRILLIC_16, encoding="utf-8")
    (edition,) = load_editions([str(path)])
    assert [str(u.id) for u in edition.units if u.kind != "debris"][:2] == ["16.title", "16A.title"]


def test_cyrillic_look_alike_sections_stay_look_alikes(tmp_path: Path) -> None:
    # "С." (Cyrillic Es) says the text follows the look-alikes: "В." is B, and a stray "Б." (an
    # initial) is read by its place without moving the others
    path = tmp_path / "law68-ru.txt"
    text = (
        "Правило 68\nА. Первое\nТекст раздела.\nВ. Второе\nТекст раздела.\nС. Третье\nТекст раздела.\n"
        "Б. Иванов\n"
    )
    path.write_text(text, encoding="utf-8")
    (edition,) = load_editions([str(path)])
    ids = [str(u.id) for u in edition.units if u.kind != "debris"]
    assert ids[:7] == ["68.title", "68A.title", "68A", "68B.title", "68B", "68C.title", "68C"]


def test_romanian_references_read_by_the_profile() -> None:
    """The Romanian federation's forms ("vezi Legea 30C", "Se aplică Legile 16C, 26B și 72C"): the
    generic profile took "26B" after "și" for no reference and "Legilor 69 și 70" for none at all."""
    from lawalign.structure.refs import find_refs

    def targets(text: str) -> list[str]:
        return [r.target for r in find_refs(text, "ro", law="16", section="B")]

    assert targets("Se aplică Legile 16C, 26B și 72C.") == ["16C", "26B", "72C"]
    assert targets("conform prevederilor Legilor 69 și 70") == ["69", "70"]
    assert targets("dar vezi Legea 23C") == ["23C"]
    assert targets("ca la punctele A2 sau A1 de mai sus") == ["16A2", "16A1"]
