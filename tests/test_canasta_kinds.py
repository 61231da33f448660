"""Canasta kinds are data: a kind's size (`cards`) and make-up (`makeup`, `rank`) decide which
typed melds are canastas of it, whatever the kind's key is called (RULES.md §2, §3, §16c)."""

from __future__ import annotations

import pytest
from conftest import new_game, refused

from scorekeeper.domain.cards import parse_cards
from scorekeeper.domain.melds import classify_canasta
from scorekeeper.domain.reading import entry_from_json
from scorekeeper.variants import load_variant, user_variant_dir


def house(text: str, name: str = "house") -> None:
    folder = user_variant_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.toml").write_text(text, encoding="utf-8")


def start(cli, variant: str, *settings: str) -> None:
    args = ["new", variant, "--team", "Ann & Bob", "--team", "Cat & Dan"]
    for s in settings:
        args += ["--set", s]
    result = cli(*args)
    assert result.exit_code == 0, result.output


# -- the size of a kind -----------------------------------------------------------------------


def test_a_natural_canasta_of_eight_cards_is_not_made_by_seven(cli, db):
    # `--set canastas.natural.cards=8`: a natural canasta holds at least eight cards, so seven
    # kings are no canasta, and going out needs one (RULES.md §2: one canasta to go out).
    start(cli, "classic", "canastas.natural.cards=8")
    message = refused(cli, db, "hand", "--yes", "meld=KKKKKKK out", "-")
    assert "cannot go out" in message or "needs at least 1 canasta" in message


def test_eight_kings_make_the_natural_canasta_of_eight_cards(cli):
    start(cli, "classic", "canastas.natural.cards=8")
    doc = cli.json("hand", "--yes", "meld=KKKKKKKK out", "-")
    side = doc["teams"][0]
    # RULES.md §2: a natural canasta 500, going out 100, eight kings 80 points.
    assert (side["meld_points"], side["canasta_bonus"], side["going_out_bonus"]) == (80, 500, 100)


def test_a_kind_shorter_than_its_cards_is_not_that_kind():
    v = load_variant("classic", {"canastas.natural.cards": "8"})
    assert classify_canasta(v, parse_cards("KKKKKKK")) is None
    assert classify_canasta(v, parse_cards("KKKKKK2")) == "mixed"  # mixed still needs seven
    assert classify_canasta(v, parse_cards("KKKKKKKK")) == "natural"


# -- a kind by another name -------------------------------------------------------------------

CLEAN = """name = "house"
extends = "classic"
remove = ["canastas.natural"]

[canastas.clean]
title = "clean canasta"
bonus = 500
makeup = "natural"
"""


def test_a_renamed_natural_kind_is_accepted_by_name(cli):
    house(CLEAN)
    new_game(cli, "house")
    doc = cli.json("hand", "--yes", "meld=70 clean=1 out", "-")
    assert doc["teams"][0]["canasta_bonus"] == 500


def test_seven_typed_kings_make_one_clean_canasta(cli):
    # The kind is natural by its make-up, not by its key: seven kings are one clean canasta,
    # worth the 500 of a natural canasta (RULES.md §2).
    house(CLEAN)
    new_game(cli, "house")
    doc = cli.json("hand", "--yes", "meld=KKKKKKK out", "-")
    side = doc["teams"][0]
    assert (side["meld_points"], side["canasta_bonus"]) == (70, 500)


def test_typed_cards_and_given_clean_canastas_must_agree(cli, db):
    house(CLEAN)
    new_game(cli, "house")
    assert cli("hand", "--yes", "meld=KKKKKKK clean=1 out", "-").exit_code == 0
    message = refused(cli, db, "hand", "--yes", "meld=KKKKKKK mixed=1 out", "-")
    assert "the melds make 1 clean" in message


def test_a_new_kind_that_does_not_say_what_makes_it_is_refused(cli, db):
    house(CLEAN.replace('makeup = "natural"\n', ""))
    message = refused(cli, db, "new", "house", "--team", "A", "--team", "B", code=3)
    assert "canastas.clean: say what makes this canasta: makeup = natural, mixed, wild" in message
    result = cli("variants", "check", "house")
    assert result.exit_code == 3 and "say what makes this canasta" in result.stderr


def test_an_old_style_wild_kind_still_loads_and_scores(cli):
    # Written the way classic's wild_canastas option adds one: title and bonus only. Seven wild
    # cards are a wild-card canasta of 1,000 (RULES.md §2.6, Dummies).
    house(
        'name = "house"\nextends = "classic"\n[melds]\nwild_melds = true\n'
        '[canastas.wild]\ntitle = "wild-card canasta"\nbonus = 1000\n'
    )
    new_game(cli, "house")
    doc = cli.json("hand", "--yes", "meld=XXXX222 out", "-")
    side = doc["teams"][0]
    assert (side["meld_points"], side["canasta_bonus"]) == (4 * 50 + 3 * 20, 1000)


def test_an_old_style_file_with_natural_true_is_natural():
    house('name = "house"\nextends = "classic"\n[canastas.kings]\nbonus = 600\nnatural = true\n')
    v = load_variant("house")
    assert v.canastas["kings"].makeup == "natural"


# -- the narrowest kind wins ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "kind"),
    [
        ("7777777", "sevens"),  # RULES.md §3: a canasta of sevens, not a natural one
        ("AAAAAAA", "aces"),
        ("KKKKKKK", "natural"),
        ("KKKKK22", "mixed"),
        ("2222222", "wild_twos"),  # seven 2s
        ("XXXX222", "wild_jokers"),  # four jokers and three 2s
        ("XXX2222", "wild"),
        ("KKKKKK", None),
    ],
)
def test_modern_american_kinds_from_cards(cards, kind):
    assert classify_canasta(load_variant("modern-american"), parse_cards(cards)) == kind


def test_a_kind_of_one_rank_given_in_data():
    house(
        'name = "house"\nextends = "classic"\n'
        '[canastas.queens]\nbonus = 900\nmakeup = "natural"\nrank = "queen"\n'
    )
    v = load_variant("house")
    assert classify_canasta(v, parse_cards("QQQQQQQ")) == "queens"
    assert classify_canasta(v, parse_cards("KKKKKKK")) == "natural"


def test_a_canasta_laid_from_hand_has_the_cards_of_an_ordinary_one(cli):
    # Classic's concealed_canastas house rule: a concealed natural canasta (600) cannot be told
    # from its cards, so typed cards show a natural canasta and the entry may name it concealed.
    v = load_variant("classic", {"concealed_canastas": "true"})
    assert classify_canasta(v, parse_cards("KKKKKKK")) == "natural"
    entry = entry_from_json(
        v, {"melds": "KKKKKKK QQQ", "canastas": {"concealed_natural": 1}, "went_out": True}
    )
    assert entry.canastas == {"concealed_natural": 1}


# -- in-hand penalties and opening requirements are data ---------------------------------------


def test_a_penalty_charges_the_cards_its_in_hand_names():
    house(
        'name = "house"\nextends = "classic"\n'
        '[penalties.kings_in_hand]\npoints = -50\nin_hand = ["king"]\n'
    )
    v = load_variant("house")
    entry = entry_from_json(v, {"hand": "K 5"})
    assert entry.penalties == {"kings_in_hand": 1} and entry.hand_points == 5
    assert v.hand_values["king"] == 50


def test_an_opening_requirement_defined_in_a_variant_file(cli):
    from scorekeeper.domain.melds import check_opening
    from scorekeeper.domain.minimums import opening_minimum

    house(
        'name = "house"\nextends = "classic"\n'
        "[requirements.canasta_worth_300]\n"
        'title = "a canasta worth at least 300"\n'
        'need = "a canasta whose cards are worth at least 300"\n'
        "canasta_points = 300\n"
        "[opening_minimum]\nbands = [{ below = 0, points = 15 },"
        ' { from = 0, requires = "canasta_worth_300" }]\n'
    )
    v = load_variant("house")
    need = opening_minimum(v, score=100)
    assert need.text == "a canasta worth at least 300"
    aces = check_opening(v, [parse_cards("AAAAAAX")], need)  # 6 x 20 + 50 = 170
    assert aces.problems == ("the opening needs a canasta whose cards are worth at least 300",)
    jokers = check_opening(v, [parse_cards("AAAAXXX")], need)  # 4 x 20 + 150 = 230: no
    assert not jokers.allowed


def test_variants_show_says_what_makes_each_kind(cli):
    house(CLEAN)
    result = cli("variants", "show", "house")
    assert result.exit_code == 0 and "Made of" in result.output
    assert "no wild card" in " ".join(result.output.split())


def test_a_game_stored_with_a_kind_that_says_no_make_up_still_plays(cli, db):
    # A game started with a house variant from before kinds said their make-up keeps its own
    # copy of the rules: it loads and takes the kind by name, as when it was started.
    import json

    from conftest import game_doc

    from scorekeeper.storage.database import game_file

    house(CLEAN)
    new_game(cli, "house")
    path = game_file(db, 1)
    doc = json.loads(path.read_bytes())
    del doc["games"]["1"]["rules"]["canastas"]["clean"]["makeup"]
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert "makeup" not in game_doc(db)["rules"]["canastas"]["clean"]
    result = cli.json("hand", "--yes", "meld=70 clean=1 out", "-")
    assert result["teams"][0]["canasta_bonus"] == 500
